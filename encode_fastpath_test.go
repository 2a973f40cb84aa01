package smile

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// celsius has a MarshalText method, so that it must not take the fast
// paths for plain numbers.
type celsius float64

func (c celsius) MarshalText() ([]byte, error) {
	return []byte(strconv.FormatFloat(float64(c), 'f', -1, 64) + "C"), nil
}

type count int64

func (c *count) MarshalText() ([]byte, error) { return []byte("#" + strconv.Itoa(int(*c))), nil }

// TestEncodeFastPaths checks that the fast paths for plain struct fields
// and for slices and arrays of integers and float64s write what the
// general encoders write (the same values through interfaces), and that
// types with methods keep them.
func TestEncodeFastPaths(t *testing.T) {
	type plain struct {
		A string  `json:"a"`
		B int     `json:"b"`
		C int64   `json:"c"`
		D float64 `json:"d"`
		E bool    `json:"e"`
		F string  `json:"f"`
	}
	type withMethods struct {
		A celsius   `json:"a"`
		B count     `json:"b"`
		C []celsius `json:"c"`
		D []count   `json:"d"`
	}
	type pointers struct {
		A *string  `json:"a"`
		B *int     `json:"b"`
		C *float64 `json:"c"`
		D *bool    `json:"d"`
		E *celsius `json:"e"`
		F *count   `json:"f"`
	}
	type sized struct {
		A int8    `json:"a"`
		B int16   `json:"b"`
		C int32   `json:"c"`
		D uint8   `json:"d"`
		E uint16  `json:"e"`
		F uint32  `json:"f"`
		G uint    `json:"g"`
		H uintptr `json:"h"`
		I uint64  `json:"i"`
		J *int32  `json:"j"`
		K *uint16 `json:"k"`
	}
	type ints struct {
		A []int64   `json:"a"`
		B []int     `json:"b"`
		C []int64   `json:"c"`
		D []int64   `json:"d,omitempty"`
		E []count   `json:"e"`
		F *[]int64  `json:"f"`
		G []int64   `json:"g,string"`
		H [][]int64 `json:"h"`
	}
	type named string
	str, n, f, b, c, k := "é", 300, 0.25, true, celsius(1.5), count(2)
	ids := []int64{3}
	cases := []struct {
		name     string
		got, via any
	}{
		{"pointer fields", pointers{&str, &n, &f, &b, &c, &k},
			map[string]any{"a": "é", "b": 300, "c": 0.25, "d": true, "e": "1.5C", "f": "#2"}},
		{"nil pointer fields", pointers{}, map[string]any{"a": nil, "b": nil, "c": nil, "d": nil, "e": nil, "f": nil}},
		{"[]string", []named{"a", "", "名前"}, []any{"a", "", "名前"}},
		{"struct fields", plain{"x", -7, 1 << 40, 2.5, true, "é"},
			map[string]any{"a": "x", "b": -7, "c": int64(1 << 40), "d": 2.5, "e": true, "f": "é"}},
		{"sized integer fields", sized{-128, -300, -1 << 31, 255, 65535, 1<<32 - 1, 7, 1 << 20, 1 << 63, new(int32), nil},
			map[string]any{"a": -128, "b": -300, "c": -1 << 31, "d": 255, "e": 65535, "f": uint32(1<<32 - 1), "g": 7,
				"h": 1 << 20, "i": uint64(1 << 63), "j": 0, "k": nil}},
		{"integer slice fields", ints{A: []int64{0, -16, 1 << 40}, B: []int{}, D: []int64{2}, E: []count{5}, F: &ids,
			G: []int64{7}, H: [][]int64{{1}, nil}},
			map[string]any{"a": []any{0, -16, int64(1 << 40)}, "b": []any{}, "c": nil, "d": []any{2}, "e": []any{"#5"},
				"f": []any{3}, "g": []any{7}, "h": []any{[]any{1}, nil}}},
		{"nil integer slice fields", ints{}, map[string]any{"a": nil, "b": nil, "c": nil, "e": nil, "f": nil, "g": nil, "h": nil}},
		{"[]int", []int{0, 1, -16, 300, -1 << 30}, []any{0, 1, -16, 300, -1 << 30}},
		{"[]int64", []int64{15, 16, 1 << 31}, []any{int64(15), int64(16), int64(1 << 31)}},
		{"[]float64", []float64{0.5, -1e300}, []any{0.5, -1e300}},
		{"[2]float64", [2]float64{1, 2}, []any{1.0, 2.0}},
		{"[3]int", [3]int{1, 2, 3}, []any{1, 2, 3}},
		{"empty", []float64{}, []any{}},
		{"[][2]float64", [][2]float64{{1, 2}, {3, 4}}, []any{[]any{1.0, 2.0}, []any{3.0, 4.0}}},
		{"methods", &withMethods{A: 21.5, B: 3, C: []celsius{1}, D: []count{4}},
			map[string]any{"a": "21.5C", "b": "#3", "c": []any{"1C"}, "d": []any{"#4"}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := Marshal(c.got)
			require.NoError(t, err)
			want, err := Marshal(c.via)
			require.NoError(t, err)
			require.Equal(t, want, got)
		})
	}
}

