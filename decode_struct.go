package smile

import (
	"encoding"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"sync"
	"unsafe"

	"github.com/go-smile/smile/internal/rt"
	"github.com/go-smile/smile/stream"
)

// sliceDecoder decodes an array into a slice as encoding/json does: the
// elements are decoded in order, in place for those within the old
// capacity, and the length is then set to the number of elements. An
// empty array gives an empty non-nil slice; null gives nil.
//
// A slice without capacity (a new one, usually) gets a new array (see
// newSlice): most arrays of a document are short, and their elements are
// decoded straight into it; the elements of a longer one are gathered
// first, in scratch space reused from call to call, so that the slice is
// allocated once instead of growing as elements arrive. Past
// maxScratchSlice elements the scratch array itself becomes the slice, as
// append would have left it.
func sliceDecoder(t reflect.Type) decFunc {
	sd := &sliceDec{
		st:   rt.NewSliceType(t),
		dec:  decoderOf(t.Elem()),
		kind: elemScalarKind(t.Elem()),
		esz:  int(t.Elem().Size()),
		csz:  typedCharge(int(t.Elem().Size())),
	}
	if t.Elem().Kind() == reflect.Array && !hasUnmarshalMethod(reflect.PointerTo(t.Elem())) {
		sd.arr = newArrayDec(t.Elem())
	}
	if n := growBy(0, sd.esz); n == maxStageLen {
		sd.stageLen = n
		sd.stage = rt.TypeOf(reflect.ArrayOf(n, t.Elem()))
	}
	flat := sd.esz > 0 && !hasPointers(t.Elem())
	return func(d *decodeState, p unsafe.Pointer) error {
		switch d.tok.Kind {
		case stream.KindStartArray:
		case stream.KindNull:
			sd.st.SetNil(p)
			return nil
		default:
			return d.typeError(t)
		}
		if d.r.ReadEndArray() { // empty, as arrays often are
			sd.st.SetEmpty(p)
			return nil
		}
		switch {
		case sd.st.Cap(p) != 0:
			return d.reuseSlice(sd, p)
		case flat:
			return d.flatSlice(sd, p)
		}
		return d.newSlice(sd, p)
	}
}

// maxScratchSlice is the capacity up to which a sliceDec keeps its
// scratch slices for the next call.
const maxScratchSlice = 1 << 12

// maxStageLen is the number of elements of a stage (see sliceDec).
const maxStageLen = 4

// sliceDec is what the decoder of one slice type needs.
type sliceDec struct {
	st   *rt.SliceType
	dec  decFunc    // of an element
	kind scalarKind // of an element
	esz  int        // the size of an element
	csz  int        // what an element is charged (typedCharge of esz)
	arr  *arrayDec  // when an element is a Go array without decoding methods (see flatSlice)

	// stage is the type of the array, of stageLen elements, that a new
	// slice starts with (see newSlice); nil when fewer than maxStageLen
	// elements fit in 64 bytes: arrays of larger elements are seldom that
	// short, and the stage would then be a wasted allocation.
	stage    *rt.Type
	stageLen int

	scratch sync.Pool // of pointers to []T, emptied and zeroed
}

// reuseSlice decodes an array into the slice at p, which has capacity,
// reusing it.
func (d *decodeState) reuseSlice(sd *sliceDec, p unsafe.Pointer) error {
	d.pushIndex(0)
	if err := d.nextValue(); err != nil {
		return err
	}
	if err := d.sliceElems(sd, p, 0); err != nil {
		return err
	}
	d.pop()
	if sd.st.Len(p) == 0 {
		sd.st.SetEmpty(p) // as encoding/json: a new empty slice
	}
	return nil
}

