package binary

import (
	"bytes"
	"encoding/hex"
	"strings"
	"testing"
)

func addDigestSeeds(f *testing.F, raw bool) {
	for _, ex := range digestExamples {
		s := ex.enc
		if raw {
			s = ex.raw
		}
		b, err := hex.DecodeString(strings.ReplaceAll(s, " ", ""))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
}

// FuzzRoundTrip checks that decoding an encoding gives the input back, and
// that both directions agree with the reference implementation.
func FuzzRoundTrip(f *testing.F) {
	addDigestSeeds(f, true)
	f.Add(bytes.Repeat([]byte{0xFF}, 100))
	f.Fuzz(func(t *testing.T, raw []byte) {
		enc := AppendEncode(nil, raw)
		if want := refEncode(nil, raw); !bytes.Equal(enc, want) {
			t.Fatalf("Encode(% X) = % X, reference % X", raw, enc, want)
		}
		if len(enc) != EncodedLen(len(raw)) {
			t.Fatalf("length %d, EncodedLen %d", len(enc), EncodedLen(len(raw)))
		}
		for i, c := range enc {
			if c >= 0x80 {
				t.Fatalf("encoded byte %d = %02X has its high bit set", i, c)
			}
		}
		dec, err := AppendDecode(nil, enc)
		if err != nil || !bytes.Equal(dec, raw) {
			t.Fatalf("Decode(Encode(% X)) = % X, %v", raw, dec, err)
		}
		dst := make([]byte, len(raw))
		if n, err := DecodeLenient(dst, enc); err != nil || n != len(raw) || !bytes.Equal(dst, raw) {
			t.Fatalf("DecodeLenient(Encode(% X)) = % X, %v", raw, dst, err)
		}
	})
}

// FuzzDecode feeds arbitrary bytes to the decoders: they must not panic,
// and must agree with the reference wherever it gives a result.
func FuzzDecode(f *testing.F) {
	addDigestSeeds(f, false)
	f.Add([]byte{0x00, 0x7F})
	f.Add([]byte{0x80})
	f.Add(bytes.Repeat([]byte{0x81}, 33))
	f.Fuzz(func(t *testing.T, src []byte) {
		n, lenOK := DecodedLen(len(src))
		want, bad, ok := refDecode(nil, src, false)
		if ok != lenOK {
			t.Fatalf("DecodedLen(%d) ok = %v, reference %v", len(src), lenOK, ok)
		}
		dst := make([]byte, n)
		w, err := Decode(dst, src)
		switch {
		case !ok:
			if err == nil || w != 0 {
				t.Fatalf("Decode of impossible length %d: %d, %v", len(src), w, err)
			}
		case bad >= 0:
			ce, isCE := err.(*CorruptInputError)
			if !isCE || ce.Offset != bad || !bytes.Equal(dst[:w], want) {
				t.Fatalf("Decode(% X) = %d, %v; reference stops at %d after % X", src, w, err, bad, want)
			}
		default:
			if err != nil || w != n || !bytes.Equal(dst, want) {
				t.Fatalf("Decode(% X) = % X, %v; reference % X", src, dst[:w], err, want)
			}
		}
		lwant, _, _ := refDecode(nil, src, true)
		got, err := AppendDecodeLenient(nil, src)
		if ok && (err != nil || !bytes.Equal(got, lwant)) {
			t.Fatalf("DecodeLenient(% X) = % X, %v; reference % X", src, got, err, lwant)
		}
		if !ok && err == nil {
			t.Fatalf("DecodeLenient of impossible length %d: no error", len(src))
		}
		if ok {
			// Re-encoding the lenient result gives the canonical form.
			if re := AppendEncode(nil, got); len(re) != len(src) {
				t.Fatalf("re-encoding gives %d bytes, want %d", len(re), len(src))
			}
		}
	})
}
