package smile

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"math/big"
	"reflect"
	"strings"
	"testing"
	"time"
	"unsafe"

	"github.com/go-smile/smile/stream"
	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"
)

// shortASCII returns the Smile token of a short ASCII string value
// (1 to 32 bytes: 0x40 + length-1, then the bytes), by the digest's §2.
func shortASCII(s string) string {
	return fmt.Sprintf("%02X %X", 0x40+len(s)-1, s)
}

const hdr = "3A 29 0A 01 " // the default header

type sharedDoc struct {
	ID     int      `smile:"id"`
	Name   string   `smile:"name"`
	Tags   []string `smile:"tags"`
	OK     bool     `smile:"ok"`
	X      *int     `smile:"x"`
	Pi     float64  `smile:"pi"`
	N      int      `smile:"n"`
	Nested struct {
		ID int `smile:"id"`
	} `smile:"nested"`
}

type abcDoc struct {
	ABC int `json:"abc"`
}

// TestMarshalVectors marshals Go values whose Smile bytes the format
// digest (smile-format.md §8, checked against Jackson) gives.
func TestMarshalVectors(t *testing.T) {
	noHeader := EncOptions{OmitHeader: true}
	shared := EncOptions{SharedValues: true}
	two64, _ := new(big.Int).SetString("18446744073709551616", 10)
	doc43 := sharedDoc{ID: 123456, Name: "Zoë", Tags: []string{"a", "a"}, OK: true, Pi: 3.5, N: -1}
	doc43.Nested.ID = 7
	tests := []struct {
		name string
		opts EncOptions
		v    any
		want string
	}{
		{"true", noHeader, true, "23"},
		{"false", noHeader, false, "22"},
		{"nil", noHeader, nil, "21"},
		{"true with header", EncOptions{}, true, hdr + "23"},
		{"null with end marker", EncOptions{EndMarker: true}, nil, hdr + "21 FF"},
		{"int8 3", noHeader, int8(3), "C6"},
		{"int 0", noHeader, 0, "C0"},
		{"int16 -6", noHeader, int16(-6), "CB"},
		{"uint8 15", noHeader, uint8(15), "DE"},
		{"int32 -16", noHeader, int32(-16), "DF"},
		{"int 16", noHeader, 16, "24 A0"},
		{"int64 -17", noHeader, int64(-17), "24 A1"},
		{"uint16 4095", noHeader, uint16(4095), "24 7F BE"},
		{"int -4096", noHeader, -4096, "24 7F BF"},
		{"uint32 4096", noHeader, uint32(4096), "24 01 00 80"},
		{"uint 500000", noHeader, uint(500000), "24 7A 09 80"},
		{"int32 max", noHeader, int32(math.MaxInt32), "24 1F 7F 7F 7F BE"},
		{"int32 min", noHeader, int32(math.MinInt32), "24 1F 7F 7F 7F BF"},
		{"int64 max", noHeader, int64(math.MaxInt64), "25 03 7F 7F 7F 7F 7F 7F 7F 7F BE"},
		{"uint64 max int64", noHeader, uint64(math.MaxInt64), "25 03 7F 7F 7F 7F 7F 7F 7F 7F BE"},
		{"int64 min", noHeader, int64(math.MinInt64), "25 03 7F 7F 7F 7F 7F 7F 7F 7F BF"},
		{"int64 -2^31-1", noHeader, int64(-1<<31 - 1), "25 20 00 00 00 81"},
		{"uintptr 2^31", noHeader, uintptr(1 << 31), "25 20 00 00 00 80"},
		{"float32", noHeader, float32(29.951), "28 04 0F 3E 37 26"},
		{"float64", noHeader, -29.951, "29 01 40 1E 7C 6E 4B 63 29 7D 7A"},
		{"float64 -0", noHeader, math.Copysign(0, -1), "29 01 00 00 00 00 00 00 00 00 00"},
		{"float32 -0 legacy", EncOptions{OmitHeader: true, LegacyFloat32SignBits: true}, float32(math.Copysign(0, -1)), "28 78 00 00 00 00"},
		{"float32 -0", noHeader, float32(math.Copysign(0, -1)), "28 08 00 00 00 00"},
		{"string", noHeader, "abc", "42 61 62 63"},
		{"string 2-byte", noHeader, "ö", "80 C3 B6"},
		{"string 3-byte", noHeader, "€", "81 E2 82 AC"},
		{"string 4-byte", noHeader, "😀", "82 F0 9F 98 80"},
		{"string 33 a", noHeader, strings.Repeat("a", 33), "60 " + strings.Repeat("61 ", 33)},
		{"string 65 a", noHeader, strings.Repeat("a", 65), "E0 " + strings.Repeat("61 ", 65) + "FC"},
		{"empty slice", noHeader, []int{}, "F8 F9"},
		{"empty array", noHeader, [0]string{}, "F8 F9"},
		{"nil slice", noHeader, []int(nil), "21"},
		{"nil map", noHeader, map[string]int(nil), "21"},
		{"nil pointer", noHeader, (*int)(nil), "21"},
		{"pointer", noHeader, ptrTo(int8(3)), "C6"},
		{"pointer to pointer", noHeader, ptrTo(ptrTo(int8(3))), "C6"},
		{"bytes", noHeader, []byte{1, 2, 3}, "E8 83 00 40 40 03"},
		{"nil bytes", noHeader, []byte(nil), "21"},
		{"byte array", noHeader, [4]byte{0xDE, 0xAD, 0xBE, 0xEF}, "E8 84 6F 2B 37 6E 0F"},
		{"raw bytes", EncOptions{RawBinary: true}, []byte{1, 2, 3}, "3A 29 0A 05 FD 83 01 02 03"},
		{"big.Int 128", noHeader, big.NewInt(128), "26 82 00 20 00"},
		{"big.Int 2^64", noHeader, two64, "26 89 00 40 00 00 00 00 00 00 00 00 00"},
		{"big.Int value", noHeader, *big.NewInt(128), "26 82 00 20 00"},
		{"nil *big.Int", noHeader, (*big.Int)(nil), "21"},
		{"json.Number 2^64", noHeader, json.Number("18446744073709551616"), "26 89 00 40 00 00 00 00 00 00 00 00 00"},
		{"Decimal 1.5", noHeader, Decimal{big.NewInt(15), 1}, "2A 82 81 07 01"},
		{"Decimal 1E+3", noHeader, &Decimal{big.NewInt(1), -3}, "2A 85 81 00 01"},
		{"Decimal -100.25", noHeader, Decimal{big.NewInt(-10025), 2}, "2A 84 82 6C 35 03"},
		{"nil *Decimal", noHeader, (*Decimal)(nil), "21"},
		{"Number int", noHeader, Number("3"), "C6"},
		{"Number empty", noHeader, Number(""), "C0"},
		{"Number 1.5", noHeader, Number("1.5"), "2A 82 81 07 01"},
		{"Number 1E+3", noHeader, Number("1E+3"), "2A 85 81 00 01"},
		{"Number -100.25", noHeader, Number("-100.25"), "2A 84 82 6C 35 03"},
		{"Number -50.00000000125", noHeader, Number("-50.00000000125"), "2A 96 86 7D 5C 7B 0C 35 3E 03"},
		{"json.Number 0.15e1", noHeader, json.Number("0.15e1"), "2A 82 81 07 01"},
		{"object", noHeader, struct {
			A int `smile:"a"`
		}{6}, "FA 80 61 CC FB"},
		{"map sorted", noHeader, map[string]int{"b": 2, "a": 1}, "FA 80 61 C2 80 62 C4 FB"},
		{"shared names", noHeader, []abcDoc{{1}, {2}}, "F8 FA 82 61 62 63 C2 FB FA 40 C4 FB F9"},
		{"shared names off", EncOptions{OmitHeader: true, DisableSharedNames: true}, []abcDoc{{1}, {2}},
			"F8 FA 82 61 62 63 C2 FB FA 82 61 62 63 C4 FB F9"},
		{"strings", EncOptions{}, []string{"abcde12345", "abcde12345"},
			hdr + "F8 49 61 62 63 64 65 31 32 33 34 35 49 61 62 63 64 65 31 32 33 34 35 F9"},
		{"shared strings", shared, [2]string{"abcde12345", "abcde12345"},
			"3A 29 0A 03 F8 49 61 62 63 64 65 31 32 33 34 35 01 F9"},
		{"empty key", shared, map[string]map[string]string{"foo": {"": "bar"}},
			"3A 29 0A 03 FA 82 66 6F 6F FA 20 42 62 61 72 FB FB"},
		{"shared both", shared, []map[string]any{{"key": "value"}, {"key": "value"}},
			"3A 29 0A 03 F8 FA 82 6B 65 79 44 76 61 6C 75 65 FB FA 40 01 FB F9"},
		{"digest #43", shared, doc43,
			"3A 29 0A 03 FA 81 69 64 24 1E 12 80 83 6E 61 6D 65 82 5A 6F C3 AB 83 74 61 67 73 F8 40 61 02 F9 81 6F 6B 23 80 78 21 81 70 69 29 00 40 06 00 00 00 00 00 00 00 80 6E C1 85 6E 65 73 74 65 64 FA 40 CE FB FB"},
		{"digest #43 defaults", EncOptions{}, &doc43,
			hdr + "FA 81 69 64 24 1E 12 80 83 6E 61 6D 65 82 5A 6F C3 AB 83 74 61 67 73 F8 40 61 40 61 F9 81 6F 6B 23 80 78 21 81 70 69 29 00 40 06 00 00 00 00 00 00 00 80 6E C1 85 6E 65 73 74 65 64 FA 40 CE FB FB"},
		{"time", noHeader, time.Date(2024, 1, 2, 3, 4, 5, 600, time.UTC), shortASCII("2024-01-02T03:04:05.0000006Z")},
		{"time 35 bytes", noHeader, time.Date(2024, 1, 2, 3, 4, 5, 123456789, time.FixedZone("", 19800)), "62 " + fmt.Sprintf("% X", "2024-01-02T03:04:05.123456789+05:30")}, // 35 bytes: 0x60 + 35-33
		{"time short", noHeader, time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC), shortASCII("2024-01-02T03:04:05Z")},
		{"text marshaler", noHeader, textM("xy"), shortASCII("<xy>")},
		{"nil text marshaler", noHeader, (*textM)(nil), "21"},
		{"any in slice", noHeader, []any{int8(3), "abc", nil, []byte{1, 2, 3}}, "F8 C6 42 61 62 63 21 E8 83 00 40 40 03 F9"},
		{"interface field", noHeader, struct {
			A fmt.Stringer `smile:"a"`
		}{textM("q")}, "FA 80 61 " + shortASCII("<q>") + " FB"},
		{"int keys sorted as text", noHeader, map[int]bool{10: true, 9: false}, "FA 81 31 30 23 80 39 22 FB"},
		{"string kind keys ignore MarshalText", noHeader, map[textM]int{"b": 1, "a": 2}, "FA 80 61 C4 80 62 C2 FB"},
		{"text marshaler keys", noHeader, map[pointKey]int{{1, 2}: 1, {0, 5}: 2}, "FA 82 30 2C 35 C4 82 31 2C 32 C2 FB"},
		{"nil pointer text marshaler key", noHeader, map[*pointKey]int{nil: 1}, "FA 20 C2 FB"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m, err := tc.opts.EncMode()
			require.NoError(t, err)
			got, err := m.Marshal(tc.v)
			require.NoError(t, err)
			if diff := cmp.Diff(mustHex(tc.want), got); diff != "" {
				t.Errorf("Marshal(%#v) mismatch (-want +got):\n%s", tc.v, diff)
			}
		})
	}
}

