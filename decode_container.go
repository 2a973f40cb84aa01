package smile

import (
	"encoding"
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"unsafe"

	"github.com/go-smile/smile/internal/rt"
	"github.com/go-smile/smile/stream"
)

// sliceDecoder decodes an array into a slice as encoding/json does: the
// elements are decoded in order, in place for those within the old length,
// the slice grows geometrically as elements arrive, and its length is
// then set to the number of elements. An empty array gives an empty
// non-nil slice; null gives nil.
func sliceDecoder(t reflect.Type) decFunc {
	st := rt.NewSliceType(t)
	dec := decoderOf(t.Elem())
	return func(d *decodeState, p unsafe.Pointer) error {
		switch d.tok.Kind {
		case stream.KindStartArray:
		case stream.KindNull:
			st.SetNil(p)
			return nil
		default:
			return d.typeError(t)
		}
		max := d.cfg.opts.MaxContainerLen
		i := 0
		d.pushIndex(0)
		for {
			if err := d.nextValue(); err != nil {
				return err
			}
			if d.tok.Kind == stream.KindEndArray {
				break
			}
			if i >= max {
				return d.containerLimit(i + 1)
			}
			if i >= st.Cap(p) {
				// Len == Cap == i here; GrowCap keeps the i elements.
				st.SetLen(p, i)
				st.GrowCap(p, growBy(i))
			}
			if i >= st.Len(p) {
				st.SetLen(p, i+1)
			}
			d.setIndex(i)
			if err := dec(d, st.Index(p, i)); err != nil {
				return err
			}
			i++
		}
		d.pop()
		if i == 0 {
			st.SetEmpty(p)
		} else {
			st.SetLen(p, i)
		}
		return nil
	}
}

// growBy returns how many elements to make room for in a full slice of
// n elements: 4 at first, then one (append's policy grows geometrically).
func growBy(n int) int {
	if n == 0 {
		return 4
	}
	return 1
}

// arrayDecoder decodes an array into a Go array: extra elements are
// skipped, missing ones zeroed.
func arrayDecoder(t reflect.Type) decFunc {
	at := rt.NewArrayType(t)
	dec := decoderOf(t.Elem())
	n := at.Len()
	return func(d *decodeState, p unsafe.Pointer) error {
		switch d.tok.Kind {
		case stream.KindStartArray:
		case stream.KindNull:
			return nil
		default:
			return d.typeError(t)
		}
		max := d.cfg.opts.MaxContainerLen
		i := 0
		d.pushIndex(0)
		for {
			if err := d.nextValue(); err != nil {
				return err
			}
			if d.tok.Kind == stream.KindEndArray {
				break
			}
			if i >= max {
				return d.containerLimit(i + 1)
			}
			if i < n {
				d.setIndex(i)
				if err := dec(d, at.Index(p, i)); err != nil {
					return err
				}
			} else if err := d.skipRest(); err != nil {
				return err
			}
			i++
		}
		d.pop()
		for ; i < n; i++ {
			at.Elem.Zero(at.Index(p, i))
		}
		return nil
	}
}

// mapKeyDecFunc stores the current key token into the key value at kp. It
// reports false after saving an error for a key that does not fit.
type mapKeyDecFunc func(d *decodeState, kp unsafe.Pointer) (bool, error)

