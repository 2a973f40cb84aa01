package rt

import (
	"reflect"
	"unsafe"

	"github.com/modern-go/reflect2"
)

// MapType holds the helpers for one map type. Every method takes p, a
// pointer to a map value of that type (the map variable, not the map).
type MapType struct {
	t    reflect.Type
	r    reflect2.MapType
	Key  *Type // the key type
	Elem *Type // the element type
}

// NewMapType returns the helpers for map type t.
func NewMapType(t reflect.Type) *MapType {
	return &MapType{
		t:    t,
		r:    reflect2.Type2(t).(reflect2.MapType),
		Key:  TypeOf(t.Key()),
		Elem: TypeOf(t.Elem()),
	}
}

// IsNil reports whether *p is a nil map.
func (m *MapType) IsNil(p unsafe.Pointer) bool { return *(*unsafe.Pointer)(p) == nil }

// Len returns len(*p).
func (m *MapType) Len(p unsafe.Pointer) int { return reflect.NewAt(m.t, p).Elem().Len() }

// Make sets *p to a new empty map with room for about n entries.
func (m *MapType) Make(p unsafe.Pointer, n int) {
	*(*unsafe.Pointer)(p) = *(*unsafe.Pointer)(m.r.UnsafeMakeMap(n))
}

// SetIndex stores the element at elem under the key at key in the non-nil
// map *p (both pointers to values of the key and element types).
func (m *MapType) SetIndex(p, key, elem unsafe.Pointer) { m.r.UnsafeSetIndex(p, key, elem) }

// GetIndex returns a pointer to the element stored under the key at key,
// or nil when there is none. The pointer is into the map: read it before
// the map changes.
func (m *MapType) GetIndex(p, key unsafe.Pointer) unsafe.Pointer {
	return m.r.UnsafeGetIndex(p, key)
}

// Iterate starts an iteration over the non-nil map *p. The map must not
// change during the iteration. It allocates (three objects on Go 1.26).
func (m *MapType) Iterate(p unsafe.Pointer) MapIter {
	return MapIter{it: m.r.UnsafeIterate(p)}
}

// MapIter iterates over a map; see MapType.Iterate.
type MapIter struct{ it reflect2.MapIterator }

// Next returns pointers to the next key and element, valid until the map
// changes, and false when the iteration is over.
func (i *MapIter) Next() (key, elem unsafe.Pointer, ok bool) {
	if !i.it.HasNext() {
		return nil, nil, false
	}
	key, elem = i.it.UnsafeNext()
	return key, elem, true
}
