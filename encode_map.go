package smile

import (
	"encoding"
	"math/bits"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"unsafe"

	"github.com/go-smile/smile/internal/rt"
)

// mapEntry is one entry of a map being encoded: its key as text and a
// pointer to its element inside the map.
type mapEntry struct {
	key      string
	elem     unsafe.Pointer
	off, end int  // the key's bytes in e.keyArena, until key is set
	inArena  bool // the key is in e.keyArena
}

// keyFunc appends the text of the map key at p to e.keyArena, or returns it
// as a string when no formatting is needed.
type keyFunc func(e *encodeState, p unsafe.Pointer) (s string, inArena bool, err error)

// newMapEncoder writes a nil map as null and any other map as an object,
// with the entries sorted by key text (as encoding/json does) unless
// EncOptions.MapKeyOrder is MapKeysUnsorted. Keys may be strings, integers
// or encoding.TextMarshalers, with encoding/json's precedence: a key of
// string kind is used as it is, then MarshalText, then the decimal form
// of an integer.
func newMapEncoder(t reflect.Type) encoderFunc {
	keyOf := mapKeyFunc(t.Key())
	if keyOf == nil {
		return unsupportedTypeEncoder(t)
	}
	mt := rt.NewMapType(t)
	elem := typeEncoder(t.Elem(), false)
	tkey := rt.TypeKey(t)
	encode := func(e *encodeState, p unsafe.Pointer, sorted bool) error {
		if sorted {
			return encodeMapSorted(e, mt, keyOf, elem, p)
		}
		return encodeMapUnsorted(e, mt, keyOf, elem, p)
	}
	if fast := stringMapEncoder(t); fast != nil {
		encode = fast
	}
	return func(e *encodeState, p unsafe.Pointer) error {
		if mt.IsNil(p) {
			return e.w.WriteNull()
		}
		k := cycleKey{p: rt.Deref(p), typ: tkey}
		if err := e.enterCycleCheck(k, t, p); err != nil {
			return err
		}
		err := encode(e, p, e.cfg.opts.MapKeyOrder != MapKeysUnsorted)
		e.leaveCycleCheck(k)
		return err
	}
}

// stringMapEncoder returns an allocation-free encoder for maps with string
// keys and string or any elements (named or not), which ranges over the
// map natively instead of through reflection, or nil for other maps.
// TestStringMapEncoderAllocs fails if its encoders allocate.
func stringMapEncoder(t reflect.Type) func(e *encodeState, p unsafe.Pointer, sorted bool) error {
	if t.Key() != stringType {
		return nil
	}
	switch t.Elem() {
	case stringType:
		return func(e *encodeState, p unsafe.Pointer, sorted bool) error {
			return encodeStringKeyMap(e, *(*map[string]string)(p), sorted, (*encodeState).writeString, &e.stringEntries)
		}
	case anyType:
		return func(e *encodeState, p unsafe.Pointer, sorted bool) error {
			return encodeStringKeyMap(e, *(*map[string]any)(p), sorted, (*encodeState).encodeAny, &e.anyEntries)
		}
	}
	return nil
}

// A keyedEntry is an entry of a map with string keys, collected to be
// written in the order of the keys.
type keyedEntry[V any] struct {
	key string
	val V
}

// keyHead returns the first eight bytes of s as a big-endian number, zero
// padded: keys whose heads differ are in the order of their heads.
func keyHead(s string) uint64 {
	if len(s) >= 8 {
		_ = s[7]
		return uint64(s[0])<<56 | uint64(s[1])<<48 | uint64(s[2])<<40 | uint64(s[3])<<32 |
			uint64(s[4])<<24 | uint64(s[5])<<16 | uint64(s[6])<<8 | uint64(s[7])
	}
	if len(s) >= 4 {
		// The last four bytes, shifted to their places, overlap the
		// first four with the same bytes.
		return uint64(be32(s[:4]))<<32 | uint64(be32(s[len(s)-4:]))<<(64-8*len(s))
	}
	var h uint64
	for i := range len(s) {
		h |= uint64(s[i]) << (56 - 8*i)
	}
	return h
}

