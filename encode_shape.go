package smile

import (
	"cmp"
	"math/bits"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/go-smile/smile/internal/rt"
)

// shapeKeyRefs reports whether the keys of the shape at off are likely
// to be written as references by writeShapeKeyRef: whether its first
// key's tag is of the current generation of the Writer's shared-name
// table. A shape's keys are all written in full by the first map of the
// shape in a document, and all as references by the maps after it. A map
// of more than 8 entries checks once, so that the first map of its shape
// in a document, such as small's one map, pays no check per key that is
// bound to fail. Small maps check per key only, which measured faster
// for them (bash bench/callgrind.sh MarshalAny/<set>, N=10, Ir per op in
// all, checking once per small map too -> per key only: code 27.62M ->
// 27.13M, citm_catalog 10.83M -> 10.28M).
func (e *encodeState) shapeKeyRefs(off int) bool {
	return export.KeyTagCurrent(e.w, e.shapeTags[off][0])
}

// writeShapeKeyRef writes key i of e.shapeKeys (not counted from the
// shape's offset, as writeShapeKey's is: that cost 1.2%, callgrind of a
// loop of Marshal of code decoded into any, 26.85M -> 27.16M Ir per
// call) in generation gen, and reports whether it did, when
// that generation lasts and the key's tag holds a reference to it
// (export.TryWriteKeyRef); else the caller writes the key with
// writeShapeKey. It inlines, so that the usual key of a map of records
// after the first is written without a call. bash
// bench/callgrind.sh MarshalAny/<set> (N=10; 2000 for medium, 20000 for
// small), Ir per op in all, writeShapeKey for every key -> so: code
// 29.86M -> 27.13M, citm_catalog 11.25M -> 10.28M, twitter 5.729M ->
// 5.685M (go-smile's own 4.352M -> 4.119M), medium 48,864 -> 47,598,
// small 7,854 -> 7,917 (its keys all written in full).
func (e *encodeState) writeShapeKeyRef(gen uint32, i int) bool {
	return e.shapeGen == gen && export.TryWriteKeyRef(e.w, e.shapeTags[i][0])
}

// writeShapeKey writes k, key i of the map whose shape is at off in
// e.shapeKeys in generation gen, with its tag (see keyShape) while that
// generation lasts; a map of no shape (off < 0) writes it with writeKey.
func (e *encodeState) writeShapeKey(k string, gen uint32, off, i int) error {
	if off < 0 {
		return e.writeKey(k)
	}
	if e.shapeGen == gen {
		err := export.WriteKeyTagged(e.w, k, &e.shapeTags[off+i])
		if err == nil || utf8.ValidString(k) {
			return err
		}
	}
	if !utf8.ValidString(k) {
		// The error or the fix may keep k, which may be the state's
		// copy (see keepShapes).
		k = strings.Clone(k)
	}
	return e.writeKey(k)
}

