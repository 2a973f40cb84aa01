package stream

import (
	"bytes"
	le "encoding/binary"
	"fmt"

	"github.com/go-smile/smile/internal/hint"
)

// This file holds the Reader's strings and keys: short and long string
// values, short and long names, UTF-8 validation, and the shared-name and
// shared-value tables with their back-references.

// rdTable is one back-reference table. Readers append every eligible
// string, never skip or de-duplicate, and empty the table before adding
// the 1025th entry.
type rdTable struct {
	ents []rdEntry
	// data holds the entries' bytes: the input itself for a []byte Reader
	// (entries are spans of it, nothing is copied), an arena of copies for
	// a stream Reader (reused after each reset).
	data []byte
}

// rdEntry is one stored string: the span data[off:off+n] of its table.
// For a stream Reader the arena only grows by appending until the table is
// emptied (and its entries with it), so a span stays valid when append
// moves the arena. (Spans rather than slices: storing an entry stores no
// pointer, which costs a write barrier while the garbage collector runs.
// Checked in the code, not timed: in go tool objdump of readShortKey,
// where add is inlined, the entry is stored by four plain MOVs, and the
// only runtime.writeBarrier test follows growslice; no benchmark with the
// collector running has compared spans with slices.)
// Every stored string has been checked as its token was read or skipped.
type rdEntry struct {
	off, n int
	// last and prev are, for a name, the last two tags attached to it,
	// the latest first (see Reader.keyTag); 0 where none. Two fields, not
	// an array: the compiler keeps a struct of up to four fields in
	// registers, and so stores add's entry in place, where an array of two
	// made it build the entry on the stack and copy it: seven more
	// instructions per name (go build -gcflags=-S).
	last, prev uint64
}

func (t *rdTable) reset(stream bool) {
	t.ents = t.ents[:0]
	if stream {
		t.data = t.data[:0]
	}
}

// bytes returns the bytes of entry i.
func (t *rdTable) bytes(i int) []byte {
	e := &t.ents[i]
	return t.data[e.off : e.off+e.n : e.off+e.n]
}

// add appends r.buf[p:p+n], with tag, to t and returns its index.
func (r *Reader) add(t *rdTable, p, n int, tag uint64) int {
	if i, ok := r.put(t, p, n, tag); ok {
		return i
	}
	return r.addSlow(t, p, n, tag)
}

// put is add for the common case, a []byte Reader's table with room: it
// appends the entry and returns its index, or reports false, changing
// nothing. The Reader's hot paths call put and then addSlow where it
// fails, rather than add, whose append (growslice) made them spill
// three registers around it on every name and value added (go build
// -gcflags=-S). Measured against add (BIN=<bench test> N=1000 sh
// bench/callgrind.sh; go-smile's own Ir per op): Unmarshal/small 4,787
// -> 4,732, Unmarshal/medium 46,922 -> 46,795, UnmarshalAny/small 8,205
// -> 8,191.
func (r *Reader) put(t *rdTable, p, n int, tag uint64) (int, bool) {
	i := len(t.ents)
	if i >= cap(t.ents) || r.src != nil { // a full table is at its capacity (see addSlow)
		return 0, false
	}
	t.ents = t.ents[:i+1]
	t.ents[i] = rdEntry{off: p, n: n, last: tag}
	return i, true
}

// addSlow is add for a full table, a table without room and a stream
// Reader, whose tables hold copies. It grows the entries to at most
// tableSize, so that a full table is one at its capacity.
//
//go:noinline
func (r *Reader) addSlow(t *rdTable, p, n int, tag uint64) int {
	if len(t.ents) == tableSize {
		t.reset(r.src != nil)
	}
	if r.src != nil {
		at := len(t.data)
		t.data = append(t.data, r.buf[p:p+n]...)
		p = at
	}
	if i := len(t.ents); i == cap(t.ents) {
		e := make([]rdEntry, i, min(max(2*i, 16), tableSize))
		copy(e, t.ents)
		t.ents = e
	}
	t.ents = append(t.ents, rdEntry{off: p, n: n, last: tag})
	return len(t.ents) - 1
}

// checkUTF8 reports s = r.buf[p:p+len(s)] if it is not valid UTF-8, naming
// the offset of the first bad byte.
func (r *Reader) checkUTF8(s []byte, p int, what string) error {
	if err := rdCheckUTF8(s, r.off(p), what); err != nil {
		return r.fail(err)
	}
	return nil
}

