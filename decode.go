package smile

import (
	"reflect"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/go-smile/smile/internal/rt"
	"github.com/go-smile/smile/stream"
)

// decoderCache maps rt.TypeKey(t) to the decoderFunc of t.
var decoderCache sync.Map

// typeDecoder returns the decoder of Go type t, building it on first use.
func typeDecoder(t reflect.Type) decoderFunc {
	return cachedFunc(&decoderCache, t, decPlaceholder, newTypeDecoder)
}

func decPlaceholder(get func() decoderFunc) decoderFunc {
	return func(d *decodeState, p unsafe.Pointer) error { return get()(d, p) }
}

// rootCache maps the type key of a pointer type *T to the rootEntry of T.
var rootCache sync.Map

// rootEntry is the decoder of T for the pointer type *T whose key it holds.
type rootEntry struct {
	key uintptr
	dec decoderFunc
}

// rootDecoder returns the decoder for what v, a non-nil pointer, points to,
// and the pointer. The entry found last is kept in d.root: most programs
// unmarshal into one type again and again, and comparing a key costs less
// than a map lookup. It is kept per state, as the encoder keeps its root,
// so that goroutines decoding different types do not evict each other's.
// Ir per Unmarshal of go-smile's functions and package sync's, rootCache
// alone -> with d.root (bench/callgrind.sh, N=20, with sync's functions
// added to its count; at 00ac86c): small 5282 -> 5242 (-0.8%), medium
// 48518 -> 48403 (-0.2%), twitter 4.687M -> 4.685M.
func (d *decodeState) rootDecoder(v any) (decoderFunc, unsafe.Pointer, error) {
	key, data := rt.Unpack(v)
	if key == d.root.key && data != nil {
		return d.root.dec, data, nil
	}
	if e, ok := rootCache.Load(key); ok && data != nil {
		d.root = *e.(*rootEntry)
		return d.root.dec, data, nil
	}
	t := reflect.TypeOf(v)
	if t == nil || t.Kind() != reflect.Pointer || data == nil {
		return nil, nil, &InvalidUnmarshalError{Type: t}
	}
	e := &rootEntry{key: key, dec: typeDecoder(t.Elem())}
	rootCache.Store(key, e)
	d.root = *e
	return e.dec, data, nil
}

// newTypeDecoder builds the decoder of t. Special types come first, then the
// methods of *t in the order UnmarshalSmile, UnmarshalBinary (for Smile
// binary values only), UnmarshalJSON, UnmarshalText, then the kind.
func newTypeDecoder(t reflect.Type) decoderFunc {
	switch t {
	case rawMessageType:
		return decodeRawMessage
	case timeType:
		return decodeTime
	case bigIntType:
		return decodeBigInt
	case decimalType:
		return decodeDecimal
	case numberType, jsonNumberType:
		return numberDecoder(t)
	case durationType:
		return durationDecoder(t)
	}
	if t.Kind() != reflect.Pointer && t.Kind() != reflect.Interface {
		pt := reflect.PointerTo(t)
		if pt.Implements(unmarshalerFromType) {
			return unmarshalerFromDecoder(t)
		}
		if pt.Implements(unmarshalerType) {
			return unmarshalerDecoder(t)
		}
		if pt.Implements(binaryUnmarshalerType) {
			return binaryUnmarshalerDecoder(t, newMethodlessDecoder(t))
		}
		return newMethodlessDecoder(t)
	}
	return kindDecoder(t)
}

// newMethodlessDecoder builds the decoder t has without UnmarshalSmile
// and UnmarshalBinary methods: its UnmarshalJSON method's (but with
// DecOptions.IgnoreJSONMethods what it has without that method too), else
// its UnmarshalText method's, else its kind's.
func newMethodlessDecoder(t reflect.Type) decoderFunc {
	if reflect.PointerTo(t).Implements(jsonUnmarshalerType) {
		return jsonUnmarshalerDecoder(t, newTextOrKindDecoder(t))
	}
	return newTextOrKindDecoder(t)
}

