//go:build go1.26 && !go1.27 && amd64 && !purego

package rt

import (
	"maps"
	"runtime"
	"strconv"
	"testing"
	"unsafe"
)

// header returns the header of map m, as the runtime lays it out.
func header(m map[string]any) *swissMap {
	return *(*(*swissMap))(unsafe.Pointer(&m))
}

// TestStringAnyMapLayout checks swissMap and stringAnyGroup against a map
// the runtime made: its count, a one-group map's group pointer, and each
// full slot's key and element where the group type says they are.
func TestStringAnyMapLayout(t *testing.T) {
	for n := 1; n <= 8; n++ {
		m := make(map[string]any)
		for i := range n {
			m["k"+strconv.Itoa(i)] = i
		}
		h := header(m)
		if h.used != uint64(n) || h.dirLen != 0 || h.dirPtr == nil {
			t.Fatalf("n=%d: header used %d, dirLen %d, dirPtr %p", n, h.used, h.dirLen, h.dirPtr)
		}
		g := (*stringAnyGroup)(h.dirPtr)
		full := 0
		for i, s := range g.slots {
			if c := byte(g.ctrl >> (8 * i)); c&0x80 != 0 {
				continue // empty
			}
			full++
			if v, ok := m[s.Key]; !ok || v != s.Elem {
				t.Errorf("n=%d: slot %d holds %q: %v, the map %v", n, i, s.Key, s.Elem, v)
			}
		}
		if full != n {
			t.Errorf("n=%d: %d full slots", n, full)
		}
	}
}

var sink []map[string]any

// TestStringAnyMapHeaderSize checks that swissMap is as large as the
// header the runtime allocates for make(map[string]any), which the
// runtime writes in full: 48 bytes on 64-bit platforms, 32 on 32-bit
// ones, each a size class of its own, so that the allocator adds no
// rounding.
func TestStringAnyMapHeaderSize(t *testing.T) {
	const n = 1000
	sink = make([]map[string]any, n)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for i := range sink {
		sink[i] = make(map[string]any)
	}
	runtime.ReadMemStats(&after)
	sink = nil
	got := (after.TotalAlloc - before.TotalAlloc) / n
	if want := unsafe.Sizeof(swissMap{}); got != uint64(want) {
		t.Errorf("make(map[string]any) allocates %d bytes, swissMap is %d", got, want)
	}
}

// TestStringAnyTableLayout checks swissTable and the maps of
// NewStringAnyMapSized against maps make(map[string]any, n) made: the
// header's directory and each field of its one table but the groups.
func TestStringAnyTableLayout(t *testing.T) {
	for _, n := range []int{9, 14, 15, 28, 29, 56, 57, 112} {
		want, got := header(make(map[string]any, n)), header(NewStringAnyMapSized(n, MapSeed()))
		if want.dirLen != 1 || got.dirLen != 1 || want.globalDepth != got.globalDepth || want.globalShift != got.globalShift {
			t.Fatalf("n=%d: made %+v, NewStringAnyMapSized %+v", n, *want, *got)
		}
		wt, gt := *(*(**swissTable)(want.dirPtr)), *(*(**swissTable)(got.dirPtr))
		if wt.groups == nil || gt.groups == nil {
			t.Fatalf("n=%d: no groups: made %+v, NewStringAnyMapSized %+v", n, wt, gt)
		}
		for i, tb := range []swissTable{wt, gt} {
			for j, g := range unsafe.Slice((*stringAnyGroup)(tb.groups), tb.lengthMask+1) {
				if g.ctrl != ctrlEmpty {
					t.Errorf("n=%d: group %d of map %d has control word %#x", n, j, i, g.ctrl)
				}
			}
		}
		wt.groups, gt.groups = nil, nil
		if wt != gt || wt.capacity != 8*uint16(wt.lengthMask+1) {
			t.Errorf("n=%d: table made %+v, NewStringAnyMapSized %+v", n, wt, gt)
		}
	}
}