// A keyShape is the sorted keys of a map written before:
// e.shapeKeys[off:off+n], while gen is e.shapeGen.
//
// The maps of a tree are often records of the same keys (the elements of
// an array of objects), and a map with the keys of one written before is
// written in that map's order by looking up its values, without iterating
// over it and sorting its keys: len(m) lookups that all succeed prove
// that m has exactly those keys (as do len(m) keys of a map of one table
// all found in the shape's keyIndex: see tableMapAsShape). The last two
// maps of each length and depth are remembered (shapeSet, with the depth
// in the shape: maps of other lengths and depths may share the set), so
// that records and the records inside them do not push out each other's
// shapes, and two kinds of records of one length may alternate. The keys
// of a remembered shape keep their shared-name tags (stream's
// WriteKeyTagged), so that writing them again needs no hashing of the
// names. callgrind, bench/callgrind.sh
// MarshalAny/<set> with the smile codec (sorted keys), Ir per call,
// before -> with shapes -> with their tags too: medium 80.5k -> 76.8k ->
// 68.5k, twitter 10.70M -> 8.82M -> 7.30M, citm_catalog 21.3M -> 16.8M
// -> 14.2M, code 57.9M -> 54.0M -> 41.9M.
//
// The sorted order of a key set is a function of the set, whatever the
// document: a pooled state keeps its shapes for the next document (see
// keepShapes), so that the maps of documents of one kind hit from their
// first occurrence on, the root map included. callgrind, bench/
// callgrind.sh MarshalAny/<set> (N=20, N=2000 for small and medium), Ir
// per op, one shape per length and depth forgotten after each document
// -> two kept (with WriteKeyTagged hashing a name once, which the kept
// root shape of small needs: see there): small 9,681 -> 8,862, medium
// 67.4k -> 62.8k, twitter 7.14M -> 6.50M, citm_catalog 14.05M ->
// 14.13M, code 41.98M -> 42.04M.
type keyShape struct {
	off, n int32
	// depth is shapeDepth of the map, which tells shapes of one set
	// apart, and those of sorted maps from MapKeysUnsorted's.
	depth int32
	gen   uint32
	// groupFull and groupOrder are where the small map (rt.SmallMap)
	// that last hit or made the shape held its keys: the mask of its
	// full slots, and their indices, 3 bits each, in the order of the
	// keys (see smallMapAsBefore). groupFull is 0 when no small map did.
	groupFull  uint64
	groupOrder uint32
	// indexed is set when e.keyIndexes holds the shape's key index.
	indexed bool
}

// shapeDepth is the depth of a keyShape of a map at depth (the Writer's,
// inside the map): twice that, plus 1 for a shape of MapKeysUnsorted,
// whose keys are in the order of an iteration, which a sorted map must
// not use.
func shapeDepth(depth int, sorted bool) int {
	if sorted {
		return 2 * depth
	}
	return 2*depth + 1
}

// shapeSets is the number of sets of shapes remembered, each of
// shapeWays (two) shapes (the last maps of one length and depth, or of others
// that fall in the same set); maxShapeKeys bounds the keys they hold,
// maxShapeLen the length of a map whose keys are remembered, and
// maxShapeBytes the bytes of the keys a state keeps from one document to
// the next.
const (
	shapeSets     = 64
	shapeWays     = 2
	shapeSlots    = shapeSets * shapeWays
	maxShapeKeys  = 2048
	maxShapeLen   = 256
	maxShapeBytes = 16 << 10
)

// shapeSet returns the set of the shapes of maps of n entries at depth
// (the Writer's, inside the map): maps of up to 8 entries at depths up to
// 8 each have their own.
func shapeSet(n, depth int) int { return (n*8 + depth) & (shapeSets - 1) }

// shape returns the offset in e.shapeKeys of the shape in slot, if it
// has n keys and is of depth, else -1.
func (e *encodeState) shape(slot, n, depth int) int {
	sh := &e.shapes[slot]
	if int(sh.n) != n || int(sh.depth) != depth || sh.gen != e.shapeGen {
		return -1
	}
	return int(sh.off)
}

// newShape makes room in e.shapeKeys for the n keys of a new shape in
// set, in place of the shape of the set hit least recently, which the
// caller stores in order, and returns their offset, or -1 when such a
// map is too long to remember. When the keys would exceed maxShapeKeys,
// the shapes remembered so far are forgotten first.
func (e *encodeState) newShape(set, n, depth int) int {
	if n > maxShapeLen {
		return -1
	}
	way := e.shapeLast[set] ^ 1
	slot := set*shapeWays | int(way)
	e.shapeLast[set] = way
	off := len(e.shapeKeys)
	if off+n > maxShapeKeys {
		e.forgetShapes()
		off = 0
	}
	e.shapeKeys = append(e.shapeKeys, make([]string, n)...)
	e.shapeTags = append(e.shapeTags, make([][2]uint64, n)...)
	e.shapes[slot] = keyShape{off: int32(off), n: int32(n), depth: int32(depth), gen: e.shapeGen}
	return off
}

