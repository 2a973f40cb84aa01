package smile

import (
	"reflect"
	"slices"
	"sync"
	"unsafe"

	"github.com/go-smile/smile/internal/rt"
	"github.com/go-smile/smile/stream"
)

// newSliceDecoder decodes an array into a slice as encoding/json does: the
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
func newSliceDecoder(t reflect.Type) decoderFunc {
	sd := &sliceDec{
		st:   rt.NewSliceType(t),
		dec:  typeDecoder(t.Elem()),
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
		sd.strElem = t.Elem().Kind() == reflect.String
	}
	flat := sd.esz > 0 && !hasPointers(t.Elem())
	if !flat && sd.esz > 0 {
		sd.carve = &ptrDec{elem: sd.st.Elem, esz: uintptr(sd.esz), slot: int(ptrDecs.Add(1) % pointeeSlots)}
	}
	return func(d *decodeState, p unsafe.Pointer) error {
		switch d.tok.Kind {
		case stream.KindStartArray:
		case stream.KindNull:
			sd.st.SetNil(p)
			return nil
		default:
			return d.typeError(t)
		}
		if export.TryEndArray(d.r) { // empty, as arrays often are
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
	dec  decoderFunc // of an element
	kind scalarKind  // of an element
	esz  int         // the size of an element
	csz  int         // what an element is charged (typedCharge of esz)
	arr  *arrayDec   // when an element is a Go array without decoding methods (see flatSlice)

	// stage is the type of the array, of stageLen elements, that a new
	// slice starts with (see newSlice); nil when fewer than maxStageLen
	// elements fit in 64 bytes: arrays of larger elements are seldom that
	// short, and the stage would then be a wasted allocation.
	stage    *rt.Type
	stageLen int
	strElem  bool // the element type is of kind string: the stage is carved (see stringSlots)

	// carve names the chunks that new arrays of elements with pointers
	// are carved from (see carveElems); nil for elements without.
	carve *ptrDec

	scratch sync.Pool // of pointers to []T, emptied and zeroed
}

// reuseSlice decodes an array into the slice at p, which has capacity,
// reusing it.
func (d *decodeState) reuseSlice(sd *sliceDec, p unsafe.Pointer) error {
	d.pushIndex(0)
	if err := d.next(); err != nil {
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
		if err := d.next(); err != nil {
			return err
		}
		return d.gatherSlice(sd, p, nil)
	}
	if err := d.charge(appendGrowth(0, sd.stageLen, sd.csz)); err != nil {
		return err
	}
	var stage unsafe.Pointer
	if sd.strElem {
		stage = d.stringSlots(sd.stageLen)
	} else if stage = d.carveElems(sd, sd.stageLen); stage == nil {
		stage = sd.stage.New()
	}
	for i := 0; ; {
		// Scalars are read without a token (see readScalar), strings
		// by readScalar's case written out, as in the struct loop; the
		// end of the array then without a token too. go-smile's own Ir
		// per Unmarshal (BIN=... N=1000 sh bench/callgrind.sh), readScalar
		// for every kind and the end through d.next -> as here: small
		// 4775 -> 4665, medium 46538 -> 45570.
		for ; sd.kind != scalarNone && i < sd.stageLen && i < d.maxLen(); i++ {
			ep := rt.Add(stage, uintptr(i*sd.esz))
			if sd.kind == scalarString {
				if b, ok := export.TryStringAppend(d.r, &d.arena); ok {
					*(*string)(ep) = rt.String(b)
					continue
				}
				b, slot, ok, err := export.TryString(d.r)
				if err != nil {
					return err
				} else if !ok {
					break
				}
				*(*string)(ep) = d.strOf(b, slot)
			} else if ok, err := d.readScalar(sd.kind, ep); err != nil {
				return err
			} else if !ok {
				break
			}
		}
		end := export.TryEndArray(d.r)
		if !end {
			if err := d.next(); err != nil {
				return err
			}
			end = d.tok.Kind == stream.KindEndArray
		}
		if end {
			d.pop()
			if i == 0 { // empty after all (newSliceDecoder reads most empty arrays)
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
		if err := d.elem(sd, rt.Add(stage, uintptr(i*sd.esz))); err != nil {
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
			if a := d.carveElems(sd, st.Len(sp)); a != nil {
				st.CopyTo(p, a, sp)
			} else {
				st.CopyFrom(p, sp)
			}
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
			sd.st.Elem.Copy(sd.st.Index(sp, i), rt.Add(stage, uintptr(i*sd.esz)))
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
		if err := d.next(); err != nil {
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
			sd.st.SetBytes(p, d.flatBytes(d.flat[base:], sd.csz == sd.esz), i)
		}
	}
	clear(d.flat[base:])
	d.flat = d.flat[:base]
	return err
}

// flatBytes returns a copy of b, the elements of a slice without
// pointers, in memory of its own. Short slices whose elements are charged
// in full (carve) are carved from chunks shared by many slices, at
// offsets aligned to 8 bytes, so that most arrays of a document cost no
// allocation of their own; a slice kept alive keeps its whole chunk
// alive, as a string does its chunk (see newString). The budget is charged
// for the slices (flatSlice), not for the chunks: at most a quarter of a
// chunk is left unused when the next is made.
//
// Measured (allocations per Unmarshal of bench's data sets, the model's
// own included, go test -bench Unmarshal -benchmem; allocated, then
// carved): twitter 559 / 400, citm_catalog 2017 / 1414, canada 491 / 32,
// bytes within 1%. Callgrind (N=20 sh bench/callgrind.sh) counts go-smile's
// own Ir 0.3% higher on citm_catalog (11.34M / 11.38M) and the runtime's
// lower, by less than the 1.5% its totals vary from run to run.
func (d *decodeState) flatBytes(b []byte, carve bool) []byte {
	n := len(b)
	if !carve || n > d.chunk/4 {
		c := make([]byte, n) // with the copy: not zeroed first
		copy(c, b)
		return c
	}
	i := (len(d.flatArena) + 7) &^ 7
	if i+n > cap(d.flatArena) {
		d.flatArena = make([]byte, 0, d.chunk)
		i = 0
	}
	d.flatArena = append(d.flatArena[:i], b...)
	return d.flatArena[i : i+n : i+n]
}

// carveElems returns n > 0 new zeroed elements of sd's type with
// pointers, one after the other, carved from a chunk of up to d.chunk
// bytes, or nil when they take more than a quarter of d.chunk or when
// the chunk slot of the type (sd.carve.slot, shared with pointees) holds
// another type's chunk in this document. As with pointees (see pointee), each element is
// written only through the slice made over it, a slice kept alive keeps
// its chunk alive, and the chunks are dropped at the end of the document
// (release): they point to its values. The budget charges the slices
// (gatherSlice, newSlice), not the chunks, of which at most a quarter goes
// unused.
//
// Measured (allocations per Unmarshal, the model's own included, go test
// -bench '^BenchmarkUnmarshal$' -benchmem -benchtime 100x in bench;
// allocated, then carved): citm_catalog 1213 / 82 (bytes 470K / 510K),
// twitter 242 / 135, code 3098 / 2157, canada 27 / 27. Callgrind (N=20 sh
// bench/callgrind.sh, GOGC=off, so without the collector's share; Ir per
// Unmarshal, all / go-smile's own): citm_catalog 12.663M / 11.376M ->
// 12.547M / 11.522M, twitter 5.078M / 4.666M -> 5.078M / 4.684M: the
// copy into a chunk (CopyTo) costs about what the allocation it saves did.
func (d *decodeState) carveElems(sd *sliceDec, n int) unsafe.Pointer {
	pd := sd.carve
	if pd == nil || n*sd.esz > d.chunk/4 {
		return nil
	}
	c := &d.pointees[pd.slot]
	if c.pd != pd {
		if c.pd != nil {
			return nil
		}
		*c = pointeeChunk{pd: pd}
		d.pointeesUsed = true // so that release drops the chunk
	}
	if c.left < n {
		// The chunks of a type grow from boxChunk bytes to d.chunk, so
		// that a type with a few short slices in a document takes little
		// (c.last: the size of the last one); each is at least 4 × what
		// it is made for, so that at most a quarter of it goes unused.
		c.last = min(max(2*c.last, boxChunk, 4*n*sd.esz), d.chunk)
		c.left = c.last / sd.esz
		c.next = sd.st.NewArray(c.left)
	}
	p := c.next
	if c.left -= n; c.left > 0 {
		c.next = rt.Add(p, uintptr(n*sd.esz))
	} else {
		c.next = nil // no pointer past the chunk's end
	}
	return p
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
		started := sd.arr != nil && export.TryStartArray(d.r)
		if !started {
			if err := d.next(); err != nil {
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

// newArrayDecoder decodes an array into a Go array: extra elements are
// skipped, missing ones zeroed.
func newArrayDecoder(t reflect.Type) decoderFunc {
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
	dec  decoderFunc // of an element
	kind scalarKind  // of an element
}

func newArrayDec(t reflect.Type) *arrayDec {
	return &arrayDec{at: rt.NewArrayType(t), dec: typeDecoder(t.Elem()), kind: elemScalarKind(t.Elem())}
}

// elemScalarKind is scalarKindOf for the elements of arrays, but for
// pointers and slices: elements are seldom null or empty arrays, and a
// try for each costs more than it saves. Measured (N=20 sh bench/callgrind.sh Unmarshal/code, whose
// []*CodeNode has no null element; Ir per Unmarshal, all / go-smile's
// own): 32.31M / 27.68M as here, 32.72M / 28.18M with the pointer kind.
func elemScalarKind(t reflect.Type) scalarKind {
	if k := scalarKindOf(t); k != scalarPointer && k != scalarSlice {
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
		if i == n && export.TryEndArray(d.r) {
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
		if err := d.next(); err != nil {
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
