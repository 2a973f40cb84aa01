package smile

import (
	"encoding/json"
	"reflect"
	"sync"
	"unsafe"

	"github.com/go-smile/smile/internal/rt"
)

// encodeAny writes the value held by the interface v, choosing the encoder
// of its dynamic type. The value is not addressable, as in encoding/json:
// methods with pointer receivers are not used for it.
//
// The types encoding/json and Unmarshal decode into an any are written
// directly, each as its cached encoder would write it, without looking
// that encoder up; other types, and maps and slices deep enough to be
// tracked for cycles, take the cached encoder of their type.
func (e *encodeState) encodeAny(v any) error {
	switch v := v.(type) {
	case nil:
		return e.w.WriteNull()
	case string:
		return e.writeString(v)
	case float64:
		return e.w.WriteFloat64(v)
	case bool:
		return e.w.WriteBool(v)
	case map[string]any:
		if v == nil {
			return e.w.WriteNull()
		}
		if e.ptrLevel < startDetectingCyclesAfter {
			// enterCycleCheck's first levels, written out. go-smile's own
			// Ir per op, calling enterCycleCheck and leaveCycleCheck ->
			// this (BIN=<bench test> N=20 sh bench/callgrind.sh
			// MarshalAny/citm_catalog MarshalAny/twitter, at 12d33ff):
			// citm_catalog 9.858M -> 9.746M (-1.1%), twitter 4.687M ->
			// 4.709M (+0.5%).
			e.ptrLevel++
			err := encodeStringKeyMap(e, v, e.cfg.opts.MapKeyOrder != MapKeysUnsorted, (*encodeState).encodeAny, &e.anyEntries)
			e.ptrLevel--
			return err
		}
	case []any:
		if v == nil {
			return e.w.WriteNull()
		}
		if len(v) == 0 {
			return e.writeEmptyArray()
		}
		if e.ptrLevel < startDetectingCyclesAfter {
			e.ptrLevel++
			err := e.encodeAnys(v)
			e.ptrLevel--
			return err
		}
	case int64:
		return e.w.WriteInt(v)
	case int:
		return e.w.WriteInt(int64(v))
	case json.Number:
		return e.writeNumber(string(v))
	case Number:
		return e.writeNumber(string(v))
	}
	key, data := rt.Unpack(v)
	var enc ifaceEncoderFunc
	if f, ok := ifaceEncoderCache.Load(key); ok {
		enc = f.(ifaceEncoderFunc)
	} else {
		enc = ifaceEncoder(reflect.TypeOf(v))
	}
	return enc(e, data)
}

// encodeAnys writes the elements of a []any as an array. An array of
// float64s only (coordinates, vectors, series) is written by one call of
// the Writer, as a []float64 is, and so is an array of such arrays all of
// one length (a GeoJSON ring of points, a matrix), as a [][2]float64 is.
// callgrind, bench/callgrind.sh MarshalAny/canada: 22.0M Ir per call
// without either, 16.0M with the first; 15.91M -> 10.44M with the second
// (BIN=<bench test> N=200, at 00ed4de), whose rows of two values (the
// data set's 55,563 points) each went through encodeAny, encodeAnys and
// a WriteFloat64Array of their own.
func (e *encodeState) encodeAnys(v []any) error {
	if fs, ok := e.float64s(v); ok {
		return export.WriteFloat64Array(e.w, fs)
	}
	if fs, width, ok := e.float64Rows(v); ok {
		return export.WriteFloat64Arrays(e.w, fs, width)
	}
	if err := e.writeStartArray(); err != nil {
		return err
	}
	for i, x := range v {
		if err := e.encodeAny(x); err != nil {
			return withIndex(err, i)
		}
	}
	return e.w.WriteEndArray()
}

// float64s returns the elements of v, in e.floats, when they are all
// float64s.
func (e *encodeState) float64s(v []any) ([]float64, bool) {
	fs := e.floats[:0]
	for _, x := range v {
		f, ok := x.(float64)
		if !ok {
			return nil, false
		}
		fs = append(fs, f)
	}
	e.floats = fs
	return fs, true
}

// float64Rows returns the elements of the elements of v, one after
// another in e.floats, and their common length, when every element of v is
// a []any of float64s and all have the same length, at least 1. Rows
// cannot hold cycles, so none is tracked. Its inner loop is float64s'
// own, written out: a helper shared by both cost 2.4% more (callgrind
// of a loop of Marshal of canada-like rings as any, 10.44M -> 10.70M
// Ir per call).
func (e *encodeState) float64Rows(v []any) ([]float64, int, bool) {
	first, ok := v[0].([]any)
	if !ok || len(first) == 0 {
		return nil, 0, false
	}
	width := len(first)
	fs := e.floats[:0]
	for _, x := range v {
		row, ok := x.([]any)
		if !ok || len(row) != width {
			return nil, 0, false
		}
		for _, y := range row {
			f, ok := y.(float64)
			if !ok {
				return nil, 0, false
			}
			fs = append(fs, f)
		}
	}
	e.floats = fs
	return fs, width, true
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
			if encodesPointee(t) {
				// What typeEncoder(t, false) does, given the pointer
				// itself: the data word.
				return ifaceEncoderFunc(ptrTargetEncoder(t))
			}
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
// returns. TestEncodeWordAllocs fails if this path allocates.
func (e *encodeState) encodeWord(enc encoderFunc, w unsafe.Pointer) error {
	i := len(e.words)
	e.words = append(e.words, w)
	err := enc(e, unsafe.Pointer(&e.words[i]))
	e.words[i] = nil
	e.words = e.words[:i]
	return err
}

// encodeEface writes the value held by the any at p.
func encodeEface(e *encodeState, p unsafe.Pointer) error {
	return e.encodeAny(rt.Eface(p))
}

// encodeIface writes the value held by the non-empty interface at p.
func encodeIface(e *encodeState, p unsafe.Pointer) error {
	return e.encodeAny(rt.Iface(p))
}
