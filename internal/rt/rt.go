// Package rt is the only place where package smile touches
// github.com/modern-go/reflect2 and the runtime's value layout. Codecs work
// on unsafe.Pointers to Go values; the helpers here read and build those
// values: type keys, allocation, pointer words, slices, maps, strings,
// interfaces and struct field offsets; and, on Go 1.26, the layout of a
// map[string]any, so as to make one with its group (map_any.go). Package
// smile holds unsafe.Pointers only as opaque values and uses no other
// name of package unsafe
// (TestUnsafeOnlyInRT checks it): every Add, Slice, String or Sizeof is
// one of the small helpers here, each of which the compiler inlines (go
// build -gcflags=-m ./internal/rt reports "can inline" for Add, Bytes,
// String, SameString, Deref, SetPointer and SliceType.Index; the generic
// Slice and SliceData are inlined where they are instantiated, "inlining
// call to rt.Slice[...]" with go build -gcflags=-m . at the root).
//
// reflect2 (v1.0.2, unmaintained since 2021) reaches the runtime through
// //go:linkname to runtime and reflect functions that Go keeps for it
// (go.dev/issue/67401); the tests of this package exercise every helper,
// and CI runs them under -race and GOARCH=386. Only reflect2's safe subset
// is used: TypeOf/Type2, RType, UnsafeNew, StructType.Field(i), the Unsafe*
// slice and map methods and the interface helpers. FieldByName and
// FieldByIndex are never used, because they report the offset of a promoted
// field relative to the embedded struct instead of the outer one;
// UnsafeCastString (built on the deprecated reflect.StringHeader), NoEscape
// (hides a pointer from escape analysis) and TypeByName (misses types the
// linker dropped) are never used either.
//
// Every function documents what its pointer arguments must point to. The
// callers guarantee the types: nothing here checks them.
package rt

import (
	"reflect"
	"unsafe"

	"github.com/modern-go/reflect2"
)

// eface is the layout of an empty interface value.
type eface struct {
	typ  unsafe.Pointer
	data unsafe.Pointer
}

// TypeKey returns a number that identifies t for as long as the program
// runs: the address of its runtime type descriptor, the same number as
// reflect2's Type.RType and RTypeOf, read here without reflect2's type
// lookup. Use it as the key of per-type caches.
func TypeKey(t reflect.Type) uintptr {
	return uintptr(rtypePtr(t))
}

// KeyOf returns TypeKey(reflect.TypeOf(v)) without calling reflect: the
// type word of the interface. It is 0 for a nil interface.
func KeyOf(v any) uintptr { return reflect2.RTypeOf(v) }

// DataOf returns the data word of v: a pointer to the value for most types,
// and the value itself for pointer-shaped types (see DirectIface).
func DataOf(v any) unsafe.Pointer { return reflect2.PtrOf(v) }

// rtypePtr returns the runtime type descriptor of t, the data word of the
// reflect.Type interface (a *reflect.rtype).
func rtypePtr(t reflect.Type) unsafe.Pointer {
	return (*eface)(unsafe.Pointer(&t)).data
}

// DirectIface reports whether an interface holding a value of type t stores
// the value itself in its data word (pointers, maps, channels, funcs and
// structs or arrays made of exactly one of those) instead of a pointer to
// it. It asks the runtime rather than reproducing its rules: the zero value
// of a direct type boxes to a nil data word, that of any other type to a
// non-nil pointer.
func DirectIface(t reflect.Type) bool {
	v := reflect.Zero(t).Interface()
	return (*eface)(unsafe.Pointer(&v)).data == nil
}

// New allocates a zeroed value of type t and returns a pointer to it.
func New(t reflect.Type) unsafe.Pointer { return reflect2.Type2(t).UnsafeNew() }

// Deref returns the pointer stored at p, which must point to a pointer,
// map, channel or func value.
func Deref(p unsafe.Pointer) unsafe.Pointer { return *(*unsafe.Pointer)(p) }

// SetPointer stores q at p, which must point to a pointer, map, channel or
// func value (q nil or of the same type): the store Deref reads, with the
// write barrier the garbage collector needs.
func SetPointer(p, q unsafe.Pointer) { *(*unsafe.Pointer)(p) = q }

// Add returns p+off; p must point into a value that extends past off.
func Add(p unsafe.Pointer, off uintptr) unsafe.Pointer { return unsafe.Add(p, off) }

