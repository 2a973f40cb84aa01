package stream_test

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/go-smile/smile/stream"
)

// TestWriterAllowInvalidUTF8: with the option, strings and keys that are
// not valid UTF-8 are written with their bytes unchanged, and a Reader
// with the matching option reads back the same bytes, through the shared
// tables too; without it, they are refused and nothing is written.
func TestWriterAllowInvalidUTF8(t *testing.T) {
	// The tokens of the specification's table, by length.
	require.Equal(t, hx("3A 29 0A 00 F8 40 FF F9"), writeInvalid(t, stream.WriterOptions{DisableSharedNames: true, AllowInvalidUTF8: true}, "\xff", ""))
	require.Equal(t, hx("3A 29 0A 00 FA 80 FF 21 FB"), writeInvalid(t, stream.WriterOptions{DisableSharedNames: true, AllowInvalidUTF8: true}, "", "\xff"))

	for _, n := range []int{1, 2, 32, 33, 56, 57, 64, 65, 66, 3000} {
		// Text cut anywhere, then a byte no UTF-8 holds.
		s := string(append(bytes.Repeat([]byte("é"), n)[:n-1], 0xFF))
		for _, shared := range []bool{false, true} {
			what := fmt.Sprintf("%d bytes, shared %v", n, shared)
			o := stream.WriterOptions{SharedValues: shared, AllowInvalidUTF8: true}
			data := writeInvalid(t, o, s, s)
			r, err := stream.NewReader(data, stream.ReaderOptions{AllowInvalidUTF8: true})
			require.NoError(t, err)
			var got []string
			for {
				tok, err := r.ReadToken()
				require.NoError(t, err, what)
				if tok.Kind == stream.KindEndArray {
					break
				}
				if tok.Kind == stream.KindString || tok.Kind == stream.KindKey {
					got = append(got, string(tok.Bytes()))
				}
			}
			// [s, s, {s: s}, {s: s}]: the repeats may be references.
			require.Equal(t, []string{s, s, s, s, s, s}, got, what)
			// The default Reader refuses the output.
			r, _ = stream.NewReader(data, stream.ReaderOptions{})
			_, err = rdReadAllStr(r)
			require.ErrorContains(t, err, "UTF-8", what)
		}
	}

	// Without the option nothing is written; long text holding the end
	// marker cannot be written even with it.
	for _, tc := range []struct {
		o stream.WriterOptions
		s string
	}{
		{stream.WriterOptions{}, "\xff"},
		{stream.WriterOptions{AllowInvalidUTF8: true}, string(bytes.Repeat([]byte{0xFC}, 66))},
	} {
		w, err := stream.NewWriter(tc.o)
		require.NoError(t, err)
		require.NoError(t, w.WriteStartArray())
		before := len(w.Bytes())
		require.ErrorContains(t, w.WriteString(tc.s), "not valid UTF-8")
		require.Len(t, w.Bytes(), before, "nothing written")
		require.NoError(t, w.WriteStartObject())
		require.ErrorContains(t, w.WriteKey(tc.s), "not valid UTF-8")
	}
}

// writeInvalid writes [s, s, {key: s}, {key: s}] (or, for an empty key,
// the array [s] alone, or the object {key: null}) and returns the bytes.
func writeInvalid(t *testing.T, o stream.WriterOptions, s, key string) []byte {
	t.Helper()
	w, err := stream.NewWriter(o)
	require.NoError(t, err)
	switch {
	case key == "":
		require.NoError(t, w.WriteStartArray())
		require.NoError(t, w.WriteString(s))
		require.NoError(t, w.WriteEndArray())
	case s == "":
		require.NoError(t, w.WriteStartObject())
		require.NoError(t, w.WriteKey(key))
		require.NoError(t, w.WriteNull())
		require.NoError(t, w.WriteEndObject())
	default:
		require.NoError(t, w.WriteStartArray())
		require.NoError(t, w.WriteString(s))
		require.NoError(t, w.WriteStringBytes([]byte(s)))
		for range 2 {
			require.NoError(t, w.WriteStartObject())
			require.NoError(t, w.WriteKeyBytes([]byte(key)))
			require.NoError(t, w.WriteString(s))
			require.NoError(t, w.WriteEndObject())
		}
		require.NoError(t, w.WriteEndArray())
	}
	require.NoError(t, w.EndDocument())
	return w.Bytes()
}
