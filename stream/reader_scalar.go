package stream

import (
	le "encoding/binary"
	"errors"
	"fmt"
	"math"
	"math/bits"

	"github.com/go-smile/smile/binary"
	"github.com/go-smile/smile/internal/hint"
)

// This file holds the Reader's numbers: VInts, zigzag integers, float32 and
// float64, and the 7-bit payloads of BigInteger and BigDecimal.

// rdVIntStatus says how decoding a VInt went.
type rdVIntStatus uint8

const (
	rdVIntOK       rdVIntStatus = iota
	rdVIntShort                 // the input ended before the last byte
	rdVIntTooLong               // no last byte within the allowed length
	rdVIntOverflow              // the value does not fit 64 bits
	rdVIntBadEnd                // the last byte has bit 6 set (0xC0-0xFF never occur in a VInt)
)

// rdVInt decodes the VInt at the start of b, using at most max bytes. It
// returns the value, the number of bytes it looked at, and a status. Every
// byte but the last has bit 7 clear and carries 7 bits; the last is
// 0x80-0xBF and carries 6 bits. Non-minimal forms are accepted.
func rdVInt(b []byte, max int) (v uint64, n int, st rdVIntStatus) {
	for i, c := range b {
		if c&0x80 != 0 {
			if c&0x40 != 0 {
				return v, i + 1, rdVIntBadEnd
			}
			if v>>58 != 0 {
				return v, i + 1, rdVIntOverflow
			}
			return v<<6 | uint64(c&0x3F), i + 1, rdVIntOK
		}
		if i == max-1 {
			return v, i + 1, rdVIntTooLong
		}
		if v>>57 != 0 {
			return v, i + 1, rdVIntOverflow
		}
		v = v<<7 | uint64(c)
	}
	return v, len(b), rdVIntShort
}

// rdShortVInt decodes the VInt at the start of b, which holds at least 8
// bytes, when it takes at most 8 of them: its last byte is the first with
// bit 7 set, found with one load, and it then holds at most 55 bits. ok is
// false for a longer VInt or a last byte of 0xC0-0xFF; rdVInt then decides.
// Measured against a loop that looks for the last byte one byte at a time
// (bash bench/callgrind.sh, N=20; Ir per Unmarshal in all / in go-smile's
// own functions): twitter 5.25M / 4.72M -> 5.12M / 4.68M, code 32.78M /
// 28.07M -> 32.11M / 27.68M, citm_catalog 12.82M / 11.48M -> 12.79M /
// 11.34M.
//
// The groups before the last byte are then packed without a loop, in
// three steps that each halve the number of gaps (each subtracts what a
// shift down of the upper half of every lane removes; written so, not as
// rdFloat64Bits's masks and ors, the function stays within the inliner's
// budget: cost 78 of 80, go build -gcflags=-m=2 ./stream). The load is
// big-endian, so that the VInt's bytes are the word's top n, shifted down
// to its low n. Measured against the loop that shifted in one group per
// byte (BIN=<bench test> N=20 sh bench/callgrind.sh; go-smile's own Ir
// per op): Unmarshal/code 28.09M -> 27.91M, Unmarshal/citm_catalog
// 11.38M -> 11.31M, UnmarshalAny/citm_catalog 13.60M -> 13.51M.
func rdShortVInt(b []byte) (v uint64, n int, ok bool) {
	x := le.BigEndian.Uint64(b)
	l := bits.Len64(x & 0x8080808080808080) // 72-8n; 0 when no byte ends the VInt
	x >>= uint(l-8) & 63                    // the VInt's bytes, its last byte lowest
	g := x >> 8                             // the n-1 groups of 7 bits before it, one per byte
	g -= g & 0x7F007F007F007F00 >> 1        // pairs of groups: 14 bits per 16
	g -= 3 * (g & 0x3FFF00003FFF0000 >> 2)  // 28 bits per 32
	g -= 15 * (g & 0x0FFFFFFF00000000 >> 4) // 56 bits
	return g<<6 | x&0x3F, 9 - l>>3, l != 0 && x&0x40 == 0
}