// newSlice decodes an array into the slice at p, which has no capacity.
// When the element type has a stage, the first elements are decoded
// straight into a new array of sd.stageLen elements, which becomes the
// slice when the array ends there. The elements of a longer array are
// gathered in scratch space and then copied into a new array of the exact
// length (see gatherSlice). *p is set only once every element is decoded.
func (d *decodeState) newSlice(sd *sliceDec, p unsafe.Pointer) error {
	d.pushIndex(0)
	if sd.stage == nil {
		if err := d.nextValue(); err != nil {
			return err
		}
		return d.gatherSlice(sd, p, nil)
	}
	if err := d.charge(appendGrowth(0, sd.stageLen, sd.csz)); err != nil {
		return err
	}
	stage := sd.stage.New()
	for i := 0; ; {
		// Scalars are read without a token (see readScalar).
		for ; sd.kind != scalarNone && i < sd.stageLen && i < d.maxLen(); i++ {
			if ok, err := d.readScalar(sd.kind, unsafe.Add(stage, i*sd.esz)); err != nil {
				return err
			} else if !ok {
				break
			}
		}
		if err := d.nextValue(); err != nil {
			return err
		}
		if d.tok.Kind == stream.KindEndArray {
			d.pop()
			if i == 0 { // empty after all (sliceDecoder reads most empty arrays)
				sd.st.SetEmpty(p)
			} else {
				sd.st.SetArray(p, stage, i, sd.stageLen)
			}
			return nil
		}
		if i == sd.stageLen {
			return d.gatherSlice(sd, p, stage)
		}
		if i >= d.maxLen() {
			return d.containerLimit(i + 1)
		}
		d.setIndex(i)
		if err := d.elem(sd, unsafe.Add(stage, i*sd.esz)); err != nil {
			return err
		}
		i++
	}
}

// gatherSlice decodes the rest of an array into scratch space, after the
// sd.stageLen elements of stage unless stage is nil, then stores them in a
// new slice of the exact length at p. d.tok holds the first token of the
// next element, or the end of the array.
func (d *decodeState) gatherSlice(sd *sliceDec, p, stage unsafe.Pointer) error {
	st := sd.st
	sp, _ := sd.scratch.Get().(unsafe.Pointer)
	if sp == nil {
		sp = st.NewHeader()
	}
	err := d.scratchElems(sd, sp, stage)
	switch {
	case err == nil && st.Cap(sp) > maxScratchSlice:
		// Too large to keep as scratch: the slice itself is the
		// result, with its spare capacity (as append leaves it),
		// rather than a copy that would cost its size again.
		st.Move(p, sp)
		return nil
	case err == nil && st.Len(sp) > 0:
		if err = d.charge(st.Len(sp) * sd.csz); err == nil {
			st.CopyFrom(p, sp)
		}
	case err == nil:
		st.SetEmpty(p)
	}
	st.ClearLen(sp)
	if st.Cap(sp) <= maxScratchSlice {
		sd.scratch.Put(sp)
	}
	return err
}

// scratchElems decodes the rest of an array into the empty scratch slice
// at sp, after a copy of the elements of stage unless it is nil.
func (d *decodeState) scratchElems(sd *sliceDec, sp, stage unsafe.Pointer) error {
	n := 0
	if stage != nil {
		n = sd.stageLen
		if sd.st.Cap(sp) < n {
			if err := d.charge(appendGrowth(0, n, sd.csz)); err != nil {
				return err
			}
			sd.st.GrowCap(sp, n)
		}
		sd.st.SetLen(sp, n)
		for i := range n {
			sd.st.Elem.Copy(sd.st.Index(sp, i), unsafe.Add(stage, i*sd.esz))
		}
	}
	if err := d.sliceElems(sd, sp, n); err != nil {
		return err
	}
	d.pop()
	return nil
}

// elem decodes the value whose first token is d.tok into the slice
// element at p.
func (d *decodeState) elem(sd *sliceDec, p unsafe.Pointer) error {
	if sd.kind != scalarNone && d.storeScalar(sd.kind, p) {
		return nil
	}
	return sd.dec(d, p)
}

// sliceElems decodes the elements of an array from element i on into the
// slice at p, whose first i elements are decoded already, reusing its
// capacity and growing it geometrically, and sets its length to the
// number of elements. d.tok holds the first token of element i, or the
// end of the array; the path's last step is the element index.
func (d *decodeState) sliceElems(sd *sliceDec, p unsafe.Pointer, i int) error {
	st := sd.st
	for d.tok.Kind != stream.KindEndArray {
		if i >= d.maxLen() {
			return d.containerLimit(i + 1)
		}
		if i >= st.Cap(p) {
			by := growBy(i, sd.esz)
			if err := d.charge(appendGrowth(i, i+by, sd.csz)); err != nil {
				return err
			}
			// Len == Cap == i here; GrowCap keeps the i elements.
			st.SetLen(p, i)
			st.GrowCap(p, by)
		}
		if i >= st.Len(p) {
			st.SetLen(p, i+1)
		}
		d.setIndex(i)
		if err := d.elem(sd, st.Index(p, i)); err != nil {
			return err
		}
		i++
		if err := d.nextValue(); err != nil {
			return err
		}
	}
	st.SetLen(p, i)
	return nil
}

