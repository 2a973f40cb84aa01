package stream

import (
	"sync"
	"sync/atomic"
)

// preparedNames gives the names of PreparedKeys their ids, one per name,
// so that the Writers' byKey caches know a name by its id whichever
// PreparedKey of that name wrote it, and finds the id of a name given by
// value (preparedNameID), so that a Writer can tell whether a key or
// string written by value was recorded through a PreparedKey. Names
// prepared beyond maxCachedKeys share the id maxCachedKeys, which the
// caches leave out and the index does not hold.
var preparedNames struct {
	mu sync.Mutex // serializes additions; lookups take no lock
	// keys[id] is the first PreparedKey of each id. It only grows: a
	// Writer that holds a PreparedKey with some id loads a slice that
	// has it.
	keys  atomic.Pointer[[]*PreparedKey]
	index atomic.Pointer[nameIndex]
}

// nameIndex is an open-addressed hash table with linear probing, at most
// half full, of the ids of the prepared names. Each slot holds the low 32
// bits of the name's table hash in its high half and id+1 in its low
// half; 0 is an empty slot. Slots are only ever filled, never changed,
// and a table that would be more than half full is replaced by a larger
// copy, so lookups need no lock.
type nameIndex struct {
	slots []atomic.Uint64 // a power of two long
	used  int             // filled slots; changed under preparedNames.mu
}

// preparedKeyID returns the id of the PreparedKeys of k's name, adding k to
// preparedNames when it is the first.
func preparedKeyID(k *PreparedKey) uint32 {
	p := &preparedNames
	p.mu.Lock()
	defer p.mu.Unlock()
	if id, ok := preparedNameID(k.name, k.hash); ok {
		return id
	}
	var keys []*PreparedKey
	if old := p.keys.Load(); old != nil {
		keys = *old
	}
	id := uint32(len(keys))
	if id >= maxCachedKeys {
		return maxCachedKeys
	}
	// Publish k before its slot, so that a lookup that finds the slot
	// finds k in the keys it loads next.
	keys = append(keys, k)
	p.keys.Store(&keys)
	ix := p.index.Load()
	if ix == nil || 2*(ix.used+1) > len(ix.slots) {
		size := 64
		if ix != nil {
			size = 2 * len(ix.slots)
		}
		ix = newNameIndex(keys[:id], size)
		p.index.Store(ix)
	}
	ix.put(k.hash, id)
	return id
}

// newNameIndex returns an index of size slots, a power of two, holding
// keys, by id.
func newNameIndex(keys []*PreparedKey, size int) *nameIndex {
	ix := &nameIndex{slots: make([]atomic.Uint64, size)}
	for id, k := range keys {
		ix.put(k.hash, uint32(id))
	}
	return ix
}

// put fills the first empty slot from hash h on with id.
func (ix *nameIndex) put(h uint64, id uint32) {
	mask := uint32(len(ix.slots) - 1)
	i := uint32(h) & mask
	for ix.slots[i].Load() != 0 {
		i = (i + 1) & mask
	}
	ix.slots[i].Store(uint64(uint32(h))<<32 | uint64(id+1))
	ix.used++
}

// preparedNameID returns the id of the prepared name s, whose table hash is
// h, if s was prepared (and given an id of its own).
func preparedNameID(s string, h uint64) (uint32, bool) {
	ix := preparedNames.index.Load()
	if ix == nil {
		return 0, false
	}
	mask := uint32(len(ix.slots) - 1)
	for i := uint32(h) & mask; ; i = (i + 1) & mask {
		e := ix.slots[i].Load()
		if e == 0 {
			return 0, false
		}
		if uint32(e>>32) == uint32(h) {
			if id := uint32(e) - 1; preparedKeysByID()[id].name == s {
				return id, true
			}
		}
	}
}

// preparedKeysByID returns the first PreparedKey of each id, by id.
func preparedKeysByID() []*PreparedKey { return *preparedNames.keys.Load() }
