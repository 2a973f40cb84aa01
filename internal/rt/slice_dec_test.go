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

// TestNewArrayCopyTo carves two slices from one array made by NewArray
// with CopyTo, clears the scratch slice they were copied from and
// collects garbage: each slice must hold exactly its elements, with its
// length as capacity, at its place in the array, and keep what they point
// to alive. NewArray allocates the array alone.
func TestNewArrayCopyTo(t *testing.T) {
	st := NewSliceType(reflect.TypeFor[[]gathered]())
	mk := func(i int) gathered {
		return gathered{N: int64(i), S: fmt.Sprint("s", i), P: &inner{A: i, B: fmt.Sprint("p", i)}, B: [3]byte{byte(i), 1, 2}}
	}
	arr := (*[8]gathered)(st.NewArray(8))
	for i, e := range arr {
		if e != (gathered{}) {
			t.Fatalf("NewArray: element %d is %v, not zero", i, e)
		}
	}
	var a, b, scratch []gathered
	sp := unsafe.Pointer(&scratch)
	for i := range 3 {
		scratch = append(scratch, mk(i))
	}
	st.CopyTo(unsafe.Pointer(&a), unsafe.Pointer(&arr[0]), sp)
	st.ClearLen(sp)
	for i := range 5 {
		scratch = append(scratch, mk(10+i))
	}
	st.CopyTo(unsafe.Pointer(&b), unsafe.Pointer(&arr[3]), sp)
	st.ClearLen(sp)
	runtime.GC()
	if len(a) != 3 || cap(a) != 3 || len(b) != 5 || cap(b) != 5 {
		t.Fatalf("len/cap %d/%d and %d/%d, want 3/3 and 5/5", len(a), cap(a), len(b), cap(b))
	}
	if &a[0] != &arr[0] || &b[0] != &arr[3] {
		t.Fatal("CopyTo did not place the slices where asked")
	}
	for i := range 3 {
		if want := mk(i); a[i].N != want.N || a[i].S != want.S || *a[i].P != *want.P || a[i].B != want.B {
			t.Fatalf("a[%d] is %v after GC", i, a[i])
		}
	}
	for i := range 5 {
		if want := mk(10 + i); b[i].N != want.N || b[i].S != want.S || *b[i].P != *want.P || b[i].B != want.B {
			t.Fatalf("b[%d] is %v after GC", i, b[i])
		}
	}
	if n := testing.AllocsPerRun(10, func() { st.NewArray(8) }); n != 1 {
		t.Fatalf("NewArray: %v allocations, want 1", n)
	}
}
