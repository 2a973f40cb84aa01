package smile

import (
	"fmt"
	"io"
	"reflect"
	"unsafe"

	"github.com/go-smile/smile/internal/hint"
	"github.com/go-smile/smile/internal/rt"
	"github.com/go-smile/smile/internal/seam"
	"github.com/go-smile/smile/stream"
)

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
// after a key (read the key with r.ReadToken or r.ReadKey first): when
// the next token is the end of the array or object, or a key, it returns
// an error and consumes nothing. Check r.PeekKind before each element.
//
// The stream-level options are r's own, given when r was made (header
// required or optional, UTF-8 checks, MaxDepth and the length limits of
// strings, binary values and big numbers): m's DecOptions of the same
// names do not apply. To read under m's rules, make r with
// m.ReaderOptions(). All the other options of m apply as in Unmarshal,
// and DecOptions.MaxExpansion bounds what decoding allocates by the
// bytes of this value alone (with the same floor as a whole document).
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
	dec, p, err := rootDecoder(v)
	if err != nil {
		return err
	}
	d, ownR, ownCfg := borrowDecodeState(m.config(), r)
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
func (d *decodeState) streamValue(dec decFunc, p unsafe.Pointer, api, peek string) error {
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
	d.resetBudget(d.r.InputOffset(), -1) // counted from the bytes read (budget.go)
	err := d.value(dec, p, d.r.Depth() == 0)
	d.releaseAny() // the next value must not share chunks with this one
	return err
}

// noValueError is the error of a streaming decode called where no value
// stands: at the end of an array or object, or before a key.
type noValueError struct{ msg string }

func (e *noValueError) Error() string { return e.msg }

// MarshalEncode writes v with the default EncOptions as the next value of
// w; see EncMode.MarshalEncode.
func MarshalEncode(w *stream.Writer, v any) error {
	return EncMode{}.MarshalEncode(w, v)
}

// MarshalEncode writes v as the next value of w: at the root (a document
// of one value, or the next of a root-level sequence), as an element of
// the array open in w, or as the value of the key just written. It
// continues w's shared-name and shared-value tables, so writing the
// elements of a slice one by one between w.WriteStartArray and
// w.WriteEndArray gives exactly the bytes Marshal gives for the whole
// slice, when w was made with m.WriterOptions(). With a Writer made by
// stream.NewWriterTo, memory stays flat however many values are written:
// w flushes its buffer by itself; call w.Flush at the end.
//
// The options that are stream.WriterOptions (the header, shared names
// and values, raw binary, the end marker, the float32 sign bits) are w's
// own, given when w was made; m's EncOptions of the same names do not
// apply, and MarshalEncode neither ends the document nor writes an end
// marker (call w.EndDocument). The other options of m (MapKeyOrder, Time,
// ReplaceInvalidUTF8) apply as in Marshal.
//
// When v cannot be encoded, part of it may already be in w (or flushed
// from it), and w may stand inside it: the output is then incomplete.
func (m EncMode) MarshalEncode(w *stream.Writer, v any) error {
	e := newEncodeState(m.config())
	own := e.w
	e.w = w
	err := e.marshalValue(v)
	e.w = own
	e.release()
	return err
}

// MarshalerTo is implemented by types that write themselves into the
// document being encoded, as json/v2's MarshalerTo does: MarshalSmileTo
// writes exactly one value (a scalar, or an array or object with its
// contents and end) with w, which is the Writer of the whole document,
// continuing its shared tables. Prefer it to Marshaler: MarshalSmile
// returns a document that Marshal must read again, token by token,
// while MarshalSmileTo writes straight into the output and allocates
// nothing of its own.
//
// Marshal checks MarshalSmileTo before MarshalSmile and MarshalText. The
// method must not write a key where it is called, nor a second value, nor
// end the document; w refuses those with a *stream.WriterError. Writing
// no value, or leaving an array or object open, is an error too. Every
// error of the method, and these, are returned as a *MarshalerError.
type MarshalerTo interface {
	MarshalSmileTo(w *stream.Writer) error
}

