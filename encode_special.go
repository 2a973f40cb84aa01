package smile

import (
	"encoding"
	"encoding/json"
	"math/big"
	"reflect"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
	"unsafe"

	"github.com/go-smile/smile/internal/hint"
	"github.com/go-smile/smile/internal/rt"
	"github.com/go-smile/smile/internal/seam"
	"github.com/go-smile/smile/internal/transcode"
)

// zeroBigInt is the unscaled value of a Decimal whose Unscaled is nil. It
// is never written to.
var zeroBigInt = new(big.Int)

// encodeTime writes a time.Time as its RFC 3339 text with nanoseconds
// (time.Time.MarshalText), or as EncOptions.Time says: an integer count of
// milliseconds since the Unix epoch, or a BigDecimal of seconds.
func encodeTime(e *encodeState, p unsafe.Pointer) error {
	t := (*time.Time)(p)
	switch e.cfg.opts.Time {
	case TimeEpochMillis:
		return e.w.WriteInt(t.UnixMilli())
	case TimeEpochSecondsDecimal:
		return e.writeEpochSeconds(t)
	}
	b, err := t.AppendText(e.scratch[:0])
	if err != nil {
		return &MarshalerError{Type: timeType, Err: err, sourceFunc: "MarshalText"}
	}
	e.scratch = b
	return e.w.WriteStringBytes(b)
}

// writeEpochSeconds writes t as a BigDecimal count of seconds since the
// Unix epoch with nine fraction digits, as jackson-datatype-jsr310's
// DecimalUtils.toBigDecimal makes it (0.0, scale 1, for the epoch).
func (e *encodeState) writeEpochSeconds(t *time.Time) error {
	sec, nsec := t.Unix(), int64(t.Nanosecond())
	if sec == 0 && nsec == 0 {
		return e.w.WriteBigDecimal(zeroBigInt, 1)
	}
	u := new(big.Int).Mul(big.NewInt(sec), big.NewInt(1e9))
	return e.w.WriteBigDecimal(u.Add(u, big.NewInt(nsec)), 9)
}

// encodeBigInt writes a big.Int as a Smile BigInteger.
func encodeBigInt(e *encodeState, p unsafe.Pointer) error {
	return e.w.WriteBigInt((*big.Int)(p))
}

// encodeDecimal writes a Decimal as a Smile BigDecimal.
func encodeDecimal(e *encodeState, p unsafe.Pointer) error {
	d := (*Decimal)(p)
	u := d.Unscaled
	if u == nil {
		u = zeroBigInt
	}
	return e.w.WriteBigDecimal(u, d.Scale)
}

// encodeNumber writes a Number or a json.Number (both strings) as the
// smallest Smile number that holds it exactly; see writeNumber.
func encodeNumber(e *encodeState, p unsafe.Pointer) error {
	return e.writeNumber(*(*string)(p))
}

// writeNumber writes the number literal s: as an integer when it parses as
// an int64, as a BigInteger when it is a larger integer, and otherwise as
// a BigDecimal with the digits and scale of its text ("1.50" keeps its
// scale 2; "1e3" is 1 with scale -3). An empty s is 0, as in
// encoding/json; any other text that is not a JSON number is an
// *UnsupportedValueError.
func (e *encodeState) writeNumber(s string) error {
	if s == "" {
		s = "0"
	}
	if i, err := strconv.ParseInt(s, 10, 64); err == nil {
		return e.w.WriteInt(i)
	}
	bad := func(why string) error {
		return &UnsupportedValueError{Value: reflect.ValueOf(s), Str: why + " " + strconv.Quote(s)}
	}
	if !isValidNumber(s) { // decode_special.go
		return bad("invalid number literal")
	}
	mant, expText, hasExp := strings.Cut(strings.ToLower(s), "e")
	intPart, frac, hasDot := strings.Cut(mant, ".")
	if !hasExp && !hasDot {
		v, _ := new(big.Int).SetString(intPart, 10)
		return e.w.WriteBigInt(v)
	}
	scale := int64(len(frac))
	if hasExp {
		exp, err := strconv.ParseInt(expText, 10, 64)
		if err != nil {
			return bad("number exponent out of range in")
		}
		scale -= exp
	}
	if scale != int64(int32(scale)) {
		return bad("number exponent out of range in")
	}
	v, _ := new(big.Int).SetString(intPart+frac, 10)
	return e.w.WriteBigDecimal(v, int32(scale))
}

