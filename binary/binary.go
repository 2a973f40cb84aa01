// Package binary implements Smile's 7-bit ("safe") binary encoding, the
// form Jackson uses for binary values (token E8), BigInteger (26) and
// BigDecimal (2A) payloads, so that no encoded byte has its high bit set.
//
// # Format
//
// The raw bytes are read as one big-endian bit stream. Each full group of 7
// raw bytes (56 bits) becomes 8 encoded bytes carrying 7 bits each, most
// significant bits first; bit 7 of every encoded byte is 0. A trailing group
// of n raw bytes (1 <= n <= 6) becomes n+1 encoded bytes: the first n carry
// 7 bits each, most significant first, and the last carries the remaining n
// bits right-aligned in its low bits, its higher bits being zero padding.
//
// For example the raw bytes 01 02 03 (n = 3) encode as 00 40 40 03:
//
//	raw bits : 00000001 00000010 00000011
//	split    : 0000000 | 1000000 | 1000000 | 011
//	encoded  : 00        40        40        03
//
// and 01 02 03 04 05 06 07 (one full group) as 00 40 40 30 20 14 0C 07.
// The encoded size of N raw bytes is 8*(N/7) plus N%7+1 when N%7 != 0
// (see [EncodedLen]); an encoded length m with m%8 == 1 is impossible (see
// [DecodedLen]).
//
// In Smile the encoded bytes follow a VInt giving the raw length, so a
// reader knows exactly how many encoded bytes to consume; this package
// handles only the encoded bytes themselves.
//
// # Strictness
//
// [Decode] rejects an encoded byte with its high bit set with a
// [*CorruptInputError]. [DecodeLenient] ignores such bits (masks them
// off); Jackson's reader does not reject them either. Both ignore the
// padding bits of the final partial byte, as the Smile specification says,
// so 00 7F decodes to 01 (Jackson instead adds them into the last raw byte
// and gives 7F). Jackson's writer produces neither.
//
// # Chunked use
//
// Full groups are independent, so both directions can work piecewise on a
// long value. Encoding a payload in pieces whose lengths are multiples of 7
// (only the last piece may have any length) gives the same bytes as one call
// on the whole payload, and decoding the encoded bytes in pieces whose
// lengths are multiples of 8 (only the last piece may have any length)
// gives the same raw bytes as one call. Error offsets are then relative to
// the piece passed in.
//
// The implementation is pure Go: it converts 8-byte windows with
// shift-and-mask steps (SWAR), several groups per loop iteration. On 64 KB
// it takes about a twelfth of the instructions of the per-byte bit loop
// of the tests (refEncode, refDecode): callgrind Ir per call of
// BenchmarkEncode 2,842,061 (reference) -> 248,772 (kernel), of
// BenchmarkDecode 3,435,092 -> 292,341 (see bench_test.go).
package binary

import (
	stdbinary "encoding/binary"
	"slices"
	"strconv"
)

// CorruptInputError reports encoded input that is not valid 7-bit data.
type CorruptInputError struct {
	// Offset is the index, in the src passed to the decoding function, of
	// the offending byte. For an impossible length it is len(src)-1, the
	// lone byte of the incomplete final group.
	Offset int
	// Msg says what is wrong with that byte.
	Msg string
}

// Error returns a message with the offset and the cause.
func (e *CorruptInputError) Error() string {
	return "binary: corrupt 7-bit input at offset " + strconv.Itoa(e.Offset) + ": " + e.Msg
}

// EncodedLen returns the number of encoded bytes for n raw bytes (n >= 0):
// 8*(n/7), plus n%7+1 when n is not a multiple of 7.
func EncodedLen(n int) int {
	r := n % 7
	m := n / 7 * 8
	if r != 0 {
		m += r + 1
	}
	return m
}

// DecodedLen returns the number of raw bytes that m encoded bytes decode
// to: 7*(m/8), plus m%8-1 when m is not a multiple of 8. It reports
// ok = false when no raw length encodes to m bytes, that is when m%8 == 1
// or m < 0.
func DecodedLen(m int) (n int, ok bool) {
	r := m % 8
	if r == 1 || m < 0 {
		return 0, false
	}
	n = m / 8 * 7
	if r != 0 {
		n += r - 1
	}
	return n, true
}

// Encode encodes src into dst and returns the number of bytes written,
// EncodedLen(len(src)). It panics if dst is shorter than that. It writes
// nothing past that length. dst and src must not overlap.
//
// Encoding pieces of a payload whose lengths are multiples of 7 and
// concatenating the results gives the same bytes as encoding the whole.
func Encode(dst, src []byte) int {
	n := EncodedLen(len(src))
	if len(dst) < n {
		panic("binary: Encode: dst holds " + strconv.Itoa(len(dst)) + " bytes, " + strconv.Itoa(n) + " needed")
	}
	encode(dst[:n], src)
	return n
}

