package rt

import (
	"reflect"
	"unsafe"
)

// MakeSized sets *p to a new empty map with room for about n entries, as
// Make does, without allocating anything but the map.
func (m *MapType) MakeSized(p unsafe.Pointer, n int) {
	*(*unsafe.Pointer)(p) = reflect.MakeMapWithSize(m.t, n).UnsafePointer()
}