// flatSlice decodes the elements of an array, of a type without pointers
// and esz bytes, into d.flat, then stores them in a new slice of the exact
// length at p: one allocation and no copies as the array grows. No
// element decoder can use d.flat while it runs (an element without
// pointers holds no slice), but d.flat may move as it grows, so elements
// are addressed by offset.
//
// The spare capacity of d.flat is kept zeroed, so that elements are
// decoded into zeroed memory without clearing each one: flatSlice zeroes
// what it used, in one pass, before it returns.
func (d *decodeState) flatSlice(sd *sliceDec, p unsafe.Pointer) error {
	base := len(d.flat)
	i, err := d.flatElems(sd)
	if err == nil {
		if i == 0 {
			sd.st.SetEmpty(p)
		} else if err = d.charge(i * sd.csz); err == nil {
			b := make([]byte, len(d.flat)-base) // with the copy: not zeroed first
			copy(b, d.flat[base:])
			sd.st.SetBytes(p, b, i)
		}
	}
	clear(d.flat[base:])
	d.flat = d.flat[:base]
	return err
}

// flatElems is flatSlice's loop: it appends the elements to d.flat and
// returns how many there are.
func (d *decodeState) flatElems(sd *sliceDec) (int, error) {
	esz := sd.esz
	i := 0
	d.pushIndex(0)
	for {
		// A scalar element is read without a token when there is room
		// for it (which growing, below, charges for).
		if n := len(d.flat); sd.kind != scalarNone && i < d.maxLen() && cap(d.flat)-n >= esz {
			d.setIndex(i)
			if ok, err := d.readScalar(sd.kind, unsafe.Pointer(&d.flat[:n+esz][n])); err != nil {
				return 0, err
			} else if ok {
				d.flat = d.flat[:n+esz]
				i++
				continue
			}
		}
		// An array element's start is read without a token.
		started := sd.arr != nil && d.r.ReadStartArray()
		if !started {
			if err := d.nextValue(); err != nil {
				return 0, err
			}
			if d.tok.Kind == stream.KindEndArray {
				break
			}
		}
		if i >= d.maxLen() {
			return 0, d.containerLimit(i + 1)
		}
		n := len(d.flat)
		if cap(d.flat)-n < esz {
			// In elements, as charged (csz bytes each).
			if err := d.charge(appendGrowth(cap(d.flat)/esz, n/esz+1, sd.csz)); err != nil {
				return 0, err
			}
		}
		d.flat = slices.Grow(d.flat, esz)[:n+esz] // zeroed (see flatSlice)
		d.setIndex(i)
		var err error
		if started {
			err = sd.arr.elems(d, unsafe.Pointer(&d.flat[n]))
		} else {
			err = d.elem(sd, unsafe.Pointer(&d.flat[n]))
		}
		if err != nil {
			return 0, err
		}
		i++
	}
	d.pop()
	return i, nil
}

// hasPointers reports whether values of t hold pointers.
func hasPointers(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.Complex64, reflect.Complex128:
		return false
	case reflect.Array:
		return t.Len() > 0 && hasPointers(t.Elem())
	case reflect.Struct:
		for i := range t.NumField() {
			if hasPointers(t.Field(i).Type) {
				return true
			}
		}
		return false
	}
	return true
}

// growBy returns how many elements of esz bytes to make room for in a
// full slice of n elements: at first as many as fit in 64 bytes, from 1
// to 4, then n, doubling the capacity. (Asking for one each time would
// follow append's policy, which grows large slices by 1.25×: the
// allocations then total about 5× the final slice, too much on hostile
// input of one-byte elements; and four large elements for every array of
// a deeply nested document cost more than 64× its bytes; see
// memory_test.go and TestHostileDepth.)
func growBy(n, esz int) int {
	if n == 0 {
		return min(max(64/max(esz, 1), 1), 4)
	}
	return n
}

// arrayDecoder decodes an array into a Go array: extra elements are
// skipped, missing ones zeroed.
func arrayDecoder(t reflect.Type) decFunc {
	ad := newArrayDec(t)
	return func(d *decodeState, p unsafe.Pointer) error {
		switch d.tok.Kind {
		case stream.KindStartArray:
		case stream.KindNull:
			return nil
		default:
			return d.typeError(t)
		}
		return ad.elems(d, p)
	}
}

