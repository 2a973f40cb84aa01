package smile

import (
	"reflect"
	"unsafe"

	"github.com/go-smile/smile/internal/rt"
)

// encField is a struct field ready to encode: its key, where it is, how to
// write it and when to leave it out.
type encField struct {
	name    string
	hops    []embedHop
	offset  uintptr
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
		ef := encField{name: f.name, hops: f.hops, offset: f.offset}
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
			if err := e.writeKey(f.name); err != nil {
				return err
			}
			if err := f.enc(e, fp); err != nil {
				return err
			}
		}
		return e.w.WriteEndObject()
	}
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
