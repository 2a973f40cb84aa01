package smile

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// upperString decodes itself: the scalar fast paths must leave it to its
// UnmarshalText.
type upperString string

func (u *upperString) UnmarshalText(b []byte) error {
	*u = upperString(strings.ToUpper(string(b)))
	return nil
}

type fastFields struct {
	S   string
	I   int64
	N   int
	F   float64
	B   bool
	U   upperString
	Num Number
	SS  []string
	IS  []int64
}

// TestStructScalarFastPaths decodes the kinds of values the struct and
// slice loops store themselves (short and long strings, shared string
// values, integers of each size, floats, booleans) next to those they
// leave to the field's decoder (null, other numbers, type errors,
// types with methods), and checks each result as encoding/json's rules
// give it.
func TestStructScalarFastPaths(t *testing.T) {
	long := strings.Repeat("x", 100)
	in := map[string]any{
		"S": long, "I": int64(1) << 40, "N": -3, "F": 1.5, "B": true,
		"U": "up", "Num": 12, "SS": []any{"a", long, "a", "", "b"}, "IS": []any{1, int64(1) << 33, -70000},
	}
	data, err := EncOptions{SharedValues: true}.EncMode()
	if err != nil {
		t.Fatal(err)
	}
	doc, err := data.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	var got fastFields
	if err := Unmarshal(doc, &got); err != nil {
		t.Fatal(err)
	}
	want := fastFields{S: long, I: 1 << 40, N: -3, F: 1.5, B: true, U: "UP", Num: "12",
		SS: []string{"a", long, "a", "", "b"}, IS: []int64{1, 1 << 33, -70000}}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got  %+v\nwant %+v", got, want)
	}

	// null leaves the scalars as they were; other kinds are type errors
	// that name the field, and decoding goes on.
	doc, err = Marshal(map[string]any{"S": nil, "I": nil, "F": 2, "B": nil, "N": "x", "U": nil})
	if err != nil {
		t.Fatal(err)
	}
	got = fastFields{S: "keep", I: 7, B: true, N: 1, U: "U"}
	err = Unmarshal(doc, &got)
	var te *UnmarshalTypeError
	if !errors.As(err, &te) || te.Field != "N" || te.Value != "string" {
		t.Fatalf("error %v, want an *UnmarshalTypeError for N", err)
	}
	if want := (fastFields{S: "keep", I: 7, F: 2, B: true, N: 1, U: "U"}); !reflect.DeepEqual(got, want) {
		t.Fatalf("got  %+v\nwant %+v", got, want)
	}
	doc, err = Marshal(map[string]any{"I": 1.5})
	if err != nil {
		t.Fatal(err)
	}
	if err := Unmarshal(doc, &got); !errors.As(err, &te) || te.Field != "I" || te.Offset != 7 {
		t.Fatalf("error %v, want an *UnmarshalTypeError for I at offset 7", err)
	}
}

// TestSliceStage decodes arrays of every length around the stage (the
// first elements decoded straight into the new slice) into new slices of
// strings and of pointers, and checks the elements, that the length is
// exact and that the capacity is the stage's or, past it, the length.
func TestSliceStage(t *testing.T) {
	for n := 0; n <= 3*maxStageLen; n++ {
		strs := make([]string, n)
		ptrs := make([]*int, n)
		for i := range n {
			strs[i] = strings.Repeat("s", i)
			ptrs[i] = new(int)
			*ptrs[i] = i
		}
		doc, err := Marshal(strs)
		if err != nil {
			t.Fatal(err)
		}
		var s []string
		if err := Unmarshal(doc, &s); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(s, strs) || s == nil {
			t.Fatalf("%d strings: got %q", n, s)
		}
		// Past the stage, the exact length (as the allocator rounds it up).
		if c := cap(s); n > 0 && n < maxStageLen && c != maxStageLen || n >= maxStageLen && (c < n || c > n+n/4+1) {
			t.Errorf("%d strings: capacity %d", n, c)
		}
		if doc, err = Marshal(ptrs); err != nil {
			t.Fatal(err)
		}
		var p []*int
		if err := Unmarshal(doc, &p); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(p, ptrs) || p == nil {
			t.Fatalf("%d pointers: got %v", n, p)
		}
	}
	// A syntax error in the stage leaves the slice as it was.
	doc, err := Marshal([]string{"a", "b"})
	if err != nil {
		t.Fatal(err)
	}
	s := []string(nil)
	if err := Unmarshal(doc[:len(doc)-2], &s); err == nil || s != nil {
		t.Fatalf("truncated: error %v, slice %q", err, s)
	}
}

