package stream

import (
	"hash/maphash"
	"math/bits"
	"math/rand/v2"
	"slices"
)

// sharedSeed and shortSeed seed the hash of the shared-name and
// shared-value tables. They are one seed per process, so that a
// PreparedKey's hash, computed once, serves every Writer; being random,
// they keep the strings of a document from being chosen to collide.
var (
	sharedSeed = maphash.MakeSeed()
	shortSeed  = [3]uint64{rand.Uint64(), rand.Uint64(), rand.Uint64()}
)

// hashShared returns the table hash of s. Up to 16 bytes, which most
// names and short values are, it is computed by hashWords, without
// maphash's calls: the bytes are read as two words, which may overlap (as
// wyhash reads short inputs), and mixed with the seed by two 128-bit
// products. (The lookups of names and values call hashWords themselves,
// for the words too; see lookup.)
// callgrind with GOGC=off, Marshal of twitter as any with
// MapKeysUnsorted, instructions per call: 7.46M with maphash.String for
// every length, 7.23M with this in a function of its own, 7.08M so and
// with findByValue called directly (not through a find that called it).
func hashShared(s string) uint64 {
	if len(s) > maxWordsLen {
		return maphash.String(sharedSeed, s)
	}
	h, _, _ := hashWords(s)
	return h
}

// hashWords returns hashShared(s) of s, of at most maxWordsLen bytes, and
// its shortWords, for findWords.
func hashWords(s string) (h, a, b uint64) {
	n := len(s)
	switch {
	case n >= 8:
		a, b = load64(s[:8]), load64(s[n-8:])
	case n >= 4:
		a, b = uint64(load32(s[:4])), uint64(load32(s[n-4:]))
	case n > 0:
		a = uint64(s[0])<<16 | uint64(s[n>>1])<<8 | uint64(s[n-1])
	}
	hi, lo := bits.Mul64(a^shortSeed[0], b^shortSeed[1])
	hi, lo = bits.Mul64(hi^lo, uint64(n)^shortSeed[2])
	return hi ^ lo, a, b
}

// maxWordsLen is the longest string shortWords holds.
const maxWordsLen = 16

// shortWords returns the bytes of s, of at most maxWordsLen bytes, as two
// words that may overlap (as wyhash reads short inputs), as hashWords
// does: with len(s), they tell s from every other string of at most that
// length.
func shortWords(s string) (a, b uint64) {
	switch n := len(s); {
	case n >= 8:
		return load64(s[:8]), load64(s[n-8:])
	case n >= 4:
		return uint64(load32(s[:4])), uint64(load32(s[n-4:]))
	case n > 0:
		return uint64(s[0])<<16 | uint64(s[n>>1])<<8 | uint64(s[n-1]), 0
	}
	return 0, 0
}

