package smile

import (
	"reflect"
	"strconv"
	"unicode/utf8"
	"unsafe"
)

func encodeBool(e *encodeState, p unsafe.Pointer) error   { return e.w.WriteBool(*(*bool)(p)) }
func encodeInt(e *encodeState, p unsafe.Pointer) error    { return e.w.WriteInt(int64(*(*int)(p))) }
func encodeInt8(e *encodeState, p unsafe.Pointer) error   { return e.w.WriteInt(int64(*(*int8)(p))) }
func encodeInt16(e *encodeState, p unsafe.Pointer) error  { return e.w.WriteInt(int64(*(*int16)(p))) }
func encodeInt32(e *encodeState, p unsafe.Pointer) error  { return e.w.WriteInt(int64(*(*int32)(p))) }
func encodeInt64(e *encodeState, p unsafe.Pointer) error  { return e.w.WriteInt(*(*int64)(p)) }
func encodeUint(e *encodeState, p unsafe.Pointer) error   { return e.w.WriteUint(uint64(*(*uint)(p))) }
func encodeUint8(e *encodeState, p unsafe.Pointer) error  { return e.w.WriteInt(int64(*(*uint8)(p))) }
func encodeUint16(e *encodeState, p unsafe.Pointer) error { return e.w.WriteInt(int64(*(*uint16)(p))) }
func encodeUint32(e *encodeState, p unsafe.Pointer) error { return e.w.WriteInt(int64(*(*uint32)(p))) }
func encodeUint64(e *encodeState, p unsafe.Pointer) error { return e.w.WriteUint(*(*uint64)(p)) }
func encodeUintptr(e *encodeState, p unsafe.Pointer) error {
	return e.w.WriteUint(uint64(*(*uintptr)(p)))
}

// encodeFloat32 writes a Smile float32. NaN and the infinities are written
// as such (Smile floats are IEEE 754 bits), where encoding/json fails.
func encodeFloat32(e *encodeState, p unsafe.Pointer) error { return e.w.WriteFloat32(*(*float32)(p)) }

// encodeFloat64 writes a Smile float64; see encodeFloat32.
func encodeFloat64(e *encodeState, p unsafe.Pointer) error { return e.w.WriteFloat64(*(*float64)(p)) }

// encodeString writes a string; see writeString.
func encodeString(e *encodeState, p unsafe.Pointer) error { return e.writeString(*(*string)(p)) }

// writeString writes s as a string value. Invalid UTF-8 is an
// *UnsupportedValueError, or with EncOptions.ReplaceInvalidUTF8 each bad
// byte becomes U+FFFD, as in encoding/json.
func (e *encodeState) writeString(s string) error {
	// The Writer checks the UTF-8 itself and writes nothing when it is
	// invalid.
	if err := e.w.WriteString(s); err != nil {
		return e.retryString(s, err)
	}
	return nil
}

// retryString handles the failure err of WriteString(s): when s is not
// valid UTF-8, it writes s fixed or returns fixUTF8's error.
func (e *encodeState) retryString(s string, err error) error {
	if utf8.ValidString(s) {
		return err
	}
	b, err := e.fixUTF8(s)
	if err != nil {
		return err
	}
	return e.w.WriteStringBytes(b)
}

// writeKey writes s as a property name, with writeString's UTF-8 rules.
// s may be a key formatted in e.keyArena, whose bytes change after the
// call: the Writer keeps copies of the names it shares.
func (e *encodeState) writeKey(s string) error {
	err := e.w.WriteKey(s)
	if err == nil || utf8.ValidString(s) {
		return err
	}
	b, err := e.fixUTF8(s)
	if err != nil {
		return err
	}
	return e.w.WriteKeyBytes(b)
}

// fixUTF8 returns s with every invalid byte replaced by U+FFFD, in
// e.scratch, when EncOptions.ReplaceInvalidUTF8 is set, and an
// *UnsupportedValueError otherwise.
func (e *encodeState) fixUTF8(s string) ([]byte, error) {
	if !e.cfg.opts.ReplaceInvalidUTF8 {
		return nil, &UnsupportedValueError{Value: reflect.ValueOf(s), Str: "invalid UTF-8 in string " + strconv.Quote(s) + "; set EncOptions.ReplaceInvalidUTF8 to write each bad byte as U+FFFD"}
	}
	b := e.scratch[:0]
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
			b = append(b, "\uFFFD"...)
		} else {
			b = append(b, s[i:i+n]...)
		}
		i += n
	}
	e.scratch = b
	return b, nil
}