// forgetShapes forgets the shapes of the maps written so far, and the
// strings of their keys.
func (e *encodeState) forgetShapes() {
	clear(e.shapeKeys)
	e.shapeKeys = e.shapeKeys[:0]
	e.shapeTags = e.shapeTags[:0]
	// The bytes are written again by keepShapes only, after the
	// document: no map being written holds them then, and errors hold
	// copies of the keys (see encodeStringKeyMap, writeShapeKey).
	e.shapeBytes = e.shapeBytes[:0]
	e.shapeOwned = 0
	e.shapeGen++
	if e.shapeGen == 0 { // wrapped around: old shapes could look current
		e.shapes = [shapeSlots]keyShape{}
		e.shapeGen = 1
	}
}

// dropShapeTags forgets the shared-name tags of the shapes' keys, which
// belong to the Writer they were written with, when e writes with another
// (see MarshalEncode): a tag is stale for another Writer, but may look
// current to it.
func (e *encodeState) dropShapeTags() { clear(e.shapeTags) }

// keepShapes readies the shapes for the next document, after one was
// written: the shapes made in this document that are still remembered
// get copies of their keys in e.shapeBytes, and move down in
// e.shapeKeys over those no longer remembered, so that the state keeps
// none of the caller's strings alive. Their tags stay, stale for the
// next document's Writer generation, but they spare the keys' UTF-8
// checks (see stream's WriteKeyTagged). When the copies would exceed
// maxShapeBytes, every shape is forgotten instead.
//
// A state so keeps up to maxShapeBytes of key bytes, and the slices of
// maxShapeKeys strings and tags it kept before, while it is pooled.
func (e *encodeState) keepShapes() {
	owned := e.shapeOwned
	if len(e.shapeKeys) == owned {
		return
	}
	// The new shapes still remembered, in the order of their offsets.
	var made [shapeSlots]uint8
	live := made[:0]
	size := 0
	for s := range e.shapes {
		if sh := &e.shapes[s]; sh.gen == e.shapeGen && int(sh.off) >= owned {
			live = append(live, uint8(s))
			for _, k := range e.shapeKeys[sh.off : sh.off+sh.n] {
				size += len(k)
			}
		}
	}
	if len(e.shapeBytes)+size > maxShapeBytes {
		e.forgetShapes()
		return
	}
	if e.shapeBytes == nil {
		e.shapeBytes = make([]byte, 0, maxShapeBytes) // never grown: the copies stay where they are
	}
	slices.SortFunc(live, func(a, b uint8) int { return cmp.Compare(e.shapes[a].off, e.shapes[b].off) })
	dst := owned
	for _, s := range live {
		sh := &e.shapes[s]
		off, n := int(sh.off), int(sh.n)
		for i, k := range e.shapeKeys[off : off+n] {
			at := len(e.shapeBytes)
			e.shapeBytes = append(e.shapeBytes, k...)
			e.shapeKeys[dst+i] = rt.String(e.shapeBytes[at:])
		}
		copy(e.shapeTags[dst:dst+n], e.shapeTags[off:off+n])
		sh.off = int32(dst)
		dst += n
	}
	clear(e.shapeKeys[dst:])
	e.shapeKeys = e.shapeKeys[:dst]
	e.shapeTags = e.shapeTags[:dst]
	e.shapeOwned = dst
}

// A keyIndex finds the keys of a shape of up to maxIndexedKeys keys by
// their content: slot keyPrint(k), or the first after it that holds
// k's index in the shape or noKey, holds k's index. It lets
// tableMapAsShape match the keys of a map of one table, read in the order
// of its slots, with a shape's without hashing them, as a lookup in the
// map does. Its 64 slots hold 16 keys at most, so that probes are short.
//
// Maps of more entries are looked up: twitter's of 23 to 40 entries,
// matched by a key index (of 128 slots), cost 11% fewer instructions
// (callgrind, 5.82M -> 5.18M per op) and no more branch or cache misses
// as callgrind simulates them, but ran 5% slower on the clock
// (BenchmarkMarshalAny/twitter/smile, GOMAXPROCS=1, 10 alternated runs,
// benchstat: 562.1us -> 591.7us, p=0.000; limited to 16 entries, 563.7us).
// Measured again in a later session, up to 48 entries: 5.99M -> 5.28M
// Ir per op, 592.0us -> 631.6us on the clock (16 alternated runs,
// p=0.000).
type keyIndex [64]uint8

