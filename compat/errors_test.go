package compat_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/stretchr/testify/require"

	"github.com/go-smile/smile"
	"github.com/go-smile/smile/compat"
)

// TestToJSONErrorHints checks the whole text of ToJSON's errors that
// advise an option: they name the field of ToJSONOptions to set, over
// ToJSON and ToJSONBytes alike.
func TestToJSONErrorHints(t *testing.T) {
	for _, c := range []struct {
		name string
		in   string // hex
		opts compat.ToJSONOptions
		want string
	}{
		{"no header", "FA FB", compat.ToJSONOptions{},
			"smile: input does not start with the Smile header (first byte 0xFA) at offset 0; set ToJSONOptions.Dec.HeaderOptional to read headerless Smile"},
		{"JSON", "7B 7D", compat.ToJSONOptions{},
			"smile: input does not start with the Smile header (first byte 0x7B) at offset 0; the input starts with '{': JSON text, not Smile; " +
				"over HTTP, ask for Smile with Accept: application/x-jackson-smile (or application/smile) and check the response's Content-Type; for a JSON file, convert it with compat.FromJSON"},
		{"MaxDepth", "3A 29 0A 00 F8 F8 F8 F9 F9 F9", compat.ToJSONOptions{Dec: smile.DecOptions{MaxDepth: 2}},
			"smile: MaxDepth exceeded at offset 6: input asks for 3, limit is 2; raise ToJSONOptions.Dec.MaxDepth only if the input is trusted"},
		{"MaxStringLen", "3A 29 0A 00 44 61 62 63 64 65", compat.ToJSONOptions{Dec: smile.DecOptions{MaxStringLen: 3}},
			"smile: MaxStringLen exceeded at offset 4: input asks for 5, limit is 3; raise ToJSONOptions.Dec.MaxStringLen only if the input is trusted"},
		{"NaN", "3A 29 0A 01 29 00 7F 7C 00 00 00 00 00 00 00", compat.ToJSONOptions{},
			"smile: float NaN at offset 4 has no JSON form; set ToJSONOptions.NonFiniteAsStrings to write it as a string"},
		{"invalid limit", "3A 29 0A 00 21", compat.ToJSONOptions{Dec: smile.DecOptions{MaxDepth: -1}},
			"smile: ToJSONOptions.Dec.MaxDepth is -1; it must be 0 (the default, 1000) or positive"},
	} {
		t.Run(c.name, func(t *testing.T) {
			in := unhex(t, c.in)
			_, err := compat.ToJSONBytes(in, c.opts)
			require.EqualError(t, err, c.want, "ToJSONBytes")
			err = compat.ToJSON(io.Discard, bytes.NewReader(in), c.opts)
			require.EqualError(t, err, c.want, "ToJSON")
		})
	}
}

func TestFromJSONErrorHints(t *testing.T) {
	_, err := compat.FromJSONBytes([]byte("[[[1]]]"), compat.FromJSONOptions{MaxDepth: 2})
	// The third bracket, at offset 2, is one too deep.
	require.EqualError(t, err, "smile: MaxDepth exceeded at offset 2: input asks for 3, limit is 2; raise FromJSONOptions.MaxDepth only if the input is trusted")
	var le *smile.LimitError
	require.True(t, errors.As(err, &le))
	require.Equal(t, "MaxDepth", le.Limit)
	require.Equal(t, [3]int64{2, 2, 3}, [3]int64{le.Offset, le.Max, le.Got})
	// After white space, the offset is still the bracket's.
	_, err = compat.FromJSONBytes([]byte(" [ [\n [1]]]"), compat.FromJSONOptions{MaxDepth: 2})
	require.True(t, errors.As(err, &le))
	require.Equal(t, int64(6), le.Offset)

	// A document our own Marshal could nest to the default depth passes.
	ok := strings.Repeat("[", smile.DefaultMaxDepth) + strings.Repeat("]", smile.DefaultMaxDepth)
	_, err = compat.FromJSONBytes([]byte(ok), compat.FromJSONOptions{})
	require.NoError(t, err)

	_, err = compat.FromJSONBytes([]byte("[]"), compat.FromJSONOptions{MaxDepth: -1})
	require.EqualError(t, err, "smile: FromJSONOptions.MaxDepth is -1; it must be 0 (the default, 1000) or positive")

	_, err = compat.FromJSONBytes([]byte("[]"), compat.FromJSONOptions{Enc: smile.EncOptions{OmitHeader: true, RawBinary: true}})
	require.EqualError(t, err, "smile: inconsistent options: FromJSONOptions.Enc.OmitHeader with FromJSONOptions.Enc.RawBinary (a headerless reader assumes no raw binary)")
}

