package compat_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/stretchr/testify/require"

	"github.com/go-smile/smile"
	"github.com/go-smile/smile/compat"
	"github.com/go-smile/smile/internal/golden"
)

// unhex parses hex bytes, with or without spaces (golden.ParseHex).
func unhex(t *testing.T, s string) []byte {
	t.Helper()
	b, err := golden.ParseHex(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// Byte vectors from the specification digest (§4.3, §4.5, §5.2, §8).
func TestFromJSONDigestVectors(t *testing.T) {
	for _, tc := range []struct {
		json, hex string
		opts      compat.FromJSONOptions
	}{
		{`{"a":6}`, "3A 29 0A 01 FA 80 61 CC FB", compat.FromJSONOptions{}},
		{`[1.5]`, "3A 29 0A 01 F8 29 00 3F 7C 00 00 00 00 00 00 00 F9", compat.FromJSONOptions{}},
		{`[12345678901234567890]`, "3A 29 0A 01 F8 26 89 00 2A 6A 4A 4C 33 56 1F 05 34 02 F9", compat.FromJSONOptions{}},
		// 19 digits: an int64 by default, as upstream Jackson copies them
		// (bytes from Jackson 2.18.3 and 2.19); a BigInteger by option, as
		// Debian's jackson-core 2.14.1 copies them (bytes from it, and the
		// digest's §4.3 writeNumber(String) row).
		{`1000000000000000000`, "3A 29 0A 01 25 37 41 36 59 69 6C 40 00 80", compat.FromJSONOptions{}},
		{`1000000000000000000`, "3A 29 0A 01 26 88 06 78 16 6B 1D 1D 48 00 00 00", compat.FromJSONOptions{BigIntegerFrom19Digits: true}},
		{`[9223372036854775807,-9223372036854775808,9223372036854775808]`,
			"3A 29 0A 01 F8 25 03 7F 7F 7F 7F 7F 7F 7F 7F BE 25 03 7F 7F 7F 7F 7F 7F 7F 7F BF 26 89 00 20 00 00 00 00 00 00 00 00 00 F9",
			compat.FromJSONOptions{}},
		{`[9223372036854775807,-9223372036854775808,9223372036854775808]`,
			"3A 29 0A 01 F8 26 88 3F 7F 7F 7F 7F 7F 7F 7F 7F 01 26 88 40 00 00 00 00 00 00 00 00 00 26 89 00 20 00 00 00 00 00 00 00 00 00 F9",
			compat.FromJSONOptions{BigIntegerFrom19Digits: true}},
		{`-100.25`, "3A 29 0A 01 2A 84 82 6C 35 03", compat.FromJSONOptions{DecimalsAsBigDecimal: true}},
		{`1E+3`, "3A 29 0A 01 2A 85 81 00 01", compat.FromJSONOptions{DecimalsAsBigDecimal: true}},
		{`-50.00000000125`, "3A 29 0A 01 2A 96 86 7D 5C 7B 0C 35 3E 03", compat.FromJSONOptions{DecimalsAsBigDecimal: true}},
		{`[{"abc":1},{"abc":2}]`, "F8 FA 82 61 62 63 C2 FB FA 40 C4 FB F9", compat.FromJSONOptions{Enc: smile.EncOptions{OmitHeader: true}}},
		{`["abcde12345","abcde12345"]`, "3A 29 0A 03 F8 49 61 62 63 64 65 31 32 33 34 35 01 F9", compat.FromJSONOptions{Enc: smile.EncOptions{SharedValues: true}}},
		{`null`, "3A 29 0A 01 21 FF", compat.FromJSONOptions{Enc: smile.EncOptions{EndMarker: true}}},
		{"{} []", "3A 29 0A 01 FA FB FF 3A 29 0A 01 F8 F9 FF", compat.FromJSONOptions{Enc: smile.EncOptions{EndMarker: true}}},
	} {
		got, err := compat.FromJSONBytes([]byte(tc.json), tc.opts)
		require.NoError(t, err, tc.json)
		require.Equal(t, golden.Hex(unhex(t, tc.hex)), golden.Hex(got), tc.json)
	}
}

func TestToJSONForms(t *testing.T) {
	for _, tc := range []struct {
		hex, json string
		opts      compat.ToJSONOptions
	}{
		{"3A 29 0A 01 2A 85 81 00 01", "1E+3\n", compat.ToJSONOptions{}},                                         // BigDecimal as Java prints it
		{"3A 29 0A 01 2A 86 81 7F 01", "-0.001\n", compat.ToJSONOptions{}},                                       // BigDecimal -0.001
		{"3A 29 0A 01 26 89 00 40 00 00 00 00 00 00 00 00 00", "18446744073709551616\n", compat.ToJSONOptions{}}, // 2^64
		{"3A 29 0A 01 28 04 0F 3E 37 26", "29.951\n", compat.ToJSONOptions{}},                                    // float32, shortest
		{"3A 29 0A 01 28 7C 0F 3E 37 26", "-29.951\n", compat.ToJSONOptions{}},                                   // Jackson 2.7.8 sign bits
		{"3A 29 0A 01 29 01 40 1E 7C 6E 4B 63 29 7D 7A", "-29.951\n", compat.ToJSONOptions{}},                    // float64
		// Doubles that are whole numbers stay floats, in Java's Double.toString layout as
		// Jackson writes them (bytes: the float64 layout of the digest's §5.2).
		{"3A 29 0A 01 29 00 3F 78 00 00 00 00 00 00 00", "1.0\n", compat.ToJSONOptions{}},
		{"3A 29 0A 01 29 01 00 00 00 00 00 00 00 00 00", "-0.0\n", compat.ToJSONOptions{}},
		{"3A 29 0A 01 29 00 00 00 00 00 00 00 00 00 00", "0.0\n", compat.ToJSONOptions{}},
		{"3A 29 0A 01 29 00 40 2C 40 00 00 00 00 00 00", "100.0\n", compat.ToJSONOptions{}},
		{"3A 29 0A 01 29 00 44 25 46 5C 4D 37 0B 5E 50", "1.0E21\n", compat.ToJSONOptions{}},
		{"3A 29 0A 01 E8 83 00 40 40 03", "\"AQID\"\n", compat.ToJSONOptions{}}, // binary as base64
		{"3A 29 0A 01 42 61 0A 22", "\"a\\n\\\"\"\n", compat.ToJSONOptions{}},   // escapes
		{"3A 29 0A 01 C2 FF 3A 29 0A 01 C4", "1\n2\n", compat.ToJSONOptions{}},  // two documents
		{"3A 29 0A 01 29 00 7F 7C 00 00 00 00 00 00 00", "\"NaN\"\n", compat.ToJSONOptions{NonFiniteAsStrings: true}},
		{"3A 29 0A 01 FA 80 61 F8 C2 F9 FB", "{\n  \"a\": [\n    1\n  ]\n}\n", compat.ToJSONOptions{Indent: "  "}},
	} {
		got, err := compat.ToJSONBytes(unhex(t, tc.hex), tc.opts)
		require.NoError(t, err, tc.hex)
		require.Equal(t, tc.json, string(got), tc.hex)
	}
}

func TestToJSONErrors(t *testing.T) {
	// NaN has no JSON form by default.
	_, err := compat.ToJSONBytes(unhex(t, "3A 29 0A 01 29 00 7F 7C 00 00 00 00 00 00 00"), compat.ToJSONOptions{})
	require.ErrorContains(t, err, "no JSON form")
	// Truncated input: a SyntaxError with an offset, wrapping io.ErrUnexpectedEOF.
	_, err = compat.ToJSONBytes(unhex(t, "3A 29 0A 01 FA 80 61"), compat.ToJSONOptions{})
	var se *smile.SyntaxError
	require.ErrorAs(t, err, &se)
	require.True(t, errors.Is(err, io.ErrUnexpectedEOF), "%v", err)
	// Depth limit.
	deep := append(unhex(t, "3A 29 0A 01"), bytes.Repeat([]byte{0xF8}, 20)...)
	_, err = compat.ToJSONBytes(deep, compat.ToJSONOptions{Dec: smile.DecOptions{MaxDepth: 10}})
	var le *smile.LimitError
	require.ErrorAs(t, err, &le)
}

func TestFromJSONErrors(t *testing.T) {
	for _, in := range []string{`{"a":`, `[1,]`, `{"a" 1}`, `nul`} {
		_, err := compat.FromJSONBytes([]byte(in), compat.FromJSONOptions{})
		require.Error(t, err, in)
	}
	_, err := compat.FromJSONBytes([]byte(strings.Repeat("[", 50)+strings.Repeat("]", 50)), compat.FromJSONOptions{MaxDepth: 10})
	var le *smile.LimitError
	require.ErrorAs(t, err, &le)
	require.Equal(t, "MaxDepth", le.Limit)
	_, err = compat.FromJSONBytes([]byte(`[12345678901]`), compat.FromJSONOptions{MaxNumberLen: 10})
	require.ErrorAs(t, err, &le)
	require.Equal(t, "MaxNumberLen", le.Limit)
	require.EqualError(t, err, "smile: MaxNumberLen exceeded at offset 1: input asks for 11, limit is 10; raise FromJSONOptions.MaxNumberLen only if the input is trusted")
	_, err = compat.FromJSONBytes([]byte(`1`), compat.FromJSONOptions{MaxNumberLen: -1})
	require.EqualError(t, err, "smile: FromJSONOptions.MaxNumberLen is -1; it must be 0 (the default, 2500) or positive")
	_, err = compat.FromJSONBytes([]byte(`1e99999999999999`), compat.FromJSONOptions{DecimalsAsBigDecimal: true})
	require.ErrorContains(t, err, "scale")
}

// TestNoValue checks that FromJSON refuses JSON input with no value, as
// encoding/json's Unmarshal does ("unexpected end of JSON input"), and
// ToJSON Smile input with no value, as smile.Unmarshal does: a
// *smile.SyntaxError at the offset where the input ends, wrapping
// io.ErrUnexpectedEOF, and nothing written.
func TestNoValue(t *testing.T) {
	for _, c := range []struct {
		in     string
		offset int64
		held   string
	}{
		{"", 0, "the input is empty"},
		{" \r\n\t", 4, "the input holds only white space"},
	} {
		var v any
		require.Error(t, json.Unmarshal([]byte(c.in), &v), "encoding/json refuses %q", c.in)
		want := "smile: unexpected end of input: no value (" + c.held + ") at offset " + fmt.Sprint(c.offset)
		got, err := compat.FromJSONBytes([]byte(c.in), compat.FromJSONOptions{})
		require.EqualError(t, err, want, "%q", c.in)
		require.Empty(t, got)
		var se *smile.SyntaxError
		require.ErrorAs(t, err, &se)
		require.Equal(t, c.offset, se.Offset)
		require.ErrorIs(t, err, io.ErrUnexpectedEOF)
		var out bytes.Buffer
		err = compat.FromJSON(&out, iotest.OneByteReader(strings.NewReader(c.in)), compat.FromJSONOptions{})
		require.EqualError(t, err, want, "%q one byte at a time", c.in)
		require.Zero(t, out.Len())
	}
	for _, c := range []struct {
		hex    string
		opts   compat.ToJSONOptions
		offset int64
		held   string
	}{
		{"", compat.ToJSONOptions{}, 0, "the input is empty"},
		{"", compat.ToJSONOptions{Dec: smile.DecOptions{HeaderOptional: true}}, 0, "the input is empty"},
		{"3A290A01", compat.ToJSONOptions{}, 4, "the input holds only headers and end markers"},
		{"3A290A01 FF 3A290A00 FF", compat.ToJSONOptions{}, 10, "the input holds only headers and end markers"},
		{"FF", compat.ToJSONOptions{Dec: smile.DecOptions{HeaderOptional: true}}, 1, "the input holds only headers and end markers"},
	} {
		in := unhex(t, c.hex)
		var v any
		require.Error(t, smile.Unmarshal(in, &v), "smile.Unmarshal refuses %s", c.hex)
		want := "smile: unexpected end of input: no value (" + c.held + ") at offset " + fmt.Sprint(c.offset)
		got, err := compat.ToJSONBytes(in, c.opts)
		require.EqualError(t, err, want, c.hex)
		require.Empty(t, got)
		require.ErrorIs(t, err, io.ErrUnexpectedEOF)
		var out bytes.Buffer
		err = compat.ToJSON(&out, iotest.OneByteReader(bytes.NewReader(in)), c.opts)
		require.EqualError(t, err, want, "%s one byte at a time", c.hex)
		require.Zero(t, out.Len())
	}
}

// The streaming converters keep memory flat: a large JSON array streams
// through FromJSON and ToJSON without the whole document in memory.
func TestStreamingLargeInput(t *testing.T) {
	const n = 200000
	r := io.MultiReader(strings.NewReader("["), &repeatReader{s: `{"id":12345,"name":"a name","tags":["x","y"]},`, n: n}, strings.NewReader(`0]`))
	var sm bytes.Buffer
	require.NoError(t, compat.FromJSON(&sm, r, compat.FromJSONOptions{}))
	var js countingWriter
	require.NoError(t, compat.ToJSON(&js, &sm, compat.ToJSONOptions{}))
	require.Greater(t, js.n, int64(n*40))
}

type repeatReader struct {
	s   string
	n   int
	buf []byte
}

func (r *repeatReader) Read(p []byte) (int, error) {
	if len(r.buf) == 0 {
		if r.n == 0 {
			return 0, io.EOF
		}
		r.n--
		r.buf = []byte(r.s)
	}
	k := copy(p, r.buf)
	r.buf = r.buf[k:]
	return k, nil
}

type countingWriter struct{ n int64 }

func (w *countingWriter) Write(p []byte) (int, error) { w.n += int64(len(p)); return len(p), nil }
