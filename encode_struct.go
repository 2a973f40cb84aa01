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
	key    *stream.PreparedKey
	offset uintptr
	// kind is the plainKind of the field's type, or of the type its
	// pointer points to when deref is set: such fields are written
	// without a call through enc. go-smile's own Ir per Marshal, every
	// field through enc -> so (BIN=<bench test> N=20 sh
	// bench/callgrind.sh Marshal/medium ..., on 2026-12-01): medium
	// 29872 -> 26177 (-12.4%), twitter 2.879M -> 2.375M (-17.5%),
	// citm_catalog 5.851M -> 4.952M (-15.4%). kindInts and kindSlice
	// mark slices that the loop writes itself, in part.
	kind  reflect.Kind
	deref bool // the field is a pointer to a plain kind: nil is null
	cond  bool // hops, isEmpty or isZero is set
	// indirect is set when deref or cond is: the value is not simply at
	// offset. The loop tests this one flag for the usual fields.
	indirect bool
	enc      encoderFunc

	hops    []embedHop
	isEmpty func(p unsafe.Pointer) bool // omitempty; nil without the option
	isZero  func(p unsafe.Pointer) bool // omitzero; nil without the option

	// next is the next field of the struct, nil for the last: the loop
	// follows it rather than indexing a slice, which keeps one value
	// fewer across its calls. go-smile's own Ir per Marshal, slice ->
	// list (BIN=<bench test> N=20 sh bench/callgrind.sh ..., N=10 for
	// code, N=200 for medium, on 2026-12-01): citm_catalog 4,866,645 ->
	// 4,682,623 (-3.8%), twitter 2,377,588 -> 2,304,241 (-3.1%), code
	// 12,703,204 -> 12,399,497 (-2.4%), medium 26,069 -> 25,591 (-1.8%).
	next *encField
}

