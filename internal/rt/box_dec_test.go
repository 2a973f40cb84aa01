package rt

import "testing"

// TestBoxNoAlloc checks that Box makes interface values without allocating,
// for the types the decoder boxes.
func TestBoxNoAlloc(t *testing.T) {
	f := []float64{1.5}
	s := []string{"hello"}
	i := []int64{1 << 40}
	l := [][]any{{1}}
	n := testing.AllocsPerRun(100, func() {
		a, b, c, e := Box(&f[0]), Box(&s[0]), Box(&i[0]), Box(&l[0])
		if a.(float64) != 1.5 || b.(string) != "hello" || c.(int64) != 1<<40 || len(e.([]any)) != 1 {
			t.Fatal("bad")
		}
	})
	if n != 0 {
		t.Errorf("Box allocates: %v allocs per run", n)
	}
}
