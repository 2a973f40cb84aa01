package stream

import (
	le "encoding/binary"
	"math/bits"
	"unicode/utf8"
)

// This file holds the Reader's UTF-8 validation, which the Writer shares.
// It accepts exactly what unicode/utf8.Valid accepts (no overlong forms, no
// surrogates, nothing above U+10FFFF) but runs faster on non-ASCII text:
// rdValidUTF8 steps over whole sequences in 8-byte windows, and leaves the
// rare ones to a shift-based DFA whose only loop-carried dependency is one
// shift per byte.
//
// Measured against utf8.Valid in its place, callgrind Ir per call of
// BenchmarkReaderUTF8 (see there; utf8.Valid -> rdValidUTF8): Latin 3,601
// -> 1,803, CJK 5,425 -> 1,213, mixed 2,673 -> 924, short 110 -> 70. Per
// Unmarshal and Marshal (bash bench/callgrind.sh, N=20, Ir in all):
// Unmarshal/twitter 6.23M -> 5.12M, Marshal/twitter 3.58M -> 2.46M,
// Unmarshal/citm_catalog 12.86M -> 12.79M.

// DFA states, as bit offsets into a row of rdUTF8Table. The error state is
// 0 so that it maps to itself in every row.
const (
	rdU8Err    = 0
	rdU8Accept = 6
	rdU8One    = 12 // one continuation byte (0x80-0xBF) to go
	rdU8Two    = 18 // two to go
	rdU8Three  = 24 // three to go
	rdU8E0     = 30 // after E0: 0xA0-0xBF, then one more
	rdU8ED     = 36 // after ED: 0x80-0x9F, then one more
	rdU8F0     = 42 // after F0: 0x90-0xBF, then two more
	rdU8F4     = 48 // after F4: 0x80-0x8F, then two more
)

// rdUTF8Table[b] packs, for each state s, the next state at bits s..s+5.
var rdUTF8Table = func() (t [256]uint64) {
	set := func(lo, hi int, from, to uint64) {
		for b := lo; b <= hi; b++ {
			t[b] |= to << from
		}
	}
	set(0x00, 0x7F, rdU8Accept, rdU8Accept)
	set(0xC2, 0xDF, rdU8Accept, rdU8One)
	set(0xE0, 0xE0, rdU8Accept, rdU8E0)
	set(0xE1, 0xEC, rdU8Accept, rdU8Two)
	set(0xED, 0xED, rdU8Accept, rdU8ED)
	set(0xEE, 0xEF, rdU8Accept, rdU8Two)
	set(0xF0, 0xF0, rdU8Accept, rdU8F0)
	set(0xF1, 0xF3, rdU8Accept, rdU8Three)
	set(0xF4, 0xF4, rdU8Accept, rdU8F4)
	// Continuation bytes.
	set(0x80, 0xBF, rdU8One, rdU8Accept)
	set(0x80, 0xBF, rdU8Two, rdU8One)
	set(0x80, 0xBF, rdU8Three, rdU8Two)
	set(0xA0, 0xBF, rdU8E0, rdU8One)
	set(0x80, 0x9F, rdU8ED, rdU8One)
	set(0x90, 0xBF, rdU8F0, rdU8Two)
	set(0x80, 0x8F, rdU8F4, rdU8Two)
	return t
}()

