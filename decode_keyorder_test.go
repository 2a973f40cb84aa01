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
