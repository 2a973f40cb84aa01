package stream_test

import (
	"bytes"
	"fmt"
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/go-smile/smile/internal/golden"
	"github.com/go-smile/smile/stream"
)

// The golden files were written by Jackson 2.7.8, whose float32 sign bits
// need LegacyFloat32SignBits.

func goldenOptions(c golden.Config, legacyFloats bool) stream.WriterOptions {
	return stream.WriterOptions{
		OmitHeader:            c.OmitHeader,
		DisableSharedNames:    c.DisableSharedNames,
		SharedValues:          c.SharedValues,
		RawBinary:             c.RawBinary,
		EndMarker:             c.EndMarker,
		LegacyFloat32SignBits: legacyFloats,
	}
}

// playOps makes the Writer calls that match Jackson's generator calls. A
// NewDocument op ends the document, as Jackson's close() and a new
// generator on the same output do; so does the end of the ops. Like
// close(), it first ends the arrays and objects still open (EndDocument
// refuses to).
func playOps(w *stream.Writer, ops []golden.Op) error {
	var p player
	return p.play(w, ops)
}

// player plays ops; it keeps its stack of open containers between calls,
// so that benchmarks do not allocate.
type player struct {
	open []golden.OpKind // EndObject or EndArray, innermost last
}

func (p *player) endDocument(w *stream.Writer) error {
	for len(p.open) > 0 {
		end := (*stream.Writer).WriteEndArray
		if p.open[len(p.open)-1] == golden.EndObject {
			end = (*stream.Writer).WriteEndObject
		}
		if err := end(w); err != nil {
			return err
		}
		p.open = p.open[:len(p.open)-1]
	}
	return w.EndDocument()
}

func (p *player) play(w *stream.Writer, ops []golden.Op) error {
	p.open = p.open[:0]
	for i := range ops {
		o := &ops[i]
		var err error
		switch o.Kind {
		case golden.StartObject:
			err = w.WriteStartObject()
			p.open = append(p.open, golden.EndObject)
		case golden.EndObject:
			err = w.WriteEndObject()
			p.open = p.open[:len(p.open)-1]
		case golden.StartArray:
			err = w.WriteStartArray()
			p.open = append(p.open, golden.EndArray)
		case golden.EndArray:
			err = w.WriteEndArray()
			p.open = p.open[:len(p.open)-1]
		case golden.Key:
			err = w.WriteKey(o.Str)
		case golden.String:
			err = w.WriteString(o.Str)
		case golden.Int:
			err = w.WriteInt(o.Int)
		case golden.BigInt:
			err = w.WriteBigInt(o.Big)
		case golden.Float32:
			err = w.WriteFloat32(float32frombits(o.Bits))
		case golden.Float64:
			err = w.WriteFloat64(float64frombits(o.Bits))
		case golden.BigDecimal:
			err = w.WriteBigDecimal(o.Big, o.Scale)
		case golden.Binary:
			err = w.WriteBinary(o.Bin)
		case golden.Null:
			err = w.WriteNull()
		case golden.True:
			err = w.WriteBool(true)
		case golden.False:
			err = w.WriteBool(false)
		case golden.NewDocument:
			err = p.endDocument(w)
		default:
			err = fmt.Errorf("unknown op kind %v", o.Kind)
		}
		if err != nil {
			return fmt.Errorf("op %d (%v): %w", i, o, err)
		}
	}
	return p.endDocument(w)
}

// checkGolden plays each case on a Writer and compares with Jackson.
func checkGolden(t *testing.T, cases []golden.Case) {
	t.Helper()
	require.NotEmpty(t, cases, "no golden cases found: the golden files are missing")
	configs := map[string]int{}
	for _, c := range cases {
		configs[c.Config.Name]++
		w, err := stream.NewWriter(goldenOptions(c.Config, true))
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
	writers := map[string]*stream.Writer{}
	for _, c := range cases {
		w := writers[c.Config.Name]
		if w == nil {
			var err error
			w, err = stream.NewWriter(goldenOptions(c.Config, true))
			require.NoError(t, err)
			writers[c.Config.Name] = w
		}
		w.Reset(w.Bytes()[:0])
		require.NoError(t, playOps(w, c.Ops), c.ID())
		if !bytes.Equal(c.Want, w.Bytes()) {
			t.Errorf("%s: differs from Jackson after Reset\n%s", c.ID(), hexDiff(c.Want, w.Bytes()))
		}
	}
}

// TestWriterGoldenSpecVectors plays the digest's vectors. Those with
// config "spec" are forms of Jackson 2.19+ (float32 sign bits zero).
func TestWriterGoldenSpecVectors(t *testing.T) {
	vectors := golden.SpecVectors(t)
	require.NotEmpty(t, vectors, "no spec vectors found")
	for _, v := range vectors {
		w, err := stream.NewWriter(goldenOptions(v.Config, !v.Spec))
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

func float32frombits(b uint64) float32 { return math.Float32frombits(uint32(b)) }
func float64frombits(b uint64) float64 { return math.Float64frombits(b) }

// BenchmarkWriterCorpus replays the ops of the real-world corpus documents
// (twitter, citm_catalog, canada, code) on a reused Writer.
func BenchmarkWriterCorpus(b *testing.B) {
	for _, c := range golden.Cases(b, "corpus") {
		b.Run(c.Name, func(b *testing.B) {
			w, err := stream.NewWriter(goldenOptions(c.Config, true))
			require.NoError(b, err)
			var p player
			require.NoError(b, p.play(w, c.Ops))
			b.SetBytes(int64(len(w.Bytes())))
			b.ReportAllocs()
			for b.Loop() {
				w.Reset(w.Bytes()[:0])
				if err := p.play(w, c.Ops); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
