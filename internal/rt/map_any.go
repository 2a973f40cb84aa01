//go:build go1.26 && !go1.27

package rt

import (
	"math/rand/v2"
	"unsafe"
)

// The runtime makes a map of up to 8 entries in two allocations: its
// header (make), then its one group of 8 slots (at the first entry, in
// growToSmall). NewStringAnyMap makes both in one, a header followed by
// its group, laid out as Go 1.26 lays out a map[string]any
// (internal/runtime/maps.Map, and the group type of
// cmd/compile/internal/reflectdata.MapGroupType). Other Go versions build
// map_any_other.go, which calls make, until their layout is checked
// (map_any_test.go checks this one against maps the runtime makes).

// swissMap is the layout of a map header, internal/runtime/maps.Map.
type swissMap struct {
	used              uint64
	seed              uintptr
	dirPtr            unsafe.Pointer // a small map's group, when dirLen is 0
	dirLen            int
	globalDepth       uint8
	globalShift       uint8
	writing           uint8
	tombstonePossible bool
	clearSeq          uint64
}

// stringAnyGroup is the layout of a group of a map[string]any: a control
// byte per slot, then the slots.
type stringAnyGroup struct {
	ctrl  uint64
	slots [8]struct {
		key  string
		elem any
	}
}

// stringAnyMap is a map header followed by its group, one object
// (320 bytes on 64-bit platforms, where make and a first entry allocate
// 48 and 288).
type stringAnyMap struct {
	h swissMap
	g stringAnyGroup
}

// ctrlAllEmpty is the control word of a group whose 8 slots are empty.
const ctrlAllEmpty = 0x8080808080808080

// NewStringAnyMap returns a new empty map[string]any that holds up to 8
// entries without allocating again: its header and its group are made in
// one allocation. Past 8 entries it grows as any map does.
func NewStringAnyMap() map[string]any {
	p := new(stringAnyMap)
	p.h.seed = uintptr(rand.Uint64()) // as the runtime seeds each map
	p.h.dirPtr = unsafe.Pointer(&p.g)
	p.g.ctrl = ctrlAllEmpty
	return *(*map[string]any)(unsafe.Pointer(&p))
}
