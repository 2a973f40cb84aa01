package stream_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/go-smile/smile/stream"
)

// TestReaderSkipChecksLikeRead: skipping a value fails exactly where and as
// reading it fails, on every kind of Reader. The long strings and binary
// values are larger than a stream Reader's buffer, which then drops them
// piece by piece, with UTF-8 sequences and 7-bit groups across the pieces.
func TestReaderSkipChecksLikeRead(t *testing.T) {
	const n = 10000
	euros := strings.Repeat("€", n/3) // 3-byte sequences across every boundary
	with := func(s string, at int, b byte) string {
		x := []byte(s)
		x[at] = b
		return string(x)
	}
	long := func(tok byte, s string, end bool) []byte {
		d := append([]byte{0xF8, tok}, s...)
		if end {
			d = append(d, 0xFC)
		}
		return append(d, 0xF9)
	}
	// A 7-bit value of n raw bytes: all zero, or a byte with its high bit
	// set at encoded index bad.
	sevenBit := func(tok byte, bad int, cut int) []byte {
		enc := rdVInt(n)
		payload := make([]byte, (n/7)*8+n%7+1)
		if bad >= 0 {
			payload[bad] = 0x80
		}
		d := append([]byte{0xF8, tok}, enc...)
		d = append(d, payload[:len(payload)-cut]...)
		return append(d, 0xF9)
	}
	cases := map[string]struct {
		data []byte
		ok   bool
	}{
		"utf8-ok":        {long(0xE4, euros, true), true},
		"utf8-bad-first": {long(0xE4, with(euros, 0, 0xFF), true), false},
		"utf8-bad-cont":  {long(0xE4, with(euros, 4097, 0x41), true), false},
		"utf8-bad-last":  {long(0xE4, with(euros, len(euros)-1, 0xC3), true), false},
		"utf8-bad-trunc": {long(0xE4, with(euros, 5, 0xFF), false)[:len(euros)], false},
		"ascii-bad":      {long(0xE0, with(strings.Repeat("a", n), 8191, 0xE2), true), false},
		// Names off: a long key is dropped as it is skipped.
		"key-bad":          {append(append([]byte{0x3A, 0x29, 0x0A, 0x00, 0xFA, 0x34}, with(euros, 6000, 0xBF)...), 0xFC, 0xC2, 0xFB), false},
		"7bit-ok":          {sevenBit(0xE8, -1, 0), true},
		"7bit-bad":         {sevenBit(0xE8, 5003, 0), false},
		"7bit-bad-tail":    {sevenBit(0xE8, (n/7)*8+n%7, 0), false},
		"7bit-bad-trunc":   {sevenBit(0xE8, 3, 2), false},
		"bigint-bad":       {sevenBit(0x26, 9, 0), false},
		"short-value-bad":  {[]byte{0xF8, 0x81, 0xC3, 0x28, 0xF9}, false},
		"short-key-bad":    {[]byte{0xFA, 0x80, 0xFF, 0xC2, 0xFB}, false},
		"utf8-bad-too-big": {long(0xE4, with(euros, 3, 0xFF), true), false},
	}
	for name, c := range cases {
		opts := stream.ReaderOptions{HeaderOptional: true, MaxBigNumberLen: 2 * n}
		if name == "utf8-bad-too-big" {
			opts.MaxStringLen = n / 2
		}
		r := rdNewTestReader(t, "bytes", c.data, opts)
		want := rdReadAllOps(r)
		require.Equal(t, c.ok, want.E == nil, "%s: reading gives %v", name, want.E)
		for _, kind := range rdReaderKinds {
			r := rdNewTestReader(t, kind, c.data, opts)
			err, off := rdSkipAll(r)
			require.Equal(t, fmt.Sprint(want.Err, " @", want.Off), fmt.Sprint(err, " @", off), "%s, %s Reader", name, kind)
		}
	}
}