// arrayDec is what the decoder of one Go array type needs.
type arrayDec struct {
	at   *rt.ArrayType
	dec  decFunc    // of an element
	kind scalarKind // of an element
}

func newArrayDec(t reflect.Type) *arrayDec {
	return &arrayDec{at: rt.NewArrayType(t), dec: decoderOf(t.Elem()), kind: elemScalarKind(t.Elem())}
}

// elemScalarKind is scalarKindOf for the elements of arrays, but for
// pointers: elements are seldom null, and a try for each would cost more
// than it saves.
func elemScalarKind(t reflect.Type) scalarKind {
	if k := scalarKindOf(t); k != scalarPointer {
		return k
	}
	return scalarNone
}

// elems decodes the elements of an array, whose start has been read,
// into the Go array at p.
func (ad *arrayDec) elems(d *decodeState, p unsafe.Pointer) error {
	at, kind, n := ad.at, ad.kind, ad.at.Len()
	i := 0
	if kind != scalarNone {
		// The common case: as many scalars as the Go array holds, each
		// read without a token (see readScalar), which can raise no type
		// error, so the path needs no step for them.
		for ; i < n && i < d.maxLen(); i++ {
			if ok, err := d.readScalar(kind, at.Index(p, i)); err != nil {
				return err
			} else if !ok {
				break
			}
		}
		if i == n && d.r.ReadEndArray() {
			return nil
		}
	}
	d.pushIndex(i)
	for {
		// An element read without a token (see readScalar).
		if i < n && i < d.maxLen() {
			d.setIndex(i)
			if ok, err := d.readScalar(kind, at.Index(p, i)); err != nil {
				return err
			} else if ok {
				i++
				continue
			}
		}
		if err := d.nextValue(); err != nil {
			return err
		}
		if d.tok.Kind == stream.KindEndArray {
			break
		}
		if i >= d.maxLen() {
			return d.containerLimit(i + 1)
		}
		if i < n {
			d.setIndex(i)
			if ep := at.Index(p, i); kind == scalarNone || !d.storeScalar(kind, ep) {
				if err := ad.dec(d, ep); err != nil {
					return err
				}
			}
		} else if err := d.skipRest(); err != nil {
			return err
		}
		i++
	}
	d.pop()
	for ; i < n; i++ {
		at.Elem.Zero(at.Index(p, i))
	}
	return nil
}

// mapKeyDecFunc stores the current key token into the key value at kp. It
// reports false after saving an error for a key that does not fit.
type mapKeyDecFunc func(d *decodeState, kp unsafe.Pointer) (bool, error)

