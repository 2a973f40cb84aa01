package smile

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/stretchr/testify/require"

	"github.com/go-smile/smile/stream"
)

func TestDecoderSequence(t *testing.T) {
	for _, tc := range []struct {
		name string
		data []byte
		want []any
		offs []int64 // InputOffset after each Decode
	}{
		// Digest §8 #28: two documents, each with a header and an end marker.
		{"end markers", mustHex("3A 29 0A 01 FA FB FF 3A 29 0A 01 F8 F9 FF"), []any{map[string]any{}, []any{}}, []int64{6, 13}},
		// One generator writing 1 then 2 (digest §1.3).
		{"root sequence", mustHex("3A 29 0A 01 C2 C4"), []any{int64(1), int64(2)}, []int64{5, 6}},
		{"headers, no markers", mustHex("3A 29 0A 01 C2 3A 29 0A 01 C4"), []any{int64(1), int64(2)}, []int64{5, 10}},
		{"leading and repeated markers", mustHex("3A 29 0A 01 FF FF 21 FF FF"), []any{nil}, []int64{7}},
		{"empty", nil, nil, nil},
		{"header only", mustHex("3A 29 0A 01"), nil, nil},
	} {
		for _, oneByte := range []bool{false, true} {
			name := tc.name
			if oneByte {
				name += "/one byte reads"
			}
			t.Run(name, func(t *testing.T) {
				var r io.Reader = bytes.NewReader(tc.data)
				if oneByte {
					r = iotest.OneByteReader(r)
				}
				dec := NewDecoder(r)
				for i, want := range tc.want {
					require.True(t, dec.More(), "More before value %d", i)
					var v any
					require.NoError(t, dec.Decode(&v))
					require.Equal(t, want, v)
					require.Equal(t, tc.offs[i], dec.InputOffset())
				}
				require.False(t, dec.More())
				var v any
				require.Equal(t, io.EOF, dec.Decode(&v))
				require.Equal(t, io.EOF, dec.Decode(&v))
			})
		}
	}
}

func TestDecoderErrors(t *testing.T) {
	// A type error does not stop the Decoder.
	dec := NewDecoder(bytes.NewReader(mustHex("3A 29 0A 01 42 61 62 63 C4")))
	var n int
	var ute *UnmarshalTypeError
	require.ErrorAs(t, dec.Decode(&n), &ute)
	require.Equal(t, int64(4), ute.Offset)
	require.NoError(t, dec.Decode(&n))
	require.Equal(t, 2, n)
	require.Equal(t, io.EOF, dec.Decode(&n))

	// A syntax error is sticky and has the offset.
	dec = NewDecoder(bytes.NewReader(mustHex("3A 29 0A 01 C2 F8 00 F9 C4")))
	require.NoError(t, dec.Decode(&n))
	var v any
	var se *SyntaxError
	err := dec.Decode(&v)
	require.ErrorAs(t, err, &se)
	require.Equal(t, int64(6), se.Offset)
	require.Equal(t, err, dec.Decode(&v))
	require.False(t, dec.More())

	// Truncated input.
	dec = NewDecoder(iotest.OneByteReader(bytes.NewReader(mustHex("3A 29 0A 01 F8 C2 C4"))))
	err = dec.Decode(&v)
	require.ErrorAs(t, err, &se)
	require.ErrorIs(t, err, io.ErrUnexpectedEOF)

	// A read error is returned.
	boom := errors.New("boom")
	dec = NewDecoder(io.MultiReader(bytes.NewReader(mustHex("3A 29 0A 01 F8 C2")), iotest.ErrReader(boom)))
	require.ErrorIs(t, dec.Decode(&v), boom)

	// Invalid argument: not sticky.
	dec = NewDecoder(bytes.NewReader(mustHex("3A 29 0A 01 C2")))
	var ie *InvalidUnmarshalError
	require.ErrorAs(t, dec.Decode(n), &ie)
	require.NoError(t, dec.Decode(&n))

	// Options travel with the mode.
	m, err := DecOptions{HeaderOptional: true, MaxContainerLen: 1}.DecMode()
	require.NoError(t, err)
	dec = m.NewDecoder(bytes.NewReader(mustHex("C2 F8 C2 C4 F9")))
	require.NoError(t, dec.Decode(&n))
	var le *LimitError
	require.ErrorAs(t, dec.Decode(&v), &le)
	require.Equal(t, "MaxContainerLen", le.Limit)
}

