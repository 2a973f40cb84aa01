package smile

import (
	"bytes"
	"errors"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestErrorHintsNameDecOptions checks the whole text of the errors that
// advise an option: through Unmarshal and a Decoder they name DecOptions,
// not the stream package's ReaderOptions, and the type stays the stream
// package's.
func TestErrorHintsNameDecOptions(t *testing.T) {
	hdr := []byte{0x3A, 0x29, 0x0A, 0x00}
	with := func(b ...byte) []byte { return append(append([]byte{}, hdr...), b...) }
	for _, c := range []struct {
		name string
		in   []byte
		opts DecOptions
		want string
	}{
		{"no header", []byte{0xFA, 0xFB}, DecOptions{},
			"smile: input does not start with the Smile header (first byte 0xFA) at offset 0; set DecOptions.HeaderOptional to read headerless Smile"},
		{"JSON", []byte(`{"a":1}`), DecOptions{},
			"smile: input does not start with the Smile header (first byte 0x7B) at offset 0; the input starts with '{': JSON text, not Smile; " +
				"over HTTP, ask for Smile with Accept: application/x-jackson-smile (or application/smile) and check the response's Content-Type; for a JSON file, convert it with compat.FromJSON"},
		{"HTML", []byte("<html>"), DecOptions{},
			"smile: input does not start with the Smile header (first byte 0x3C) at offset 0; the input starts with '<': HTML or XML, such as an error page, not Smile; " +
				"over HTTP, check the response's status and Content-Type, and ask for Smile with Accept: application/x-jackson-smile (or application/smile)"},
		{"MaxDepth", with(0xF8, 0xF8, 0xF8, 0xF9, 0xF9, 0xF9), DecOptions{MaxDepth: 2},
			"smile: MaxDepth exceeded at offset 6: input asks for 3, limit is 2; raise DecOptions.MaxDepth only if the input is trusted"},
		{"MaxStringLen", with(0x44, 'a', 'b', 'c', 'd', 'e'), DecOptions{MaxStringLen: 3},
			"smile: MaxStringLen exceeded at offset 4: input asks for 5, limit is 3; raise DecOptions.MaxStringLen only if the input is trusted"},
		{"MaxContainerLen", with(0xF8, 0xC2, 0xC2, 0xC2, 0xF9), DecOptions{MaxContainerLen: 2},
			"smile: MaxContainerLen exceeded at offset 7: input asks for 3, limit is 2; raise DecOptions.MaxContainerLen only if the input is trusted"},
		{"invalid UTF-8", with(0x80, 0xC3, 0x28), DecOptions{},
			"smile: invalid UTF-8 in a string value (byte 0xC3) at offset 5; set DecOptions.AllowInvalidUTF8 to accept such bytes"},
	} {
		t.Run(c.name, func(t *testing.T) {
			m, err := c.opts.DecMode()
			require.NoError(t, err)
			var v any
			err = m.Unmarshal(c.in, &v)
			require.EqualError(t, err, c.want, "Unmarshal")
			var se *SyntaxError
			var le *LimitError
			require.True(t, errors.As(err, &se) || errors.As(err, &le), "%T", err)

			dec := m.NewDecoder(bytes.NewReader(c.in))
			err = dec.Decode(&v)
			require.EqualError(t, err, c.want, "Decoder.Decode")
			require.EqualError(t, dec.Decode(&v), c.want, "the Decoder's sticky error")
		})
	}
}

func TestDecModeErrorsNameDecOptions(t *testing.T) {
	for _, c := range []struct {
		opts DecOptions
		want string
	}{
		{DecOptions{MaxDepth: -1}, "smile: DecOptions.MaxDepth is -1; it must be 0 (the default, 1000) or positive"},
		{DecOptions{MaxDepth: 10001}, "smile: DecOptions.MaxDepth is 10001; it must be 0 (the default, 1000) or positive, at most 10000 (smile.MaxDepthLimit, which keeps decoding and encoding Go values, a recursion, within the stack)"},
		{DecOptions{MaxBigNumberLen: -2}, "smile: DecOptions.MaxBigNumberLen is -2; it must be 0 (the default, 1000) or positive"},
		{DecOptions{MaxContainerLen: -1}, "smile: DecOptions.MaxContainerLen is -1; it must be 0 (the default, 16777216) or positive"},
		{DecOptions{MaxExpansion: -1}, "smile: DecOptions.MaxExpansion is -1; it must be 0 (the default, 256) or positive (math.MaxInt for no bound)"},
	} {
		_, err := c.opts.DecMode()
		require.EqualError(t, err, c.want)
	}
}

// badSmileMarshaler returns a document with invalid UTF-8 in a string.
type badSmileMarshaler struct{}

func (badSmileMarshaler) MarshalSmile() ([]byte, error) {
	return []byte{0x3A, 0x29, 0x0A, 0x00, 0x80, 0xC3, 0x28}, nil
}

// TestMarshalerErrorGivesNoAdvice: Marshal reads back what MarshalSmile
// returns with options its caller cannot set, so the error names none.
func TestMarshalerErrorGivesNoAdvice(t *testing.T) {
	_, err := Marshal(badSmileMarshaler{})
	require.EqualError(t, err, "smile: error calling MarshalSmile for type smile.badSmileMarshaler: smile: invalid UTF-8 in a string value (byte 0xC3) at offset 5")
	var se *SyntaxError
	require.ErrorAs(t, err, &se)
}

func TestEncModeErrorsNameEncOptions(t *testing.T) {
	_, err := EncOptions{OmitHeader: true, SharedValues: true}.EncMode()
	require.EqualError(t, err, "smile: inconsistent options: EncOptions.OmitHeader with EncOptions.SharedValues (a headerless reader assumes no shared values)")
	_, err = Marshal("a\xffb")
	require.EqualError(t, err, `smile: unsupported value: invalid UTF-8 in string "a\xffb"; set EncOptions.ReplaceInvalidUTF8 to write each bad byte as U+FFFD`)
}
