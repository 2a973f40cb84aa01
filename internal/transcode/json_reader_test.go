package transcode

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"
	"unicode/utf8"

	"github.com/go-smile/smile/stream"
	"github.com/stretchr/testify/require"
)

// readers are the ways the tests feed JSON to CopyFromJSON: whole, and
// split at every byte or at odd places, so that every token meets the end
// of the buffer somewhere.
var readers = map[string]func(io.Reader) io.Reader{
	"whole":    func(r io.Reader) io.Reader { return r },
	"one byte": iotest.OneByteReader,
	"half":     iotest.HalfReader,
	"data err": iotest.DataErrReader,
}

// fromJSON runs CopyFromJSON on in through wrap, with no header, and
// returns the Smile bytes.
func fromJSON(in string, wrap func(io.Reader) io.Reader, opts FromJSON) ([]byte, error) {
	var out bytes.Buffer
	w, err := stream.NewWriterTo(&out, stream.WriterOptions{OmitHeader: true})
	if err != nil {
		return nil, err
	}
	err = CopyFromJSON(w, wrap(strings.NewReader(in)), opts)
	return out.Bytes(), err
}

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

// TestStringUTF8 puts text in a JSON string, read whole and split: valid
// text comes back as it was, invalid text is an *InvalidUTF8Error at the
// first bad byte.
func TestStringUTF8(t *testing.T) {
	inputs := []string{
		"", "plain ascii", "caf\u00e9 \u20ac \U0001F600", // valid
		"a\xffb", "\xc0\xaf", "\xed\xa0\x80", "x\x80", // invalid in the middle
		"ends in half a rune \xe2\x82", "\xf0\x9f\x98", // cut before the closing quote
		"\xe2\x82\x41", // a start byte followed by ASCII
	}
	for _, in := range inputs {
		want := firstInvalid([]byte(in))
		for name, wrap := range readers {
			got, err := fromJSON(`"`+in+`"`, wrap, FromJSON{})
			if want < 0 {
				require.NoError(t, err, "%q %s", in, name)
				wantSmile, err := fromJSON(`"`+in+`"`, readers["whole"], FromJSON{})
				require.NoError(t, err)
				require.Equal(t, wantSmile, got, "%q %s", in, name)
				r, err := stream.NewReader(got, stream.ReaderOptions{HeaderOptional: true})
				require.NoError(t, err)
				tok, err := r.ReadToken()
				require.NoError(t, err)
				require.Equal(t, in, string(tok.Bytes()), "%q %s", in, name)
				continue
			}
			var bad *InvalidUTF8Error
			require.True(t, errors.As(err, &bad), "%q %s: %v", in, name, err)
			require.Equal(t, int64(1+want), bad.Offset, "%q %s", in, name)
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
		{"1 \xff", 2},       // after the value
		{"[1,\xc3\xa9]", 3}, // é is valid UTF-8, but no value: a syntax error
		{"{\xff:1}", 1},     // where a key is due
		{"12\xff", 2},       // right after a number
	} {
		w, err := stream.NewWriter(stream.WriterOptions{})
		require.NoError(t, err)
		err = WriteValue(w, []byte(c.in), FromJSON{})
		var bad *InvalidUTF8Error
		if c.in == "[1,\xc3\xa9]" {
			require.False(t, errors.As(err, &bad), "%q: %v", c.in, err)
			require.ErrorContains(t, err, "offset 3: 'é' where a value is due")
			continue
		}
		require.True(t, errors.As(err, &bad), "%q: %v", c.in, err)
		require.Equal(t, c.off, bad.Offset, "%q", c.in)
	}
}

// TestStringEscapes checks the text of escapes against encoding/json's
// reading of the same strings (lone surrogates become U+FFFD in both).
func TestStringEscapes(t *testing.T) {
	for _, lit := range []string{
		`"\u00e9\ud83d\ude00\/\b\f\n\r\t\"\\"`, `"\ud800"`, `"\udc00"`, `"\ud800x"`, `"\ud800\u0041"`,
		`"\ud800\ud800\udc00"`, `"\udbff\udfff"`, `"a\u0000b"`, `"\uABCDef"`, `"x\\"`,
	} {
		var want string
		require.NoError(t, json.Unmarshal([]byte(lit), &want), lit)
		for name, wrap := range readers {
			got, err := fromJSON(lit, wrap, FromJSON{})
			require.NoError(t, err, "%s %s", lit, name)
			r, err := stream.NewReader(got, stream.ReaderOptions{HeaderOptional: true})
			require.NoError(t, err)
			tok, err := r.ReadToken()
			require.NoError(t, err)
			require.Equal(t, want, string(tok.Bytes()), "%s %s", lit, name)
		}
	}
}

// TestSplitReadsAgree: every document gives the same Smile bytes and the
// same errors whether it is read whole, from a slice, or in pieces.
func TestSplitReadsAgree(t *testing.T) {
	docs := []string{
		`{"a":[1,-2,3.5,-0.0,1e21,12345678901234567890,true,false,null,"s",{},[]],"b":{"c":"\u00e9\n"}}`,
		` [ 0 , 1E+2 , -1.5e-3 , "x" ] `, `1 2 3`, `{}{}[]`, `"a" "b"`, `true`, `null`, `-0`, `0.5`,
		`{"` + strings.Repeat("k", 200) + `":"` + strings.Repeat("v\u20ac", 40000) + `"}`, // past the buffer
		// Errors.
		`[1,]`, `{"a" 1}`, `{"a":}`, `nul`, `nulll`, `[tru]`, `01`, `1.`, `1e`, `-`, `.5`, `[1 2]`, `{,}`, `[,1]`,
		`{"a":1,}`, `"\x"`, `"\u12"`, `"\u12G4"`, "\"a\x01\"", `[`, `{"a"`, `"abc`, `{"a":1`, `]`, `}`, `+1`,
		`truex`, `1x`, `[1}`, `{"a":1]`,
	}
	for _, doc := range docs {
		want, wantErr := fromJSON(doc, readers["whole"], FromJSON{})
		for name, wrap := range readers {
			got, err := fromJSON(doc, wrap, FromJSON{})
			if wantErr != nil {
				require.EqualError(t, err, wantErr.Error(), "%.40q %s", doc, name)
				continue
			}
			require.NoError(t, err, "%.40q %s", doc, name)
			require.Equal(t, want, got, "%.40q %s", doc, name)
		}
		// WriteValue on the slice agrees on documents of one value.
		if wantErr == nil && strings.Count(doc, " ") < 2 && doc != `{}{}[]` && doc != `"a" "b"` {
			w, err := stream.NewWriter(stream.WriterOptions{OmitHeader: true})
			require.NoError(t, err)
			require.NoError(t, WriteValue(w, []byte(doc), FromJSON{}), "%.40q", doc)
			require.NoError(t, w.EndDocument())
			require.Equal(t, want, w.Bytes(), "%.40q", doc)
		}
	}
}

// TestJSONSyntaxErrors checks the offset and the message of each kind of
// error, and that encoding/json refuses the same inputs.
func TestJSONSyntaxErrors(t *testing.T) {
	for _, c := range []struct{ in, msg string }{
		{`[1,]`, "offset 3: ']' where a value is due"},
		{`{"a" 1}`, `offset 5: '1' where ':' is due`},
		{`{"a":}`, "offset 5: '}' where a value is due"},
		{`nul`, "ends inside a value at offset 3"},
		{`nulx`, `offset 3: 'x' where 'l' (in null) is due`},
		{`[tru]`, `offset 4: ']' where 'e' (in true) is due`},
		{`truex`, `offset 4: 'x' where a delimiter after true is due`},
		{`01`, `offset 1: invalid number: '1' after 0`},
		{`1.`, "offset 2: invalid number: a digit is due after the point"},
		{`[1.]`, "offset 3: invalid number: a digit is due after the point"},
		{`1e+`, "offset 3: invalid number: a digit is due in the exponent"},
		{`-`, "offset 1: invalid number: a digit is due"},
		{`[-x]`, "offset 2: invalid number: a digit is due"},
		{`1x`, "offset 1: invalid number: a delimiter is due after it"},
		{`.5`, "offset 0: '.' where a value is due"},
		{`+1`, "offset 0: '+' where a value is due"},
		{`[1 2]`, `offset 3: '2' where ',' or ']' is due`},
		{`{"a":1]`, `offset 6: ']' where ',' or '}' is due`},
		{`{,}`, "offset 1: ',' where a string (a key) is due"},
		{`"\x"`, `offset 2: invalid escape \x`},
		{`"\u12G4"`, `offset 5: four hex digits are due after \u`},
		{"\"a\x01\"", "offset 2: control character 0x01 in a string (escape it)"},
		{"[\x00]", "offset 1: byte 0x00 where a value is due"},
		{"[1,\u00e9]", "offset 3: 'é' where a value is due"}, // not invalid UTF-8, even split
		{`"abc`, "ends inside a value at offset 4"},
		{`{"a":1`, "ends inside a value at offset 6"},
		{`]`, "offset 0: ']' where a value is due"},
	} {
		for name, wrap := range readers {
			_, err := fromJSON(c.in, wrap, FromJSON{})
			require.ErrorContains(t, err, c.msg, "%q %s", c.in, name)
		}
		var v any
		require.Error(t, json.Unmarshal([]byte(c.in), &v), "encoding/json accepts %q", c.in)
	}
}