// be32 returns the first four bytes of s as a big-endian number.
func be32(s string) uint32 {
	_ = s[3]
	return uint32(s[0])<<24 | uint32(s[1])<<16 | uint32(s[2])<<8 | uint32(s[3])
}

// maxPackedEntries is the most entries sortKeys sorts as packed
// numbers, whose low 16 bits hold the index.
const maxPackedEntries = 1 << 16

// sortEntries pushes onto e.order the indices of entries in the order of
// their keys, and returns the mask that takes an index out of a number it
// pushed (see sortKeys).
func sortEntries[V any](e *encodeState, entries []keyedEntry[V]) (mask uint64) {
	return sortKeys(e, len(entries), func(i int) string { return entries[i].key })
}

// sortKeys pushes onto e.order the indices 0..n-1 in the order of the
// keys key(i), and returns the mask that takes an index out of a number
// it pushed. It sorts numbers, not entries: each packs six bytes of a
// key above its index, so that slices.Sort orders them without a call
// per comparison and without moving the entries' pointers (which, while
// the garbage collector marks, costs a write barrier per pointer). Keys
// that share their first six bytes are sorted again by their next six,
// and so on (keys of decimal numbers often share their first bytes);
// a run of equal packed bytes shorter than sortByHeads is compared
// whole. callgrind, Marshal of twitter as any, instructions per call:
// 17.0M with the keys sorted as strings and their elements looked up
// again in the map, 19.6M with the entries sorted by slices.SortFunc,
// 12.9M with the first six bytes packed (MapKeysUnsorted: 9.0M).
func sortKeys(e *encodeState, n int, key func(i int) string) (mask uint64) {
	start := len(e.order)
	if n > maxPackedEntries {
		for i := range n {
			e.order = append(e.order, uint64(i))
		}
		slices.SortFunc(e.order[start:], func(a, b uint64) int { return strings.Compare(key(int(a)), key(int(b))) })
		return ^uint64(0)
	}
	for i := range n {
		e.order = append(e.order, keyHead(key(i))&^0xFFFF|uint64(i))
	}
	sortPacked(e.order[start:], 0, key)
	return 0xFFFF
}

// sortByHeads is the shortest run of keys with equal packed bytes that
// sortPacked sorts by packing their next bytes, rather than comparing
// them whole, up to the bytes at maxPackedAt (which bounds its
// recursion).
const (
	sortByHeads = 8
	maxPackedAt = 36
)

// sortPacked sorts order, numbers that pack bytes [at:at+6] of the keys
// key(i) above their indices i, and then the runs of equal bytes among
// them.
func sortPacked(order []uint64, at int, key func(i int) string) {
	slices.Sort(order)
	for i := 0; i < len(order); {
		j := i + 1
		for j < len(order) && order[j]>>16 == order[i]>>16 {
			j++
		}
		run := order[i:j]
		next, longest := at+6, 0
		if len(run) >= sortByHeads {
			for k, o := range run {
				s := key(int(o & 0xFFFF))
				longest = max(longest, len(s))
				run[k] = keyHead(s[min(next, len(s)):])&^0xFFFF | o&0xFFFF
			}
		}
		if longest > next && next < maxPackedAt {
			// The next bytes tell the keys apart, zero padded as above.
			sortPacked(run, next, key)
		} else if len(run) > 1 {
			// Short runs, and keys equal but for zero padding.
			slices.SortFunc(run, func(a, b uint64) int {
				return strings.Compare(key(int(a&0xFFFF)), key(int(b&0xFFFF)))
			})
		}
		i = j
	}
}

