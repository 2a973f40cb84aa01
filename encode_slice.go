package smile

import (
	"reflect"
	"unsafe"

	"github.com/go-smile/smile/internal/rt"
)

// newSliceEncoder writes a nil slice as null, a byte slice as binary and
// any other slice as an array of its elements, which are addressable.
func newSliceEncoder(t reflect.Type) encoderFunc {
	st := rt.NewSliceType(t)
	if isByteElem(t.Elem(), hasMarshalMethod) {
		return func(e *encodeState, p unsafe.Pointer) error {
			if st.IsNil(p) {
				return e.w.WriteNull()
			}
			return e.w.WriteBinary(rt.Bytes(st.Data(p), st.Len(p)))
		}
	}
	// A slice of a plain kind cannot hold itself: written by one call,
	// with no cycle tracking.
	switch plainKind(t.Elem()) {
	case reflect.String:
		return func(e *encodeState, p unsafe.Pointer) error {
			if st.IsNil(p) {
				return e.w.WriteNull()
			}
			return encodeStrings(e, *(*[]string)(p))
		}
	case reflect.Int64:
		return func(e *encodeState, p unsafe.Pointer) error {
			if st.IsNil(p) {
				return e.w.WriteNull()
			}
			return export.WriteIntArray(e.w, *(*[]int64)(p))
		}
	case reflect.Float64:
		return func(e *encodeState, p unsafe.Pointer) error {
			if st.IsNil(p) {
				return e.w.WriteNull()
			}
			return export.WriteFloat64Array(e.w, *(*[]float64)(p))
		}
	}
	elems := newElemsEncoder(t.Elem(), true)
	key := rt.TypeKey(t)
	return func(e *encodeState, p unsafe.Pointer) error {
		if st.IsNil(p) {
			return e.w.WriteNull()
		}
		n := st.Len(p)
		if n == 0 { // nothing to track
			return e.writeEmptyArray()
		}
		// Slices are tracked by their data pointer and length, so that a
		// slice holding itself is a cycle but a sub-slice is not.
		k := cycleKey{p: st.Data(p), n: n, typ: key}
		if err := e.enterCycleCheck(k, t, p); err != nil {
			return err
		}
		err := elems(e, st.Data(p), n)
		e.leaveCycleCheck(k)
		return err
	}
}

// writeEmptyArray writes [], in one call: an empty array of integers.
func (e *encodeState) writeEmptyArray() error { return export.WriteIntArray(e.w, nil) }

// newArrayEncoder writes a byte array as binary and any other array as a
// Smile array. Elements are addressable when the array is.
func newArrayEncoder(t reflect.Type, addr bool) encoderFunc {
	n := t.Len()
	if isByteElem(t.Elem(), hasMarshalMethod) {
		return func(e *encodeState, p unsafe.Pointer) error {
			return e.w.WriteBinary(rt.Bytes(p, n))
		}
	}
	elems := newElemsEncoder(t.Elem(), addr)
	return func(e *encodeState, p unsafe.Pointer) error { return elems(e, p, n) }
}

// An elemsEncoder writes the n elements of a type starting at p as an
// array.
type elemsEncoder func(e *encodeState, p unsafe.Pointer, n int) error

// newElemsEncoder returns the elemsEncoder of elements of type t. Integers
// and float64s without methods of their own are written by one Writer
// call, such strings by a loop without calls through an encoder; other
// elements one by one with their encoder.
func newElemsEncoder(t reflect.Type, addr bool) elemsEncoder {
	switch plainKind(t) {
	case reflect.Float64:
		return func(e *encodeState, p unsafe.Pointer, n int) error {
			return export.WriteFloat64Array(e.w, rt.Slice((*float64)(p), n))
		}
	case reflect.Int64:
		return func(e *encodeState, p unsafe.Pointer, n int) error {
			return export.WriteIntArray(e.w, rt.Slice((*int64)(p), n))
		}
	case reflect.String:
		return func(e *encodeState, p unsafe.Pointer, n int) error {
			return encodeStrings(e, rt.Slice((*string)(p), n))
		}
	}
	if encodesPointee(t) {
		return newPointeesEncoder(t)
	}
	if enc := newPlainArraysEncoder(t); enc != nil {
		return enc
	}
	elem := typeEncoder(t, addr)
	size := t.Size()
	return func(e *encodeState, p unsafe.Pointer, n int) error {
		if err := e.writeStartArray(); err != nil {
			return err
		}
		for i := 0; i < n; i++ {
			if err := elem(e, rt.Add(p, uintptr(i)*size)); err != nil {
				return withIndex(err, i)
			}
		}
		return e.w.WriteEndArray()
	}
}

