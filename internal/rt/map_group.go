//go:build !purego

package rt

import (
	"math/bits"
	"unsafe"
)

// SmallMap returns the slots of m and the mask of those that hold its
// entries (bit 8i+7 for slot i) when m is a small map: one group of at
// most MapGroupSlots entries, with no directory. It returns nil, 0 when
// m is not, when V is not two words (a string or an interface) or when
// the runtime's layout was not recognized (smallMapsOK): the caller then
// ranges over m or looks its keys up. The slots are m's own, as a range
// loop sees them: read them before m changes. A map changed while it is
// read is the caller's bug, as for a range loop; SmallMap reads no more
// than the group.
//
// It spares a map's hashed lookups (see package smile's
// encodeStringKeyMap for the figures).
func SmallMap[V any](m map[string]V) (slots *[MapGroupSlots]MapSlot[V], full uint64) {
	if !smallMapsOK || unsafe.Sizeof(*new(V)) != 2*unsafe.Sizeof(uintptr(0)) {
		return nil, 0
	}
	return smallMap(m)
}

// smallMap is SmallMap without the checks of the layout.
func smallMap[V any](m map[string]V) (slots *[MapGroupSlots]MapSlot[V], full uint64) {
	h := *(**swissMap)(unsafe.Pointer(&m))
	if h == nil || h.dirLen != 0 || h.dirPtr == nil || h.writing != 0 || h.used > MapGroupSlots {
		return nil, 0
	}
	g := (*mapGroup[V])(h.dirPtr)
	full = ^g.ctrl & ctrlEmpty
	if uint64(bits.OnesCount64(full)) != h.used {
		return nil, 0
	}
	return &g.slots, full
}

// smallMapsOK reports whether smallMap reads the maps of this runtime
// right: checked once, against range loops, on maps of strings and of
// interfaces of 0 to 8 entries, after deletes, after clear, and on maps
// that grew past a group and shrank.
var smallMapsOK = swissMaps && checkSmallMaps(func(i int) any { return &[1]int{i} }) &&
	checkSmallMaps(func(i int) string { return string(rune('A' + i)) })

// checkSmallMaps checks smallMap on maps of elements elem(i); see
// smallMapsOK. It compares the words of keys and elements, never what
// they point to, so that a misread layout cannot crash it.
func checkSmallMaps[V any](elem func(i int) V) bool {
	key := func(i int) string { return string(rune('a'+i%26)) + string(rune('a'+i/26)) }
	small := func(m map[string]V, must bool) bool {
		slots, full := smallMap(m)
		if slots == nil {
			return !must
		}
		want := map[[4]uintptr]bool{}
		for k, v := range m {
			want[entryWords(&k, &v)] = true
		}
		got := 0
		for i := range slots {
			if full>>(8*i+7)&1 == 0 {
				continue
			}
			w := entryWords(&slots[i].Key, &slots[i].Elem)
			if !want[w] {
				return false
			}
			delete(want, w)
			got++
		}
		return got == len(m) && len(want) == 0
	}
	for n := 0; n <= MapGroupSlots; n++ {
		m := map[string]V{}
		for i := range n {
			m[key(i)] = elem(i)
		}
		if !small(m, n > 0) {
			return false
		}
		for i := 0; i < n; i += 2 {
			delete(m, key(i))
			if !small(m, false) {
				return false
			}
		}
		for i := range n {
			m[key(i+n)] = elem(i + n) // into the freed slots
		}
		if !small(m, false) {
			return false
		}
		clear(m)
		if !small(m, false) {
			return false
		}
		m[key(n)] = elem(n)
		if !small(m, false) {
			return false
		}
	}
	m := map[string]V{}
	for i := range 3 * MapGroupSlots {
		m[key(i)] = elem(i)
	}
	for i := range 3*MapGroupSlots - 3 {
		delete(m, key(i))
	}
	return small(m, false)
}

// entryWords returns the words of the key at k and of the element at v,
// which is two words.
func entryWords[V any](k *string, v *V) [4]uintptr {
	kw := (*[2]uintptr)(unsafe.Pointer(k))
	vw := (*[2]uintptr)(unsafe.Pointer(v))
	return [4]uintptr{kw[0], kw[1], vw[0], vw[1]}
}
