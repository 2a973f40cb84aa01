package smile

import (
	"encoding"
	"encoding/json"
	"math/big"
	"reflect"
	"sync"
	"time"
	"unsafe"

	"github.com/go-smile/smile/internal/rt"
	"github.com/go-smile/smile/stream"
)

// An encoderFunc writes the Go value at p, whose type the function was
// built for, to e.w. Encoders are built once per type (typeEncoder) and do
// not depend on options: they read e.cfg at call time.
type encoderFunc func(e *encodeState, p unsafe.Pointer) error

// startDetectingCyclesAfter is the pointer depth after which encoders
// track the pointers, maps and slices they are inside of, to report a
// cycle instead of overflowing the stack (encoding/json's value).
const startDetectingCyclesAfter = 1000

// encodeState is the per-call state of an encoding: the Writer, the mode,
// cycle tracking and scratch space. It is pooled.
type encodeState struct {
	w    *stream.Writer
	wopt stream.WriterOptions // the options w was made with
	cfg  *encConfig
	buf  []byte // w's buffer between uses

	ptrLevel uint
	ptrSeen  map[cycleKey]struct{}

	// words holds pointer-shaped values taken out of interfaces, so that
	// encoders, which take a pointer to the value, can be given one
	// without an allocation (see encodeWord).
	words []unsafe.Pointer

	// entries and keyArena hold the entries of the maps being encoded, as
	// stacks shared by nested maps (see encode_map.go).
	entries  []mapEntry
	keyArena []byte

	scratch []byte         // time and number formatting
	r       *stream.Reader // re-reads MarshalSmile output and RawMessages
}

// cycleKey identifies a pointer, map or slice an encoder is inside of.
type cycleKey struct {
	p   unsafe.Pointer
	n   int // slice length; 0 otherwise
	typ uintptr
}

var encodeStatePool sync.Pool

// newEncodeState returns a pooled (or new) state set up for cfg.
func newEncodeState(cfg *encConfig) *encodeState {
	e, _ := encodeStatePool.Get().(*encodeState)
	if e == nil {
		e = new(encodeState)
	}
	e.setConfig(cfg)
	return e
}

// setConfig makes e write with cfg, making a new Writer when the stream
// options differ from those of the current one.
func (e *encodeState) setConfig(cfg *encConfig) {
	e.cfg = cfg
	if e.w == nil || e.wopt != cfg.stream {
		// The options were validated when cfg was made.
		e.w, _ = stream.NewWriter(cfg.stream)
		e.wopt = cfg.stream
	}
	e.w.Reset(e.buf[:0])
}

// release returns e to the pool, dropping buffers that grew too large to
// keep.
func (e *encodeState) release() {
	const maxKeep = 1 << 20
	e.buf = e.w.Bytes()[:0]
	if cap(e.buf) > maxKeep {
		e.buf = nil
	}
	e.w.Reset(nil)
	if e.r != nil {
		e.r.Reset(nil) // do not keep the last MarshalSmile output alive
	}
	if cap(e.keyArena) > maxKeep {
		e.keyArena = nil
	}
	if cap(e.entries) > maxKeep/32 {
		e.entries = nil
	}
	e.ptrLevel = 0
	clear(e.ptrSeen)
	e.words = e.words[:0]
	e.cfg = nil
	encodeStatePool.Put(e)
}

// marshalDocument writes v as one complete document: the header, the value
// and the end marker when enabled.
func (e *encodeState) marshalDocument(v any) error {
	if err := e.encodeAny(v); err != nil {
		return err
	}
	return e.w.EndDocument()
}

// encodeAny writes the value held by the interface v, choosing the encoder
// of its dynamic type. The value is not addressable, as in encoding/json:
// methods with pointer receivers are not used for it.
func (e *encodeState) encodeAny(v any) error {
	if v == nil {
		return e.w.WriteNull()
	}
	key, data := rt.Unpack(v)
	if f, ok := ifaceEncoderCache.Load(key); ok {
		return f.(ifaceEncoderFunc)(e, data)
	}
	return ifaceEncoder(reflect.TypeOf(v))(e, data)
}

// An ifaceEncoderFunc writes a value given the data word of an interface
// holding it.
type ifaceEncoderFunc func(e *encodeState, data unsafe.Pointer) error

var ifaceEncoderCache sync.Map // rt.TypeKey -> ifaceEncoderFunc

// ifaceEncoder returns the encoder of t, not addressable, for values held
// in interfaces.
func ifaceEncoder(t reflect.Type) ifaceEncoderFunc {
	return cachedFunc(&ifaceEncoderCache, t,
		func(get func() ifaceEncoderFunc) ifaceEncoderFunc {
			return func(e *encodeState, data unsafe.Pointer) error { return get()(e, data) }
		},
		func(t reflect.Type) ifaceEncoderFunc {
			enc := typeEncoder(t, false)
			if rt.DirectIface(t) {
				// The data word is the value itself.
				return func(e *encodeState, data unsafe.Pointer) error { return e.encodeWord(enc, data) }
			}
			return ifaceEncoderFunc(enc)
		})
}

