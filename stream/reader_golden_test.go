package stream_test

import (
	"bytes"
	"testing"

	"github.com/go-smile/smile/internal/golden"
	"github.com/go-smile/smile/stream"
)

// Golden tests: Jackson's Smile for every token script and JSON document in
// every config decodes to exactly the ops Jackson was driven with, through
// every kind of Reader.

func TestReaderGoldenTokens(t *testing.T) { rdTestReaderGolden(t, "tokens", 250) }
func TestReaderGoldenJSON(t *testing.T)   { rdTestReaderGolden(t, "json", 350) }
func TestReaderGoldenCorpus(t *testing.T) { rdTestReaderGolden(t, "corpus", 4) }

func rdTestReaderGolden(t *testing.T, sub string, atLeast int) {
	cases := golden.Cases(t, sub)
	if len(cases) < atLeast {
		t.Fatalf("golden %s: %d cases, want at least %d (missing testdata?)", sub, len(cases), atLeast)
	}
	for _, c := range cases {
		t.Run(c.ID(), func(t *testing.T) {
			kinds := rdReaderKinds
			if testing.Short() || len(c.Want) > 200_000 {
				// One byte at a time is slow on the big corpus files.
				kinds = []string{"bytes", "chunks", "stream"}
			}
			for _, kind := range kinds {
				r := rdNewTestReader(t, kind, c.Want, rdOptsFor(c.Config))
				got := rdReadAllOps(r)
				rdCheckDecoded(t, got, c.Ops, c.Config)
			}
		})
	}
}

// TestReaderGoldenSpecVectors reads every vector of spec/vectors.json, the
// byte strings quoted by the format digest.
func TestReaderGoldenSpecVectors(t *testing.T) {
	vs := golden.SpecVectors(t)
	if len(vs) < 50 {
		t.Fatalf("only %d spec vectors", len(vs))
	}
	for _, v := range vs {
		t.Run(v.Name, func(t *testing.T) {
			for _, kind := range rdReaderKinds {
				r := rdNewTestReader(t, kind, v.Want, rdOptsFor(v.Config))
				rdCheckDecoded(t, rdReadAllOps(r), v.Ops, v.Config)
			}
		})
	}
}

// TestReaderGoldenBinary reads every binary payload case, 7-bit and raw,
// with ReadToken and with ReadBinaryTo, through every kind of Reader.
func TestReaderGoldenBinary(t *testing.T) {
	cases := golden.BinaryCases(t)
	if len(cases) < 100 {
		t.Fatalf("only %d binary cases", len(cases))
	}
	for _, c := range cases {
		for _, form := range []struct {
			name string
			data []byte
		}{{"7bit", c.SevenBit}, {"raw", c.Raw}} {
			for _, kind := range rdReaderKinds {
				if kind == "onebyte" && c.Len > 5000 {
					continue
				}
				r := rdNewTestReader(t, kind, form.data, stream.ReaderOptions{})
				tok, err := r.ReadToken()
				if err != nil || tok.Kind != stream.KindBinary || !bytes.Equal(tok.Bytes(), c.Payload) {
					t.Fatalf("bin-%d %s %s: ReadToken = %v, %v (len %d)", c.Len, form.name, kind, tok.Kind, err, len(tok.Bytes()))
				}
				if _, err := r.ReadToken(); err == nil {
					t.Fatalf("bin-%d %s %s: no io.EOF after the value", c.Len, form.name, kind)
				}

				r = rdNewTestReader(t, kind, form.data, stream.ReaderOptions{})
				var out bytes.Buffer
				n, err := r.ReadBinaryTo(&out)
				if err != nil || n != int64(c.Len) || !bytes.Equal(out.Bytes(), c.Payload) {
					t.Fatalf("bin-%d %s %s: ReadBinaryTo = %d, %v", c.Len, form.name, kind, n, err)
				}

				r = rdNewTestReader(t, kind, form.data, stream.ReaderOptions{})
				if err := r.SkipValue(); err != nil {
					t.Fatalf("bin-%d %s %s: SkipValue: %v", c.Len, form.name, kind, err)
				}
				if off := r.InputOffset(); off != int64(len(form.data)) {
					t.Fatalf("bin-%d %s %s: offset %d after SkipValue, want %d", c.Len, form.name, kind, off, len(form.data))
				}
			}
		}
	}
}