// rdCheckUTF8 returns nil if s, found at input offset off, is valid UTF-8,
// else the *SyntaxError naming the offset of its first bad byte.
func rdCheckUTF8(s []byte, off int64, what string) error {
	if rdASCII(s) || rdValidUTF8(s) {
		return nil
	}
	i := rdInvalidUTF8At(s)
	if i < 0 {
		i = 0 // not reached: the two validators agree
	}
	return &SyntaxError{Offset: off + int64(i), Msg: fmt.Sprintf("invalid UTF-8 in %s (byte 0x%02X)", what, s[i]),
		hint: hint.Hint{Kind: hint.Enable, Option: hint.AllowInvalidUTF8, Purpose: "to accept such bytes"}}
}

// readShortValue reads a string value token 0x40-0xBF: ASCII of
// (b&0x3F)+1 bytes for 0x40-0x7F, UTF-8 of (b&0x3F)+2 bytes for 0x80-0xBF
// (including the 65-byte 0xBF that Jackson's writer never makes). Pure
// ASCII is accepted in the Unicode forms, and valid UTF-8 in the ASCII
// forms. The string goes into the shared-value table when it is on.
func (r *Reader) readShortValue(b byte) ([]byte, int, error) {
	n := int(b&0x3F) + 1 + int(b>>7)
	if n > r.opts.MaxStringLen {
		return nil, 0, r.limitErr(r.off(r.pos), "MaxStringLen", r.opts.MaxStringLen, int64(n))
	}
	p := r.pos + 1
	if len(r.buf)-p < n {
		if !r.need(1 + n) {
			return nil, 0, r.truncated(r.off(r.pos), "a string value")
		}
		p = r.pos + 1
	}
	s := r.buf[p : p+n : p+n]
	if !r.opts.AllowInvalidUTF8 && (b >= tokenTinyUTF8 || !(n <= 8 && r.asciiShort(p, n) || rdASCII(s))) && !rdValidUTF8(s) {
		return nil, 0, r.checkUTF8(s, p, "a string value")
	}
	r.pos = p + n
	slot := -1
	if r.sharedValues {
		var ok bool
		if slot, ok = r.put(&r.values, p, n, 0); !ok {
			slot = r.addSlow(&r.values, p, n, 0)
		}
	}
	r.valueDone()
	return s, slot, nil
}

// tryString reads the next value when it is a string of up to 65 bytes,
// or a back-reference to a shared string value, and reports whether it
// did. It returns what a Token would hold: the string's bytes, valid until
// the next call on the Reader, and its slot in the shared-value table (-1
// when it has none). For any other value it consumes nothing, and
// ReadToken reads it; an error is one ReadToken would have returned. It is
// a decoder's fast path for string fields; TokenOffset gives the string's
// offset. Measured against a tryString that always reports false (bash
// bench/callgrind.sh Unmarshal/twitter, N=20; Ir per Unmarshal in all /
// in go-smile's own functions): 5.30M / 4.88M -> 5.12M / 4.68M.
func (r *Reader) tryString() (s []byte, slot int, ok bool, err error) {
	if !r.valueDue() || uint(r.pos) >= uint(len(r.buf)) {
		return nil, -1, false, nil
	}
	switch b := r.buf[r.pos]; {
	case b >= 0x40 && b < 0xC0: // short string
		r.tokAt = int64(r.pos)
		s, slot, err = r.readShortValue(b)
		return s, slot, err == nil, err
	case b >= 0x01 && b < 0x20: // short shared-value reference
		if i := int(b) - 1; r.sharedValues && i < len(r.values.ents) {
			r.tokAt = int64(r.pos)
			r.pos++
			r.valueDone()
			return r.values.bytes(i), i, true, nil
		}
	case b == tokenEmptyString:
		r.tokAt = int64(r.pos)
		r.pos++
		r.valueDone()
		return nil, -1, true, nil
	}
	return nil, -1, false, nil
}

