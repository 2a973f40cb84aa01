package smile

import (
	"reflect"
	"unsafe"

	"github.com/go-smile/smile/internal/rt"
	"github.com/go-smile/smile/stream"
)

// encField is a struct field ready to encode: its key, where it is, how to
// write it and when to leave it out.
type encField struct {
	key     stream.PreparedKey // a copy, next to the rest: one pointer less to follow
	hops    []embedHop
	offset  uintptr
	kind    reflect.Kind // plainKind of the field's type: written without enc
	enc     encoderFunc
	isEmpty func(p unsafe.Pointer) bool // omitempty; nil without the option
	isZero  func(p unsafe.Pointer) bool // omitzero; nil without the option
}

// newStructEncoder writes a struct as an object of its fields (see
// typeFields), in declaration order. Fields behind a nil embedded pointer
// are left out, as in encoding/json.
func newStructEncoder(t reflect.Type, addr bool) encoderFunc {
	si := cachedStructInfo(t)
	fields := make([]encField, len(si.fields))
	for i := range si.fields {
		f := &si.fields[i]
		key, err := stream.PrepareKey(f.name)
		if err != nil { // not reached: Go names and valid tags are UTF-8
			return func(*encodeState, unsafe.Pointer) error { return err }
		}
		ef := encField{key: *key, hops: f.hops, offset: f.offset, kind: plainKind(f.typ)}
		// A field reached through an embedded pointer is addressable.
		ef.enc = typeEncoder(f.typ, addr || len(f.hops) > 0)
		if f.omitEmpty {
			ef.isEmpty = emptyFunc(f.typ)
		}
		if f.omitZero {
			ef.isZero = zeroFunc(f.typ, addr || len(f.hops) > 0)
		}
		fields[i] = ef
	}
	return func(e *encodeState, p unsafe.Pointer) error {
		if err := e.w.WriteStartObject(); err != nil {
			return err
		}
		for i := range fields {
			f := &fields[i]
			fp := p
			if f.hops != nil {
				if fp = followHops(p, f.hops); fp == nil {
					continue
				}
			}
			fp = unsafe.Add(fp, f.offset)
			if f.isEmpty != nil && f.isEmpty(fp) || f.isZero != nil && f.isZero(fp) {
				continue
			}
			if err := e.w.WritePreparedKey(&f.key); err != nil {
				return err
			}
			var err error
			switch f.kind { // the most common kinds, without a call through enc
			case reflect.String: // e.writeString, one call shorter
				s := *(*string)(fp)
				if err = e.w.WriteString(s); err != nil {
					err = e.retryString(s, err)
				}
			case reflect.Int64:
				err = e.w.WriteInt(*(*int64)(fp))
			case reflect.Float64:
				err = e.w.WriteFloat64(*(*float64)(fp))
			case reflect.Bool:
				err = e.w.WriteBool(*(*bool)(fp))
			default:
				err = f.enc(e, fp)
			}
			if err != nil {
				return err
			}
		}
		return e.w.WriteEndObject()
	}
}

// plainKind returns the kind of t when values of t are written as that
// kind of Go value is, with none of the encoders for special types and
// methods: String, Bool, Float64, or Int64 (for int too where it has 64
// bits). It returns Invalid for every other type.
func plainKind(t reflect.Type) reflect.Kind {
	if specialEncoder(t) != nil || reflect.PointerTo(t).Implements(marshalerType) ||
		reflect.PointerTo(t).Implements(textMarshalerType) {
		return reflect.Invalid
	}
	switch k := t.Kind(); {
	case k == reflect.String, k == reflect.Bool, k == reflect.Float64, k == reflect.Int64:
		return k
	case k == reflect.Int && t.Size() == 8:
		return reflect.Int64
	}
	return reflect.Invalid
}

// followHops follows the embedded pointers hops from the struct at p and
// returns the base they lead to, or nil when one of them is nil.
func followHops(p unsafe.Pointer, hops []embedHop) unsafe.Pointer {
	for i := range hops {
		p = rt.Deref(unsafe.Add(p, hops[i].offset))
		if p == nil {
			return nil
		}
	}
	return p
}

