//go:build purego

package rt

import (
	"reflect"
	"strconv"
	"testing"
	"unsafe"
)

// TestPuregoDeclines checks that with -tags purego the map readers and
// builders decline every map, so that the callers take their plain
// paths: SmallMap and TableMap read nothing, PutStringAny puts nothing,
// and NewStringAnyMapSized makes an ordinary map.
func TestPuregoDeclines(t *testing.T) {
	for _, n := range []int{0, 1, 8, 9, 57, 300} {
		m := make(map[string]any, n)
		for i := range n {
			m[strconv.Itoa(i)] = i
		}
		if slots, _ := SmallMap(m); slots != nil {
			t.Errorf("SmallMap read a map of %d entries", n)
		}
		if TableMap(m) != nil {
			t.Errorf("TableMap read a map of %d entries", n)
		}
		made := NewStringAnyMapSized(n, MapSeed())
		if PutStringAny(made, MapSeed(), "k", StringHash("k", MapSeed()), 1) {
			t.Errorf("PutStringAny put into a map made for %d entries", n)
		}
		made["k"] = 1
		if len(made) != 1 || made["k"] != 1 {
			t.Errorf("the map made for %d entries holds %v", n, made)
		}
	}
}

// TestMapRangePurego checks that MapRange visits every entry once with
// pointers to the right key and element through reflect2's iterator.
func TestMapRangePurego(t *testing.T) {
	m := map[string]int{}
	for i := range 100 {
		m[strconv.Itoa(i)] = i
	}
	mt := NewMapType(reflect.TypeOf(m))
	var r MapRange
	for range 2 { // a MapRange is reused
		seen := map[string]bool{}
		r.Start(mt, unsafe.Pointer(&m))
		for k, e, ok := r.Next(); ok; k, e, ok = r.Next() {
			key := *(*string)(k)
			if seen[key] || *(*int)(e) != m[key] {
				t.Fatalf("key %q: seen %v, element %d, want %d", key, seen[key], *(*int)(e), m[key])
			}
			seen[key] = true
		}
		r.Stop()
		if len(seen) != len(m) {
			t.Fatalf("visited %d entries, want %d", len(seen), len(m))
		}
	}
}