// marshalerEncoder calls MarshalSmile on values of t and replays the
// document it returns. A nil pointer is written as null without a call.
func marshalerEncoder(t reflect.Type) encoderFunc {
	rtt := rt.TypeOf(t)
	isPtr := t.Kind() == reflect.Pointer
	return func(e *encodeState, p unsafe.Pointer) error {
		if isPtr && rt.Deref(p) == nil {
			return e.w.WriteNull()
		}
		return e.callMarshaler(rtt.Value(p).(Marshaler), t)
	}
}

// addrMarshalerEncoder calls MarshalSmile, which has a pointer receiver, on
// addressable values of t.
func addrMarshalerEncoder(t reflect.Type) encoderFunc {
	rtt := rt.TypeOf(t)
	return func(e *encodeState, p unsafe.Pointer) error {
		return e.callMarshaler(rtt.PtrValue(p).(Marshaler), t)
	}
}

// callMarshaler writes what m.MarshalSmile returns.
func (e *encodeState) callMarshaler(m Marshaler, t reflect.Type) error {
	b, err := m.MarshalSmile()
	if err == nil {
		err = e.replay(b)
	}
	if err != nil {
		return &MarshalerError{Type: t, Err: err, sourceFunc: "MarshalSmile"}
	}
	return nil
}

// binaryMarshalerEncoder returns the encoder of a type t with a
// MarshalBinary method usable for values of t (a pointer receiver only
// when addr), or nil. With EncOptions.BinaryMarshalers it writes what
// MarshalBinary returns as Smile binary (a nil pointer as null, without a
// call); without it, what t's encoder without the method writes. Modes
// share the per-type encoders, so the option is tested here, for these
// types only.
func binaryMarshalerEncoder(t reflect.Type, addr bool) encoderFunc {
	useAddr := t.Kind() != reflect.Pointer && addr && reflect.PointerTo(t).Implements(binaryMarshalerType)
	if !useAddr && !t.Implements(binaryMarshalerType) {
		return nil
	}
	other := newJSONTextOrKindEncoder(t, addr)
	rtt := rt.TypeOf(t)
	isPtr := t.Kind() == reflect.Pointer
	return func(e *encodeState, p unsafe.Pointer) error {
		if !e.cfg.opts.BinaryMarshalers {
			return other(e, p)
		}
		var m encoding.BinaryMarshaler
		switch {
		case useAddr:
			m = rtt.PtrValue(p).(encoding.BinaryMarshaler)
		case isPtr && rt.Deref(p) == nil:
			return e.w.WriteNull()
		default:
			m = rtt.Value(p).(encoding.BinaryMarshaler)
		}
		b, err := m.MarshalBinary()
		if err != nil {
			return &MarshalerError{Type: t, Err: err, sourceFunc: "MarshalBinary"}
		}
		return e.w.WriteBinary(b)
	}
}

// textMarshalerEncoder writes what MarshalText returns as a string. A nil
// pointer is written as null without a call.
func textMarshalerEncoder(t reflect.Type) encoderFunc {
	rtt := rt.TypeOf(t)
	isPtr := t.Kind() == reflect.Pointer
	return func(e *encodeState, p unsafe.Pointer) error {
		if isPtr && rt.Deref(p) == nil {
			return e.w.WriteNull()
		}
		return e.callTextMarshaler(rtt.Value(p).(encoding.TextMarshaler), t)
	}
}

// addrTextMarshalerEncoder calls MarshalText, which has a pointer
// receiver, on addressable values of t.
func addrTextMarshalerEncoder(t reflect.Type) encoderFunc {
	rtt := rt.TypeOf(t)
	return func(e *encodeState, p unsafe.Pointer) error {
		return e.callTextMarshaler(rtt.PtrValue(p).(encoding.TextMarshaler), t)
	}
}

// callTextMarshaler writes what m.MarshalText returns as a string value.
func (e *encodeState) callTextMarshaler(m encoding.TextMarshaler, t reflect.Type) error {
	b, err := m.MarshalText()
	if err != nil {
		return &MarshalerError{Type: t, Err: err, sourceFunc: "MarshalText"}
	}
	if utf8.Valid(b) {
		return e.w.WriteStringBytes(b)
	}
	return e.writeString(string(b))
}

