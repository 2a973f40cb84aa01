package transcode

import (
	"bytes"
	"errors"
	"io"
	"testing"
	"testing/iotest"
	"unicode/utf8"

	"github.com/go-smile/smile/stream"
	"github.com/stretchr/testify/require"
)

// firstInvalid returns the offset of the first byte of b that is not part
// of valid UTF-8, or -1, using only the standard library's decoder.
func firstInvalid(b []byte) int {
	for i := 0; i < len(b); {
		r, size := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && size == 1 {
			return i
		}
		i += size
	}
	return -1
}

func TestUTF8Reader(t *testing.T) {
	inputs := []string{
		"", "plain ascii", "caf\u00e9 \u20ac \U0001F600", // valid
		"a\xffb", "\xc0\xaf", "\xed\xa0\x80", "x\x80", // invalid in the middle
		"ends in half a rune \xe2\x82", "\xf0\x9f\x98", // cut at the end
		"\xe2\x82\x41", // a start byte followed by ASCII
	}
	for _, in := range inputs {
		want := firstInvalid([]byte(in))
		for name, wrap := range map[string]func(io.Reader) io.Reader{
			"whole":    func(r io.Reader) io.Reader { return r },
			"one byte": iotest.OneByteReader,
			"half":     iotest.HalfReader,
		} {
			got, err := io.ReadAll(&utf8Reader{src: wrap(bytes.NewReader([]byte(in)))})
			if want < 0 {
				require.NoError(t, err, "%q %s", in, name)
				require.Equal(t, in, string(got), "%q %s", in, name)
				continue
			}
			var bad *InvalidUTF8Error
			require.True(t, errors.As(err, &bad), "%q %s: %v", in, name, err)
			require.Equal(t, int64(want), bad.Offset, "%q %s", in, name)
			require.Equal(t, in[:want], string(got), "%q %s: only the valid prefix passes", in, name)
		}
	}
}

func TestWriteValueRefusesInvalidUTF8(t *testing.T) {
	for _, c := range []struct {
		in  string
		off int64
	}{
		{"{\"k\":\"ab\xffc\"}", 8}, // {"k":"ab is 8 bytes
		{"[\"\xe2\x82\"]", 2},
		{"1 \xff", 2}, // after the value
	} {
		w, err := stream.NewWriter(stream.WriterOptions{})
		require.NoError(t, err)
		err = WriteValue(w, []byte(c.in), FromJSON{})
		var bad *InvalidUTF8Error
		require.True(t, errors.As(err, &bad), "%q: %v", c.in, err)
		require.Equal(t, c.off, bad.Offset, "%q", c.in)
	}
}
