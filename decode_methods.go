package smile

import (
	"encoding"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"unicode/utf8"
	"unsafe"

	"github.com/go-smile/smile/internal/rt"
	"github.com/go-smile/smile/internal/transcode"
	"github.com/go-smile/smile/stream"
)

// capture copies the value starting at d.tok into a standalone Smile
// document (header, value) and returns it. The document shares names and
// values as the input's header says, so that a back-reference in the
// input stays one in the copy, and with AllowInvalidUTF8 it copies
// strings that are not valid UTF-8 as they are. The slice aliases
// d.capBuf: it is valid until the next capture.
func (d *decodeState) capture() ([]byte, error) {
	w, err := d.captureWriter()
	if err != nil {
		return nil, err
	}
	if err := w.WriteToken(d.tok); err != nil {
		return nil, err
	}
	if k := d.tok.Kind; k == stream.KindStartArray || k == stream.KindStartObject {
		if err := d.captureContents(w); err != nil {
			return nil, err
		}
	}
	if err := d.chargeCapture(w); err != nil {
		return nil, err
	}
	d.capBuf = w.Bytes()
	return d.capBuf, nil
}

// chargeCapture charges the growth of the capture buffer, reused from
// capture to capture: what append allocates to grow it to the longest
// capture of the document so far (about five times that length).
func (d *decodeState) chargeCapture(w *stream.Writer) error {
	for n := len(w.Bytes()); n > d.capHigh; {
		g := appendGrowth(d.capHigh, n, 1)
		d.capHigh = g
		if err := d.charge(g); err != nil {
			return err
		}
	}
	return nil
}

// captureContents copies the tokens of the array or object just opened,
// up to its end, and enforces MaxContainerLen as decoding does.
func (d *decodeState) captureContents(w *stream.Writer) error {
	limit := d.cfg.opts.MaxContainerLen
	open := append(d.capOpen[:0], capOpen{object: d.tok.Kind == stream.KindStartObject})
	defer func() { d.capOpen = open[:0] }()
	var t stream.Token
	for len(open) > 0 {
		if err := export.ReadTokenInto(d.r, &t); err != nil {
			return d.fatal(err)
		}
		top := &open[len(open)-1]
		switch t.Kind {
		case stream.KindEndOfDocument:
			return &SyntaxError{Offset: d.r.InputOffset() - 1, Msg: "unexpected end-of-document marker inside an array or object"}
		case stream.KindEndArray, stream.KindEndObject:
			open = open[:len(open)-1]
		default:
			// Keys count in an object, values in an array.
			if top.object == (t.Kind == stream.KindKey) {
				if top.n++; top.n > limit {
					return d.containerLimit(top.n)
				}
			}
			if t.Kind == stream.KindStartArray || t.Kind == stream.KindStartObject {
				open = append(open, capOpen{object: t.Kind == stream.KindStartObject})
			}
		}
		if err := w.WriteToken(t); err != nil {
			return err
		}
		if err := d.chargeCapture(w); err != nil {
			return err
		}
	}
	return nil
}

// capOpen is an array or object open in a capture, with its elements or
// entries so far.
type capOpen struct {
	object bool
	n      int
}

// captureWriter returns the writer of captures for d's input, appending
// to d.capBuf, with the shared tables the input's header turned on and
// the input's leniency for invalid UTF-8.
func (d *decodeState) captureWriter() (*stream.Writer, error) {
	names, values := d.r.SharedTables()
	o := stream.WriterOptions{DisableSharedNames: !names, SharedValues: values, AllowInvalidUTF8: d.cfg.opts.AllowInvalidUTF8}
	if d.capW == nil || d.capWOpts != o {
		w, err := stream.NewWriter(o)
		if err != nil {
			return nil, err
		}
		d.capW, d.capWOpts = w, o
	}
	d.capW.Reset(d.capBuf[:0])
	return d.capW, nil
}

// unmarshalerDecoder calls UnmarshalSmile with the value as a standalone
// document.
func unmarshalerDecoder(t reflect.Type) decoderFunc {
	typ := rt.TypeOf(t)
	return func(d *decodeState, p unsafe.Pointer) error {
		off := d.offset()
		b, err := d.capture()
		if err != nil {
			return err
		}
		// What UnmarshalSmile keeps of b is its own; charge a copy.
		if err := d.charge(len(b)); err != nil {
			return err
		}
		if err := typ.PtrValue(p).(Unmarshaler).UnmarshalSmile(b); err != nil {
			return d.methodError(t, off, err)
		}
		return nil
	}
}