// mapKeyDecoder returns how keys of type kt are decoded, by encoding/json's
// rules: encoding.TextUnmarshaler first, then string kinds, then integer
// kinds. It returns nil for other key types.
func mapKeyDecoder(kt reflect.Type) mapKeyDecFunc {
	if reflect.PointerTo(kt).Implements(decTextUnmarshalerType) {
		typ := rt.TypeOf(kt)
		return func(d *decodeState, kp unsafe.Pointer) (bool, error) {
			typ.Zero(kp)
			u := typ.PtrValue(kp).(encoding.TextUnmarshaler)
			if err := u.UnmarshalText(d.tok.Bytes()); err != nil {
				return false, err
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
				d.saveError(&UnmarshalTypeError{Value: "key " + strconv.Quote(string(s)), Type: kt, Offset: d.off, Field: d.pathString(), Err: numErrCause(err)})
				return false, nil
			}
			switch bits {
			case 8:
				*(*int8)(kp) = int8(v)
			case 16:
				*(*int16)(kp) = int16(v)
			case 32:
				*(*int32)(kp) = int32(v)
			default:
				*(*int64)(kp) = v
			}
			return true, nil
		}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		bits := int(kt.Size() * 8)
		return func(d *decodeState, kp unsafe.Pointer) (bool, error) {
			s := d.tok.Bytes()
			v, err := strconv.ParseUint(string(s), 10, bits)
			if err != nil {
				d.saveError(&UnmarshalTypeError{Value: "key " + strconv.Quote(string(s)), Type: kt, Offset: d.off, Field: d.pathString(), Err: numErrCause(err)})
				return false, nil
			}
			switch bits {
			case 8:
				*(*uint8)(kp) = uint8(v)
			case 16:
				*(*uint16)(kp) = uint16(v)
			case 32:
				*(*uint32)(kp) = uint32(v)
			default:
				*(*uint64)(kp) = v
			}
			return true, nil
		}
	}
	return nil
}

// numErrCause returns the cause inside a *strconv.NumError.
func numErrCause(err error) error {
	var ne *strconv.NumError
	if errors.As(err, &ne) {
		return ne.Err
	}
	return err
}

// mapDecoder decodes an object into a map, merging into an existing map
// (allocated when nil). null sets the map to nil.
func mapDecoder(t reflect.Type) decFunc {
	keyDec := mapKeyDecoder(t.Key())
	if keyDec == nil {
		return func(d *decodeState, p unsafe.Pointer) error {
			if d.tok.Kind == stream.KindNull {
				*(*unsafe.Pointer)(p) = nil
				return nil
			}
			return d.typeError(t)
		}
	}
	if t.Key().Kind() == reflect.String && t.Elem() == decAnyType && !reflect.PointerTo(t.Key()).Implements(decTextUnmarshalerType) {
		return mapStringAnyDecoder(t)
	}
	mt := rt.NewMapType(t)
	dec := decoderOf(t.Elem())
	strKey := t.Key().Kind() == reflect.String && !reflect.PointerTo(t.Key()).Implements(decTextUnmarshalerType)
	return func(d *decodeState, p unsafe.Pointer) error {
		switch d.tok.Kind {
		case stream.KindStartObject:
		case stream.KindNull:
			*(*unsafe.Pointer)(p) = nil
			return nil
		default:
			return d.typeError(t)
		}
		if mt.IsNil(p) {
			mt.MakeSized(p, 0)
		}
		kp, ep := mt.Key.New(), mt.Elem.New()
		max := d.cfg.opts.MaxContainerLen
		n := 0
		d.pushKey("")
		for {
			if err := d.next(); err != nil {
				return err
			}
			if d.tok.Kind == stream.KindEndObject {
				break
			}
			if n++; n > max {
				return d.containerLimit(n)
			}
			if !strKey {
				d.path[len(d.path)-1].name = d.key()
			}
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
			if strKey {
				d.path[len(d.path)-1].name = *(*string)(kp)
			}
			if err := d.nextValue(); err != nil {
				return err
			}
			mt.Elem.Zero(ep)
			if err := dec(d, ep); err != nil {
				return err
			}
			mt.SetIndex(p, kp, ep)
		}
		d.pop()
		return nil
	}
}

// mapStringAnyDecoder is mapDecoder for map[string]any and types with the
// same layout, without reflection.
func mapStringAnyDecoder(t reflect.Type) decFunc {
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
			*mp = make(map[string]any)
		}
		return d.objectInto(*mp)
	}
}

// structDec is the decoder of one struct type.
type structDec struct {
	t      reflect.Type
	info   *structInfo
	fields []decField
}

// decField is a struct field as the decoder needs it.
type decField struct {
	name   string
	hops   []decHop
	offset uintptr
	dec    decFunc
}

