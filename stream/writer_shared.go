package stream

import (
	"hash/maphash"
	"slices"
)

// sharedSeed seeds the hash of the shared-name and shared-value tables. It
// is one seed per process, so that a PreparedKey's hash, computed once,
// serves every Writer.
var sharedSeed = maphash.MakeSeed()

// hashShared returns the table hash of s.
func hashShared(s string) uint64 { return maphash.String(sharedSeed, s) }

// sharedTable is the Writer's half of a back-reference table: the index
// to reference for each string written in full in this document (§6 of
// the format notes). Every eligible string written in full takes the next
// index (n counts them), but only its first occurrence is recorded, and
// never at an index whose low byte is FE or FF: a long reference would
// contain that byte, so Jackson leaves such strings out of its lookup and
// writes their next occurrence in full. Adding to a table of 1024 entries
// empties it first.
//
// The lookup is an open-addressed hash table with linear probing, at most
// half full. Each slot records the generation it was filled in, and only
// slots of the current generation are occupied, so emptying the table for
// the next document is one increment, however many strings it held. The
// table keeps its own copy of the strings, in arena, so that its slots
// hold no pointers: filling one needs no GC write barrier, and callers may
// change or drop their strings after the call.
type sharedTable struct {
	slots []sharedSlot // a power of two long (or empty)
	used  int          // slots of the current generation
	gen   uint32       // the current generation, < 1<<22; 0 is never current
	n     int          // indices given out in this document (0..tableSize)
	arena []byte       // the bytes of the strings of the current generation

	// byKey[id] caches the tag (as in sharedSlot) of the name of the
	// PreparedKey with that id, when its name is recorded: a struct
	// field's key is found without hashing or comparing its name.
	byKey []uint32
}

// sharedSlot is one slot of a sharedTable: the string arena[off:off+len]
// has the table index tag&1023 since generation tag>>10, and the hash
// whose low 32 bits are hash.
type sharedSlot struct {
	hash uint32
	tag  uint32
	off  uint32
	len  uint32
}

// minSharedSlots is the initial size of a sharedTable's slots.
const minSharedSlots = 64

// find returns the index recorded for s, whose hash is h.
func (t *sharedTable) find(s string, h uint64) (int, bool) {
	if t.used == 0 {
		return 0, false
	}
	mask := uint32(len(t.slots) - 1)
	for i := uint32(h) & mask; ; i = (i + 1) & mask {
		sl := &t.slots[i]
		if sl.tag>>10 != t.gen {
			return 0, false
		}
		if sl.hash == uint32(h) && int(sl.len) == len(s) && string(t.arena[sl.off:sl.off+sl.len]) == s {
			return int(sl.tag & 1023), true
		}
	}
}

// cached returns the index of k's name if the byKey cache knows it.
func (t *sharedTable) cached(k *PreparedKey) (int, bool) {
	if k.id < uint32(len(t.byKey)) {
		if tag := t.byKey[k.id]; tag>>10 == t.gen {
			return int(tag & 1023), true
		}
	}
	return 0, false
}

// findKey is find(k.name, k.hash), filling the byKey cache.
func (t *sharedTable) findKey(k *PreparedKey) (int, bool) {
	i, ok := t.find(k.name, k.hash)
	if ok {
		t.cacheKey(k, i)
	}
	return i, ok
}

// addKey is add(k.name, k.hash), filling the byKey cache.
func (t *sharedTable) addKey(k *PreparedKey) {
	if i, recorded := t.add(k.name, k.hash); recorded {
		t.cacheKey(k, i)
	}
}

// maxCachedKeys bounds the byKey cache: keys prepared beyond that many
// are looked up by their hash only.
const maxCachedKeys = 1 << 16

// cacheKey records in byKey that the name of k has the index i.
func (t *sharedTable) cacheKey(k *PreparedKey, i int) {
	if k.id >= maxCachedKeys {
		return
	}
	if int(k.id) >= len(t.byKey) {
		t.byKey = append(t.byKey, make([]uint32, int(k.id)+1-len(t.byKey))...)
	}
	t.byKey[k.id] = t.gen<<10 | uint32(i)
}

// add gives s, whose hash is h and which was just written in full, the
// next index, i, and reports whether it recorded s for lookup.
func (t *sharedTable) add(s string, h uint64) (i int, recorded bool) {
	if t.n == tableSize {
		t.reset()
	}
	i = t.n
	t.n++
	if i&0xFF >= 0xFE {
		return i, false
	}
	if 2*(t.used+1) > len(t.slots) {
		t.grow()
	}
	// Copy s to the arena, changing only its length unless it grows (see
	// Writer.appendString).
	off := len(t.arena)
	if cap(t.arena)-off < len(s) {
		t.arena = slices.Grow(t.arena, len(s))
	}
	t.arena = t.arena[:off+len(s)]
	copy(t.arena[off:], s)
	t.insert(sharedSlot{hash: uint32(h), tag: t.gen<<10 | uint32(i), off: uint32(off), len: uint32(len(s))})
	t.used++
	return i, true
}

// insert puts sl in the first free slot from its hash on. (The slots are
// fewer than 1<<32: the low 32 bits of the hash suffice to place it.)
func (t *sharedTable) insert(sl sharedSlot) {
	mask := uint32(len(t.slots) - 1)
	i := sl.hash & mask
	for t.slots[i].tag>>10 == t.gen {
		i = (i + 1) & mask
	}
	t.slots[i] = sl
}

// grow doubles the slots, moving the entries of this generation.
func (t *sharedTable) grow() {
	old := t.slots
	t.slots = make([]sharedSlot, max(minSharedSlots, 2*len(old)))
	if t.gen == 0 {
		t.gen = 1 // the new slots, of generation 0, are all free
	}
	for _, sl := range old {
		if sl.tag>>10 == t.gen {
			t.insert(sl)
		}
	}
}

// reset empties the table, for a new document or when it is full.
func (t *sharedTable) reset() {
	t.n = 0
	t.arena = t.arena[:0]
	if t.used == 0 {
		return
	}
	t.used = 0
	t.gen++
	if t.gen == 1<<22 { // wrapped around: old tags could look current
		clear(t.slots)
		clear(t.byKey)
		t.gen = 1
	}
}
