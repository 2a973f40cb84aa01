package compat

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/go-smile/smile"
)

// TestHostileTranscoding: the transcoders fail cleanly on hostile input:
// a million nested JSON or Smile containers (MaxDepth), truncated Smile,
// huge length claims, invalid UTF-8.
func TestHostileTranscoding(t *testing.T) {
	const n = 1_000_000
	deepJSON := strings.Repeat("[", n) + strings.Repeat("]", n)
	_, err := FromJSONBytes([]byte(deepJSON), FromJSONOptions{})
	var le *smile.LimitError
	if !errors.As(err, &le) || le.Limit != "MaxDepth" || le.Max != 1000 {
		t.Fatalf("FromJSON of %d nested arrays: %v", n, err)
	}
	if _, err := FromJSONBytes([]byte(strings.Repeat(`{"a":`, 1001)), FromJSONOptions{}); err == nil {
		t.Fatal("FromJSON of 1001 nested objects: no error")
	}
	if _, err := FromJSONBytes([]byte(strings.Repeat("[", 50)+strings.Repeat("]", 50)), FromJSONOptions{MaxDepth: 10}); err == nil {
		t.Fatal("FromJSON MaxDepth 10: no error")
	}
	// A number literal of a million digits would take seconds to convert
	// to a BigInteger (quadratic); it is refused after MaxNumberLen bytes.
	if err := FromJSON(io.Discard, &repeatByte{b: '7', n: 10_000_000}, FromJSONOptions{}); !errors.As(err, &le) || le.Limit != "MaxNumberLen" {
		t.Fatalf("FromJSON of a 10 MB number: %v", err)
	}
	if _, err := FromJSONBytes([]byte(`[1, 2`), FromJSONOptions{}); !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Fatalf("FromJSON of truncated JSON: %v", err)
	}

	hdr := []byte{0x3A, 0x29, 0x0A, 0x01}
	deepSmile := append(append(append([]byte{}, hdr...), bytes.Repeat([]byte{0xF8}, n)...), bytes.Repeat([]byte{0xF9}, n)...)
	for name, conv := range map[string]func([]byte) error{
		"bytes":  func(b []byte) error { _, err := ToJSONBytes(b, ToJSONOptions{}); return err },
		"stream": func(b []byte) error { return ToJSON(io.Discard, bytes.NewReader(b), ToJSONOptions{}) },
	} {
		if err := conv(deepSmile); !errors.As(err, &le) || le.Limit != "MaxDepth" {
			t.Fatalf("%s: ToJSON of %d nested arrays: %v", name, n, err)
		}
		for _, bad := range [][]byte{
			append(append([]byte{}, hdr...), 0xE8, 0x03, 0x7F, 0x7F, 0x7F, 0xBF),       // 7-bit binary claiming 2^31-1 bytes
			append(append([]byte{}, hdr...), 0x26, 0x03, 0x7F, 0x7F, 0x7F, 0x7F, 0xBF), // BigInteger, overlong VInt
			append(append([]byte{}, hdr...), 0xE0, 'a', 'b'),                           // long string without its terminator
			append(append([]byte{}, hdr...), 0x41, 0xC3, 0x28),                         // invalid UTF-8
			append(append([]byte{}, hdr...), 0xFA, 0x40, 0xC2, 0xFB),                   // name reference before any name
			hdr[:3],
		} {
			err := conv(bad)
			var se *smile.SyntaxError
			if !errors.As(err, &se) && !errors.As(err, &le) {
				t.Fatalf("%s: ToJSON(% X): %T %v", name, bad, err, err)
			}
		}
	}
}

// repeatByte reads as n copies of b.
type repeatByte struct {
	b byte
	n int
}

func (r *repeatByte) Read(p []byte) (int, error) {
	if r.n == 0 {
		return 0, io.EOF
	}
	k := min(len(p), r.n)
	for i := range k {
		p[i] = r.b
	}
	r.n -= k
	return k, nil
}
