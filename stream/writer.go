package stream

import (
	"io"
	"math/big"
)

// Writer appends Smile tokens to a byte slice, choosing the same token
// forms as Jackson's SmileGenerator. The header is written before the first
// token of each document. A Writer is not safe for concurrent use.
//
// Every method that writes a token returns a *WriterError when the token
// is not allowed where it stands (a key where a value is due, a value where
// a key is due, an end that does not match the open container).
type Writer struct {
	// implementation: see writer.go's owner
}

// NewWriter returns a Writer that appends to an internal buffer, read with
// Bytes. It returns an error for the option combinations Jackson refuses.
func NewWriter(opts WriterOptions) (*Writer, error) { panic("unimplemented") }

// NewWriterTo returns a Writer whose buffered bytes are written to w by
// Flush, and automatically while large binary values stream through
// WriteBinaryFrom.
func NewWriterTo(w io.Writer, opts WriterOptions) (*Writer, error) { panic("unimplemented") }

// Reset discards the Writer's state (tables, nesting, document position)
// and makes it append to dst[:len(dst)] from now on, keeping its options.
func (w *Writer) Reset(dst []byte) { panic("unimplemented") }

// Bytes returns the bytes written (and not yet flushed). The slice aliases
// the Writer's buffer.
func (w *Writer) Bytes() []byte { panic("unimplemented") }

// Flush writes the buffered bytes to the io.Writer given to NewWriterTo and
// empties the buffer. Without an io.Writer it does nothing.
func (w *Writer) Flush() error { panic("unimplemented") }

// Depth returns the number of open arrays and objects.
func (w *Writer) Depth() int { panic("unimplemented") }

// EndDocument ends the current document: it writes the end marker when
// WriterOptions.EndMarker is set, and the next token starts a new document
// with a new header and empty tables. It is an error while an array or
// object is open. Calling it before any token writes an empty document
// (the header, and the end marker if enabled).
func (w *Writer) EndDocument() error { panic("unimplemented") }

// WriteNull writes null.
func (w *Writer) WriteNull() error { panic("unimplemented") }

// WriteBool writes true or false.
func (w *Writer) WriteBool(v bool) error { panic("unimplemented") }

// WriteInt writes v in the smallest integer form, as Jackson's
// writeNumber(long): a small int for -16..15, otherwise int32 when v fits
// 32 bits, otherwise int64.
func (w *Writer) WriteInt(v int64) error { panic("unimplemented") }

// WriteUint writes v as WriteInt does when v <= math.MaxInt64, and as a
// BigInteger above.
func (w *Writer) WriteUint(v uint64) error { panic("unimplemented") }

// WriteBigInt writes v as a BigInteger (0x26), whatever its magnitude, as
// Jackson's writeNumber(BigInteger) does. A nil v writes null.
func (w *Writer) WriteBigInt(v *big.Int) error { panic("unimplemented") }

// WriteFloat32 writes v as a float32 token with its exact bits.
func (w *Writer) WriteFloat32(v float32) error { panic("unimplemented") }

// WriteFloat64 writes v as a float64 token with its exact bits.
func (w *Writer) WriteFloat64(v float64) error { panic("unimplemented") }

// WriteBigDecimal writes the decimal unscaled × 10^(−scale) as a
// BigDecimal token. A nil unscaled writes null.
func (w *Writer) WriteBigDecimal(unscaled *big.Int, scale int32) error { panic("unimplemented") }

// WriteString writes a string value, or a shared-value reference when
// shared values are enabled and s was written before. s must be valid
// UTF-8; otherwise WriteString returns an error and writes nothing.
func (w *Writer) WriteString(s string) error { panic("unimplemented") }

// WriteStringBytes is WriteString for UTF-8 held in a byte slice.
func (w *Writer) WriteStringBytes(s []byte) error { panic("unimplemented") }

// WriteBinary writes b as a binary value: 7-bit encoded (0xE8) by default,
// raw (0xFD) with WriterOptions.RawBinary.
func (w *Writer) WriteBinary(b []byte) error { panic("unimplemented") }

// WriteBinaryFrom writes a binary value of exactly n bytes read from r,
// without holding the whole payload when the Writer has an io.Writer (see
// NewWriterTo). It fails if r ends before n bytes.
func (w *Writer) WriteBinaryFrom(r io.Reader, n int64) error { panic("unimplemented") }

// WriteKey writes a property name, or a shared-name reference when shared
// names are enabled and name was written before in this document. It is
// allowed only inside an object, where a name is due. name must be valid
// UTF-8.
func (w *Writer) WriteKey(name string) error { panic("unimplemented") }

// WriteKeyBytes is WriteKey for a name held in a byte slice.
func (w *Writer) WriteKeyBytes(name []byte) error { panic("unimplemented") }

// WriteStartObject starts an object; keys and values then alternate.
func (w *Writer) WriteStartObject() error { panic("unimplemented") }

// WriteEndObject ends the innermost object. It is an error when the
// innermost container is not an object or a value is due after a key.
func (w *Writer) WriteEndObject() error { panic("unimplemented") }

// WriteStartArray starts an array.
func (w *Writer) WriteStartArray() error { panic("unimplemented") }

// WriteEndArray ends the innermost array.
func (w *Writer) WriteEndArray() error { panic("unimplemented") }
