package smile

import (
	"reflect"
	"strconv"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/go-smile/smile/internal/rt"
)

// An encoderFunc writes the Go value at p, whose type the function was
// built for, to e.w. Encoders are built once per type (typeEncoder) and do
// not depend on options: they read e.cfg at call time.
type encoderFunc func(e *encodeState, p unsafe.Pointer) error

// marshalDocument writes v as one complete document: the header, the value
// and the end marker when enabled.
func (e *encodeState) marshalDocument(v any) error {
	if err := e.marshalValue(v); err != nil {
		return err
	}
	// Only the end marker needs EndDocument: its other work, emptying
	// the Writer's tables for the next document, reset does again.
	if e.wopt.EndMarker || e.w.Depth() != 0 {
		return e.w.EndDocument()
	}
	return nil
}

// marshalValue writes v as the next value of e.w.
func (e *encodeState) marshalValue(v any) error {
	_, data := rt.Unpack(v)
	root := e.rootEncoder(v)
	// What methods write into e.w, and what they return, is bound by
	// MaxDepth too; the encoders' own arrays and objects are refused
	// first, with their path (writeStartArray).
	limit := export.LimitDepth(e.w, e.cfg.opts.MaxDepth)
	defer export.SetDepthLimit(e.w, limit)
	var err error
	switch {
	case !root.pointee:
		err = root.enc(e, data)
	case data == nil:
		err = e.w.WriteNull()
	default:
		e.ptrLevel = 1 // the root pointer, as encodePointee counts it
		err = root.enc(e, data)
		e.ptrLevel = 0
	}
	return err
}

// rootEncoder returns the rootEncoder of the dynamic type of v: the one
// e used last, as usual, or the cache's.
func (e *encodeState) rootEncoder(v any) *rootEncoder {
	typ, _ := rt.Unpack(v)
	root := e.root
	if root == nil || typ != root.typ {
		root = findRootEncoder(v)
		e.root = root
	}
	return root
}

// A rootEncoder writes the values of one type given to Marshal or
// Encode, from the data word of the interface holding them.
type rootEncoder struct {
	typ uintptr // rt.TypeKey of the type
	enc encoderFunc
	// pointee says that the type is a pointer (see encodesPointee) and
	// enc the encoder of what it points to, given the pointer itself.
	pointee bool
	// size is the length of the last documents of the type that Marshal
	// wrote (see outputSize), 0 before the first.
	size atomic.Int64
}

var rootEncoderCache sync.Map // rt.TypeKey -> *rootEncoder

// nilRootEncoder writes a nil interface.
var nilRootEncoder = &rootEncoder{enc: func(e *encodeState, _ unsafe.Pointer) error { return e.w.WriteNull() }}

// findRootEncoder returns the rootEncoder of the dynamic type of v.
func findRootEncoder(v any) *rootEncoder {
	if v == nil {
		return nilRootEncoder
	}
	key, _ := rt.Unpack(v)
	if f, ok := rootEncoderCache.Load(key); ok {
		return f.(*rootEncoder)
	}
	t := reflect.TypeOf(v)
	root := &rootEncoder{typ: key}
	if encodesPointee(t) {
		root.enc, root.pointee = typeEncoder(t.Elem(), true), true
	} else {
		root.enc = encoderFunc(ifaceEncoder(t))
	}
	f, _ := rootEncoderCache.LoadOrStore(key, root)
	return f.(*rootEncoder)
}

// encodesPointee says that the values of t are written as what they point
// to (or null), by the encoder of t.Elem(): t is a pointer type without
// methods that encode it.
func encodesPointee(t reflect.Type) bool {
	return t.Kind() == reflect.Pointer && !hasMarshalMethod(t)
}

var (
	addrEncoderCache   sync.Map // rt.TypeKey -> encoderFunc, for addressable values
	noAddrEncoderCache sync.Map // rt.TypeKey -> encoderFunc, for values that are not addressable
)

// typeEncoder returns the encoder of type t. addr says whether the values
// it encodes are addressable in encoding/json's sense (reached through a
// pointer or a slice): only then are MarshalSmile and MarshalText methods
// with pointer receivers used.
func typeEncoder(t reflect.Type, addr bool) encoderFunc {
	cache := &noAddrEncoderCache
	if addr {
		cache = &addrEncoderCache
	}
	return cachedFunc(cache, t,
		func(get func() encoderFunc) encoderFunc {
			return func(e *encodeState, p unsafe.Pointer) error { return get()(e, p) }
		},
		func(t reflect.Type) encoderFunc { return newTypeEncoder(t, addr) })
}

// An encoderRef is the encoder of a type, looked up when first used
// rather than when the encoder holding it is built. Inside a recursive
// type, typeEncoder returns a placeholder during the build, which costs
// two more calls each time it is used; once built, it returns the encoder
// itself. Should another goroutine be building the type at that first
// use, the ref keeps its placeholder: as correct, one call longer.
type encoderRef struct {
	t    reflect.Type
	addr bool
	enc  atomic.Pointer[encoderFunc]
}