// TestFromJSONOverflow checks number literals beyond the float64 range.
// By default FromJSON refuses one that would be written as a float64 (an
// *OverflowError at the literal's first byte, whose text names both
// options that accept it), as encoding/json's Unmarshal refuses it. With
// AllowOverflowToInfinity it is ±Inf, and with DecimalsAsBigDecimal an
// exact BigDecimal; the expected bytes are Jackson's (2.18.3 and 2.19):
// JsonParser + SmileGenerator.copyCurrentEvent for the floats, and
// SmileGenerator.writeNumber(new BigDecimal(literal)) for the BigDecimals.
// The literals encoding/json accepts stay accepted by default: those too
// small for float64 (0 and -0, as Java's Double.parseDouble gives them)
// and integer literals of any size (a BigInteger).
func TestFromJSONOverflow(t *testing.T) {
	for _, c := range []struct {
		in, lit string
		offset  int64
		want    string
	}{
		{`{"a":1e400}`, "1e400", 5, "smile: JSON number 1e400 at offset 5 is beyond the float64 range (as a float64 it is +Inf, which JSON has no number for); " +
			"set FromJSONOptions.DecimalsAsBigDecimal to write it exactly, as a BigDecimal, or set FromJSONOptions.AllowOverflowToInfinity to write +Inf, as Jackson does"},
		{"[1,\n -1e400]", "-1e400", 5, "smile: JSON number -1e400 at offset 5 is beyond the float64 range (as a float64 it is -Inf, which JSON has no number for); " +
			"set FromJSONOptions.DecimalsAsBigDecimal to write it exactly, as a BigDecimal, or set FromJSONOptions.AllowOverflowToInfinity to write -Inf, as Jackson does"},
		// Just past the largest float64 by more than half an ULP.
		{`1.7976931348623159e308`, `1.7976931348623159e308`, 0, "smile: JSON number 1.7976931348623159e308 at offset 0 is beyond the float64 range (as a float64 it is +Inf, which JSON has no number for); " +
			"set FromJSONOptions.DecimalsAsBigDecimal to write it exactly, as a BigDecimal, or set FromJSONOptions.AllowOverflowToInfinity to write +Inf, as Jackson does"},
		// A long literal is cut in the text, not in the error's field.
		{"[1" + strings.Repeat("0", 400) + ".5]", "1" + strings.Repeat("0", 400) + ".5", 1, "smile: JSON number 1" + strings.Repeat("0", 39) + "… (403 bytes) at offset 1 is beyond the float64 range (as a float64 it is +Inf, which JSON has no number for); " +
			"set FromJSONOptions.DecimalsAsBigDecimal to write it exactly, as a BigDecimal, or set FromJSONOptions.AllowOverflowToInfinity to write +Inf, as Jackson does"},
	} {
		var v any
		require.Error(t, json.Unmarshal([]byte(c.in), &v), "encoding/json refuses %s", c.in)
		_, err := compat.FromJSONBytes([]byte(c.in), compat.FromJSONOptions{})
		require.EqualError(t, err, c.want, c.in)
		var oe *compat.OverflowError
		require.ErrorAs(t, err, &oe, c.in)
		require.Equal(t, c.offset, oe.Offset, c.in)
		require.Equal(t, c.lit, oe.Literal, c.in)
		// The same read one byte at a time.
		err = compat.FromJSON(io.Discard, iotest.OneByteReader(strings.NewReader(c.in)), compat.FromJSONOptions{})
		require.EqualError(t, err, c.want, c.in)
	}

	for _, c := range []struct {
		in, want string
		opts     compat.FromJSONOptions
	}{
		{`{"a":1e400}`, "3A 29 0A 01 FA 80 61 29 00 7F 78 00 00 00 00 00 00 00 FB", compat.FromJSONOptions{AllowOverflowToInfinity: true}},
		{`-1e400`, "3A 29 0A 01 29 01 7F 78 00 00 00 00 00 00 00", compat.FromJSONOptions{AllowOverflowToInfinity: true}},
		{`1.7976931348623159e308`, "3A 29 0A 01 29 00 7F 78 00 00 00 00 00 00 00", compat.FromJSONOptions{AllowOverflowToInfinity: true}},
		{`1.7976931348623157e308`, "3A 29 0A 01 29 00 7F 77 7F 7F 7F 7F 7F 7F 7F", compat.FromJSONOptions{}}, // the largest float64
		{`1e400`, "3A 29 0A 01 2A 0C 9F 81 00 01", compat.FromJSONOptions{DecimalsAsBigDecimal: true}},
		{`-1e400`, "3A 29 0A 01 2A 0C 9F 81 7F 01", compat.FromJSONOptions{DecimalsAsBigDecimal: true}},
		{`1e-400`, "3A 29 0A 01 29 00 00 00 00 00 00 00 00 00 00", compat.FromJSONOptions{}},
		{`-1e-400`, "3A 29 0A 01 29 01 00 00 00 00 00 00 00 00 00", compat.FromJSONOptions{}},
		{`123456789012345678901234567890`, "3A 29 0A 01 26 8D 00 63 5D 10 7F 5B 06 73 70 3B 49 63 78 2B 12", compat.FromJSONOptions{}},
	} {
		got, err := compat.FromJSONBytes([]byte(c.in), c.opts)
		require.NoError(t, err, c.in)
		require.Equal(t, unhex(t, c.want), got, "%s with %+v", c.in, c.opts)
	}
}
