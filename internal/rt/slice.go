package rt

import (
	"reflect"
	"unsafe"

	"github.com/modern-go/reflect2"
)

// sliceHeader is the layout of a slice value.
type sliceHeader struct {
	data unsafe.Pointer
	len  int
	cap  int
}

// SliceType holds the helpers for one slice type. Every method takes p, a
// pointer to a slice value of that type.
type SliceType struct {
	t        reflect2.SliceType
	elemSize uintptr
	Elem     *Type // the element type
}

// NewSliceType returns the helpers for slice type t.
func NewSliceType(t reflect.Type) *SliceType {
	return &SliceType{
		t:        reflect2.Type2(t).(reflect2.SliceType),
		elemSize: t.Elem().Size(),
		Elem:     TypeOf(t.Elem()),
	}
}

// Len returns len(*p).
func (s *SliceType) Len(p unsafe.Pointer) int { return (*sliceHeader)(p).len }

// Cap returns cap(*p).
func (s *SliceType) Cap(p unsafe.Pointer) int { return (*sliceHeader)(p).cap }

// IsNil reports whether *p is nil.
func (s *SliceType) IsNil(p unsafe.Pointer) bool { return (*sliceHeader)(p).data == nil }

// Data returns the pointer to the first element (nil for a nil slice).
func (s *SliceType) Data(p unsafe.Pointer) unsafe.Pointer { return (*sliceHeader)(p).data }

// Index returns a pointer to element i, which must be below Len.
func (s *SliceType) Index(p unsafe.Pointer, i int) unsafe.Pointer {
	return unsafe.Add((*sliceHeader)(p).data, uintptr(i)*s.elemSize)
}

// SetNil sets *p to nil.
func (s *SliceType) SetNil(p unsafe.Pointer) { s.t.UnsafeSetNil(p) }

// Make sets *p to a new slice of length n and capacity c (c >= n), zeroed.
func (s *SliceType) Make(p unsafe.Pointer, n, c int) {
	*(*sliceHeader)(p) = *(*sliceHeader)(s.t.UnsafeMakeSlice(n, c))
}

// Grow sets len(*p) to n, n >= Len, reallocating (and copying the first
// Len elements) when n exceeds the capacity. Reallocated elements past the
// old length are zero; when the capacity sufficed they keep their old
// contents, as with SetLen.
func (s *SliceType) Grow(p unsafe.Pointer, n int) { s.t.UnsafeGrow(p, n) }

// Append appends the element at elem (a pointer to an element value) to *p.
func (s *SliceType) Append(p, elem unsafe.Pointer) { s.t.UnsafeAppend(p, elem) }

// ArrayType holds the helpers for one array type.
type ArrayType struct {
	n        int
	elemSize uintptr
	Elem     *Type // the element type
}

// NewArrayType returns the helpers for array type t.
func NewArrayType(t reflect.Type) *ArrayType {
	return &ArrayType{n: t.Len(), elemSize: t.Elem().Size(), Elem: TypeOf(t.Elem())}
}

// Len returns the length of the array type.
func (a *ArrayType) Len() int { return a.n }

// Index returns a pointer to element i of the array at p; i < Len.
func (a *ArrayType) Index(p unsafe.Pointer, i int) unsafe.Pointer {
	return unsafe.Add(p, uintptr(i)*a.elemSize)
}

// Bytes returns the n bytes at p as a slice aliasing them (for []byte and
// [N]byte payloads). The caller must not keep it past the value's life.
func Bytes(p unsafe.Pointer, n int) []byte {
	if n == 0 {
		return []byte{}
	}
	return unsafe.Slice((*byte)(p), n)
}

// Slice returns the n values of type T starting at p as a slice aliasing
// them (unsafe.Slice): p must point to n consecutive T, such as the
// elements of a slice or array of T, and the slice must not be kept past
// their life.
func Slice[T any](p *T, n int) []T { return unsafe.Slice(p, n) }

// SliceData returns the address of the first element of s (unsafe.
// SliceData): one word that Slice turns back into s given its length. It
// is nil for a nil slice and, for an empty one, an address not to read.
func SliceData[T any](s []T) *T { return unsafe.SliceData(s) }
