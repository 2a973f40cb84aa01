package smile

import (
	"encoding/base64"
	"fmt"
	"math"
	"math/big"
	"reflect"
	"strconv"
	"unsafe"

	"github.com/go-smile/smile/internal/rt"
	"github.com/go-smile/smile/stream"
)

func boolDecoder(t reflect.Type) decoderFunc {
	return func(d *decodeState, p unsafe.Pointer) error {
		switch d.tok.Kind {
		case stream.KindTrue:
			*(*bool)(p) = true
		case stream.KindFalse:
			*(*bool)(p) = false
		case stream.KindNull:
		default:
			return d.typeError(t)
		}
		return nil
	}
}

// intDecoder returns the decoder of a signed integer kind.
func intDecoder(t reflect.Type) decoderFunc {
	switch t.Size() {
	case 1:
		return func(d *decodeState, p unsafe.Pointer) error {
			v, ok, err := d.intValue(t, math.MinInt8, math.MaxInt8)
			if ok {
				*(*int8)(p) = int8(v)
			}
			return err
		}
	case 2:
		return func(d *decodeState, p unsafe.Pointer) error {
			v, ok, err := d.intValue(t, math.MinInt16, math.MaxInt16)
			if ok {
				*(*int16)(p) = int16(v)
			}
			return err
		}
	case 4:
		return func(d *decodeState, p unsafe.Pointer) error {
			v, ok, err := d.intValue(t, math.MinInt32, math.MaxInt32)
			if ok {
				*(*int32)(p) = int32(v)
			}
			return err
		}
	}
	return func(d *decodeState, p unsafe.Pointer) error {
		v, ok, err := d.intValue(t, math.MinInt64, math.MaxInt64)
		if ok {
			*(*int64)(p) = v
		}
		return err
	}
}

// uintDecoder returns the decoder of an unsigned integer kind.
func uintDecoder(t reflect.Type) decoderFunc {
	switch t.Size() {
	case 1:
		return func(d *decodeState, p unsafe.Pointer) error {
			v, ok, err := d.uintValue(t, math.MaxUint8)
			if ok {
				*(*uint8)(p) = uint8(v)
			}
			return err
		}
	case 2:
		return func(d *decodeState, p unsafe.Pointer) error {
			v, ok, err := d.uintValue(t, math.MaxUint16)
			if ok {
				*(*uint16)(p) = uint16(v)
			}
			return err
		}
	case 4:
		return func(d *decodeState, p unsafe.Pointer) error {
			v, ok, err := d.uintValue(t, math.MaxUint32)
			if ok {
				*(*uint32)(p) = uint32(v)
			}
			return err
		}
	}
	return func(d *decodeState, p unsafe.Pointer) error {
		v, ok, err := d.uintValue(t, math.MaxUint64)
		if ok {
			*(*uint64)(p) = v
		}
		return err
	}
}

// intValue returns the current token as an integer in [lo, hi]. ok is
// false for null (nothing to store) and after a type error (saved).
func (d *decodeState) intValue(t reflect.Type, lo, hi int64) (v int64, ok bool, err error) {
	switch d.tok.Kind {
	case stream.KindInt:
		v = d.tok.Int()
		if v < lo || v > hi {
			return 0, false, d.typeErrorErr(t, strconv.ErrRange)
		}
		return v, true, nil
	case stream.KindBigInt:
		v, fits := bigBytesInt64(d.tok.BigIntBytes())
		if !fits || v < lo || v > hi {
			return 0, false, d.typeErrorErr(t, strconv.ErrRange)
		}
		return v, true, nil
	case stream.KindNull:
		return 0, false, nil
	}
	return 0, false, d.typeError(t)
}

// uintValue returns the current token as an unsigned integer up to hi.
func (d *decodeState) uintValue(t reflect.Type, hi uint64) (v uint64, ok bool, err error) {
	switch d.tok.Kind {
	case stream.KindInt:
		i := d.tok.Int()
		if i < 0 || uint64(i) > hi {
			return 0, false, d.typeErrorErr(t, strconv.ErrRange)
		}
		return uint64(i), true, nil
	case stream.KindBigInt:
		v, fits := bigBytesUint64(d.tok.BigIntBytes())
		if !fits || v > hi {
			return 0, false, d.typeErrorErr(t, strconv.ErrRange)
		}
		return v, true, nil
	case stream.KindNull:
		return 0, false, nil
	}
	return 0, false, d.typeError(t)
}

