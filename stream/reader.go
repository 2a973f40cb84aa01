package stream

import (
	le "encoding/binary"
	"errors"
	"io"

	"github.com/go-smile/smile/internal/hint"
)

// Reader reads Smile tokens, zero-copy from a []byte (NewReader) or
// buffered from an io.Reader (NewReaderFrom). Its pull API follows
// encoding/json/jsontext: PeekKind, ReadToken, SkipValue, Depth and
// InputOffset. A Reader is not safe for concurrent use.
//
// Documents follow one another: a header in the middle of the input starts
// a new section (tables emptied, its flags applied), the 0xFF end marker is
// returned as a KindEndOfDocument token, and the end of the input at the
// root level is io.EOF. Every other failure is a *SyntaxError or a
// *LimitError with the byte offset; truncated input wraps
// io.ErrUnexpectedEOF.
//
// The Reader reads everything Jackson writes but is stricter than Jackson's
// parser on malformed input: an end marker or a header inside an array or
// object, invalid UTF-8, VInts that overflow or run too long, and 7-bit
// bytes with the high bit set (unless ReaderOptions.Lenient7Bit) are
// errors. Unlike Jackson, a 0x25 integer with a VInt shorter than 5 bytes
// is decoded as the specification says.
type Reader struct {
	// Input (reader_input.go). For a []byte Reader buf is the whole input
	// and base is 0; for a stream Reader buf is a window whose first byte
	// is at input offset base.
	buf    []byte
	pos    int
	base   int64
	src    io.Reader // nil for a []byte Reader
	srcErr error     // the source's first error (io.EOF at its end)

	opts ReaderOptions

	started bool  // the first header (or its absence) has been handled
	err     error // sticky error: every later call returns it

	// mode says what the next token may be, and its bit rdNotReady that
	// the fast paths may not run (see there).
	mode  rdMode
	depth int
	objs  []uint64 // bit d set: open container d (0-based) is an object

	// Shared tables (reader_string.go) and the header's flags.
	sharedNames     bool
	sharedValues    bool
	namesOffForGood bool // KeepNamesAcrossHeaders: a header turned names off
	names           rdTable
	values          rdTable

	scratch []byte // decoded binary payloads and big-number bytes

	// tokAt is where the first byte of the last token read is, relative
	// to base: at input offset base+tokAt (fill keeps it so as base moves).
	// The fast paths store the token's position in the buffer, which they
	// have in a register, where an input offset would cost them a load of
	// base and an add. (BIN=<bench test> N=20 sh bench/callgrind.sh;
	// go-smile's own Ir per op, the offset -> the position:
	// Unmarshal/twitter 4.544M -> 4.492M, Unmarshal/citm_catalog 10.981M
	// -> 10.819M, Unmarshal/code 27.231M -> 26.899M,
	// UnmarshalAny/citm_catalog 13.230M -> 13.080M.)
	tokAt int64

	// A token given back by unread (reader_unread.go), returned again
	// next when pending is set.
	pend    Token
	pending bool
}

// rdMode says what the next token may be.
type rdMode uint8

const (
	rdRoot     rdMode = iota // at the root: a value, a header, 0xFF or the end of input
	rdArray                  // inside an array: a value or the end of the array
	rdKey                    // inside an object: a key or the end of the object
	rdObjValue               // inside an object, after a key: a value

	// rdNotReady, set in the mode, says that the fast paths may not run:
	// the first header is still to be handled, there is a sticky error,
	// or a token is pending (reader_unread.go). The slow paths clear it
	// when none of these holds. With it set the mode equals none of the
	// four above, so that the fast paths' test of the mode is their only
	// test, one load where a separate flag cost two; and since the fast
	// paths run only with it clear, the mode they store clears it too.
	// Only the slow paths mask it off to read the mode itself (pureMode).
	// (BIN=<bench test> N=20 sh bench/callgrind.sh; go-smile's own Ir per
	// op, a ready flag beside the mode -> the bit in the mode:
	// Unmarshal/twitter 4.688M -> 4.623M, Unmarshal/citm_catalog 11.311M
	// -> 11.094M, Unmarshal/code 27.910M -> 27.462M,
	// UnmarshalAny/citm_catalog 13.505M -> 13.248M, UnmarshalAny/twitter
	// 6.018M -> 5.930M.)
	rdNotReady rdMode = 4
)

// pureMode returns the mode without its rdNotReady bit.
func (r *Reader) pureMode() rdMode { return r.mode &^ rdNotReady }

// ready reports whether the fast paths may run.
func (r *Reader) ready() bool { return r.mode&rdNotReady == 0 }

// valueDue reports whether the fast paths may read a value: the Reader is
// ready, inside an array or after a key (the two odd modes).
func (r *Reader) valueDue() bool { return r.mode&(rdNotReady|1) == 1 }

// NewReader returns a Reader over data. Token bytes alias data.
// It returns an error only for invalid options.
func NewReader(data []byte, opts ReaderOptions) (*Reader, error) {
	o, err := opts.withDefaults()
	if err != nil {
		return nil, err
	}
	r := &Reader{opts: o}
	r.Reset(data)
	return r, nil
}

// NewReaderFrom returns a Reader that reads from r through an internal
// buffer. Lengths in the input are checked against the limits in opts
// before anything is allocated.
func NewReaderFrom(r io.Reader, opts ReaderOptions) (*Reader, error) {
	o, err := opts.withDefaults()
	if err != nil {
		return nil, err
	}
	if r == nil {
		return nil, errors.New("smile: NewReaderFrom needs a non-nil io.Reader")
	}
	rd := &Reader{opts: o}
	rd.resetState()
	rd.src = r
	rd.names.data = nil
	rd.values.data = nil
	return rd, nil
}

