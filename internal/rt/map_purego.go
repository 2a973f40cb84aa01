//go:build purego

package rt

import "unsafe"

// The fallbacks of -tags purego for the readers of the runtime's map
// layout (map_layout.go, map_group.go, map_table.go) and of
// reflect.MapIter's (map_range.go): the same names, which decline every
// map or go through reflect2's iterator, so that the callers take the
// paths they take where the layout was not recognized.

// A MapSlot is a key and its element, as SmallMap would return them.
type MapSlot[V any] struct {
	Key  string
	Elem V
}

// MapGroupSlots is the number of slots of a map's group in the runtime's
// maps (8 in Go 1.24 to 1.26); the decoder sizes maps by it.
const MapGroupSlots = 8

// SmallMap returns nil, 0: with -tags purego no map's group is read, and
// the caller ranges over m or looks its keys up.
func SmallMap[V any](m map[string]V) (slots *[MapGroupSlots]MapSlot[V], full uint64) {
	return nil, 0
}

// MapTable is the groups of a map of one table; with -tags purego,
// TableMap returns none.
type MapTable[V any] [][MapGroupSlots]MapSlot[V]

// Group returns the slots of group i of t, with no slot marked full.
func (t MapTable[V]) Group(i int) (slots *[MapGroupSlots]MapSlot[V], full uint64) {
	return &t[i], 0
}

// TableMap returns nil: with -tags purego no map's table is read, and
// the caller ranges over m or looks its keys up.
func TableMap[V any](m map[string]V) MapTable[V] { return nil }

// MapRange iterates over a map, here with reflect2's iterator (Iterate),
// which allocates at Start (three objects on Go 1.26) where the mirror
// of reflect.MapIter does not.
type MapRange struct{ it MapIter }

// Start starts an iteration over the non-nil map *p, of type m. The map
// must not change during the iteration.
func (r *MapRange) Start(m *MapType, p unsafe.Pointer) { r.it = m.Iterate(p) }

// Next returns pointers to the next key and element, valid until the map
// changes, and false when the iteration is over.
func (r *MapRange) Next() (key, elem unsafe.Pointer, ok bool) { return r.it.Next() }

// Stop ends the iteration, so that r no longer refers to the map.
func (r *MapRange) Stop() { r.it = MapIter{} }