// trimBig strips redundant sign bytes from big-endian two's-complement b.
func trimBig(b []byte) []byte {
	for len(b) > 1 && (b[0] == 0 && b[1]&0x80 == 0 || b[0] == 0xFF && b[1]&0x80 != 0) {
		b = b[1:]
	}
	return b
}

// bigBytesInt64 converts big-endian two's-complement bytes to an int64,
// reporting whether the value fits.
func bigBytesInt64(b []byte) (int64, bool) {
	b = trimBig(b)
	if len(b) > 8 {
		return 0, false
	}
	if len(b) == 0 {
		return 0, true
	}
	var v int64
	if b[0]&0x80 != 0 {
		v = -1
	}
	for _, c := range b {
		v = v<<8 | int64(c)
	}
	return v, true
}

// bigBytesUint64 converts big-endian two's-complement bytes to a uint64,
// reporting whether the value is non-negative and fits.
func bigBytesUint64(b []byte) (uint64, bool) {
	b = trimBig(b)
	if len(b) > 0 && b[0]&0x80 != 0 {
		return 0, false
	}
	if len(b) == 9 && b[0] == 0 {
		b = b[1:]
	}
	if len(b) > 8 {
		return 0, false
	}
	var v uint64
	for _, c := range b {
		v = v<<8 | uint64(c)
	}
	return v, true
}

func float64Decoder(t reflect.Type) decoderFunc {
	return func(d *decodeState, p unsafe.Pointer) error {
		var f float64
		switch d.tok.Kind {
		case stream.KindFloat64, stream.KindFloat32:
			f = d.tok.Float64()
		case stream.KindInt:
			f = float64(d.tok.Int())
		case stream.KindBigInt:
			f, _ = new(big.Float).SetInt(d.tok.BigInt()).Float64()
			if math.IsInf(f, 0) {
				return d.typeErrorErr(t, strconv.ErrRange)
			}
		case stream.KindBigDecimal:
			var err error
			if f, err = d.bigDecimalFloat(64); err != nil {
				return d.typeErrorErr(t, strconv.ErrRange)
			}
		case stream.KindNull:
			return nil
		default:
			return d.typeError(t)
		}
		*(*float64)(p) = f
		return nil
	}
}

func float32Decoder(t reflect.Type) decoderFunc {
	return func(d *decodeState, p unsafe.Pointer) error {
		var f float32
		switch d.tok.Kind {
		case stream.KindFloat32:
			f = d.tok.Float32()
		case stream.KindFloat64:
			f64 := d.tok.Float64()
			if a := math.Abs(f64); a > math.MaxFloat32 && !math.IsInf(a, 0) {
				return d.typeErrorErr(t, strconv.ErrRange)
			}
			f = float32(f64)
		case stream.KindInt:
			f = float32(d.tok.Int())
		case stream.KindBigInt:
			f, _ = new(big.Float).SetInt(d.tok.BigInt()).Float32()
			if math.IsInf(float64(f), 0) {
				return d.typeErrorErr(t, strconv.ErrRange)
			}
		case stream.KindBigDecimal:
			f64, err := d.bigDecimalFloat(32)
			if err != nil {
				return d.typeErrorErr(t, strconv.ErrRange)
			}
			f = float32(f64)
		case stream.KindNull:
			return nil
		default:
			return d.typeError(t)
		}
		*(*float32)(p) = f
		return nil
	}
}

// bigDecimalFloat rounds the current BigDecimal token to a float of the
// given size; it fails when the value overflows.
func (d *decodeState) bigDecimalFloat(bits int) (float64, error) {
	u, s := d.tok.BigDecimal()
	// ParseFloat rounds correctly, gives ±Inf with an error on overflow,
	// and rounds an underflow to zero without one.
	return strconv.ParseFloat(Decimal{Unscaled: u, Scale: s}.String(), bits)
}