// newTextOrKindDecoder builds the decoder of t from its UnmarshalText
// method, else its kind's.
func newTextOrKindDecoder(t reflect.Type) decoderFunc {
	if reflect.PointerTo(t).Implements(textUnmarshalerType) {
		return textUnmarshalerDecoder(t)
	}
	return kindDecoder(t)
}

// kindDecoder builds the decoder of t's kind, without its methods.
func kindDecoder(t reflect.Type) decoderFunc {
	switch t.Kind() {
	case reflect.Bool:
		return boolDecoder(t)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return intDecoder(t)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return uintDecoder(t)
	case reflect.Float32:
		return float32Decoder(t)
	case reflect.Float64:
		return float64Decoder(t)
	case reflect.String:
		return stringDecoder(t)
	case reflect.Slice:
		// As in encoding/json, a slice of a uint8 kind takes base64 text
		// (and here Smile binary) even when its element type has its own
		// decoding methods; only arrays go element by element.
		if t.Elem().Kind() == reflect.Uint8 {
			return bytesDecoder(t)
		}
		return newSliceDecoder(t)
	case reflect.Array:
		if isByteElem(t.Elem(), hasUnmarshalMethod) {
			return byteArrayDecoder(t)
		}
		return newArrayDecoder(t)
	case reflect.Map:
		return newMapDecoder(t)
	case reflect.Struct:
		return newStructDecoder(t)
	case reflect.Pointer:
		return newPtrDecoder(t)
	case reflect.Interface:
		if t.NumMethod() == 0 {
			return decodeEmptyInterface
		}
		return ifaceDecoder(t)
	}
	return unsupportedDecoder(t)
}

// unsupportedDecoder is the decoder of channels, functions, complex
// numbers and unsafe pointers: null is ignored (or sets a channel or func
// to nil), anything else is an *UnmarshalTypeError.
func unsupportedDecoder(t reflect.Type) decoderFunc {
	typ := rt.TypeOf(t)
	nilable := t.Kind() == reflect.Chan || t.Kind() == reflect.Func || t.Kind() == reflect.UnsafePointer
	return func(d *decodeState, p unsafe.Pointer) error {
		if d.tok.Kind == stream.KindNull {
			if nilable {
				typ.Zero(p)
			}
			return nil
		}
		return d.typeError(t)
	}
}

// newPtrDecoder allocates the pointer when nil and decodes into what it
// points to; null sets it to nil.
func newPtrDecoder(t reflect.Type) decoderFunc {
	pd := newPtrDec(t.Elem())
	dec := typeDecoder(t.Elem())
	size := typedCharge(max(int(t.Elem().Size()), 8))
	return func(d *decodeState, p unsafe.Pointer) error {
		if d.tok.Kind == stream.KindNull {
			rt.SetPointer(p, nil)
			return nil
		}
		if rt.Deref(p) == nil {
			if err := d.charge(size); err != nil {
				return err
			}
			rt.SetPointer(p, d.pointee(pd))
		}
		return dec(d, rt.Deref(p))
	}
}

// ptrDec is how the decoder of a pointer type makes new pointees (see
// pointee).
type ptrDec struct {
	elem   *rt.Type // the pointee type
	esz    uintptr  // its size
	str    bool     // of kind string: carved by stringSlots
	chunks []pointeeChunkType
	slot   int // the decodeState's pointees slot it may use
}

// pointeeChunkType is an array type of n pointees.
type pointeeChunkType struct {
	t *rt.Type
	n int
}

// pointeeSlots is the number of pointer types whose pointees a
// decodeState carves from chunks at once (see pointee).
const pointeeSlots = 8

var ptrDecs atomic.Uint32 // numbers the ptrDecs, for their slots

