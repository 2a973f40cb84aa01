package stream

import (
	"sync"
	"sync/atomic"
)

// Bounds of preparedNames, the process's registry of prepared names: at
// most maxCachedKeys names, of at most maxCachedKeyBytes bytes in all.
// A name prepared beyond them gets no id, and is looked up by value as
// WriteKey's are: the output is the same, but writing it takes about 1.8
// times the instructions. Callgrind, 200 keys of 20 names per op (see
// writer_string_bench_test.go for the command, N=200): 29,284 Ir/op for
// BenchmarkWriteRegisteredKey (keys with ids), 52,153 for
// BenchmarkWritePreparedKey (keys without, as beyond the bounds).
const (
	maxCachedKeys     = 1 << 16
	maxCachedKeyBytes = 1 << 20
)

// preparedNames gives the names of the root package's struct fields
// (the keys prepared by Internal's PrepareKey) their ids, one per name,
// so that the Writers' byKey caches know a name by its id whichever
// PreparedKey of that name wrote it. It is the only state stream keeps
// for the process besides the hash seed, and it is bounded (see
// maxCachedKeys); the public PrepareKey does not add to it.
var preparedNames nameRegistry

// A nameRegistry gives names ids, and finds the id of a name given by
// value (lookup), so that a Writer can tell whether a key or string
// written by value was recorded through a PreparedKey. Names beyond its
// bounds share the id maxCachedKeys, which the caches leave out and the
// index does not hold.
type nameRegistry struct {
	mu sync.Mutex // serializes additions; lookups take no lock
	// keys[id] is the first PreparedKey of each id. It only grows, up to
	// maxCachedKeys: a Writer that holds a PreparedKey with some id
	// loads a slice that has it.
	keys  atomic.Pointer[[]*PreparedKey]
	index atomic.Pointer[nameIndex]
	bytes int // the bytes of the names in keys; changed under mu
	// filter has bit h>>49 set for the table hash h of every name in
	// the index (a Bloom filter of one hash, 32K bits), so that most
	// strings that are no prepared name are told so without a probe of
	// the index (see sharedTable.mayBePrepared). Bits are only set.
	filter [filterWords]atomic.Uint64
}

// filterWords is the length of nameRegistry.filter: 4 KiB.
const filterWords = 1 << 9

// mayHold reports whether a name whose table hash is h may be in the
// index: false when its bit in filter is clear.
func (p *nameRegistry) mayHold(h uint64) bool {
	return p.filter[h>>55].Load()&(1<<(h>>49&63)) != 0
}

// nameIndex is an open-addressed hash table with linear probing, at most
// half full, of the ids of the prepared names. Each slot holds the low 32
// bits of the name's table hash in its high half and id+1 in its low
// half; 0 is an empty slot. Slots are only ever filled, never changed,
// and a table that would be more than half full is replaced by a larger
// copy, so lookups need no lock.
type nameIndex struct {
	slots []atomic.Uint64 // a power of two long
	used  int             // filled slots; changed under nameRegistry.mu
}

// id returns the id of the PreparedKeys of k's name, adding k when it is
// the first and the bounds allow, else maxCachedKeys.
func (p *nameRegistry) id(k *PreparedKey) uint32 {
	p.mu.Lock()
	defer p.mu.Unlock()
	if id, ok := p.lookup(k.name, k.hash); ok {
		return id
	}
	var keys []*PreparedKey
	if old := p.keys.Load(); old != nil {
		keys = *old
	}
	id := uint32(len(keys))
	if id >= maxCachedKeys || len(k.name) > maxCachedKeyBytes-p.bytes {
		return maxCachedKeys
	}
	p.bytes += len(k.name)
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
	p.filter[k.hash>>55].Or(1 << (k.hash >> 49 & 63))
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

// lookup returns the id of the registered name s, whose table hash is h,
// if s has one.
func (p *nameRegistry) lookup(s string, h uint64) (uint32, bool) {
	ix := p.index.Load()
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
			if id := uint32(e) - 1; (*p.keys.Load())[id].name == s {
				return id, true
			}
		}
	}
}
