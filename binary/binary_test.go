package binary

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/go-smile/smile/internal/golden"
)

// unhex parses hex bytes, with or without spaces (golden.ParseHex).
func unhex(t testing.TB, s string) []byte {
	t.Helper()
	b, err := golden.ParseHex(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// The examples of the specification digest (§5.3), checked by the digest
// against Jackson.
var digestExamples = []struct{ raw, enc string }{
	{"", ""},
	{"01", "00 01"},
	{"FF", "7F 01"},
	{"61", "30 01"},
	{"616263", "30 58 4C 03"}, // "abc"
	{"01 02 03", "00 40 40 03"},
	{"DE AD BE EF", "6F 2B 37 6E 0F"},
	{"01 02 03 04 05 06 07", "00 40 40 30 20 14 0C 07"},
	{"01 02 03 04 05 06 07 08", "00 40 40 30 20 14 0C 07 04 00"},
	{"01 02 03 FF 08 00 2A", "00 40 40 3F 78 20 00 2A"},
	{"FF FF FF FF FF FF", "7F 7F 7F 7F 7F 7F 3F"},
	// BigInteger / BigDecimal payloads (§4.4, §4.5).
	{"00", "00 00"},
	{"7F", "3F 01"},
	{"00 80", "00 20 00"},
	{"80", "40 00"},
	{"00 80 00 00 00 00 00 00 00", "00 20 00 00 00 00 00 00 00 00 00"},
	{"FF 00 00 00 00 00 00 00 01", "7F 40 00 00 00 00 00 00 00 00 01"},
}

func TestDigestExamples(t *testing.T) {
	for _, ex := range digestExamples {
		raw, enc := unhex(t, ex.raw), unhex(t, ex.enc)
		if got := EncodedLen(len(raw)); got != len(enc) {
			t.Errorf("EncodedLen(%d) = %d, want %d", len(raw), got, len(enc))
		}
		if n, ok := DecodedLen(len(enc)); !ok || n != len(raw) {
			t.Errorf("DecodedLen(%d) = %d, %v, want %d, true", len(enc), n, ok, len(raw))
		}
		if got := AppendEncode(nil, raw); !bytes.Equal(got, enc) {
			t.Errorf("AppendEncode(% X) = % X, want % X", raw, got, enc)
		}
		if got := refEncode(nil, raw); !bytes.Equal(got, enc) {
			t.Errorf("refEncode(% X) = % X, want % X", raw, got, enc)
		}
		dst := make([]byte, len(enc))
		if n := Encode(dst, raw); n != len(enc) || !bytes.Equal(dst, enc) {
			t.Errorf("Encode(% X) = %d, % X, want % X", raw, n, dst, enc)
		}
		got, err := AppendDecode(nil, enc)
		if err != nil || !bytes.Equal(got, raw) {
			t.Errorf("AppendDecode(% X) = % X, %v, want % X", enc, got, err, raw)
		}
		if got, bad, ok := refDecode(nil, enc, false); !ok || bad != -1 || !bytes.Equal(got, raw) {
			t.Errorf("refDecode(% X) = % X, %d, %v, want % X", enc, got, bad, ok, raw)
		}
		dec := make([]byte, len(raw))
		if n, err := Decode(dec, enc); err != nil || n != len(raw) || !bytes.Equal(dec, raw) {
			t.Errorf("Decode(% X) = %d, % X, %v, want % X", enc, n, dec, err, raw)
		}
	}
}

func TestEncodedLen(t *testing.T) {
	for n := 0; n < 1000; n++ {
		want := len(refEncode(nil, make([]byte, n)))
		if got := EncodedLen(n); got != want {
			t.Fatalf("EncodedLen(%d) = %d, want %d", n, got, want)
		}
		m, ok := DecodedLen(want)
		if !ok || m != n {
			t.Fatalf("DecodedLen(%d) = %d, %v, want %d, true", want, m, ok, n)
		}
	}
	// The digest's sizes: 100 -> 115, 9000 -> 10286.
	if EncodedLen(100) != 115 || EncodedLen(9000) != 10286 {
		t.Errorf("EncodedLen(100), EncodedLen(9000) = %d, %d, want 115, 10286", EncodedLen(100), EncodedLen(9000))
	}
}

func TestDecodedLenImpossible(t *testing.T) {
	for m := -17; m < 1000; m++ {
		_, ok := DecodedLen(m)
		if want := m >= 0 && m%8 != 1; ok != want {
			t.Errorf("DecodedLen(%d) ok = %v, want %v", m, ok, want)
		}
		if m < 0 || m%8 != 1 {
			continue
		}
		src := make([]byte, m)
		for _, f := range decoders {
			n, err := f.dec(make([]byte, m), src)
			var ce *CorruptInputError
			if n != 0 || !errors.As(err, &ce) || ce.Offset != m-1 {
				t.Errorf("%s of %d bytes = %d, %v; want 0 and a CorruptInputError at %d", f.name, m, n, err, m-1)
			}
		}
	}
}

// decoders lists the decoding entry points with a common signature.
var decoders = []struct {
	name    string
	lenient bool
	dec     func(dst, src []byte) (int, error)
}{
	{"Decode", false, Decode},
	{"DecodeLenient", true, DecodeLenient},
	{"AppendDecode", false, func(dst, src []byte) (int, error) {
		out, err := AppendDecode(dst[:0:len(dst)], src)
		return len(out), err
	}},
	{"AppendDecodeLenient", true, func(dst, src []byte) (int, error) {
		out, err := AppendDecodeLenient(dst[:0:len(dst)], src)
		return len(out), err
	}},
}

func randomBytes(r *rand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

// payloads returns test payloads of length n: random, all zero, all ones.
func payloads(r *rand.Rand, n int) [][]byte {
	return [][]byte{randomBytes(r, n), make([]byte, n), bytes.Repeat([]byte{0xFF}, n)}
}

var testLengths = func() []int {
	var l []int
	for n := 0; n <= 200; n++ {
		l = append(l, n)
	}
	return append(l, 1<<10, 1<<16, 1<<16+5, 1<<20+3)
}()

const guard = 40 // sentinel bytes on each side of a destination

// guarded returns a buffer of n bytes with guard sentinel bytes either side,
// and the middle n bytes.
func guarded(n int) (buf, mid []byte) {
	buf = bytes.Repeat([]byte{0xA5}, n+2*guard)
	return buf, buf[guard : guard+n]
}

func checkGuards(t *testing.T, what string, buf []byte, n int) {
	t.Helper()
	for i := 0; i < guard; i++ {
		if buf[i] != 0xA5 {
			t.Fatalf("%s: wrote before dst at %d", what, i-guard)
		}
		if buf[guard+n+i] != 0xA5 {
			t.Fatalf("%s: wrote past dst at %d", what, n+i)
		}
	}
}

// checkRoundTrip encodes and decodes raw with every entry point, compares
// with the reference and with enc (the expected encoding, if non-nil), and
// checks that nothing outside the destination is written.
func checkRoundTrip(t *testing.T, raw, enc []byte) {
	t.Helper()
	n := len(raw)
	want := refEncode(nil, raw)
	if enc != nil && !bytes.Equal(want, enc) {
		t.Fatalf("len %d: reference encoding differs from the expected one", n)
	}
	m := len(want)
	if EncodedLen(n) != m {
		t.Fatalf("EncodedLen(%d) = %d, want %d", n, EncodedLen(n), m)
	}

	// Encode into an exact destination, and into a longer one.
	buf, dst := guarded(m)
	if w := Encode(dst, raw); w != m || !bytes.Equal(dst, want) {
		t.Fatalf("Encode len %d: wrote %d, mismatch %v", n, w, !bytes.Equal(dst, want))
	}
	checkGuards(t, "Encode", buf, m)
	buf = bytes.Repeat([]byte{0xA5}, m+2*guard)
	if w := Encode(buf[guard:], raw); w != m || !bytes.Equal(buf[guard:guard+m], want) {
		t.Fatalf("Encode (long dst) len %d: mismatch", n)
	}
	checkGuards(t, "Encode (long dst)", buf, m)
	if got := AppendEncode([]byte{1, 2, 3}, raw); !bytes.Equal(got[:3], []byte{1, 2, 3}) || !bytes.Equal(got[3:], want) {
		t.Fatalf("AppendEncode len %d: mismatch", n)
	}

	// Decode into an exact destination, and into a longer one.
	for _, f := range decoders {
		buf, dst := guarded(n)
		w, err := f.dec(dst, want)
		if err != nil || w != n || !bytes.Equal(dst, raw) {
			t.Fatalf("%s len %d: %d, %v, mismatch %v", f.name, n, w, err, !bytes.Equal(dst, raw))
		}
		checkGuards(t, f.name, buf, n)
	}
	buf = bytes.Repeat([]byte{0xA5}, n+2*guard)
	if w, err := Decode(buf[guard:], want); err != nil || w != n || !bytes.Equal(buf[guard:guard+n], raw) {
		t.Fatalf("Decode (long dst) len %d: mismatch", n)
	}
	checkGuards(t, "Decode (long dst)", buf, n)
	if got, err := AppendDecode([]byte{9}, want); err != nil || !bytes.Equal(got[:1], []byte{9}) || !bytes.Equal(got[1:], raw) {
		t.Fatalf("AppendDecode len %d: %v", n, err)
	}
	// With spare capacity, which AppendDecode may use as scratch.
	spare := make([]byte, 2, 2+n+64)
	if got, err := AppendDecode(spare, want); err != nil || !bytes.Equal(got[2:], raw) || &got[0] != &spare[0] {
		t.Fatalf("AppendDecode (spare capacity) len %d: %v", n, err)
	}
}

func TestRoundTripAgainstReference(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, n := range testLengths {
		for _, raw := range payloads(r, n) {
			checkRoundTrip(t, raw, nil)
		}
	}
}

// TestSourceUnchanged checks that neither direction modifies its input.
func TestSourceUnchanged(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	raw := randomBytes(r, 1000)
	keep := bytes.Clone(raw)
	enc := AppendEncode(nil, raw)
	if !bytes.Equal(raw, keep) {
		t.Fatal("Encode modified src")
	}
	keep = bytes.Clone(enc)
	if _, err := AppendDecode(nil, enc); err != nil || !bytes.Equal(enc, keep) {
		t.Fatal("Decode modified src")
	}
}

func TestHighBitError(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, n := range append(testLengths[:120:120], 1000) {
		raw := randomBytes(r, n)
		enc := AppendEncode(nil, raw)
		for p := range enc {
			for _, hb := range []byte{0x80, 0xFF} {
				bad := bytes.Clone(enc)
				bad[p] |= hb
				wantN := p / 8 * 7
				for _, f := range decoders {
					buf, dst := guarded(n)
					w, err := f.dec(dst, bad)
					checkGuards(t, f.name, buf, n)
					if f.lenient {
						if hb != 0x80 {
							continue // other bits changed too
						}
						if err != nil || w != n || !bytes.Equal(dst, raw) {
							t.Fatalf("%s len %d, high bit at %d: %d, %v, mismatch %v", f.name, n, p, w, err, !bytes.Equal(dst, raw))
						}
						continue
					}
					var ce *CorruptInputError
					if !errors.As(err, &ce) || ce.Offset != p || w != wantN || !bytes.Equal(dst[:w], raw[:w]) {
						t.Fatalf("%s len %d, high bit at %d: %d, %v; want %d and an error at %d", f.name, n, p, w, err, wantN, p)
					}
					if !strings.Contains(err.Error(), "offset") {
						t.Fatalf("error text %q lacks the offset", err)
					}
				}
				got, off, ok := refDecode(nil, bad, false)
				if !ok || off != p || !bytes.Equal(got, raw[:wantN]) {
					t.Fatalf("refDecode len %d, high bit at %d: %d, %v", n, p, off, ok)
				}
			}
		}
	}
	// The first of several bad bytes is reported.
	enc := make([]byte, 100)
	enc[70], enc[71], enc[90] = 0x80, 0x80, 0x80
	if _, err := Decode(make([]byte, 100), enc); err == nil || err.(*CorruptInputError).Offset != 70 {
		t.Errorf("several high bits: %v, want offset 70", err)
	}
}

func TestDirtyPadding(t *testing.T) {
	// One raw byte: 7 bits in the first encoded byte, 1 in the second.
	for _, f := range decoders {
		dst := make([]byte, 1)
		if n, err := f.dec(dst, []byte{0x00, 0x7F}); err != nil || n != 1 || dst[0] != 0x01 {
			t.Errorf("%s(00 7F) = %d, % X, %v, want 01", f.name, n, dst, err)
		}
	}
	r := rand.New(rand.NewPCG(7, 8))
	for n := 0; n <= 60; n++ {
		if n%7 == 0 {
			continue
		}
		raw := randomBytes(r, n)
		enc := AppendEncode(nil, raw)
		tn := uint(n % 7)
		dirty := bytes.Clone(enc)
		dirty[len(dirty)-1] |= 0x7F &^ (1<<tn - 1)
		if dirty[len(dirty)-1] == enc[len(enc)-1] {
			t.Fatalf("len %d: no padding to dirty", n)
		}
		for _, f := range decoders {
			dst := make([]byte, n)
			if w, err := f.dec(dst, dirty); err != nil || w != n || !bytes.Equal(dst, raw) {
				t.Errorf("%s with dirty padding, len %d: %d, %v", f.name, n, w, err)
			}
		}
	}
}

func TestLenientIgnoresHighBits(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for _, n := range testLengths {
		raw := randomBytes(r, n)
		enc := AppendEncode(nil, raw)
		for i := range enc {
			enc[i] |= 0x80
		}
		got, err := AppendDecodeLenient(nil, enc)
		if err != nil || !bytes.Equal(got, raw) {
			t.Fatalf("lenient, all high bits, len %d: %v", n, err)
		}
		if ref, _, _ := refDecode(nil, enc, true); !bytes.Equal(ref, raw) {
			t.Fatalf("refDecode lenient, len %d: mismatch", n)
		}
	}
}

func TestChunked(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for _, n := range []int{0, 1, 6, 7, 8, 27, 28, 29, 100, 1000, 5000, 1<<16 + 3} {
		raw := randomBytes(r, n)
		whole := AppendEncode(nil, raw)
		for trial := 0; trial < 5; trial++ {
			// Encode in pieces of random multiples of 7.
			var enc []byte
			rest := raw
			for len(rest) > 0 {
				k := 7 * r.IntN(12)
				if trial == 0 {
					k = 7
				}
				k = min(k, len(rest))
				piece := make([]byte, EncodedLen(k))
				Encode(piece, rest[:k])
				enc = append(enc, piece...)
				rest = rest[k:]
			}
			if !bytes.Equal(enc, whole) {
				t.Fatalf("len %d: chunked encode differs", n)
			}
			// Decode in pieces of random multiples of 8.
			var dec []byte
			erest := whole
			for len(erest) > 0 {
				k := min(8*r.IntN(12), len(erest))
				if trial == 0 {
					k = min(8, len(erest))
				}
				var err error
				dec, err = AppendDecode(dec, erest[:k])
				if err != nil {
					t.Fatalf("len %d: chunked decode: %v", n, err)
				}
				erest = erest[k:]
			}
			if !bytes.Equal(dec, raw) {
				t.Fatalf("len %d: chunked decode differs", n)
			}
		}
	}
	// A bad byte in a later piece is reported relative to that piece.
	enc := make([]byte, 32)
	enc[20] = 0x90
	_, err := Decode(make([]byte, 14), enc[16:])
	if ce, ok := err.(*CorruptInputError); !ok || ce.Offset != 4 {
		t.Errorf("offset in a piece: %v, want 4", err)
	}
}

func TestShortDstPanics(t *testing.T) {
	mustPanic := func(name string, f func()) {
		t.Helper()
		defer func() {
			if recover() == nil {
				t.Errorf("%s with a short dst did not panic", name)
			}
		}()
		f()
	}
	mustPanic("Encode", func() { Encode(make([]byte, 3), []byte{1, 2, 3}) })
	mustPanic("Decode", func() { _, _ = Decode(make([]byte, 2), []byte{0, 0x40, 0x40, 3}) })
	mustPanic("DecodeLenient", func() { _, _ = DecodeLenient(make([]byte, 6), make([]byte, 8)) })
}

func TestAppendDecodeError(t *testing.T) {
	enc := AppendEncode(nil, bytes.Repeat([]byte{0x55}, 30))
	enc[17] = 0xC0
	got, err := AppendDecode([]byte("ab"), enc)
	if err == nil || string(got) != "ab"+string(bytes.Repeat([]byte{0x55}, 14)) {
		t.Errorf("AppendDecode error: % X, %v", got, err)
	}
	got, err = AppendDecode([]byte("ab"), make([]byte, 9))
	if err == nil || string(got) != "ab" {
		t.Errorf("AppendDecode bad length: %q, %v", got, err)
	}
}

func TestAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector changes allocation counts")
	}
	raw := make([]byte, 1000)
	enc := AppendEncode(nil, raw)
	dst := make([]byte, len(enc))
	dec := make([]byte, len(raw))
	if a := testing.AllocsPerRun(10, func() {
		Encode(dst, raw)
		_, _ = Decode(dec, enc)
		_, _ = AppendDecode(dec[:0], enc)
		_ = AppendEncode(dst[:0], raw)
	}); a != 0 {
		t.Errorf("%v allocations, want 0", a)
	}
	if a := testing.AllocsPerRun(10, func() { _ = AppendEncode(nil, raw) }); a != 1 {
		t.Errorf("AppendEncode(nil): %v allocations, want 1", a)
	}
	if a := testing.AllocsPerRun(10, func() { _, _ = AppendDecode(nil, enc) }); a != 1 {
		t.Errorf("AppendDecode(nil): %v allocations, want 1", a)
	}
}