// newEncoderRef returns a ref to the encoder typeEncoder(t, addr).
func newEncoderRef(t reflect.Type, addr bool) *encoderRef {
	return &encoderRef{t: t, addr: addr}
}

// get returns the encoder, looking it up on the first call.
func (r *encoderRef) get() encoderFunc {
	if f := r.enc.Load(); f != nil {
		return *f
	}
	f := typeEncoder(r.t, r.addr)
	r.enc.Store(&f)
	return f
}

// newTypeEncoder builds the encoder of t; see typeEncoder. Types with a
// Smile form of their own come first, then the methods of t in the order
// MarshalSmileTo, MarshalSmile, MarshalBinary (with EncOptions.BinaryMarshalers),
// MarshalJSON, MarshalText (each with a pointer receiver only when addr,
// as in encoding/json), then the kind of t.
func newTypeEncoder(t reflect.Type, addr bool) encoderFunc {
	if enc := specialEncoder(t); enc != nil {
		return enc
	}
	if t.Kind() == reflect.Interface {
		return kindEncoder(t, addr)
	}
	if t.Kind() != reflect.Pointer && addr && reflect.PointerTo(t).Implements(marshalerToType) {
		return addrMarshalerToEncoder(t)
	}
	if t.Implements(marshalerToType) {
		return marshalerToEncoder(t)
	}
	if t.Kind() != reflect.Pointer && addr && reflect.PointerTo(t).Implements(marshalerType) {
		return addrMarshalerEncoder(t)
	}
	if t.Implements(marshalerType) {
		return marshalerEncoder(t)
	}
	if enc := binaryMarshalerEncoder(t, addr); enc != nil { // encode_special.go
		return enc
	}
	return newJSONTextOrKindEncoder(t, addr)
}

// newJSONTextOrKindEncoder builds the encoder of t from its MarshalJSON
// method, else newTextOrKindEncoder's: newTypeEncoder's for a type
// without special encoding, MarshalSmile or MarshalBinary. Without JSON
// methods (EncOptions.IgnoreJSONMethods), the encoders of MarshalJSON
// write what t would be written as if it had none.
func newJSONTextOrKindEncoder(t reflect.Type, addr bool) encoderFunc {
	if t.Kind() != reflect.Pointer && addr && reflect.PointerTo(t).Implements(jsonMarshalerType) {
		return addrJSONMarshalerEncoder(t, newTextOrKindEncoder(t, addr))
	}
	if t.Implements(jsonMarshalerType) {
		return jsonMarshalerEncoder(t, newTextOrKindEncoder(t, addr))
	}
	return newTextOrKindEncoder(t, addr)
}

// newTextOrKindEncoder builds the encoder of t from its MarshalText
// method, else its kind: newTypeEncoder's for a type without special
// encoding, MarshalSmile, MarshalBinary or MarshalJSON.
func newTextOrKindEncoder(t reflect.Type, addr bool) encoderFunc {
	if t.Kind() != reflect.Pointer && addr && reflect.PointerTo(t).Implements(textMarshalerType) {
		return addrTextMarshalerEncoder(t)
	}
	if t.Implements(textMarshalerType) {
		return textMarshalerEncoder(t)
	}
	return kindEncoder(t, addr)
}

// kindEncoder is the encoder of the values of t by their kind, whatever
// methods t has (an interface's encoder looks at the value it holds).
func kindEncoder(t reflect.Type, addr bool) encoderFunc {
	switch t.Kind() {
	case reflect.Bool:
		return encodeBool
	case reflect.Int:
		return encodeInt
	case reflect.Int8:
		return encodeInt8
	case reflect.Int16:
		return encodeInt16
	case reflect.Int32:
		return encodeInt32
	case reflect.Int64:
		return encodeInt64
	case reflect.Uint:
		return encodeUint
	case reflect.Uint8:
		return encodeUint8
	case reflect.Uint16:
		return encodeUint16
	case reflect.Uint32:
		return encodeUint32
	case reflect.Uint64:
		return encodeUint64
	case reflect.Uintptr:
		return encodeUintptr
	case reflect.Float32:
		return encodeFloat32
	case reflect.Float64:
		return encodeFloat64
	case reflect.String:
		return encodeString
	case reflect.Interface:
		if t.NumMethod() == 0 {
			return encodeEface
		}
		if hasMarshalMethod(t) {
			return marshalerIfaceEncoder(t)
		}
		return encodeIface
	case reflect.Struct:
		return newStructEncoder(t, addr)
	case reflect.Map:
		return newMapEncoder(t)
	case reflect.Slice:
		return newSliceEncoder(t)
	case reflect.Array:
		return newArrayEncoder(t, addr)
	case reflect.Pointer:
		return newPtrEncoder(t)
	default: // Chan, Func, Complex64, Complex128, UnsafePointer
		return unsupportedTypeEncoder(t)
	}
}