// Reset makes the Reader read data from its start, with empty tables and
// the same options, as if it were new. A Reader made by NewReaderFrom
// reads data from then on, not its io.Reader.
func (r *Reader) Reset(data []byte) {
	r.resetState()
	r.src = nil
	r.buf = data
	// A []byte Reader's tables hold spans of the input itself.
	r.names.data = data
	r.values.data = data
}

// resetState clears everything but the input and the options.
func (r *Reader) resetState() {
	r.pos = 0
	r.base = 0
	r.srcErr = nil
	r.started = false
	r.err = nil
	r.tokAt = 0
	r.pending = false
	r.mode = rdRoot | rdNotReady
	r.depth = 0
	// r.objs keeps its length: a bit is read only below r.depth, and
	// push writes it first. So the root container of the next document
	// is pushed by next's fast path, which needs the word in place.
	// (callgrind, Unmarshal of {} into struct{} by a pooled decoder,
	// the root package's BenchmarkCall/Unmarshal, Ir per call in
	// go-smile's own functions: 959 with r.objs[:0] here, 878 so.)
	r.sharedNames = false
	r.sharedValues = false
	r.namesOffForGood = false
	r.names.reset(r.src != nil)
	r.values.reset(r.src != nil)
}

// Depth returns the number of open arrays and objects.
func (r *Reader) Depth() int {
	if r.pending {
		return r.depth - r.pendingDepth()
	}
	return r.depth
}

// SharedTables reports whether back-references to shared names and to
// shared values may stand at this point of the input, as the last header
// read (or, without one, Jackson's headerless defaults) says. A decoder
// that copies values into new documents writes them with the same
// settings, so that each back-reference of the input stays one.
func (r *Reader) SharedTables() (names, values bool) { return r.sharedNames, r.sharedValues }

// InputOffset returns the offset of the next unread byte.
func (r *Reader) InputOffset() int64 {
	if r.pending {
		return r.base + r.tokAt
	}
	return r.base + int64(r.pos)
}

// Buffered returns the input the Reader holds and has not consumed: for a
// stream Reader, what it read from its io.Reader past InputOffset; for a
// []byte Reader, the rest of the data. The slice aliases the Reader's
// buffer and is valid until the next call on the Reader.
func (r *Reader) Buffered() []byte { return r.buf[r.pos:len(r.buf):len(r.buf)] }

// TokenOffset returns the input offset of the first byte of the token last
// returned by ReadToken (after any header before it), or of the value last
// skipped by SkipValue; 0 before the first token. Together with
// InputOffset it gives the bytes a token took.
func (r *Reader) TokenOffset() int64 { return r.base + r.tokAt }

// ReadToken reads the next token. At the end of the input at the root
// level it returns io.EOF. The token's bytes are valid until the next call
// on the Reader.
func (r *Reader) ReadToken() (Token, error) { return r.next(false) }

// readKey reads the next token of an object, which must be a key or the end
// of the object: it returns the key's bytes and its slot in the shared-name
// table (-1 when it has none), or ok false at the end of the object. It is
// ReadToken without a Token, for a decoder's hot path; the bytes are valid
// until the next call on the Reader. Where no key can stand (outside an
// object, or after a key) it returns an error and consumes nothing.
func (r *Reader) readKey() (name []byte, slot int, ok bool, err error) {
	name, slot, _, _, ok, err = export{}.ReadTaggedKey(r, nil, 0)
	return name, slot, ok, err
}

