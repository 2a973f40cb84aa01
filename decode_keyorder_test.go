package smile

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/go-smile/smile/stream"
)

// TestUnmarshalStructKeyOrder: a struct's decoder matches the next field's
// name in the input when keys come in field order, and looks names up
// otherwise. Both must give the same fields, in any order, with unknown
// and case-folded names among them, with and without shared names, and
// when two struct types share names (each remembers its own field for a
// shared name).
func TestUnmarshalStructKeyOrder(t *testing.T) {
	type inner struct {
		B int `smile:"b"`
		A int `smile:"a"`
	}
	type outer struct {
		A     int     `smile:"a"`
		B     int     `smile:"b"`
		LongA int     `smile:"a_long_field_name"` // too long to match: looked up
		LongB int     `smile:"sixteen_bytes_k"`   // the longest name matched
		In    []inner `smile:"in"`
	}
	// Each object is written with its members in the order given, as
	// key/value pairs: keys are written as they are, values are ints.
	type member struct {
		key string
		val int
	}
	orders := map[string][]member{
		"field order":   {{"a", 1}, {"b", 2}, {"a_long_field_name", 3}, {"sixteen_bytes_k", 4}},
		"reverse order": {{"sixteen_bytes_k", 4}, {"a_long_field_name", 3}, {"b", 2}, {"a", 1}},
		"unknown keys":  {{"x", 9}, {"a", 1}, {"y", 9}, {"b", 2}, {"a_long_field_name", 3}, {"z", 9}, {"sixteen_bytes_k", 4}},
		"folded case":   {{"A", 1}, {"b", 2}, {"A_LONG_FIELD_NAME", 3}, {"Sixteen_Bytes_K", 4}},
		"repeated key":  {{"a", 7}, {"a", 1}, {"b", 2}, {"a_long_field_name", 3}, {"sixteen_bytes_k", 4}},
	}
	for name, members := range orders {
		for _, shared := range []bool{true, false} {
			t.Run(fmt.Sprintf("%s/shared names %v", name, shared), func(t *testing.T) {
				w, err := stream.NewWriter(stream.WriterOptions{DisableSharedNames: !shared})
				require.NoError(t, err)
				require.NoError(t, w.WriteStartArray())
				for range 3 { // later objects refer back to the names of the first
					require.NoError(t, w.WriteStartObject())
					for _, m := range members {
						require.NoError(t, w.WriteKey(m.key))
						require.NoError(t, w.WriteInt(int64(m.val)))
					}
					require.NoError(t, w.WriteKey("in"))
					require.NoError(t, w.WriteStartArray())
					for range 2 { // inner has b before a: a's name meets another field
						require.NoError(t, w.WriteStartObject())
						require.NoError(t, w.WriteKey("a"))
						require.NoError(t, w.WriteInt(5))
						require.NoError(t, w.WriteKey("b"))
						require.NoError(t, w.WriteInt(6))
						require.NoError(t, w.WriteEndObject())
					}
					require.NoError(t, w.WriteEndArray())
					require.NoError(t, w.WriteEndObject())
				}
				require.NoError(t, w.WriteEndArray())
				require.NoError(t, w.EndDocument())

				var got []outer
				require.NoError(t, Unmarshal(w.Bytes(), &got))
				want := outer{A: 1, B: 2, LongA: 3, LongB: 4, In: []inner{{A: 5, B: 6}, {A: 5, B: 6}}}
				require.Equal(t, []outer{want, want, want}, got)
			})
		}
	}
}

// TestUnmarshalUnknownSharedName: a reference to a name that another
// struct type tagged finds its field in this one, or is reported by its
// name when it has none.
func TestUnmarshalUnknownSharedName(t *testing.T) {
	type a struct {
		X int `smile:"x"`
	}
	type b struct {
		X int `smile:"x"`
	}
	type c struct {
		Y int `smile:"y"`
	}
	type doc struct {
		A  a   `smile:"a"`
		Bs []b `smile:"bs"`
	}
	type strictDoc struct {
		A  a   `smile:"a"`
		Cs []c `smile:"bs"`
	}
	w, err := stream.NewWriter(stream.WriterOptions{})
	require.NoError(t, err)
	require.NoError(t, w.WriteStartObject())
	require.NoError(t, w.WriteKey("a"))
	require.NoError(t, w.WriteStartObject())
	require.NoError(t, w.WriteKey("x")) // tagged by a's decoder
	require.NoError(t, w.WriteInt(1))
	require.NoError(t, w.WriteEndObject())
	require.NoError(t, w.WriteKey("bs"))
	require.NoError(t, w.WriteStartArray())
	for range 2 {
		require.NoError(t, w.WriteStartObject())
		require.NoError(t, w.WriteKey("x")) // a reference: b's field, unknown to c
		require.NoError(t, w.WriteInt(2))
		require.NoError(t, w.WriteEndObject())
	}
	require.NoError(t, w.WriteEndArray())
	require.NoError(t, w.WriteEndObject())
	require.NoError(t, w.EndDocument())
	data := w.Bytes()

	var v doc
	require.NoError(t, Unmarshal(data, &v))
	require.Equal(t, doc{A: a{X: 1}, Bs: []b{{X: 2}, {X: 2}}}, v)

	strict, err := DecOptions{DisallowUnknownFields: true}.DecMode()
	require.NoError(t, err)
	var sv strictDoc
	err = strict.Unmarshal(data, &sv)
	var te *UnmarshalTypeError
	require.ErrorAs(t, err, &te)
	require.Equal(t, `key "x"`, te.Value)
	require.Equal(t, "bs[0].x", te.Field)
}
