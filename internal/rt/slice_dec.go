package rt

import (
	"reflect"
	"unsafe"
)

// SetLen sets len(*p) to n, which must not exceed Cap. Elements between the
// old and the new length keep whatever the backing array holds.
func (s *SliceType) SetLen(p unsafe.Pointer, n int) { (*sliceHeader)(p).len = n }

// zeroBase is where empty slices made by SetEmpty point: any non-nil
// address will do for a slice with capacity 0.
var zeroBase [0]uint64

// SetEmpty sets *p to an empty, non-nil slice without allocating.
func (s *SliceType) SetEmpty(p unsafe.Pointer) {
	h := (*sliceHeader)(p)
	h.data = unsafe.Pointer(&zeroBase)
	h.len = 0
	h.cap = 0
}

// GrowCap makes room for at least n more elements past Len, reallocating
// with append's growth policy (and copying the first Len elements) when
// the capacity does not suffice. Len does not change. Unlike Grow it
// allocates nothing but the new array.
func (s *SliceType) GrowCap(p unsafe.Pointer, n int) {
	reflect.NewAt(s.t.Type1(), p).Elem().Grow(n)
}