// methodError wraps err, returned by an UnmarshalSmile, UnmarshalBinary or
// UnmarshalText method of t for the value at offset off (d.tok), in an
// *UnmarshalTypeError with the path, as encoding/json v2 does. It stops
// decoding, as encoding/json stops at such an error; errors.As and
// errors.Is reach err.
func (d *decodeState) methodError(t reflect.Type, off int64, err error) error {
	return &UnmarshalTypeError{Value: d.tokDesc(), Type: t, Offset: off, Field: d.pathString(), Err: err}
}

// binaryUnmarshalerDecoder calls UnmarshalBinary with the bytes of a
// Smile binary value (as Jackson writes java.util.UUID); every other value
// goes to other, the decoder t has without the method.
func binaryUnmarshalerDecoder(t reflect.Type, other decoderFunc) decoderFunc {
	typ := rt.TypeOf(t)
	return func(d *decodeState, p unsafe.Pointer) error {
		if d.tok.Kind != stream.KindBinary {
			return other(d, p)
		}
		b := d.tok.Bytes()
		// What UnmarshalBinary keeps of b is its own; charge a copy.
		if err := d.charge(len(b)); err != nil {
			return err
		}
		if err := typ.PtrValue(p).(encoding.BinaryUnmarshaler).UnmarshalBinary(b); err != nil {
			return d.methodError(t, d.offset(), err)
		}
		return nil
	}
}

// textUnmarshalerDecoder calls UnmarshalText with the bytes of a Smile
// string; null leaves the value unchanged.
func textUnmarshalerDecoder(t reflect.Type) decoderFunc {
	typ := rt.TypeOf(t)
	return func(d *decodeState, p unsafe.Pointer) error {
		switch d.tok.Kind {
		case stream.KindString:
			if err := typ.PtrValue(p).(encoding.TextUnmarshaler).UnmarshalText(d.tok.Bytes()); err != nil {
				return d.methodError(t, d.offset(), err)
			}
			return nil
		case stream.KindNull:
			return nil
		}
		return d.typeError(t)
	}
}

// jsonUnmarshalerDecoder calls UnmarshalJSON with the value as JSON text
// (see captureJSON); null is passed as "null", as encoding/json does. An
// error it returns stops decoding, wrapped in an *UnmarshalTypeError that
// names the Go type, the path and the offset. With
// DecOptions.IgnoreJSONMethods it decodes with fallback, the decoder t
// would have without UnmarshalJSON.
func jsonUnmarshalerDecoder(t reflect.Type, fallback decoderFunc) decoderFunc {
	typ := rt.TypeOf(t)
	return func(d *decodeState, p unsafe.Pointer) error {
		if d.cfg.opts.IgnoreJSONMethods {
			return fallback(d, p)
		}
		off := d.offset()
		b, err := d.captureJSON()
		if err != nil {
			return err
		}
		if err := typ.PtrValue(p).(json.Unmarshaler).UnmarshalJSON(b); err != nil {
			return d.methodError(t, off, err)
		}
		return nil
	}
}

// captureJSON returns the value starting at d.tok as compact JSON text,
// as Jackson writes it (transcode.AppendValue): integers and big numbers
// with every digit, floats in their shortest form with a '.' or an
// exponent, NaN and ±Inf as the strings "NaN", "Infinity" and
// "-Infinity", binary as base64 strings, and with AllowInvalidUTF8 each
// invalid byte of a string as U+FFFD. The value is first captured (as for
// UnmarshalSmile, with the same limits), then converted. The slice is
// valid until the next call.
//
// The text spells out every back-reference and escape, so it can be far
// longer than the input: it is charged before it is made, by its longest
// length (jsonTextBound), and the buffer is made that large.
func (d *decodeState) captureJSON() ([]byte, error) {
	doc, err := d.capture()
	if err != nil {
		return nil, err
	}
	if d.jsonR == nil || d.jsonRCfg != d.cfg {
		r, err := stream.NewReader(doc, d.cfg.stream)
		if err != nil {
			return nil, err
		}
		d.jsonR, d.jsonRCfg = r, d.cfg
	} else {
		d.jsonR.Reset(doc)
	}
	bound, err := jsonTextBound(d.jsonR)
	if err != nil {
		return nil, err
	}
	if err := d.chargeJSONBuf(bound); err != nil {
		return nil, err
	}
	d.jsonBuf = slices.Grow(d.jsonBuf[:0], bound)
	d.jsonR.Reset(doc)
	out, err := transcode.AppendValue(d.jsonBuf, d.jsonR, transcode.ToJSON{NonFiniteAsStrings: true})
	if err != nil {
		return nil, err
	}
	d.jsonBuf = out
	if err := d.chargeJSONBuf(len(out)); err != nil { // not reached while the bound holds
		return nil, err
	}
	// What UnmarshalJSON keeps of the text is its own; charge a copy.
	if err := d.charge(len(out)); err != nil {
		return nil, err
	}
	return out, nil
}

