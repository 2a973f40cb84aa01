package smile

import (
	"encoding/hex"
	"encoding/json"
	"errors"
	"math"
	"math/big"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"

	"github.com/go-smile/smile/internal/golden"
)

// dhdr is the default Smile header (shared names on).
const dhdr = "3A 29 0A 01 "

// mustHex decodes hex bytes separated by spaces, as the format digest
// writes them (golden.ParseHex); bad hex is a mistake in the test, and
// panics.
func mustHex(s string) []byte {
	b, err := golden.ParseHex(s)
	if err != nil {
		panic(err)
	}
	return b
}

// textU is a TextUnmarshaler that records what it got.
type textU struct{ Got string }

func (u *textU) UnmarshalText(b []byte) error { u.Got = "text:" + string(b); return nil }

// smileU is an Unmarshaler that records the document it got.
type smileU struct{ Doc string }

func (u *smileU) UnmarshalSmile(b []byte) error {
	u.Doc = strings.ToUpper(hex.EncodeToString(b))
	return nil
}

type structA struct {
	A int `smile:"a"`
}

type structAny struct{ X any }

func f32(bits uint32) float32 { return math.Float32frombits(bits) }

func bigInt(s string) *big.Int {
	b, ok := new(big.Int).SetString(s, 10)
	if !ok {
		panic(s)
	}
	return b
}

func dptr[T any](v T) *T { return &v }

// unmarshalCase is one Smile vector, in the style of fxamacker/cbor's
// unmarshal tests: the value it decodes to in an interface, every Go type
// it must decode into with the value expected there, and the Go types that
// must refuse it with an *UnmarshalTypeError.
type unmarshalCase struct {
	name       string
	data       []byte
	wantAny    any
	wantValues []any // each value's type is the destination type
	wrongTypes []reflect.Type
}

var (
	typeBool       = reflect.TypeFor[bool]()
	typeInt        = reflect.TypeFor[int]()
	typeInt8       = reflect.TypeFor[int8]()
	typeInt16      = reflect.TypeFor[int16]()
	typeInt32      = reflect.TypeFor[int32]()
	typeUint       = reflect.TypeFor[uint]()
	typeUint8      = reflect.TypeFor[uint8]()
	typeUint16     = reflect.TypeFor[uint16]()
	typeUint32     = reflect.TypeFor[uint32]()
	typeUint64     = reflect.TypeFor[uint64]()
	typeString     = reflect.TypeFor[string]()
	typeBytes      = reflect.TypeFor[[]byte]()
	typeByteArray  = reflect.TypeFor[[3]byte]()
	typeIntSlice   = reflect.TypeFor[[]int]()
	typeMapStrInt  = reflect.TypeFor[map[string]int]()
	typeMapIntInt  = reflect.TypeFor[map[int]int]()
	typeStructA    = reflect.TypeFor[structA]()
	typeFloat64    = reflect.TypeFor[float64]()
	typeBigInt     = reflect.TypeFor[big.Int]()
	typeTextU      = reflect.TypeFor[textU]()
	typeTime       = reflect.TypeFor[time.Time]()
	typeStringer   = reflect.TypeFor[interface{ String() string }]()
	typeChan       = reflect.TypeFor[chan int]()
	typeComplex    = reflect.TypeFor[complex128]()
	typeDecimal    = reflect.TypeFor[Decimal]()
	typeNumber     = reflect.TypeFor[Number]()
	typeJSONNumber = reflect.TypeFor[json.Number]()
)

// notNumbers are the types every number must refuse.
var notNumbers = []reflect.Type{typeBool, typeString, typeBytes, typeIntSlice, typeMapStrInt, typeStructA, typeTextU, typeStringer, typeChan, typeComplex}

// notFloats are the types a non-integer number must refuse. (time.Time
// takes it as epoch seconds, as jackson-datatype-jsr310 writes Instant.)
var notFloats = append([]reflect.Type{typeInt, typeInt8, typeUint, typeUint64, typeBigInt}, notNumbers...)

