//go:build go1.26 && !go1.27 && amd64 && !purego

package rt

import (
	"math/bits"
	"math/rand/v2"
	"unsafe"
)

// A decoder that builds many maps from one document hashes the same keys
// again and again: the runtime hashes a key at every insert, with the
// map's own seed. Maps made with one seed (MapSeed, NewStringAnyMap)
// share their keys' hashes (StringHash), so that a decoder can hash each
// name of a document once and put it in every map with PutStringAny.

// MapSeed returns a new random hash seed for maps, as the runtime draws
// one for each map it makes.
func MapSeed() uintptr { return uintptr(rand.Uint64()) }

// strhash is the runtime's hash of the string at p with seed h, the hash
// function of maps with string keys (runtime/alg.go, which keeps it
// reachable by linkname: go.dev/issue/67401).
//
//go:linkname strhash runtime.strhash
//go:noescape
func strhash(p unsafe.Pointer, h uintptr) uintptr

// StringHash returns the hash of key k in a map[string]V of seed seed.
func StringHash(k string, seed uintptr) uintptr { return strhash(unsafe.Pointer(&k), seed) }

// PutStringAny sets m[k] = v and reports true when m is a map of one
// group with a free slot (NewStringAnyMap, up to 8 entries) whose seed is
// seed and hash is StringHash(k, seed); it does nothing and reports false
// otherwise (a larger map, a full group, another seed, or a runtime whose
// hashing the check at start-up did not recognize), and the caller then
// writes m[k] = v. It does what the runtime's insert into a small map
// does, without hashing k: a slot whose control byte is k's 7 low hash
// bits and whose key is k gets v (a duplicate key, the last one wins);
// else the first empty slot gets k and v.
func PutStringAny(m map[string]any, seed uintptr, k string, hash uintptr, v any) bool {
	if !putOK {
		return false
	}
	h := *(**swissMap)(unsafe.Pointer(&m))
	if h == nil || h.dirLen != 0 || h.dirPtr == nil || h.seed != seed || h.writing != 0 || h.used >= MapGroupSlots {
		return false
	}
	g := (*stringAnyGroup)(h.dirPtr)
	h2 := uint64(hash & 0x7f)
	// The bytes of g.ctrl equal to h2: the zero bytes of the xor, found as
	// the runtime's portable matchH2 finds them (a byte next to a real
	// match may show as a false one, never an empty slot's: the key
	// comparison rules it out).
	x := g.ctrl ^ (h2 * 0x0101010101010101)
	for match := (x - 0x0101010101010101) &^ x & ctrlEmpty; match != 0; match &= match - 1 {
		s := &g.slots[bits.TrailingZeros64(match)>>3]
		if s.Key == k {
			s.Key, s.Elem = k, v
			return true
		}
	}
	// A group of a map that has never held more than 8 entries has no
	// deleted slots (the runtime empties a small map's slot on delete):
	// its free slots are empty, their control byte 0x80.
	empty := g.ctrl & ctrlEmpty
	if empty == 0 {
		return false
	}
	top := bits.TrailingZeros64(empty) // the high bit of slot top/8's control byte
	g.slots[top>>3] = MapSlot[any]{k, v}
	g.ctrl ^= (0x80 ^ h2) << (top - 7) // 0x80 becomes h2
	h.used++
	return true
}

// putOK reports whether PutStringAny writes maps as the runtime does:
// the layout SmallMap checks, and StringHash's low 7 bits as the control
// bytes of maps the runtime filled, for keys of many lengths (the runtime
// hashes short, middle and long strings by different code).
var putOK = smallMapsOK && checkStringHash()

// checkStringHash reports whether StringHash agrees with the control
// bytes of maps the runtime made, on keys of 0 to 200 bytes.
func checkStringHash() bool {
	for n := 0; n <= 200; n += 8 {
		m := make(map[string]any)
		for i := range MapGroupSlots {
			b := make([]byte, n+i)
			for j := range b {
				b[j] = byte('a' + (i+j)%26)
			}
			m[string(b)] = i
		}
		h := *(**swissMap)(unsafe.Pointer(&m))
		if h.dirLen != 0 || h.used != MapGroupSlots {
			return false
		}
		g := (*stringAnyGroup)(h.dirPtr)
		for i := range g.slots {
			c := byte(g.ctrl >> (8 * i))
			if c&0x80 != 0 || uintptr(c) != StringHash(g.slots[i].Key, h.seed)&0x7f {
				return false
			}
		}
	}
	return true
}