// ReadTaggedKey is readKey for a decoder that tags the names it has
// looked up (see keyTag) and may know which key comes next, as a struct's
// decoder does when keys come in field order. Besides what readKey
// returns, it returns the last two tags of the key's slot, the latest
// first (see keyTag): 0 for a name not seen before and for a key without
// a slot, which the caller looks up itself.
//
// When k is not nil and the key is k's name written in full, ReadTaggedKey
// recognizes it by one comparison of the input with k's token, with no
// UTF-8 check, attaches tag to its slot and returns tag as the latest
// (even when the key has no slot). This covers short names whose token takes at most 16
// bytes, when 16 bytes of input are at hand; otherwise k's name is read
// as any other. A decoder that expects no key in particular passes a
// zero PreparedKey, which matches nothing.
//
// The bytes of k's name, when matched, and of a reference to a tagged
// name may not be returned (name nil): the tag says what the name is,
// and sharedName returns them. With k nil, ReadTaggedKey returns the
// bytes of every key, as readKey.
//
// Its nine results fill the nine integer result registers of amd64's
// calling convention, so none is returned on the stack.
//
// It is a method of export, not of Reader, because the root package's
// struct decoder calls it for every key: a wrapper of a Reader method
// would cost 87 in the inliner's budget of 80, and so a second call
// (go build -gcflags=-m=2 ./stream with Go 1.26.8, on a throwaway copy
// with this body as a Reader method and an export method calling it:
// "cannot inline export.ReadTaggedKeyW: ... cost 87 exceeds budget 80").
func (export) ReadTaggedKey(r *Reader, k *PreparedKey, tag uint64) (name []byte, slot int, last, prev uint64, ok bool, err error) {
	if r.mode == rdKey && uint(r.pos) < uint(len(r.buf)) {
		b := r.buf[r.pos]
		// The cases test the byte against the bounds of their ranges in
		// turn, all of them from keyShortRef (0x40) up first, so that a
		// long name reference and the end of an object each take one
		// test fewer than a search of the ranges one after the other
		// and a short name reference one more: documents of more than
		// 64 names gain, the others lose a little. Measured against that
		// search (BIN=<bench test> sh bench/callgrind.sh, N=20, N=1000
		// for small and medium; go-smile's own Ir per op):
		// Unmarshal/citm_catalog 9.562M -> 9.438M, UnmarshalAny/
		// citm_catalog 12.122M -> 11.997M, Unmarshal/code 24.600M ->
		// 24.651M, Unmarshal/twitter 4.273M -> 4.279M, Unmarshal/small
		// 4,617 -> 4,624, Unmarshal/medium 46,058 -> 46,104.
		switch {
		case b < keyShortRef:
			if b >= keyLongRef && b < keyLong && r.pos+1 < len(r.buf) { // long name reference
				i := int(b&3)<<8 | int(r.buf[r.pos+1])
				if i < len(r.names.ents) {
					e := &r.names.ents[i] // before the stores to r, as below
					r.tokAt = int64(r.pos)
					r.pos += 2
					r.mode = rdObjValue
					if e.last == 0 || k == nil {
						return r.names.data[e.off : e.off+e.n : e.off+e.n], i, e.last, e.prev, true, nil
					} else {
						return nil, i, e.last, e.prev, true, nil
					}
				}
			}
		case b < keyShortASCII: // short name reference
			i := int(b & 0x3F)
			if i < len(r.names.ents) {
				e := &r.names.ents[i] // before the stores to r, after which the compiler loads len and checks i again (3 instructions, go build -gcflags=-S)
				r.tokAt = int64(r.pos)
				r.pos++
				r.mode = rdObjValue
				if e.last == 0 || k == nil {
					return r.names.data[e.off : e.off+e.n : e.off+e.n], i, e.last, e.prev, true, nil
				} else {
					return nil, i, e.last, e.prev, true, nil
				}
			}
		case b < tokenStartArray: // short name
			r.tokAt = int64(r.pos)
			if k != nil && len(r.buf)-r.pos >= 16 && r.matchesKey(k) {
				slot, err = r.readPreparedKey(k, tag)
				return nil, slot, tag, 0, err == nil, err
			}
			name, slot, err = r.readShortKey(b)
			return name, slot, 0, 0, err == nil, err
		case b == tokenEndObject:
			r.tokAt = int64(r.pos)
			r.pop()
			return nil, -1, 0, 0, false, nil
		}
	}
	name, slot, ok, err = r.readKeySlow()
	last, prev = r.keyTag(slot)
	return name, slot, last, prev, ok, err
}

// tryStartArray reads the start of an array when it is the next token,
// as a value inside an array or object and below the depth limit, and
// reports whether it did; otherwise it consumes nothing, and ReadToken
// reads the next token. It is a shortcut for decoders that expect an
// array, as tryEndArray is for its end. Measured, the two against both
// always reporting false (bash bench/callgrind.sh
// Unmarshal/citm_catalog, N=20; Ir per Unmarshal in all / in go-smile's
// own functions): 14.87M / 13.40M -> 12.79M / 11.34M.
func (r *Reader) tryStartArray() bool {
	if uint(r.pos) >= uint(len(r.buf)) || r.buf[r.pos] != tokenStartArray ||
		(r.mode != rdArray && r.mode != rdObjValue) || r.depth >= r.opts.MaxDepth {
		return false
	}
	r.tokAt = int64(r.pos)
	r.push(false) // cannot fail below MaxDepth
	return true
}

// tryEndArray reads the end of the current array when it is the next
// token, and reports whether it did; otherwise it consumes nothing.
func (r *Reader) tryEndArray() bool {
	if uint(r.pos) >= uint(len(r.buf)) || r.buf[r.pos] != tokenEndArray || r.mode != rdArray {
		return false
	}
	r.tokAt = int64(r.pos)
	r.pop()
	return true
}

// tryEmptyArray reads an empty array when it is the next value, both its
// bytes buffered, where ReadToken would read its start without error,
// and reports whether it did; otherwise it consumes nothing. The token
// offset is that of the array's start.
func (r *Reader) tryEmptyArray() bool {
	p := r.pos
	if uint(p)+1 >= uint(len(r.buf)) || r.buf[p] != tokenStartArray || r.buf[p+1] != tokenEndArray ||
		(r.mode != rdArray && r.mode != rdObjValue) || r.depth >= r.opts.MaxDepth {
		return false
	}
	r.tokAt = int64(p)
	r.pos = p + 2
	r.valueDone() // the array opened and closed: the mode it leaves
	return true
}

// readKeySlow is readKey for every case but the common ones.
func (r *Reader) readKeySlow() ([]byte, int, bool, error) {
	if r.err != nil {
		return nil, -1, false, r.err
	}
	if r.pureMode() != rdKey {
		return nil, -1, false, errors.New("stream: a key read where no key can stand")
	}
	t, err := r.next(false)
	if err != nil {
		return nil, -1, false, err
	}
	if t.Kind == KindEndObject {
		return nil, -1, false, nil
	}
	return t.Bytes(), t.Slot, true, nil // in key mode, next returns keys and ends only
}