// newStructEncoder writes a struct as an object of its fields (see
// typeFields), in declaration order. Fields behind a nil embedded pointer
// are left out, as in encoding/json.
func newStructEncoder(t reflect.Type, addr bool) encoderFunc {
	si := cachedStructInfo(t)
	// Pointers, linked by next, so that the loop below reads a field
	// without computing its address from an index. bash
	// bench/callgrind.sh, go-smile's own Ir per Marshal, pointers / a
	// []encField indexed: small (N=200) 2,502 / 2,536, code (N=10)
	// 12,703,176 / 12,933,667.
	fields := make([]*encField, len(si.fields))
	for i := range si.fields {
		f := &si.fields[i]
		key, err := export.PrepareKey(f.name)
		if err != nil { // not reached: Go names and valid tags are UTF-8
			return func(*encodeState, unsafe.Pointer) error { return err }
		}
		ef := encField{key: key, hops: f.hops, offset: f.offset, kind: plainKind(f.typ)}
		if ef.kind == reflect.Invalid && f.typ.Kind() == reflect.Pointer && specialEncoder(f.typ) == nil {
			// A pointer to a plain kind. It cannot be part of a cycle, so
			// it needs none of ptrTargetEncoder's tracking.
			ef.kind = plainKind(f.typ.Elem())
			ef.deref = ef.kind != reflect.Invalid
		}
		if ef.kind == reflect.Invalid && isIntSlice(f.typ) {
			// Written with its key by one call, as the plain kinds are.
			// go-smile's own Ir per Marshal, through enc -> so
			// (BIN=<bench test> N=20 sh bench/callgrind.sh
			// Marshal/citm_catalog, on 2026-12-01): 4,952,791 ->
			// 4,866,645 (-1.7%).
			ef.kind = kindInts
		} else if ef.kind == reflect.Invalid && isArraySlice(f.typ) {
			ef.kind = kindSlice
		}
		// A field reached through an embedded pointer is addressable.
		ef.enc = typeEncoder(f.typ, addr || len(f.hops) > 0)
		if f.quoted { // tag_string.go: through enc, as a string
			ef.enc = quotedEncoder(f.typ, ef.enc)
			ef.kind, ef.deref = reflect.Invalid, false
		}
		if f.omitEmpty {
			ef.isEmpty = emptyFunc(f.typ)
		}
		if f.omitZero {
			ef.isZero = zeroFunc(f.typ, addr || len(f.hops) > 0)
		}
		ef.cond = ef.hops != nil || ef.isEmpty != nil || ef.isZero != nil
		ef.indirect = ef.deref || ef.cond
		fields[i] = &ef
		if i > 0 {
			fields[i-1].next = &ef
		}
	}
	var first *encField
	if len(fields) > 0 {
		first = fields[0]
	}
	return func(e *encodeState, p unsafe.Pointer) error {
		if err := e.writeStartObject(); err != nil {
			return err
		}
		w := e.w
		for f := first; f != nil; f = f.next {
			fp := rt.Add(p, f.offset)
			if f.indirect {
				if f.cond {
					if fp = f.pointer(p); fp == nil {
						continue
					}
				}
				if f.deref {
					if fp = rt.Deref(fp); fp == nil {
						if err := export.WriteNullField(w, f.key); err != nil {
							return err
						}
						continue
					}
				}
			}
			var err error
			switch f.kind { // the plain kinds: key and value in one call
			case reflect.String:
				s := *(*string)(fp)
				if err = export.WriteStringField(w, f.key, s); err != nil {
					err = e.retryString(s, err) // the key is written
				}
			case reflect.Int64:
				err = export.WriteIntField(w, f.key, *(*int64)(fp))
			case reflect.Float64:
				err = export.WriteFloat64Field(w, f.key, *(*float64)(fp))
			case reflect.Bool:
				err = export.WriteBoolField(w, f.key, *(*bool)(fp))
			case reflect.Int32:
				err = export.WriteIntField(w, f.key, int64(*(*int32)(fp)))
			case reflect.Int16:
				err = export.WriteIntField(w, f.key, int64(*(*int16)(fp)))
			case reflect.Int8:
				err = export.WriteIntField(w, f.key, int64(*(*int8)(fp)))
			case reflect.Uint32:
				err = export.WriteIntField(w, f.key, int64(*(*uint32)(fp)))
			case reflect.Uint16:
				err = export.WriteIntField(w, f.key, int64(*(*uint16)(fp)))
			case reflect.Uint8:
				err = export.WriteIntField(w, f.key, int64(*(*uint8)(fp)))
			case kindInts:
				switch v := *(*[]int64)(fp); {
				case v == nil:
					err = export.WriteNullField(w, f.key)
				case len(v) == 0:
					err = export.WriteEmptyArrayField(w, f.key)
				default:
					err = export.WriteIntArrayField(w, f.key, v)
				}
			case kindSlice:
				// null and [] without the call through enc. Only the
				// length and the data pointer, which is nil for a nil
				// slice, are read: the same for every slice. go-smile's
				// own Ir per Marshal, through enc -> so (BIN=<bench
				// test> N=20 sh bench/callgrind.sh Marshal/code ...,
				// on 2026-12-01): code, whose 12,106 leaves have empty
				// kids, 12,425,187 -> 11,910,927 (-4.1%), twitter
				// 2,271,622 -> 2,240,843 (-1.4%); citm_catalog, small
				// and medium, whose slices are not empty, 4,549,854 ->
				// 4,564,535 (+0.3%), 2,495 -> 2,505 (+0.4%) and 25,112
				// -> 25,164 (+0.2%).
				switch v := *(*[]byte)(fp); {
				case v == nil:
					err = export.WriteNullField(w, f.key)
				case len(v) == 0:
					err = export.WriteEmptyArrayField(w, f.key)
				default:
					if err = w.WritePreparedKey(f.key); err == nil {
						err = f.enc(e, fp)
					}
				}
			default:
				if err = w.WritePreparedKey(f.key); err == nil {
					err = f.enc(e, fp)
				}
			}
			if err != nil {
				return withName(err, f.key.Name())
			}
		}
		return w.WriteEndObject()
	}
}

