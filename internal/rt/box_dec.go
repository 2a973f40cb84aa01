package rt

import "unsafe"

// BoxType makes interface values holding a T without copying the T: the
// type word of such values, looked up once (see BoxTypeOf). T must not be
// pointer-shaped (a pointer, map, channel, func, or a struct or array of
// one of those), whose interface values hold the value itself.
type BoxType[T any] struct{ typ unsafe.Pointer }

// BoxTypeOf returns the BoxType of T.
func BoxTypeOf[T any]() BoxType[T] {
	var v any = *new(T) // the type word of T, without allocating for most types
	return BoxType[T]{(*eface)(unsafe.Pointer(&v)).typ}
}

// Box returns an interface value holding *p, pointing to *p itself
// instead of a copy: *p must never change afterwards. b must come from
// BoxTypeOf.
func (b BoxType[T]) Box(p *T) any {
	var v any
	e := (*eface)(unsafe.Pointer(&v))
	e.typ, e.data = b.typ, unsafe.Pointer(p)
	return v
}
