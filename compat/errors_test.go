package compat_test

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"

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
			"smile: input does not start with the Smile header (first byte 0x7B) at offset 0; the input looks like JSON text, not Smile: convert it with compat.FromJSON"},
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
