package stream

import (
	"encoding/binary"
	"io"
	"slices"
	"strconv"
)

// Writer appends Smile tokens to a byte slice, choosing the same token
// forms as Jackson's SmileGenerator. The header is written before the first
// token of each document. A Writer is not safe for concurrent use.
//
// Every method that writes a token returns a *WriterError when the token
// is not allowed where it stands (a key where a value is due, a value where
// a key is due, an end that does not match the open container). A token
// that is refused writes nothing and leaves the Writer as it was.
type Writer struct {
	buf []byte    // encoded bytes not yet flushed
	out io.Writer // destination of Flush; nil for NewWriter
	// outErr is the error of an automatic flush (see grow): the output
	// is incomplete, later bytes are dropped, and Flush returns it.
	outErr error
	opts   WriterOptions
	// header is the header of a document as a little-endian word, made
	// once by NewWriter; 0 with OmitHeader (a header's first byte is not
	// 0). (callgrind, the root package's BenchmarkCall/Marshal, Ir per
	// call in go-smile's own functions: 359 appending four bytes with
	// the flags made from the options, 351 so.)
	header uint32

	state writerState
	// outer holds, for each open container, innermost last, the state to
	// return to when it ends: stateKey in an object, stateArray in an
	// array, stateRoot at the root. Its length is the nesting depth.
	outer []writerState

	names  sharedTable // shared property names; used unless DisableSharedNames
	values sharedTable // shared string values; used with SharedValues

	scratch []byte // big-number bytes and WriteBinaryFrom chunks

	// into says that buf is the caller's (see export.WriteInto) and own
	// the Writer's buffer, set aside until TakeBytes, or until buf runs
	// out of room (see grow).
	into bool
	own  []byte

	// depthLimit, when not 0, is the nesting beyond which
	// WriteStartArray and WriteStartObject fail: the smile package's
	// EncOptions.MaxDepth while its encoder writes into w (see
	// export.LimitDepth), so that a method that writes its own arrays and
	// objects is bound by it too.
	depthLimit int
}

// writerState says which tokens may come next.
type writerState uint8

const (
	stateNewDocument writerState = iota // at the root, before the first token of a document
	stateRoot                           // at the root, inside a document: values follow one another
	stateArray                          // inside an array: a value or the end
	stateKey                            // inside an object: a key or the end
	stateValue                          // inside an object, after a key: a value

	// While a method writes the one value due where it was called (see
	// writer_seam.go): that value (stateOneDoc: with the header first),
	// then nothing (stateOneDone).
	stateOne
	stateOneDoc
	stateOneDone
)

// NewWriter returns a Writer that appends to an internal buffer, read with
// Bytes. It returns an error for the option combinations Jackson refuses.
func NewWriter(opts WriterOptions) (*Writer, error) {
	if err := opts.validate(); err != nil {
		return nil, err
	}
	w := &Writer{opts: opts}
	if !opts.OmitHeader {
		w.header = headerByte0 | headerByte1<<8 | headerByte2<<16 | uint32(opts.headerFlags())<<24
	}
	return w, nil
}

// NewWriterTo returns a Writer whose buffered bytes are written to w by
// Flush and, so that memory stays flat however much is written, by the
// Writer itself: when its buffer holds 32 KiB or more and is full, it
// writes the buffer out instead of growing it, and while large binary
// values stream through WriteBinaryFrom. Call Flush at the end for the
// rest. When an automatic write fails, the output is incomplete: the
// Writer drops what it writes from then on (keeping memory flat), and
// Flush returns the error.
func NewWriterTo(w io.Writer, opts WriterOptions) (*Writer, error) {
	wr, err := NewWriter(opts)
	if err != nil {
		return nil, err
	}
	wr.out = w
	return wr, nil
}

// Reset discards the Writer's state (tables, nesting, document position)
// and makes it append to dst[:len(dst)] from now on, keeping its options.
// A Writer made by NewWriterTo keeps its io.Writer.
func (w *Writer) Reset(dst []byte) {
	w.buf = dst
	w.into, w.own = false, nil
	w.state = stateNewDocument
	w.outer = w.outer[:0]
	w.names.reset()
	w.values.reset()
	w.outErr = nil
}

// Bytes returns the bytes written (and not yet flushed). The slice aliases
// the Writer's buffer.
func (w *Writer) Bytes() []byte { return w.buf }

// Flush writes the buffered bytes to the io.Writer given to NewWriterTo and
// empties the buffer. Without an io.Writer it does nothing. After a failed
// write the bytes not written stay in the buffer. After a failed automatic
// write (see NewWriterTo) it returns that error.
func (w *Writer) Flush() error {
	if w.outErr != nil {
		w.buf = w.buf[:0]
		return w.outErr
	}
	if w.out == nil || len(w.buf) == 0 {
		return nil
	}
	n, err := w.out.Write(w.buf)
	if n < len(w.buf) && err == nil {
		err = io.ErrShortWrite
	}
	w.buf = w.buf[:copy(w.buf, w.buf[n:])]
	return err
}