// pointKey is a map key written as "x,y" by MarshalText.
type pointKey struct{ X, Y int }

func (p pointKey) MarshalText() ([]byte, error) { return fmt.Appendf(nil, "%d,%d", p.X, p.Y), nil }

// textM is an encoding.TextMarshaler (and fmt.Stringer) writing "<s>".
type textM string

func (m textM) MarshalText() ([]byte, error) { return []byte("<" + string(m) + ">"), nil }
func (m textM) String() string               { return string(m) }

// TestMarshalEquivalentForms checks values that must encode exactly as
// another Go value does.
func TestMarshalEquivalentForms(t *testing.T) {
	big63 := new(big.Int).SetUint64(1 << 63)
	max64, _ := new(big.Int).SetString("18446744073709551615", 10)
	ts := time.Date(2024, 1, 2, 3, 4, 5, 0, time.FixedZone("X", 3600))
	millis, err := EncOptions{Time: TimeEpochMillis}.EncMode()
	require.NoError(t, err)
	tests := []struct {
		name string
		mode EncMode
		v, w any
	}{
		{"uint64 2^63 is a BigInteger", EncMode{}, uint64(1 << 63), big63},
		{"uint64 max is a BigInteger", EncMode{}, uint64(math.MaxUint64), max64},
		{"uint 2^63", EncMode{}, wordUint(1 << 63), big63},
		{"Number beyond int64", EncMode{}, Number("18446744073709551615"), max64},
		{"Number -0", EncMode{}, Number("-0"), 0},
		{"time as millis", millis, ts, ts.UnixMilli()},
		{"*time as millis", millis, &ts, ts.UnixMilli()},
		{"time in struct", millis, struct{ T time.Time }{ts}, struct{ T int64 }{ts.UnixMilli()}},
		{"named string", EncMode{}, namedString("x"), "x"},
		{"named bytes", EncMode{}, namedBytes{1, 2}, []byte{1, 2}},
		{"RawMessage", EncMode{}, RawMessage(mustHex(hdr + "FA 80 61 CC FB")), map[string]int{"a": 6}},
		{"RawMessage without header", EncMode{}, RawMessage(mustHex("FA 80 61 CC FB")), map[string]int{"a": 6}},
		{"nil RawMessage", EncMode{}, RawMessage(nil), nil},
		{"RawMessage shares names", EncMode{}, []any{RawMessage(mustHex(hdr + "FA 80 61 CC FB")), &rawM{"a", 7}},
			[]map[string]int{{"a": 6}, {"a": 7}}},
		{"Marshaler", EncMode{}, rawM{"b", 1}, map[string]int{"b": 1}},
		// Pointer-shaped values are stored in the interface word itself.
		{"one-pointer struct", EncMode{}, onePtr{ptrTo(5)}, map[string]int{"P": 5}},
		{"one-pointer array", EncMode{}, [1]*int{ptrTo(5)}, []int{5}},
		{"one-map struct in slice", EncMode{}, []any{struct{ M map[string]int }{map[string]int{"b": 2}}, [1]*int{}},
			[]any{map[string]map[string]int{"M": {"b": 2}}, []any{nil}}},
		{"Marshaler in map", EncMode{}, map[string]rawM{"k": {"b", 1}}, map[string]map[string]int{"k": {"b": 1}}},
		{"embedded pointer nil", EncMode{}, PtrOuter{A: "x", B: true}, struct {
			A string
			B bool
		}{"x", true}},
		{"replace invalid UTF-8", mustEncMode(t, EncOptions{ReplaceInvalidUTF8: true}), map[string]string{"a\xffb": "\xc3x"},
			map[string]string{"a\uFFFDb": "\uFFFDx"}},
		{"sorted map keys by string", EncMode{}, map[string]any{"b": 1, "a": map[string]int{"y": 1, "x": 2}, "c": []int{1}},
			struct {
				A struct {
					X int `smile:"x"`
					Y int `smile:"y"`
				} `smile:"a"`
				B int   `smile:"b"`
				C []int `smile:"c"`
			}{struct {
				X int `smile:"x"`
				Y int `smile:"y"`
			}{2, 1}, 1, []int{1}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := tc.mode.Marshal(tc.v)
			require.NoError(t, err)
			want, err := tc.mode.Marshal(tc.w)
			require.NoError(t, err)
			require.Equal(t, hex.EncodeToString(want), hex.EncodeToString(got))
		})
	}
}

