package stream

import "io"

// Reader reads Smile tokens, zero-copy from a []byte (NewReader) or
// buffered from an io.Reader (NewStreamReader). Its pull API follows
// encoding/json/jsontext: PeekKind, ReadToken, SkipValue, Depth and
// InputOffset. A Reader is not safe for concurrent use.
//
// Documents follow one another: a header in the middle of the input starts
// a new section (tables emptied, its flags applied), the 0xFF end marker is
// returned as a KindEndOfDocument token, and the end of the input at the
// root level is io.EOF. Every other failure is a *SyntaxError or a
// *LimitError with the byte offset; truncated input wraps
// io.ErrUnexpectedEOF.
type Reader struct {
	// implementation: see reader.go's owner
}

// NewReader returns a Reader over data. Token bytes alias data.
// It returns an error only for invalid options.
func NewReader(data []byte, opts ReaderOptions) (*Reader, error) { panic("unimplemented") }

// NewStreamReader returns a Reader that reads from r through an internal
// buffer. Lengths in the input are checked against the limits in opts
// before anything is allocated.
func NewStreamReader(r io.Reader, opts ReaderOptions) (*Reader, error) { panic("unimplemented") }

// Reset makes the Reader read data from its start, with empty tables and
// the same options, as if it were new.
func (r *Reader) Reset(data []byte) { panic("unimplemented") }

// PeekKind returns the kind of the next token without consuming it. At the
// end of the input at the root level it returns io.EOF.
func (r *Reader) PeekKind() (Kind, error) { panic("unimplemented") }

// ReadToken reads the next token. At the end of the input at the root
// level it returns io.EOF. The token's bytes are valid until the next call
// on the Reader.
func (r *Reader) ReadToken() (Token, error) { panic("unimplemented") }

// SkipValue skips the next value, including a whole array or object. When
// the next token is a key, it skips the key and its value.
func (r *Reader) SkipValue() error { panic("unimplemented") }

// ReadBinaryTo copies the next token, which must be a binary value, to w
// without holding the whole payload in memory, and returns the number of
// payload bytes written.
func (r *Reader) ReadBinaryTo(w io.Writer) (int64, error) { panic("unimplemented") }

// Depth returns the number of open arrays and objects.
func (r *Reader) Depth() int { panic("unimplemented") }

// InputOffset returns the offset of the next unread byte.
func (r *Reader) InputOffset() int64 { panic("unimplemented") }