// Depth returns the number of open arrays and objects.
func (w *Writer) Depth() int { return len(w.outer) }

// EndDocument ends the current document: it writes the end marker when
// WriterOptions.EndMarker is set, and the next token starts a new document
// with a new header and empty tables. It is an error while an array or
// object is open. Calling it before any token writes an empty document
// (the header, and the end marker if enabled).
//
// With OmitHeader nothing in the output marks where the tables start
// again, so a reader must be given each document on its own.
func (w *Writer) EndDocument() error {
	switch w.state {
	case stateNewDocument:
		w.startDocument()
	case stateRoot:
	case stateOne, stateOneDoc, stateOneDone:
		return &WriterError{Msg: "cannot end the document inside a method that writes one value"}
	default:
		open := "1 array or object is"
		if len(w.outer) > 1 {
			open = strconv.Itoa(len(w.outer)) + " arrays or objects are"
		}
		return &WriterError{Msg: "cannot end the document: " + open + " still open"}
	}
	if w.opts.EndMarker {
		w.buf = append(w.buf, tokenEndOfData)
	}
	w.state = stateNewDocument
	w.names.reset()
	w.values.reset()
	return nil
}

// startDocument writes the header of a new document. The tables are
// already empty: EndDocument and Reset empty them.
func (w *Writer) startDocument() {
	if w.header != 0 {
		w.buf = binary.LittleEndian.AppendUint32(w.buf, w.header)
	}
}

// StartDocument starts the document whose first token is due, writing
// its header, as that token would (the root package's Marshal, whose
// Writer is always there): the value is then written as any value at the
// root of a document is. The Writer must be at the start of a document
// (after NewWriter, Reset or EndDocument). (callgrind, the root package's
// BenchmarkCall/Marshal and /MarshalAny, Ir per call in go-smile's own
// functions: 360 and 483 with the header written by the first token's
// beforeFirstValue, 351 and 472 so.)
func (export) StartDocument(w *Writer) {
	w.startDocument()
	w.state = stateRoot
}

// beforeValue checks that a value of kind k may be written now and moves
// the state past it, writing the header first at the start of a document.
// It changes nothing when it returns an error.
func (w *Writer) beforeValue(k Kind) error {
	switch w.state {
	case stateValue:
		w.state = stateKey
		return nil
	case stateArray, stateRoot:
		return nil
	}
	return w.beforeFirstValue(k)
}

// beforeFirstValue is beforeValue for the states that are not the usual
// place of a value: the start of a document, or where a key is due.
func (w *Writer) beforeFirstValue(k Kind) error {
	switch w.state {
	case stateNewDocument:
		w.startDocument()
		w.state = stateRoot
		return nil
	case stateOneDoc:
		w.startDocument()
		w.state = stateOneDone
		return nil
	case stateOne:
		w.state = stateOneDone
		return nil
	}
	return w.misplaced(k)
}

// canWriteValue reports whether a value may be written now, without
// changing anything; writers that may still fail after the check use it.
func (w *Writer) canWriteValue() bool { return w.state != stateKey && w.state != stateOneDone }

// misplaced returns the error for a token of kind k that is not allowed in
// the current state, saying what was expected instead.
func (w *Writer) misplaced(k Kind) error {
	var action string
	switch k {
	case KindStartObject:
		action = "start an object"
	case KindEndObject:
		action = "end an object"
	case KindStartArray:
		action = "start an array"
	case KindEndArray:
		action = "end an array"
	case KindNull, KindFalse, KindTrue:
		action = "write " + k.String()
	case KindInt:
		action = "write an integer"
	case KindBinary:
		action = "write a binary value"
	case KindInvalid: // any value (export.BeginOneValue)
		action = "write a value"
	default: // key, string, BigInteger, float32, float64, BigDecimal
		action = "write a " + k.String()
	}
	var expecting string
	switch w.state {
	case stateKey:
		expecting = "expecting a key or the end of the object"
	case stateValue:
		expecting = "expecting a value for the last key"
	case stateArray:
		expecting = "expecting a value or the end of the array"
	case stateOne, stateOneDoc:
		expecting = "expecting the one value a method lent this Writer writes"
	case stateOneDone:
		expecting = "the method lent this Writer has written its one value and may write nothing more"
	default:
		if k == KindEndObject || k == KindEndArray {
			return &WriterError{Msg: "cannot " + action + ": no array or object is open"}
		}
		expecting = "expecting a value at the root level"
	}
	return &WriterError{Msg: "cannot " + action + ", " + expecting}
}

// WriteNull writes null.
func (w *Writer) WriteNull() error { return w.writeByte(KindNull, tokenNull) }

// WriteBool writes true or false.
func (w *Writer) WriteBool(v bool) error {
	if v {
		return w.writeByte(KindTrue, tokenTrue)
	}
	return w.writeByte(KindFalse, tokenFalse)
}