// load64 returns the first eight bytes of s as a little-endian word.
func load64(s string) uint64 {
	_ = s[7]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// load32 returns the first four bytes of s as a little-endian word.
func load32(s string) uint32 {
	_ = s[3]
	return uint32(s[0]) | uint32(s[1])<<8 | uint32(s[2])<<16 | uint32(s[3])<<24
}

// sharedTable is the Writer's half of a back-reference table: the index
// to reference for each string written in full in this document (§6 of
// the format notes). Every eligible string written in full takes the next
// index (n counts them), but only its first occurrence is recorded, and
// never at an index whose low byte is FE or FF: a long reference would
// contain that byte, so Jackson leaves such strings out of its lookup and
// writes their next occurrence in full. Adding to a table of 1024 entries
// empties it first.
//
// Strings are recorded in one of two places:
//
//   - byKey[id] records the index of the name of the PreparedKey with that
//     id. Internal's PrepareKey gives every PreparedKey of one name the
//     same id (see preparedNames), so a struct field's key is found, or
//     known to be new, without hashing or comparing its name.
//   - An open-addressed hash table with linear probing, at most half full,
//     records the strings written by value (WriteKey, WriteString). Its
//     slots hold no pointers: the table keeps its own copy of the
//     strings, in the slot as two words for those of up to 16 bytes,
//     else in arena, so that callers may change or drop their strings
//     after the call (WriteKeyBytes, WriteStringBytes and WriteToken
//     pass views of bytes that compat's transcoder and the root
//     package's map keys then reuse). That is its reason, not speed:
//     slots holding the caller's string instead, in a throwaway tree
//     (where compat's TestSmileJSONSmileKeepsJacksonBytes and the root's
//     TestMarshalAnyShapes fail), cost the same with the collector off.
//     bash bench/callgrind.sh, N=20, Ir per Marshal, all / go-smile's
//     own, copies -> the caller's strings: MarshalAny/twitter 7.18M /
//     4.62M -> 7.16M / 4.64M, MarshalAny/citm_catalog 14.12M / 9.77M ->
//     14.09M / 9.77M, Marshal/twitter 2.44M / 2.37M -> 2.47M / 2.37M.
//     With GOGC=100 the collector's share of the count varies by a
//     third from run to run (MarshalAny/twitter with copies: 7.02M and
//     9.31M), too much to see the write barriers that filling such
//     slots takes while it marks.
//
// So a string looked up by value is looked for in the hash table and
// then, if it is the name of a PreparedKey (preparedNames.lookup), in
// byKey; and the name of a PreparedKey that byKey does not record is looked for in the
// hash table, unless it is empty. A document whose keys are all
// PreparedKeys (a tree of structs) never hashes a name.
//
// Each entry records the generation it was made in (tag>>10), and only
// entries of the current generation count, so emptying the table for the
// next document is one increment, however many strings it held.
type sharedTable struct {
	slots []sharedSlot // a power of two long (or empty)
	used  int          // slots of the current generation
	gen   uint32       // the current generation, < 1<<22; 0 is never current
	era   uint64       // the generations since the Writer was made (see tagEra)
	n     int          // indices given out in this generation (0..tableSize)
	arena []byte       // the bytes of the strings of the current generation

	byKey []uint32 // PreparedKey id -> tag, as in sharedSlot
	// newKeyEnd is tableSize while a PreparedKey's name that byKey does
	// not record is known to be new (the generation has started and the
	// hash table records nothing), else 0: while n < newKeyEnd,
	// addNewKey needs no other check.
	newKeyEnd int
}

// sharedSlot is one slot of a sharedTable's hash table: a string of len
// bytes has the table index tag&1023 since generation tag>>10, and the
// hash whose low 32 bits are hash. A string of at most maxWordsLen bytes
// is held as its shortWords a and b, and compared by them; a longer one
// is arena[off:off+len].
type sharedSlot struct {
	hash uint32
	tag  uint32
	off  uint32
	len  uint32
	a, b uint64
}

// minSharedSlots is the initial size of a sharedTable's slots.
const minSharedSlots = 64

// find returns the index recorded for s, whose hash is h: by value, or
// in byKey when s is the name of a PreparedKey.
func (t *sharedTable) find(s string, h uint64) (int, bool) {
	if i, ok := t.findByValue(s, h); ok {
		return i, true
	}
	return t.findPrepared(s, h)
}

// findPrepared returns the index byKey records for s, whose hash is h,
// if s is the name of a PreparedKey. A string that findByValue does not
// find may be recorded there, when mayBePrepared(h): the callers check
// both, findByValue first (called directly, it saves a call per name
// written by value).
func (t *sharedTable) findPrepared(s string, h uint64) (int, bool) {
	if t.mayBePrepared(h) {
		if id, ok := preparedNames.lookup(s, h); ok && id < uint32(len(t.byKey)) {
			if tag := t.byKey[id]; tag>>10 == t.gen {
				return int(tag & 1023), true
			}
		}
	}
	return 0, false
}

// mayBePrepared reports whether a string whose hash is h may be the name
// of a PreparedKey that byKey records: not when byKey is empty, nor when
// preparedNames' filter tells that no prepared name has that hash. A map
// key new to the document, which the hash table does not hold, is so
// known to be new, most of the time, without a lookup in preparedNames.
// bash bench/callgrind.sh (N=20 for citm_catalog, whose map keys are new
// numbers beside struct fields' PreparedKeys, N=200 for medium), go-smile's
// own Ir per Marshal, testing len(byKey) != 0 alone / with the filter:
// citm_catalog 4,970,172 / 4,953,814, medium 26,243 / 25,949 (small,
// all PreparedKeys, 2,503 both).
func (t *sharedTable) mayBePrepared(h uint64) bool {
	return len(t.byKey) != 0 && preparedNames.mayHold(h)
}

// lookup returns the hash of s, not empty, and the index recorded for s,
// by value or in byKey: one hash, and for a string of at most
// maxWordsLen bytes, most names, a probe that compares words.
// BenchmarkWriteKey (callgrind, instructions per op of 200 keys, writeKey
// calling lookup): 64,455 with the bytes compared in the arena by
// memequal, 56,178 by words.
func (t *sharedTable) lookup(s string) (h uint64, i int, ok bool) {
	if len(s) <= maxWordsLen {
		var a, b uint64
		h, a, b = hashWords(s)
		i, ok = t.findWords(a, b, len(s), h)
	} else {
		h = hashShared(s)
		i, ok = t.findByValue(s, h)
	}
	if !ok && t.mayBePrepared(h) {
		i, ok = t.findPrepared(s, h)
	}
	return h, i, ok
}

// findByValue returns the index recorded in the hash table for s, whose
// hash is h.
func (t *sharedTable) findByValue(s string, h uint64) (int, bool) {
	if t.used == 0 {
		return 0, false
	}
	if len(s) <= maxWordsLen {
		a, b := shortWords(s)
		return t.findWords(a, b, len(s), h)
	}
	mask := uint32(len(t.slots) - 1)
	for i := uint32(h); ; i++ {
		sl := &t.slots[i&mask]
		if sl.tag>>10 != t.gen {
			return 0, false
		}
		if sl.hash == uint32(h) && sl.len == uint32(len(s)) && string(t.arena[sl.off:sl.off+sl.len]) == s {
			return int(sl.tag & 1023), true
		}
	}
}

// findWords is findByValue for a string of n <= maxWordsLen bytes whose
// shortWords are a and b, compared by them, without a call of the
// runtime's memequal.
func (t *sharedTable) findWords(a, b uint64, n int, h uint64) (int, bool) {
	if t.used == 0 {
		return 0, false
	}
	gen := t.gen
	slots := t.slots
	mask := uint32(len(slots) - 1)
	for i := uint32(h); ; i++ {
		sl := &slots[i&mask]
		if sl.tag>>10 != gen {
			return 0, false
		}
		if sl.hash == uint32(h) && sl.a == a && sl.b == b && sl.len == uint32(n) {
			return int(sl.tag & 1023), true
		}
	}
}

// cached returns the index of k's name if byKey records it.
func (t *sharedTable) cached(k *PreparedKey) (int, bool) {
	if id := int(k.id); id < len(t.byKey) {
		if tag := t.byKey[id]; tag>>10 == t.gen {
			return int(tag & 1023), true
		}
	}
	return 0, false
}

// addNewKey records the name of k, which byKey does not record, when
// one check tells that it is new and byKey has room for its id: it gives
// the name the next index, as add does, and reports true. Otherwise it
// changes nothing and reports false, and lookupKey is due.
func (t *sharedTable) addNewKey(k *PreparedKey) bool {
	if t.n >= t.newKeyEnd || k.id >= uint32(len(t.byKey)) {
		return false
	}
	i := t.n
	t.n++
	if i&0xFF < 0xFE {
		t.byKey[k.id] = t.gen<<10 | uint32(i)
	}
	return true
}

// lookupKey returns the index of the name of k, which byKey does not
// record, if it was written before; otherwise it records the name, which
// is written in full, as add does. A key without an id (from the public
// PrepareKey, or beyond preparedNames' bounds) is looked up and recorded
// by value, as WriteKey's name would be.
func (t *sharedTable) lookupKey(k *PreparedKey) (int, bool) {
	var i int
	var ok bool
	if len(k.name) <= maxWordsLen { // findByValue, by the words PrepareKey computed
		i, ok = t.findWords(k.words[0], k.words[1], len(k.name), k.hash)
	} else {
		i, ok = t.findByValue(k.name, k.hash)
	}
	if k.id >= maxCachedKeys {
		if !ok && t.mayBePrepared(k.hash) {
			i, ok = t.findPrepared(k.name, k.hash)
		}
		if !ok {
			t.add(k.name, k.hash)
		}
		return i, ok
	}
	if ok {
		t.cacheKey(k, i)
		return i, true
	}
	if i, ok := t.next(); ok {
		t.cacheKey(k, i)
	}
	return 0, false
}

// add gives s, whose hash is h and which was just written in full, the
// next index and records s for lookup when that index may be referenced.
func (t *sharedTable) add(s string, h uint64) {
	if i, ok := t.next(); ok {
		t.insert(s, h, i)
	}
}

// next gives out the next index, emptying a full table first, and reports
// whether a string may be recorded at it.
func (t *sharedTable) next() (int, bool) {
	if t.n == tableSize {
		t.reset()
	}
	if t.gen == 0 { // the first string of the Writer
		t.gen = 1
		t.newKeyEnd = tableSize
	}
	i := t.n
	t.n++
	return i, i&0xFF < 0xFE
}

// insert records s, whose hash is h, at index i in the hash table,
// copying it to the arena.
func (t *sharedTable) insert(s string, h uint64, i int) {
	if 2*(t.used+1) > len(t.slots) {
		t.grow()
	}
	sl := sharedSlot{hash: uint32(h), tag: t.gen<<10 | uint32(i), len: uint32(len(s))}
	if len(s) <= maxWordsLen {
		sl.a, sl.b = shortWords(s)
	} else {
		// Copy s to the arena, changing only its length unless it grows
		// (see Writer.appendString).
		off := len(t.arena)
		if cap(t.arena)-off < len(s) {
			t.arena = slices.Grow(t.arena, len(s))
		}
		t.arena = t.arena[:off+len(s)]
		copy(t.arena[off:], s)
		sl.off = uint32(off)
	}
	t.place(sl)
	t.used++
	t.newKeyEnd = 0
}

// place puts sl in the first free slot from its hash on. (The slots are
// fewer than 1<<32: the low 32 bits of the hash suffice to place it.)
func (t *sharedTable) place(sl sharedSlot) {
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
	for _, sl := range old {
		if sl.tag>>10 == t.gen {
			t.place(sl)
		}
	}
}

// cacheKey records in byKey that the name of k, whose id is below
// maxCachedKeys, has the index i.
func (t *sharedTable) cacheKey(k *PreparedKey, i int) {
	if int(k.id) >= len(t.byKey) {
		t.byKey = append(t.byKey, make([]uint32, int(k.id)+1-len(t.byKey))...)
	}
	t.byKey[k.id] = t.gen<<10 | uint32(i)
}

// tagEra is the high part of the tags that writeKeyTagged gives out in
// the current generation, never 0. Unlike gen, which its 22 bits make
// wrap after 2^22 emptyings (when the slots are cleared of old tags),
// era does not wrap: a tag held outside the table, which clearing cannot
// reach, stays stale once its generation is over. 2^54 emptyings, each
// of at least one string, would take longer than any process runs.
func (t *sharedTable) tagEra() uint64 { return t.era + 1 }

// reset empties the table, for a new document or when it is full.
func (t *sharedTable) reset() {
	if t.n == 0 {
		return
	}
	t.n = 0
	t.used = 0
	t.newKeyEnd = tableSize
	t.arena = t.arena[:0]
	t.era++
	t.gen++
	if t.gen == 1<<22 { // wrapped around: old tags could look current
		clear(t.slots)
		clear(t.byKey)
		t.gen = 1
	}
}
