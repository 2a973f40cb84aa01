package smile

import (
	"encoding/json"
	"errors"
	"math"
	"reflect"
	"strconv"
	"unsafe"

	"github.com/go-smile/smile/internal/rt"
	"github.com/go-smile/smile/stream"
)

// The ",string" tag option, as encoding/json has it: a bool, integer,
// float or string field (or an unnamed pointer to one) is written as a
// Smile string holding the value's JSON text, and read back from one.
// Types with their own encoding (methods, and the special types but
// Number and json.Number) are not affected.

// quotable reports whether the ",string" option applies to a field of
// type t (an unnamed pointer already followed), as in encoding/json.
func quotable(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Bool,
		reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.String:
		return true
	}
	return false
}

// errQuotedTag is the cause of the errors of ",string" fields.
var errQuotedTag = errors.New("invalid use of ,string struct tag")

// quotedBase returns the type a ",string" field of type t holds its value
// in (t, or what an unnamed pointer t points to), and whether the option
// changes how it is written: not for types with their own encoding.
func quotedBase(t reflect.Type) (reflect.Type, bool) {
	bt := t
	if t.Name() == "" && t.Kind() == reflect.Pointer {
		bt = t.Elem()
	}
	if bt == numberType || bt == jsonNumberType {
		return bt, true
	}
	return bt, !hasOwnEncoding(bt) && !reflect.PointerTo(bt).Implements(binaryUnmarshalerType)
}

// quotedEncoder returns the encoder of a ",string" field of type t, whose
// encoder without the option is plain.
func quotedEncoder(t reflect.Type, plain encoderFunc) encoderFunc {
	bt, ok := quotedBase(t)
	if !ok {
		return plain
	}
	write := quotedWriter(bt)
	if bt == t {
		return write
	}
	return func(e *encodeState, p unsafe.Pointer) error {
		q := rt.Deref(p)
		if q == nil {
			return e.w.WriteNull() // as encoding/json: null, not "null"
		}
		return write(e, q)
	}
}