// encodeStringKeyMap writes m with write for the elements: sorted, or
// with MapKeysUnsorted as it is iterated. A small map, which the runtime
// keeps in one group of entries, is read from there (encodeSmallMap). A
// map with the keys of a map written before (see keyShape) is written in
// that map's order: a map of one table of up to maxIndexedKeys entries
// is read from its groups, its keys matched with the shape's by the
// shape's keyIndex (tableMapAsShape), and a larger one has its values
// looked up by the shape's keys; otherwise its entries are
// collected on stack, above those of the maps it is inside of, sorted
// unless unsorted (their order on e.order), and remembered as a shape.
// The two orders differ only there: MapKeysUnsorted promises no order,
// and a shape's order is as good as an iteration's. Unsorted maps of
// more than 4 entries used to be iterated rather than looked up, which
// callgrind favoured (Ir about equal, code 35.96M -> 40.99M with shapes)
// but the clock did not: BenchmarkMarshalAny/<set>/smile-unsorted, CPU
// time per op (GOMAXPROCS=1, 8 alternated pairs, medians of the ratios)
// iterating -> shapes for every length: small 0.95, medium 0.79,
// twitter 0.82, citm_catalog 0.96, canada 0.92, code 0.87 (smile,
// sorted, unchanged within the noise). Reading a map of one table (9 to
// 56 entries) from its groups, as encodeSmallMap reads a group, then
// sorting its keys and comparing them with the shapes, cost more than
// the lookups: callgrind, Ir per op of BenchmarkMarshalAny/<set>/smile,
// twitter 6.17M -> 8.41M (its keys share long prefixes, which the
// packed sort sorts again), small 8.05k -> 8.75k, medium 48.6k -> 50.6k;
// matched by a keyIndex instead of sorted, they cost less (see
// tableMapAsShape).
func encodeStringKeyMap[V any](e *encodeState, m map[string]V, sorted bool, write func(*encodeState, V) error, stack *[]keyedEntry[V]) error {
	if err := e.writeStartObject(); err != nil {
		return err
	}
	n := len(m)
	if slots, full := rt.SmallMap(m); slots != nil {
		return encodeSmallMap(e, slots, full, write)
	}
	if n < 2 { // one entry is in order
		for k, v := range m {
			if err := e.writeKey(k); err != nil {
				return err // it names the key
			}
			if err := write(e, v); err != nil {
				return withName(err, k)
			}
		}
		return e.w.WriteEndObject()
	}
	// The entries above start are cleared after the document (see
	// clearMapEntries), not here: callgrind, bench/callgrind.sh
	// MarshalAny/code, Ir per op, 42.04M clearing them per map, 40.83M so
	// (twitter 6.465M, 6.394M). The stacks are popped before the map's
	// end is written, not by a deferred call; a map that fails leaves its
	// entries to clearMapEntries, after the document, which the error
	// ends. callgrind, bench/callgrind.sh MarshalAny/<set>, go-smile's own
	// Ir per op, deferred -> so: citm_catalog 9.750M -> 9.423M, code
	// 27.15M -> 26.95M, twitter 4.201M -> 4.207M (N=10), medium 43,180 ->
	// 42,930 (N=2000).
	start, ostart := len(*stack), len(e.order)
	if start+n > e.entriesHigh {
		e.entriesHigh = start + n // the most entries this map puts on stack
	}
	depth := e.w.Depth()
	set := shapeSet(n, depth)
	depth = shapeDepth(depth, sorted)
	slot := set*shapeWays | int(e.shapeLast[set]) // the way hit last first
	// The groups of a map of one table that is not sparse, whose keys
	// are matched with a shape's by tableMapAsShape.
	var table rt.MapTable[V]
	if n <= maxIndexedKeys {
		if table = rt.TableMap(m); len(table) > n {
			table = nil
		}
	}
ways:
	for range shapeWays {
		off := e.shape(slot, n, depth)
		if off < 0 {
			slot ^= 1
			continue
		}
		if table != nil {
			if !tableMapAsShape(e, table, slot, off, n, stack) {
				slot ^= 1
				continue
			}
		} else {
			for _, k := range e.shapeKeys[off : off+n] {
				v, ok := m[k]
				if !ok {
					*stack = (*stack)[:start]
					slot ^= 1
					continue ways
				}
				*stack = append(*stack, keyedEntry[V]{key: k, val: v})
			}
		}
		e.shapeLast[set] = uint8(slot & 1)
		gen, refs := e.shapeGen, e.shapeKeyRefs(off)
		for i := range n {
			// Nested maps may reallocate the stack: index it afresh.
			en := &(*stack)[start+i]
			k, v := en.key, en.val
			if !refs || !e.writeShapeKeyRef(gen, off+i) {
				if err := e.writeShapeKey(k, gen, off, i); err != nil {
					return err // it names the key
				}
			}
			if err := write(e, v); err != nil {
				// k may be the state's copy (see keepShapes).
				return withName(err, strings.Clone(k))
			}
		}
		*stack = (*stack)[:start]
		return e.w.WriteEndObject()
	}
	for k, v := range m {
		*stack = append(*stack, keyedEntry[V]{key: k, val: v})
	}
	mask := ^uint64(0)
	if sorted {
		mask = sortEntries(e, (*stack)[start:])
	} else { // the shape keeps the order of this iteration
		for i := range n {
			e.order = append(e.order, uint64(i))
		}
	}
	off := e.newShape(set, n, depth)
	gen := e.shapeGen
	if off >= 0 {
		keys := e.shapeKeys[off : off+n]
		for i := range keys {
			keys[i] = (*stack)[start+int(e.order[ostart+i]&mask)].key
		}
	}
	for i := range n {
		// Nested maps may reallocate both stacks: index them afresh.
		en := &(*stack)[start+int(e.order[ostart+i]&mask)]
		k, v := en.key, en.val
		if err := e.writeShapeKey(k, gen, off, i); err != nil {
			return err // it names the key
		}
		if err := write(e, v); err != nil {
			return withName(err, k)
		}
	}
	*stack = (*stack)[:start]
	e.order = e.order[:ostart]
	return e.w.WriteEndObject()
}