// tryStringAppend reads the next value when it is a string whose bytes a
// decoder would copy as they stand: the empty string, or a short string
// (up to 65 bytes, its token buffered whole) without a shared-value slot,
// valid UTF-8 (checked: not with AllowInvalidUTF8) and within
// MaxStringLen. It copies the bytes to the unused
// capacity of *buf, lengthens *buf over them (storing only its length)
// and returns them; it reports false, having read nothing, for any other
// value, and for a string that does not fit in that capacity. The caller
// then reads the value with tryString or ReadToken, which report what is
// wrong with it, if anything. Bytes of the capacity past *buf's length
// may be written even then: a string of up to 32 ASCII bytes is checked
// and copied in 8-byte words, which may run past its end (in the input
// too, so that it takes this path only where the input holds them).
//
// It is a decoder's fast path for string fields and elements, which
// copy each string into a chunk shared by many (decode_state.go's
// strOf): one call where tryString and the copy took three, and the
// short ASCII strings, the most common, without runtime.memmove.
func (r *Reader) tryStringAppend(buf *[]byte) ([]byte, bool) {
	// The common case, tiny ASCII (up to 32 bytes), calls nothing, so
	// that it keeps its values in registers; the rest is
	// tryStringAppendCopy's.
	p := r.pos
	if uint(p) >= uint(len(r.buf)) || !r.valueDue() {
		return nil, false
	}
	b := r.buf[p]
	n := int(b) - (tokenTinyASCII - 1)
	a := *buf
	i, q := len(a), p+1
	m := (n + 7) &^ 7
	if uint(n-1) >= 32 || len(r.buf)-q < m || cap(a)-i < m || r.sharedValues || r.opts.AllowInvalidUTF8 || n > r.opts.MaxStringLen {
		return r.tryStringAppendCopy(buf)
	}
	// Its words are copied, and their high bits gathered, the last
	// word's masked to the string's bytes.
	src, dst := r.buf[q:q+m:q+m], a[i:i+m:i+m]
	var high uint64
	for k := 0; k < m-8; k += 8 {
		w := le.LittleEndian.Uint64(src[k : k+8 : k+8])
		high |= w
		le.LittleEndian.PutUint64(dst[k:k+8:k+8], w)
	}
	w := le.LittleEndian.Uint64(src[m-8 : m : m])
	le.LittleEndian.PutUint64(dst[m-8:m:m], w)
	if (high|w&(^uint64(0)>>(uint(m-n)*8&63)))&0x8080808080808080 != 0 {
		return nil, false
	}
	*buf = (*buf)[:i+n]
	r.tokAt = int64(p)
	r.pos = q + n
	r.valueDone()
	return dst[:n:n], true
}

// tryStringAppendCopy is tryStringAppend but for its case of tiny ASCII
// copied by words.
func (r *Reader) tryStringAppendCopy(buf *[]byte) ([]byte, bool) {
	p := r.pos
	if uint(p) >= uint(len(r.buf)) || !r.valueDue() {
		return nil, false
	}
	b := r.buf[p]
	if b == tokenEmptyString {
		r.tokAt = int64(p)
		r.pos = p + 1
		r.valueDone()
		return nil, true
	}
	if b-tokenTinyASCII >= 0x80 || r.sharedValues || r.opts.AllowInvalidUTF8 { // not a short string, or one with a slot or unchecked
		return nil, false
	}
	n := int(b&0x3F) + 1 + int(b>>7)
	a := *buf
	i, q := len(a), p+1
	if n > r.opts.MaxStringLen || len(r.buf)-q < n || cap(a)-i < n {
		return nil, false
	}
	s := r.buf[q : q+n : q+n]
	if b < tokenTinyUTF8 && !rdASCII(s) || b >= tokenTinyUTF8 && !rdValidUTF8(s) {
		return nil, false
	}
	copy(a[i:i+n:i+n], s)
	*buf = (*buf)[:i+n]
	r.tokAt = int64(p)
	r.pos = q + n
	r.valueDone()
	return a[i : i+n : i+n], true
}

// keyTag returns the last two tags attached by setKeyTag to the shared
// name in slot (a slot returned by readKey or in a Token), the latest
// first, or 0 where there are fewer. A tag is a decoder's memo of what
// the name means to it, such as the struct field it names, so that a
// back-reference to the name needs no string comparison; keeping two
// lets a name keep its meaning to two decoders, such as the decoders of
// two struct types with a field of the same name. Tags go with their
// names when the table is emptied: a tag always belongs to the name now
// in its slot.
func (r *Reader) keyTag(slot int) (last, prev uint64) {
	if uint(slot) < uint(len(r.names.ents)) {
		e := &r.names.ents[slot]
		return e.last, e.prev
	}
	return 0, 0
}