// rdValidUTF8 reports whether s is valid UTF-8, as utf8.Valid does.
//
// It steps from sequence to sequence over 8-byte windows: ASCII is
// skipped up to the next lead byte, runs of 3-byte sequences (CJK text)
// are checked two at a time with one masked test (rdTwo3), and single 2-
// and 3-byte sequences with one more; the rest (4-byte sequences, the
// restricted leads E0 and ED, errors) goes through the DFA one sequence
// at a time. The last window is zero-padded: the zeros read as ASCII, and
// fail any sequence cut short by the end of s.
func rdValidUTF8(s []byte) bool {
	const hi = 0x8080808080808080
	n := len(s)
	if n < 8 {
		st := uint64(rdU8Accept)
		for _, c := range s {
			st = rdUTF8Table[c] >> (st & 63)
		}
		return st&63 == rdU8Accept
	}
	for i := 0; i < n; {
		var x uint64
		if i <= n-8 {
			x = le.LittleEndian.Uint64(s[i:])
		} else {
			x = le.LittleEndian.Uint64(s[n-8:]) >> (8 * uint(i-(n-8)) & 63)
		}
		if x&hi == 0 {
			i += 8
			continue
		}
		if x&0x80 == 0 { // ASCII up to the lead byte
			i += bits.TrailingZeros64(x&hi) >> 3
			continue
		}
		switch l := byte(x); {
		case rdTwo3(x):
			i += 6
			for i <= n-24 && rdEight3(le.LittleEndian.Uint64(s[i:]), le.LittleEndian.Uint64(s[i+8:]), le.LittleEndian.Uint64(s[i+16:])) {
				i += 24 // the rest of the run, 24 bytes at a time
			}
			for i <= n-14 { // and 12 at a time
				x, y := le.LittleEndian.Uint64(s[i:]), le.LittleEndian.Uint64(s[i+6:])
				if !rdTwo3(x) {
					break
				}
				if !rdTwo3(y) {
					i += 6
					break
				}
				i += 12
			}
		case x&0xC0C0F0 == 0x8080E0 && l != 0xE0 && l != 0xED:
			i += 3
		case x&0xC0E0 == 0x80C0 && l >= 0xC2:
			i += 2
		default:
			k := rdUTF8Seq(x)
			if k == 0 {
				return false
			}
			i += k
		}
	}
	return true
}

// rdTwo3 reports whether the low six bytes of x (little-endian) are two
// valid 3-byte sequences with leads E1-EC or EE-EF, as most CJK text is:
// those take any continuation bytes, while E0 and ED restrict the second
// byte, and are left to the DFA.
func rdTwo3(x uint64) bool {
	l0, l1 := byte(x), byte(x>>24)
	return x&0xC0C0F0C0C0F0 == 0x8080E08080E0 && l0 != 0xE0 && l0 != 0xED && l1 != 0xE0 && l1 != 0xED
}

// rdEight3 reports whether the 24 bytes of x, y and z (little-endian) are
// eight valid 3-byte sequences with leads E1-EC or EE-EF, as rdTwo3 does
// for six: each word masked and compared with the pattern of leads and
// continuation bytes it holds, and one test of the
// eight leads' low nibbles, which fall one in each byte of the three
// words' union: none may be 0 (E0) or D (ED). A byte of those nibbles is
// zero, or D, where subtracting 1 from it borrows (all are below 0x10, so
// the subtraction sets bit 7 of a byte only there or above such a byte).
// It takes the words, not the bytes, so that it is inlined (cost 51 of
// 80; with a slice, 81). Measured against runs checked by rdTwo3 alone
// (BIN=<bench test> N=20 sh bench/callgrind.sh; go-smile's own Ir per
// op): Unmarshal/twitter 4.623M -> 4.590M, UnmarshalAny/twitter 5.930M
// -> 5.896M, Marshal/twitter 2.375M -> 2.341M; not inlined, it cost more
// than it saved (Unmarshal/twitter 4.678M).
func rdEight3(x, y, z uint64) bool {
	const (
		ones = 0x0101010101010101
		hi   = 0x8080808080808080
	)
	// x holds bytes 0-7: L C C L C C L C; y 8-15: C L C C L C C L; z 16-23:
	// C C L C C L C C.
	if (x&0xC0F0C0C0F0C0C0F0^0x80E08080E08080E0)|(y&0xF0C0C0F0C0C0F0C0^0xE08080E08080E080)|(z&0xC0C0F0C0C0F0C0C0^0x8080E08080E08080) != 0 {
		return false
	}
	t := x&0x000F00000F00000F | y&0x0F00000F00000F00 | z&0x00000F00000F0000
	return ((t-ones)|((t^0x0D0D0D0D0D0D0D0D)-ones))&hi == 0
}