// specialEncoder returns the encoder of the types with a Smile form of
// their own, and of pointers to them, or nil for other types.
func specialEncoder(t reflect.Type) encoderFunc {
	switch t {
	case timeType:
		return encodeTime
	case bigIntType:
		return encodeBigInt
	case decimalType:
		return encodeDecimal
	case numberType, jsonNumberType:
		return encodeNumber
	case rawMessageType:
		return encodeRawMessage
	}
	if t.Kind() == reflect.Pointer && isSpecialType(t.Elem()) {
		return newPtrEncoder(t)
	}
	return nil
}

// isSpecialType reports whether t has a Smile form of its own, which
// specialEncoder writes rather than any method of t.
func isSpecialType(t reflect.Type) bool {
	switch t {
	case timeType, bigIntType, decimalType, numberType, jsonNumberType, rawMessageType:
		return true
	}
	return false
}

// unsupportedTypeEncoder returns an encoder that fails with an
// *UnsupportedTypeError, as encoding/json does when it meets a value of
// such a type.
func unsupportedTypeEncoder(t reflect.Type) encoderFunc {
	return func(*encodeState, unsafe.Pointer) error { return &UnsupportedTypeError{Type: t} }
}

// enterCycleCheck records that the encoder is inside the pointer, map or
// slice k, once deep enough for cycles to be possible (beyond
// startDetectingCyclesAfter levels), and fails when k is already being
// encoded. leaveCycleCheck must follow when it succeeds. p points to the
// map or slice, of type t, for the error; it is nil for a pointer, whose
// value is k.p.
func (e *encodeState) enterCycleCheck(k cycleKey, t reflect.Type, p unsafe.Pointer) error {
	if e.ptrLevel++; e.ptrLevel > startDetectingCyclesAfter {
		return e.trackCycle(k, t, p)
	}
	return nil
}

// trackCycle is enterCycleCheck once deep enough.
func (e *encodeState) trackCycle(k cycleKey, t reflect.Type, p unsafe.Pointer) error {
	if e.ptrSeen == nil {
		e.ptrSeen = make(map[cycleKey]struct{})
	}
	if _, ok := e.ptrSeen[k]; ok {
		e.ptrLevel--
		return &UnsupportedValueError{
			Value: cycleValue(k, t, p),
			Str:   "encountered a cycle via " + t.String(),
		}
	}
	if e.ptrLevel > maxEncodeDepth {
		e.ptrLevel--
		return &UnsupportedValueError{
			Value: cycleValue(k, t, p),
			Str:   "value nested deeper than " + strconv.Itoa(maxEncodeDepth) + " pointers, maps or slices, via " + t.String(),
		}
	}
	e.ptrSeen[k] = struct{}{}
	return nil
}

// cycleValue returns the value enterCycleCheck reports.
func cycleValue(k cycleKey, t reflect.Type, p unsafe.Pointer) reflect.Value {
	if p == nil {
		return reflect.NewAt(t.Elem(), k.p)
	}
	return reflect.NewAt(t, p).Elem()
}

// leaveCycleCheck undoes enterCycleCheck. The level is the one
// enterCycleCheck reached, so it tells whether k was recorded.
func (e *encodeState) leaveCycleCheck(k cycleKey) {
	if e.ptrLevel > startDetectingCyclesAfter {
		delete(e.ptrSeen, k)
	}
	e.ptrLevel--
}

// newPtrEncoder writes nil as null and otherwise what the pointer points
// to, which is addressable.
func newPtrEncoder(t reflect.Type) encoderFunc {
	elem := typeEncoder(t.Elem(), true)
	key := rt.TypeKey(t)
	return func(e *encodeState, p unsafe.Pointer) error { return e.encodePointee(rt.Deref(p), t, key, elem) }
}

// ptrTargetEncoder is newPtrEncoder given the pointer q instead of a
// pointer to it.
func ptrTargetEncoder(t reflect.Type) encoderFunc {
	elem := typeEncoder(t.Elem(), true)
	key := rt.TypeKey(t)
	return func(e *encodeState, q unsafe.Pointer) error { return e.encodePointee(q, t, key, elem) }
}

// encodePointee writes null when q, a pointer of type t whose
// rt.TypeKey is key, is nil, and otherwise the value it points to with
// elem, tracking q for cycles.
func (e *encodeState) encodePointee(q unsafe.Pointer, t reflect.Type, key uintptr, elem encoderFunc) error {
	if q == nil {
		return e.w.WriteNull()
	}
	k := cycleKey{p: q, typ: key}
	if err := e.enterCycleCheck(k, t, nil); err != nil {
		return err
	}
	err := elem(e, q)
	e.leaveCycleCheck(k)
	return err
}