// pointer returns a pointer to f in the struct at p, or nil when f is to
// be left out: it is behind a nil embedded pointer, or empty with
// omitempty, or zero with omitzero.
func (f *encField) pointer(p unsafe.Pointer) unsafe.Pointer {
	if f.hops != nil {
		if p = followHops(p, f.hops); p == nil {
			return nil
		}
	}
	p = rt.Add(p, f.offset)
	if f.isEmpty != nil && f.isEmpty(p) || f.isZero != nil && f.isZero(p) {
		return nil
	}
	return p
}

// plainKind returns the kind of t when values of t are written as that
// kind of Go value is, with none of the encoders for special types and
// methods: String, Bool, Float64, or an integer kind of a fixed size
// (Int8 to Int64, Uint8 to Uint32; int, uint and uintptr by their size).
// It returns Invalid for every other type, among them uint64, which may
// need a BigInteger, and float32.
func plainKind(t reflect.Type) reflect.Kind {
	if hasOwnEncoding(t) {
		return reflect.Invalid
	}
	switch k := t.Kind(); k {
	case reflect.String, reflect.Bool, reflect.Float64,
		reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint8, reflect.Uint16, reflect.Uint32:
		return k
	case reflect.Int:
		if t.Size() == 8 {
			return reflect.Int64
		}
		return reflect.Int32
	case reflect.Uint, reflect.Uintptr:
		if t.Size() == 4 {
			return reflect.Uint32
		}
	}
	return reflect.Invalid
}

// Kinds of encField.kind besides the plain kinds, for the slices the
// struct loop writes itself.
const (
	kindInts  = reflect.Slice // isIntSlice: the key and the array in one call
	kindSlice = reflect.Array // isArraySlice: null and [] in one call, else through enc
)

// isArraySlice reports whether t is a slice that newSliceEncoder writes
// as an array, null when nil and [] when empty: neither t nor its
// elements have an encoding of their own, and they are not bytes (which
// are binary).
func isArraySlice(t reflect.Type) bool {
	return t.Kind() == reflect.Slice && !hasOwnEncoding(t) && !isByteElem(t.Elem(), hasMarshalMethod)
}

// isIntSlice reports whether t is a slice of int64s (or of ints of 64
// bits) written as newSliceEncoder writes it, by one Writer call: null
// when nil, else an array of the integers. Neither t nor its elements
// have an encoding of their own.
func isIntSlice(t reflect.Type) bool {
	return t.Kind() == reflect.Slice && !hasOwnEncoding(t) && plainKind(t.Elem()) == reflect.Int64
}

// hasOwnEncoding reports whether values of t, addressable or not, may be
// written otherwise than by the encoder of their kind: t has a special
// encoder, or t or *t a MarshalSmileTo, MarshalSmile, MarshalJSON, MarshalText or
// MarshalBinary method (EncOptions.BinaryMarshalers).
func hasOwnEncoding(t reflect.Type) bool {
	pt := reflect.PointerTo(t)
	return specialEncoder(t) != nil || hasMarshalMethod(pt) || pt.Implements(binaryMarshalerType)
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
		st := rt.NewSliceType(t)
		return func(p unsafe.Pointer) bool { return st.Len(p) == 0 }
	case reflect.Interface:
		return rt.IfaceIsNil
	case reflect.Pointer, reflect.Chan, reflect.Func, reflect.UnsafePointer:
		return func(p unsafe.Pointer) bool { return rt.Deref(p) == nil }
	case reflect.Map:
		mt := rt.NewMapType(t)
		return func(p unsafe.Pointer) bool { return mt.IsNil(p) || mt.Len(p) == 0 }
	case reflect.Array:
		n := t.Len()
		return func(unsafe.Pointer) bool { return n == 0 }
	}
	return nil // structs and complex numbers are never empty
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
		// A nil slice or map is zero; an empty non-nil one is not.
		switch t.Kind() {
		case reflect.Slice:
			return rt.NewSliceType(t).IsNil
		case reflect.Map:
			return rt.NewMapType(t).IsNil
		}
		return emptyFunc(t)
	}
	return func(p unsafe.Pointer) bool { return rtt.ReflectValue(p).IsZero() }
}
