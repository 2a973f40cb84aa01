package rt

import (
	"testing"
	"unsafe"
)

// TestBoxNoAlloc checks that BoxType.Box makes interface values without
// allocating, for the types the decoder boxes, and that they point to the
// boxed variable itself.
func TestBoxNoAlloc(t *testing.T) {
	f := []float64{1.5}
	s := []string{"hello"}
	i := []int64{1 << 40}
	l := [][]any{{1}}
	ft, st, it, lt := BoxTypeOf[float64](), BoxTypeOf[string](), BoxTypeOf[int64](), BoxTypeOf[[]any]()
	n := testing.AllocsPerRun(100, func() {
		a, b, c, e := ft.Box(&f[0]), st.Box(&s[0]), it.Box(&i[0]), lt.Box(&l[0])
		if a.(float64) != 1.5 || b.(string) != "hello" || c.(int64) != 1<<40 || len(e.([]any)) != 1 {
			t.Fatal("wrong values")
		}
	})
	if n != 0 {
		t.Errorf("Box allocates: %v allocs per run", n)
	}
	if DataOf(ft.Box(&f[0])) != unsafe.Pointer(&f[0]) {
		t.Error("Box copied the value instead of pointing to it")
	}
}