func ptrTo[T any](v T) *T { return &v }

type onePtr struct{ P *int }

type namedString string
type namedBytes []byte

func mustEncMode(t *testing.T, o EncOptions) EncMode {
	m, err := o.EncMode()
	require.NoError(t, err)
	return m
}

// rawM is a Marshaler writing the object {k: v} with a header, made by
// hand from the digest's token rules (short key, small int).
type rawM struct {
	k string
	v int
}

func (m rawM) MarshalSmile() ([]byte, error) {
	return mustHex(hdr + fmt.Sprintf("FA %02X %X %02X FB", 0x80+len(m.k)-1, m.k, 0xC0+2*m.v)), nil
}

// ptrM has MarshalSmile and MarshalText on the pointer.
type ptrM struct{ N int }

func (m *ptrM) MarshalSmile() ([]byte, error) { return mustHex("C" + fmt.Sprint(2*m.N)), nil }

type ptrT struct{ N int }

func (m *ptrT) MarshalText() ([]byte, error) { return []byte("t"), nil }

// TestMarshalAddressability checks encoding/json's rules for methods with
// pointer receivers: they are used for addressable values only (reached
// through a pointer, a slice or an addressable struct), not for values
// passed directly, held in interfaces or in maps.
func TestMarshalAddressability(t *testing.T) {
	smile := func(v any) string {
		b, err := EncMode{}.Marshal(v)
		require.NoError(t, err)
		return hex.EncodeToString(b)
	}
	methodM := smile(int8(1)) // what ptrM{1}.MarshalSmile writes
	methodT := smile("t")     // what ptrT.MarshalText writes
	plain := smile(struct{ N int }{1})

	type holder struct {
		M ptrM
		T ptrT
	}
	require.Equal(t, plain, smile(ptrM{1}))
	require.Equal(t, methodM, smile(&ptrM{1}))
	require.Equal(t, plain, smile(ptrT{1}))
	require.Equal(t, methodT, smile(&ptrT{1}))
	require.Equal(t, smile([]any{int8(1), int8(1)}), smile([]ptrM{{1}, {1}}))
	require.Equal(t, smile([]any{plain2(), plain2()}), smile([2]ptrM{{1}, {1}}))
	require.Equal(t, smile(map[string]any{"M": int8(1), "T": "t"}), smile(&holder{ptrM{1}, ptrT{1}}))
	require.Equal(t, smile(map[string]any{"M": struct{ N int }{1}, "T": struct{ N int }{1}}), smile(holder{ptrM{1}, ptrT{1}}))
	require.Equal(t, smile(map[string]any{"k": struct{ N int }{1}}), smile(map[string]ptrM{"k": {1}}))

	// encoding/json agrees, with MarshalJSON in place of MarshalSmile.
	jsonOf := func(v any) string {
		b, err := json.Marshal(v)
		require.NoError(t, err)
		return string(b)
	}
	require.Equal(t, `{"M":{"N":1},"T":{"N":1}}`, jsonOf(holder{ptrM{1}, ptrT{1}}))
	require.Equal(t, `{"M":{"N":1},"T":"t"}`, jsonOf(&holder{ptrM{1}, ptrT{1}}))
}