// rdUTF8Seq returns the length of the UTF-8 sequence at the start of x
// (little-endian), through the DFA, or 0 if it is not valid.
func rdUTF8Seq(x uint64) int {
	st := rdUTF8Table[byte(x)] >> rdU8Accept
	n := 1
	for st&63 > rdU8Accept && n < 4 {
		st = rdUTF8Table[byte(x>>(8*n))] >> (st & 63)
		n++
	}
	if st&63 != rdU8Accept {
		return 0
	}
	return n
}

// rdInvalidUTF8At returns the index of the first byte of s at which s stops
// being valid UTF-8 (the start of the bad or truncated sequence), or -1.
func rdInvalidUTF8At(s []byte) int {
	for i := 0; i < len(s); {
		c, size := utf8.DecodeRune(s[i:])
		if c == utf8.RuneError && size <= 1 {
			return i
		}
		i += size
	}
	return -1
}

// rdASCII reports whether every byte of s is below 0x80: eight bytes at a
// time, the last eight overlapping when len(s) is not a multiple of 8. It
// is the fast path for the ASCII string tokens, tried before rdValidUTF8
// (whose strings of under 8 bytes go through the DFA byte by byte).
// Measured against rdValidUTF8 alone (bash bench/callgrind.sh, N=20, Ir
// per Unmarshal in all): twitter 5.24M -> 5.12M, code 32.74M -> 32.11M,
// citm_catalog 12.77M / 12.79M (no difference).
func rdASCII(s []byte) bool {
	const hi = 0x8080808080808080
	n := len(s)
	if n < 8 {
		var x byte
		for _, c := range s {
			x |= c
		}
		return x < 0x80
	}
	for i := 0; i+8 < n; i += 8 {
		if le.LittleEndian.Uint64(s[i:i+8:i+8])&hi != 0 {
			return false
		}
	}
	return le.LittleEndian.Uint64(s[n-8:])&hi == 0
}

// asciiShort reports whether the n bytes at r.buf[p:], 1 <= n <= 8, are
// ASCII when 8 bytes are buffered from p, as they are but near the end
// of the input: with one load and a mask, where rdASCII takes a string
// of under 8 bytes one byte at a time. Where it reports false the caller
// asks rdASCII. Measured, with rdASCII's loop taking its words as
// 8-byte slices (s[i:i+8:i+8], which drops the masking of the pointer
// that s[i:] costs), against rdASCII alone as it was (BIN=<bench test>
// sh bench/callgrind.sh, N=20, N=1000 for small and medium; go-smile's
// own Ir per op): Unmarshal/twitter 4.386M -> 4.273M,
// UnmarshalAny/twitter 5.791M -> 5.677M, Unmarshal/citm_catalog 9.578M
// -> 9.562M, Unmarshal/small 4,732 -> 4,617, Unmarshal/medium 46,795 ->
// 46,058.
func (r *Reader) asciiShort(p, n int) bool {
	return len(r.buf)-p >= 8 && le.LittleEndian.Uint64(r.buf[p:p+8:p+8])&(0x8080808080808080>>((64-8*uint(n))&63)) == 0
}

// rdUTF8Tail returns how many bytes at the end of s, at most 3, belong to a
// sequence that starts with a lead byte and may go on past s. Cutting s
// before them cuts it between sequences (or after an error), so checking
// the two parts one after the other finds the error a check of the whole
// would find, at the same place.
func rdUTF8Tail(s []byte) int {
	for i := len(s) - 1; i >= 0 && i >= len(s)-3; i-- {
		if c := s[i]; c&0xC0 != 0x80 { // not a continuation byte
			if c < 0x80 {
				return 0
			}
			return len(s) - i
		}
	}
	return 0
}