// AppendEncode appends the encoding of src to dst and returns the extended
// slice. It grows dst at most once.
func AppendEncode(dst, src []byte) []byte {
	n := EncodedLen(len(src))
	dst = slices.Grow(dst, n)
	l := len(dst)
	encode(dst[l:l+n], src)
	return dst[:l+n]
}

// Decode decodes src, which holds a whole encoded value (or a piece of one
// whose length is a multiple of 8, see the package documentation), into
// dst, and returns the number of bytes written, DecodedLen(len(src)). It
// panics if dst is shorter than that, and writes nothing past that length.
//
// An encoded byte with its high bit set is an error, as is an impossible
// length (len(src)%8 == 1); the error is a [*CorruptInputError]. Then n is
// the number of raw bytes decoded from the full groups before the offending
// byte, which are valid in dst[:n]; the rest of dst[:DecodedLen(len(src))]
// may have been modified. The padding bits of a final partial group are
// ignored. dst and src must not overlap.
func Decode(dst, src []byte) (n int, err error) {
	return decodeChecked("Decode", dst, src, false)
}

// DecodeLenient is like [Decode] but ignores the high bit of every encoded
// byte instead of reporting it; its only error is an impossible length.
func DecodeLenient(dst, src []byte) (n int, err error) {
	return decodeChecked("DecodeLenient", dst, src, true)
}

// AppendDecode appends the decoding of src (as for [Decode]) to dst and
// returns the extended slice. It grows dst at most once, and may use the
// spare capacity beyond the returned slice as scratch. On error it returns
// dst extended by the bytes decoded before the offending byte (see
// [Decode]), and the error.
func AppendDecode(dst, src []byte) ([]byte, error) {
	return appendDecode(dst, src, false)
}

// AppendDecodeLenient is like [AppendDecode] with the leniency of
// [DecodeLenient].
func AppendDecodeLenient(dst, src []byte) ([]byte, error) {
	return appendDecode(dst, src, true)
}

func lengthError(src []byte) error {
	return &CorruptInputError{Offset: len(src) - 1, Msg: "impossible encoded length " + strconv.Itoa(len(src)) + " (a final group of one byte)"}
}

func decodeChecked(fn string, dst, src []byte, lenient bool) (int, error) {
	n, ok := DecodedLen(len(src))
	if !ok {
		return 0, lengthError(src)
	}
	if len(dst) < n {
		panic("binary: " + fn + ": dst holds " + strconv.Itoa(len(dst)) + " bytes, " + strconv.Itoa(n) + " needed")
	}
	return decode(dst[:n], src, lenient)
}

func appendDecode(dst, src []byte, lenient bool) ([]byte, error) {
	n, ok := DecodedLen(len(src))
	if !ok {
		return dst, lengthError(src)
	}
	dst = slices.Grow(dst, n)
	l := len(dst)
	// The bytes past l+n are spare capacity, so the decoder may use them
	// as scratch for its 8-byte stores.
	w, err := decode(dst[l:cap(dst)], src, lenient)
	return dst[:l+w], err
}

const (
	highBits = 0x8080808080808080
)

// pack turns 8 encoded bytes (big-endian in v, 7 significant bits each)
// into their 56-bit value. The masks drop bit 7 of every byte.
func pack(v uint64) uint64 {
	v = (v&0x7F007F007F007F00)>>1 | v&0x007F007F007F007F // 4 x 14 bits in 16-bit lanes
	v = (v&0x3FFF00003FFF0000)>>2 | v&0x00003FFF00003FFF // 2 x 28 bits in 32-bit lanes
	v = (v&0x0FFFFFFF00000000)>>4 | v&0x000000000FFFFFFF // 56 bits
	return v
}

// spread is the inverse of pack: it turns a 56-bit value into 8 bytes of
// 7 bits each, most significant first.
func spread(v uint64) uint64 {
	v = (v&0x00FFFFFFF0000000)<<4 | v&0x000000000FFFFFFF
	v = (v&0x0FFFC0000FFFC000)<<2 | v&0x00003FFF00003FFF
	v = (v&0x3F803F803F803F80)<<1 | v&0x007F007F007F007F
	return v
}

