package stream

// Methods of export for the tests outside the package only: the root
// package has no use for them.

// ReadKey is ReadTaggedKey without a prepared key and without the tag.
func (export) ReadKey(r *Reader) (name []byte, slot int, ok bool, err error) { return r.readKey() }

// KeyTag returns the latest tag attached to the shared name in slot, or 0.
func (export) KeyTag(r *Reader, slot int) uint64 {
	last, _ := r.keyTag(slot)
	return last
}

// KeyTags returns the last two tags attached to the shared name in slot,
// the latest first.
func (export) KeyTags(r *Reader, slot int) (last, prev uint64) { return r.keyTag(slot) }