// writeByte writes a value made of one token byte.
func (w *Writer) writeByte(k Kind, b byte) error {
	if err := w.beforeValue(k); err != nil {
		return err
	}
	w.buf = append(w.buf, b)
	return nil
}

// WriteStartObject starts an object; keys and values then alternate.
func (w *Writer) WriteStartObject() error {
	if w.depthLimit != 0 && len(w.outer) >= w.depthLimit {
		return w.tooDeep()
	}
	if err := w.beforeValue(KindStartObject); err != nil {
		return err
	}
	w.push()
	w.state = stateKey
	w.buf = append(w.buf, tokenStartObject)
	return nil
}

// WriteEndObject ends the innermost object. It is an error when the
// innermost container is not an object or a value is due after a key.
func (w *Writer) WriteEndObject() error {
	if w.state != stateKey {
		return w.misplaced(KindEndObject)
	}
	w.pop()
	w.buf = append(w.buf, tokenEndObject)
	return nil
}

// WriteStartArray starts an array.
func (w *Writer) WriteStartArray() error {
	if w.depthLimit != 0 && len(w.outer) >= w.depthLimit {
		return w.tooDeep()
	}
	if err := w.beforeValue(KindStartArray); err != nil {
		return err
	}
	w.push()
	w.state = stateArray
	w.buf = append(w.buf, tokenStartArray)
	return nil
}

// WriteEndArray ends the innermost array.
func (w *Writer) WriteEndArray() error {
	if w.state != stateArray {
		return w.misplaced(KindEndArray)
	}
	w.pop()
	w.buf = append(w.buf, tokenEndArray)
	return nil
}

// appendString appends s to w.buf through reserve, so that a Writer made
// by NewWriterTo writes its buffer out rather than growing it past
// autoFlushSize (see grow; w.buf = append(w.buf, s...) would grow it).
// It sets the length alone, with no GC write barrier for the slice's
// pointer, but that is not why it is here: against the plain append,
// go-smile's own Ir per Marshal is 0.5% higher (BIN=<bench test> N=20
// sh bench/callgrind.sh Marshal/twitter ...; append -> this: twitter
// 2.351M -> 2.364M, citm_catalog 4.965M -> 4.978M; with GOGC=100
// instead of off, twitter 2.354M -> 2.365M).
func (w *Writer) appendString(s string) {
	w.reserve(len(s))
	n := len(w.buf)
	w.buf = w.buf[:n+len(s)]
	copy(w.buf[n:], s)
}

// reserve makes room for n more bytes in w.buf, in place (see
// appendString).
func (w *Writer) reserve(n int) {
	if cap(w.buf)-len(w.buf) < n {
		w.grow(n)
	}
}

// grow is reserve's rare case, out of line so that the callers of
// reserve carry only the capacity check: its cost, 123, is past the
// inliner's budget of 80 (go build -gcflags=-m=2 ./stream, Go 1.26.8),
// so it needs no //go:noinline (go tool nm -size of the bench test
// binary shows every go-smile function the same size with and without
// one). A Writer made by NewWriterTo whose buffer holds autoFlushSize
// bytes or more writes them out instead of growing it: the bytes in the buffer are complete (every writer checks
// what it writes before it appends), and none of the callers of reserve
// keeps an index into the buffer across the call.
func (w *Writer) grow(n int) {
	if w.into { // the caller's buffer is full: on in w's own
		w.buf = append(w.own, w.buf...)
		w.into, w.own = false, nil
		if cap(w.buf)-len(w.buf) >= n {
			return
		}
	}
	if w.out != nil && len(w.buf) >= autoFlushSize {
		w.autoFlush()
		if cap(w.buf)-len(w.buf) >= n {
			return
		}
	}
	w.buf = slices.Grow(w.buf, n)
}

// autoFlushSize is the buffer length from which a Writer made by
// NewWriterTo writes its buffer out rather than growing it (see grow).
const autoFlushSize = 32 << 10

// autoFlush writes the buffer to w.out and empties it; after a failed
// write it keeps the error and drops the buffer's bytes.
func (w *Writer) autoFlush() {
	if w.outErr == nil {
		n, err := w.out.Write(w.buf)
		if err == nil && n < len(w.buf) {
			err = io.ErrShortWrite
		}
		w.outErr = err
	}
	w.buf = w.buf[:0]
}

// push records a new innermost container, started in the current state,
// which beforeValue has moved past the container: the state to return to
// when it ends. The stack is kept across Reset, so containers do not
// allocate.
// tooDeep is the error of an array or object beyond w.depthLimit.
func (w *Writer) tooDeep() error {
	return &WriterError{Msg: "an array or object nested deeper than " + strconv.Itoa(w.depthLimit) +
		" levels, the encoder's EncOptions.MaxDepth (at most smile.MaxDepthLimit)"}
}

func (w *Writer) push() { w.outer = append(w.outer, w.state) }

// pop closes the innermost container and restores the state of the one
// around it, where the container just closed was a complete value.
func (w *Writer) pop() {
	d := len(w.outer) - 1
	w.state = w.outer[d]
	w.outer = w.outer[:d]
}
