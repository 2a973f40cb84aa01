package stream

import (
	le "encoding/binary"
	"unicode/utf8"
)

// This file holds the Reader's UTF-8 validation. It accepts exactly what
// unicode/utf8.Valid accepts (no overlong forms, no surrogates, nothing
// above U+10FFFF) but runs faster on non-ASCII text: a shift-based DFA whose
// only loop-carried dependency is one shift per byte, with an 8-bytes-at-a-
// time skip over ASCII and a 6-bytes-at-a-time one over CJK text (two
// 3-byte sequences; see rdTwo3). The CJK path costs Latin text about 4%
// and saves CJK text about 40% (BenchmarkReaderUTF8).

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
func rdValidUTF8(s []byte) bool {
	// Leading ASCII, 8 bytes at a time.
	for len(s) >= 8 && le.LittleEndian.Uint64(s)&0x8080808080808080 == 0 {
		s = s[8:]
	}
	st := uint64(rdU8Accept)
	for len(s) >= 8 {
		if st&63 == rdU8Accept {
			x := le.LittleEndian.Uint64(s)
			if x&0x8080808080808080 == 0 {
				s = s[8:]
				continue
			}
			if byte(x) >= 0xE1 && rdTwo3(x) {
				s = s[6:]
				continue
			}
		}
		// Eight bytes through the DFA.
		b := s[:8:8]
		st = rdUTF8Table[b[0]] >> (st & 63)
		st = rdUTF8Table[b[1]] >> (st & 63)
		st = rdUTF8Table[b[2]] >> (st & 63)
		st = rdUTF8Table[b[3]] >> (st & 63)
		st = rdUTF8Table[b[4]] >> (st & 63)
		st = rdUTF8Table[b[5]] >> (st & 63)
		st = rdUTF8Table[b[6]] >> (st & 63)
		st = rdUTF8Table[b[7]] >> (st & 63)
		if st&63 == rdU8Err {
			return false
		}
		s = s[8:]
	}
	for _, c := range s {
		st = rdUTF8Table[c] >> (st & 63)
	}
	return st&63 == rdU8Accept
}

// rdTwo3 reports whether the low six bytes of x (little-endian) are two
// valid 3-byte sequences with leads E1-EC or EE-EF, as most CJK text is:
// those take any continuation bytes, while E0 and ED restrict the second
// byte, and are left to the DFA.
func rdTwo3(x uint64) bool {
	if x&0xC0C0F0C0C0F0 != 0x8080E08080E0 {
		return false
	}
	l0, l1 := byte(x), byte(x>>24)
	return l0 != 0xE0 && l0 != 0xED && l1 != 0xE0 && l1 != 0xED
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
// is the fast path for the ASCII string tokens.
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
		if le.LittleEndian.Uint64(s[i:])&hi != 0 {
			return false
		}
	}
	return le.LittleEndian.Uint64(s[n-8:])&hi == 0
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
