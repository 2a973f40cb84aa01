package transcode

import (
	"encoding/binary"
	"math/bits"
	"unicode/utf8"
)

const hexDigits = "0123456789abcdef"

// needsEscape marks the bytes that a JSON string cannot hold as they are:
// the control characters, the quote and the backslash.
var needsEscape = func() (t [256]bool) {
	for c := range 0x20 {
		t[c] = true
	}
	t['"'], t['\\'] = true, true
	return t
}()

// Masks for escapeMask: a copy of a byte value in each of the 8 bytes of
// a word, and the high bit of each.
const (
	lsb64 = 0x0101010101010101
	msb64 = 0x8080808080808080
)

// escapeMask returns, for 8 bytes of a string loaded little-endian into x,
// a word whose lowest set bit is the high bit of the first byte that needs
// escaping (zero when none does). Bytes of 0x80 and above never need
// escaping and are never flagged. (Each of the three terms is the classic
// "has a byte less than n" test, (x - n·lsb) &^ x & msb, for n = 0x20 and
// for the bytes equal to '"' and '\\'; a borrow carries only upwards,
// so the bytes below the first match are never flagged, whereas the bytes
// above it may be: the caller uses only the lowest bit.)
func escapeMask(x uint64) uint64 {
	q := x ^ ('"' * lsb64)
	bs := x ^ ('\\' * lsb64)
	return ((x-0x20*lsb64)&^x | (q-lsb64)&^q | (bs-lsb64)&^bs) & msb64
}

// appendQuoted appends s as a JSON string: quotes, backslashes and control
// characters escaped, everything else (including non-ASCII) as it is.
// valid reports that s is known to be valid UTF-8 (the Reader checked it);
// otherwise appendQuoted checks it, and replaces each invalid byte
// (possible only with AllowInvalidUTF8) with U+FFFD.
//
// The scan looks at 8 bytes at a time for a byte to escape, and copies
// valid UTF-8 without decoding it. Before, every byte went through the
// byte loop and every non-ASCII character through utf8.DecodeRune, and
// smile tojson of twitter statuses spent half its instructions here: on
// 20 copies of the twitter corpus as one Smile document (4.7 MB), 349M ->
// 218M instructions for the whole command (GOGC=off GOMAXPROCS=1
// GODEBUG=asyncpreemptoff=1 valgrind --tool=callgrind smile tojson), and
// on a 251 MB document of the same statuses 0.97 -> 0.76 s wall, 0.91 ->
// 0.70 s CPU (median of 7, whole process, A/B alternated).
func appendQuoted(b, s []byte, valid bool) []byte {
	if !valid && !utf8.Valid(s) {
		return appendQuotedInvalid(b, s)
	}
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		if len(s)-i >= 8 {
			m := escapeMask(binary.LittleEndian.Uint64(s[i:]))
			if m == 0 {
				i += 8
				continue
			}
			i += bits.TrailingZeros64(m) >> 3
		}
		c := s[i]
		if !needsEscape[c] {
			i++
			continue
		}
		b = append(b, s[start:i]...)
		b = appendEscape(b, c)
		i++
		start = i
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// appendQuotedInvalid is appendQuoted for a string that is not valid
// UTF-8: each byte that does not start a valid sequence becomes U+FFFD.
func appendQuotedInvalid(b, s []byte) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c >= utf8.RuneSelf {
			r, size := utf8.DecodeRune(s[i:])
			if r == utf8.RuneError && size == 1 {
				b = append(b, s[start:i]...)
				b = append(b, "\ufffd"...)
				i++
				start = i
				continue
			}
			i += size
			continue
		}
		if needsEscape[c] {
			b = append(b, s[start:i]...)
			b = appendEscape(b, c)
			start = i + 1
		}
		i++
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// appendEscape appends the escape of c, a byte that needsEscape: the
// short forms that Jackson writes (\" \\ \n \r \t \b \f), else \u00XX.
func appendEscape(b []byte, c byte) []byte {
	switch c {
	case '"', '\\':
		return append(b, '\\', c)
	case '\n':
		return append(b, '\\', 'n')
	case '\r':
		return append(b, '\\', 'r')
	case '\t':
		return append(b, '\\', 't')
	case '\b':
		return append(b, '\\', 'b')
	case '\f':
		return append(b, '\\', 'f')
	}
	return append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
}