var unmarshalCases = []unmarshalCase{
	{
		name: "small int 3", data: mustHex(dhdr + "C6"), wantAny: int64(3),
		wantValues: []any{int(3), int8(3), int16(3), int32(3), int64(3), uint(3), uint8(3), uint16(3), uint32(3), uint64(3), uintptr(3),
			float32(3), float64(3), *big.NewInt(3), big.NewInt(3), Decimal{Unscaled: big.NewInt(3)}, Number("3"), json.Number("3"),
			dptr(3), time.UnixMilli(3).UTC(), any(int64(3))},
		wrongTypes: notNumbers,
	},
	{
		name: "small int -6", data: mustHex(dhdr + "CB"), wantAny: int64(-6),
		wantValues: []any{int(-6), int8(-6), int64(-6), float32(-6), float64(-6), *big.NewInt(-6), Number("-6")},
		wrongTypes: append([]reflect.Type{typeUint, typeUint8, typeUint64}, notNumbers...),
	},
	{
		name: "int32 500000", data: mustHex(dhdr + "24 7A 09 80"), wantAny: int64(500000),
		wantValues: []any{int(500000), int32(500000), uint32(500000), float32(500000), float64(500000), json.Number("500000")},
		wrongTypes: append([]reflect.Type{typeInt8, typeInt16, typeUint8, typeUint16}, notNumbers...),
	},
	{
		name: "int32 min", data: mustHex(dhdr + "24 1F 7F 7F 7F BF"), wantAny: int64(math.MinInt32),
		wantValues: []any{int32(math.MinInt32), int64(math.MinInt32), float64(math.MinInt32)},
		wrongTypes: []reflect.Type{typeInt16, typeUint32, typeUint64},
	},
	{
		name: "int64 max", data: mustHex(dhdr + "25 03 7F 7F 7F 7F 7F 7F 7F 7F BE"), wantAny: int64(math.MaxInt64),
		wantValues: []any{wordInt(math.MaxInt64), int64(math.MaxInt64), uint64(math.MaxInt64), float64(math.MaxInt64),
			*big.NewInt(math.MaxInt64), Number("9223372036854775807")},
		wrongTypes: append([]reflect.Type{typeInt32, typeUint32}, notNumbers...),
	},
	{
		name: "int64 2^31", data: mustHex(dhdr + "25 20 00 00 00 80"), wantAny: int64(1 << 31),
		wantValues: []any{int64(1 << 31), uint32(1 << 31), float32(1 << 31)},
		wrongTypes: []reflect.Type{typeInt32, typeInt16},
	},
	{
		name: "BigInteger 128", data: mustHex(dhdr + "26 82 00 20 00"), wantAny: big.NewInt(128),
		wantValues: []any{int(128), int16(128), uint8(128), float64(128), *big.NewInt(128), Decimal{Unscaled: big.NewInt(128)}, Number("128")},
		wrongTypes: append([]reflect.Type{typeInt8}, notNumbers...),
	},
	{
		name: "BigInteger 2^64", data: mustHex(dhdr + "26 89 00 40 00 00 00 00 00 00 00 00 00"), wantAny: bigInt("18446744073709551616"),
		wantValues: []any{float64(1 << 64), float32(1 << 64), *bigInt("18446744073709551616"), Number("18446744073709551616"), json.Number("18446744073709551616")},
		wrongTypes: append([]reflect.Type{typeInt, typeUint64, typeTime}, notNumbers...),
	},
	{
		name: "float32 29.951", data: mustHex(dhdr + "28 04 0F 3E 37 26"), wantAny: float64(f32(0x41EF9BA6)),
		wantValues: []any{f32(0x41EF9BA6), float64(f32(0x41EF9BA6)), Number("29.951"), json.Number("29.951"),
			Decimal{Unscaled: big.NewInt(29951), Scale: 3}, time.Unix(29, 951e6).UTC()},
		wrongTypes: notFloats,
	},
	{
		name: "float64 -29.951", data: mustHex(dhdr + "29 01 40 1E 7C 6E 4B 63 29 7D 7A"), wantAny: -29.951,
		wantValues: []any{float32(-29.951), -29.951, Number("-29.951"), Decimal{Unscaled: big.NewInt(-29951), Scale: 3},
			time.Unix(-29, -951e6).UTC()},
		wrongTypes: notFloats,
	},
	{
		name: "BigDecimal 1.5", data: mustHex(dhdr + "2A 82 81 07 01"), wantAny: Decimal{Unscaled: big.NewInt(15), Scale: 1},
		wantValues: []any{float32(1.5), 1.5, Number("1.5"), json.Number("1.5"), Decimal{Unscaled: big.NewInt(15), Scale: 1},
			dptr(Decimal{Unscaled: big.NewInt(15), Scale: 1}), time.Unix(1, 5e8).UTC()},
		wrongTypes: notFloats,
	},
	{
		name: "BigDecimal 1E+3", data: mustHex(dhdr + "2A 85 81 00 01"), wantAny: Decimal{Unscaled: big.NewInt(1), Scale: -3},
		wantValues: []any{1000.0, *big.NewInt(1000), Number("1E+3"), Decimal{Unscaled: big.NewInt(1), Scale: -3}},
		wrongTypes: append([]reflect.Type{typeInt, typeUint}, notNumbers...),
	},
	{
		name: "BigDecimal -100.25", data: mustHex(dhdr + "2A 84 82 6C 35 03"), wantAny: Decimal{Unscaled: big.NewInt(-10025), Scale: 2},
		wantValues: []any{-100.25, float32(-100.25), Number("-100.25"), time.Unix(-100, -25e7).UTC()},
		wrongTypes: notFloats,
	},
	{
		name: "true", data: mustHex(dhdr + "23"), wantAny: true,
		wantValues: []any{true, dptr(true), any(true)},
		wrongTypes: []reflect.Type{typeInt, typeFloat64, typeString, typeBytes, typeIntSlice, typeMapStrInt, typeStructA, typeTextU, typeBigInt, typeTime, typeDecimal, typeNumber, typeStringer},
	},
	{
		name: "false", data: mustHex(dhdr + "22"), wantAny: false,
		wantValues: []any{false},
		wrongTypes: []reflect.Type{typeInt, typeString},
	},
	{
		name: "string abc", data: mustHex(dhdr + "42 61 62 63"), wantAny: "abc",
		wantValues: []any{"abc", dptr("abc"), textU{Got: "text:abc"}, any("abc")},
		wrongTypes: []reflect.Type{typeBool, typeInt, typeUint8, typeFloat64, typeByteArray, typeIntSlice, typeMapStrInt, typeStructA, typeNumber, typeJSONNumber, typeDecimal, typeTime, typeStringer,
			typeBytes}, // "abc" is not valid base64
	},
	{
		name: "string base64", data: mustHex(dhdr + "43 41 51 49 44"), wantAny: "AQID",
		wantValues: []any{"AQID", []byte{1, 2, 3}},
		wrongTypes: []reflect.Type{typeByteArray, typeInt},
	},
	{
		name: "string number", data: mustHex(dhdr + "43 2D 31 2E 35"), wantAny: "-1.5",
		wantValues: []any{"-1.5", Number("-1.5"), json.Number("-1.5"), Decimal{Unscaled: big.NewInt(-15), Scale: 1}},
		wrongTypes: []reflect.Type{typeFloat64, typeInt},
	},
	{
		name: "string RFC 3339", data: mustHex(dhdr + "53 32 30 32 31 2D 30 33 2D 30 34 54 31 32 3A 33 34 3A 35 36 5A"), wantAny: "2021-03-04T12:34:56Z",
		wantValues: []any{time.Date(2021, 3, 4, 12, 34, 56, 0, time.UTC)},
	},
	{
		name: "string 2-byte", data: mustHex(dhdr + "80 C3 B6"), wantAny: "ö",
		wantValues: []any{"ö"},
	},
	{
		name: "empty string", data: mustHex(dhdr + "20"), wantAny: "",
		wantValues: []any{"", []byte{}},
		wrongTypes: []reflect.Type{typeTime, typeNumber},
	},
	{
		name: "binary 010203", data: mustHex(dhdr + "E8 83 00 40 40 03"), wantAny: []byte{1, 2, 3},
		wantValues: []any{[]byte{1, 2, 3}, [3]byte{1, 2, 3}, any([]byte{1, 2, 3})},
		// A binary value must fill a byte array exactly.
		wrongTypes: []reflect.Type{typeString, typeInt, typeIntSlice, typeTextU, typeMapStrInt,
			reflect.TypeFor[[2]byte](), reflect.TypeFor[[4]byte]()},
	},
	{
		name: "raw binary 010203", data: mustHex("3A 29 0A 05 FD 83 01 02 03"), wantAny: []byte{1, 2, 3},
		wantValues: []any{[]byte{1, 2, 3}, [3]byte{1, 2, 3}},
		wrongTypes: []reflect.Type{typeString},
	},
	{
		name: "empty array", data: mustHex(dhdr + "F8 F9"), wantAny: []any{},
		wantValues: []any{[]int{}, []string{}, [0]int{}, [2]int{}, []byte{}, []any{}},
		wrongTypes: []reflect.Type{typeInt, typeString, typeMapStrInt, typeStructA, typeTextU, typeTime, typeStringer},
	},
	{
		name: "array of ints", data: mustHex(dhdr + "F8 C2 C4 C6 F9"), wantAny: []any{int64(1), int64(2), int64(3)},
		wantValues: []any{[]int{1, 2, 3}, []byte{1, 2, 3}, [3]byte{1, 2, 3}, [2]int8{1, 2}, [4]uint{1, 2, 3, 0}, []float64{1, 2, 3}, []*int{dptr(1), dptr(2), dptr(3)}},
		wrongTypes: []reflect.Type{typeInt, typeMapStrInt, typeStructA, reflect.TypeFor[[]string](), reflect.TypeFor[[]bool]()},
	},
	{
		name: "object a:6", data: mustHex(dhdr + "FA 80 61 CC FB"), wantAny: map[string]any{"a": int64(6)},
		wantValues: []any{map[string]int{"a": 6}, map[string]int8{"a": 6}, map[string]any{"a": int64(6)}, structA{A: 6}, struct{ A int }{A: 6},
			map[textKey]float64{{s: "A"}: 6}, &structA{A: 6}},
		wrongTypes: []reflect.Type{typeInt, typeString, typeIntSlice, typeBytes, typeTextU,
			typeMapIntInt, // key "a" is no integer
			reflect.TypeFor[map[string]string](), reflect.TypeFor[struct{ A string }](), reflect.TypeFor[map[[2]int]int]()},
	},
	{
		name: "object with integer keys", data: mustHex(dhdr + "FA 81 2D 31 C2 81 31 30 C4 FB"), wantAny: map[string]any{"-1": int64(1), "10": int64(2)},
		wantValues: []any{map[int]int{-1: 1, 10: 2}, map[int8]uint8{-1: 1, 10: 2}, map[string]int{"-1": 1, "10": 2}},
		wrongTypes: []reflect.Type{reflect.TypeFor[map[uint]int](), reflect.TypeFor[map[string]string]()},
	},
	{
		name: "shared names", data: mustHex("F8 FA 82 61 62 63 C2 FB FA 40 C4 FB F9"),
		wantAny:    []any{map[string]any{"abc": int64(1)}, map[string]any{"abc": int64(2)}},
		wantValues: []any{[]map[string]int{{"abc": 1}, {"abc": 2}}, []struct{ Abc int }{{1}, {2}}},
	},
	{
		name: "shared values", data: mustHex("3A 29 0A 03 F8 49 61 62 63 64 65 31 32 33 34 35 01 F9"),
		wantAny:    []any{"abcde12345", "abcde12345"},
		wantValues: []any{[]string{"abcde12345", "abcde12345"}, [2]string{"abcde12345", "abcde12345"}},
	},
	{
		// Digest §8 #43, shared values on.
		name: "object with nested shared values",
		data: mustHex("3A 29 0A 03 FA 81 69 64 24 1E 12 80 83 6E 61 6D 65 82 5A 6F C3 AB 83 74 61 67 73 F8 40 61 02 F9 81 6F 6B 23 80 78 21 81 70 69 29 00 40 06 00 00 00 00 00 00 00 80 6E C1 85 6E 65 73 74 65 64 FA 40 CE FB FB"),
		wantAny: map[string]any{"id": int64(123456), "name": "Zoë", "tags": []any{"a", "a"}, "ok": true, "x": nil, "pi": 3.5, "n": int64(-1),
			"nested": map[string]any{"id": int64(7)}},
		wantValues: []any{digest43{ID: 123456, Name: "Zoë", Tags: []string{"a", "a"}, OK: true, Pi: 3.5, N: -1, Nested: &digest43{ID: 7}}},
	},
}

