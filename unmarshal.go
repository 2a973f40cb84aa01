package smile

import (
	"errors"
	"fmt"
	"io"
	"unsafe"

	"github.com/go-smile/smile/internal/hint"
	"github.com/go-smile/smile/stream"
)

// Unmarshal decodes the Smile document in data into the value v points
// to, with the default DecOptions. v must be a non-nil pointer.
//
// data must hold exactly one document: the header (required by default),
// one root value and, optionally, end markers. Values are stored as
// encoding/json's Unmarshal stores them; see the package documentation
// for the rules and for where Smile's richer types make a difference.
//
// A value that does not fit its Go type gives an *UnmarshalTypeError;
// decoding goes on with the rest of the input, and the first such error is
// returned. Malformed input gives a *SyntaxError and a limit exceeded a
// *LimitError, and decoding stops there.
func Unmarshal(data []byte, v any) error {
	return DecMode{}.Unmarshal(data, v)
}

// Valid reports whether data is one well-formed Smile document (header,
// one root value, optional end markers), within the default limits.
func Valid(data []byte) bool {
	return DecMode{}.Valid(data)
}

// Unmarshal is the package-level Unmarshal with the options of m.
func (m DecMode) Unmarshal(data []byte, v any) error {
	d, err := newDecodeState(m.config(), data)
	if err != nil {
		return decodeErr(err)
	}
	dec, p, err := d.rootDecoder(v)
	if err != nil {
		d.release()
		return err
	}
	err = d.value(dec, p, false)
	if err == io.EOF {
		err = &SyntaxError{Offset: d.r.InputOffset(), Msg: "unexpected end of input: no value", Err: io.ErrUnexpectedEOF}
	}
	if err == nil && d.r.InputOffset() != int64(len(data)) {
		err = d.checkEnd() // only end markers may follow the value
	}
	if err == nil {
		err = d.err
	}
	d.release()
	if err != nil {
		return decodeErr(err)
	}
	return nil
}

// Valid is the package-level Valid with the options of m.
func (m DecMode) Valid(data []byte) bool {
	d, err := newDecodeState(m.config(), data)
	if err != nil {
		return false
	}
	err = d.next()
	if err == nil && d.tok.Kind == stream.KindEndOfDocument {
		err = errNoValue
	}
	if err == nil {
		err = d.validate()
	}
	if err == nil {
		err = d.checkEnd()
	}
	d.release()
	return err == nil
}

// validate reads the rest of the value starting at d.tok, every token in
// full (so strings are checked as Unmarshal checks them), and enforces
// MaxContainerLen.
func (d *decodeState) validate() error {
	type open struct {
		object bool
		n      int
	}
	var stack []open
	limit := d.cfg.opts.MaxContainerLen
	for {
		k := d.tok.Kind
		if len(stack) > 0 {
			top := &stack[len(stack)-1]
			switch {
			case k == stream.KindEndArray || k == stream.KindEndObject:
				stack = stack[:len(stack)-1]
			case k == stream.KindKey || !top.object:
				if top.n++; top.n > limit {
					return d.containerLimit(top.n)
				}
			}
		}
		switch k {
		case stream.KindStartArray, stream.KindStartObject:
			stack = append(stack, open{object: k == stream.KindStartObject})
		case stream.KindEndOfDocument:
			return &SyntaxError{Offset: d.offset(), Msg: "unexpected end-of-document marker"}
		}
		if len(stack) == 0 {
			return nil
		}
		if err := d.next(); err != nil {
			return d.fatal(err)
		}
	}
}

var errNoValue = &SyntaxError{Msg: "no value"}

// checkEnd checks that only end markers (and headers) follow the root
// value. A value after a Smile header is a second document, which the
// Reader takes in its stride (it reads sequences of documents): the error
// says so, at the header's offset.
func (d *decodeState) checkEnd() error { return checkEndOf(d.r) }

// checkEndOf is checkEnd for any Reader positioned after a root value
// (Parse uses it too).
func checkEndOf(r *stream.Reader) error {
	header := int64(-1) // the offset of the first header after the root value
	for {
		off := r.InputOffset()
		if b := r.Buffered(); header < 0 && len(b) >= 3 && b[0] == ':' && b[1] == ')' && b[2] == '\n' {
			header = off
		}
		t, err := r.ReadToken()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		if t.Kind == stream.KindEndOfDocument {
			continue
		}
		if header >= 0 {
			return &SyntaxError{Offset: header, Msg: "the header of a second Smile document after the root value (Unmarshal reads one document; use a Decoder to read several)"}
		}
		return &SyntaxError{Offset: off, Msg: "unexpected " + t.Kind.String() + " after the root value (Unmarshal reads one document; use a Decoder for several)"}
	}
}