func plain2() any { return struct{ N int }{1} }

type cycleNode struct {
	Name string
	Next *cycleNode
}

type errM struct{}

var errBoom = errors.New("boom")

func (errM) MarshalSmile() ([]byte, error) { return nil, errBoom }

type badM []byte

func (m badM) MarshalSmile() ([]byte, error) { return m, nil }

type errT struct{}

func (errT) MarshalText() ([]byte, error) { return nil, errBoom }

func TestMarshalErrors(t *testing.T) {
	n := &cycleNode{Name: "a"}
	n.Next = n
	m := map[string]any{}
	m["m"] = m
	s := []any{nil}
	s[0] = s

	t.Run("unsupported types", func(t *testing.T) {
		for _, v := range []any{
			make(chan int), func() {}, complex64(1), complex(1, 2), unsafe.Pointer(nil),
			map[[2]int]int{{1, 2}: 3}, map[float64]int{}, struct{ C chan int }{},
			[]any{1, func() {}}, map[string]any{"f": func() {}},
		} {
			_, err := Marshal(v)
			var ute *UnsupportedTypeError
			require.ErrorAs(t, err, &ute, "%T", v)
			require.Contains(t, err.Error(), "smile: unsupported type: ")
		}
	})
	t.Run("omitted unsupported field", func(t *testing.T) {
		_, err := Marshal(struct {
			C chan int `smile:",omitempty"`
		}{})
		require.NoError(t, err)
	})
	t.Run("cycles", func(t *testing.T) {
		for _, v := range []any{n, m, s, &struct{ M map[string]any }{m}} {
			_, err := Marshal(v)
			var uve *UnsupportedValueError
			require.ErrorAs(t, err, &uve, "%T", v)
			require.Contains(t, uve.Str, "encountered a cycle via")
		}
	})
	t.Run("deep but finite", func(t *testing.T) {
		var head *cycleNode
		for i := 0; i < 3000; i++ {
			head = &cycleNode{Name: "n", Next: head}
		}
		_, err := Marshal(head)
		var uve *UnsupportedValueError
		require.ErrorAs(t, err, &uve)
		require.Contains(t, uve.Str, "nested deeper than 1000 arrays and objects (EncOptions.MaxDepth")
		em, err := EncOptions{MaxDepth: 3000}.EncMode()
		require.NoError(t, err)
		b, err := em.Marshal(head)
		require.NoError(t, err)
		var back *cycleNode
		require.Error(t, Unmarshal(b, &back), "3000 levels, beyond the default DecOptions.MaxDepth")
		dm, err := DecOptions{MaxDepth: 3000}.DecMode()
		require.NoError(t, err)
		require.NoError(t, dm.Unmarshal(b, &back))
	})
	t.Run("invalid UTF-8", func(t *testing.T) {
		for _, v := range []any{"a\xffb", map[string]int{"\xff": 1}, []string{"ok", "\xc3"}, textM("\xff")} {
			_, err := Marshal(v)
			var uve *UnsupportedValueError
			require.ErrorAs(t, err, &uve, "%#v", v)
			require.Contains(t, err.Error(), "invalid UTF-8")
		}
	})
	t.Run("marshaler errors", func(t *testing.T) {
		for _, v := range []any{
			errM{}, []errM{{}}, badM(nil), badM(mustHex("F8")), badM(mustHex("C2 C2")), badM(mustHex("FB")),
			RawMessage{}, RawMessage(mustHex("F8 C2")), errT{}, map[errT]int{{}: 1},
			time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC),
		} {
			_, err := Marshal(v)
			var me *MarshalerError
			require.ErrorAs(t, err, &me, "%#v", v)
		}
		_, err := Marshal(errM{})
		require.ErrorIs(t, err, errBoom)
		require.Equal(t, "smile: error calling MarshalSmile for type smile.errM: boom", err.Error())
		_, err = Marshal(errT{})
		require.Equal(t, "smile: error calling MarshalText for type smile.errT: boom", err.Error())
		_, err = Marshal(badM(mustHex("F8 C2")))
		require.ErrorIs(t, err, io.ErrUnexpectedEOF)
	})
	t.Run("invalid Number", func(t *testing.T) {
		for _, v := range []any{Number("abc"), json.Number("1."), Number("1e99999999999")} {
			_, err := Marshal(v)
			var uve *UnsupportedValueError
			require.ErrorAs(t, err, &uve, "%#v", v)
		}
	})
	t.Run("encoders undo their state when they fail", func(t *testing.T) {
		// release relies on it: it resets only the Writer.
		var deep *cycleNode
		for i := 0; i < 1500; i++ {
			deep = &cycleNode{Name: "n", Next: deep}
		}
		deep.Next.Next = deep
		for _, v := range []any{
			n, m, s, deep, &struct{ M map[string]any }{m}, []any{1, make(chan int)},
			map[string]any{"a": 1, "b": map[string]any{"c": []any{func() {}}}, "d": 2},
			map[string]string{"a": "\xff"}, []map[errT]int{{{}: 1}}, &[]any{1, any(errM{})},
		} {
			e := newEncodeState(defaultEncConfig)
			require.Error(t, e.marshalDocument(v), "%T", v)
			require.Zero(t, e.ptrLevel, "%T", v)
			require.Empty(t, e.ptrSeen, "%T", v)
			require.Empty(t, e.words, "%T", v)
			require.Zero(t, e.mapRanges, "%T", v)
			e.release()
		}
	})
	t.Run("state is clean after an error", func(t *testing.T) {
		for range 3 {
			_, err := Marshal([]any{1, make(chan int)})
			require.Error(t, err)
			got, err := Marshal(true)
			require.NoError(t, err)
			require.Equal(t, mustHex(hdr+"23"), got)
		}
	})
}