// next reads the next token.
// With skip set, long strings, binary values and big numbers are checked
// as they are when read, but not decoded or kept (their bytes are nil).
//
// next itself reads the tokens that make up most documents, when their
// bytes are buffered and nothing about them can fail: keys and string
// values of up to 64 bytes and back-references to them, small, 32-bit and
// 64-bit integers, floats, literals, and the starts and ends of arrays and
// objects. Everything else, and every error, goes to nextSlow, which reads
// any token from the start. Each case is what nextSlow does for it, with
// the checks that cannot fail left out and the decoding done in place.
//
// (Callgrind Ir per loop, bench/cmd/tokenloop/callgrind.sh, with nextSlow
// alone -> with this fast path: citm_catalog 12.65M -> 10.59M,
// twitter 4.64M -> 4.37M, canada 31.24M -> 27.23M.)
//
// next and the other fast paths compare a position with the buffer's
// length as unsigned numbers: that also says the position is not
// negative, so the compiler drops the bounds check of the byte they then
// load (go build -gcflags=-d=ssa/check_bce ./stream). (BIN=<bench test>
// N=20 sh bench/callgrind.sh; go-smile's own Ir per op, signed ->
// unsigned: Unmarshal/twitter 4.590M -> 4.544M, Unmarshal/citm_catalog
// 11.094M -> 10.981M, UnmarshalAny/citm_catalog 13.248M -> 13.230M.)
func (r *Reader) next(skip bool) (Token, error) {
	p := r.pos
	if uint(p) >= uint(len(r.buf)) {
		return r.nextSlow(skip)
	}
	b := r.buf[p]
	switch rdFastClasses[r.mode&7][b] & 15 { // rdcSlow for every mode with rdNotReady
	case rdcSlow:
	case rdcKeyRef: // 0x40-0x7F: short name reference
		i := int(b & 0x3F)
		if i >= len(r.names.ents) { // also when names are off: the table is empty
			break
		}
		r.tokAt = int64(p)
		r.pos = p + 1
		r.mode = rdObjValue
		return keyToken(i, true, r.names.bytes(i)), nil
	case rdcKey: // 0x80-0xF7: short name
		r.tokAt = int64(p)
		s, slot, err := r.readShortKey(b)
		if err != nil {
			return Token{}, err
		}
		return keyToken(slot, false, s), nil
	case rdcKeyLongRef: // 0x30-0x33: long name reference
		if p+1 >= len(r.buf) {
			break
		}
		i := int(b&3)<<8 | int(r.buf[p+1])
		if i >= len(r.names.ents) {
			break
		}
		r.tokAt = int64(p)
		r.pos = p + 2
		r.mode = rdObjValue
		return keyToken(i, true, r.names.bytes(i)), nil
	case rdcEndObject:
		r.tokAt = int64(p)
		r.pop()
		return markToken(KindEndObject), nil
	case rdcValueRef: // 0x01-0x1F: short shared-value reference
		i := int(b) - 1
		if i >= len(r.values.ents) { // the table is empty when values are off
			break
		}
		r.tokAt = int64(p)
		r.pos = p + 1
		r.valueDone()
		return stringToken(i, true, r.values.bytes(i)), nil
	case rdcString: // 0x40-0xBF: short strings
		r.tokAt = int64(p)
		s, slot, err := r.readShortValue(b)
		if err != nil {
			return Token{}, err
		}
		return stringToken(slot, false, s), nil
	case rdcSmallInt: // 0xC0-0xDF
		r.tokAt = int64(p)
		r.pos = p + 1
		r.valueDone()
		z := uint32(b & 0x1F)
		return intToken(int64(int32(z>>1) ^ -int32(z&1))), nil
	case rdcLiteral: // 0x21-0x23: null, false, true
		r.tokAt = int64(p)
		r.pos = p + 1
		r.valueDone()
		return markToken(KindNull + Kind(b-tokenNull)), nil
	case rdcInt32:
		if len(r.buf)-p < 9 {
			break
		}
		z, n, ok := rdShortVInt32(le.BigEndian.Uint64(r.buf[p+1 : p+9 : p+9]))
		if !ok {
			break
		}
		r.tokAt = int64(p)
		r.pos = p + 1 + n
		r.valueDone()
		return intToken(int64(int32(uint32(z)>>1) ^ -int32(uint32(z)&1))), nil
	case rdcInt64:
		if len(r.buf)-p < 9 {
			break
		}
		z, n, ok := rdShortVInt(r.buf[p+1 : p+9 : p+9])
		if !ok {
			break
		}
		r.tokAt = int64(p)
		r.pos = p + 1 + n
		r.valueDone()
		return intToken(int64((z >> 1) ^ -(z & 1))), nil
	case rdcFloat64:
		if len(r.buf)-p < 11 {
			break
		}
		r.tokAt = int64(p)
		u := rdFloat64Bits((*[10]byte)(r.buf[p+1 : p+11]))
		r.pos = p + 11
		r.valueDone()
		return floatToken(KindFloat64, u), nil
	case rdcStartArray, rdcStartObject: // push, inline
		d, objs := r.depth, r.objs
		w := uint(d) >> 6 // unsigned, as the positions above
		if d >= r.opts.MaxDepth || w >= uint(len(objs)) {
			break
		}
		r.tokAt = int64(p)
		r.pos = p + 1
		r.depth = d + 1
		if b == tokenStartObject {
			objs[w] |= 1 << (d & 63)
			r.mode = rdKey
			return markToken(KindStartObject), nil
		}
		objs[w] &^= 1 << (d & 63)
		r.mode = rdArray
		return markToken(KindStartArray), nil
	case rdcEndArray: // only in an array
		r.tokAt = int64(p)
		r.pop()
		return markToken(KindEndArray), nil
	case rdcUnused:
	}
	return r.nextSlow(skip)
}

