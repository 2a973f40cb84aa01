package smile

import (
	"encoding"
	"encoding/json"
	"reflect"
	"unicode/utf8"
	"unsafe"

	"github.com/go-smile/smile/internal/hint"
	"github.com/go-smile/smile/internal/rt"
	"github.com/go-smile/smile/internal/transcode"
)

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
		// Its nesting is bound by EncOptions.MaxDepth, counted from the
		// document's root: the Writer refuses what goes deeper.
		room := max(e.cfg.opts.MaxDepth-e.w.Depth(), 1)
		if err = transcode.WriteValue(e.w, b, transcode.FromJSON{MaxDepth: room}); err != nil {
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
	saved, err := export.BeginOneValue(e.w)
	if err != nil {
		return &MarshalerError{Type: t, Err: err, sourceFunc: "MarshalSmileTo"}
	}
	err = m.MarshalSmileTo(e.w)
	if endErr := export.EndOneValue(e.w, saved); err == nil {
		err = endErr
	}
	if err != nil {
		return &MarshalerError{Type: t, Err: err, sourceFunc: "MarshalSmileTo"}
	}
	return nil
}