func TestEncoder(t *testing.T) {
	var buf bytes.Buffer
	m := mustEncMode(t, EncOptions{EndMarker: true})
	enc := m.NewEncoder(&buf)
	require.NoError(t, enc.Encode(struct{}{}))
	require.NoError(t, enc.Encode([]int{}))
	// digest #28: two documents, each with its header and end marker.
	require.Equal(t, mustHex("3A 29 0A 01 FA FB FF 3A 29 0A 01 F8 F9 FF"), buf.Bytes())

	// A failed Encode writes nothing, and the next one is complete.
	require.Error(t, enc.Encode([]any{1, make(chan int)}))
	require.Equal(t, 14, buf.Len())
	// Each document has its own name table: "abc" is written in full again.
	buf.Reset()
	enc = NewEncoder(&buf)
	require.NoError(t, enc.Encode(abcDoc{1}))
	require.NoError(t, enc.Encode(abcDoc{2}))
	require.Equal(t, mustHex(hdr+"FA 82 61 62 63 C2 FB "+hdr+"FA 82 61 62 63 C4 FB"), buf.Bytes())

	// Write errors are returned.
	require.ErrorIs(t, NewEncoder(failWriter{}).Encode(1), errBoom)
}

// panicM panics in MarshalSmile.
type panicM struct{}

