//go:build !purego

package rt

import (
	"math/bits"
	"unsafe"
)

// MapTable is the groups of entries of a map of one table (see
// TableMap), in the runtime's layout.
type MapTable[V any] []mapGroup[V]

// Group returns the slots of group i of t and the mask of those that
// hold entries (bit 8j+7 for slot j), as SmallMap does for a small map.
func (t MapTable[V]) Group(i int) (slots *[MapGroupSlots]MapSlot[V], full uint64) {
	g := &t[i]
	return &g.slots, ^g.ctrl & ctrlEmpty
}

// TableMap returns the groups of m when m is a map of one table: more
// entries than a group holds, fewer than the runtime splits a table for.
// It returns nil when m is not, when V is not two words, or when the
// runtime's layout was not recognized (tableMapsOK); the caller then
// ranges over m or looks its keys up. As with SmallMap, the groups are
// m's own: read them before m changes.
func TableMap[V any](m map[string]V) MapTable[V] {
	if !tableMapsOK || unsafe.Sizeof(*new(V)) != 2*unsafe.Sizeof(uintptr(0)) {
		return nil
	}
	return tableMap(m)
}

// tableMap is TableMap without the checks of the layout.
func tableMap[V any](m map[string]V) MapTable[V] {
	h := *(**swissMap)(unsafe.Pointer(&m))
	if h == nil || h.dirLen != 1 || h.writing != 0 {
		return nil
	}
	t := *(**swissTable)(h.dirPtr)
	if t == nil || uint64(t.used) != h.used || t.groups == nil || t.lengthMask >= 1<<16 {
		return nil
	}
	return unsafe.Slice((*mapGroup[V])(t.groups), t.lengthMask+1)
}

// tableMapsOK reports whether tableMap reads the maps of this runtime
// right: checked once, against range loops, as smallMapsOK is.
var tableMapsOK = swissMaps && checkTableMaps(func(i int) any { return &[1]int{i} }) &&
	checkTableMaps(func(i int) string { return string(rune('A' + i%26)) })

// checkTableMaps checks tableMap on maps of elements elem(i) of 9 and 57
// entries (tables of 2 and 16 groups), made with and without a size hint,
// after deletes and refills and after clear: it must read them when
// made, and whatever it reads must be what a range loop sees. It compares
// the words of keys and elements, never what they point to, so that a
// misread layout cannot crash it. It runs when the package is
// initialized: both checks take 0.16 ms and 100 KB (go test -bench of a
// loop over them), where ten sizes from 9 to 300 entries took 1.5 ms and
// 1.3 MB at every program's start; TestTableMap checks those sizes.
func checkTableMaps[V any](elem func(i int) V) bool {
	var keys [2 * 57]string
	for i := range keys {
		keys[i] = string(rune('a'+i%26)) + string(rune('a'+i/26))
	}
	key := func(i int) string { return keys[i] }
	same := func(m map[string]V) bool {
		t := tableMap(m)
		if t == nil { // declined: a small map, or one that split its table
			return true
		}
		want := make(map[[4]uintptr]bool, len(m))
		for k, v := range m {
			want[entryWords(&k, &v)] = true
		}
		got := 0
		for i := range t {
			slots, full := t.Group(i)
			for ; full != 0; full &= full - 1 {
				j := bits.TrailingZeros64(full) >> 3
				w := entryWords(&slots[j].Key, &slots[j].Elem)
				if !want[w] {
					return false
				}
				delete(want, w)
				got++
			}
		}
		return got == len(m) && len(want) == 0
	}
	for _, n := range []int{9, 57} {
		for _, hint := range []int{0, n} {
			m := make(map[string]V, hint)
			for i := range n {
				m[key(i)] = elem(i)
			}
			if tableMap(m) == nil || !same(m) {
				return false
			}
			for i := 0; i < n; i += 3 {
				delete(m, key(i))
			}
			if !same(m) {
				return false
			}
			for i := range n {
				m[key(i+n)] = elem(i + n)
			}
			if !same(m) {
				return false
			}
			clear(m)
			if !same(m) {
				return false
			}
		}
	}
	return true
}