// TestEncodeAnyFastPath checks that the types encodeAny writes without
// looking up their encoder are written as the cached encoders write them:
// named types of the same kinds, which have no methods and so take those
// encoders, and the number types as struct fields.
func TestEncodeAnyFastPath(t *testing.T) {
	type (
		str        string
		f64        float64
		boolean    bool
		i64        int64
		integer    int
		namedMap   map[string]any
		namedSlice []any
	)
	cases := []struct {
		name      string
		fast, via any
	}{
		{"string", "é", str("é")},
		{"long string", strings.Repeat("ab", 100), str(strings.Repeat("ab", 100))},
		{"float64", -2.5, f64(-2.5)},
		{"bool", true, boolean(true)},
		{"int64", int64(1 << 40), i64(1 << 40)},
		{"int", -7, integer(-7)},
		{"json.Number", map[string]any{"n": json.Number("1.50")}, struct {
			N json.Number `json:"n"`
		}{"1.50"}},
		{"Number", map[string]any{"n": Number("123456789012345678901234567890")}, struct {
			N Number `json:"n"`
		}{"123456789012345678901234567890"}},
		{"map", map[string]any{"b": 1.0, "a": "x", "c": nil, "d": map[string]any{}},
			namedMap{"b": 1.0, "a": "x", "c": nil, "d": namedMap{}}},
		{"nil map", map[string]any(nil), namedMap(nil)},
		{"[]any", []any{1.0, "a", []any{}, false}, namedSlice{1.0, "a", namedSlice{}, false}},
		{"nil []any", []any(nil), namedSlice(nil)},
		{"float64s", []any{1.0, -0.5}, namedSlice{1.0, -0.5}},
		{"rows of float64s", []any{[]any{1.0, 2.0}, []any{3.0, -0.5}, []any{1e300, 0.0}},
			namedSlice{namedSlice{1.0, 2.0}, namedSlice{3.0, -0.5}, namedSlice{1e300, 0.0}}},
		{"one row", []any{[]any{1.5}}, namedSlice{namedSlice{1.5}}},
		{"rows of two lengths", []any{[]any{1.0, 2.0}, []any{3.0}}, namedSlice{namedSlice{1.0, 2.0}, namedSlice{3.0}}},
		{"rows ending in a string", []any{[]any{1.0, 2.0}, []any{3.0, "x"}},
			namedSlice{namedSlice{1.0, 2.0}, namedSlice{3.0, "x"}}},
		{"empty rows", []any{[]any{}, []any{}}, namedSlice{namedSlice{}, namedSlice{}}},
		{"a nil row", []any{[]any{1.0}, []any(nil)}, namedSlice{namedSlice{1.0}, nil}},
		{"a row and a float64", []any{[]any{1.0}, 2.0}, namedSlice{namedSlice{1.0}, 2.0}},
		{"rows of rows", []any{[]any{[]any{1.0, 2.0}}, []any{[]any{3.0, 4.0}}},
			namedSlice{namedSlice{namedSlice{1.0, 2.0}}, namedSlice{namedSlice{3.0, 4.0}}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := Marshal(c.fast)
			require.NoError(t, err)
			want, err := Marshal(c.via)
			require.NoError(t, err)
			require.Equal(t, want, got)
			// And inside an any, where encodeAny is reached from
			// another encoder.
			got, err = Marshal([]any{c.fast})
			require.NoError(t, err)
			want, err = Marshal([]any{c.via})
			require.NoError(t, err)
			require.Equal(t, want, got)
		})
	}
}
