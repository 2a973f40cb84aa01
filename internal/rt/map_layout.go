//go:build !purego

package rt

import "unsafe"

// The mirrors of the runtime's map layout (Go 1.24's Swiss tables, the
// only maps from Go 1.26 on: internal/runtime/maps), shared by SmallMap,
// which reads a small map's group (map_group.go), and by
// NewStringAnyMap, which builds maps (map_any.go). Each user checks the
// mirrors before relying on them: SmallMap once at run time against range
// loops, NewStringAnyMap by its build tags and map_any_test.go.

// swissMap mirrors a map header, internal/runtime/maps.Map.
type swissMap struct {
	used              uint64         // entries
	seed              uintptr        // the hash seed
	dirPtr            unsafe.Pointer // a small map's group, when dirLen is 0; else the directory of tables
	dirLen            int
	globalDepth       uint8
	globalShift       uint8
	writing           uint8 // not 0 while the map is being written
	tombstonePossible bool
	clearSeq          uint64
}

// swissTable mirrors a table of a map with a directory,
// internal/runtime/maps.table.
type swissTable struct {
	used       uint16
	capacity   uint16
	growthLeft uint16
	localDepth uint8
	index      int
	groups     unsafe.Pointer
	lengthMask uint64
}

// A MapSlot is a slot of a map[string]V's group of entries in the
// runtime's layout: the key, then the element.
type MapSlot[V any] struct {
	Key  string
	Elem V
}

// MapGroupSlots is the number of slots of a map's group, and so the most
// entries SmallMap reads.
const MapGroupSlots = 8

// mapGroup mirrors a group of a map[string]V (the group type of
// cmd/compile/internal/reflectdata.MapGroupType): a control word whose
// byte i has its high bit clear when slot i holds an entry, then the
// slots.
type mapGroup[V any] struct {
	ctrl  uint64
	slots [MapGroupSlots]MapSlot[V]
}

// ctrlEmpty is the control word of a group whose slots are all empty:
// every byte's high bit set (a full slot's byte has it clear), and so the
// mask of those bits.
const ctrlEmpty = 0x8080808080808080