// mapKeyDecoder returns how keys of type kt are decoded, by encoding/json's
// rules: encoding.TextUnmarshaler first, then string kinds, then integer
// kinds. It returns nil for other key types.
func mapKeyDecoder(kt reflect.Type) mapKeyDecFunc {
	if reflect.PointerTo(kt).Implements(decTextUnmarshalerType) {
		typ := rt.TypeOf(kt)
		return func(d *decodeState, kp unsafe.Pointer) (bool, error) {
			typ.Zero(kp)
			u := typ.PtrValue(kp).(encoding.TextUnmarshaler)
			if err := u.UnmarshalText(d.tok.Bytes()); err != nil {
				return false, d.methodError(kt, d.offset(), err)
			}
			return true, nil
		}
	}
	switch kt.Kind() {
	case reflect.String:
		return func(d *decodeState, kp unsafe.Pointer) (bool, error) {
			*(*string)(kp) = d.key()
			return true, nil
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		bits := int(kt.Size() * 8)
		return func(d *decodeState, kp unsafe.Pointer) (bool, error) {
			s := d.tok.Bytes()
			v, err := strconv.ParseInt(string(s), 10, bits)
			if err != nil {
				d.saveError(&UnmarshalTypeError{Value: "key " + strconv.Quote(string(s)), Type: kt, Offset: d.offset(), Field: d.pathString(), Err: numErrCause(err)})
				return false, nil
			}
			storeInt(kp, bits, v)
			return true, nil
		}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		bits := int(kt.Size() * 8)
		return func(d *decodeState, kp unsafe.Pointer) (bool, error) {
			s := d.tok.Bytes()
			v, err := strconv.ParseUint(string(s), 10, bits)
			if err != nil {
				d.saveError(&UnmarshalTypeError{Value: "key " + strconv.Quote(string(s)), Type: kt, Offset: d.offset(), Field: d.pathString(), Err: numErrCause(err)})
				return false, nil
			}
			storeUint(kp, bits, v)
			return true, nil
		}
	}
	return nil
}

// numErrCause returns the cause inside a *strconv.NumError.
func numErrCause(err error) error {
	var ne *strconv.NumError
	if errors.As(err, &ne) {
		return ne.Err
	}
	return err
}

// mapDecoder decodes an object into a map, merging into an existing map
// (allocated when nil). null sets the map to nil.
func mapDecoder(t reflect.Type) decFunc {
	keyDec := mapKeyDecoder(t.Key())
	if keyDec == nil {
		return func(d *decodeState, p unsafe.Pointer) error {
			if d.tok.Kind == stream.KindNull {
				*(*unsafe.Pointer)(p) = nil
				return nil
			}
			return d.typeError(t)
		}
	}
	if t.Key().Kind() == reflect.String && t.Elem() == decAnyType && !reflect.PointerTo(t.Key()).Implements(decTextUnmarshalerType) {
		return mapStringAnyDecoder(t)
	}
	strType := reflect.TypeFor[string]()
	if t.Key() == strType && t.Elem() == strType {
		return mapStringStringDecoder(t)
	}
	mt := rt.NewMapType(t)
	dec := decoderOf(t.Elem())
	// An entry's size, for the memory budget: as the map lays it out
	// (rounded to 8 bytes), its value charged as a typed element.
	slot := (int(t.Key().Size()) + typedCharge(int(t.Elem().Size())) + 7) &^ 7
	strKey := t.Key().Kind() == reflect.String && !reflect.PointerTo(t.Key()).Implements(decTextUnmarshalerType)
	return func(d *decodeState, p unsafe.Pointer) error {
		switch d.tok.Kind {
		case stream.KindStartObject:
		case stream.KindNull:
			*(*unsafe.Pointer)(p) = nil
			return nil
		default:
			return d.typeError(t)
		}
		if mt.IsNil(p) {
			if err := d.charge(mapBytes(0, slot)); err != nil {
				return err
			}
			mt.MakeSized(p, 0)
		}
		kp, ep := mt.Key.New(), mt.Elem.New()
		max := d.maxLen()
		n := 0
		d.pushKey("")
		for {
			if strKey {
				// Keys come as bytes, without a Token.
				kb, slot, ok, err := d.nextKey()
				if err != nil {
					return err
				}
				if !ok {
					break
				}
				if n++; n > max {
					return d.containerLimit(n)
				}
				k := d.keyString(kb, slot)
				*(*string)(kp) = k
				d.setKey(k)
			} else {
				if err := d.next(); err != nil {
					return err
				}
				if d.tok.Kind == stream.KindEndObject {
					break
				}
				if n++; n > max {
					return d.containerLimit(n)
				}
				d.setKey(d.key())
				ok, err := keyDec(d, kp)
				if err != nil {
					return err
				}
				if !ok {
					if err := d.r.SkipValue(); err != nil {
						return d.fatal(err)
					}
					continue
				}
			}
			if err := d.nextValue(); err != nil {
				return err
			}
			mt.Elem.Zero(ep)
			if err := dec(d, ep); err != nil {
				return err
			}
			if g := mapGrowth(n, slot); g > 0 {
				if err := d.charge(g); err != nil {
					return err
				}
			}
			mt.SetIndex(p, kp, ep)
		}
		d.pop()
		return nil
	}
}

// mapStringStringDecoder is mapDecoder for map[string]string and named
// types of it, without reflection.
func mapStringStringDecoder(t reflect.Type) decFunc {
	elem := t.Elem()
	return func(d *decodeState, p unsafe.Pointer) error {
		mp := (*map[string]string)(p)
		switch d.tok.Kind {
		case stream.KindStartObject:
		case stream.KindNull:
			*mp = nil
			return nil
		default:
			return d.typeError(t)
		}
		if *mp == nil {
			if err := d.charge(mapBytes(0, 0)); err != nil {
				return err
			}
			*mp = make(map[string]string)
		}
		m := *mp
		max := d.maxLen()
		n := 0
		d.pushKey("")
		for {
			kb, slot, ok, err := d.nextKey()
			if err != nil {
				return err
			}
			if !ok {
				break
			}
			if n++; n > max {
				return d.containerLimit(n)
			}
			k := d.keyString(kb, slot)
			d.setKey(k)
			if err := d.nextValue(); err != nil {
				return err
			}
			var v string // stored even after a type error, as by mapDecoder
			switch d.tok.Kind {
			case stream.KindString:
				v = d.str()
			case stream.KindNull:
			default:
				if err := d.typeError(elem); err != nil {
					return err
				}
			}
			if g := mapGrowth(n, 2*int(unsafe.Sizeof(""))); g > 0 {
				if err := d.charge(g); err != nil {
					return err
				}
			}
			m[k] = v
		}
		d.pop()
		return nil
	}
}

// mapStringAnyDecoder is mapDecoder for map[string]any and types with the
// same layout, without reflection.
func mapStringAnyDecoder(t reflect.Type) decFunc {
	return func(d *decodeState, p unsafe.Pointer) error {
		mp := (*map[string]any)(p)
		switch d.tok.Kind {
		case stream.KindStartObject:
		case stream.KindNull:
			*mp = nil
			return nil
		default:
			return d.typeError(t)
		}
		if *mp == nil {
			if err := d.charge(mapBytes(0, 0)); err != nil {
				return err
			}
			*mp = make(map[string]any)
		}
		return d.objectInto(*mp)
	}
}

// structDec is the decoder of one struct type.
type structDec struct {
	t      reflect.Type
	info   *structInfo
	fields []decField
	// keys[i] matches the name of field i written in full, for keys that
	// come in field order (see members); it is zero, matching nothing,
	// for a name that is not valid UTF-8 or that a tag cannot name, and
	// past the last field.
	keys []stream.PreparedKey
	// tagBits is the decoder's id in a half key tag (see decode_keytag.go).
	tagBits uint32
}

// decField is a struct field as the decoder needs it.
type decField struct {
	name   string
	hops   []decHop
	offset uintptr
	dec    decFunc
	kind   scalarKind // what the struct loop stores itself (see storeScalar)
}

// decHop is an embedded pointer on the way to a promoted field.
type decHop struct {
	offset   uintptr
	elem     *rt.Type
	exported bool
}

func structDecoder(t reflect.Type) decFunc {
	si := cachedStructInfo(t)
	sd := &structDec{t: t, info: si, fields: make([]decField, len(si.fields)), tagBits: newTagBits()}
	sd.keys = make([]stream.PreparedKey, len(si.fields)+1)
	for i := range si.fields {
		f := &si.fields[i]
		df := decField{name: f.name, offset: f.offset}
		if k, err := stream.PrepareKey(f.name); err == nil && sd.canTag(i) {
			sd.keys[i] = *k
		}
		for _, h := range f.hops {
			df.hops = append(df.hops, decHop{offset: h.offset, elem: rt.TypeOf(h.elem), exported: h.exported})
		}
		sd.fields[i] = df
	}
	// Field decoders last: a recursive type finds this one's placeholder.
	for i := range si.fields {
		sd.fields[i].dec = decoderOf(si.fields[i].typ)
		sd.fields[i].kind = scalarKindOf(si.fields[i].typ)
		if si.fields[i].quoted { // tag_string.go: through dec, from a string
			sd.fields[i].dec = quotedDecoder(si.fields[i].typ, sd.fields[i].dec)
			sd.fields[i].kind = scalarNone
		}
	}
	return sd.decode
}

// lookup returns the index of the field for key kb, or -1: the field at
// hint when its name matches (keys usually come in field order), else an
// exact match, else a case-insensitive one unless disabled.
func (sd *structDec) lookup(d *decodeState, kb []byte, hint int) int {
	if hint < len(sd.fields) && sd.fields[hint].name == string(kb) {
		return hint
	}
	if i, ok := sd.info.byName[string(kb)]; ok {
		return i
	}
	if d.cfg.opts.CaseSensitiveFields {
		return -1
	}
	var arr [64]byte
	if i, ok := sd.info.byFold[string(appendFoldedName(arr[:0], unsafeString(kb)))]; ok {
		return i
	}
	return -1
}

// unsafeString views b as a string for a lookup that does not keep it.
func unsafeString(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(&b[0], len(b))
}

func (sd *structDec) decode(d *decodeState, p unsafe.Pointer) error {
	switch d.tok.Kind {
	case stream.KindStartObject:
	case stream.KindNull:
		return nil
	default:
		return d.typeError(sd.t)
	}
	n, hint := 0, 0
	d.pushStruct(sd.fields)
	for {
		// Keys usually come in field order, so the next field's name is
		// matched in the input as it stands (see ReadTaggedKey).
		kb, slot, tag, ok, err := d.r.ReadTaggedKey(&sd.keys[hint], uint64(sd.halfTag(hint)))
		if err != nil {
			return err
		}
		if !ok {
			break
		}
		i, known := sd.fieldOfTag(tag)
		if !known {
			if kb == nil { // a reference to a name other decoders tagged
				kb = d.r.SharedName(slot)
			}
			i = sd.field(d, kb, slot, tag, hint)
		}
		if n++; n > d.maxLen() {
			return d.containerLimit(n)
		}
		if uint(i) >= uint(len(sd.fields)) { // no such field
			if d.cfg.opts.DisallowUnknownFields {
				if kb == nil { // a reference to a name known to be unknown
					kb = d.r.SharedName(slot)
				}
				key := string(kb)
				d.setKey(key)
				d.saveError(&UnmarshalTypeError{Value: "key " + strconv.Quote(key), Type: sd.t, Offset: d.offset(), Field: d.pathString(), Err: ErrUnknownField})
			}
			if err := d.r.SkipValue(); err != nil {
				return d.fatal(err)
			}
			continue
		}
		hint = i + 1
		f := &sd.fields[i]
		d.setField(i)
		fp := unsafe.Add(p, f.offset)
		if len(f.hops) > 0 {
			var err error
			if fp, err = d.fieldPtr(p, f); err != nil {
				d.saveError(err)
				if err := d.r.SkipValue(); err != nil {
					return d.fatal(err)
				}
				continue
			}
		}
		// readScalar, written out: the loop's calls cost the most, since
		// every value live across one is kept on the stack, and this
		// saves one per scalar field (2.3-3.3% of Unmarshal on every
		// data set but canada, which has almost no struct fields).
		switch f.kind {
		case scalarString:
			if b, slot, ok, err := d.r.ReadString(); err != nil {
				return err
			} else if ok {
				*(*string)(fp) = d.strOf(b, slot)
				continue
			}
		case scalarInt64:
			if v, ok := d.r.ReadInt(); ok {
				*(*int64)(fp) = v
				continue
			}
		case scalarFloat64:
			if v, ok := d.r.ReadFloat64(); ok {
				*(*float64)(fp) = v
				continue
			}
		case scalarBool:
			if v, ok := d.r.ReadBool(); ok {
				*(*bool)(fp) = v
				continue
			}
		case scalarPointer:
			if d.r.ReadNull() {
				*(*unsafe.Pointer)(fp) = nil
				continue
			}
		}
		if err := d.nextValue(); err != nil {
			return err
		}
		if f.kind != scalarNone && d.storeScalar(f.kind, fp) {
			continue
		}
		if err := f.dec(d, fp); err != nil {
			return err
		}
	}
	d.pop()
	return nil
}

// fieldPtr returns a pointer to field f of the struct at p, allocating
// nil embedded pointers on the way when their types are exported, as
// encoding/json does.
func (d *decodeState) fieldPtr(p unsafe.Pointer, f *decField) (unsafe.Pointer, error) {
	for i := range f.hops {
		h := &f.hops[i]
		pp := (*unsafe.Pointer)(unsafe.Add(p, h.offset))
		if *pp == nil {
			if !h.exported {
				return nil, fmt.Errorf("smile: cannot set embedded pointer to unexported struct %v (field %s at offset %d)", h.elem.Type(), d.pathString(), d.offset())
			}
			*pp = h.elem.New()
		}
		p = *pp
	}
	return unsafe.Add(p, f.offset), nil
}

// storeInt stores v, already range-checked, in the signed integer of the
// given bit size at p.
func storeInt(p unsafe.Pointer, bits int, v int64) {
	switch bits {
	case 8:
		*(*int8)(p) = int8(v)
	case 16:
		*(*int16)(p) = int16(v)
	case 32:
		*(*int32)(p) = int32(v)
	default:
		*(*int64)(p) = v
	}
}

// storeUint stores v, already range-checked, in the unsigned integer of
// the given bit size at p.
func storeUint(p unsafe.Pointer, bits int, v uint64) {
	switch bits {
	case 8:
		*(*uint8)(p) = uint8(v)
	case 16:
		*(*uint16)(p) = uint16(v)
	case 32:
		*(*uint32)(p) = uint32(v)
	default:
		*(*uint64)(p) = v
	}
}