// encodeWord calls enc with a pointer to the pointer-shaped value w, kept
// in e.words so that taking its address does not allocate. Nested calls
// may reallocate e.words; the pointer handed to enc stays valid, since it
// keeps the old array alive and nothing writes that slot again before enc
// returns.
func (e *encodeState) encodeWord(enc encoderFunc, w unsafe.Pointer) error {
	i := len(e.words)
	e.words = append(e.words, w)
	err := enc(e, unsafe.Pointer(&e.words[i]))
	e.words[i] = nil
	e.words = e.words[:i]
	return err
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

var (
	marshalerType     = reflect.TypeFor[Marshaler]()
	textMarshalerType = reflect.TypeFor[encoding.TextMarshaler]()
	isZeroerType      = reflect.TypeFor[interface{ IsZero() bool }]()
	timeType          = reflect.TypeFor[time.Time]()
	bigIntType        = reflect.TypeFor[big.Int]()
	decimalType       = reflect.TypeFor[Decimal]()
	numberType        = reflect.TypeFor[Number]()
	jsonNumberType    = reflect.TypeFor[json.Number]()
	rawMessageType    = reflect.TypeFor[RawMessage]()
)

// newTypeEncoder builds the encoder of t; see typeEncoder.
func newTypeEncoder(t reflect.Type, addr bool) encoderFunc {
	if enc := specialEncoder(t); enc != nil {
		return enc
	}
	if t.Kind() != reflect.Interface {
		if t.Kind() != reflect.Pointer && addr && reflect.PointerTo(t).Implements(marshalerType) {
			return addrMarshalerEncoder(t)
		}
		if t.Implements(marshalerType) {
			return marshalerEncoder(t)
		}
		if t.Kind() != reflect.Pointer && addr && reflect.PointerTo(t).Implements(textMarshalerType) {
			return addrTextMarshalerEncoder(t)
		}
		if t.Implements(textMarshalerType) {
			return textMarshalerEncoder(t)
		}
	}
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
	if t.Kind() == reflect.Pointer {
		switch t.Elem() {
		case timeType, bigIntType, decimalType, numberType, jsonNumberType, rawMessageType:
			return newPtrEncoder(t)
		}
	}
	return nil
}

// unsupportedTypeEncoder returns an encoder that fails with an
// *UnsupportedTypeError, as encoding/json does when it meets a value of
// such a type.
func unsupportedTypeEncoder(t reflect.Type) encoderFunc {
	return func(*encodeState, unsafe.Pointer) error { return &UnsupportedTypeError{Type: t} }
}

// enterCycleCheck records that the encoder is inside the pointer, map or
// slice k, once deep enough for cycles to be possible, and fails when k is
// already being encoded. leave must be called when it returns true.
func (e *encodeState) enterCycleCheck(k cycleKey, t reflect.Type, p unsafe.Pointer) (tracked bool, err error) {
	e.ptrLevel++
	if e.ptrLevel <= startDetectingCyclesAfter {
		return false, nil
	}
	if e.ptrSeen == nil {
		e.ptrSeen = make(map[cycleKey]struct{})
	}
	if _, ok := e.ptrSeen[k]; ok {
		e.ptrLevel--
		return false, &UnsupportedValueError{
			Value: reflect.NewAt(t, p).Elem(),
			Str:   "encountered a cycle via " + t.String(),
		}
	}
	e.ptrSeen[k] = struct{}{}
	return true, nil
}

// leaveCycleCheck undoes enterCycleCheck.
func (e *encodeState) leaveCycleCheck(k cycleKey, tracked bool) {
	if tracked {
		delete(e.ptrSeen, k)
	}
	e.ptrLevel--
}

// newPtrEncoder writes nil as null and otherwise what the pointer points
// to, which is addressable.
func newPtrEncoder(t reflect.Type) encoderFunc {
	elem := typeEncoder(t.Elem(), true)
	key := rt.TypeKey(t)
	return func(e *encodeState, p unsafe.Pointer) error {
		q := rt.Deref(p)
		if q == nil {
			return e.w.WriteNull()
		}
		k := cycleKey{p: q, typ: key}
		tracked, err := e.enterCycleCheck(k, t, p)
		if err != nil {
			return err
		}
		err = elem(e, q)
		e.leaveCycleCheck(k, tracked)
		return err
	}
}

// encodeEface writes the value held by the any at p.
func encodeEface(e *encodeState, p unsafe.Pointer) error {
	return e.encodeAny(rt.Eface(p))
}

// encodeIface writes the value held by the non-empty interface at p.
func encodeIface(e *encodeState, p unsafe.Pointer) error {
	return e.encodeAny(rt.Iface(p))
}
