package stream

// A Reader can be given back the token it returned last (unread), so
// that a decoder that has read the first token of a value can hand the
// Reader, positioned at that value, to a method that reads the value
// itself (the root package's UnmarshalSmileFrom). The token is kept as
// it was returned: the Reader's state (depth, tables, mode) already
// follows it, and it is returned again by the next ReadToken, PeekKind,
// SkipValue or ReadBinaryTo. While a token is pending, the mode has its
// rdNotReady bit set, so that the fast paths leave it to those.

// unread makes t, the token the Reader returned last, the next token
// again. The bytes of t must still be valid (no call on the Reader since
// it was read).
func (r *Reader) unread(t *Token) {
	r.pend, r.pending = *t, true
	r.mode |= rdNotReady
}

// takePending returns the pending token and lets the fast paths run
// again.
func (r *Reader) takePending() Token {
	r.pending = false
	if r.started && r.err == nil {
		r.mode &^= rdNotReady
	}
	return r.pend
}

// pendingDepth returns what the pending token, if any, changed the
// Reader's depth by: +1 for the start of an array or object, -1 for an
// end, which the depth already counts.
func (r *Reader) pendingDepth() int {
	if !r.pending {
		return 0
	}
	switch r.pend.Kind {
	case KindStartArray, KindStartObject:
		return 1
	case KindEndArray, KindEndObject:
		return -1
	}
	return 0
}

// UnreadToken makes t, the token r returned last, the next token of r
// again (see reader_unread.go). t must be the last token read and r must
// not have been called since.
func (export) UnreadToken(r *Reader, t *Token) { r.unread(t) }

// Pending reports whether the token given back by UnreadToken is still
// to be read.
func (export) Pending(r *Reader) bool { return r.pending }
