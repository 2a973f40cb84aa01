package stream

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

// TestTryStringAppend checks tryStringAppend against tryString: on every
// short string (ASCII and not, valid UTF-8 and not, at the end of the
// input and before more of it), with and without shared values, under a
// low MaxStringLen and with AllowInvalidUTF8, into chunks with more and
// less room than the string, it must read what tryString reads exactly
// when the string fits and has no slot, and otherwise read nothing; it
// must never change the bytes of the chunk before its length.
func TestTryStringAppend(t *testing.T) {
	var tokens [][]byte
	for n := 0; n <= 65; n++ {
		tokens = append(tokens, shortStringToken([]byte(strings.Repeat("abcdefgh", 9)[:n])))
		if n > 0 && n <= 64 {
			for _, at := range []int{0, n / 2, n - 1} {
				v := []byte(strings.Repeat("x", n))
				v[at] = 0xC3 // a lead byte alone: neither ASCII nor UTF-8
				tokens = append(tokens, append([]byte{tokenTinyASCII + byte(n-1)}, v...))
				if n >= 2 {
					tokens = append(tokens, append([]byte{tokenTinyUTF8 + byte(n-2)}, v...))
				}
			}
		}
		if n >= 2 {
			v := append([]byte(strings.Repeat("y", n-2)), 0xC3, 0xA9) // "é" at the end
			tokens = append(tokens, shortStringToken(v))
		}
	}
	for _, tok := range tokens {
		v := tok[1:]
		for _, flags := range []byte{0x00, 0x02} { // shared values off, on
			for _, after := range [][]byte{{0xF9}, append(bytes.Repeat([]byte{0xC0}, 40), 0xF9)} {
				doc := append(append([]byte{0x3A, 0x29, 0x0A, flags, 0xF8}, tok...), after...)
				for _, opts := range []ReaderOptions{{}, {MaxStringLen: 5}, {AllowInvalidUTF8: true}} {
					for _, room := range []int{0, len(v) - 1, len(v), len(v) + 1, (len(v)+7)&^7 - 1, (len(v) + 7) &^ 7, 80} {
						if room < 0 {
							continue
						}
						name := fmt.Sprintf("%q/flags%d/after%d/%+v/room%d", v, flags, len(after), opts, room)
						checkTryStringAppend(t, name, doc, opts, room)
					}
				}
			}
		}
	}
}

// shortStringToken returns the short string token of v: an ASCII one
// when v has up to 64 bytes and either no byte from 0x80 or fewer than 2
// bytes (to test a byte that an ASCII token must not hold), else a
// Unicode one; the empty string's for no bytes.
func shortStringToken(v []byte) []byte {
	ascii := len(v) < 2
	if !ascii {
		ascii = true
		for _, c := range v {
			if c >= 0x80 {
				ascii = false
			}
		}
	}
	switch {
	case len(v) == 0:
		return []byte{tokenEmptyString}
	case ascii && len(v) <= 64:
		return append([]byte{tokenTinyASCII + byte(len(v)-1)}, v...)
	}
	return append([]byte{tokenTinyUTF8 + byte(len(v)-2)}, v...)
}

func checkTryStringAppend(t *testing.T, name string, doc []byte, opts ReaderOptions, room int) {
	t.Helper()
	fast, err := NewReader(doc, opts)
	if err != nil {
		t.Fatal(err)
	}
	slow, _ := NewReader(doc, opts)
	for _, r := range []*Reader{fast, slow} {
		if tok, err := r.ReadToken(); err != nil || tok.Kind != KindStartArray {
			t.Fatalf("%s: start: %v %v", name, tok, err)
		}
	}
	const kept = "kept"
	buf := make([]byte, len(kept), len(kept)+room)
	copy(buf, kept)
	before := fast.InputOffset()
	got, ok := fast.tryStringAppend(&buf)
	want, slot, wok, werr := slow.tryString()
	if string(buf[:len(kept)]) != kept {
		t.Fatalf("%s: the chunk's bytes before its length changed: %q", name, buf[:len(kept)])
	}
	fits := wok && werr == nil && slot < 0 && (!opts.AllowInvalidUTF8 || len(want) == 0) && len(want) <= room
	switch {
	case ok != fits:
		t.Fatalf("%s: tryStringAppend ok %v; tryString %q slot %d ok %v err %v", name, ok, want, slot, wok, werr)
	case !ok && (fast.InputOffset() != before || len(buf) != len(kept)):
		t.Fatalf("%s: read nothing, but moved to %d (from %d), chunk length %d", name, fast.InputOffset(), before, len(buf))
	case ok && (string(got) != string(want) || string(buf[len(kept):]) != string(want) || len(got) > 0 && &got[0] != &buf[len(kept)]):
		t.Fatalf("%s: got %q, chunk %q; tryString %q", name, got, buf[len(kept):], want)
	case ok && (fast.InputOffset() != slow.InputOffset() || fast.TokenOffset() != slow.TokenOffset()):
		t.Fatalf("%s: at %d..%d, tryString at %d..%d", name, fast.TokenOffset(), fast.InputOffset(), slow.TokenOffset(), slow.InputOffset())
	}
	if !ok && wok { // the fast Reader reads it as the slow one did
		if s, _, _, _ := fast.tryString(); string(s) != string(want) {
			t.Fatalf("%s: after tryStringAppend, tryString = %q, want %q", name, s, want)
		}
	}
	for { // the rest reads the same
		ft, ferr := fast.ReadToken()
		st, serr := slow.ReadToken()
		if ft.Kind != st.Kind || (ferr == nil) != (serr == nil) {
			t.Fatalf("%s: then %v %v, want %v %v", name, ft, ferr, st, serr)
		}
		if ferr != nil || ft.Kind == KindEndArray {
			return
		}
	}
}
