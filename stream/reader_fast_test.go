package stream

import (
	"bytes"
	"testing"
	"testing/iotest"
)

// TestReadIntString checks tryInt, tryFloat64, tryNull, TryBool and tryString against ReadToken on
// hand-written tokens: where they report ok, they return what the token
// holds and consume exactly it; where they do not, they consume nothing,
// so that ReadToken then reads (or rejects) the value as it would have.
// Each value stands in an array, followed by enough tokens that the fast
// paths see a full buffer, and the rest of the array must read the same.
func TestReadIntString(t *testing.T) {
	header := []byte{0x3A, 0x29, 0x0A, 0x03} // shared names and values
	tail := []byte{0xC0, 0xC0, 0xC0, 0xC0, 0xC0, 0xC0, 0xC0, 0xC0, 0xC0, 0xF9}
	cases := []struct {
		name    string
		value   []byte
		int     int64 // want from tryInt, when isInt
		isInt   bool
		float   float64 // want from tryFloat64, when isFloat
		isFloat bool
		str     string // want from tryString, when isStr
		isStr   bool
		bool    bool // want from TryBool, when isBool
		isBool  bool
		isNull  bool // tryNull reads it
		bad     bool // tryString reports the error ReadToken reports
	}{
		{name: "small int 0", value: []byte{0xC0}, isInt: true},
		{name: "small int -1", value: []byte{0xC1}, int: -1, isInt: true},
		{name: "small int 15", value: []byte{0xDE}, int: 15, isInt: true},
		{name: "small int -16", value: []byte{0xDF}, int: -16, isInt: true},
		{name: "int32 one byte", value: []byte{0x24, 0xA0}, int: 16, isInt: true},
		{name: "int32 1284", value: []byte{0x24, 0x28, 0x88}, int: 1284, isInt: true},
		{name: "int32 max", value: []byte{0x24, 0x1F, 0x7F, 0x7F, 0x7F, 0xBE}, int: 1<<31 - 1, isInt: true},
		{name: "int32 min", value: []byte{0x24, 0x1F, 0x7F, 0x7F, 0x7F, 0xBF}, int: -1 << 31, isInt: true},
		{name: "int32 overflow", value: []byte{0x24, 0x3F, 0x7F, 0x7F, 0x7F, 0xBF}},
		{name: "int32 too long", value: []byte{0x24, 0x00, 0x00, 0x00, 0x00, 0x00, 0x81}},
		{name: "int32 bad end", value: []byte{0x24, 0xC1}},
		{name: "int64 short form", value: []byte{0x25, 0x81}, int: -1, isInt: true},
		{name: "int64 7 bytes", value: []byte{0x25, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x80}, int: 1 << 40, isInt: true},
		{name: "int64 10 bytes", value: []byte{0x25, 0x01, 0x7F, 0x7F, 0x7F, 0x7F, 0x7F, 0x7F, 0x7F, 0x7F, 0xBF}},
		{name: "float32", value: []byte{0x28, 0x04, 0x00, 0x00, 0x00, 0x00}},
		{name: "float64 1.5", value: []byte{0x29, 0x00, 0x3F, 0x7C, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00}, float: 1.5, isFloat: true},
		{name: "float64 -2", value: []byte{0x29, 0x01, 0x40, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00}, float: -2, isFloat: true},
		{name: "null", value: []byte{0x21}, isNull: true},
		{name: "true", value: []byte{0x23}, bool: true, isBool: true},
		{name: "false", value: []byte{0x22}, isBool: true},
		{name: "empty string", value: []byte{0x20}, isStr: true},
		{name: "short ASCII", value: []byte{0x42, 'a', 'b', 'c'}, str: "abc", isStr: true},
		{name: "short Unicode", value: []byte{0x80, 0xC3, 0xA9}, str: "é", isStr: true},
		{name: "ASCII form, bad UTF-8", value: []byte{0x41, 0xC3, 'x'}, bad: true},
		{name: "short Unicode, bad UTF-8", value: []byte{0x80, 0xFF, 0xFF}, bad: true},
		{name: "long string", value: []byte{0xE0, 'a', 0xFC}},
		{name: "reference to nothing", value: []byte{0x01}},
		{name: "header inside", value: []byte{0x3A, 0x29, 0x0A, 0x03}},
		{name: "end of array", value: []byte{0xF9}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			doc := append(append(append(append([]byte{}, header...), 0xF8), c.value...), tail...)
			check := func(t *testing.T, fast, slow *Reader) {
				for _, r := range []*Reader{fast, slow} {
					if tok, err := r.ReadToken(); err != nil || tok.Kind != KindStartArray {
						t.Fatalf("start: %v %v", tok, err)
					}
				}
				before := fast.InputOffset()
				// fastPath checks one fast path's result: got and ok, against
				// what the case wants; whole says it needs the whole token
				// buffered, which the one-byte stream Reader never has (a
				// one-byte token it may have or not). When it read, it must
				// have consumed exactly the token, and the slow Reader's
				// ReadToken must agree (same).
				fastPath := func(name string, got any, ok, want, right, whole bool, n int, same func(Token) bool) {
					t.Helper()
					if fast.src != nil && whole {
						want = false
					}
					switch {
					case ok != want && (ok || fast.src == nil) || ok && !right:
						t.Fatalf("%s = %v, %v; want %v", name, got, ok, want)
					case ok && (fast.InputOffset() != before+int64(n) || fast.TokenOffset() != before):
						t.Fatalf("%s consumed %d..%d, want %d..%d", name, fast.TokenOffset(), fast.InputOffset(), before, before+int64(n))
					case ok:
						if tok, _ := slow.ReadToken(); !same(tok) {
							t.Fatalf("ReadToken = %v, %s = %v", tok, name, got)
						}
					}
				}
				v, ok := fast.tryInt()
				fastPath("tryInt", v, ok, c.isInt, v == c.int, true, len(c.value), func(tok Token) bool { return tok.Kind == KindInt && tok.Int() == v })
				if fast.InputOffset() == before {
					v, ok := fast.tryFloat64()
					fastPath("tryFloat64", v, ok, c.isFloat, v == c.float, true, len(c.value), func(tok Token) bool { return tok.Kind == KindFloat64 && tok.Float64() == v })
				}
				if fast.InputOffset() == before {
					ok := fast.tryNull()
					fastPath("tryNull", ok, ok, c.isNull, true, false, 1, func(tok Token) bool { return tok.Kind == KindNull })
				}
				if fast.InputOffset() == before {
					v, ok := export{}.TryBool(fast)
					fastPath("TryBool", v, ok, c.isBool, v == c.bool, false, 1, func(tok Token) bool { return tok.Kind == map[bool]Kind{true: KindTrue, false: KindFalse}[v] })
				}
				if fast.InputOffset() == before {
					s, slot, ok, err := fast.tryString()
					if err != nil && c.bad && fast.src == nil {
						if _, serr := slow.ReadToken(); serr == nil || serr.Error() != err.Error() {
							t.Fatalf("tryString error %v, ReadToken error %v", err, serr)
						}
						return
					}
					if ok != (c.isStr && fast.src == nil) || ok && string(s) != c.str || err != nil {
						t.Fatalf("tryString = %q, %d, %v, %v; want %q, %v", s, slot, ok, err, c.str, c.isStr)
					}
					if ok {
						tok, _ := slow.ReadToken()
						if tok.Kind != KindString || string(tok.Bytes()) != string(s) || tok.Slot != slot || fast.TokenOffset() != slow.TokenOffset() {
							t.Fatalf("ReadToken = %v slot %d at %d, tryString = %q slot %d at %d", tok, tok.Slot, slow.TokenOffset(), s, slot, fast.TokenOffset())
						}
					}
				}
				// The rest reads the same, errors included.
				for {
					ft, ferr := fast.ReadToken()
					st, serr := slow.ReadToken()
					if ft.Kind != st.Kind || !bytes.Equal(ft.Bytes(), st.Bytes()) || ft.Int() != st.Int() || fast.TokenOffset() != slow.TokenOffset() {
						t.Fatalf("fast reader %v at %d, slow reader %v at %d", ft, fast.TokenOffset(), st, slow.TokenOffset())
					}
					if (ferr == nil) != (serr == nil) || ferr != nil && ferr.Error() != serr.Error() {
						t.Fatalf("fast reader error %v, slow reader error %v", ferr, serr)
					}
					if ferr != nil || ft.Kind == KindEndArray {
						return
					}
				}
			}
			t.Run("bytes", func(t *testing.T) {
				fast, _ := NewReader(doc, ReaderOptions{})
				slow, _ := NewReader(doc, ReaderOptions{})
				check(t, fast, slow)
			})
			t.Run("chunked", func(t *testing.T) {
				// One byte at a time: the buffer never holds enough for
				// the fast paths, which must then read nothing.
				fast, _ := NewReaderFrom(iotest.OneByteReader(bytes.NewReader(doc)), ReaderOptions{})
				slow, _ := NewReaderFrom(iotest.OneByteReader(bytes.NewReader(doc)), ReaderOptions{})
				check(t, fast, slow)
			})
		})
	}
}

// TestReadStringSharedValue checks that tryString resolves a
// back-reference to a shared string value, with its slot.
func TestReadStringSharedValue(t *testing.T) {
	doc := []byte{0x3A, 0x29, 0x0A, 0x03, 0xF8, 0x41, 'h', 'i', 0x01, 0xC0, 0xC0, 0xC0, 0xC0, 0xC0, 0xC0, 0xC0, 0xC0, 0xF9}
	r, _ := NewReader(doc, ReaderOptions{})
	if _, err := r.ReadToken(); err != nil {
		t.Fatal(err)
	}
	for i, wantOff := range []int64{5, 8} {
		s, slot, ok, err := r.tryString()
		if !ok || err != nil || string(s) != "hi" || slot != 0 || r.TokenOffset() != wantOff {
			t.Fatalf("string %d: %q slot %d ok %v err %v at %d", i, s, slot, ok, err, r.TokenOffset())
		}
	}
}