// AnySize, StringSize and WordSize are the sizes of an interface value,
// of a string header and of a pointer, for the memory budget.
const (
	AnySize    = int(unsafe.Sizeof(any(nil)))
	StringSize = int(unsafe.Sizeof(""))
	WordSize   = int(unsafe.Sizeof(uintptr(0)))
)

// Type holds what the helpers need to know about one Go type. Build it
// once per type, with TypeOf, when a codec is built, never on a hot path.
type Type struct {
	t      reflect.Type
	r      reflect2.Type
	rtype  unsafe.Pointer // *reflect.rtype of t
	prtype unsafe.Pointer // *reflect.rtype of *t
	direct bool
	zero   unsafe.Pointer // a zero value of t, never written
}

// TypeOf returns the helper for t.
func TypeOf(t reflect.Type) *Type {
	return &Type{
		t:      t,
		r:      reflect2.Type2(t),
		rtype:  rtypePtr(t),
		prtype: rtypePtr(reflect.PointerTo(t)),
		direct: DirectIface(t),
		zero:   reflect2.Type2(t).UnsafeNew(),
	}
}

// Type returns the reflect.Type t was built from.
func (t *Type) Type() reflect.Type { return t.t }

// Key returns TypeKey of the type.
func (t *Type) Key() uintptr { return uintptr(t.rtype) }

// DirectIface reports whether the type is pointer-shaped (see the function
// DirectIface).
func (t *Type) DirectIface() bool { return t.direct }

// New allocates a zeroed value of the type.
func (t *Type) New() unsafe.Pointer { return t.r.UnsafeNew() }

// Copy copies the value at src to dst, both pointing to values of the type,
// with the write barriers the garbage collector needs.
func (t *Type) Copy(dst, src unsafe.Pointer) { t.r.UnsafeSet(dst, src) }

// Zero sets the value at p to the zero value of the type.
func (t *Type) Zero(p unsafe.Pointer) { t.r.UnsafeSet(p, t.zero) }

// Value returns the value at p boxed in an interface, without copying it
// for types that are not pointer-shaped: the interface aliases *p, so it
// must only be used while *p stays unchanged (to call a method, for
// instance).
func (t *Type) Value(p unsafe.Pointer) any {
	var v any
	e := (*eface)(unsafe.Pointer(&v))
	e.typ = t.rtype
	if t.direct {
		e.data = *(*unsafe.Pointer)(p)
	} else {
		e.data = p
	}
	return v
}

// PtrValue returns p itself boxed as a *T, where T is the type.
func (t *Type) PtrValue(p unsafe.Pointer) any {
	var v any
	e := (*eface)(unsafe.Pointer(&v))
	e.typ = t.prtype
	e.data = p
	return v
}

// ReflectValue returns an addressable reflect.Value of the value at p.
func (t *Type) ReflectValue(p unsafe.Pointer) reflect.Value {
	return reflect.NewAt(t.t, p).Elem()
}

// FieldOffset returns the offset of field i of struct type t from the
// start of the struct, through reflect2's StructType.Field(i). Promoted
// fields are not looked up here: the caller walks embedded structs itself
// and adds their offsets.
func FieldOffset(t reflect.Type, i int) uintptr {
	return reflect2.Type2(t).(reflect2.StructType).Field(i).Offset()
}

// Unpack returns the type key and the data word of v (see KeyOf, DataOf).
func Unpack(v any) (key uintptr, data unsafe.Pointer) {
	e := (*eface)(unsafe.Pointer(&v))
	return uintptr(e.typ), e.data
}

// Eface returns the empty interface value stored at p, which must point to
// an any (or any other interface type with no methods).
func Eface(p unsafe.Pointer) any { return *(*any)(p) }

// SetEface stores v at p, which must point to an any.
func SetEface(p unsafe.Pointer, v any) { *(*any)(p) = v }

// Iface returns the value held by the non-empty interface stored at p as
// an empty interface (nil when the interface is nil).
func Iface(p unsafe.Pointer) any { return reflect2.IFaceToEFace(p) }

// IfaceIsNil reports whether the interface (empty or not) stored at p is
// nil: both layouts keep the type or itab word first.
func IfaceIsNil(p unsafe.Pointer) bool { return *(*unsafe.Pointer)(p) == nil }

// SetIface stores v, whose dynamic type must implement the interface type
// it, at p, which must point to a value of type it. It goes through
// reflect, so that the runtime builds the itab.
func SetIface(it reflect.Type, p unsafe.Pointer, v any) {
	reflect.NewAt(it, p).Elem().Set(reflect.ValueOf(v))
}
