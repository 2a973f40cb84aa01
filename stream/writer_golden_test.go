package stream_test

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/go-smile/smile/internal/golden"
	"github.com/go-smile/smile/internal/goldenplay"
	"github.com/go-smile/smile/stream"
)

// Each golden file names the Jackson versions that wrote it; those before
// 2.19 set the float32 sign bits, which needs LegacyFloat32SignBits.

func goldenOptions(c golden.Config, legacyFloats bool) stream.WriterOptions {
	return goldenplay.WriterOptions(c, legacyFloats)
}

// caseOptions returns the options that write like the Jackson of c.
func caseOptions(c golden.Case) stream.WriterOptions {
	return goldenOptions(c.Config, c.Jackson().Float32SignExtended)
}

// playOps makes the Writer calls that match Jackson's generator calls;
// see goldenplay.Play.
func playOps(w *stream.Writer, ops []golden.Op) error { return goldenplay.Play(w, ops) }

// checkGolden plays each case on a Writer and compares with Jackson.
func checkGolden(t *testing.T, cases []golden.Case) {
	t.Helper()
	require.NotEmpty(t, cases, "no golden cases found: the golden files are missing")
	configs := map[string]int{}
	for _, c := range cases {
		configs[c.Config.Name]++
		w, err := stream.NewWriter(caseOptions(c))
		require.NoError(t, err, c.ID())
		if err := playOps(w, c.Ops); err != nil {
			t.Errorf("%s: %v", c.ID(), err)
			continue
		}
		if got := w.Bytes(); !bytes.Equal(c.Want, got) {
			t.Errorf("%s (%s): differs from Jackson\n%s", c.ID(), c.WantPath, hexDiff(c.Want, got))
		}
	}
	t.Logf("%d cases, per config: %v", len(cases), configs)
}

func TestWriterGoldenTokens(t *testing.T) {
	cases := golden.Cases(t, "tokens")
	checkGolden(t, cases)
	require.Len(t, configNames(cases), len(golden.Configs), "every config must have cases")
}

func TestWriterGoldenJSON(t *testing.T) {
	cases := golden.Cases(t, "json")
	checkGolden(t, cases)
	require.Len(t, configNames(cases), len(golden.Configs), "every config must have cases")
}

func TestWriterGoldenCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("large documents; -short")
	}
	checkGolden(t, golden.Cases(t, "corpus"))
}

func configNames(cases []golden.Case) map[string]bool {
	names := map[string]bool{}
	for _, c := range cases {
		names[c.Config.Name] = true
	}
	return names
}

// TestWriterGoldenReuse writes every token case of one config through one
// Writer, with Reset between cases, to check that nothing leaks from one
// document to the next.
func TestWriterGoldenReuse(t *testing.T) {
	cases := golden.Cases(t, "tokens")
	require.NotEmpty(t, cases)
	writers := map[stream.WriterOptions]*stream.Writer{}
	for _, c := range cases {
		opts := caseOptions(c)
		w := writers[opts]
		if w == nil {
			var err error
			w, err = stream.NewWriter(opts)
			require.NoError(t, err)
			writers[opts] = w
		}
		w.Reset(w.Bytes()[:0])
		require.NoError(t, playOps(w, c.Ops), c.ID())
		if !bytes.Equal(c.Want, w.Bytes()) {
			t.Errorf("%s: differs from Jackson after Reset\n%s", c.ID(), hexDiff(c.Want, w.Bytes()))
		}
	}
}

// TestWriterGoldenSpecVectors plays the digest's vectors, each with the
// options of the Jackson that writes it (the float32 sign bits of 2.18 and
// earlier, or the zero bits of 2.19 and the specification).
func TestWriterGoldenSpecVectors(t *testing.T) {
	vectors := golden.SpecVectors(t)
	require.NotEmpty(t, vectors, "no spec vectors found")
	for _, v := range vectors {
		w, err := stream.NewWriter(goldenOptions(v.Config, v.Newest().Float32SignExtended))
		require.NoError(t, err, v.Name)
		if err := playOps(w, v.Ops); err != nil {
			t.Errorf("%s: %v", v.Name, err)
			continue
		}
		if !bytes.Equal(v.Want, w.Bytes()) {
			t.Errorf("%s (%s, %s):\n%s", v.Name, v.ConfigName, v.Source, hexDiff(v.Want, w.Bytes()))
		}
	}
}

// TestWriterGoldenBinary checks WriteBinary and WriteBinaryFrom against
// Jackson's writeBinary, in both encodings.
func TestWriterGoldenBinary(t *testing.T) {
	cases := golden.BinaryCases(t)
	require.NotEmpty(t, cases, "no golden binary cases found")
	for _, c := range cases {
		for _, raw := range []bool{false, true} {
			want := c.SevenBit
			if raw {
				want = c.Raw
			}
			opts := stream.WriterOptions{RawBinary: raw}

			w, err := stream.NewWriter(opts)
			require.NoError(t, err)
			require.NoError(t, w.WriteBinary(c.Payload))
			require.NoError(t, w.EndDocument())
			if !bytes.Equal(want, w.Bytes()) {
				t.Errorf("WriteBinary len %d raw=%v:\n%s", c.Len, raw, hexDiff(want, w.Bytes()))
			}

			var out bytes.Buffer
			w, err = stream.NewWriterTo(&out, opts)
			require.NoError(t, err)
			require.NoError(t, w.WriteBinaryFrom(bytes.NewReader(c.Payload), int64(len(c.Payload))))
			require.NoError(t, w.EndDocument())
			require.NoError(t, w.Flush())
			if !bytes.Equal(want, out.Bytes()) {
				t.Errorf("WriteBinaryFrom len %d raw=%v:\n%s", c.Len, raw, hexDiff(want, out.Bytes()))
			}
		}
	}
}

// BenchmarkWriterCorpus replays the ops of the real-world corpus documents
// (twitter, citm_catalog, canada, code) on a reused Writer.
func BenchmarkWriterCorpus(b *testing.B) {
	for _, c := range golden.Cases(b, "corpus") {
		b.Run(c.Name, func(b *testing.B) {
			w, err := stream.NewWriter(caseOptions(c))
			require.NoError(b, err)
			var p goldenplay.Player
			require.NoError(b, p.Play(w, c.Ops))
			b.SetBytes(int64(len(w.Bytes())))
			b.ReportAllocs()
			for b.Loop() {
				w.Reset(w.Bytes()[:0])
				if err := p.Play(w, c.Ops); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