func (panicM) MarshalSmile() ([]byte, error) { panic("boom") }

func TestEncoderAfterPanic(t *testing.T) {
	var buf bytes.Buffer
	enc := NewEncoder(&buf)
	require.PanicsWithValue(t, "boom", func() {
		_ = enc.Encode(map[string]any{"a": []any{1, panicM{}}})
	})
	require.Zero(t, buf.Len())
	// The next document is whole, as if the panic had not happened.
	require.NoError(t, enc.Encode(abcDoc{1}))
	require.Equal(t, mustHex(hdr+"FA 82 61 62 63 C2 FB"), buf.Bytes())
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errBoom }

func TestEncoderAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector makes sync.Pool drop items and allocates")
	}
	small := newBenchSmall(1)
	medium := newBenchMedium()
	for _, v := range []any{&small, medium, []any{"x", int64(1), 2.5, true, nil},
		map[string]any{"b": map[string]any{"y": []any{"z"}, "x": 1}, "a": map[string]string{"k": "v"}}} {
		enc := NewEncoder(io.Discard)
		require.NoError(t, enc.Encode(v))
		allocs := testing.AllocsPerRun(100, func() {
			if err := enc.Encode(v); err != nil {
				t.Fatal(err)
			}
		})
		require.Zero(t, allocs, "%T", v)
	}
}

func TestMarshalAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector makes sync.Pool drop items and allocates")
	}
	small := newBenchSmall(1)
	_, err := Marshal(&small)
	require.NoError(t, err)
	allocs := testing.AllocsPerRun(100, func() {
		if _, err := Marshal(&small); err != nil {
			t.Fatal(err)
		}
	})
	require.Equal(t, 1.0, allocs)
}

func TestEncModeOptionsValidated(t *testing.T) {
	_, err := EncOptions{OmitHeader: true, SharedValues: true}.EncMode()
	require.Error(t, err)
	_, err = EncOptions{MapKeyOrder: 7}.EncMode()
	require.Error(t, err)
}

func TestMapKeysUnsorted(t *testing.T) {
	m := mustEncMode(t, EncOptions{MapKeyOrder: MapKeysUnsorted})
	in := map[string]int{}
	for i := range 50 {
		in[fmt.Sprint("k", i)] = i
	}
	got, err := m.Marshal(in)
	require.NoError(t, err)
	keys, vals := readObject(t, got)
	require.Len(t, keys, 50)
	for i, k := range keys {
		require.Equal(t, int64(in[k]), vals[i])
	}
}

// readObject reads a document holding an object of scalar values with
// stream.Reader and returns its keys in order and its values.
func readObject(t *testing.T, doc []byte) (keys []string, vals []any) {
	t.Helper()
	r, err := stream.NewReader(doc, stream.ReaderOptions{})
	require.NoError(t, err)
	tok, err := r.ReadToken()
	require.NoError(t, err)
	require.Equal(t, stream.KindStartObject, tok.Kind)
	for {
		tok, err := r.ReadToken()
		require.NoError(t, err)
		if tok.Kind == stream.KindEndObject {
			return keys, vals
		}
		require.Equal(t, stream.KindKey, tok.Kind)
		keys = append(keys, tok.String())
		k, err := r.PeekKind()
		require.NoError(t, err)
		if k == stream.KindInt {
			tok, err = r.ReadToken()
			require.NoError(t, err)
			vals = append(vals, tok.Int())
		} else {
			require.NoError(t, r.SkipValue())
			vals = append(vals, k.String())
		}
	}
}

// treeNode is a recursive type whose children are a slice of pointers.
type treeNode struct {
	Kids []*treeNode
	Name string
}

