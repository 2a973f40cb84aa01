//go:build !purego

package rt

import (
	"math/bits"
	"strconv"
	"testing"
)

// TestTableMap checks that TableMap reads the entries of maps of one
// table, as a range loop sees them, and declines other maps: maps of
// strings and of interfaces of 9 to 300 entries, made with and without a
// size hint, after deletes and refills and after clear; small maps, maps
// of several tables, and maps of elements that are not two words.
func TestTableMap(t *testing.T) {
	if !tableMapsOK {
		if swissMaps {
			t.Fatal("the runtime's maps of one table were not recognized")
		}
		t.Skip("not Swiss-table maps: TableMap declines every map")
	}
	for _, n := range []int{9, 13, 14, 15, 27, 28, 29, 56, 57, 100, 112, 113, 300} {
		for _, hint := range []int{0, n} {
			m := make(map[string]any, hint)
			s := make(map[string]string, hint)
			for i := range n {
				m["k"+strconv.Itoa(i)] = i
				s["k"+strconv.Itoa(i)] = strconv.Itoa(i)
			}
			checkTableMap(t, m, true)
			checkTableMap(t, s, true)
			for i := 0; i < n; i += 3 {
				delete(m, "k"+strconv.Itoa(i))
				m["x"+strconv.Itoa(i)] = -i
			}
			checkTableMap(t, m, true)
			clear(m)
			checkTableMap(t, m, true) // it keeps its table, empty
		}
	}
	for n := range MapGroupSlots + 1 {
		m := map[string]any{}
		for i := range n {
			m[strconv.Itoa(i)] = i
		}
		checkTableMap(t, m, false)
	}
	several := map[string]any{}
	for i := range 5000 { // past the 1024 slots of the largest table
		several[strconv.Itoa(i)] = i
	}
	checkTableMap(t, several, false)
	ints := map[string]int{}
	for i := range 20 {
		ints[strconv.Itoa(i)] = i
	}
	if TableMap(ints) != nil {
		t.Error("TableMap read a map of one-word elements")
	}
	if TableMap(map[string]any(nil)) != nil {
		t.Error("TableMap read a nil map")
	}
}

// checkTableMap checks that TableMap reads m's entries when m is a map
// of one table, and declines m otherwise.
func checkTableMap[V comparable](t *testing.T, m map[string]V, table bool) {
	t.Helper()
	groups := TableMap(m)
	if !table {
		if groups != nil {
			t.Errorf("TableMap read a map of %d entries that is not one table", len(m))
		}
		return
	}
	if groups == nil {
		t.Fatalf("TableMap declined a map of one table of %d entries", len(m))
	}
	seen := 0
	for g := range groups {
		slots, full := groups.Group(g)
		for ; full != 0; full &= full - 1 {
			sl := &slots[bits.TrailingZeros64(full)>>3]
			seen++
			v, ok := m[sl.Key]
			if !ok || v != sl.Elem {
				t.Errorf("group %d: %q: %v, the map has %v (%v)", g, sl.Key, sl.Elem, v, ok)
			}
		}
	}
	if seen != len(m) {
		t.Errorf("TableMap read %d entries of a map of %d", seen, len(m))
	}
}