// Token classes of next's fast path (rdFastClasses). rdcSlow, the zero
// class, is every byte that next leaves to nextSlow.
const (
	rdcSlow uint8 = iota
	rdcKeyRef
	rdcKey
	rdcKeyLongRef
	rdcEndObject
	rdcValueRef
	rdcString
	rdcSmallInt
	rdcLiteral
	rdcInt32
	rdcInt64
	rdcFloat64
	rdcStartArray
	rdcStartObject
	rdcEndArray
	// rdcUnused makes 16 classes: next switches on the class masked by 15,
	// so that the jump needs no range check. (Callgrind Ir per loop,
	// bench/cmd/tokenloop/callgrind.sh, with the range check -> without:
	// citm_catalog 9.78M -> 9.52M, twitter 4.33M -> 4.27M, canada
	// 24.61M -> 23.93M.)
	rdcUnused
)

// rdFastClasses maps the Reader's mode and a token's first byte to the
// case of next that reads it. One load and one jump replace the test of
// the mode and a search among ranges of bytes. (Callgrind Ir per loop,
// bench/cmd/tokenloop/callgrind.sh, before -> after, with the container
// starts pushed inline: citm_catalog 10.59M -> 9.78M, twitter 4.37M ->
// 4.33M, canada 27.23M -> 24.61M.)
var rdFastClasses = func() (t [8][256]uint8) {
	for _, m := range []rdMode{rdRoot, rdArray, rdObjValue} {
		c := &t[m]
		for b := 0x01; b <= 0x1F; b++ {
			c[b] = rdcValueRef
		}
		for b := 0x40; b <= 0xBF; b++ {
			c[b] = rdcString
		}
		for b := 0xC0; b <= 0xDF; b++ {
			c[b] = rdcSmallInt
		}
		c[tokenNull], c[tokenFalse], c[tokenTrue] = rdcLiteral, rdcLiteral, rdcLiteral
		c[tokenInt32], c[tokenInt64], c[tokenFloat64] = rdcInt32, rdcInt64, rdcFloat64
		c[tokenStartArray], c[tokenStartObject] = rdcStartArray, rdcStartObject
	}
	t[rdArray][tokenEndArray] = rdcEndArray
	c := &t[rdKey]
	for b := keyShortRef; b < keyShortASCII; b++ {
		c[b] = rdcKeyRef
	}
	for b := keyShortASCII; b < tokenStartArray; b++ {
		c[b] = rdcKey
	}
	for b := keyLongRef; b < keyLong; b++ {
		c[b] = rdcKeyLongRef
	}
	c[tokenEndObject] = rdcEndObject
	return t
}()

