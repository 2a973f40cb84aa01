//go:build go1.26 && !go1.27 && amd64 && !purego

package rt

import "unsafe"

// The runtime makes a map of up to 8 entries in two allocations: its
// header (make), then its one group of 8 slots (at the first entry, in
// growToSmall). NewStringAnyMap makes both in one, a header followed by
// its group, laid out as Go 1.26 lays out a map[string]any
// (internal/runtime/maps.Map, and the group type of
// cmd/compile/internal/reflectdata.MapGroupType). Other Go versions, and
// platforms other than amd64 and arm64, build map_any_other.go, which
// calls make, until their layout is checked (map_any_test.go checks this
// one against maps the runtime makes; 32-bit platforms are left out, as
// the machine this was written on could not run their tests).
// Likewise, make(map[string]any, n) for 9 to 896 entries allocates a
// header, a directory of one table, the table and its groups, which
// NewStringAnyMapSized makes in one allocation for up to 112.

// stringAnyGroup is the group of a map[string]any.
type stringAnyGroup = mapGroup[any]

// stringAnyMap is a map header followed by its group, one object
// (320 bytes on 64-bit platforms, where make and a first entry allocate
// 48 and 288).
type stringAnyMap struct {
	h swissMap
	g stringAnyGroup
}

// NewStringAnyMap returns a new empty map[string]any of hash seed seed
// (MapSeed) that holds up to 8 entries without allocating again: its
// header and its group are made in one allocation. Past 8 entries it
// grows as any map does.
func NewStringAnyMap(seed uintptr) map[string]any {
	p := new(stringAnyMap)
	p.h.seed = seed
	p.h.dirPtr = unsafe.Pointer(&p.g)
	p.g.ctrl = ctrlEmpty
	return *(*map[string]any)(unsafe.Pointer(&p))
}

// stringAnyTable is a map header followed by a directory of one table,
// the table and its groups (G, an array of stringAnyGroup), one object.
type stringAnyTable[G any] struct {
	h   swissMap
	dir [1]*swissTable
	t   swissTable
	g   G
}

// NewStringAnyMapSized returns a new empty map[string]any made for n
// entries as make(map[string]any, n) makes it, in one allocation where
// make allocates four (header, directory, table and groups) for up to
// 112 entries, and by make past that; up to 112, its hash seed is seed.
func NewStringAnyMapSized(n int, seed uintptr) map[string]any {
	switch {
	case n <= 8:
		return NewStringAnyMap(seed)
	case n <= 14:
		return newStringAnyTable[[2]stringAnyGroup](2, seed)
	case n <= 28:
		return newStringAnyTable[[4]stringAnyGroup](4, seed)
	case n <= 56:
		return newStringAnyTable[[8]stringAnyGroup](8, seed)
	case n <= 112:
		return newStringAnyTable[[16]stringAnyGroup](16, seed)
	}
	return make(map[string]any, n)
}

// oneTableShift is the globalShift of a map of one table (directory depth
// 0), as the runtime sets it: the width of its hashes, 64 bits or 32.
var oneTableShift = func() uint8 {
	m := make(map[string]any, 9)
	return (*(**swissMap)(unsafe.Pointer(&m))).globalShift
}()

// newStringAnyTable returns a new empty map of one table of k groups, G
// being [k]stringAnyGroup, as make lays it out: its capacity 8k slots,
// of which 7/8 may be filled before it grows.
func newStringAnyTable[G any](k int, seed uintptr) map[string]any {
	p := new(stringAnyTable[G])
	p.h.seed = seed
	p.h.dirPtr = unsafe.Pointer(&p.dir)
	p.h.dirLen = 1
	p.h.globalShift = oneTableShift
	p.dir[0] = &p.t
	p.t.capacity = uint16(8 * k)
	p.t.growthLeft = uint16(7 * k)
	p.t.groups = unsafe.Pointer(&p.g)
	p.t.lengthMask = uint64(k - 1)
	g := unsafe.Slice((*stringAnyGroup)(p.t.groups), k)
	for i := range g {
		g[i].ctrl = ctrlEmpty
	}
	return *(*map[string]any)(unsafe.Pointer(&p))
}