// floatArrays holds the containers whose float64 and int64 elements are
// read without a token: fixed arrays and slices of types without pointers.
type floatArrays struct {
	A  [2]float64
	AI [3]int64
	S  []float64
	SI []int64
	P  [][2]float64
}

// TestArrayScalarFastPaths decodes arrays of float64 tokens mixed with
// what the fast paths leave to the element's decoder (float32, integers,
// null, big numbers, type errors), shorter and longer than a fixed
// array, and checks the result and the error against encoding/json's on
// the same document.
func TestArrayScalarFastPaths(t *testing.T) {
	docs := []map[string]any{
		{"A": []any{1.5, -2.25}, "AI": []any{1, int64(1) << 40, -7}, "S": []any{0.5, 1.5, 2.5, 3.5, 4.5, 5.5}, "SI": []any{1, 2, 3}, "P": []any{[]any{1.5, 2.5}, []any{3.5}}},
		{"A": []any{1.5, -2.25, 9.5}, "AI": []any{1}, "S": []any{float32(0.5), 2, nil, 1e300}, "SI": []any{}, "P": []any{}},
		{"A": []any{3}, "AI": []any{1, 2, 3, 4}, "S": []any{}, "P": []any{[]any{1.5, 2.5, 3.5}, nil}},
		{"A": []any{"x", 1.5}, "S": []any{1.5, "y", 2.5}},
		{"A": []any{1.5, nil}, "AI": []any{2.5, 1}, "S": nil, "SI": []any{1, 2.5}},
		{"P": []any{[]any{nil, 1.5}, []any{1.5, 2.5, nil}, []any{}, []any{0.5, 0.25}}},
		{"P": []any{[]any{1.5, 2.5}, []any{1.5, "x"}, []any{2.5, 3.5}}},
		{"P": []any{[]any{1.5, 2.5}, 3, []any{1.5, 2.5}}},
		{"P": []any{[]any{1, 2}, []any{int64(1) << 60, 2.5}, []any{[]any{1.5}, 2.5}}},
		{"P": []any{[]any{1.5, 2.5, []any{1.5}}, []any{1.5, 2.5, map[string]any{"a": 1}}, []any{4.5, 5.5}}},
	}
	for i, in := range docs {
		jdoc, err := json.Marshal(in)
		if err != nil {
			t.Fatal(err)
		}
		sdoc, err := Marshal(in)
		if err != nil {
			t.Fatal(err)
		}
		prefill := func() floatArrays {
			return floatArrays{A: [2]float64{7, 7}, AI: [3]int64{7, 7, 7}}
		}
		want, got := prefill(), prefill()
		jerr := json.Unmarshal(jdoc, &want)
		serr := Unmarshal(sdoc, &got)
		if (jerr == nil) != (serr == nil) {
			t.Fatalf("doc %d: error %v, encoding/json's %v", i, serr, jerr)
		}
		var jte *json.UnmarshalTypeError
		var ste *UnmarshalTypeError
		if errors.As(jerr, &jte) && (!errors.As(serr, &ste) || !strings.HasPrefix(ste.Field, jte.Field)) {
			t.Fatalf("doc %d: error %v, encoding/json's %v", i, serr, jerr)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("doc %d:\ngot  %+v\nwant %+v", i, got, want)
		}
	}
}