// nextSlow is next for every token: it decodes headers in the middle of
// the input, refills a stream Reader's buffer, reads long strings, binary
// values and big numbers, and reports every error.
//
// It is the only function besides next that builds Tokens (with the
// constructors of token.go): the decoders it calls return plain values.
// Headers in the middle of the input are consumed here, in a loop, however
// many there are.
func (r *Reader) nextSlow(skip bool) (Token, error) {
	if r.pending {
		return r.takePending(), nil
	}
	for {
		if !r.ready() || r.pos >= len(r.buf) {
			if err := r.prepare(); err != nil {
				return Token{}, err
			}
		}
		b := r.buf[r.pos]
		r.tokAt = int64(r.pos)
		if r.mode == rdKey {
			switch {
			case b >= keyShortASCII && b < tokenStartArray: // 0x80-0xF7: short name
				s, slot, err := r.readShortKey(b)
				if err != nil {
					return Token{}, err
				}
				return keyToken(slot, false, s), nil
			case b >= keyShortRef && b < keyShortASCII: // 0x40-0x7F: short name reference
				i := int(b & 0x3F)
				s, err := r.keyRef(i, 1)
				if err != nil {
					return Token{}, err
				}
				return keyToken(i, true, s), nil
			case b == tokenEndObject:
				r.pop()
				return markToken(KindEndObject), nil
			case b == keyEmpty:
				r.pos++
				r.mode = rdObjValue
				return keyToken(-1, false, nil), nil
			case b >= keyLongRef && b < keyLong: // 0x30-0x33: long name reference
				if !r.need(2) {
					return Token{}, r.truncated(r.off(r.pos), "a shared name reference")
				}
				i := int(b&3)<<8 | int(r.buf[r.pos+1])
				s, err := r.keyRef(i, 2)
				if err != nil {
					return Token{}, err
				}
				return keyToken(i, true, s), nil
			case b == keyLong:
				s, slot, err := r.readLongKey(skip)
				if err != nil {
					return Token{}, err
				}
				return keyToken(slot, false, s), nil
			}
			return Token{}, r.syntaxErr(r.off(r.pos), "invalid type marker byte 0x%02X for expected key (or end of object)", b)
		}

		switch b >> 5 {
		case 0: // 0x00-0x1F: short shared-value reference
			if b == 0 {
				return Token{}, r.invalidValueByte(b)
			}
			i := int(b) - 1
			s, err := r.valueRef(i, 1)
			if err != nil {
				return Token{}, err
			}
			return stringToken(i, true, s), nil
		case 1: // 0x20-0x3F: literals, numbers, header
			k := KindNull
			switch b {
			case tokenEmptyString:
				k = KindString
			case tokenNull:
			case tokenFalse:
				k = KindFalse
			case tokenTrue:
				k = KindTrue
			case tokenInt32:
				v, err := r.readInt32()
				if err != nil {
					return Token{}, err
				}
				return intToken(v), nil
			case tokenInt64:
				v, err := r.readInt64()
				if err != nil {
					return Token{}, err
				}
				return intToken(v), nil
			case tokenFloat32:
				u, err := r.readFloat32()
				if err != nil {
					return Token{}, err
				}
				return floatToken(KindFloat32, uint64(u)), nil
			case tokenFloat64:
				u, err := r.readFloat64()
				if err != nil {
					return Token{}, err
				}
				return floatToken(KindFloat64, u), nil
			case tokenBigInt:
				v, err := r.readBigInt(skip)
				if err != nil {
					return Token{}, err
				}
				return bytesToken(KindBigInt, v), nil
			case tokenBigDecimal:
				v, scale, err := r.readBigDecimal(skip)
				if err != nil {
					return Token{}, err
				}
				return bigDecimalToken(v, scale), nil
			case headerByte0:
				if err := r.midHeader(); err != nil {
					return Token{}, err
				}
				continue
			default:
				return Token{}, r.invalidValueByte(b)
			}
			r.pos++
			r.valueDone()
			return markToken(k), nil // the empty string has no bytes either
		case 2, 3, 4, 5: // 0x40-0xBF: short strings
			s, slot, err := r.readShortValue(b)
			if err != nil {
				return Token{}, err
			}
			return stringToken(slot, false, s), nil
		case 6: // 0xC0-0xDF: small int
			r.pos++
			r.valueDone()
			z := uint32(b & 0x1F)
			return intToken(int64(int32(z>>1) ^ -int32(z&1))), nil
		}
		// 0xE0-0xFF
		switch b {
		case tokenLongASCII, tokenLongUTF8:
			s, err := r.readLongValue(skip)
			if err != nil {
				return Token{}, err
			}
			return stringToken(-1, false, s), nil
		case tokenLongValRef, tokenLongValRef + 1, tokenLongValRef + 2, tokenLongValRef + 3:
			if !r.need(2) {
				return Token{}, r.truncated(r.off(r.pos), "a shared string value reference")
			}
			i := int(b&3)<<8 | int(r.buf[r.pos+1])
			s, err := r.valueRef(i, 2)
			if err != nil {
				return Token{}, err
			}
			return stringToken(i, true, s), nil
		case tokenStartArray, tokenStartObject:
			if err := r.push(b == tokenStartObject); err != nil {
				return Token{}, err
			}
			if b == tokenStartObject {
				return markToken(KindStartObject), nil
			}
			return markToken(KindStartArray), nil
		case tokenEndArray:
			if r.mode != rdArray {
				if r.depth == 0 {
					return Token{}, r.syntaxErr(r.off(r.pos), "unexpected end of array (0xF9) at the root level")
				}
				return Token{}, r.syntaxErr(r.off(r.pos), "unexpected end of array (0xF9): expected a value for the key")
			}
			r.pop()
			return markToken(KindEndArray), nil
		case tokenBinary7Bit, tokenRawBinary:
			v, err := r.readBinary(b == tokenBinary7Bit, skip)
			if err != nil {
				return Token{}, err
			}
			return bytesToken(KindBinary, v), nil
		case tokenEndObject:
			return Token{}, r.syntaxErr(r.off(r.pos), "invalid type marker byte 0xFB in value mode (would be the end of an object in key mode)")
		case tokenEndOfData:
			if r.depth != 0 {
				return Token{}, r.syntaxErr(r.off(r.pos), "end-of-content marker (0xFF) inside %s", r.containerName())
			}
			r.pos++
			return markToken(KindEndOfDocument), nil
		}
		return Token{}, r.invalidValueByte(b)
	}
}

// prepare makes sure a token can be decoded at r.pos: the first header is
// handled and at least one byte is available. At the end of the input it
// returns io.EOF at the root level and an error inside a container.
func (r *Reader) prepare() error {
	if r.err != nil {
		return r.err
	}
	if !r.started {
		if err := r.firstHeader(); err != nil {
			return err
		}
	}
	if r.need(1) {
		return nil
	}
	if err := r.ioErr(); err != nil {
		return r.fail(err)
	}
	if r.depth == 0 {
		return io.EOF
	}
	var what string
	switch r.pureMode() {
	case rdArray:
		what = "expected a value or the end of an array"
	case rdKey:
		what = "expected a key or the end of an object"
	default:
		what = "expected a value for the key"
	}
	return r.fail(&SyntaxError{Offset: r.off(r.pos), Msg: "unexpected end of input: " + what, Err: io.ErrUnexpectedEOF})
}

// Prepare readies r to read a token as PeekKind does, without peeking:
// it handles the first header and reports the end of the input at the
// root as io.EOF, and an error where the input cannot go on. A decoder's
// root calls it before its first ReadToken, whose fast path needs a ready
// Reader, at the cost of one test when r is ready. (callgrind, the root
// package's BenchmarkCall/Unmarshal, Ir per call in go-smile's own
// functions: 759 calling PeekKind, 729 so.)
func (export) Prepare(r *Reader) error {
	if r.ready() || r.pending {
		return nil
	}
	return r.prepare()
}