// encodeSmallMap writes the entries of a small map, held in the full
// slots (see rt.SmallMap), and ends the object: sorted by key whatever
// the MapKeyOrder (MapKeysUnsorted promises no order), without hashing
// its keys nor starting an iteration. Its keys are matched with those of
// a remembered shape of their number (see keyShape): in the slots where
// the last map of that shape held them (smallMapAsBefore), else sorted
// (sortSmallMap). Looking a shape's keys up in the map hashed each
// (runtime.mapaccess2_faststr was 30% of the CPU profile of
// MarshalAny/citm_catalog and code). BenchmarkMarshalAny, CPU time per
// op (the machine's load made wall clock unreadable and valgrind fail),
// GOMAXPROCS=1, alternated pairs, median ratio looked up -> read here:
// smile, 12 pairs, medium 0.89, code 0.73, citm_catalog 0.98, small 1.02
// (whose one map has 10 entries: its path is unchanged), 4 pairs,
// twitter 1.02, canada 1.04; smile-unsorted, 4 pairs, medium 0.81,
// twitter 0.97, citm_catalog 0.93, canada 0.86, code 0.78, small 1.07.
func encodeSmallMap[V any](e *encodeState, slots *[rt.MapGroupSlots]rt.MapSlot[V], full uint64, write func(*encodeState, V) error) error {
	if full == 0 {
		return e.w.WriteEndObject()
	}
	n := bits.OnesCount64(full)
	depth := e.w.Depth()
	set := shapeSet(n, depth)
	depth = shapeDepth(depth, true)
	var order [rt.MapGroupSlots]uint8 // the slots in the order of their keys
	off := smallMapAsBefore(e, slots, full, set, n, depth, &order)
	if off < 0 {
		off = sortSmallMap(e, slots, full, set, n, depth, &order)
	}
	gen := e.shapeGen
	for i := range n {
		sl := &slots[order[i]&7]
		k := sl.Key
		if off < 0 || !e.writeShapeKeyRef(gen, off+i) {
			if err := e.writeShapeKey(k, gen, off, i); err != nil {
				return err // it names the key
			}
		}
		if err := write(e, sl.Elem); err != nil {
			return withName(err, k)
		}
	}
	return e.w.WriteEndObject()
}