// decHop is an embedded pointer on the way to a promoted field.
type decHop struct {
	offset   uintptr
	elem     *rt.Type
	exported bool
}

func structDecoder(t reflect.Type) decFunc {
	si := cachedStructInfo(t)
	sd := &structDec{t: t, info: si, fields: make([]decField, len(si.fields))}
	for i := range si.fields {
		f := &si.fields[i]
		df := decField{name: f.name, offset: f.offset}
		for _, h := range f.hops {
			df.hops = append(df.hops, decHop{offset: h.offset, elem: rt.TypeOf(h.elem), exported: h.exported})
		}
		sd.fields[i] = df
	}
	// Field decoders last: a recursive type finds this one's placeholder.
	for i := range si.fields {
		sd.fields[i].dec = decoderOf(si.fields[i].typ)
	}
	return sd.decode
}

// lookup returns the index of the field for key kb, or -1: the field at
// hint when its name matches (keys usually come in field order), else an
// exact match, else a case-insensitive one unless disabled.
func (sd *structDec) lookup(d *decodeState, kb []byte, hint int) int {
	if hint < len(sd.fields) && sd.fields[hint].name == string(kb) {
		return hint
	}
	if i, ok := sd.info.byName[string(kb)]; ok {
		return i
	}
	if d.cfg.opts.CaseSensitiveFields {
		return -1
	}
	var arr [64]byte
	if i, ok := sd.info.byFold[string(appendFoldedName(arr[:0], unsafeString(kb)))]; ok {
		return i
	}
	return -1
}

// unsafeString views b as a string for a lookup that does not keep it.
func unsafeString(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(&b[0], len(b))
}

func (sd *structDec) decode(d *decodeState, p unsafe.Pointer) error {
	switch d.tok.Kind {
	case stream.KindStartObject:
	case stream.KindNull:
		return nil
	default:
		return d.typeError(sd.t)
	}
	max := d.cfg.opts.MaxContainerLen
	n, hint := 0, 0
	d.pushKey("")
	for {
		if err := d.next(); err != nil {
			return err
		}
		if d.tok.Kind == stream.KindEndObject {
			break
		}
		if n++; n > max {
			return d.containerLimit(n)
		}
		i := sd.lookup(d, d.tok.Bytes(), hint)
		if i < 0 {
			if d.cfg.opts.DisallowUnknownFields {
				key := string(d.tok.Bytes())
				d.path[len(d.path)-1].name = key
				d.saveError(&UnmarshalTypeError{Value: "key " + strconv.Quote(key), Type: sd.t, Offset: d.off, Field: d.pathString(), Err: ErrUnknownField})
			}
			if err := d.r.SkipValue(); err != nil {
				return d.fatal(err)
			}
			continue
		}
		hint = i + 1
		f := &sd.fields[i]
		d.path[len(d.path)-1].name = f.name
		fp, err := d.fieldPtr(p, f)
		if err != nil {
			d.saveError(err)
			if err := d.r.SkipValue(); err != nil {
				return d.fatal(err)
			}
			continue
		}
		if err := d.nextValue(); err != nil {
			return err
		}
		if err := f.dec(d, fp); err != nil {
			return err
		}
	}
	d.pop()
	return nil
}

// fieldPtr returns a pointer to field f of the struct at p, allocating
// nil embedded pointers on the way when their types are exported, as
// encoding/json does.
func (d *decodeState) fieldPtr(p unsafe.Pointer, f *decField) (unsafe.Pointer, error) {
	for i := range f.hops {
		h := &f.hops[i]
		pp := (*unsafe.Pointer)(unsafe.Add(p, h.offset))
		if *pp == nil {
			if !h.exported {
				return nil, fmt.Errorf("smile: cannot set embedded pointer to unexported struct %v (field %s at offset %d)", h.elem.Type(), d.pathString(), d.off)
			}
			*pp = h.elem.New()
		}
		p = *pp
	}
	return unsafe.Add(p, f.offset), nil
}