// TestMarshalPointerSlices: a slice of pointers is written as the array of
// what they point to, null for nil, as any other slice; cycles through it
// are reported and deep trees are not.
func TestMarshalPointerSlices(t *testing.T) {
	smile := func(v any) string {
		b, err := Marshal(v)
		require.NoError(t, err)
		return hex.EncodeToString(b)
	}
	tree := &treeNode{Name: "root", Kids: []*treeNode{nil, {Name: "a"}, {Name: "b", Kids: []*treeNode{}}}}
	require.Equal(t, smile(map[string]any{"Name": "root", "Kids": []any{
		nil, map[string]any{"Kids": nil, "Name": "a"}, map[string]any{"Kids": []any{}, "Name": "b"},
	}}), smile(tree))
	one := int8(1)
	require.Equal(t, smile([]any{nil, int8(1)}), smile([]*int8{nil, &one}))
	x := "x"
	require.Equal(t, smile(map[string]any{"Kids": []any{"x", nil}}), smile(struct{ Kids []*string }{[]*string{&x, nil}}))
	// Pointers to the types with special encoders are written as what
	// they point to, too.
	n := big.NewInt(-300)
	when := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	require.Equal(t, smile([]any{n, nil}), smile([]*big.Int{n, nil}))
	require.Equal(t, smile([]any{when, nil}), smile([]*time.Time{&when, nil}))

	cyc := &treeNode{Name: "c"}
	cyc.Kids = []*treeNode{{Name: "d"}, cyc}
	_, err := Marshal(cyc)
	var uve *UnsupportedValueError
	require.ErrorAs(t, err, &uve)
	require.Contains(t, uve.Str, "encountered a cycle via")

	deep := &treeNode{Name: "n"}
	for range 3000 {
		deep = &treeNode{Name: "n", Kids: []*treeNode{deep}}
	}
	// 3000 levels of an object and an array: beyond the default
	// EncOptions.MaxDepth, within MaxDepthLimit.
	_, err = Marshal(deep)
	require.ErrorAs(t, err, &uve)
	require.Contains(t, uve.Str, "nested deeper than 1000 arrays and objects")
	em, err := EncOptions{MaxDepth: MaxDepthLimit}.EncMode()
	require.NoError(t, err)
	_, err = em.Marshal(deep)
	require.NoError(t, err)
}

// TestMarshalPlainSlices: slices of strings, integers and float64s, which
// are written without cycle tracking, are null when nil and [] when empty.
func TestMarshalPlainSlices(t *testing.T) {
	smile := func(v any) string {
		b, err := Marshal(v)
		require.NoError(t, err)
		return hex.EncodeToString(b)
	}
	type slices struct {
		F []float64
		I []int
		S []string
	}
	require.Equal(t, smile(map[string]any{"F": nil, "I": nil, "S": nil}), smile(slices{}))
	require.Equal(t, smile(map[string]any{"F": []any{}, "I": []any{}, "S": []any{}}),
		smile(slices{[]float64{}, []int{}, []string{}}))
	require.Equal(t, smile(map[string]any{"F": []any{0.5}, "I": []any{-1, 2}, "S": []any{"a", "é"}}),
		smile(slices{[]float64{0.5}, []int{-1, 2}, []string{"a", "é"}}))
	require.Equal(t, smile(nil), smile([]string(nil)))

	// Slices of arrays of float64s and integers.
	require.Equal(t, smile([]any{[]any{0.5, 1.5}, []any{-2.0, 3.0}}), smile([][2]float64{{0.5, 1.5}, {-2, 3}}))
	require.Equal(t, smile([]any{[]any{1, 2, 3}, []any{4, 5, 6}}), smile([][3]int{{1, 2, 3}, {4, 5, 6}}))
	require.Equal(t, smile([]any{}), smile([][2]int64{}))
	require.Equal(t, smile([]any{}), smile([][2]float64{}))
	require.Equal(t, smile([]any{[]any{}, []any{}}), smile([][0]float64{{}, {}}))
	require.Equal(t, smile([]any{[]any{}, []any{}}), smile([][0]int{{}, {}}))
	require.Equal(t, smile([]any{"<1>", "<2>"}), smile([]textPair{{1}, {2}}))
}

// textPair is an array of float64s with a MarshalText method, which is
// used.
type textPair [1]float64

func (p textPair) MarshalText() ([]byte, error) { return fmt.Appendf(nil, "<%g>", p[0]), nil }

// failText is a TextMarshaler that fails when fail is set.
type failText struct{ fail bool }

func (f failText) MarshalText() ([]byte, error) {
	if f.fail {
		return nil, errBoom
	}
	return []byte("ok"), nil
}