func stringDecoder(t reflect.Type) decoderFunc {
	return func(d *decodeState, p unsafe.Pointer) error {
		switch d.tok.Kind {
		case stream.KindString:
			*(*string)(p) = d.str()
		case stream.KindNull:
		default:
			return d.typeError(t)
		}
		return nil
	}
}

// bytesDecoder is the decoder of slices of a uint8 kind: Smile binary, a
// string in standard base64 (as encoding/json), or an array of elements,
// each decoded by the element type's decoder.
func bytesDecoder(t reflect.Type) decoderFunc {
	arr := newSliceDecoder(t)
	return func(d *decodeState, p unsafe.Pointer) error {
		bp := (*[]byte)(p)
		switch d.tok.Kind {
		case stream.KindBinary:
			b := d.tok.Bytes()
			if err := d.charge(len(b)); err != nil {
				return err
			}
			out := make([]byte, len(b))
			copy(out, b)
			*bp = out
		case stream.KindString:
			s := d.tok.Bytes()
			if err := d.charge(base64.StdEncoding.DecodedLen(len(s))); err != nil {
				return err
			}
			out := make([]byte, base64.StdEncoding.DecodedLen(len(s)))
			n, err := base64.StdEncoding.Decode(out, s)
			if err != nil {
				return d.typeErrorErr(t, err)
			}
			*bp = out[:n]
		case stream.KindNull:
			*bp = nil
		case stream.KindStartArray:
			return arr(d, p)
		default:
			return d.typeError(t)
		}
		return nil
	}
}

// byteArrayDecoder is the decoder of [N]byte: Smile binary of exactly N
// bytes (another length is an *UnmarshalTypeError, and the array is left
// as it was), or an array of integers (extra elements dropped, missing
// ones zeroed, as for every Go array).
func byteArrayDecoder(t reflect.Type) decoderFunc {
	n := t.Len()
	arr := newArrayDecoder(t)
	return func(d *decodeState, p unsafe.Pointer) error {
		switch d.tok.Kind {
		case stream.KindBinary:
			b := d.tok.Bytes()
			if len(b) != n {
				return d.typeErrorErr(t, binaryLengthError(len(b), n))
			}
			copy(rt.Bytes(p, n), b)
		case stream.KindNull:
		case stream.KindStartArray:
			return arr(d, p)
		default:
			return d.typeError(t)
		}
		return nil
	}
}

// binaryLengthError is the cause of the error for a binary value of got
// bytes decoded into an array of want bytes.
func binaryLengthError(got, want int) error {
	return fmt.Errorf("binary of %d bytes for an array of %d", got, want)
}

// scalarKind names the Go types whose common values the loops over struct
// fields and slice elements store themselves, without calling the
// type's decoder: a call saved per value, on the hottest path.
// go-smile's own Ir per Unmarshal, scalarKindOf returning scalarNone for
// every type -> as it is (BIN=<bench test> N=20 sh bench/callgrind.sh
// Unmarshal/twitter ..., on 2026-12-01): twitter 5.341M -> 4.669M (-12.6%),
// citm_catalog 12.604M -> 11.378M (-9.7%), medium 54860 -> 48286 (-12.0%).
type scalarKind uint8

const (
	scalarNone    scalarKind = iota // always call the decoder
	scalarString                    // a string kind
	scalarInt64                     // a 64-bit signed integer kind
	scalarFloat64                   // float64 kind
	scalarBool                      // bool kind
	scalarPointer                   // a pointer kind: only null, as nil
	scalarSlice                     // a slice decoded element by element, in struct fields only: [] as empty, and the start of an array
)