// TestDecoderBuffered checks that what Buffered returns, followed by what
// the io.Reader still holds, is the input after the value decoded, as
// with encoding/json's Decoder.
func TestDecoderBuffered(t *testing.T) {
	// A document holding 1, then bytes that are not Smile.
	data := append(mustHex("3A 29 0A 01 C2 FF"), "trailing text"...)
	for _, oneByte := range []bool{false, true} {
		src := bytes.NewReader(data)
		var r io.Reader = src
		if oneByte {
			r = iotest.OneByteReader(src)
		}
		dec := NewDecoder(r)
		var v int
		require.NoError(t, dec.Decode(&v))
		require.Equal(t, 1, v)
		rest, err := io.ReadAll(io.MultiReader(dec.Buffered(), src))
		require.NoError(t, err)
		require.Equal(t, data[dec.InputOffset():], rest, "one byte reads: %v", oneByte)
		require.Equal(t, int64(5), dec.InputOffset())
	}
	// encoding/json's Decoder does the same with its text.
	jdec := json.NewDecoder(strings.NewReader(`1 trailing`))
	var v int
	require.NoError(t, jdec.Decode(&v))
	rest, err := io.ReadAll(jdec.Buffered())
	require.NoError(t, err)
	require.Equal(t, " trailing", string(rest))
}

// TestDecoderMethodOptions checks DisallowUnknownFields and UseNumber
// against encoding/json's methods of the same names, and that they do not
// change the mode the Decoder was made from.
func TestDecoderMethodOptions(t *testing.T) {
	type small struct{ A int }
	// {"A":1,"B":2}
	obj := mustHex("3A 29 0A 01 FA 80 41 C2 80 42 C4 FB")
	dec := NewDecoder(bytes.NewReader(obj))
	dec.DisallowUnknownFields()
	var s small
	err := dec.Decode(&s)
	require.ErrorIs(t, err, ErrUnknownField)
	jdec := json.NewDecoder(strings.NewReader(`{"A":1,"B":2}`))
	jdec.DisallowUnknownFields()
	var js small
	require.ErrorContains(t, jdec.Decode(&js), `unknown field "B"`)
	require.Equal(t, js, s)
	require.NoError(t, NewDecoder(bytes.NewReader(obj)).Decode(&s), "the default mode is unchanged")

	// [1, 2.5], written by stream.Writer (checked against Jackson by the
	// golden tests).
	w, _ := stream.NewWriter(stream.WriterOptions{})
	_ = w.WriteStartArray()
	_ = w.WriteInt(1)
	_ = w.WriteFloat64(2.5)
	_ = w.WriteEndArray()
	arr := w.Bytes()
	dec = NewDecoder(bytes.NewReader(arr))
	dec.UseNumber()
	var v any
	require.NoError(t, dec.Decode(&v))
	require.Equal(t, []any{Number("1"), Number("2.5")}, v)
	jdec = json.NewDecoder(strings.NewReader(`[1,2.5]`))
	jdec.UseNumber()
	var jv any
	require.NoError(t, jdec.Decode(&jv))
	require.Equal(t, []any{json.Number("1"), json.Number("2.5")}, jv)
	require.NoError(t, NewDecoder(bytes.NewReader(arr)).Decode(&v))
	require.Equal(t, []any{int64(1), 2.5}, v)
}
