//go:build !purego

package rt

import (
	"reflect"
	"testing"
	"unsafe"
)

// TestMapRange checks that MapRange visits every entry once with pointers
// to the right key and element, on the reflect.MapIter layout and on the
// fallback, and that it does not allocate once started.
func TestMapRange(t *testing.T) {
	if !mapRangeLayoutOK {
		t.Log("reflect.MapIter layout not recognized: MapRange uses the fallback")
	}
	type elem struct {
		N int
		S string
	}
	m := map[string]elem{}
	for i := range 100 {
		m[string(rune('a'+i%26))+string(rune('A'+i/26))] = elem{N: i, S: "x"}
	}
	mt := NewMapType(reflect.TypeOf(m))
	for _, layout := range []bool{mapRangeLayoutOK, false} {
		saved := mapRangeLayoutOK
		mapRangeLayoutOK = layout
		var r MapRange
		seen := map[string]bool{}
		r.Start(mt, unsafe.Pointer(&m))
		for {
			k, e, ok := r.Next()
			if !ok {
				break
			}
			key := *(*string)(k)
			if seen[key] {
				t.Fatalf("layout %v: key %q visited twice", layout, key)
			}
			seen[key] = true
			if got := *(*elem)(e); got != m[key] {
				t.Fatalf("layout %v: element of %q is %+v, want %+v", layout, key, got, m[key])
			}
		}
		r.Stop()
		if len(seen) != len(m) {
			t.Fatalf("layout %v: visited %d entries, want %d", layout, len(seen), len(m))
		}
		mapRangeLayoutOK = saved
	}
	if mapRangeLayoutOK {
		var r MapRange
		allocs := testing.AllocsPerRun(100, func() {
			r.Start(mt, unsafe.Pointer(&m))
			for _, _, ok := r.Next(); ok; _, _, ok = r.Next() {
			}
			r.Stop()
		})
		if allocs != 0 {
			t.Errorf("MapRange allocates %v times per iteration", allocs)
		}
	}
}
