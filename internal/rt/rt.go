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
//
// # Mirrors of the runtime, and the purego tag
//
// Some fast paths mirror what Go does not promise: the layout of maps
// (Go 1.24's Swiss tables, the only maps from Go 1.26 on), of
// reflect.MapIter, and runtime.strhash, reached by //go:linkname. Each is
// pinned by build tags to the Go versions and platforms whose layout was
// checked, and each is guarded against a runtime that disagrees with it,
// so that a mismatch falls back or fails a test instead of corrupting a
// map:
//
//   - SmallMap (map_group.go, map_layout.go: a small map's header and
//     group, read): checked at start-up against range loops,
//     smallMapsOK (checkSmallMaps), which declines every map when they
//     disagree; TestSmallMap fails if Swiss-table maps (swissMaps, by
//     build tags) were not recognized.
//   - TableMap (map_table.go: a one-table map's directory, table and
//     groups, read): checked at start-up, tableMapsOK (checkTableMaps),
//     falling back as SmallMap; TestTableMap fails likewise.
//   - MapRange (map_range.go: reflect.MapIter's key and element
//     pointers, read): checked at start-up, mapRangeLayoutOK, falling
//     back to reflect2's iterator (Iterate); TestMapRange runs both.
//   - NewStringAnyMap and NewStringAnyMapSized (map_any.go: headers,
//     tables and groups of map[string]any, built): Go 1.26 on amd64 and
//     arm64 only, with no check at start-up (a wrong map cannot be told
//     from a right one without using it); the tests of map_any_test.go
//     fail on a mismatch: TestStringAnyMapLayout, TestStringAnyMapHeader,
//     TestStringAnyMapHeaderSize, TestStringAnyTableLayout and
//     TestNewStringAnyMap, which uses the maps as maps through the
//     runtime. CI runs them on the newest patch release of each Go minor
//     it covers, and on arm64 under qemu-aarch64 (.ci/run).
//   - PutStringAny and StringHash (map_put.go: entries written into a
//     group; runtime.strhash by linkname): the same versions and
//     platforms, and checked at start-up, putOK (smallMapsOK and
//     checkStringHash, StringHash against the control bytes of maps the
//     runtime filled), which puts nothing when they disagree;
//     TestPutStringAnyChecked fails if putOK is false where the build
//     tags claim the layout, TestPutStringAny compares the maps with
//     those m[k] = v fills.
//
// There is no mirror of the allocator: package smile's Marshal allocates
// its result with make (marshal.go records why a linkname into
// runtime.mallocgc was left out).
//
// Built with -tags purego, none of the files above is compiled: no
// mirror of a layout and no linkname of this module (map_purego.go and
// map_any_other.go give the same names, which decline every map, make
// maps with make and range with reflect2's iterator: the paths taken
// where a mirror is not claimed or not recognized). What remains is what
// reflect2 and package unsafe rest on: the two words of an interface and
// the slice and string headers (unsafe.Slice, unsafe.String), and
// reflect2's own linknames into runtime and reflect, which Go keeps
// (go.dev/issue/67401). The mirrors' worth, callgrind instructions per
// operation of the bench module (bash bench/callgrind.sh, mirrors on ->
// TAGS=purego, Go 1.26.8, amd64):
//
//	                            mirrors      purego   total  go-smile's own
//	UnmarshalAny/small           10,362      11,039    +7%    6,808 ->  6,690
//	MarshalAny/small              7,358       7,673    +4%    6,654 ->  5,975
//	UnmarshalAny/medium          84,441      90,776    +8%   64,748 -> 58,662
//	MarshalAny/medium            47,089      58,078   +23%   42,928 -> 42,607
//	UnmarshalAny/twitter          8.66M       9.58M   +11%    5.64M ->  5.40M
//	MarshalAny/twitter            6.04M       6.17M    +2%    4.12M ->  4.02M
//	UnmarshalAny/citm_catalog    21.07M      29.02M   +38%   15.02M -> 13.01M
//	MarshalAny/citm_catalog      10.07M      12.84M   +28%    9.80M ->  9.42M
//	UnmarshalAny/canada         144-158M     56.1M  noise   39.51M -> 39.51M
//	MarshalAny/canada            11.19M      10.69M  noise   10.39M -> 10.39M
//	UnmarshalAny/code            48.88M      59.66M   +22%   42.04M -> 35.23M
//	MarshalAny/code              26.91M      40.34M   +50%   24.89M -> 25.75M
//	Unmarshal/twitter (typed)     4.06M       4.15M  noise    3.73M ->  3.73M
//	Marshal/twitter (typed)       2.46M       2.35M  noise    2.29M ->  2.29M
//
// (N=2000 for small, 400 for medium, 50 for typed twitter, 10 for the
// others: N=10 bash bench/callgrind.sh UnmarshalAny/code ..., then with
// TAGS=purego.) The mirrors' gain is in the runtime (map allocation,
// hashing, lookups), so the totals tell it; go-smile's own count drops
// with the tag where the mirrors' own code (PutStringAny, the group
// reads) is gone. Where the own counts are equal no mirror is at work,
// and the totals differ by the noise of the runtime's share at small N
// (the setup of canada, 43G instructions, dwarfs its operations; two
// runs of 20 operations each, one per build, differ by 0.14%).
//
// With the tag, Marshal allocates for every map it writes that is not a
// map[string]string or a map[string]any (which are ranged over by Go's
// own loops): MapRange then starts reflect2's iterator, three objects.
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