// emptyFunc returns the omitempty test of t, encoding/json's isEmptyValue:
// false, 0, a nil pointer or interface, and an empty array, slice, map or
// string are empty; structs never are.
func emptyFunc(t reflect.Type) func(unsafe.Pointer) bool {
	switch t.Kind() {
	case reflect.Bool:
		return func(p unsafe.Pointer) bool { return !*(*bool)(p) }
	case reflect.Int8, reflect.Uint8:
		return func(p unsafe.Pointer) bool { return *(*uint8)(p) == 0 }
	case reflect.Int16, reflect.Uint16:
		return func(p unsafe.Pointer) bool { return *(*uint16)(p) == 0 }
	case reflect.Int32, reflect.Uint32:
		return func(p unsafe.Pointer) bool { return *(*uint32)(p) == 0 }
	case reflect.Int64, reflect.Uint64:
		return func(p unsafe.Pointer) bool { return *(*uint64)(p) == 0 }
	case reflect.Int, reflect.Uint, reflect.Uintptr:
		return func(p unsafe.Pointer) bool { return *(*uintptr)(p) == 0 }
	case reflect.Float32:
		return func(p unsafe.Pointer) bool { return *(*float32)(p) == 0 }
	case reflect.Float64:
		return func(p unsafe.Pointer) bool { return *(*float64)(p) == 0 }
	case reflect.String:
		return func(p unsafe.Pointer) bool { return len(*(*string)(p)) == 0 }
	case reflect.Slice:
		return func(p unsafe.Pointer) bool { return (*sliceHeader)(p).len == 0 }
	case reflect.Pointer, reflect.Interface, reflect.Chan, reflect.Func, reflect.UnsafePointer:
		// The first word of an interface is its type; nil when it is nil.
		return func(p unsafe.Pointer) bool { return *(*unsafe.Pointer)(p) == nil }
	case reflect.Map:
		mt := rt.NewMapType(t)
		return func(p unsafe.Pointer) bool { return mt.IsNil(p) || mt.Len(p) == 0 }
	case reflect.Array:
		n := t.Len()
		return func(unsafe.Pointer) bool { return n == 0 }
	}
	return nil // structs and complex numbers are never empty
}

// sliceHeader is the layout of a slice value.
type sliceHeader struct {
	data unsafe.Pointer
	len  int
	cap  int
}

// zeroFunc returns the omitzero test of t, as encoding/json's: the IsZero
// method when t has one (through a pointer when addressable or when the
// method has a pointer receiver, as encoding/json boxes the value), else
// reflect's zero value test.
func zeroFunc(t reflect.Type, addr bool) func(unsafe.Pointer) bool {
	rtt := rt.TypeOf(t)
	switch {
	case t.Kind() == reflect.Interface && t.Implements(isZeroerType):
		return func(p unsafe.Pointer) bool {
			v := rtt.ReflectValue(p)
			return v.IsNil() ||
				(v.Elem().Kind() == reflect.Pointer && v.Elem().IsNil()) ||
				v.Interface().(interface{ IsZero() bool }).IsZero()
		}
	case t.Kind() == reflect.Pointer && t.Implements(isZeroerType):
		return func(p unsafe.Pointer) bool {
			return rt.Deref(p) == nil || rtt.Value(p).(interface{ IsZero() bool }).IsZero()
		}
	case t.Implements(isZeroerType):
		return func(p unsafe.Pointer) bool { return rtt.Value(p).(interface{ IsZero() bool }).IsZero() }
	case reflect.PointerTo(t).Implements(isZeroerType):
		// encoding/json copies a value that is not addressable; calling
		// the method through p is the same unless IsZero writes to it.
		return func(p unsafe.Pointer) bool { return rtt.PtrValue(p).(interface{ IsZero() bool }).IsZero() }
	}
	switch t.Kind() {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, // -0 is zero, as for reflect.Value.IsZero
		reflect.String, reflect.Slice, reflect.Pointer, reflect.Interface, reflect.Map:
		if f := emptyFunc(t); f != nil && t.Kind() != reflect.Slice && t.Kind() != reflect.Map {
			return f
		}
		// A nil slice or map is zero; an empty non-nil one is not.
		return func(p unsafe.Pointer) bool { return *(*unsafe.Pointer)(p) == nil }
	}
	return func(p unsafe.Pointer) bool { return rtt.ReflectValue(p).IsZero() }
}