// rdShortVInt32 is rdShortVInt for the VInt of a 32-bit integer token,
// given as the big-endian word of the 8 bytes after the token byte: it
// decodes a VInt of at most 5 bytes whose value fits 32 bits, and ok is
// false for any other (readInt32 then decides). The last byte is looked
// for in the top five bytes only, and the groups before it, at most four,
// fill the word's low 32 bits, so that two steps pack them, with masks
// that fit an instruction's 32-bit immediate; the three bytes below the
// top five may be anything (tryInt passes the word it loads at the token,
// shifted past the token byte). Measured
// against rdShortVInt with the checks of its length and value after it,
// on a slice of the input from the VInt (BIN=<bench test> N=20 sh
// bench/callgrind.sh; go-smile's own Ir per op): Unmarshal/citm_catalog
// 9.742M -> 9.579M, Unmarshal/code 25.342M -> 24.970M, Unmarshal/twitter
// 4.395M -> 4.387M, UnmarshalAny/citm_catalog 12.303M -> 12.139M.
func rdShortVInt32(x uint64) (z uint64, n int, ok bool) {
	l := bits.Len64(x & 0x8080808080000000) // 72-8n; 0 when none of the five bytes ends the VInt
	x >>= uint(l-8) & 63                    // the VInt's bytes, its last byte lowest
	g := x >> 8                             // the n-1 groups before it, one per byte
	g -= g & 0x7F007F00 >> 1                // pairs of groups: 14 bits per 16
	g -= 3 * (g & 0x3FFF0000 >> 2)          // 28 bits
	z = g<<6 | x&0x3F                       // up to 34 bits
	return z, 9 - l>>3, l != 0 && (x&0x40|z>>32) == 0
}

// tryInt reads the next value when it is an integer token (a small,
// 32-bit or 64-bit integer) whose bytes are all buffered, and reports
// whether it did. Otherwise it consumes nothing, and ReadToken reads the
// value (and reports what is wrong with a malformed one). It is a
// decoder's fast path for integer fields, without a Token; TokenOffset
// gives the integer's offset. Measured against a tryInt that always
// reports false, which sends the decoder to ReadToken (bash
// bench/callgrind.sh, N=20; Ir per Unmarshal in all / in go-smile's own
// functions): twitter 5.22M / 4.78M -> 5.12M / 4.68M, citm_catalog
// 13.56M / 12.18M -> 12.79M / 11.34M.
func (r *Reader) tryInt() (int64, bool) {
	p := r.pos
	if !r.valueDue() || len(r.buf)-p < 9 {
		return 0, false
	}
	var v int64
	x := le.BigEndian.Uint64(r.buf[p : p+8 : p+8]) // the token byte on top
	switch b := byte(x >> 56); {
	case b>>5 == 6: // 0xC0-0xDF: small int
		z := uint32(b & 0x1F)
		v = int64(int32(z>>1) ^ -int32(z&1))
		r.pos++
	case b == tokenInt32:
		z, n, ok := rdShortVInt32(x << 8)
		if !ok {
			return 0, false
		}
		v = int64(int32(uint32(z)>>1) ^ -int32(uint32(z)&1))
		r.pos += 1 + n
	case b == tokenInt64:
		z, n, ok := rdShortVInt(r.buf[p+1 : p+9 : p+9])
		if !ok {
			return 0, false
		}
		v = int64((z >> 1) ^ -(z & 1))
		r.pos += 1 + n
	default:
		return 0, false
	}
	r.tokAt = int64(p)
	r.valueDone()
	return v, true
}

// TryBool is tryInt for true and false: it reads the value and reports
// whether it did, or consumes nothing. Measured with tryNull, against both
// always reporting false (bash bench/callgrind.sh Unmarshal/twitter, N=20;
// Ir per Unmarshal in all / own): 5.31M / 4.92M -> 5.12M / 4.68M.
//
// It is a method of export, not of Reader, so that the root package's
// call inlines it: a wrapper of a Reader method would cost 86 in the
// inliner's budget of 80.
func (export) TryBool(r *Reader) (v, ok bool) {
	p := r.pos
	if !r.valueDue() || uint(p) >= uint(len(r.buf)) {
		return false, false
	}
	switch r.buf[p] {
	case tokenTrue:
		v = true
	case tokenFalse:
	default:
		return false, false
	}
	r.pos++
	r.tokAt = int64(p)
	r.valueDone()
	return v, true
}

