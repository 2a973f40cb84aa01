package smile

import (
	"hash/maphash"
	"sync/atomic"
)

// Objects of indexMinMembers members or more get a key index, a hash
// table of their keys, built at their second lookup by Get; smaller ones
// are searched linearly. (BenchmarkDocumentGet; see the commit that
// set it for the figures.)
const indexMinMembers = 32

// Arrays of indexMinElements elements or more get a table of their
// elements' tape indexes, built at the second call of Index, so that
// Index takes one step; smaller ones are stepped through.
// (BenchmarkDocumentIndex; see the commit that set it for the figures.)
const indexMinElements = 64

// The index of a large object is a table of 2n uint32 slots for its n
// members, in one slab shared by the Document's indexes
// (Document.idxSlab), each slot 0 or the tape index of a key word;
// open addressing, linear probing, the slot of a key the high half of
// its 64-bit hash times 2n (no power of two, so that the table takes
// exactly 8 bytes per member: within DocumentBytesPerByte, since a
// member takes at least 2 bytes of input).
//
// The object's first tape word holds, in bits 32 to 55 above its end
// index, 1 + its ordinal among the large objects (0: no index; the
// objects past the 2^24-1st are searched linearly). By ordinal,
// idxStart is where its table starts in the slab, and idxState how far
// its index is: 0, never looked up; 1, looked up once; 2, being built by
// one goroutine (the others search linearly meanwhile); 3, built. The
// builder writes its table and then stores 3, which a reader loads
// before reading the table: the atomics order the two, so concurrent
// readers never race (TestDocumentIndexConcurrent under -race).
const (
	idxOrdShift = 32
	idxOrdMask  = 1<<(tagShift-idxOrdShift) - 1

	idxNone     = 0
	idxOnce     = 1
	idxBuilding = 2
	idxBuilt    = 3
)

// noteLarge records, when the object (obj) or array at tape index at
// closes with n members or elements, that it gets an index if it is
// large enough.
func (d *Document) noteLarge(tape []uint64, at, n int, obj bool) {
	size := 2 * n
	if !obj {
		if n < indexMinElements {
			return
		}
		size = n
	} else if n < indexMinMembers {
		return
	}
	if len(d.idxStart) >= idxOrdMask {
		return
	}
	d.idxStart = append(d.idxStart, uint32(d.idxNeed))
	d.idxState = append(d.idxState, idxNone)
	d.idxNeed += size
	tape[at] |= uint64(len(d.idxStart)) << idxOrdShift
}

// ready reports whether the index of ordinal k, of the container at
// tape index i, is built, building it at the second call.
func (d *Document) ready(i, k uint32) bool {
	st := &d.idxState[k]
	switch atomic.LoadUint32(st) {
	case idxBuilt:
		return true
	case idxNone:
		atomic.CompareAndSwapUint32(st, idxNone, idxOnce)
	case idxOnce:
		if !atomic.CompareAndSwapUint32(st, idxOnce, idxBuilding) {
			return false
		}
		if !d.slabReady() {
			atomic.StoreUint32(st, idxOnce) // another goroutine is making the slab: next time
			return false
		}
		if uint8(d.tape[i]>>tagShift) == tObject {
			d.buildIndex(i, k)
		} else {
			d.buildOffsets(i, k)
		}
		atomic.StoreUint32(st, idxBuilt)
		return true
	}
	return false
}

// element returns the tape index of element e of the array at tape
// index i, ordinal k, from its table, or false when the table is not
// there yet.
func (d *Document) element(i, k uint32, e int) (uint32, bool) {
	if !d.ready(i, k) {
		return 0, false
	}
	return d.idxSlab[d.idxStart[k]+uint32(e)], true
}

// buildOffsets builds the table of the array at tape index i, ordinal k:
// the tape index of each element.
func (d *Document) buildOffsets(i, k uint32) {
	tab := d.idxSlab[d.idxStart[k]:][:uint32(d.tape[i+1])]
	j := i + 2
	for e := range tab {
		tab[e] = j
		j = d.skip(j)
	}
}

// lookup finds key in the object at tape index i by its index, k its
// ordinal: the tape index of the key word of its last member named key
// (0 for none), and true; or false when the index is not there yet (the
// first lookup, or another goroutine building it), for a linear search.
func (d *Document) lookup(i, k uint32, key string) (uint32, bool) {
	if !d.ready(i, k) {
		return 0, false
	}
	n := uint64(uint32(d.tape[i+1]))
	size := 2 * n
	tab := d.idxSlab[d.idxStart[k] : uint64(d.idxStart[k])+size]
	s := maphash.String(d.idxSeed, key) >> 32 * size >> 32
	for {
		j := tab[s]
		if j == 0 {
			return 0, true
		}
		if string(d.keyAt(j)) == key {
			return j, true
		}
		if s++; s == size {
			s = 0
		}
	}
}

// slabReady reports whether d.idxSlab and d.idxSeed are ready, making
// them if no other goroutine is: false while another is. (An atomic
// state, not a sync.Mutex, so that a Document stays a value that may be
// copied before use.)
func (d *Document) slabReady() bool {
	switch atomic.LoadUint32(&d.idxSlabState) {
	case idxBuilt:
		return true
	case idxNone:
		if atomic.CompareAndSwapUint32(&d.idxSlabState, idxNone, idxBuilding) {
			if cap(d.idxSlab) >= d.idxNeed {
				d.idxSlab = d.idxSlab[:d.idxNeed] // each table is cleared as it is built
			} else {
				d.idxSlab = make([]uint32, d.idxNeed)
			}
			d.idxSeed = maphash.MakeSeed()
			atomic.StoreUint32(&d.idxSlabState, idxBuilt)
			return true
		}
	}
	return false
}

// buildIndex builds the index of the object at tape index i, ordinal k.
func (d *Document) buildIndex(i, k uint32) {
	slab := d.idxSlab
	n := uint64(uint32(d.tape[i+1]))
	size := 2 * n
	tab := slab[d.idxStart[k] : uint64(d.idxStart[k])+size]
	clear(tab)
	end := uint32(d.tape[i])
	for j := i + 2; j < end; j = d.skip(j + 1) {
		name := d.keyAt(j)
		s := maphash.Bytes(d.idxSeed, name) >> 32 * size >> 32
		for {
			if tab[s] == 0 || string(d.keyAt(tab[s])) == string(name) {
				tab[s] = j // a later duplicate replaces the earlier: Get returns the last
				break
			}
			if s++; s == size {
				s = 0
			}
		}
	}
}
