package rt

import (
	"reflect"
	"unsafe"

	"github.com/modern-go/reflect2"
)

// SetLen sets len(*p) to n, which must not exceed Cap. Elements between the
// old and the new length keep whatever the backing array holds.
func (s *SliceType) SetLen(p unsafe.Pointer, n int) { (*sliceHeader)(p).len = n }

// zeroBase is where empty slices made by SetEmpty point: any non-nil
// address will do for a slice with capacity 0.
var zeroBase [0]uint64

// SetEmpty sets *p to an empty, non-nil slice without allocating.
func (s *SliceType) SetEmpty(p unsafe.Pointer) { SetEmptySlice(p) }

// SetEmptySlice is SetEmpty for a slice of any type at p.
func SetEmptySlice(p unsafe.Pointer) {
	h := (*sliceHeader)(p)
	h.data = unsafe.Pointer(&zeroBase)
	h.len = 0
	h.cap = 0
}

// GrowCap makes room for at least n more elements past Len, reallocating
// with append's growth policy (and copying the first Len elements) when
// the capacity does not suffice. Len does not change. Like Grow, it
// allocates nothing but the new array (testing.AllocsPerRun on Go 1.26:
// one object for both, growing a []struct{string; *int} from a capacity
// of 3 to 13).
func (s *SliceType) GrowCap(p unsafe.Pointer, n int) {
	s.value(p).Grow(n)
}

// value returns the slice at p as an addressable reflect.Value. (Unlike
// reflect.NewAt, it does not look up the pointer type in reflect's cache.
// Measured against reflect.NewAt(s.t.Type1(), p).Elem() (bash
// bench/callgrind.sh, N=20; Ir per Unmarshal in all): citm_catalog
// 12.93M -> 12.79M, code 32.52M -> 32.11M, twitter 5.12M / 5.12M.)
func (s *SliceType) value(p unsafe.Pointer) reflect.Value {
	return reflect.ValueOf(s.t.PackEFace(p)).Elem()
}

// SetBytes sets *p to a slice of n elements whose memory is b, which must
// hold exactly n elements. The element type must hold no pointers (the
// garbage collector does not scan b) and its alignment must divide its
// size; b must come from make, whose allocations are aligned to the
// largest power of two up to 8 that divides their size.
func (s *SliceType) SetBytes(p unsafe.Pointer, b []byte, n int) {
	h := (*sliceHeader)(p)
	h.data = unsafe.Pointer(unsafe.SliceData(b))
	h.len = n
	h.cap = n
}

// NewHeader allocates a nil slice of the type and returns a pointer to it.
func (s *SliceType) NewHeader() unsafe.Pointer { return s.t.UnsafeNew() }

// CopyFrom sets *p, a slice with no capacity, to a new slice of exactly
// the Len(*src) > 0 elements of *src.
func (s *SliceType) CopyFrom(p, src unsafe.Pointer) {
	// Growing a slice of capacity 0 allocates exactly the new length and
	// copies the old one's elements with write barriers; a header that
	// lends *p the elements of *src with capacity 0 turns it into one
	// exact copy, without reflect. Measured against reflect.MakeSlice and
	// reflect.Copy (bash bench/callgrind.sh, N=20; Ir per Unmarshal in
	// all): citm_catalog 13.87M -> 12.79M, twitter 5.31M -> 5.12M, code
	// 32.34M -> 32.11M.
	n := s.Len(src)
	*(*sliceHeader)(p) = sliceHeader{data: s.Data(src), len: n}
	s.t.UnsafeGrow(p, n)
}

// NewArray returns a new zeroed array of n elements of the slice's
// element type, to carve slices from (see CopyTo).
func (s *SliceType) NewArray(n int) unsafe.Pointer {
	// Called on the concrete type (which reflect2.Type2 gives for every
	// slice type), the method inlines, and the slice header it returns
	// stays on the stack: through the interface it is allocated too.
	if u, ok := s.t.(*reflect2.UnsafeSliceType); ok {
		return (*sliceHeader)(u.UnsafeMakeSlice(0, n)).data
	}
	return (*sliceHeader)(s.t.UnsafeMakeSlice(0, n)).data
}

// CopyTo sets *p to a slice of the Len(*src) > 0 elements of *src, copied
// with write barriers into the zeroed memory at data, which has room for
// them within an array of the element type (see NewArray). The slice's
// capacity is its length.
func (s *SliceType) CopyTo(p, data, src unsafe.Pointer) {
	n := s.Len(src)
	*(*sliceHeader)(p) = sliceHeader{data: data, len: n, cap: n}
	if n <= clearByElem {
		// As ClearLen, element by element: reflect.Copy and the two
		// Values cost more for a short slice. Ir per Unmarshal, all
		// (BIN=... N=20 sh bench/callgrind.sh), reflect.Copy for every
		// length -> as here: twitter 4.961M -> 4.925M, citm_catalog
		// 11.352M -> 11.310M.
		for i := range n {
			s.Elem.Copy(s.Index(p, i), s.Index(src, i))
		}
		return
	}
	reflect.Copy(s.value(p), s.value(src))
}

// Move sets *p to the slice *src and *src to nil, without copying the
// elements.
func (s *SliceType) Move(p, src unsafe.Pointer) {
	*(*sliceHeader)(p) = *(*sliceHeader)(src)
	*(*sliceHeader)(src) = sliceHeader{}
}

// ClearLen zeroes the elements of *p up to its length, then sets the
// length to 0.
func (s *SliceType) ClearLen(p unsafe.Pointer) {
	h := (*sliceHeader)(p)
	if h.len <= clearByElem {
		for i := range h.len {
			s.Elem.Zero(s.Index(p, i))
		}
	} else {
		s.value(p).Clear()
	}
	h.len = 0
}

// clearByElem is the length up to which ClearLen zeroes element by
// element: reflect's bulk clear costs about as much as four calls of
// Type.Zero before it clears anything. Measured against clearing every
// scratch slice by reflect, clearByElem 0 (bash bench/callgrind.sh, N=20;
// Ir per Unmarshal in all): citm_catalog 12.86M -> 12.79M (-0.5%),
// twitter 5.13M -> 5.12M, code 32.13M -> 32.11M.
const clearByElem = 4

// SetArray sets *p to a slice of length n and capacity c over the array
// at data, which must hold c elements of the slice's element type (as
// allocated by New of an array type of c elements).
func (s *SliceType) SetArray(p, data unsafe.Pointer, n, c int) {
	h := (*sliceHeader)(p)
	h.data = data
	h.len = n
	h.cap = c
}