// tryNull is tryInt for null: it reads it and reports whether it did,
// or consumes nothing.
func (r *Reader) tryNull() bool {
	p := r.pos
	if !r.valueDue() || uint(p) >= uint(len(r.buf)) || r.buf[p] != tokenNull {
		return false
	}
	r.pos++
	r.tokAt = int64(p)
	r.valueDone()
	return true
}

// tryFloat64 is tryInt for a 64-bit float token (one whose bytes are all
// buffered): it reads the value and reports whether it did, or consumes
// nothing. Measured against a tryFloat64 that always reports false (bash
// bench/callgrind.sh Unmarshal/canada, N=20; Ir per Unmarshal in
// go-smile's own functions): 41.85M -> 24.12M.
func (r *Reader) tryFloat64() (float64, bool) {
	p := r.pos
	if !r.valueDue() || len(r.buf)-p < 11 || r.buf[p] != tokenFloat64 {
		return 0, false
	}
	u := rdFloat64Bits((*[10]byte)(r.buf[p+1 : p+11]))
	r.pos += 11
	r.tokAt = int64(p)
	r.valueDone()
	return math.Float64frombits(u), true
}

// readVInt decodes a VInt of at most max bytes at r.pos and consumes it.
// what names the token (starting at input offset at) for error messages;
// limit is the largest value allowed. It decodes the bytes buffered, and
// asks a stream Reader's source for one more byte only while the VInt goes
// on past them, so that it never waits for input the VInt does not need.
// (The integers of most documents never come here: next's fast path and
// tryInt read them with rdShortVInt.)
func (r *Reader) readVInt(at int64, max int, limit uint64, what string) (uint64, error) {
	v, n, st := rdVInt(r.buf[r.pos:], max)
	for st == rdVIntShort && r.need(n+1) {
		v, n, st = rdVInt(r.buf[r.pos:], max)
	}
	switch st {
	case rdVIntOK:
		if v > limit {
			return 0, r.syntaxErr(r.off(r.pos), "VInt overflow in %s: %d does not fit", what, v)
		}
		r.pos += n
		return v, nil
	case rdVIntShort:
		return 0, r.truncated(at, what)
	case rdVIntTooLong:
		return 0, r.syntaxErr(r.off(r.pos+n-1), "VInt in %s is longer than %d bytes", what, max)
	case rdVIntOverflow:
		return 0, r.syntaxErr(r.off(r.pos), "VInt overflow in %s: the value does not fit 64 bits", what)
	default:
		return 0, r.syntaxErr(r.off(r.pos+n-1), "invalid last byte 0x%02X of a VInt in %s (0xC0-0xFF never end a VInt)", r.buf[r.pos+n-1], what)
	}
}

// readLength reads an unsigned length VInt (at most 5 bytes and 31 bits),
// as used by binary values and big numbers.
func (r *Reader) readLength(at int64, what string) (int, error) {
	v, err := r.readVInt(at, 5, math.MaxInt32, what)
	return int(v), err
}

// readInt32 reads a 0x24 token: a zigzag VInt of at most 5 bytes that
// must fit 32 bits.
func (r *Reader) readInt32() (int64, error) {
	at := r.off(r.pos)
	r.pos++
	z, err := r.readVInt(at, 5, math.MaxUint32, "a 32-bit integer")
	if err != nil {
		return 0, err
	}
	r.valueDone()
	return int64(int32(uint32(z)>>1) ^ -int32(uint32(z)&1)), nil
}

// readInt64 reads a 0x25 token: a zigzag VInt of at most 10 bytes that must
// fit 64 bits. Unlike Jackson, a VInt shorter than 5 bytes is decoded
// correctly.
func (r *Reader) readInt64() (int64, error) {
	at := r.off(r.pos)
	r.pos++
	z, err := r.readVInt(at, 10, math.MaxUint64, "a 64-bit integer")
	if err != nil {
		return 0, err
	}
	r.valueDone()
	return int64((z >> 1) ^ -(z & 1)), nil
}

