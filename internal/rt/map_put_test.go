//go:build go1.26 && !go1.27 && amd64 && !purego

package rt

import (
	"maps"
	"strconv"
	"strings"
	"testing"
)

// TestPutStringAnyChecked checks that the start-up check recognized this
// runtime, so that the tests below test PutStringAny and not its
// fallback.
func TestPutStringAnyChecked(t *testing.T) {
	if !putOK {
		t.Fatal("putOK is false: PutStringAny would put nothing on the platform its build tags name")
	}
}

// putKeys returns n keys of lengths 0 to 150, which the runtime hashes by
// different code, with the last one a duplicate of the first when dup.
func putKeys(n int, dup bool) []string {
	var ks []string
	for i := range n {
		ks = append(ks, strings.Repeat(strconv.Itoa(i), i*19%151))
	}
	if dup && n > 1 {
		ks[n-1] = ks[0]
	}
	return ks
}

// TestPutStringAny fills maps of one seed with PutStringAny and checks
// them as maps against the ones m[k] = v fills: their entries, then the
// runtime's own writes over every key (which find each slot by its
// control byte: a wrong one would add a second entry), growth past a
// group (which hashes every key again) and deletes.
func TestPutStringAny(t *testing.T) {
	seed := MapSeed()
	for n := 0; n <= MapGroupSlots; n++ {
		for _, dup := range []bool{false, true} {
			ks := putKeys(n, dup)
			got, want := NewStringAnyMap(seed), map[string]any{}
			for i, k := range ks {
				if !PutStringAny(got, seed, k, StringHash(k, seed), i) {
					t.Fatalf("n=%d dup=%v: PutStringAny of key %d refused", n, dup, i)
				}
				want[k] = i
			}
			if !maps.Equal(got, want) {
				t.Fatalf("n=%d dup=%v: %v, want %v", n, dup, got, want)
			}
			for i, k := range ks {
				got[k], want[k] = -i, -i
			}
			if !maps.Equal(got, want) || len(got) != len(want) {
				t.Fatalf("n=%d dup=%v: after the runtime's writes over each key: %d entries %v, want %v", n, dup, len(got), got, want)
			}
			for i := range 3 * MapGroupSlots {
				k := "grow" + strconv.Itoa(i)
				got[k], want[k] = i, i
			}
			if !maps.Equal(got, want) {
				t.Fatalf("n=%d dup=%v: after growth: %v, want %v", n, dup, got, want)
			}
			for _, k := range ks {
				delete(got, k)
				if _, ok := got[k]; ok {
					t.Fatalf("n=%d dup=%v: key %q still there after delete", n, dup, k)
				}
			}
			if len(got) != 3*MapGroupSlots {
				t.Fatalf("n=%d dup=%v: %d entries after deletes, want %d", n, dup, len(got), 3*MapGroupSlots)
			}
		}
	}
}

// TestPutStringAnyRefuses checks the maps PutStringAny leaves to m[k] = v:
// full, larger than a group, of another seed, nil.
func TestPutStringAnyRefuses(t *testing.T) {
	seed := MapSeed()
	put := func(m map[string]any, seed uintptr) bool {
		return PutStringAny(m, seed, "k", StringHash("k", seed), 1)
	}
	full := NewStringAnyMap(seed)
	for _, k := range putKeys(MapGroupSlots, false) {
		full[k] = nil
	}
	if put(full, seed) {
		t.Error("put into a map of 8 entries")
	}
	if put(NewStringAnyMapSized(20, seed), seed) {
		t.Error("put into a map of one table")
	}
	if put(NewStringAnyMap(seed), seed+1) {
		t.Error("put into a map of another seed")
	}
	if put(nil, seed) {
		t.Error("put into a nil map")
	}
}
