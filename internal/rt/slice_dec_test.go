package rt

import (
	"fmt"
	"reflect"
	"runtime"
	"testing"
	"unsafe"
)

// gathered is an element type with pointers in the middle of its layout.
type gathered struct {
	N int64
	S string
	P *inner
	B [3]byte
}

// TestCopyFromClearLen fills a scratch slice, copies it with CopyFrom,
// clears it with ClearLen and collects garbage in between: the copy must
// hold exactly the elements, keep what they point to alive once the
// scratch slice is cleared, and the scratch slice must read as zero
// afterwards. Lengths on both sides of clearByElem.
func TestCopyFromClearLen(t *testing.T) {
	t.Run("pointers", func(t *testing.T) {
		mk := func(i int) gathered {
			return gathered{N: int64(i), S: fmt.Sprint("s", i), P: &inner{A: i, B: fmt.Sprint("p", i)}, B: [3]byte{byte(i), 1, 2}}
		}
		check := func(i int, g gathered) bool {
			return g.N == int64(i) && g.S == fmt.Sprint("s", i) && g.P != nil && g.P.A == i && g.P.B == fmt.Sprint("p", i) && g.B == [3]byte{byte(i), 1, 2}
		}
		testCopyFromClearLen(t, mk, check)
	})
	t.Run("strings", func(t *testing.T) {
		testCopyFromClearLen(t, func(i int) string { return fmt.Sprint("v", i) },
			func(i int, s string) bool { return s == fmt.Sprint("v", i) })
	})
	t.Run("noPointers", func(t *testing.T) {
		testCopyFromClearLen(t, func(i int) [2]int64 { return [2]int64{int64(i), -int64(i)} },
			func(i int, a [2]int64) bool { return a == [2]int64{int64(i), -int64(i)} })
	})
}

func testCopyFromClearLen[E comparable](t *testing.T, mk func(int) E, check func(int, E) bool) {
	st := NewSliceType(reflect.TypeFor[[]E]())
	var zero E
	var scratch []E
	sp := unsafe.Pointer(&scratch)
	for _, n := range []int{1, 2, clearByElem, clearByElem + 1, 17, 300} {
		for i := range n {
			scratch = append(scratch, mk(i))
		}
		var dst []E
		st.CopyFrom(unsafe.Pointer(&dst), sp)
		if len(dst) != n || cap(dst) != n {
			t.Fatalf("n=%d: CopyFrom gave len %d cap %d, want both %d", n, len(dst), cap(dst), n)
		}
		if &dst[0] == &scratch[0] {
			t.Fatalf("n=%d: CopyFrom shares the source array", n)
		}
		st.ClearLen(sp)
		if len(scratch) != 0 {
			t.Fatalf("n=%d: ClearLen left len %d", n, len(scratch))
		}
		runtime.GC()
		for i, e := range scratch[:n] {
			if e != zero {
				t.Fatalf("n=%d: element %d not cleared: %v", n, i, e)
			}
		}
		for i := range n {
			if !check(i, dst[i]) {
				t.Fatalf("n=%d: copied element %d is %v after GC", n, i, dst[i])
			}
		}
		scratch = scratch[:0]
	}
}