type digest43 struct {
	ID     int64
	Name   string
	Tags   []string
	OK     bool
	X      *int
	Pi     float32
	N      int8
	Nested *digest43
}

// textKey is a map key type decoded through UnmarshalText.
type textKey struct{ s string }

func (k *textKey) UnmarshalText(b []byte) error { k.s = strings.ToUpper(string(b)); return nil }

var decCmpOpts = cmp.Options{
	cmpOpts,
	cmp.Comparer(func(a, b big.Int) bool { return a.Cmp(&b) == 0 }),
	cmp.Comparer(func(a, b Decimal) bool {
		return a.Scale == b.Scale && (a.Unscaled == nil) == (b.Unscaled == nil) && (a.Unscaled == nil || a.Unscaled.Cmp(b.Unscaled) == 0)
	}),
	cmp.Comparer(func(a, b float32) bool { return a == b || a != a && b != b }),
	cmp.AllowUnexported(textKey{}),
}

func TestUnmarshalTable(t *testing.T) {
	hdrOptional, err := DecOptions{HeaderOptional: true}.DecMode()
	require.NoError(t, err)
	for _, tc := range unmarshalCases {
		t.Run(tc.name, func(t *testing.T) {
			var v any
			require.NoError(t, hdrOptional.Unmarshal(tc.data, &v))
			if diff := cmp.Diff(tc.wantAny, v, decCmpOpts); diff != "" {
				t.Errorf("into any (-want +got):\n%s", diff)
			}
			require.True(t, hdrOptional.Valid(tc.data))

			for _, want := range tc.wantValues {
				typ := reflect.TypeOf(want)
				pv := reflect.New(typ)
				if err := hdrOptional.Unmarshal(tc.data, pv.Interface()); err != nil {
					t.Errorf("into %v: %v", typ, err)
					continue
				}
				if diff := cmp.Diff(want, pv.Elem().Interface(), decCmpOpts); diff != "" {
					t.Errorf("into %v (-want +got):\n%s", typ, diff)
				}
			}

			for _, typ := range tc.wrongTypes {
				pv := reflect.New(typ)
				err := hdrOptional.Unmarshal(tc.data, pv.Interface())
				var ute *UnmarshalTypeError
				if !errors.As(err, &ute) {
					t.Errorf("into %v: got error %v (%T), want *UnmarshalTypeError", typ, err, err)
					continue
				}
				if ute.Type == nil || ute.Offset < 0 || ute.Offset >= int64(len(tc.data)) {
					t.Errorf("into %v: bad error fields %+v", typ, ute)
				}
				// A scalar at the root: no path, and the offset of the
				// value, just after the header.
				if first := tc.data[4]; tc.data[0] == 0x3A && first != 0xF8 && first != 0xFA {
					if ute.Field != "" || ute.Offset != 4 {
						t.Errorf("into %v: Field %q Offset %d, want the root at 4", typ, ute.Field, ute.Offset)
					}
				}
			}
		})
	}
}

