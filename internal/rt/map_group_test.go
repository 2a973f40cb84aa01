//go:build !purego

package rt

import (
	"strconv"
	"testing"
)

// TestSmallMap checks that SmallMap reads the entries of small maps, as
// a range loop sees them, and declines other maps: maps of strings and of
// interfaces of 0 to 8 entries, after deletes and refills, maps made for
// more entries (with a directory), maps that outgrew a group, and maps of
// elements that are not two words.
func TestSmallMap(t *testing.T) {
	if !smallMapsOK {
		if swissMaps {
			t.Fatal("the runtime's small maps were not recognized")
		}
		t.Skip("not Swiss-table maps: SmallMap declines every map")
	}
	for n := 0; n <= MapGroupSlots; n++ {
		m := map[string]any{}
		s := map[string]string{}
		for i := range n {
			m["k"+strconv.Itoa(i)] = i
			s["k"+strconv.Itoa(i)] = strconv.Itoa(i)
		}
		checkSmallMap(t, m, true)
		checkSmallMap(t, s, true)
		for i := 0; i < n; i += 3 {
			delete(m, "k"+strconv.Itoa(i))
			m["x"+strconv.Itoa(i)] = -i
		}
		checkSmallMap(t, m, true)
	}
	big := map[string]any{}
	for i := range MapGroupSlots + 1 {
		big[strconv.Itoa(i)] = i
	}
	checkSmallMap(t, big, false)
	for i := range MapGroupSlots - 1 {
		delete(big, strconv.Itoa(i))
	}
	checkSmallMap(t, big, false) // it keeps its table
	made := make(map[string]any, 100)
	made["a"], made["b"] = 1, 2
	checkSmallMap(t, made, false)
	if slots, _ := SmallMap(map[string]int{"a": 1, "b": 2}); slots != nil {
		t.Error("SmallMap read a map of one-word elements")
	}
	if slots, _ := SmallMap(map[string]any(nil)); slots != nil {
		t.Error("SmallMap read a nil map")
	}
}

// checkSmallMap checks that SmallMap reads m's entries when small, and
// declines m otherwise.
func checkSmallMap[V comparable](t *testing.T, m map[string]V, small bool) {
	t.Helper()
	slots, full := SmallMap(m)
	if !small {
		if slots != nil {
			t.Errorf("SmallMap read a map of %d entries that is not one group", len(m))
		}
		return
	}
	if slots == nil {
		t.Fatalf("SmallMap declined a small map of %d entries", len(m))
	}
	seen := 0
	for i := range slots {
		if full>>(8*i+7)&1 == 0 {
			continue
		}
		seen++
		v, ok := m[slots[i].Key]
		if !ok || v != slots[i].Elem {
			t.Errorf("slot %d: %q: %v, the map has %v (%v)", i, slots[i].Key, slots[i].Elem, v, ok)
		}
	}
	if seen != len(m) {
		t.Errorf("SmallMap read %d entries of a map of %d", seen, len(m))
	}
}

// TestSmallMapAllocs checks that SmallMap does not allocate.
func TestSmallMapAllocs(t *testing.T) {
	m := map[string]any{"a": 1, "b": "x"}
	if n := testing.AllocsPerRun(100, func() { SmallMap(m) }); n != 0 {
		t.Errorf("%v allocations", n)
	}
}
