package rt

import (
	"reflect"
	"testing"
	"unsafe"
)

// TestMakeSizedAllocs checks what MakeSized's doc says: it allocates one
// object fewer than Make (the map alone, without reflect2's pointer to
// it), for an empty map and for a sized one.
func TestMakeSizedAllocs(t *testing.T) {
	mt := NewMapType(reflect.TypeFor[map[string]int]())
	var m map[string]int
	p := unsafe.Pointer(&m)
	for _, n := range []int{0, 20} {
		sized := testing.AllocsPerRun(100, func() { mt.MakeSized(p, n) })
		made := testing.AllocsPerRun(100, func() { mt.Make(p, n) })
		if sized != made-1 {
			t.Errorf("n=%d: MakeSized allocates %v objects, Make %v: want one fewer", n, sized, made)
		}
		if m == nil || len(m) != 0 {
			t.Fatalf("n=%d: MakeSized left %v", n, m)
		}
	}
}