// Unmarshaler is implemented by types that decode themselves from Smile.
// UnmarshalSmile receives one value as a complete, standalone Smile
// document (header, value). It must copy the data if it keeps it after
// returning. UnmarshalerFrom, whose method reads tokens from a Reader
// instead of parsing a document, is checked first and costs less:
// Unmarshal of a value whose method reads two integers runs 40% of the
// instructions, with no allocation instead of 1 (BenchmarkMarshalerTo).
type Unmarshaler interface {
	UnmarshalSmile(data []byte) error
}

// UnmarshalDecode decodes the next value of r into the value v points to,
// with the default DecOptions; see DecMode.UnmarshalDecode.
func UnmarshalDecode(r *stream.Reader, v any) error {
	return DecMode{}.UnmarshalDecode(r, v)
}

// UnmarshalDecode decodes the next value of r into the value v points to,
// as Unmarshal decodes a document's root value, and leaves r just after
// that value. It is the way to read one element of a large array (or one
// member of a large object) at a time: r holds the document's shared-name
// and shared-value tables, so back-references to names and strings that
// came before the value resolve as they do when the whole document is
// decoded.
//
// At the root of the input (r.Depth() == 0) end markers before the value
// are skipped, and with no value left UnmarshalDecode returns io.EOF.
// Inside an array r must stand before an element, and inside an object
// after a key (read the key with r.ReadToken first): when
// the next token is the end of the array or object, or a key, it returns
// an error and consumes nothing. Check r.PeekKind before each element.
//
// The stream-level options are r's own, given when r was made (header
// required or optional, UTF-8 checks, MaxDepth and the length limits of
// strings, binary values and big numbers): m's DecOptions of the same
// names do not apply. A Reader whose MaxDepth is above MaxDepthLimit is
// refused with an error, since decoding into Go values recurses once per
// level of nesting. To read under m's rules, make r with
// m.NewReader or m.NewReaderFrom. All the other options of m apply as
// in Unmarshal, and DecOptions.MaxExpansion bounds what decoding
// allocates by the bytes of this value alone (with the same floor as a
// whole document).
// Error offsets are offsets in r's input; the field path of an
// *UnmarshalTypeError starts at the value decoded. After an
// *UnmarshalTypeError the rest of the value has been skipped and r may be
// read on; after a *SyntaxError, a *LimitError or a read error r stands
// inside the value and should not be read further.
//
// Decoding the values of one Reader with DecModes that differ in
// CaseSensitiveFields may match keys as the first mode did: use one mode
// per Reader.
func (m DecMode) UnmarshalDecode(r *stream.Reader, v any) error {
	if max := export.MaxDepth(r); max > MaxDepthLimit {
		// Decoding into Go values recurses once per level; r's limit
		// must keep that recursion within MaxDepthLimit levels.
		return fmt.Errorf("smile: UnmarshalDecode: the stream.Reader's ReaderOptions.MaxDepth is %d; decoding into Go values needs at most MaxDepthLimit (%d), which bounds its recursion: make the Reader with a lower MaxDepth (or with DecMode.ReaderOptions)", max, MaxDepthLimit)
	}
	d, ownR, ownCfg := borrowDecodeState(m.config(), r)
	dec, p, err := d.rootDecoder(v)
	if err != nil {
		d.giveBack(ownR, ownCfg)
		return err
	}
	err = d.streamValue(dec, p, "UnmarshalDecode", "the stream.Reader's PeekKind")
	if err == nil {
		err = d.err
	}
	d.giveBack(ownR, ownCfg)
	if err != nil && err != io.EOF {
		err = hint.Relabel(err, unmarshalDecodeVocab)
	}
	return err
}

// NewReader returns a stream.Reader over data with m's rules and limits,
// those Unmarshal reads with: HeaderOptional, MaxDepth, the length limits
// of strings, binary values and big numbers, the UTF-8 and 7-bit checks
// and KeepNamesAcrossHeaders of m's DecOptions. UnmarshalDecode reads from
// it as m.Unmarshal reads a document.
func (m DecMode) NewReader(data []byte) *stream.Reader {
	return validReader(stream.NewReader(data, m.ReaderOptions()))
}

// NewReaderFrom returns a stream.Reader that reads from r through an
// internal buffer, as stream.NewReaderFrom does, with m's rules and
// limits, as NewReader. A nil r gives a Reader whose reads fail with an
// error that says so (stream.NewReaderFrom returns that error at once).
func (m DecMode) NewReaderFrom(r io.Reader) *stream.Reader {
	if r == nil {
		r = nilReader{}
	}
	return validReader(stream.NewReaderFrom(r, m.ReaderOptions()))
}

// validReader returns the Reader a stream constructor made with a mode's
// options. The constructors fail only for invalid limits, which
// DecOptions.DecMode refused by calling stream.NewReader with the same
// options (newDecConfig), and for a nil io.Reader, which NewReaderFrom
// does not pass; so for a mode they cannot.
func validReader(r *stream.Reader, err error) *stream.Reader {
	if err != nil {
		panic("smile: the options of a valid DecMode were refused: " + err.Error()) // unreachable, see above
	}
	return r
}

