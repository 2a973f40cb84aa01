//go:build !purego

package rt

import (
	"reflect"
	"unsafe"
)

// MapRange iterates over a map without allocating, unlike Iterate: it is
// a reflect.MapIter, which holds the runtime's iterator inline, and a
// MapRange is meant to be kept and reused (Start, Next..., Stop).
//
// reflect.MapIter gives the current key and element only as copies (which
// allocate), so Next reads the runtime iterator's pointers to them: the
// iterator, after MapIter's map Value, starts with them (the compiler's
// range loops rely on that order too). mapRangeLayoutOK checks this once;
// if a Go release changes it, Next falls back to Iterate.
type MapRange struct {
	it       reflect.MapIter
	fallback MapIter // used when !mapRangeLayoutOK
}

// mapIterLayout is the start of reflect.MapIter's layout.
type mapIterLayout struct {
	m         reflect.Value
	key, elem unsafe.Pointer
}

// Start starts an iteration over the non-nil map *p, of type m. The map
// must not change during the iteration.
func (r *MapRange) Start(m *MapType, p unsafe.Pointer) {
	if !mapRangeLayoutOK {
		r.fallback = m.Iterate(p)
		return
	}
	r.it.Reset(reflect.NewAt(m.t, p).Elem())
}

// Next returns pointers to the next key and element, valid until the map
// changes, and false when the iteration is over.
func (r *MapRange) Next() (key, elem unsafe.Pointer, ok bool) {
	if !mapRangeLayoutOK {
		return r.fallback.Next()
	}
	if !r.it.Next() {
		return nil, nil, false
	}
	l := (*mapIterLayout)(unsafe.Pointer(&r.it))
	return l.key, l.elem, true
}

// Stop ends the iteration, so that r no longer refers to the map.
func (r *MapRange) Stop() {
	r.it.Reset(reflect.Value{})
	r.fallback = MapIter{}
}

// mapRangeLayoutOK reports whether reflect.MapIter has the layout Next
// reads, checked on a map of one entry.
var mapRangeLayoutOK = func() bool {
	m := map[int]int{7: 42}
	var it reflect.MapIter
	it.Reset(reflect.ValueOf(m))
	if !it.Next() {
		return false
	}
	l := (*mapIterLayout)(unsafe.Pointer(&it))
	return uintptr(l.key) > 4096 && uintptr(l.elem) > 4096 && *(*int)(l.key) == 7 && *(*int)(l.elem) == 42
}()