// smallMapAsBefore returns the offset of the shape of the small map in
// slots when the map holds its keys in the slots where the map that last
// hit or made that shape held them (keyShape's groupFull and groupOrder), and then
// sets order to those slots; else it returns -1. A small map puts a new
// key in its first free slot, so the maps decoded from records of the
// same keys in the same order, the usual case, all hold them alike: a
// map so matched is neither sorted nor has its keys' heads read.
// callgrind, whole program, Ir per op of BenchmarkMarshalAny/<set>/smile
// (N and 2N runs, GOGC=off; N=10, 2000 for medium), every small map
// sorted -> so: code 36.95M -> 29.72M, citm_catalog 12.04M -> 11.03M,
// medium 55.4k -> 48.9k; twitter, canada and small (whose one map has 10
// entries) within 1%.
func smallMapAsBefore[V any](e *encodeState, slots *[rt.MapGroupSlots]rt.MapSlot[V], full uint64, set, n, depth int, order *[rt.MapGroupSlots]uint8) int {
	slot := set*shapeWays | int(e.shapeLast[set]) // the way hit last only
	off := e.shape(slot, n, depth)
	sh := &e.shapes[slot]
	if off < 0 || sh.groupFull != full {
		return -1
	}
	at := sh.groupOrder
	for i, sk := range e.shapeKeys[off : off+n] {
		j := uint8(at>>(3*i)) & 7
		if slots[j].Key != sk {
			return -1
		}
		order[i] = j
	}
	return off
}

// sortSmallMap sets order to the slots of the small map in slots in the
// order of their keys, and returns the offset of its shape, found or
// made, or -1 when there is none: the keys are sorted as packed numbers,
// each the first bytes of a key above its slot, and compared with the
// keys of the remembered shapes of their number (see keyShape); a shape
// remembers in which slots the map held its keys (see smallMapAsBefore).
func sortSmallMap[V any](e *encodeState, slots *[rt.MapGroupSlots]rt.MapSlot[V], full uint64, set, n, depth int, order *[rt.MapGroupSlots]uint8) int {
	var heads [rt.MapGroupSlots]uint64
	k := 0
	for f := full; f != 0; f &= f - 1 {
		i := bits.TrailingZeros64(f) >> 3
		heads[k] = keyHead(slots[i].Key)&^7 | uint64(i)
		k++
	}
	// Insertion sort: at most 8 numbers, keys of equal heads compared whole.
	for i := 1; i < n; i++ {
		x := heads[i]
		j := i
		for ; j > 0; j-- {
			y := heads[j-1]
			if x>>3 != y>>3 {
				if x > y {
					break
				}
			} else if slots[x&7].Key > slots[y&7].Key {
				break
			}
			heads[j] = y
		}
		heads[j] = x
	}
	var at uint32 // the slots, 3 bits each, in the order of the keys
	for i := range n {
		order[i] = uint8(heads[i] & 7)
		at |= uint32(order[i]) << (3 * i)
	}
	slot := set*shapeWays | int(e.shapeLast[set]) // the way hit last first
ways:
	for range shapeWays {
		if off := e.shape(slot, n, depth); off >= 0 {
			for i, sk := range e.shapeKeys[off : off+n] {
				if slots[order[i]].Key != sk {
					slot ^= 1
					continue ways
				}
			}
			e.shapeLast[set] = uint8(slot & 1)
			e.shapes[slot].groupFull, e.shapes[slot].groupOrder = full, at
			return off
		}
		slot ^= 1
	}
	off := e.newShape(set, n, depth)
	if off >= 0 {
		for i := range e.shapeKeys[off : off+n] {
			e.shapeKeys[off+i] = slots[order[i]].Key
		}
		slot = set*shapeWays | int(e.shapeLast[set]) // made there by newShape
		e.shapes[slot].groupFull, e.shapes[slot].groupOrder = full, at
	}
	return off
}

