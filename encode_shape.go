package smile

import "unicode/utf8"

// writeShapeKey writes k, key i of e.shapeKeys in generation gen, with
// its tag (see keyShape) while that generation lasts.
func (e *encodeState) writeShapeKey(k string, gen uint32, i int) error {
	if e.shapeGen != gen {
		return e.writeKey(k)
	}
	err := export.WriteKeyTagged(e.w, k, &e.shapeTags[i])
	if err == nil || utf8.ValidString(k) {
		return err
	}
	return e.writeKey(k) // as writeKey fixes it
}

// A keyShape is the sorted keys of a map written before in the document
// being encoded: e.shapeKeys[off:off+n], while gen is e.shapeGen.
//
// The maps of a tree are often records of the same keys (the elements of
// an array of objects), and a map with the keys of one written before is
// written in that map's order by looking up its values, without iterating
// over it and sorting its keys: len(m) lookups that all succeed prove
// that m has exactly those keys. The last map of each length and depth
// is remembered (shapeSlot), so that records and the records inside them
// do not push out each other's shapes (a root map has no peers: its
// shape is not kept). The keys of a remembered shape keep their
// shared-name tags (stream's WriteKeyTagged), so that writing them again
// needs no hashing of the names. callgrind, bench/callgrind.sh
// MarshalAny/<set> with the smile codec (sorted keys), Ir per call,
// before -> with shapes -> with their tags too: medium 80.5k -> 76.8k ->
// 68.5k, twitter 10.70M -> 8.82M -> 7.30M, citm_catalog 21.3M -> 16.8M
// -> 14.2M, code 57.9M -> 54.0M -> 41.9M; small (one root map) 9.9k ->
// 9.8k.
type keyShape struct {
	off, n int32
	gen    uint32
}

// shapeSlots is the number of shapes remembered; maxShapeKeys bounds the
// keys they hold, and maxShapeLen the length of a map whose keys are
// remembered.
const (
	shapeSlots   = 64
	maxShapeKeys = 2048
	maxShapeLen  = 256
)

// shapeSlot returns the slot of the shape of a map of n entries at depth
// (the Writer's, inside the map).
func shapeSlot(n, depth int) int { return (n*8 + depth) & (shapeSlots - 1) }

// shape returns the offset in e.shapeKeys of the shape in slot, if it
// has n keys, else -1.
func (e *encodeState) shape(slot, n int) int {
	sh := &e.shapes[slot]
	if int(sh.n) != n || sh.gen != e.shapeGen {
		return -1
	}
	return int(sh.off)
}

// newShape makes room in e.shapeKeys for the n keys of a new shape in
// slot, which the caller stores in order, and returns their offset, or
// -1 when such a map is not remembered (too long, or the root). When
// the keys would exceed maxShapeKeys, the shapes remembered so far are
// forgotten first.
func (e *encodeState) newShape(slot, n, depth int) int {
	if n > maxShapeLen || depth <= 1 {
		return -1
	}
	off := len(e.shapeKeys)
	if off+n > maxShapeKeys {
		e.forgetShapes()
		off = 0
	}
	e.shapeKeys = append(e.shapeKeys, make([]string, n)...)
	e.shapeTags = append(e.shapeTags, make([]uint64, n)...)
	e.shapes[slot] = keyShape{off: int32(off), n: int32(n), gen: e.shapeGen}
	return off
}

// forgetShapes forgets the shapes of the maps written so far, and the
// strings of their keys.
func (e *encodeState) forgetShapes() {
	clear(e.shapeKeys)
	e.shapeKeys = e.shapeKeys[:0]
	e.shapeTags = e.shapeTags[:0]
	e.shapeGen++
	if e.shapeGen == 0 { // wrapped around: old shapes could look current
		e.shapes = [shapeSlots]keyShape{}
		e.shapeGen = 1
	}
}
