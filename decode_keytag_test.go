package smile

import (
	"fmt"
	"reflect"
	"strings"
	"sync/atomic"
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
	// The highest id: all 48 bits of it count.
	c := &structDec{fields: make([]decField, 3), tagBits: maxTagID << tagFieldBits}
	c1 := &structDec{fields: make([]decField, 3), tagBits: (maxTagID >> 1) << tagFieldBits}
	for _, i := range []int{0, 2, maxTagField} {
		tag := a.halfTag(i)
		got, ok := a.fieldOfTag(tag, 0)
		require.True(t, ok)
		require.Equal(t, i, got)
		got, ok = a.fieldOfTag(b.halfTag(1), tag)
		require.True(t, ok, "the one before the latest")
		require.Equal(t, i, got)
		_, ok = b.fieldOfTag(tag, 0)
		require.False(t, ok, "another decoder's")
		got, ok = c.fieldOfTag(c1.halfTag(1), c.halfTag(i))
		require.True(t, ok)
		require.Equal(t, i, got)
		_, ok = c1.fieldOfTag(c.halfTag(i), 0)
		require.False(t, ok, "an id that differs in its top bit")
	}
	got, ok := a.fieldOfTag(a.halfTag(-1), 0)
	require.True(t, ok)
	require.Equal(t, noTagField, got, "no such field: out of range")
	for _, d := range []*structDec{a, b, c, none} {
		_, ok = d.fieldOfTag(0, 0)
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

// TestUnmarshalPastTagIDs: struct decoders built after the last id are
// given none and find their keys by name, with the same results, whether
// their names are shared (back-references, tags of other decoders in the
// slots) or not; ids stop at the bound instead of wrapping around.
func TestUnmarshalPastTagIDs(t *testing.T) {
	saved := tagIDLimit
	defer func() { tagIDLimit = saved }()
	tagIDLimit = tagIDs.Load() + 1 // one id left
	type tagA struct {
		ID   int    `smile:"id"`
		Name string `smile:"name"`
	}
	type tagB struct {
		Name string `smile:"name"`
		ID   int    `smile:"id"`
	}
	type tagC struct {
		ID   int    `smile:"id"`
		Name string `smile:"name"`
		B    tagB   `smile:"b"`
	}
	type tagDoc struct {
		A []tagA `smile:"a"`
		C []tagC `smile:"c"`
	}
	// Built in field order: tagDoc takes the last id, the others none.
	want := tagDoc{
		A: []tagA{{1, "a1"}, {2, "a2"}},
		C: []tagC{{3, "c3", tagB{"b4", 4}}, {5, "c5", tagB{"b6", 6}}},
	}
	for _, opts := range []stream.WriterOptions{{}, {DisableSharedNames: true}} {
		w, err := stream.NewWriter(opts)
		require.NoError(t, err)
		require.NoError(t, w.WriteStartObject())
		require.NoError(t, w.WriteKey("a"))
		require.NoError(t, w.WriteStartArray())
		for _, a := range want.A {
			writeIDName(t, w, []string{"id", "name"}, a.ID, a.Name, nil)
		}
		require.NoError(t, w.WriteEndArray())
		require.NoError(t, w.WriteKey("c"))
		require.NoError(t, w.WriteStartArray())
		for _, c := range want.C {
			writeIDName(t, w, []string{"id", "name", "b"}, c.ID, c.Name, func() {
				writeIDName(t, w, []string{"name", "id"}, c.B.ID, c.B.Name, nil)
			})
		}
		require.NoError(t, w.WriteEndArray())
		require.NoError(t, w.WriteEndObject())
		require.NoError(t, w.EndDocument())

		var got tagDoc
		require.NoError(t, Unmarshal(w.Bytes(), &got), "shared names off: %v", opts.DisableSharedNames)
		require.Equal(t, want, got, "shared names off: %v", opts.DisableSharedNames)
	}
	// The decoders of these types are built in the test's first run in
	// the process only (go test -count runs it again).
	if pastTagIDsRuns.Add(1) == 1 {
		require.Equal(t, tagIDLimit+1, tagIDs.Load(), "the counter stops past the bound")
	}
}

// pastTagIDsRuns counts the runs of TestUnmarshalPastTagIDs.
var pastTagIDsRuns atomic.Int64

// writeIDName writes an object with the members id and name, and b
// (written by b) when keys holds it, in the order of keys.
func writeIDName(t *testing.T, w *stream.Writer, keys []string, id int, name string, b func()) {
	t.Helper()
	require.NoError(t, w.WriteStartObject())
	for _, k := range keys {
		require.NoError(t, w.WriteKey(k))
		switch k {
		case "id":
			require.NoError(t, w.WriteInt(int64(id)))
		case "name":
			require.NoError(t, w.WriteString(name))
		case "b":
			b()
		}
	}
	require.NoError(t, w.WriteEndObject())
}

// TestUnmarshalDecodeTagIDsBound: a Reader kept across UnmarshalDecode
// calls carries the tags of every struct type that met its names, and
// decoders built past the last id must not read another type's tags as
// their own. Six struct types have the fields a, b and c in three
// orders, so that a type that took the id of another (were ids reused or
// wrapped around at the bound) would find a name's field at the other's
// index: the wrong field. Two ids are left, so the first two types tag
// and the other four find every key by name.
func TestUnmarshalDecodeTagIDsBound(t *testing.T) {
	saved := tagIDLimit
	defer func() { tagIDLimit = saved }()
	tagIDLimit = tagIDs.Load() + 2
	names := []string{"a", "b", "c"}
	types := make([]reflect.Type, 6)
	for j := range types {
		fields := make([]reflect.StructField, 0, 4)
		for k := range names {
			name := names[(j+k)%len(names)]
			fields = append(fields, reflect.StructField{Name: strings.ToUpper(name), Type: reflect.TypeFor[int](), Tag: reflect.StructTag(`smile:"` + name + `"`)})
		}
		// A field no key names makes each type new to the process, so
		// that its decoder is built here, after the limit was lowered.
		fields = append(fields, reflect.StructField{Name: fmt.Sprintf("Run%d", tagBoundRuns.Add(1)), Type: reflect.TypeFor[int]()})
		types[j] = reflect.StructOf(fields)
	}
	value := func(round, j, k int) int64 { return int64(1000*j + 10*round + k) }
	const rounds = 3
	w, err := stream.NewWriter(stream.WriterOptions{})
	require.NoError(t, err)
	require.NoError(t, w.WriteStartArray())
	for round := range rounds {
		for j := range types {
			require.NoError(t, w.WriteStartObject())
			for k, name := range names { // a, b, c: back-references after the first object
				require.NoError(t, w.WriteKey(name))
				require.NoError(t, w.WriteInt(value(round, j, k)))
			}
			require.NoError(t, w.WriteEndObject())
		}
	}
	require.NoError(t, w.WriteEndArray())
	require.NoError(t, w.EndDocument())

	r, err := stream.NewReader(w.Bytes(), stream.ReaderOptions{})
	require.NoError(t, err)
	tok, err := r.ReadToken()
	require.NoError(t, err)
	require.Equal(t, stream.KindStartArray, tok.Kind)
	for round := range rounds {
		for j, typ := range types {
			v := reflect.New(typ)
			require.NoError(t, UnmarshalDecode(r, v.Interface()))
			for k, name := range names {
				got := v.Elem().FieldByName(strings.ToUpper(name)).Int()
				require.Equal(t, value(round, j, k), got, "round %d, type %d, field %s", round, j, name)
			}
		}
	}
	tok, err = r.ReadToken()
	require.NoError(t, err)
	require.Equal(t, stream.KindEndArray, tok.Kind)
	require.Equal(t, tagIDLimit+1, tagIDs.Load(), "the counter stops past the bound")
}

// tagBoundRuns numbers the runs of TestUnmarshalDecodeTagIDsBound (for
// go test -count), so that each makes struct types of its own.
var tagBoundRuns atomic.Int64