// PeekKind returns the kind of the next token without consuming it. At the
// end of the input at the root level it returns io.EOF.
//
// A header in the middle of the input is consumed (it is not a token); a
// byte that cannot start a token where it stands is reported as the error
// ReadToken would give. A back-reference is reported as KindString or
// KindKey without checking its index.
func (r *Reader) PeekKind() (Kind, error) {
	if r.pending {
		return r.pend.Kind, nil
	}
	for {
		if err := r.prepare(); err != nil {
			return KindInvalid, err
		}
		b := r.buf[r.pos]
		var k Kind
		if r.mode == rdKey {
			k = rdKeyKinds[b]
		} else {
			if b == headerByte0 && r.depth == 0 {
				if err := r.midHeader(); err != nil {
					return KindInvalid, err
				}
				continue
			}
			k = rdValueKinds[b]
			switch k {
			case KindEndArray:
				if r.mode != rdArray {
					k = KindInvalid
				}
			case KindEndOfDocument:
				if r.depth != 0 {
					k = KindInvalid
				}
			}
		}
		if k == KindInvalid {
			// The token is malformed: let ReadToken report it.
			_, err := r.next(false)
			if err == nil {
				err = r.syntaxErr(r.off(r.pos), "internal error: byte 0x%02X peeked as invalid", b)
			}
			return KindInvalid, err
		}
		return k, nil
	}
}

// SkipValue skips the next value, including a whole array or object. When
// the next token is a key, it skips the key and its value.
//
// Skipping checks what reading checks, with the same errors: strings must
// be valid UTF-8 and 7-bit bytes must have the high bit clear (unless the
// options allow otherwise). Binary values and big numbers are not decoded,
// and a stream Reader does not buffer a long string or binary value it
// skips. Every string that a full read would store in a shared table is
// stored, so later back-references resolve as they would. SkipValue fails,
// without consuming anything, when the next token is the end of an array
// or object or an end-of-document marker.
func (r *Reader) SkipValue() error {
	k, err := r.PeekKind()
	if err != nil {
		return err
	}
	switch k {
	case KindEndArray, KindEndObject, KindEndOfDocument:
		return &SyntaxError{Offset: r.InputOffset(), Msg: "SkipValue: the next token is the " + k.String() + ", not a value"}
	}
	depth := r.Depth()
	start := r.InputOffset()
	if k == KindKey {
		if _, err := r.next(true); err != nil {
			return err
		}
	}
	for {
		if _, err := r.next(true); err != nil {
			if err == io.EOF {
				// Cannot happen: PeekKind saw a token. Be safe anyway.
				err = r.truncated(r.InputOffset(), "a skipped value")
			}
			return err
		}
		if r.depth == depth {
			r.tokAt = start - r.base
			return nil
		}
	}
}

// valueDone updates the mode after a complete value.
func (r *Reader) valueDone() {
	if r.mode == rdObjValue {
		r.mode = rdKey
	}
}

// invalidValueByte reports a byte that no value token starts with.
func (r *Reader) invalidValueByte(b byte) error {
	return r.syntaxErr(r.off(r.pos), "invalid type marker byte 0x%02X for expected value token", b)
}

// containerName names the innermost open container, for messages.
func (r *Reader) containerName() string {
	if r.depth > 0 && r.isObject(r.depth-1) {
		return "an object"
	}
	return "an array"
}

func (r *Reader) isObject(d int) bool { return r.objs[d>>6]&(1<<(d&63)) != 0 }

// push opens an array or object at r.pos.
func (r *Reader) push(object bool) error {
	if r.depth >= r.opts.MaxDepth {
		return r.limitErr(r.off(r.pos), "MaxDepth", r.opts.MaxDepth, int64(r.depth)+1)
	}
	d := r.depth
	if d>>6 >= len(r.objs) {
		r.objs = append(r.objs, 0)
	}
	r.pos++
	r.depth++
	if object {
		r.objs[d>>6] |= 1 << (d & 63)
		r.mode = rdKey
	} else {
		r.objs[d>>6] &^= 1 << (d & 63)
		r.mode = rdArray
	}
	return nil
}

// pop closes the innermost container (already checked to be the right
// kind) at r.pos.
func (r *Reader) pop() {
	r.pos++
	r.depth--
	switch {
	case r.depth == 0:
		r.mode = rdRoot
	case r.isObject(r.depth - 1):
		r.mode = rdKey
	default:
		r.mode = rdArray
	}
}

// firstHeader handles the start of the input: the header, or its absence.
func (r *Reader) firstHeader() error {
	if r.startHeader() {
		return nil
	}
	if !r.need(1) {
		if err := r.ioErr(); err != nil {
			return r.fail(err)
		}
		return io.EOF // empty input: no tokens
	}
	b := r.buf[r.pos]
	if b == headerByte0 {
		if err := r.readHeader(); err != nil {
			return err
		}
	} else {
		if !r.opts.HeaderOptional {
			h, text := r.otherText()
			if !text {
				h = hint.Hint{Kind: hint.Enable, Option: hint.HeaderOptional, Purpose: "to read headerless Smile"}
			}
			return r.hintedErr(r.off(r.pos), h, "input does not start with the Smile header (first byte 0x%02X)", b)
		}
		// Jackson's headerless defaults.
		r.sharedNames = true
		r.sharedValues = false
	}
	r.started = true
	if r.err == nil {
		r.mode &^= rdNotReady
	}
	return nil
}