// clearMapEntries empties e's stacks of map entries and clears the
// entries the maps of the document left on them, above their lengths
// (see encodeStringKeyMap), so that a pooled state does not keep the
// caller's values alive. It clears up to the document's high-water
// mark, not the stacks' capacity, which stays that of the largest
// document the state wrote: after one Marshal of a map[string]any of
// 15,000 entries, clearing to the capacity cost each later Marshal of a
// two-entry map about 76,000 instructions, against about 2,000 before
// it (BenchmarkMarshalAfterLargeMap).
func (e *encodeState) clearMapEntries() {
	clear(e.stringEntries[:min(e.entriesHigh, cap(e.stringEntries))])
	clear(e.anyEntries[:min(e.entriesHigh, cap(e.anyEntries))])
	e.entriesHigh = 0
	e.stringEntries = e.stringEntries[:0]
	e.anyEntries = e.anyEntries[:0]
	e.order = e.order[:0]
}

// encodeMapUnsorted writes the entries in Go's iteration order.
func encodeMapUnsorted(e *encodeState, mt *rt.MapType, keyOf keyFunc, elem encoderFunc, p unsafe.Pointer) error {
	if err := e.writeStartObject(); err != nil {
		return err
	}
	arena := len(e.keyArena)
	it := e.startMapRange(mt, p)
	defer e.stopMapRange(it)
	for {
		kp, ep, ok := it.Next()
		if !ok {
			break
		}
		s, inArena, err := keyOf(e, kp)
		if err == nil {
			if inArena {
				s = rt.String(e.keyArena[arena:])
			}
			err = e.writeKey(s)
		}
		if err == nil {
			if err = elem(e, ep); err != nil {
				err = withName(err, strings.Clone(s)) // s may point into the arena
			}
		}
		e.keyArena = e.keyArena[:arena]
		if err != nil {
			return err
		}
	}
	return e.w.WriteEndObject()
}

// encodeMapSorted collects the entries on e.entries, sorts them by key and
// writes them. Nested maps push their entries above these.
func encodeMapSorted(e *encodeState, mt *rt.MapType, keyOf keyFunc, elem encoderFunc, p unsafe.Pointer) error {
	start, arena := len(e.entries), len(e.keyArena)
	defer func() {
		clear(e.entries[start:])
		e.entries = e.entries[:start]
		e.keyArena = e.keyArena[:arena]
	}()
	it := e.startMapRange(mt, p)
	for {
		kp, ep, ok := it.Next()
		if !ok {
			break
		}
		off := len(e.keyArena)
		s, inArena, err := keyOf(e, kp)
		if err != nil {
			e.stopMapRange(it)
			return err
		}
		e.entries = append(e.entries, mapEntry{key: s, elem: ep, off: off, end: len(e.keyArena), inArena: inArena})
	}
	e.stopMapRange(it)
	entries := e.entries[start:]
	// The arena is complete: the keys can point into it. Nested maps
	// append above them, and a reallocation leaves these bytes where they
	// are, in the old array.
	for i := range entries {
		if en := &entries[i]; en.inArena {
			en.key = rt.String(e.keyArena[en.off:en.end])
		}
	}
	ostart := len(e.order)
	defer func() { e.order = e.order[:ostart] }()
	mask := sortKeys(e, len(entries), func(i int) string { return entries[i].key })

	if err := e.writeStartObject(); err != nil {
		return err
	}
	for i := range entries {
		// e.entries and e.order may be reallocated by nested maps:
		// index them afresh.
		en := e.entries[start+int(e.order[ostart+i]&mask)]
		if err := e.writeKey(en.key); err != nil {
			return err // it names the key
		}
		if err := elem(e, en.elem); err != nil {
			return withName(err, strings.Clone(en.key)) // the key may point into the arena
		}
	}
	return e.w.WriteEndObject()
}

