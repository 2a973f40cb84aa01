package smile

import (
	"encoding"
	"encoding/json"
	"math/big"
	"reflect"
	"time"
	"unsafe"

	"github.com/go-smile/smile/internal/rt"
)

// The Go types both halves treat apart: the method interfaces they look
// for and the types with a Smile form of their own.
var (
	marshalerToType     = reflect.TypeFor[MarshalerTo]()
	marshalerType       = reflect.TypeFor[Marshaler]()
	jsonMarshalerType   = reflect.TypeFor[json.Marshaler]()
	textMarshalerType   = reflect.TypeFor[encoding.TextMarshaler]()
	binaryMarshalerType = reflect.TypeFor[encoding.BinaryMarshaler]()
	isZeroerType        = reflect.TypeFor[interface{ IsZero() bool }]()

	unmarshalerFromType   = reflect.TypeFor[UnmarshalerFrom]()
	unmarshalerType       = reflect.TypeFor[Unmarshaler]()
	jsonUnmarshalerType   = reflect.TypeFor[json.Unmarshaler]()
	textUnmarshalerType   = reflect.TypeFor[encoding.TextUnmarshaler]()
	binaryUnmarshalerType = reflect.TypeFor[encoding.BinaryUnmarshaler]()

	timeType       = reflect.TypeFor[time.Time]()
	durationType   = reflect.TypeFor[time.Duration]()
	bigIntType     = reflect.TypeFor[big.Int]()
	decimalType    = reflect.TypeFor[Decimal]()
	numberType     = reflect.TypeFor[Number]()
	jsonNumberType = reflect.TypeFor[json.Number]()
	rawMessageType = reflect.TypeFor[RawMessage]()
	stringType     = reflect.TypeFor[string]()
	float64Type    = reflect.TypeFor[float64]()
	anyType        = reflect.TypeFor[any]()
)

// hasMarshalMethod reports whether t has a method that may write its
// values: MarshalSmileTo, MarshalSmile, MarshalJSON or MarshalText.
func hasMarshalMethod(t reflect.Type) bool {
	return t.Implements(marshalerToType) || t.Implements(marshalerType) || t.Implements(jsonMarshalerType) || t.Implements(textMarshalerType)
}

// hasUnmarshalMethod reports whether t has a method that may decode into
// what it points to: UnmarshalSmileFrom, UnmarshalSmile, UnmarshalJSON or
// UnmarshalText.
func hasUnmarshalMethod(t reflect.Type) bool {
	return t.Implements(unmarshalerFromType) || t.Implements(unmarshalerType) || t.Implements(jsonUnmarshalerType) || t.Implements(textUnmarshalerType)
}

// isByteElem reports whether slices and arrays of t are Smile binary,
// encoding/json's rule for base64 []byte: t is of kind uint8 and its
// pointer has none of the methods of one half (hasMarshalMethod when
// encoding, hasUnmarshalMethod when decoding), which would make each
// element a value of its own.
func isByteElem(t reflect.Type, hasMethod func(reflect.Type) bool) bool {
	return t.Kind() == reflect.Uint8 && !hasMethod(reflect.PointerTo(t))
}

// followHops follows the embedded pointers hops from the struct at p and
// returns the base they lead to, or nil when one of them is nil.
func followHops(p unsafe.Pointer, hops []embedHop) unsafe.Pointer {
	for i := range hops {
		p = rt.Deref(rt.Add(p, hops[i].offset))
		if p == nil {
			return nil
		}
	}
	return p
}