// newPlainArraysEncoder returns the elemsEncoder of t when t is a
// non-empty array of float64s or of integers, which newArrayEncoder
// writes by one Writer call (t and its elements have no methods of their
// own), and nil otherwise. It writes the elements without a call through
// the array's encoder: arrays of float64s all in one Writer call (the
// canada data set's [2]float64 coordinates), arrays of integers one call
// each. go-smile's own Ir per Marshal/canada, without it -> with it
// (BIN=<bench test> N=10 sh bench/callgrind.sh Marshal/canada, at
// 00ac86c): 12.027M -> 7.528M (-37.4%).
func newPlainArraysEncoder(t reflect.Type) elemsEncoder {
	if t.Kind() != reflect.Array || t.Len() == 0 || hasOwnEncoding(t) {
		return nil
	}
	n := t.Len()
	switch plainKind(t.Elem()) {
	case reflect.Float64:
		return func(e *encodeState, p unsafe.Pointer, count int) error {
			return export.WriteFloat64Arrays(e.w, rt.Slice((*float64)(p), count*n), n)
		}
	case reflect.Int64:
		return func(e *encodeState, p unsafe.Pointer, count int) error {
			if err := e.writeStartArray(); err != nil {
				return err
			}
			all := rt.Slice((*int64)(p), count*n)
			for i := 0; i < len(all); i += n {
				if err := export.WriteIntArray(e.w, all[i:i+n]); err != nil {
					return err
				}
			}
			return e.w.WriteEndArray()
		}
	}
	return nil
}

// newPointeesEncoder returns the elemsEncoder of the pointer type t, whose
// values are written as what they point to (see encodesPointee):
// newPtrEncoder's work for each element, without a call through it, and
// encodePointee's first levels written out in the loop. Measured (bash
// bench/callgrind.sh Marshal/code, N=100, the data set of []*CodeNode; Ir
// per Marshal in all / in go-smile's own functions): calling
// encodePointee for each element 13.00M / 12.86M, written out 12.83M /
// 12.68M (-1.4%).
func newPointeesEncoder(t reflect.Type) elemsEncoder {
	target := newEncoderRef(t.Elem(), true)
	key := rt.TypeKey(t)
	return func(e *encodeState, p unsafe.Pointer, n int) error {
		elem := target.get()
		if err := e.writeStartArray(); err != nil {
			return err
		}
		for i, q := range rt.Slice((*unsafe.Pointer)(p), n) {
			var err error
			if q != nil && e.ptrLevel < startDetectingCyclesAfter {
				e.ptrLevel++ // encodePointee, written out (see above)
				err = elem(e, q)
				e.ptrLevel--
			} else {
				err = e.encodePointee(q, t, key, elem)
			}
			if err != nil {
				return withIndex(err, i)
			}
		}
		return e.w.WriteEndArray()
	}
}

// encodeStrings writes an array of the strings v.
func encodeStrings(e *encodeState, v []string) error {
	if err := e.writeStartArray(); err != nil {
		return err
	}
	for i, s := range v {
		// e.writeString, inlined (it is too large to be inlined itself).
		// bash bench/callgrind.sh Marshal/medium (N=200, the data set of
		// []string fields), go-smile's own Ir per Marshal: 26,647 with
		// the call, 26,243 so.
		if err := e.w.WriteString(s); err != nil {
			if err = e.retryString(s, err); err != nil {
				return withIndex(err, i)
			}
		}
	}
	return e.w.WriteEndArray()
}