// TestEmptyArrays: an empty array makes a new empty slice, not nil, for
// every kind of element, whether the slice had elements or capacity or
// was nil, as encoding/json does; the old elements are not touched.
func TestEmptyArrays(t *testing.T) {
	type holder struct {
		F []float64
		S []string
		P []*int
		N [][]int
	}
	one := 1
	for _, prefill := range []holder{
		{},
		{F: []float64{1}, S: []string{"a"}, P: []*int{&one}, N: [][]int{{1}}},
		{F: make([]float64, 0, 4), S: make([]string, 0, 4), P: make([]*int, 0, 4), N: make([][]int, 0, 4)},
	} {
		in := map[string]any{"F": []any{}, "S": []any{}, "P": []any{}, "N": []any{}}
		jdoc, err := json.Marshal(in)
		require.NoError(t, err)
		sdoc, err := Marshal(in)
		require.NoError(t, err)
		want, got := prefill, prefill
		oldF := prefill.F
		require.NoError(t, json.Unmarshal(jdoc, &want))
		require.NoError(t, Unmarshal(sdoc, &got))
		require.Equal(t, want, got)
		for _, n := range []bool{got.F == nil, got.S == nil, got.P == nil, got.N == nil} {
			require.False(t, n, "an empty array is an empty slice, not nil")
		}
		if len(oldF) > 0 {
			require.Equal(t, 1.0, oldF[0], "the old elements are kept as they were")
		}
	}
}

// TestPointerNulls: null sets a pointer field, element or array element to
// nil, whatever it pointed to, and leaves what it pointed to alone, as
// encoding/json does; other values still go through the pointer.
func TestPointerNulls(t *testing.T) {
	type ptrs struct {
		P  *int
		Q  *string
		PS []*int
		PA [2]*int
	}
	in := map[string]any{"P": nil, "Q": "q", "PS": []any{nil, 1, nil}, "PA": []any{nil, 2}}
	jdoc, err := json.Marshal(in)
	require.NoError(t, err)
	sdoc, err := Marshal(in)
	require.NoError(t, err)
	prefill := func() ptrs {
		a, b, c := 7, 8, 9
		s := "old"
		return ptrs{P: &a, Q: &s, PS: []*int{&b}, PA: [2]*int{&c, &c}}
	}
	want, got := prefill(), prefill()
	kept := got.P
	require.NoError(t, json.Unmarshal(jdoc, &want))
	require.NoError(t, Unmarshal(sdoc, &got))
	require.Equal(t, want, got)
	require.Nil(t, got.P)
	require.Equal(t, 7, *kept, "the old target is not written")
	require.Nil(t, got.PA[0])
	require.Equal(t, 2, *got.PA[1])
}

// sliceFields has slice fields that the struct loop reads itself when
// they are empty arrays, or starts reading (scalarSlice), and one it
// leaves to its decoder ([]byte).
type sliceFields struct {
	Empty   []int
	Null    []int
	Reused  []string
	Filled  []int
	Nested  [][]int
	Bytes   []byte
	Wrong   []int
	Another string
}

// TestStructSliceFields decodes empty, null, filled and nested arrays and
// a type error into slice fields, some with capacity beforehand, and
// checks the result and the error against encoding/json's for the same
// document as JSON text.
func TestStructSliceFields(t *testing.T) {
	const text = `{"Empty":[],"Null":null,"Reused":[],"Filled":[1,2,3],"Nested":[[],[4],[]],"Bytes":"AAE=","Wrong":"x","Another":"after"}`
	in := map[string]any{"Empty": []int{}, "Null": nil, "Reused": []string{}, "Filled": []int{1, 2, 3},
		"Nested": [][]int{{}, {4}, {}}, "Bytes": []byte{0, 1}, "Wrong": "x", "Another": "after"}
	doc, err := Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	prefilled := func() sliceFields {
		return sliceFields{Null: []int{9}, Reused: make([]string, 2, 8), Filled: []int{7}, Wrong: []int{5}}
	}
	want, got := prefilled(), prefilled()
	jerr := json.Unmarshal([]byte(text), &want)
	err = Unmarshal(doc, &got)
	var jute *json.UnmarshalTypeError
	var ute *UnmarshalTypeError
	require.ErrorAs(t, jerr, &jute)
	require.ErrorAs(t, err, &ute)
	require.Equal(t, "Wrong", jute.Field)
	require.Equal(t, jute.Field, ute.Field)
	require.Equal(t, want, got)
	require.NotNil(t, got.Empty)
	require.NotNil(t, got.Reused)
	require.NotNil(t, got.Nested[0])

	// At the depth limit the array's start is refused by the reader, as
	// the token would be.
	shallow, err := DecOptions{MaxDepth: 1}.DecMode()
	require.NoError(t, err)
	flat, err := Marshal(map[string]any{"Empty": []int{}})
	require.NoError(t, err)
	var le *LimitError
	require.ErrorAs(t, shallow.Unmarshal(flat, new(sliceFields)), &le)
}
