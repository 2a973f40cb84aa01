package smile

import (
	"encoding"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"reflect"
	"slices"
	"strconv"
	"time"
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
	if err := writeTok(w, &d.tok); err != nil {
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
	max := d.cfg.opts.MaxContainerLen
	open := append(d.capOpen[:0], capOpen{object: d.tok.Kind == stream.KindStartObject})
	defer func() { d.capOpen = open[:0] }()
	var t stream.Token
	for len(open) > 0 {
		if err := d.r.ReadTokenInto(&t); err != nil {
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
				if top.n++; top.n > max {
					return d.containerLimit(top.n)
				}
			}
			if t.Kind == stream.KindStartArray || t.Kind == stream.KindStartObject {
				open = append(open, capOpen{object: t.Kind == stream.KindStartObject})
			}
		}
		if err := writeTok(w, &t); err != nil {
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

// writeTok writes token t with w.
func writeTok(w *stream.Writer, t *stream.Token) error {
	switch t.Kind {
	case stream.KindNull:
		return w.WriteNull()
	case stream.KindTrue, stream.KindFalse:
		return w.WriteBool(t.Kind == stream.KindTrue)
	case stream.KindInt:
		return w.WriteInt(t.Int())
	case stream.KindBigInt:
		return w.WriteBigInt(t.BigInt())
	case stream.KindFloat32:
		return w.WriteFloat32(t.Float32())
	case stream.KindFloat64:
		return w.WriteFloat64(t.Float64())
	case stream.KindBigDecimal:
		return w.WriteBigDecimal(t.BigDecimal())
	case stream.KindString:
		return w.WriteStringBytes(t.Bytes())
	case stream.KindBinary:
		return w.WriteBinary(t.Bytes())
	case stream.KindKey:
		return w.WriteKeyBytes(t.Bytes())
	case stream.KindStartObject:
		return w.WriteStartObject()
	case stream.KindEndObject:
		return w.WriteEndObject()
	case stream.KindStartArray:
		return w.WriteStartArray()
	case stream.KindEndArray:
		return w.WriteEndArray()
	}
	return errors.New("smile: cannot copy a " + t.Kind.String() + " token")
}

// decodeRawMessage stores the value as a standalone document; null gives
// a document holding null, as encoding/json's RawMessage gets "null".
func decodeRawMessage(d *decodeState, p unsafe.Pointer) error {
	b, err := d.capture()
	if err != nil {
		return err
	}
	if err := d.charge(len(b)); err != nil {
		return err
	}
	rm := (*RawMessage)(p)
	*rm = append((*rm)[:0], b...)
	return nil
}

// unmarshalerDecoder calls UnmarshalSmile with the value as a standalone
// document.
func unmarshalerDecoder(t reflect.Type) decFunc {
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
func binaryUnmarshalerDecoder(t reflect.Type, other decFunc) decFunc {
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
func textUnmarshalerDecoder(t reflect.Type) decFunc {
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

// decodeTime accepts RFC 3339 text, integer epoch milliseconds or seconds
// (DecOptions.IntegerTimes), and decimal epoch seconds (decode_time.go).
func decodeTime(d *decodeState, p unsafe.Pointer) error {
	tp := (*time.Time)(p)
	switch d.tok.Kind {
	case stream.KindString:
		var t time.Time
		if err := t.UnmarshalText(d.tok.Bytes()); err != nil {
			return d.typeErrorErr(decTimeType, err)
		}
		*tp = t
	case stream.KindInt:
		*tp = d.integerTime(d.tok.Int())
	case stream.KindBigInt:
		v, ok := bigBytesInt64(d.tok.BigIntBytes())
		if !ok {
			return d.typeErrorErr(decTimeType, strconv.ErrRange)
		}
		*tp = d.integerTime(v)
	case stream.KindBigDecimal, stream.KindFloat32, stream.KindFloat64:
		sec, nsec, err := d.tokSeconds()
		if err != nil {
			if _, ok := err.(*LimitError); ok {
				return err
			}
			return d.typeErrorErr(decTimeType, err)
		}
		*tp = time.Unix(sec, nsec).UTC()
	case stream.KindNull:
	default:
		return d.typeError(decTimeType)
	}
	return nil
}

// maxDecimalExp bounds the power of ten decoding computes when it turns
// a BigDecimal into an integer (big.Int) or parses decimal text.
const maxDecimalExp = 10000

var errNotInteger = errors.New("not an integer")

// decodeBigInt decodes into a big.Int: Smile integers, BigIntegers,
// BigDecimals with an integer value and strings (big.Int's UnmarshalText).
func decodeBigInt(d *decodeState, p unsafe.Pointer) error {
	z := (*big.Int)(p)
	switch d.tok.Kind {
	case stream.KindBigInt, stream.KindBigDecimal:
		if err := d.chargeBig(); err != nil {
			return err
		}
	}
	switch d.tok.Kind {
	case stream.KindInt:
		z.SetInt64(d.tok.Int())
	case stream.KindBigInt:
		z.Set(d.tok.BigInt())
	case stream.KindBigDecimal:
		u, s := d.tok.BigDecimal()
		v, ok := decimalToInt(u, s)
		if !ok {
			return d.typeErrorErr(decBigIntType, errNotInteger)
		}
		z.Set(v)
	case stream.KindString:
		if err := z.UnmarshalText(d.tok.Bytes()); err != nil {
			return d.typeErrorErr(decBigIntType, err)
		}
	case stream.KindNull:
	default:
		return d.typeError(decBigIntType)
	}
	return nil
}

// decimalToInt returns u × 10^(−s) when it is an integer of reasonable
// size.
func decimalToInt(u *big.Int, s int32) (*big.Int, bool) {
	if u.Sign() == 0 {
		return u, true
	}
	if s <= 0 {
		if -int64(s) > maxDecimalExp {
			return nil, false
		}
		return u.Mul(u, pow10(int(-s))), true
	}
	if int64(s) > int64(len(u.String())) {
		return nil, false // |u| < 10^s: a nonzero fraction
	}
	q, r := new(big.Int).QuoRem(u, pow10(int(s)), new(big.Int))
	if r.Sign() != 0 {
		return nil, false
	}
	return q, true
}

func pow10(n int) *big.Int {
	return new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(n)), nil)
}

// decodeDecimal decodes any Smile number exactly into a Decimal; a float
// goes through its shortest decimal form. Strings holding a decimal
// number are accepted too.
func decodeDecimal(d *decodeState, p unsafe.Pointer) error {
	dp := (*Decimal)(p)
	if k := d.tok.Kind; k != stream.KindNull {
		if err := d.chargeBig(); err != nil {
			return err
		}
	}
	switch d.tok.Kind {
	case stream.KindBigDecimal:
		u, s := d.tok.BigDecimal()
		*dp = Decimal{Unscaled: u, Scale: s}
	case stream.KindInt:
		*dp = Decimal{Unscaled: big.NewInt(d.tok.Int())}
	case stream.KindBigInt:
		*dp = Decimal{Unscaled: d.tok.BigInt()}
	case stream.KindFloat32, stream.KindFloat64, stream.KindString:
		var s string
		if d.tok.Kind == stream.KindString {
			s = string(d.tok.Bytes())
		} else {
			s = d.numberText()
		}
		v, ok := parseDecimal(s)
		if !ok {
			return d.typeError(decDecimalType)
		}
		*dp = v
	case stream.KindNull:
	default:
		return d.typeError(decDecimalType)
	}
	return nil
}

// parseDecimal parses a decimal number such as "-1.25", "3e10" or
// "1.5E-7" into a Decimal, keeping its digits (so "1.50" has scale 2).
func parseDecimal(s string) (Decimal, bool) {
	i := 0
	neg := false
	if i < len(s) && (s[i] == '-' || s[i] == '+') {
		neg = s[i] == '-'
		i++
	}
	digits := make([]byte, 0, len(s))
	frac := 0
	seenDigit, seenDot := false, false
	for ; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= '0' && c <= '9':
			digits = append(digits, c)
			seenDigit = true
			if seenDot {
				frac++
			}
		case c == '.' && !seenDot:
			seenDot = true
		default:
			goto exp
		}
	}
exp:
	if !seenDigit {
		return Decimal{}, false
	}
	e := int64(0)
	if i < len(s) {
		if s[i] != 'e' && s[i] != 'E' {
			return Decimal{}, false
		}
		v, err := strconv.ParseInt(s[i+1:], 10, 32)
		if err != nil {
			return Decimal{}, false
		}
		e = v
	}
	scale := int64(frac) - e
	if scale < -1<<31 || scale > 1<<31-1 {
		return Decimal{}, false
	}
	u, ok := new(big.Int).SetString(string(digits), 10)
	if !ok {
		return Decimal{}, false
	}
	if neg {
		u.Neg(u)
	}
	return Decimal{Unscaled: u, Scale: int32(scale)}, true
}

// numberDecoder is the decoder of Number and json.Number: any Smile
// number, as its exact text, or a string holding a valid number. A string
// that holds no number is an *UnmarshalTypeError that stops decoding.
func numberDecoder(t reflect.Type) decFunc {
	return func(d *decodeState, p unsafe.Pointer) error {
		sp := (*string)(p)
		switch d.tok.Kind {
		case stream.KindInt, stream.KindBigInt, stream.KindFloat32, stream.KindFloat64, stream.KindBigDecimal:
			s := d.numberText()
			if err := d.charge(len(s)); err != nil {
				return err
			}
			*sp = s
		case stream.KindString:
			s := d.str()
			if !isValidNumber(s) {
				// Decoding stops here, as in encoding/json, so that a map
				// does not receive the entry.
				return &UnmarshalTypeError{Value: "string", Type: t, Offset: d.offset(), Field: d.pathString(),
					Err: fmt.Errorf("invalid number literal %q: %w", truncDesc(s), strconv.ErrSyntax)}
			}
			*sp = s
		case stream.KindNull:
		default:
			return d.typeError(t)
		}
		return nil
	}
}

// isValidNumber reports whether s is a JSON number, as encoding/json
// checks text stored in a json.Number.
func isValidNumber(s string) bool {
	if s == "" {
		return false
	}
	if s[0] == '-' {
		s = s[1:]
		if s == "" {
			return false
		}
	}
	switch {
	case s[0] == '0':
		s = s[1:]
	case '1' <= s[0] && s[0] <= '9':
		s = s[1:]
		for len(s) > 0 && '0' <= s[0] && s[0] <= '9' {
			s = s[1:]
		}
	default:
		return false
	}
	if len(s) >= 2 && s[0] == '.' && '0' <= s[1] && s[1] <= '9' {
		s = s[2:]
		for len(s) > 0 && '0' <= s[0] && s[0] <= '9' {
			s = s[1:]
		}
	}
	if len(s) >= 2 && (s[0] == 'e' || s[0] == 'E') {
		s = s[1:]
		if s[0] == '+' || s[0] == '-' {
			s = s[1:]
			if s == "" {
				return false
			}
		}
		for len(s) > 0 && '0' <= s[0] && s[0] <= '9' {
			s = s[1:]
		}
	}
	return s == ""
}

// jsonUnmarshalerDecoder calls UnmarshalJSON with the value as JSON text
// (see captureJSON); null is passed as "null", as encoding/json does. An
// error it returns stops decoding, wrapped in an *UnmarshalTypeError that
// names the Go type, the path and the offset. With
// DecOptions.IgnoreJSONMethods it decodes with fallback, the decoder t
// would have without UnmarshalJSON.
func jsonUnmarshalerDecoder(t reflect.Type, fallback decFunc) decFunc {
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
		if err := r.ReadTokenInto(&t); err != nil {
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
