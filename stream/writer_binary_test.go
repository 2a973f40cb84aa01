package stream_test

import (
	"bytes"
	"errors"
	"io"
	"math/rand/v2"
	"testing"
	"testing/iotest"

	"github.com/stretchr/testify/require"

	"github.com/go-smile/smile/stream"
)

// binaryLengths are the payload lengths WriteBinaryFrom is checked at:
// everything up to 63, around multiples of 7 near the internal chunk size
// (28 KiB = 7·4096) and its multiples, and one long value.
func binaryLengths() []int {
	var ns []int
	for n := range 64 {
		ns = append(ns, n)
	}
	for _, k := range []int{4096, 2 * 4096, 3 * 4096, 4681, 4682} {
		ns = append(ns, 7*k-1, 7*k, 7*k+1)
	}
	return append(ns, 250001)
}

// TestWriterBinaryFrom checks that streaming a payload gives the same
// bytes as WriteBinary, in both encodings, with and without an io.Writer.
func TestWriterBinaryFrom(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	payload := make([]byte, 250001)
	for i := range payload {
		payload[i] = byte(rng.Uint32())
	}
	for _, opts := range []stream.WriterOptions{defaults, {RawBinary: true}} {
		for _, n := range binaryLengths() {
			src := payload[:n]
			want := play(t, opts, []op{startArr, num(1), bin(src), num(2), endArr})

			// Into the Writer's buffer.
			got := play(t, opts, []op{startArr, num(1), func(w *stream.Writer) error {
				return w.WriteBinaryFrom(iotest.HalfReader(bytes.NewReader(src)), int64(n))
			}, num(2), endArr})
			if !bytes.Equal(want, got) {
				t.Fatalf("raw=%v n=%d, no io.Writer:\n%s", opts.RawBinary, n, hexDiff(want, got))
			}

			// Through an io.Writer, flushing as it goes.
			var out bytes.Buffer
			w, err := stream.NewWriterTo(&out, opts)
			require.NoError(t, err)
			require.NoError(t, w.WriteStartArray())
			require.NoError(t, w.WriteInt(1))
			require.NoError(t, w.WriteBinaryFrom(iotest.OneByteReader(bytes.NewReader(src)), int64(n)))
			if n > 100000 {
				require.Less(t, len(w.Bytes()), 100000, "WriteBinaryFrom kept a long value in the buffer")
			}
			require.NoError(t, w.WriteInt(2))
			require.NoError(t, w.WriteEndArray())
			require.NoError(t, w.EndDocument())
			require.NoError(t, w.Flush())
			if !bytes.Equal(want, out.Bytes()) {
				t.Fatalf("raw=%v n=%d, io.Writer:\n%s", opts.RawBinary, n, hexDiff(want, out.Bytes()))
			}
		}
	}
}

// TestWriterBinaryFromShort checks that a reader shorter than n is an
// error wrapping io.ErrUnexpectedEOF, and that nothing is written when
// nothing was flushed.
func TestWriterBinaryFromShort(t *testing.T) {
	for _, opts := range []stream.WriterOptions{defaults, {RawBinary: true}} {
		for _, c := range []struct{ have, n int }{{0, 1}, {5, 6}, {10, 100}, {28671, 28673}, {70000, 70001}} {
			w, err := stream.NewWriter(opts)
			require.NoError(t, err)
			require.NoError(t, w.WriteStartArray())
			before := bytes.Clone(w.Bytes())
			err = w.WriteBinaryFrom(bytes.NewReader(make([]byte, c.have)), int64(c.n))
			require.ErrorIs(t, err, io.ErrUnexpectedEOF)
			require.Contains(t, err.Error(), "ended after")
			require.Equal(t, before, w.Bytes())
			// The Writer is still usable, in the same state.
			require.NoError(t, w.WriteEndArray())
		}
	}

	// At the start of a document, a failed value does not leave the header.
	w, err := stream.NewWriter(defaults)
	require.NoError(t, err)
	require.Error(t, w.WriteBinaryFrom(bytes.NewReader(nil), 1))
	require.Empty(t, w.Bytes())
	require.NoError(t, w.WriteNull())
	requireBytes(t, hx("3A 29 0A 01 21"), w.Bytes())

	// Other read errors are passed on.
	boom := errors.New("boom")
	w, err = stream.NewWriter(defaults)
	require.NoError(t, err)
	err = w.WriteBinaryFrom(iotest.ErrReader(boom), 10)
	require.ErrorIs(t, err, boom)
	require.NotErrorIs(t, err, io.ErrUnexpectedEOF)

	// Through an io.Writer, a long value fails after part of it was
	// flushed; the error is still reported.
	var out bytes.Buffer
	w, err = stream.NewWriterTo(&out, defaults)
	require.NoError(t, err)
	err = w.WriteBinaryFrom(bytes.NewReader(make([]byte, 100000)), 100001)
	require.ErrorIs(t, err, io.ErrUnexpectedEOF)
	require.NotZero(t, out.Len())
}