// jsonMarshalerEncoder calls MarshalJSON on values of t and writes the
// JSON it returns as Smile tokens, through e.w like any other value, so
// that names and strings share its tables. A nil pointer is written as
// null without a call. With EncOptions.IgnoreJSONMethods it writes the
// value with fallback, the encoder t would have without MarshalJSON.
func jsonMarshalerEncoder(t reflect.Type, fallback encoderFunc) encoderFunc {
	rtt := rt.TypeOf(t)
	isPtr := t.Kind() == reflect.Pointer
	return func(e *encodeState, p unsafe.Pointer) error {
		if e.cfg.opts.IgnoreJSONMethods {
			return fallback(e, p)
		}
		if isPtr && rt.Deref(p) == nil {
			return e.w.WriteNull()
		}
		return e.callJSONMarshaler(rtt.Value(p).(json.Marshaler), t)
	}
}

// addrJSONMarshalerEncoder calls MarshalJSON, which has a pointer
// receiver, on addressable values of t; see jsonMarshalerEncoder.
func addrJSONMarshalerEncoder(t reflect.Type, fallback encoderFunc) encoderFunc {
	rtt := rt.TypeOf(t)
	return func(e *encodeState, p unsafe.Pointer) error {
		if e.cfg.opts.IgnoreJSONMethods {
			return fallback(e, p)
		}
		return e.callJSONMarshaler(rtt.PtrValue(p).(json.Marshaler), t)
	}
}

// callJSONMarshaler writes what m.MarshalJSON returns, one JSON value, as
// Smile tokens. Numbers become what Jackson makes of JSON numbers: an
// integer (int32, int64 or BigInteger by magnitude) or a float64.
func (e *encodeState) callJSONMarshaler(m json.Marshaler, t reflect.Type) error {
	b, err := m.MarshalJSON()
	if err == nil {
		// The caller of Marshal cannot change the options the JSON is
		// read with: its errors give no advice, as replay's.
		if err = transcode.WriteValue(e.w, b, transcode.FromJSON{}); err != nil {
			hint.Relabel(err, replayVocab)
		}
	}
	if err != nil {
		return &MarshalerError{Type: t, Err: err, sourceFunc: "MarshalJSON"}
	}
	return nil
}

// marshalerIfaceEncoder writes the values of t, an interface type with a
// MarshalSmile, MarshalJSON or MarshalText method, as the value each
// holds is written. As in encoding/json, a nil pointer held is given to
// its method (which may write something else than null) when the method
// has a pointer receiver, rather than written as null; see
// encodeNilMarshaler.
func marshalerIfaceEncoder(t reflect.Type) encoderFunc {
	// An interface type whose only marshaling method is MarshalJSON is an
	// ordinary interface with IgnoreJSONMethods.
	onlyJSON := !t.Implements(marshalerType) && !t.Implements(textMarshalerType)
	return func(e *encodeState, p unsafe.Pointer) error {
		v := rt.Iface(p)
		if _, data := rt.Unpack(v); v != nil && data == nil && !(onlyJSON && e.cfg.opts.IgnoreJSONMethods) {
			if vt := reflect.TypeOf(v); vt.Kind() == reflect.Pointer {
				return e.encodeNilMarshaler(v, vt)
			}
		}
		return e.encodeAny(v)
	}
}

// encodeNilMarshaler writes v, a nil pointer of type vt held in an
// interface whose type has a marshaling method, by the method its type
// would be written with (MarshalSmile, MarshalJSON unless
// IgnoreJSONMethods, MarshalText), called on the nil pointer. When that
// method has a value receiver, which a nil pointer cannot be given to
// (encoding/json panics there), and for the types with a Smile form of
// their own, it writes null.
func (e *encodeState) encodeNilMarshaler(v any, vt reflect.Type) error {
	if isSpecialType(vt.Elem()) {
		return e.w.WriteNull()
	}
	// byPointer says that vt's method of iface has a pointer receiver.
	byPointer := func(iface reflect.Type) bool { return !vt.Elem().Implements(iface) }
	switch {
	case vt.Implements(marshalerType):
		if byPointer(marshalerType) {
			return e.callMarshaler(v.(Marshaler), vt)
		}
	case !e.cfg.opts.IgnoreJSONMethods && vt.Implements(jsonMarshalerType):
		if byPointer(jsonMarshalerType) {
			return e.callJSONMarshaler(v.(json.Marshaler), vt)
		}
	case vt.Implements(textMarshalerType):
		if byPointer(textMarshalerType) {
			return e.callTextMarshaler(v.(encoding.TextMarshaler), vt)
		}
	}
	return e.w.WriteNull()
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