// marshalerToEncoder calls MarshalSmileTo; a nil pointer is written as
// null without a call.
func marshalerToEncoder(t reflect.Type) encoderFunc {
	rtt := rt.TypeOf(t)
	isPtr := t.Kind() == reflect.Pointer
	return func(e *encodeState, p unsafe.Pointer) error {
		if isPtr && rt.Deref(p) == nil {
			return e.w.WriteNull()
		}
		return e.callMarshalerTo(rtt.Value(p).(MarshalerTo), t)
	}
}

// addrMarshalerToEncoder calls MarshalSmileTo, which has a pointer
// receiver, on addressable values of t.
func addrMarshalerToEncoder(t reflect.Type) encoderFunc {
	rtt := rt.TypeOf(t)
	return func(e *encodeState, p unsafe.Pointer) error {
		return e.callMarshalerTo(rtt.PtrValue(p).(MarshalerTo), t)
	}
}

// callMarshalerTo calls m.MarshalSmileTo with e.w, made to accept exactly
// one value during the call.
func (e *encodeState) callMarshalerTo(m MarshalerTo, t reflect.Type) error {
	saved, err := seam.BeginOneValue(e.w)
	if err != nil {
		return &MarshalerError{Type: t, Err: err, sourceFunc: "MarshalSmileTo"}
	}
	err = m.MarshalSmileTo(e.w)
	if endErr := seam.EndOneValue(e.w, saved); err == nil {
		err = endErr
	}
	if err != nil {
		return &MarshalerError{Type: t, Err: err, sourceFunc: "MarshalSmileTo"}
	}
	return nil
}

// UnmarshalerFrom is implemented by types that read themselves from a
// stream.Reader, as json/v2's UnmarshalerFrom does: UnmarshalSmileFrom
// reads exactly one value (a scalar, or an array or object with its
// contents and end) from r. Unmarshal checks it before UnmarshalSmile and
// UnmarshalText.
//
// r holds that value alone, as a document of its own: its tokens are
// copied, as for UnmarshalSmile, into a buffer that the decoding reuses,
// and r is a Reader over them that the decoding reuses too, so that a
// method that reads tokens allocates nothing of its own. Prefer it to
// Unmarshaler, whose method must parse the document it is given. r, and
// the bytes of its tokens, are valid only during the call. Reading less
// or more than the one value is an error naming the method.
type UnmarshalerFrom interface {
	UnmarshalSmileFrom(r *stream.Reader) error
}

var decUnmarshalerFromType = reflect.TypeFor[UnmarshalerFrom]()

// unmarshalerFromDecoder calls UnmarshalSmileFrom with a Reader over the
// value, copied as a standalone document.
func unmarshalerFromDecoder(t reflect.Type) decFunc {
	typ := rt.TypeOf(t)
	return func(d *decodeState, p unsafe.Pointer) error {
		b, err := d.capture()
		if err != nil {
			return err
		}
		r, err := d.captureReader(b)
		if err != nil {
			return err
		}
		if err := typ.PtrValue(p).(UnmarshalerFrom).UnmarshalSmileFrom(r); err != nil {
			return err
		}
		if k, err := r.PeekKind(); err != io.EOF || r.Depth() != 0 {
			if err == nil {
				err = fmt.Errorf("the next token is a %s", k)
			}
			return fmt.Errorf("smile: UnmarshalSmileFrom of %s did not read exactly one value (%v)", reflect.PointerTo(t), err)
		}
		return nil
	}
}

// captureReader returns the Reader of captured values, reading b.
func (d *decodeState) captureReader(b []byte) (*stream.Reader, error) {
	if d.capR == nil || d.capRCfg != d.cfg {
		// The copy has a header; the input's limits were checked.
		o := d.cfg.stream
		o.HeaderOptional = false
		r, err := stream.NewReader(b, o)
		if err != nil {
			return nil, err
		}
		d.capR, d.capRCfg = r, d.cfg
		return r, nil
	}
	d.capR.Reset(b)
	return d.capR, nil
}