// TestUnmarshalTypeErrorPath checks the path, offset, kind and type of an
// *UnmarshalTypeError, and that decoding goes on past it as encoding/json
// does.
func TestUnmarshalTypeErrorPath(t *testing.T) {
	// {"items":[{"name":"x"},{"name":5}],"n":1}; "items" is name 0, "name" name 1.
	data := mustHex(dhdr + "FA 84 69 74 65 6D 73 F8 FA 83 6E 61 6D 65 40 78 FB FA 41 CA FB F9 80 6E C2 FB")
	type item struct {
		Name string `smile:"name"`
	}
	var v struct {
		Items []item `smile:"items"`
		N     int    `smile:"n"`
	}
	err := Unmarshal(data, &v)
	var ute *UnmarshalTypeError
	require.ErrorAs(t, err, &ute)
	require.Equal(t, "integer 5", ute.Value)
	require.Equal(t, reflect.TypeFor[string](), ute.Type)
	require.Equal(t, "items[1].name", ute.Field)
	require.Equal(t, int64(23), ute.Offset)
	require.Equal(t, "smile: cannot unmarshal integer 5 into field items[1].name of Go type string at offset 23", ute.Error())
	// Decoding went on: the rest is filled in.
	require.Equal(t, []item{{"x"}, {""}}, v.Items)
	require.Equal(t, 1, v.N)

	// Overflow names the range error.
	var small struct {
		N int8 `smile:"n"`
	}
	err = Unmarshal(mustHex(dhdr+"FA 80 6E 24 09 98 FB"), &small) // {"n":300}
	require.ErrorAs(t, err, &ute)
	require.Equal(t, "integer 300", ute.Value)
	require.Equal(t, "n", ute.Field)
	require.Equal(t, int64(7), ute.Offset)

	// The first error is the one returned.
	var two struct{ A, B bool }
	err = Unmarshal(mustHex(dhdr+"FA 80 61 C2 80 62 42 61 62 63 FB"), &two) // {"a":1,"b":"abc"}
	require.ErrorAs(t, err, &ute)
	require.Equal(t, "A", ute.Field)

	// A map key in the path, and a type error for the whole container.
	var m map[string][]int
	err = Unmarshal(mustHex(dhdr+"FA 80 6B F8 C2 FA FB F9 FB"), &m) // {"k":[1,{}]}
	require.ErrorAs(t, err, &ute)
	require.Equal(t, "object", ute.Value)
	require.Equal(t, "k[1]", ute.Field)
	require.Equal(t, map[string][]int{"k": {1, 0}}, m)

	// Root-level error: no path.
	var n int
	err = Unmarshal(mustHex(dhdr+"42 61 62 63"), &n)
	require.ErrorAs(t, err, &ute)
	require.Equal(t, "", ute.Field)
	require.Equal(t, int64(4), ute.Offset)
}
