package smile

import (
	"encoding/json"
	"errors"
	"math"
	"reflect"
	"testing"

	"github.com/stretchr/testify/require"
)

type quotedFields struct {
	B   bool        `json:",string"`
	I   int         `json:",string"`
	I8  int8        `json:",string"`
	U   uint64      `json:",string"`
	F   float64     `json:",string"`
	F32 float32     `json:",string"`
	S   string      `json:",string"`
	P   *int        `json:",string"`
	N   json.Number `json:",string"`
	// The option does not apply to a slice.
	Sl []int `json:",string"`
}

// TestMarshalStringTag checks that each ",string" field holds the text
// encoding/json writes for it.
func TestMarshalStringTag(t *testing.T) {
	seven := 7
	for _, v := range []quotedFields{
		{B: true, I: -5, I8: 127, U: math.MaxUint64, F: 1.5, F32: 0.1, S: `a"b<c>&`, P: &seven, N: "12.50", Sl: []int{1}},
		{F: 1e21, F32: 1e-7, S: "\xff", N: "", Sl: []int{2}},
		{F: 1e-7, F32: 3.4e38, Sl: []int{3}},
	} {
		text, err := json.Marshal(v)
		require.NoError(t, err)
		var want map[string]any
		require.NoError(t, json.Unmarshal(text, &want))
		data, err := Marshal(v)
		require.NoError(t, err)
		var got map[string]any
		require.NoError(t, Unmarshal(data, &got))
		// Numbers inside are int64 here, float64 in encoding/json.
		got["Sl"] = []any{float64(got["Sl"].([]any)[0].(int64))}
		require.Equal(t, want, got, "json: %s", text)

		// And it reads back what it wrote.
		var back quotedFields
		require.NoError(t, Unmarshal(data, &back))
		var jback quotedFields
		require.NoError(t, json.Unmarshal(text, &jback))
		require.Equal(t, jback, back)
	}
	_, err := Marshal(quotedFields{F: math.NaN()})
	var uve *UnsupportedValueError
	require.ErrorAs(t, err, &uve)
	require.Equal(t, "F", uve.Field)
}

// TestUnmarshalStringTag decodes the same members by encoding/json (from
// JSON text) and by smile (from a Smile object of the same strings), and
// compares the values and whether each failed.
func TestUnmarshalStringTag(t *testing.T) {
	seven := 7
	for _, tc := range []struct {
		field string
		value any // a string, or another JSON value
	}{
		{"B", "true"}, {"B", "false"}, {"B", "tru"}, {"B", "null"}, {"B", "1"},
		{"I", "-5"}, {"I", "05"}, {"I", "+5"}, {"I", " 5"}, {"I", "5.0"}, {"I", "null"}, {"I", ""}, {"I", "abc"},
		{"I8", "127"}, {"I8", "128"},
		{"U", "18446744073709551615"}, {"U", "-1"},
		{"F", "1e3"}, {"F", "-0.25"}, {"F", "1e400"}, {"F", "NaN"}, {"F32", "3.5"},
		{"S", `"abc"`}, {"S", `"a\u00e9\n"`}, {"S", "abc"}, {"S", `"abc`}, {"S", "null"}, {"S", "123"},
		{"P", "7"}, {"P", "null"}, {"P", "x"},
		{"N", "1.50"}, {"N", "x"},
		{"I", 5.0}, {"I", true}, {"I", nil}, {"P", nil}, {"S", nil},
	} {
		jsonText, err := json.Marshal(map[string]any{tc.field: tc.value})
		require.NoError(t, err)
		want := quotedFields{P: &seven, S: "old", I: 9}
		jerr := json.Unmarshal(jsonText, &want)
		got := quotedFields{P: &seven, S: "old", I: 9}
		serr := Unmarshal(mustMarshal(t, map[string]any{tc.field: tc.value}), &got)
		require.Equal(t, jerr != nil, serr != nil, "%s: json error %v, smile error %v", jsonText, jerr, serr)
		if serr != nil {
			var te *UnmarshalTypeError
			require.ErrorAs(t, serr, &te, "%s", jsonText)
			require.Equal(t, tc.field, te.Field)
			if _, isString := tc.value.(string); isString && tc.field != "F" || tc.value == "NaN" {
				require.True(t, errors.Is(serr, errQuotedTag), "%s: %v", jsonText, serr)
			}
		}
		require.Equal(t, want, got, "%s: json error %v, smile error %v", jsonText, jerr, serr)
	}
}

// TestStringTagApplies checks which fields the option applies to, as in
// encoding/json: bool, number and string kinds and unnamed pointers to
// them, not other kinds.
func TestStringTagApplies(t *testing.T) {
	type ptrInt *int
	type s struct {
		A int             `json:",string"`
		B *int            `json:",string"`
		C ptrInt          `json:",string"`
		D []string        `json:",string"`
		E map[string]int  `json:",string"`
		F struct{ X int } `json:",string"`
		G **int           `json:",string"`
		H int             `json:",omitempty,string"`
	}
	want := map[string]bool{"A": true, "B": true, "H": true}
	for _, f := range cachedStructInfo(reflect.TypeFor[s]()).fields {
		require.Equal(t, want[f.name], f.quoted, f.name)
	}
}