// sharedName returns the name in slot of the shared-name table (a slot
// returned by readKey or ReadTaggedKey, or in a Token), or nil when the
// slot holds no name. The bytes are valid until the next call on the
// Reader.
func (r *Reader) sharedName(slot int) []byte {
	if uint(slot) < uint(len(r.names.ents)) {
		return r.names.bytes(slot)
	}
	return nil
}

// setKeyTag attaches tag, which must not be 0, to the shared name in
// slot as its latest tag; the latest before it becomes the one before,
// and the one before that is forgotten (see keyTag). It does nothing for
// a slot that holds no name.
func (r *Reader) setKeyTag(slot int, tag uint64) {
	if uint(slot) < uint(len(r.names.ents)) {
		e := &r.names.ents[slot]
		e.prev, e.last = e.last, tag
	}
}

// valueRef resolves a shared-value reference of size bytes at r.pos.
func (r *Reader) valueRef(i, size int) ([]byte, error) {
	if !r.sharedValues {
		return nil, r.syntaxErr(r.off(r.pos), "shared string value reference %d, but the header did not declare shared string values", i)
	}
	if i >= len(r.values.ents) {
		return nil, r.syntaxErr(r.off(r.pos), "invalid shared string value reference %d: only %d values in the table", i, len(r.values.ents))
	}
	r.pos += size
	r.valueDone()
	return r.values.bytes(i), nil
}

// readLongValue reads a long string value, 0xE0 (ASCII) or 0xE4 (UTF-8):
// bytes up to a 0xFC terminator. Long values are never shared, so when
// skipping a stream Reader need not buffer them (the result is then nil).
func (r *Reader) readLongValue(skip bool) ([]byte, error) {
	at := r.off(r.pos)
	s, p, err := r.scanLong(at, skip, "a long string value")
	if err != nil {
		return nil, err
	}
	if !r.opts.AllowInvalidUTF8 {
		if err := r.checkUTF8(s, p, "a long string value"); err != nil {
			return nil, err
		}
	}
	r.valueDone()
	if skip {
		s = nil
	}
	return s, nil
}

// scanLong reads the bytes that follow the token byte at r.pos up to the
// 0xFC terminator, consumes them and the terminator, and returns them with
// their index in r.buf. A string longer than MaxStringLen is an error as
// soon as that many bytes have been seen without a terminator.
//
// With discard set, a stream Reader drops the bytes as it scans, so that
// skipping a long string does not buffer it, and the result is only the
// tail still buffered. The dropped bytes are checked for UTF-8 as they go
// (unless AllowInvalidUTF8), up to the start of a sequence that may go on
// in the bytes to come; the caller checks the tail. An invalid byte is
// reported only once the terminator is found, so that the error is the one
// a check of the whole string would give.
func (r *Reader) scanLong(at int64, discard bool, what string) ([]byte, int, error) {
	maxLen := r.opts.MaxStringLen
	hdr := 1     // the token byte, while it is still in the buffer
	total := 0   // string bytes scanned, including dropped ones
	scanned := 0 // those still in the buffer, after the token byte
	var bad error
	for {
		avail := r.buf[r.pos+hdr+scanned:]
		lim := len(avail)
		if rem := maxLen - total; lim > rem {
			lim = rem + 1 // look at one byte past the limit, no more
		}
		if i := bytes.IndexByte(avail[:lim], tokenEndString); i >= 0 {
			if bad != nil {
				return nil, 0, r.fail(bad)
			}
			p := r.pos + hdr
			s := r.buf[p : p+scanned+i : p+scanned+i]
			r.pos = p + scanned + i + 1
			return s, p, nil
		}
		total += lim
		scanned += lim
		if total > maxLen {
			return nil, 0, r.limitErr(at, "MaxStringLen", maxLen, int64(total))
		}
		if discard && r.src != nil {
			p := r.pos + hdr
			keep := 0
			if bad == nil && !r.opts.AllowInvalidUTF8 {
				s := r.buf[p : p+scanned]
				keep = rdUTF8Tail(s)
				bad = rdCheckUTF8(s[:len(s)-keep], r.off(p), what)
			}
			r.pos = p + scanned - keep
			hdr, scanned = 0, keep
		}
		if !r.need(hdr + scanned + 1) {
			return nil, 0, r.truncated(at, what+" (no 0xFC terminator)")
		}
	}
}