// TestNewStringAnyMap uses maps made by NewStringAnyMap and
// NewStringAnyMapSized as maps: filled to their size and past it, read,
// iterated, cloned, cut and cleared, with garbage collections between,
// which must keep every key and element.
func TestNewStringAnyMap(t *testing.T) {
	for _, c := range []struct{ size, n int }{
		{8, 0}, {8, 1}, {8, 7}, {8, 8}, {8, 9}, {8, 30},
		{9, 9}, {14, 14}, {14, 15}, {28, 28}, {56, 56}, {112, 112}, {112, 113}, {112, 3000}, {113, 113},
	} {
		n := c.n
		m := NewStringAnyMapSized(c.size, MapSeed())
		want := map[string]any{}
		for i := range n {
			k, v := "key"+strconv.Itoa(i), strconv.Itoa(i*i)+"!"
			m[k], want[k] = v, v
		}
		runtime.GC()
		if !maps.Equal(m, want) || len(m) != n {
			t.Fatalf("n=%d: got %v, want %v", n, m, want)
		}
		if c := maps.Clone(m); !maps.Equal(c, want) {
			t.Fatalf("n=%d: clone %v", n, c)
		}
		seen := 0
		for k, v := range m {
			if want[k] != v {
				t.Fatalf("n=%d: ranged over %q: %v", n, k, v)
			}
			seen++
		}
		if seen != n {
			t.Fatalf("n=%d: ranged over %d entries", n, seen)
		}
		delete(m, "key0")
		delete(want, "key0")
		runtime.GC()
		if !maps.Equal(m, want) {
			t.Fatalf("n=%d: after delete, got %v, want %v", n, m, want)
		}
		clear(m)
		if len(m) != 0 {
			t.Fatalf("n=%d: cleared to %v", n, m)
		}
		m["x"] = 1
		if len(m) != 1 || m["x"] != 1 {
			t.Fatalf("n=%d: after clear, %v", n, m)
		}
	}
}

// TestNewStringAnyMapAllocs checks that a map of up to 8 entries made by
// NewStringAnyMap costs one allocation, where make costs two (its header,
// then its group at the first entry).
func TestNewStringAnyMapAllocs(t *testing.T) {
	keys := []string{"a", "b", "c", "d", "e", "f", "g", "h"}
	fill := func(m map[string]any) {
		for _, k := range keys {
			m[k] = nil
		}
		sink = append(sink[:0], m)
	}
	if a := testing.AllocsPerRun(100, func() { fill(NewStringAnyMap(MapSeed())) }); a != 1 {
		t.Errorf("NewStringAnyMap and 8 entries: %v allocations, want 1", a)
	}
	if a := testing.AllocsPerRun(100, func() { fill(make(map[string]any)) }); a != 2 {
		t.Errorf("make and 8 entries: %v allocations, want 2", a)
	}
	sink = nil
}

// TestStringAnyMapHeader checks the header NewStringAnyMap builds, field
// by field, against the one the runtime gives a map of one group
// (make(map[string]any) and an entry, deleted): all but the seed and the
// group's address must be equal, and the group must be empty.
func TestStringAnyMapHeader(t *testing.T) {
	m := make(map[string]any)
	m["a"] = 1
	delete(m, "a")
	want, got := *header(m), *header(NewStringAnyMap(MapSeed()))
	if want.dirPtr == nil || got.dirPtr == nil {
		t.Fatalf("no group: made %+v, NewStringAnyMap %+v", want, got)
	}
	for i, g := range []unsafe.Pointer{want.dirPtr, got.dirPtr} {
		if c := (*stringAnyGroup)(g).ctrl; c != ctrlEmpty {
			t.Errorf("the group of map %d has control word %#x", i, c)
		}
	}
	want.seed, got.seed, want.dirPtr, got.dirPtr = 0, 0, nil, nil
	if want != got {
		t.Errorf("header made %+v, NewStringAnyMap %+v", want, got)
	}
}
