package rt

import "unsafe"

// Box returns an interface value holding *p, pointing to *p itself instead
// of a copy: *p must never change afterwards. T must not be pointer-shaped
// (a pointer, map, channel, func, or a struct or array of one of those),
// whose interface values hold the value itself.
func Box[T any](p *T) any {
	var v any = *new(T) // the type word of T, without allocating for most types
	(*eface)(unsafe.Pointer(&v)).data = unsafe.Pointer(p)
	return v
}