func newPtrDec(t reflect.Type) *ptrDec {
	pd := &ptrDec{elem: rt.TypeOf(t), esz: t.Size(), str: t.Kind() == reflect.String}
	if pd.esz == 0 || pd.str {
		return pd
	}
	// The chunks of a document grow as boxes' do (see nextChunk).
	for size := nextChunk(0); ; size = nextChunk(size) {
		if n := size / int(pd.esz); n >= 2 {
			pd.chunks = append(pd.chunks, pointeeChunkType{rt.TypeOf(reflect.ArrayOf(n, t)), n})
		}
		if size == boxChunk {
			break
		}
	}
	if len(pd.chunks) > 0 {
		pd.slot = int(ptrDecs.Add(1) % pointeeSlots)
	}
	return pd
}

// pointeeChunk is the unused tail of a chunk of pointees of one type.
type pointeeChunk struct {
	pd   *ptrDec
	next unsafe.Pointer // the first unused pointee, nil when none is left
	left int            // unused pointees
	last int            // the index in pd.chunks of the chunk in use; for the elements of slices (carveElems), its size in bytes
}

// pointee returns a new zero pointee of pd's type. Pointees of up to
// boxChunk/2 bytes are carved from chunks, each written only through its
// pointer, as the elements of short []any are (see anySlice): a pointee
// kept alive keeps its chunk alive. A decodeState keeps the chunks of
// pointeeSlots types at once, the first to ask for a slot in a document;
// a type whose slot is taken allocates each pointee, so that no chunk is
// dropped before it is used up. The chunks of a document grow from
// minChunk to boxChunk bytes, and are dropped at its end (release): the
// pointees point to its values. Strings, which point to nothing else,
// come from stringSlots.
//
// Measured (allocations per Unmarshal, as for stringSlots; allocated, then
// carved): code 13773 / 3102, twitter 326 / 241, medium 9 / 7; bytes within
// 1%.
func (d *decodeState) pointee(pd *ptrDec) unsafe.Pointer {
	if pd.str {
		return d.stringSlots(1)
	}
	if len(pd.chunks) == 0 {
		return pd.elem.New()
	}
	c := &d.pointees[pd.slot]
	if c.pd != pd {
		if c.pd != nil {
			return pd.elem.New()
		}
		*c = pointeeChunk{pd: pd, last: -1}
		d.pointeesUsed = true
	}
	if c.left == 0 {
		c.last = min(c.last+1, len(pd.chunks)-1)
		ct := &pd.chunks[c.last]
		c.next, c.left = ct.t.New(), ct.n
	}
	p := c.next
	if c.left--; c.left > 0 {
		c.next = rt.Add(p, pd.esz)
	} else {
		c.next = nil
	}
	return p
}

// stringSlots returns a pointer to n new empty strings, 0 < n: the
// pointee of a new pointer to a type of kind string, or the first elements
// of a new slice of one (see newSlice). They are carved from chunks, as
// the boxes of strings in interface values are (see boxes), and each slot
// is written only through the pointer or slice made over it. A chunk
// holds no pointer but to string bytes, so it is kept from document to
// document, and the chunk of a slot kept alive stays alive. The pointers
// and slices charge their slots, as they would a new array (not the
// chunks, of which at most 3 slots go unused).
//
// Measured (allocations per Unmarshal, the model's own included, go test
// -bench Unmarshal -benchmem in bench; allocated, then carved, with the
// arrays without pointers carved already, see flatBytes): small 2 / 1,
// medium 21 / 9, twitter 400 / 326, citm_catalog 1414 / 1217.
func (d *decodeState) stringSlots(n int) unsafe.Pointer {
	c := d.strSlots
	if cap(c)-len(c) < n {
		c = make([]string, 0, max(nextChunk(cap(c)*rt.StringSize)/rt.StringSize, n))
	}
	i := len(c)
	d.strSlots = c[:i+n]
	return unsafe.Pointer(&d.strSlots[i])
}

// decoderFunc decodes the value whose first token is d.tok into the Go value
// at p. It is built once per Go type and does not depend on options.
type decoderFunc func(d *decodeState, p unsafe.Pointer) error