// encode writes exactly EncodedLen(len(src)) == len(dst) bytes.
func encode(dst, src []byte) {
	be := stdbinary.BigEndian
	// Four groups at a time: 28 raw bytes in, 32 encoded bytes out. The
	// last read is src[21:29], so 29 readable bytes are needed. Measured
	// against the one-group loop alone (callgrind Ir per call of
	// BenchmarkEncode/kernel, see bench_test.go): 1KB 6,658 -> 4,117,
	// 64KB 424,601 -> 248,772 (-41%).
	for len(src) >= 29 && len(dst) >= 32 {
		s := src[:29]
		d := dst[:32]
		a := be.Uint64(s[0:])
		b := be.Uint64(s[7:])
		c := be.Uint64(s[14:])
		e := be.Uint64(s[21:])
		be.PutUint64(d[0:], spread(a>>8))
		be.PutUint64(d[8:], spread(b>>8))
		be.PutUint64(d[16:], spread(c>>8))
		be.PutUint64(d[24:], spread(e>>8))
		src = src[28:]
		dst = dst[32:]
	}
	// One group at a time.
	for len(src) >= 7 && len(dst) >= 8 {
		var v uint64
		if len(src) >= 8 {
			v = be.Uint64(src) >> 8
		} else {
			// Exactly 7 bytes left: two overlapping 4-byte reads.
			s := src[:7]
			v = uint64(be.Uint32(s[0:]))<<24 | uint64(be.Uint32(s[3:])&0xFFFFFF)
		}
		be.PutUint64(dst, spread(v))
		src = src[7:]
		dst = dst[8:]
	}
	// Tail of 1..6 raw bytes into len(src)+1 encoded bytes.
	if len(src) == 0 {
		return
	}
	n := uint(len(src))
	var t uint64
	for _, c := range src {
		t = t<<8 | uint64(c)
	}
	dst = dst[:n+1]
	dst[n] = byte(t) & (1<<n - 1)
	t >>= n // the top 7n bits
	for i := len(dst) - 2; i >= 0; i-- {
		dst[i] = byte(t) & 0x7F
		t >>= 7
	}
}

// decode decodes src (len(src)%8 != 1) into dst, which has room for at
// least DecodedLen(len(src)) bytes; bytes of dst past that may be used as
// scratch.
func decode(dst, src []byte, lenient bool) (int, error) {
	be := stdbinary.BigEndian
	start := len(src)
	w := 0
	// Eight groups at a time: 64 encoded bytes in, 56 raw bytes out. The
	// eight 56-bit values are merged into seven 64-bit words, so that the
	// stores do not overlap (the compiler then emits one store for each).
	// Measured against the one-group loop alone (callgrind Ir per call of
	// BenchmarkDecode/kernel, see bench_test.go): 1KB 7,531 -> 4,771,
	// 64KB 478,573 -> 292,341 (-39%).
	for len(src) >= 64 && len(dst) >= 56 {
		s := src[:64]
		d := dst[:56]
		v0 := be.Uint64(s[0:])
		v1 := be.Uint64(s[8:])
		v2 := be.Uint64(s[16:])
		v3 := be.Uint64(s[24:])
		v4 := be.Uint64(s[32:])
		v5 := be.Uint64(s[40:])
		v6 := be.Uint64(s[48:])
		v7 := be.Uint64(s[56:])
		if (v0|v1|v2|v3|v4|v5|v6|v7)&highBits != 0 && !lenient {
			break // the single-group loop finds the byte
		}
		v0, v1, v2, v3 = pack(v0), pack(v1), pack(v2), pack(v3)
		v4, v5, v6, v7 = pack(v4), pack(v5), pack(v6), pack(v7)
		be.PutUint64(d[0:], v0<<8|v1>>48)
		be.PutUint64(d[8:], v1<<16|v2>>40)
		be.PutUint64(d[16:], v2<<24|v3>>32)
		be.PutUint64(d[24:], v3<<32|v4>>24)
		be.PutUint64(d[32:], v4<<40|v5>>16)
		be.PutUint64(d[40:], v5<<48|v6>>8)
		be.PutUint64(d[48:], v6<<56|v7)
		src = src[64:]
		dst = dst[56:]
		w += 56
	}
	// One group at a time.
	for len(src) >= 8 && len(dst) >= 7 {
		v := be.Uint64(src)
		if v&highBits != 0 && !lenient {
			return w, highBitError(start, src)
		}
		v = pack(v)
		if len(dst) >= 8 {
			be.PutUint64(dst, v<<8)
		} else {
			// Exactly 7 bytes of room: two overlapping 4-byte stores.
			d := dst[:7]
			be.PutUint32(d[0:], uint32(v>>24))
			be.PutUint32(d[3:], uint32(v))
		}
		src = src[8:]
		dst = dst[7:]
		w += 7
	}
	// Tail of 2..7 encoded bytes into len(src)-1 raw bytes.
	if len(src) == 0 {
		return w, nil
	}
	n := uint(len(src) - 1)
	var t uint64
	for _, c := range src[:n] {
		if c >= 0x80 && !lenient {
			return w, highBitError(start, src)
		}
		t = t<<7 | uint64(c&0x7F)
	}
	last := src[n]
	if last >= 0x80 && !lenient {
		return w, highBitError(start, src)
	}
	t = t<<n | uint64(last&(1<<n-1))
	dst = dst[:n]
	for i := len(dst) - 1; i >= 0; i-- {
		dst[i] = byte(t)
		t >>= 8
	}
	return w + len(dst), nil
}

// highBitError reports the first byte of src with its high bit set; start
// is the length of the whole src, so that the offset is relative to it.
func highBitError(start int, src []byte) error {
	for i, c := range src {
		if c >= 0x80 {
			return &CorruptInputError{
				Offset: start - len(src) + i,
				Msg:    "byte 0x" + strconv.FormatUint(uint64(c), 16) + " has its high bit set",
			}
		}
	}
	panic("binary: internal error: no high bit found")
}