// scalarKindOf returns the scalarKind of t: scalarNone unless t is decoded
// by the plain decoder of its kind (see newTypeDecoder).
func scalarKindOf(t reflect.Type) scalarKind {
	switch t {
	case numberType, jsonNumberType:
		return scalarNone
	}
	if hasUnmarshalMethod(reflect.PointerTo(t)) {
		return scalarNone
	}
	switch t.Kind() {
	case reflect.String:
		return scalarString
	case reflect.Int, reflect.Int64:
		if t.Size() == 8 {
			return scalarInt64
		}
	case reflect.Float64:
		return scalarFloat64
	case reflect.Bool:
		return scalarBool
	case reflect.Pointer: // newPtrDecoder, which sets nil for null
		return scalarPointer
	case reflect.Slice: // newSliceDecoder, which sets an empty slice for []
		if t.Elem().Kind() != reflect.Uint8 {
			return scalarSlice
		}
	}
	return scalarNone
}

// readScalar reads the next value and stores it at p, a value of kind k,
// when it is the common form of the kind's own Smile type: a short string
// or a string back-reference for a string, an integer token for an int64,
// a 64-bit float token for a float64, true or false for a bool, null for
// a pointer (see stream.Reader.ReadString, ReadInt, ReadFloat64, ReadBool
// and ReadNull). It reports
// false, having read nothing, for every other value: the caller reads its
// token and decodes it. d.tok is left as it was.
func (d *decodeState) readScalar(k scalarKind, p unsafe.Pointer) (bool, error) {
	switch k {
	case scalarString:
		if b, ok := export.TryStringAppend(d.r, &d.arena); ok {
			*(*string)(p) = rt.String(b)
			return true, nil
		}
		b, slot, ok, err := export.TryString(d.r)
		if ok {
			*(*string)(p) = d.strOf(b, slot)
		}
		return ok, err
	case scalarInt64:
		v, ok := export.TryInt(d.r)
		if ok {
			*(*int64)(p) = v
		}
		return ok, nil
	case scalarFloat64:
		v, ok := export.TryFloat64(d.r)
		if ok {
			*(*float64)(p) = v
		}
		return ok, nil
	case scalarBool:
		v, ok := export.TryBool(d.r)
		if ok {
			*(*bool)(p) = v
		}
		return ok, nil
	case scalarPointer:
		ok := export.TryNull(d.r)
		if ok {
			rt.SetPointer(p, nil)
		}
		return ok, nil
	}
	return false, nil
}

// storeScalar stores the current token at p, a value of kind k, when it
// is of the kind's own Smile type (a string for a string, an integer for
// an int64, null for a pointer, and so on), and reports whether it did.
// Everything else (other nulls, other numbers, type errors) is left to the
// type's decoder, which gives the same result for these tokens.
func (d *decodeState) storeScalar(k scalarKind, p unsafe.Pointer) bool {
	switch k {
	case scalarString:
		if d.tok.Kind == stream.KindString {
			*(*string)(p) = d.str()
			return true
		}
	case scalarInt64:
		if d.tok.Kind == stream.KindInt {
			*(*int64)(p) = d.tok.Int()
			return true
		}
	case scalarFloat64:
		if d.tok.Kind == stream.KindFloat64 {
			*(*float64)(p) = d.tok.Float64()
			return true
		}
	case scalarBool:
		switch d.tok.Kind {
		case stream.KindTrue:
			*(*bool)(p) = true
			return true
		case stream.KindFalse:
			*(*bool)(p) = false
			return true
		}
	case scalarPointer:
		if d.tok.Kind == stream.KindNull {
			rt.SetPointer(p, nil)
			return true
		}
	}
	return false
}

// storeInt stores v, already range-checked, in the signed integer of the
// given bit size at p.
func storeInt(p unsafe.Pointer, bits int, v int64) {
	switch bits {
	case 8:
		*(*int8)(p) = int8(v)
	case 16:
		*(*int16)(p) = int16(v)
	case 32:
		*(*int32)(p) = int32(v)
	default:
		*(*int64)(p) = v
	}
}

// storeUint stores v, already range-checked, in the unsigned integer of
// the given bit size at p.
func storeUint(p unsafe.Pointer, bits int, v uint64) {
	switch bits {
	case 8:
		*(*uint8)(p) = uint8(v)
	case 16:
		*(*uint16)(p) = uint16(v)
	case 32:
		*(*uint32)(p) = uint32(v)
	default:
		*(*uint64)(p) = v
	}
}
