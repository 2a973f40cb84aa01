package smile

import "sync/atomic"

// A struct decoder remembers which of its fields a shared name names in
// the name's key tag (see stream.Reader.KeyTag), so that a back-reference
// to the name finds its field without reading or comparing it. A tag
// holds two halves of 32 bits, for the last two struct types that met
// the name (the latest in the low half), so that names common to two
// types, such as "id" in a user and in a post, stay known to both:
//
//	decoder id (20 bits, from 1) | field index (12 bits; all ones: no such field)
//
// An empty half is 0, which no decoder's id matches. Decoders beyond the
// 20-bit ids, and fields beyond the 12-bit indices, are looked up by name
// every time.
const (
	tagFieldBits = 12
	tagFieldMask = 1<<tagFieldBits - 1
	noTagField   = tagFieldMask   // the field index of a name that is no field
	maxTagField  = noTagField - 1 // the last field index a half can hold
	maxTagID     = 1<<(32-tagFieldBits) - 1
	noTagBits    = ^uint32(0) // the tagBits of decoders that cannot tag: matches no half
)

// tagIDs counts the ids given to struct decoders.
var tagIDs atomic.Uint32

// newTagBits returns the id of a new struct decoder, shifted into place
// in a half tag, or noTagBits when ids have run out.
func newTagBits() uint32 {
	if id := tagIDs.Add(1); id <= maxTagID {
		return id << tagFieldBits
	}
	tagIDs.Store(maxTagID + 1) // stop counting before the counter wraps
	return noTagBits
}

// canTag reports whether a half tag can name field i of sd.
func (sd *structDec) canTag(i int) bool { return sd.tagBits != noTagBits && i <= maxTagField }

// halfTag is the half tag that says a shared name is field i, or no field
// when i is -1. It is meaningful only when sd.canTag(i).
func (sd *structDec) halfTag(i int) uint32 { return sd.tagBits | uint32(i)&tagFieldMask }

// fieldOfTag returns the field index that tag records for sd, which is
// out of range for no field, and whether it records one.
func (sd *structDec) fieldOfTag(tag uint64) (int, bool) {
	if h := uint32(tag); h&^tagFieldMask == sd.tagBits {
		return int(h & tagFieldMask), true
	}
	if h := uint32(tag >> 32); h&^tagFieldMask == sd.tagBits {
		return int(h & tagFieldMask), true
	}
	return 0, false
}

// field returns the index of the field for key kb, or -1, when its slot's
// tag does not say. A key with a slot in the shared-name table is looked
// up once: the result goes into the low half of the slot's tag, and the
// low half of the old tag into the high half.
func (sd *structDec) field(d *decodeState, kb []byte, slot int, tag uint64, hint int) int {
	i := sd.lookup(d, kb, hint)
	if slot >= 0 && sd.canTag(i) {
		d.r.SetKeyTag(slot, tag<<32|uint64(sd.halfTag(i)))
	}
	return i
}