const (
	maxIndexedKeys = 16
	noKey          = 0xFF
)

// keyPrint returns the slot of a keyIndex where the probe for k starts:
// its length and three of its bytes, mixed by a multiplication whose top
// six bits are the slot. Keys that agree in those collide, and are told
// apart by comparing them whole.
func keyPrint(k string) uint32 {
	x := uint32(len(k)) << 24
	if len(k) > 0 {
		x |= uint32(k[0])<<16 | uint32(k[len(k)>>1])<<8 | uint32(k[len(k)-1])
	}
	return x * 0x9E3779B1 >> (32 - 6)
}

// keyIndex returns the key index of the shape of n keys at off in slot,
// made at its first use after newShape made the shape.
func (e *encodeState) keyIndex(slot, off, n int) *keyIndex {
	if e.keyIndexes == nil {
		e.keyIndexes = new([shapeSlots]keyIndex)
	}
	ix := &e.keyIndexes[slot]
	if sh := &e.shapes[slot]; !sh.indexed {
		for i := range ix {
			ix[i] = noKey
		}
		for i, k := range e.shapeKeys[off : off+n] {
			p := keyPrint(k)
			for ix[p] != noKey {
				p = (p + 1) % uint32(len(ix))
			}
			ix[p] = uint8(i)
		}
		sh.indexed = true
	}
	return ix
}

// tableMapAsShape puts on stack the entries of a map of n entries, whose
// one table's groups are t, in the order of the n keys of the shape at
// off in slot, and reports whether those are the map's keys; if not, it
// leaves stack as it was. Each key, read from the map's slots, is found
// in the shape by its keyIndex and compared whole; as every key of the
// map is distinct, n keys found fill the n places. So an index out of
// date could only make a map miss its shape, never write wrong bytes.
// Where encodeStringKeyMap looked each key of the shape up in the map,
// which hashes it: bash bench/callgrind.sh MarshalAny/<set>, Ir per op
// in all, lookups -> key index: small (N=20000) 7,798 -> 7,255, medium
// (N=2000) 47,180 -> 45,801, citm_catalog (N=10) 10.42M -> 10.32M, code
// 27.43M -> 26.33M; BenchmarkMarshalAny/<set>/smile, GOMAXPROCS=1, 10
// alternated runs, benchstat: small 536.2ns -> 472.6ns (-11.9%,
// p=0.000; smile-unsorted -11.7%), medium 3.152us -> 3.036us (-3.7%,
// p=0.003), twitter and citm_catalog unchanged (p > 0.1).
func tableMapAsShape[V any](e *encodeState, t rt.MapTable[V], slot, off, n int, stack *[]keyedEntry[V]) bool {
	start := len(*stack)
	all := slices.Grow(*stack, n)[:start+n]
	entries := all[start:]
	keys := e.shapeKeys[off : off+n]
	ix := e.keyIndex(slot, off, n)
	found := 0
	for g := range t {
		slots, full := t.Group(g)
		for ; full != 0; full &= full - 1 {
			sl := &slots[bits.TrailingZeros64(full)>>3]
			p := keyPrint(sl.Key)
			for {
				i := int(ix[p])
				if i >= n { // noKey: not a key of the shape
					return false
				}
				if keys[i] == sl.Key {
					entries[i] = keyedEntry[V]{key: keys[i], val: sl.Elem}
					break
				}
				p = (p + 1) % uint32(len(ix))
			}
			found++
		}
	}
	if found != n {
		return false
	}
	*stack = all
	return true
}