// TestMarshalErrorPaths checks that Marshal errors name the path from the
// root to the value that failed, as Unmarshal errors do.
func TestMarshalErrorPaths(t *testing.T) {
	type item struct {
		Name string   `json:"name"`
		Tag  failText `json:"tag"`
	}
	type doc struct {
		Items []item          `json:"items"`
		Ptrs  []*item         `json:"ptrs"`
		Strs  []string        `json:"strs"`
		ByInt map[int]any     `json:"by_int"`
		Any   map[string]any  `json:"any"`
		Typed map[string]item `json:"typed"`
	}
	for _, tc := range []struct {
		v    any
		path string
		as   any
	}{
		{&doc{Items: []item{{Name: "a"}, {Name: "b\xff"}}}, "items[1].name", new(*UnsupportedValueError)},
		{&doc{Items: []item{{Name: "a"}, {Name: "b", Tag: failText{fail: true}}}}, "items[1].tag", new(*MarshalerError)},
		{&doc{Ptrs: []*item{nil, {Name: "\xff"}}}, "ptrs[1].name", new(*UnsupportedValueError)},
		{&doc{Strs: []string{"a", "b", "\xff"}}, "strs[2]", new(*UnsupportedValueError)},
		{&doc{ByInt: map[int]any{1: 1, 7: []any{1, make(chan int)}}}, "by_int.7[1]", new(*UnsupportedTypeError)},
		{&doc{Any: map[string]any{"a": 1, "b": map[string]any{"c": []any{func() {}}}}}, "any.b.c[0]", new(*UnsupportedTypeError)},
		{&doc{Typed: map[string]item{"k": {Name: "\xff"}}}, "typed.k.name", new(*UnsupportedValueError)},
		{[]any{"x", complex(1, 2)}, "[1]", new(*UnsupportedTypeError)},
		{complex(1, 2), "", new(*UnsupportedTypeError)},
	} {
		for _, order := range []MapKeyOrder{MapKeysSorted, MapKeysUnsorted} {
			m, err := EncOptions{MapKeyOrder: order}.EncMode()
			require.NoError(t, err)
			_, err = m.Marshal(tc.v)
			require.ErrorAs(t, err, tc.as, "%#v", tc.v)
			var path string
			switch e := reflect.ValueOf(tc.as).Elem().Interface().(type) {
			case *UnsupportedValueError:
				path = e.Field
			case *UnsupportedTypeError:
				path = e.Field
			case *MarshalerError:
				path = e.Field
			}
			require.Equal(t, tc.path, path, "%v", err)
			if tc.path != "" {
				require.Contains(t, err.Error(), " at field "+tc.path)
			}
			if tc.path == "items[1].name" {
				require.True(t, strings.HasPrefix(err.Error(), "smile: unsupported value at field items[1].name: invalid UTF-8"), err.Error())
			}
		}
	}
	// A cycle is found hundreds of levels deep: Field holds the whole
	// path, the text a short one.
	n := &cycleNode{Name: "a"}
	n.Next = n
	_, err := Marshal(n)
	var uve *UnsupportedValueError
	require.ErrorAs(t, err, &uve)
	k := strings.Count(uve.Field, "Next")
	require.Greater(t, k, 100)
	require.Equal(t, strings.Repeat("Next.", k-1)+"Next", uve.Field)
	require.Contains(t, err.Error(), fmt.Sprintf(" at field Next×%d: ", k))
	require.Less(t, len(err.Error()), 200)
}

// textSlice is a slice type with a MarshalText method, which a struct
// field of the type must use even when the slice is nil or empty.
type textSlice []int

func (s textSlice) MarshalText() ([]byte, error) { return fmt.Appendf(nil, "n=%d", len(s)), nil }

// TestMarshalSliceFields: a struct's slice fields, which the struct
// loop writes itself when nil (null) or empty ([]), are written as the
// same slices in a map; slices of bytes stay binary and slices with
// methods use them.
func TestMarshalSliceFields(t *testing.T) {
	smile := func(v any) string {
		b, err := Marshal(v)
		require.NoError(t, err)
		return hex.EncodeToString(b)
	}
	type elem struct{ A int }
	type fields struct { // in the order of the map's sorted keys
		B  []byte
		E  []elem
		P  []*elem
		SS [][]string
		T  textSlice
	}
	require.Equal(t, smile(map[string]any{"E": nil, "P": nil, "SS": nil, "B": nil, "T": "n=0"}), smile(fields{}))
	require.Equal(t, smile(map[string]any{"E": []any{}, "P": []any{}, "SS": []any{}, "B": []byte{}, "T": "n=0"}),
		smile(fields{E: []elem{}, P: []*elem{}, SS: [][]string{}, B: []byte{}, T: textSlice{}}))
	require.Equal(t, smile(map[string]any{
		"E": []any{map[string]any{"A": 1}}, "P": []any{nil, map[string]any{"A": 2}},
		"SS": []any{[]any{}, nil, []any{"x"}}, "B": []byte{7}, "T": "n=2",
	}), smile(fields{E: []elem{{1}}, P: []*elem{nil, {2}}, SS: [][]string{{}, nil, {"x"}}, B: []byte{7}, T: textSlice{1, 2}}))
	// The bytes themselves, from the format's tokens: the key "E"
	// written in full (0x80), then null (0x21) or [] (F8 F9).
	m, err := EncOptions{OmitHeader: true}.EncMode()
	require.NoError(t, err)
	nul, err := m.Marshal(struct{ E []elem }{})
	require.NoError(t, err)
	require.Equal(t, "fa804521fb", hex.EncodeToString(nul))
	empty, err := m.Marshal(struct{ E []elem }{[]elem{}})
	require.NoError(t, err)
	require.Equal(t, "fa8045f8f9fb", hex.EncodeToString(empty))
}