// startMapRange starts an iteration over the map at p with an iterator
// from e's stack of them (reused, so that iterating does not allocate).
// stopMapRange must be called with it when the iteration is over.
func (e *encodeState) startMapRange(mt *rt.MapType, p unsafe.Pointer) *rt.MapRange {
	if e.mapRanges == len(e.ranges) {
		e.ranges = append(e.ranges, new(rt.MapRange))
	}
	it := e.ranges[e.mapRanges]
	e.mapRanges++
	it.Start(mt, p)
	return it
}

// stopMapRange ends the innermost iteration started by startMapRange.
func (e *encodeState) stopMapRange(it *rt.MapRange) {
	it.Stop()
	e.mapRanges--
}

// mapKeyFunc returns the key function of key type kt, or nil when kt
// cannot be a Smile key.
func mapKeyFunc(kt reflect.Type) keyFunc {
	if kt.Kind() == reflect.String {
		return func(_ *encodeState, p unsafe.Pointer) (string, bool, error) { return *(*string)(p), false, nil }
	}
	if kt.Implements(textMarshalerType) {
		rtk := rt.TypeOf(kt)
		return func(e *encodeState, p unsafe.Pointer) (string, bool, error) {
			if kt.Kind() == reflect.Pointer && rt.Deref(p) == nil {
				return "", false, nil
			}
			b, err := rtk.Value(p).(encoding.TextMarshaler).MarshalText()
			if err != nil {
				return "", false, &MarshalerError{Type: kt, Err: err, sourceFunc: "MarshalText"}
			}
			e.keyArena = append(e.keyArena, b...)
			return "", true, nil
		}
	}
	switch kt.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		get := intGetter(kt.Kind())
		return func(e *encodeState, p unsafe.Pointer) (string, bool, error) {
			e.keyArena = strconv.AppendInt(e.keyArena, get(p), 10)
			return "", true, nil
		}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		get := uintGetter(kt.Kind())
		return func(e *encodeState, p unsafe.Pointer) (string, bool, error) {
			e.keyArena = strconv.AppendUint(e.keyArena, get(p), 10)
			return "", true, nil
		}
	}
	return nil
}

// intGetter returns a function reading a signed integer of kind k.
func intGetter(k reflect.Kind) func(unsafe.Pointer) int64 {
	switch k {
	case reflect.Int8:
		return func(p unsafe.Pointer) int64 { return int64(*(*int8)(p)) }
	case reflect.Int16:
		return func(p unsafe.Pointer) int64 { return int64(*(*int16)(p)) }
	case reflect.Int32:
		return func(p unsafe.Pointer) int64 { return int64(*(*int32)(p)) }
	case reflect.Int64:
		return func(p unsafe.Pointer) int64 { return *(*int64)(p) }
	}
	return func(p unsafe.Pointer) int64 { return int64(*(*int)(p)) }
}

// uintGetter returns a function reading an unsigned integer of kind k.
func uintGetter(k reflect.Kind) func(unsafe.Pointer) uint64 {
	switch k {
	case reflect.Uint8:
		return func(p unsafe.Pointer) uint64 { return uint64(*(*uint8)(p)) }
	case reflect.Uint16:
		return func(p unsafe.Pointer) uint64 { return uint64(*(*uint16)(p)) }
	case reflect.Uint32:
		return func(p unsafe.Pointer) uint64 { return uint64(*(*uint32)(p)) }
	case reflect.Uint64:
		return func(p unsafe.Pointer) uint64 { return *(*uint64)(p) }
	case reflect.Uintptr:
		return func(p unsafe.Pointer) uint64 { return uint64(*(*uintptr)(p)) }
	}
	return func(p unsafe.Pointer) uint64 { return uint64(*(*uint)(p)) }
}
