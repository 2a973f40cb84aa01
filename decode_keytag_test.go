package smile

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/go-smile/smile/stream"
)

// TestKeyTagHalves: a half tag records a field, or no field, for its
// decoder only, and is found in either half of a tag.
func TestKeyTagHalves(t *testing.T) {
	a := &structDec{fields: make([]decField, 3), tagBits: 7 << tagFieldBits}
	b := &structDec{fields: make([]decField, 3), tagBits: 8 << tagFieldBits}
	none := &structDec{fields: make([]decField, 3), tagBits: noTagBits}
	for _, i := range []int{0, 2, maxTagField} {
		tag := uint64(a.halfTag(i))
		got, ok := a.fieldOfTag(tag)
		require.True(t, ok)
		require.Equal(t, i, got)
		got, ok = a.fieldOfTag(tag<<32 | uint64(b.halfTag(1)))
		require.True(t, ok, "in the high half")
		require.Equal(t, i, got)
		_, ok = b.fieldOfTag(tag)
		require.False(t, ok, "another decoder's")
	}
	got, ok := a.fieldOfTag(uint64(a.halfTag(-1)))
	require.True(t, ok)
	require.Equal(t, noTagField, got, "no such field: out of range")
	for _, d := range []*structDec{a, b, none} {
		_, ok = d.fieldOfTag(0)
		require.False(t, ok, "an empty tag")
	}
	require.True(t, a.canTag(maxTagField))
	require.False(t, a.canTag(maxTagField+1))
	require.False(t, none.canTag(0))
}

// TestUnmarshalNameOfThreeTypes: a name that three struct types share
// finds each one's field, though a tag remembers two of them: here "id"
// changes hands at every object.
func TestUnmarshalNameOfThreeTypes(t *testing.T) {
	type a struct {
		ID int `smile:"id"`
		A  int `smile:"a"`
	}
	type b struct {
		B  int `smile:"b"`
		ID int `smile:"id"`
	}
	type c struct {
		C  int    `smile:"c"`
		D  string `smile:"d"`
		ID int    `smile:"id"`
	}
	type tri struct {
		A a `smile:"a"`
		B b `smile:"b"`
		C c `smile:"c"`
	}
	members := map[string][]string{"a": {"id", "a"}, "b": {"b", "id"}, "c": {"c", "d", "id"}}
	var want []tri
	w, err := stream.NewWriter(stream.WriterOptions{})
	require.NoError(t, err)
	require.NoError(t, w.WriteStartArray())
	for i := range 4 {
		want = append(want, tri{a{ID: 10 + i, A: i}, b{ID: 20 + i, B: i}, c{ID: 30 + i, C: i, D: "x"}})
		require.NoError(t, w.WriteStartObject())
		for k, name := range []string{"a", "b", "c"} {
			require.NoError(t, w.WriteKey(name))
			require.NoError(t, w.WriteStartObject())
			for _, f := range members[name] {
				require.NoError(t, w.WriteKey(f))
				switch f {
				case "id":
					require.NoError(t, w.WriteInt(int64(10*(k+1)+i)))
				case "d":
					require.NoError(t, w.WriteString("x"))
				default:
					require.NoError(t, w.WriteInt(int64(i)))
				}
			}
			require.NoError(t, w.WriteEndObject())
		}
		require.NoError(t, w.WriteEndObject())
	}
	require.NoError(t, w.WriteEndArray())
	require.NoError(t, w.EndDocument())

	var got []tri
	require.NoError(t, Unmarshal(w.Bytes(), &got))
	require.Equal(t, want, got)
}

// TestUnmarshalFieldsBeyondTags: the fields of a struct too wide for a
// tag to hold their index are found by name, in order or not.
func TestUnmarshalFieldsBeyondTags(t *testing.T) {
	const n = maxTagField + 3
	fields := make([]reflect.StructField, n)
	for i := range fields {
		fields[i] = reflect.StructField{Name: fmt.Sprintf("F%d", i), Type: reflect.TypeFor[int](), Tag: reflect.StructTag(fmt.Sprintf(`smile:"f%d"`, i))}
	}
	typ := reflect.StructOf(fields)
	w, err := stream.NewWriter(stream.WriterOptions{})
	require.NoError(t, err)
	require.NoError(t, w.WriteStartArray())
	for range 2 { // the second object refers back to the names
		require.NoError(t, w.WriteStartObject())
		for _, i := range []int{0, 1, maxTagField, maxTagField + 1, maxTagField + 2, maxTagField + 1} {
			require.NoError(t, w.WriteKey(fmt.Sprintf("f%d", i)))
			require.NoError(t, w.WriteInt(int64(i)))
		}
		require.NoError(t, w.WriteEndObject())
	}
	require.NoError(t, w.WriteEndArray())
	require.NoError(t, w.EndDocument())

	dm, err := DecOptions{MaxExpansion: 1 << 20}.DecMode() // two 32 KB structs from a small input
	require.NoError(t, err)
	got := reflect.New(reflect.SliceOf(typ))
	require.NoError(t, dm.Unmarshal(w.Bytes(), got.Interface()))
	require.Equal(t, 2, got.Elem().Len())
	for k := range 2 {
		v := got.Elem().Index(k)
		for i := range n {
			want := 0
			if i <= 1 || i >= maxTagField {
				want = i
			}
			require.Equal(t, want, int(v.Field(i).Int()), "object %d field %d", k, i)
		}
	}
}