// nilReader stands for the nil io.Reader given to DecMode.NewReaderFrom.
type nilReader struct{}

func (nilReader) Read([]byte) (int, error) {
	return 0, errors.New("smile: DecMode.NewReaderFrom was given a nil io.Reader")
}

// unmarshalDecodeVocab names the options in the errors of UnmarshalDecode:
// those of the caller's Reader as ReaderOptions fields, the others as
// DecOptions fields.
var unmarshalDecodeVocab = &hint.Vocabulary{
	Names: hint.Merge(
		hint.GoNames("ReaderOptions.",
			hint.HeaderOptional, hint.MaxDepth, hint.MaxStringLen, hint.MaxBinaryLen, hint.MaxBigNumberLen,
			hint.AllowInvalidUTF8, hint.Lenient7Bit, hint.KeepNamesAcrossHeaders),
		hint.GoNames("DecOptions.", hint.MaxContainerLen, hint.MaxExpansion)),
	Set:      "set",
	FromJSON: "compat.FromJSON",
}

// borrowDecodeState returns a pooled decodeState set up to read from r,
// a Reader of the caller's, with cfg, and the Reader and config it had;
// giveBack returns it to the pool with them, without touching r.
func borrowDecodeState(cfg *decConfig, r *stream.Reader) (d *decodeState, ownR *stream.Reader, ownCfg *decConfig) {
	d, _ = decodeStatePool.Get().(*decodeState)
	if d == nil {
		d = &decodeState{}
	}
	ownR, ownCfg = d.r, d.cfg
	d.r, d.cfg = r, cfg
	d.chunk = 4 << 10
	return d, ownR, ownCfg
}

// giveBack returns d, borrowed by borrowDecodeState, to the pool with the
// Reader and config it had.
func (d *decodeState) giveBack(ownR *stream.Reader, ownCfg *decConfig) {
	d.r, d.cfg = ownR, ownCfg
	d.release()
}

// streamValue decodes the value at the reader's position into p with
// dec, for a caller of a streaming API (api names it in errors; peek is
// what tells the caller where a value stands). The value's memory budget
// starts at its first byte. It returns what stops decoding: a
// *noValueError where no value stands (nothing consumed), io.EOF at the
// end of the input, or a fatal error; the first type error is left in
// d.err.
func (d *decodeState) streamValue(dec decoderFunc, p unsafe.Pointer, api, peek string) error {
	d.err = nil
	d.clearPath()
	if d.r.Depth() > 0 {
		k, err := d.r.PeekKind()
		if err != nil {
			return d.fatal(err)
		}
		switch k {
		case stream.KindEndArray:
			return &noValueError{fmt.Sprintf("smile: %s: no value at offset %d: the next token is the end of the array (check %s before each value)", api, d.r.InputOffset(), peek)}
		case stream.KindEndObject:
			return &noValueError{fmt.Sprintf("smile: %s: no value at offset %d: the next token is the end of the object (check %s before each value)", api, d.r.InputOffset(), peek)}
		case stream.KindKey:
			return &noValueError{fmt.Sprintf("smile: %s: no value at offset %d: the next token is a key (read the key first, then its value)", api, d.r.InputOffset())}
		}
	}
	d.resetBudget(d.r.InputOffset(), -1) // counted from the bytes read (decode_budget.go)
	err := d.value(dec, p, d.r.Depth() == 0)
	d.releaseAny() // the next value must not share chunks with this one
	return err
}

// noValueError is the error of a streaming decode called where no value
// stands: at the end of an array or object, or before a key.
type noValueError struct{ msg string }

func (e *noValueError) Error() string { return e.msg }

// UnmarshalerFrom is implemented by types that read themselves from a
// stream.Reader, as json/v2's UnmarshalerFrom does: UnmarshalSmileFrom
// reads exactly one value (a scalar, or an array or object with its
// contents and end) from r. Unmarshal checks it before UnmarshalSmile and
// UnmarshalText.
//
// r is the Reader of the document being decoded, as json/v2 passes its
// Decoder: it stands at the value, with the document's shared-name and
// shared-value tables, and its Depth, offsets and limits are the
// document's (the value may be inside arrays and objects: r.Depth() need
// not be 0). Nothing is copied, so that a method that reads tokens
// allocates nothing of its own; prefer it to Unmarshaler, whose method
// must parse a copy of the value as a document. The bytes of r's tokens
// are valid only until the next call on r, and r only during the call.
// DecOptions.MaxContainerLen does not bound what the method reads: it
// decides what to keep.
//
// After the call the decoding goes on from where the method left r, so
// the method must read the whole value and nothing more. Reading no
// token, leaving an array or object open, or reading past the array or
// object that holds the value is an error naming the type; so is reading
// more than the value when it is a scalar. (Reading a whole further value
// after an array or object value is not detected: the decoding then goes
// on after it.) An error from the method stops the decoding.
type UnmarshalerFrom interface {
	UnmarshalSmileFrom(r *stream.Reader) error
}