// otherText reports whether the input, which does not start with a
// Smile header, looks like text of another format, and returns the
// hint.NotSmile that says which: JSON text, an object or array; or HTML or
// XML, a '<' (an error page where Smile was asked for); after at most 63
// bytes of JSON white space. Headerless Smile may start with '{' or '['
// too (a short ASCII string, 0x7B or 0x5B), but rarely does, and then the
// caller knows to set HeaderOptional; it never has a 0x3C. It reads from
// the source as far as the white space goes (at most 64 bytes), so that
// the answer does not depend on how the input arrives in pieces.
func (r *Reader) otherText() (hint.Hint, bool) {
	for i := 0; i < 64 && r.need(i+1); i++ {
		b := r.buf[r.pos+i]
		h := hint.Hint{Kind: hint.NotSmile, First: b, Space: i > 0}
		switch b {
		case ' ', '\t', '\n', '\r':
			continue
		case '{', '[':
			h.Text = hint.JSON
			return h, true
		case '<':
			h.Text = hint.HTML
			return h, true
		}
		return hint.Hint{}, false
	}
	return hint.Hint{}, false
}

// midHeader handles a 0x3A byte in value mode after the first header.
func (r *Reader) midHeader() error {
	if r.depth != 0 {
		return r.syntaxErr(r.off(r.pos), "a header (0x3A) inside %s; headers may only stand between root-level values", r.containerName())
	}
	return r.readHeader()
}

// readHeader reads the 4-byte header at r.pos and applies its flags.
func (r *Reader) readHeader() error {
	at := r.off(r.pos)
	if !r.need(4) {
		// Report a wrong byte before a short input.
		p := r.pos
		if len(r.buf)-p >= 2 && r.buf[p+1] != headerByte1 {
			return r.syntaxErr(at+1, "malformed header: 0x3A followed by 0x%02X, not 0x29", r.buf[p+1])
		}
		if len(r.buf)-p >= 3 && r.buf[p+2] != headerByte2 {
			return r.syntaxErr(at+2, "malformed header: 0x3A 0x29 followed by 0x%02X, not 0x0A", r.buf[p+2])
		}
		return r.truncated(at, "the header")
	}
	h := r.buf[r.pos : r.pos+4]
	if h[1] != headerByte1 {
		return r.syntaxErr(at+1, "malformed header: 0x3A followed by 0x%02X, not 0x29", h[1])
	}
	if h[2] != headerByte2 {
		return r.syntaxErr(at+2, "malformed header: 0x3A 0x29 followed by 0x%02X, not 0x0A", h[2])
	}
	flags := h[3]
	if v := flags & headerVersionMask; v != 0 {
		return r.syntaxErr(at+3, "header version %d is not supported (only version 0 is)", v>>4)
	}
	if flags&headerReservedBit != 0 {
		// Jackson ignores this bit; no Smile writer sets it, so a set bit
		// means a format this reader does not know.
		return r.syntaxErr(at+3, "header flags 0x%02X set the reserved bit 3 (0x08), which no Smile writer sets", flags)
	}
	r.pos += 4
	r.applyHeader(flags)
	return nil
}

// applyHeader applies a header's flags, starting a new section.
func (r *Reader) applyHeader(flags byte) {
	stream := r.src != nil
	if r.opts.KeepNamesAcrossHeaders {
		// Jackson: the name table is kept; a header without bit 0 turns
		// names off for the rest of the input.
		if flags&headerSharedNames == 0 {
			r.namesOffForGood = true
			r.names.reset(stream)
		}
		r.sharedNames = !r.namesOffForGood
	} else {
		r.names.reset(stream)
		r.sharedNames = flags&headerSharedNames != 0
	}
	r.values.reset(stream)
	r.sharedValues = flags&headerSharedValues != 0
	// Bit 2 (raw binary) is informational: 0xFD is read either way.
}

// rdValueKinds maps a first byte in value mode to its token kind;
// KindInvalid marks bytes that no value token starts with (0x3A and the
// context-dependent ends are handled by PeekKind).
var rdValueKinds = func() (t [256]Kind) {
	for b := 0x01; b <= 0x1F; b++ {
		t[b] = KindString
	}
	t[tokenEmptyString] = KindString
	t[tokenNull] = KindNull
	t[tokenFalse] = KindFalse
	t[tokenTrue] = KindTrue
	t[tokenInt32] = KindInt
	t[tokenInt64] = KindInt
	t[tokenBigInt] = KindBigInt
	t[tokenFloat32] = KindFloat32
	t[tokenFloat64] = KindFloat64
	t[tokenBigDecimal] = KindBigDecimal
	for b := 0x40; b <= 0xBF; b++ {
		t[b] = KindString
	}
	for b := 0xC0; b <= 0xDF; b++ {
		t[b] = KindInt
	}
	t[tokenLongASCII] = KindString
	t[tokenLongUTF8] = KindString
	t[tokenBinary7Bit] = KindBinary
	for b := tokenLongValRef; b <= tokenLongValRef+3; b++ {
		t[b] = KindString
	}
	t[tokenStartArray] = KindStartArray
	t[tokenEndArray] = KindEndArray
	t[tokenStartObject] = KindStartObject
	t[tokenRawBinary] = KindBinary
	t[tokenEndOfData] = KindEndOfDocument
	return t
}()

// rdKeyKinds maps a first byte in key mode to its token kind.
var rdKeyKinds = func() (t [256]Kind) {
	t[keyEmpty] = KindKey
	for b := keyLongRef; b <= keyLong; b++ {
		t[b] = KindKey
	}
	for b := keyShortRef; b < tokenStartArray; b++ {
		t[b] = KindKey
	}
	t[tokenEndObject] = KindEndObject
	return t
}()