// readFloat32 reads a 0x28 token: 5 bytes of 4+7+7+7+7 bits. The unused
// high bits are ignored (Jackson up to 2.18 sets them for negative values).
func (r *Reader) readFloat32() (uint32, error) {
	if !r.need(6) {
		return 0, r.truncated(r.off(r.pos), "a float32")
	}
	b := r.buf[r.pos+1 : r.pos+6 : r.pos+6]
	u := uint32(b[0]&0x0F)<<28 | uint32(b[1]&0x7F)<<21 | uint32(b[2]&0x7F)<<14 | uint32(b[3]&0x7F)<<7 | uint32(b[4]&0x7F)
	r.pos += 6
	r.valueDone()
	return u, nil
}

// readFloat64 reads a 0x29 token: 10 bytes of 1+9·7 bits.
func (r *Reader) readFloat64() (uint64, error) {
	if !r.need(11) {
		return 0, r.truncated(r.off(r.pos), "a float64")
	}
	u := rdFloat64Bits((*[10]byte)(r.buf[r.pos+1 : r.pos+11]))
	r.pos += 11
	r.valueDone()
	return u, nil
}

// readBigInt reads a 0x26 token: VInt(N), then N bytes in 7-bit encoding.
// N = 0 reads as zero.
func (r *Reader) readBigInt(skip bool) ([]byte, error) {
	at := r.off(r.pos)
	r.pos++
	n, err := r.readLength(at, "a BigInteger")
	if err != nil {
		return nil, err
	}
	b, err := r.readBigBytes(at, n, skip, "a BigInteger")
	if err != nil {
		return nil, err
	}
	r.valueDone()
	return b, nil
}

// readBigDecimal reads a 0x2A token: zigzag VInt scale (32 bits), VInt(N),
// then N bytes of unscaled value in 7-bit encoding.
func (r *Reader) readBigDecimal(skip bool) ([]byte, int32, error) {
	at := r.off(r.pos)
	r.pos++
	z, err := r.readVInt(at, 5, math.MaxUint32, "a BigDecimal scale")
	if err != nil {
		return nil, 0, err
	}
	n, err := r.readLength(at, "a BigDecimal")
	if err != nil {
		return nil, 0, err
	}
	b, err := r.readBigBytes(at, n, skip, "a BigDecimal")
	if err != nil {
		return nil, 0, err
	}
	r.valueDone()
	return b, int32(uint32(z)>>1) ^ -int32(uint32(z)&1), nil
}

// readBigBytes reads the 7-bit payload of n raw bytes of a big number.
func (r *Reader) readBigBytes(at int64, n int, skip bool, what string) ([]byte, error) {
	if n > r.opts.MaxBigNumberLen {
		return nil, r.limitErr(at, "MaxBigNumberLen", r.opts.MaxBigNumberLen, int64(n))
	}
	return r.read7Bit(at, n, skip, what)
}

// rdEncodedLen is the 7-bit encoded length of n raw bytes, in int64 so
// that a 31-bit n cannot overflow.
func rdEncodedLen(n int) int64 {
	m := int64(n) / 7 * 8
	if rem := int64(n) % 7; rem != 0 {
		m += rem + 1
	}
	return m
}

// read7Bit consumes the 7-bit encoding of n raw bytes at r.pos and returns
// them decoded into r.scratch (nil when skipping: the payload is checked
// but not decoded). The encoded length is checked against the remaining
// input before anything is allocated.
func (r *Reader) read7Bit(at int64, n int, skip bool, what string) ([]byte, error) {
	enc := rdEncodedLen(n)
	if enc > r.remaining() || int64(int(enc)) != enc {
		return nil, r.truncated(at, what)
	}
	if skip {
		return nil, r.skip7Bit(at, enc, what)
	}
	if !r.need(int(enc)) {
		return nil, r.truncated(at, what)
	}
	if cap(r.scratch) < n {
		r.scratch = make([]byte, n)
	}
	dst := r.scratch[:n:n]
	src := r.buf[r.pos : r.pos+int(enc)]
	if err := r.decode7(dst, src, what); err != nil {
		return nil, err
	}
	r.pos += int(enc)
	return dst, nil
}