// readShortKey reads a name token 0x80-0xF7: ASCII of (b&0x3F)+1 bytes for
// 0x80-0xBF (up to 64), UTF-8 of (b&0x3F)+2 bytes for 0xC0-0xF7 (up to
// 57). The name goes into the shared-name table when it is on.
func (r *Reader) readShortKey(b byte) ([]byte, int, error) {
	n := int(b&0x3F) + 1 + int(b>>6&1)
	if n > r.opts.MaxStringLen {
		return nil, 0, r.limitErr(r.off(r.pos), "MaxStringLen", r.opts.MaxStringLen, int64(n))
	}
	p := r.pos + 1
	if len(r.buf)-p < n {
		if !r.need(1 + n) {
			return nil, 0, r.truncated(r.off(r.pos), "a key")
		}
		p = r.pos + 1
	}
	s := r.buf[p : p+n : p+n]
	if !r.opts.AllowInvalidUTF8 && (b >= keyShortUTF8 || !(n <= 8 && r.asciiShort(p, n) || rdASCII(s))) && !rdValidUTF8(s) {
		return nil, 0, r.checkUTF8(s, p, "a key")
	}
	r.pos = p + n
	slot := -1
	if r.sharedNames {
		var ok bool
		if slot, ok = r.put(&r.names, p, n, 0); !ok {
			slot = r.addSlow(&r.names, p, n, 0)
		}
	}
	r.mode = rdObjValue
	return s, slot, nil
}

// matchesKey reports whether the input at r.pos, with 16 bytes at hand,
// starts with k's token (see PreparedKey.mask).
func (r *Reader) matchesKey(k *PreparedKey) bool {
	in := r.buf[r.pos : r.pos+16]
	return k.mask[0] != 0 &&
		le.LittleEndian.Uint64(in)&k.mask[0] == k.head[0] &&
		le.LittleEndian.Uint64(in[8:])&k.mask[1] == k.head[1]
}

// readPreparedKey reads k's name, whose token the input starts with (see
// matchesKey), as readShortKey would, but with no UTF-8 check, since k's
// name is valid, and without returning its bytes. It attaches tag to the
// name's slot.
func (r *Reader) readPreparedKey(k *PreparedKey, tag uint64) (int, error) {
	n := len(k.name)
	if n > r.opts.MaxStringLen {
		return 0, r.limitErr(r.off(r.pos), "MaxStringLen", r.opts.MaxStringLen, int64(n))
	}
	p := r.pos + len(k.token) - n
	r.pos = p + n
	r.mode = rdObjValue
	if !r.sharedNames {
		return -1, nil
	}
	if slot, ok := r.put(&r.names, p, n, tag); ok {
		return slot, nil
	}
	return r.addSlow(&r.names, p, n, tag), nil
}

// readLongKey reads a 0x34 long name: bytes up to a 0xFC terminator. Like
// Jackson, the reader adds long names to the shared-name table.
func (r *Reader) readLongKey(skip bool) ([]byte, int, error) {
	at := r.off(r.pos)
	s, p, err := r.scanLong(at, skip && !r.sharedNames, "a long key")
	if err != nil {
		return nil, 0, err
	}
	if !r.opts.AllowInvalidUTF8 {
		if err := r.checkUTF8(s, p, "a long key"); err != nil {
			return nil, 0, err
		}
	}
	slot := -1
	if r.sharedNames {
		slot = r.add(&r.names, p, len(s), 0)
	}
	r.mode = rdObjValue
	return s, slot, nil
}

// keyRef resolves a shared-name reference of size bytes at r.pos.
func (r *Reader) keyRef(i, size int) ([]byte, error) {
	if !r.sharedNames {
		return nil, r.syntaxErr(r.off(r.pos), "shared name reference %d, but the header declared no shared names", i)
	}
	if i >= len(r.names.ents) {
		return nil, r.syntaxErr(r.off(r.pos), "invalid shared name reference %d: only %d names in the table", i, len(r.names.ents))
	}
	r.pos += size
	r.mode = rdObjValue
	return r.names.bytes(i), nil
}