// chargeJSONBuf charges the growth of d.jsonBuf, reused from call to
// call, to hold n bytes, as chargeCapture does for captures.
func (d *decodeState) chargeJSONBuf(n int) error {
	for n > d.jsonHigh {
		d.jsonHigh = appendGrowth(d.jsonHigh, n, 1)
		if err := d.charge(d.jsonHigh); err != nil {
			return err
		}
	}
	return nil
}

// jsonTextBound reads the one value of the document r holds and returns
// the longest its compact JSON text from transcode.AppendValue can be:
// strings and names quoted with every escape counted (six bytes for a
// control character, two for '"' and '\', three for an invalid UTF-8
// byte), the base64 of binary, the digits of integers, the longest text
// of other numbers, and a separator after each value and name.
func jsonTextBound(r *stream.Reader) (int, error) {
	n, depth := 0, 0
	var t stream.Token
	for {
		if err := export.ReadTokenInto(r, &t); err != nil {
			return 0, err
		}
		switch t.Kind {
		case stream.KindString, stream.KindKey:
			n += quotedTextBound(t.Bytes()) + 1
		case stream.KindBinary:
			n += base64.StdEncoding.EncodedLen(len(t.Bytes())) + 3
		case stream.KindInt:
			n += intTextLen(t.Int()) + 1
		case stream.KindBigInt, stream.KindBigDecimal:
			// A byte of two's complement is at most 2.41 digits; an
			// exponent "E-2147483648" 12 bytes more.
			n += 3*len(t.Bytes()) + 16
		case stream.KindFloat32, stream.KindFloat64:
			n += 26 // -2.2250738585072014E-308,
		case stream.KindStartArray, stream.KindStartObject:
			depth++
			n++
		case stream.KindEndArray, stream.KindEndObject:
			depth--
			n += 2
		case stream.KindEndOfDocument:
			continue
		default: // null, true, false
			n += 6
		}
		if depth == 0 {
			return n, nil
		}
	}
}

// quotedTextBound returns the longest the JSON string of s can be.
func quotedTextBound(s []byte) int {
	n, high := len(s)+2, 0
	for _, c := range s {
		switch {
		case c < 0x20:
			n += 5 // \u00XX
		case c == '"' || c == '\\':
			n++
		case c >= utf8.RuneSelf:
			high++
		}
	}
	if high > 0 && !utf8.Valid(s) {
		n += 2 * high // U+FFFD for each invalid byte
	}
	return n
}

// intTextLen returns the length of the decimal text of v.
func intTextLen(v int64) int {
	n := 1
	if v < 0 {
		n++
	}
	for v <= -10 || v >= 10 {
		v /= 10
		n++
	}
	return n
}

// unmarshalerFromDecoder calls UnmarshalSmileFrom with the document's
// own Reader, given back the value's first token, and checks that the
// method read exactly that value.
func unmarshalerFromDecoder(t reflect.Type) decoderFunc {
	typ := rt.TypeOf(t)
	return func(d *decodeState, p unsafe.Pointer) error {
		r, first := d.r, d.tok.Kind
		off := d.offset()
		export.UnreadToken(r, &d.tok)
		depth := r.Depth()
		if err := typ.PtrValue(p).(UnmarshalerFrom).UnmarshalSmileFrom(r); err != nil {
			return err
		}
		var left string
		switch {
		case export.Pending(r):
			left = "it read no token"
		case r.Depth() > depth:
			left = fmt.Sprintf("it left %d array(s) or object(s) open", r.Depth()-depth)
		case r.Depth() < depth:
			left = "it read past the end of the array or object holding the value"
		case first != stream.KindStartArray && first != stream.KindStartObject && r.TokenOffset() != off:
			left = fmt.Sprintf("it read on past the %s, to offset %d", first, r.InputOffset())
		default:
			return nil
		}
		return fmt.Errorf("smile: UnmarshalSmileFrom of %s did not read exactly one value, at offset %d: %s", reflect.PointerTo(t), off, left)
	}
}
