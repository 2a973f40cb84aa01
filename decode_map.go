package smile

import (
	"encoding"
	"errors"
	"reflect"
	"strconv"
	"unsafe"

	"github.com/go-smile/smile/internal/rt"
	"github.com/go-smile/smile/stream"
)

type mapKeyDecFunc func(d *decodeState, kp unsafe.Pointer) (bool, error)

// mapKeyDecoder returns how keys of type kt are decoded, by encoding/json's
// rules: encoding.TextUnmarshaler first (see decodesKeyByText), then
// string kinds, then integer kinds. It returns nil for other key types.
func mapKeyDecoder(kt reflect.Type) mapKeyDecFunc {
	if decodesKeyByText(kt) {
		typ := rt.TypeOf(kt)
		return func(d *decodeState, kp unsafe.Pointer) (bool, error) {
			typ.Zero(kp)
			u := typ.PtrValue(kp).(encoding.TextUnmarshaler)
			if err := u.UnmarshalText(d.tok.Bytes()); err != nil {
				return false, d.methodError(kt, d.offset(), err)
			}
			return true, nil
		}
	}
	switch kt.Kind() {
	case reflect.String:
		return func(d *decodeState, kp unsafe.Pointer) (bool, error) {
			*(*string)(kp) = d.key()
			return true, nil
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		bits := int(kt.Size() * 8)
		return func(d *decodeState, kp unsafe.Pointer) (bool, error) {
			s := d.tok.Bytes()
			v, err := strconv.ParseInt(string(s), 10, bits)
			if err != nil {
				d.saveError(&UnmarshalTypeError{Value: "key " + strconv.Quote(string(s)), Type: kt, Offset: d.offset(), Field: d.pathString(), Err: numErrCause(err)})
				return false, nil
			}
			storeInt(kp, bits, v)
			return true, nil
		}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		bits := int(kt.Size() * 8)
		return func(d *decodeState, kp unsafe.Pointer) (bool, error) {
			s := d.tok.Bytes()
			v, err := strconv.ParseUint(string(s), 10, bits)
			if err != nil {
				d.saveError(&UnmarshalTypeError{Value: "key " + strconv.Quote(string(s)), Type: kt, Offset: d.offset(), Field: d.pathString(), Err: numErrCause(err)})
				return false, nil
			}
			storeUint(kp, bits, v)
			return true, nil
		}
	}
	return nil
}

// decodesKeyByText reports whether keys of type kt are decoded by its
// UnmarshalText method: *kt implements encoding.TextUnmarshaler and kt is
// not Number. Number keys are strings taken as they are, as json.Number's,
// the way Marshal writes them (by their string kind, as encoding/json
// writes string kinds), whatever text they hold.
func decodesKeyByText(kt reflect.Type) bool {
	return kt != numberType && reflect.PointerTo(kt).Implements(textUnmarshalerType)
}

// numErrCause returns the cause inside a *strconv.NumError.
func numErrCause(err error) error {
	var ne *strconv.NumError
	if errors.As(err, &ne) {
		return ne.Err
	}
	return err
}

// newMapDecoder decodes an object into a map, merging into an existing map
// (allocated when nil). null sets the map to nil.
func newMapDecoder(t reflect.Type) decoderFunc {
	keyDec := mapKeyDecoder(t.Key())
	if keyDec == nil {
		return func(d *decodeState, p unsafe.Pointer) error {
			if d.tok.Kind == stream.KindNull {
				rt.SetPointer(p, nil)
				return nil
			}
			return d.typeError(t)
		}
	}
	if t.Key().Kind() == reflect.String && t.Elem() == anyType && !decodesKeyByText(t.Key()) {
		return mapStringAnyDecoder(t)
	}
	if t.Key() == stringType && t.Elem() == stringType {
		return mapStringStringDecoder(t)
	}
	mt := rt.NewMapType(t)
	dec := typeDecoder(t.Elem())
	// An entry's size, for the memory budget: as the map lays it out
	// (rounded to 8 bytes), its value charged as a typed element.
	slot := (int(t.Key().Size()) + typedCharge(int(t.Elem().Size())) + 7) &^ 7
	strKey := t.Key().Kind() == reflect.String && !decodesKeyByText(t.Key())
	return func(d *decodeState, p unsafe.Pointer) error {
		switch d.tok.Kind {
		case stream.KindStartObject:
		case stream.KindNull:
			rt.SetPointer(p, nil)
			return nil
		default:
			return d.typeError(t)
		}
		if mt.IsNil(p) {
			if err := d.charge(mapBytes(0, slot)); err != nil {
				return err
			}
			mt.MakeSized(p, 0)
		}
		kp, ep := mt.Key.New(), mt.Elem.New()
		n := 0
		d.pushKey("")
		for {
			if strKey {
				// Keys come as bytes, without a Token.
				k, ok, err := d.nextKey()
				if err != nil {
					return err
				}
				if !ok {
					break
				}
				if n++; n > d.maxLen() {
					return d.containerLimit(n)
				}
				*(*string)(kp) = k
				d.setKey(k)
			} else {
				if err := d.next(); err != nil {
					return err
				}
				if d.tok.Kind == stream.KindEndObject {
					break
				}
				if n++; n > d.maxLen() {
					return d.containerLimit(n)
				}
				d.setKey(d.key())
				ok, err := keyDec(d, kp)
				if err != nil {
					return err
				}
				if !ok {
					if err := d.r.SkipValue(); err != nil {
						return d.fatal(err)
					}
					continue
				}
			}
			if err := d.next(); err != nil {
				return err
			}
			mt.Elem.Zero(ep)
			if err := dec(d, ep); err != nil {
				return err
			}
			if g := mapGrowth(n, slot); g > 0 {
				if err := d.charge(g); err != nil {
					return err
				}
			}
			mt.SetIndex(p, kp, ep)
		}
		d.pop()
		return nil
	}
}

// mapStringStringDecoder is newMapDecoder for map[string]string and named
// types of it, without reflection.
func mapStringStringDecoder(t reflect.Type) decoderFunc {
	elem := t.Elem()
	return func(d *decodeState, p unsafe.Pointer) error {
		mp := (*map[string]string)(p)
		switch d.tok.Kind {
		case stream.KindStartObject:
		case stream.KindNull:
			*mp = nil
			return nil
		default:
			return d.typeError(t)
		}
		if *mp == nil {
			if err := d.charge(mapBytes(0, 0)); err != nil {
				return err
			}
			*mp = make(map[string]string)
		}
		m := *mp
		n := 0
		d.pushKey("")
		for {
			k, ok, err := d.nextKey()
			if err != nil {
				return err
			}
			if !ok {
				break
			}
			if n++; n > d.maxLen() {
				return d.containerLimit(n)
			}
			d.setKey(k)
			// A string value is read without a token (see readScalar).
			// go-smile's own Ir per Unmarshal (BIN=... sh
			// bench/callgrind.sh, N=20, N=1000 for medium), every value
			// through d.next -> as here: medium 43266 -> 43036,
			// citm_catalog 10.241M -> 10.236M.
			var v string // stored even after a type error, as by newMapDecoder
			if b, ok := export.TryStringAppend(d.r, &d.arena); ok {
				v = rt.String(b)
			} else if b, slot, ok, err := export.TryString(d.r); err != nil {
				return err
			} else if ok {
				v = d.strOf(b, slot)
			} else if err := d.next(); err != nil {
				return err
			} else {
				switch d.tok.Kind {
				case stream.KindString:
					v = d.str()
				case stream.KindNull:
				default:
					if err := d.typeError(elem); err != nil {
						return err
					}
				}
			}
			if g := mapGrowth(n, 2*rt.StringSize); g > 0 {
				if err := d.charge(g); err != nil {
					return err
				}
			}
			m[k] = v
		}
		d.pop()
		return nil
	}
}

// mapStringAnyDecoder is newMapDecoder for map[string]any and types with the
// same layout, without reflection.
func mapStringAnyDecoder(t reflect.Type) decoderFunc {
	return func(d *decodeState, p unsafe.Pointer) error {
		mp := (*map[string]any)(p)
		switch d.tok.Kind {
		case stream.KindStartObject:
		case stream.KindNull:
			*mp = nil
			return nil
		default:
			return d.typeError(t)
		}
		if *mp == nil {
			if err := d.charge(mapBytes(0, 0)); err != nil {
				return err
			}
			*mp = make(map[string]any)
		}
		return d.objectInto(*mp)
	}
}

// structDec is the decoder of one struct type.