// quotedWriter returns the encoder that writes a value of t as a string
// of its JSON text.
func quotedWriter(t reflect.Type) encoderFunc {
	if t == numberType || t == jsonNumberType {
		return func(e *encodeState, p unsafe.Pointer) error {
			s := *(*string)(p)
			if s == "" {
				s = "0"
			}
			if !isValidNumber(s) {
				return &UnsupportedValueError{Value: reflect.ValueOf(s), Str: "invalid number literal " + strconv.Quote(s)}
			}
			return e.w.WriteString(s)
		}
	}
	v := func(p unsafe.Pointer) reflect.Value { return reflect.NewAt(t, p).Elem() }
	var text func(e *encodeState, p unsafe.Pointer) ([]byte, error)
	switch t.Kind() {
	case reflect.Bool:
		text = func(e *encodeState, p unsafe.Pointer) ([]byte, error) {
			return strconv.AppendBool(e.scratch[:0], v(p).Bool()), nil
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		text = func(e *encodeState, p unsafe.Pointer) ([]byte, error) {
			return strconv.AppendInt(e.scratch[:0], v(p).Int(), 10), nil
		}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		text = func(e *encodeState, p unsafe.Pointer) ([]byte, error) {
			return strconv.AppendUint(e.scratch[:0], v(p).Uint(), 10), nil
		}
	case reflect.Float32, reflect.Float64:
		bits := t.Bits()
		text = func(e *encodeState, p unsafe.Pointer) ([]byte, error) {
			f := v(p).Float()
			if math.IsNaN(f) || math.IsInf(f, 0) {
				return nil, &UnsupportedValueError{Value: v(p), Str: "a ,string field cannot hold " + strconv.FormatFloat(f, 'g', -1, bits)}
			}
			return appendJSONFloat(e.scratch[:0], f, bits), nil
		}
	case reflect.String:
		text = func(e *encodeState, p unsafe.Pointer) ([]byte, error) {
			// encoding/json's own quoting (HTML-safe escapes, invalid
			// UTF-8 replaced), so that the text is what it writes.
			return json.Marshal(v(p).String())
		}
	}
	return func(e *encodeState, p unsafe.Pointer) error {
		b, err := text(e, p)
		if err != nil {
			return err
		}
		if t.Kind() != reflect.String {
			e.scratch = b
		}
		return e.w.WriteStringBytes(b)
	}
}

// appendJSONFloat appends f as encoding/json writes a float of the given
// size: the shortest decimal that round-trips, in exponent form only below
// 1e-6 or from 1e21 on, with a two-digit negative exponent shortened
// (1e-07 as 1e-7).
func appendJSONFloat(b []byte, f float64, bits int) []byte {
	abs := math.Abs(f)
	format := byte('f')
	if abs != 0 {
		if bits == 64 && (abs < 1e-6 || abs >= 1e21) || bits == 32 && (float32(abs) < 1e-6 || float32(abs) >= 1e21) {
			format = 'e'
		}
	}
	b = strconv.AppendFloat(b, f, format, -1, bits)
	if format == 'e' {
		if n := len(b); n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	return b
}

// quotedDecoder returns the decoder of a ",string" field of type t, whose
// decoder without the option is plain: a Smile string holding the JSON
// text of the value (for a string, a JSON string literal), or null as
// without the option. "null" in the string leaves the value unchanged, or
// sets a pointer to nil. Any other value is an *UnmarshalTypeError
// wrapping errQuotedTag, and decoding goes on.
func quotedDecoder(t reflect.Type, plain decoderFunc) decoderFunc {
	bt, ok := quotedBase(t)
	if !ok {
		return plain
	}
	isPtr := bt != t
	elem := rt.TypeOf(bt)
	return func(d *decodeState, p unsafe.Pointer) error {
		switch d.tok.Kind {
		case stream.KindNull:
			return plain(d, p)
		case stream.KindString:
		default:
			return d.typeErrorErr(t, errors.New("invalid use of ,string struct tag: the value is not a string"))
		}
		text := d.tok.Bytes()
		if string(text) == "null" {
			if isPtr {
				rt.SetPointer(p, nil)
			}
			return nil
		}
		if isPtr {
			if rt.Deref(p) == nil {
				if err := d.charge(max(int(bt.Size()), 8)); err != nil {
					return err
				}
				rt.SetPointer(p, elem.New())
			}
			p = rt.Deref(p)
		}
		if err := storeQuoted(reflect.NewAt(bt, p).Elem(), text); err != nil {
			return d.typeErrorErr(t, err)
		}
		return nil
	}
}

// storeQuoted stores the JSON text in v, a bool, integer, float, string,
// Number or json.Number, by encoding/json's rules for ",string" fields.
func storeQuoted(v reflect.Value, text []byte) error {
	bad := func(why string) error {
		return &quotedError{text: truncDesc(string(text)), why: why}
	}
	t := v.Type()
	if t == numberType || t == jsonNumberType {
		if !isValidNumber(string(text)) {
			return bad("not a number")
		}
		v.SetString(string(text))
		return nil
	}
	if len(text) == 0 {
		return bad("empty")
	}
	switch t.Kind() {
	case reflect.Bool:
		switch string(text) {
		case "true":
			v.SetBool(true)
		case "false":
			v.SetBool(false)
		default:
			return bad("not true or false")
		}
		return nil
	case reflect.String:
		var s string
		if text[0] != '"' || json.Unmarshal(text, &s) != nil {
			return bad("not a JSON string")
		}
		v.SetString(s)
		return nil
	}
	if c := text[0]; c != '-' && (c < '0' || c > '9') {
		return bad("not a number")
	}
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		n, err := strconv.ParseInt(string(text), 10, 64)
		if err != nil || v.OverflowInt(n) {
			return bad("not an integer of the type's range")
		}
		v.SetInt(n)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		n, err := strconv.ParseUint(string(text), 10, 64)
		if err != nil || v.OverflowUint(n) {
			return bad("not an integer of the type's range")
		}
		v.SetUint(n)
	case reflect.Float32, reflect.Float64:
		f, err := strconv.ParseFloat(string(text), t.Bits())
		if err != nil || v.OverflowFloat(f) {
			return bad("not a number of the type's range")
		}
		v.SetFloat(f)
	}
	return nil
}

// quotedError is the cause of an *UnmarshalTypeError for the text of a
// ",string" field; errors.Is matches errQuotedTag.
type quotedError struct{ text, why string }

func (e *quotedError) Error() string {
	return "invalid use of ,string struct tag: " + strconv.Quote(e.text) + " is " + e.why
}

func (e *quotedError) Is(target error) bool { return target == errQuotedTag }