// skip7Bit consumes enc bytes of 7-bit data at r.pos without decoding or
// buffering them. Unless Lenient7Bit is set it checks them as decoding
// would, in pieces of whole 8-byte groups, and reports a byte with its
// high bit set only once the whole value is there, so that the error is
// the one reading the value gives.
func (r *Reader) skip7Bit(at int64, enc int64, what string) error {
	var bad error
	for left := enc; left > 0; {
		if least := min(left, 8); int64(len(r.buf)-r.pos) < least && !r.need(int(least)) {
			return r.truncated(at, what)
		}
		take := min(int64(len(r.buf)-r.pos), left)
		if take < left {
			take -= take % 8
		}
		src := r.buf[r.pos : r.pos+int(take)]
		if bad == nil && !r.opts.Lenient7Bit {
			if i := rdHighBitAt(src); i >= 0 {
				g := i &^ 7 // the start of the group holding it
				grp := src[g:min(g+8, len(src))]
				var dst [7]byte
				_, err := binary.Decode(dst[:], grp)
				bad = rd7BitError(grp, r.off(r.pos+g), err, what)
			}
		}
		r.pos += int(take)
		left -= take
	}
	if bad != nil {
		return r.fail(bad)
	}
	return nil
}

// rdHighBitAt returns the index of the first byte of s with its high bit
// set, or -1: eight bytes at a time. Measured against a loop over the
// bytes, callgrind Ir per skip of BenchmarkReaderSkipBinary (a 64 KB 7-bit
// value; go test -c ./stream, -test.benchtime 400x minus 200x, over 200):
// 525,307 -> 225,869.
func rdHighBitAt(s []byte) int {
	i := 0
	for ; i+8 <= len(s); i += 8 {
		if le.LittleEndian.Uint64(s[i:])&0x8080808080808080 != 0 {
			break
		}
	}
	for ; i < len(s); i++ {
		if s[i] >= 0x80 {
			return i
		}
	}
	return -1
}

// decode7 decodes src (which starts at r.buf[r.pos]) into dst with the
// strictness the options ask for.
func (r *Reader) decode7(dst, src []byte, what string) error {
	var err error
	if r.opts.Lenient7Bit {
		_, err = binary.DecodeLenient(dst, src)
	} else {
		_, err = binary.Decode(dst, src)
	}
	if err == nil {
		return nil
	}
	return r.fail(rd7BitError(src, r.off(r.pos), err, what))
}

// rd7BitError describes err, from decoding src found at input offset off,
// as a *SyntaxError.
func rd7BitError(src []byte, off int64, err error, what string) error {
	var ce *binary.CorruptInputError
	if errors.As(err, &ce) && ce.Offset >= 0 && ce.Offset < len(src) {
		e := &SyntaxError{Offset: off + int64(ce.Offset), Msg: fmt.Sprintf("invalid 7-bit encoded byte 0x%02X in %s (%s)", src[ce.Offset], what, ce.Msg)}
		if src[ce.Offset] >= 0x80 {
			e.hint = hint.Hint{Kind: hint.Enable, Option: hint.Lenient7Bit, Purpose: "to ignore the high bit, as Jackson does"}
		}
		return e
	}
	return &SyntaxError{Offset: off, Msg: fmt.Sprintf("invalid 7-bit encoding in %s: %v", what, err)}
}

// rdFloat64Bits returns the bits of the float64 whose ten 7-bit groups
// are b, most significant first: 1 bit in b[0], 7 in each other byte.
// The 56 bits of b[1:9] are packed with one load and three steps that
// each halve the number of gaps (the inverse of the Writer's spread7).
// Measured against a loop that shifts in one group per byte (bash
// bench/callgrind.sh Unmarshal/canada, N=20; Ir per Unmarshal in
// go-smile's own functions, run to run steadier than the total on this
// data set): 29.79M -> 24.12M.
func rdFloat64Bits(b *[10]byte) uint64 {
	x := le.BigEndian.Uint64(b[1:9]) & 0x7F7F7F7F7F7F7F7F
	x = x&0x007F007F007F007F | x&0x7F007F007F007F00>>1
	x = x&0x00003FFF00003FFF | x&0x3FFF00003FFF0000>>2
	x = x&0x000000000FFFFFFF | x&0x0FFFFFFF00000000>>4
	return uint64(b[0]&1)<<63 | x<<7 | uint64(b[9]&0x7F)
}
