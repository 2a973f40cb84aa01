package stream_test

import (
	"bytes"
	"errors"
	"io"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/go-smile/smile/stream"
)

// rdFirstError reads in until an error and returns it, over a []byte
// Reader and over a streaming one, after checking that both agree.
func rdFirstError(t *testing.T, in []byte, opts stream.ReaderOptions) error {
	t.Helper()
	var errs [2]error
	for i, mk := range []func() (*stream.Reader, error){
		func() (*stream.Reader, error) { return stream.NewReader(in, opts) },
		func() (*stream.Reader, error) { return stream.NewReaderFrom(bytes.NewReader(in), opts) },
	} {
		r, err := mk()
		require.NoError(t, err)
		for err == nil {
			_, err = r.ReadToken()
		}
		errs[i] = err
	}
	require.Equal(t, errs[0].Error(), errs[1].Error(), "bytes and stream Readers")
	return errs[0]
}

// TestErrorHints checks the whole text of the errors that advise an
// option: the offset comes first, then the advice, naming the option as
// the stream package spells it.
func TestErrorHints(t *testing.T) {
	// jsonAdvice is the advice for JSON text that starts with start, in
	// an API that converts JSON with fromJSON: what it is, then how to
	// get Smile over HTTP or from a file.
	jsonAdvice := func(start, fromJSON string) string {
		return "the input starts with " + start + ": JSON text, not Smile; over HTTP, ask for Smile with Accept: application/x-jackson-smile (or application/smile) " +
			"and check the response's Content-Type; for a JSON file, convert it with " + fromJSON
	}
	hdr := []byte{0x3A, 0x29, 0x0A, 0x00}
	with := func(b ...byte) []byte { return append(append([]byte{}, hdr...), b...) }
	for _, c := range []struct {
		name string
		in   []byte
		opts stream.ReaderOptions
		want string
	}{
		{"no header", []byte{0xFA, 0xFB}, stream.ReaderOptions{},
			"smile: input does not start with the Smile header (first byte 0xFA) at offset 0; set ReaderOptions.HeaderOptional to read headerless Smile"},
		{"JSON object", []byte(`{"a":1}`), stream.ReaderOptions{},
			"smile: input does not start with the Smile header (first byte 0x7B) at offset 0; " + jsonAdvice("'{'", "compat.FromJSON")},
		{"JSON array after white space", []byte(" \r\n\t[1]"), stream.ReaderOptions{},
			"smile: input does not start with the Smile header (first byte 0x20) at offset 0; " + jsonAdvice("white space and '['", "compat.FromJSON")},
		{"HTML error page", []byte("<!DOCTYPE html>\n<html><body>502 Bad Gateway"), stream.ReaderOptions{},
			"smile: input does not start with the Smile header (first byte 0x3C) at offset 0; the input starts with '<': HTML or XML, such as an error page, not Smile; " +
				"over HTTP, check the response's status and Content-Type, and ask for Smile with Accept: application/x-jackson-smile (or application/smile)"},
		{"XML after a newline", []byte("\n<?xml version=\"1.0\"?>"), stream.ReaderOptions{},
			"smile: input does not start with the Smile header (first byte 0x0A) at offset 0; the input starts with white space and '<': HTML or XML, such as an error page, not Smile; " +
				"over HTTP, check the response's status and Content-Type, and ask for Smile with Accept: application/x-jackson-smile (or application/smile)"},
		{"JSON string is not taken for JSON", []byte(`"a"`), stream.ReaderOptions{},
			"smile: input does not start with the Smile header (first byte 0x22) at offset 0; set ReaderOptions.HeaderOptional to read headerless Smile"},
		{"MaxDepth", with(0xF8, 0xF8, 0xF8), stream.ReaderOptions{MaxDepth: 2},
			"smile: MaxDepth exceeded at offset 6: input asks for 3, limit is 2; raise ReaderOptions.MaxDepth only if the input is trusted"},
		{"MaxStringLen", with(0x44, 'a', 'b', 'c', 'd', 'e'), stream.ReaderOptions{MaxStringLen: 3},
			"smile: MaxStringLen exceeded at offset 4: input asks for 5, limit is 3; raise ReaderOptions.MaxStringLen only if the input is trusted"},
		{"invalid UTF-8", with(0x80, 0xC3, 0x28), stream.ReaderOptions{},
			"smile: invalid UTF-8 in a string value (byte 0xC3) at offset 5; set ReaderOptions.AllowInvalidUTF8 to accept such bytes"},
		{"7-bit high bit", with(0xE8, 0x81, 0x7F, 0x80), stream.ReaderOptions{},
			"smile: invalid 7-bit encoded byte 0x80 in a 7-bit binary value (byte 0x80 has its high bit set) at offset 7; set ReaderOptions.Lenient7Bit to ignore the high bit, as Jackson does"},
	} {
		t.Run(c.name, func(t *testing.T) {
			err := rdFirstError(t, c.in, c.opts)
			require.EqualError(t, err, c.want)
			var se *stream.SyntaxError
			var le *stream.LimitError
			require.True(t, errors.As(err, &se) || errors.As(err, &le), "%T", err)
		})
	}
}

func TestOptionErrorNamesReaderOptions(t *testing.T) {
	_, err := stream.NewReader(nil, stream.ReaderOptions{MaxDepth: -1})
	require.EqualError(t, err, "smile: ReaderOptions.MaxDepth is -1; it must be 0 (the default, 1000) or positive")
	_, err = stream.NewReaderFrom(bytes.NewReader(nil), stream.ReaderOptions{MaxStringLen: -5})
	require.EqualError(t, err, "smile: ReaderOptions.MaxStringLen is -5; it must be 0 (the default, 67108864) or positive")
}

func TestWriterConflictNamesWriterOptions(t *testing.T) {
	_, err := stream.NewWriter(stream.WriterOptions{OmitHeader: true, SharedValues: true})
	require.EqualError(t, err, "smile: inconsistent options: WriterOptions.OmitHeader with WriterOptions.SharedValues (a headerless reader assumes no shared values)")
	_, err = stream.NewWriterTo(io.Discard, stream.WriterOptions{OmitHeader: true, RawBinary: true})
	require.EqualError(t, err, "smile: inconsistent options: WriterOptions.OmitHeader with WriterOptions.RawBinary (a headerless reader assumes no raw binary)")
}
