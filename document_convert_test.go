package smile

import (
	"bytes"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"

	"github.com/go-smile/smile/internal/golden"
)

// nodeWalk calls f for every value of the Document under n, with the
// part of the any tree (Unmarshal's) that it stands for and its pointer.
// Of duplicate keys only the last is visited, as the any tree keeps it.
func nodeWalk(n Node, v any, pointer string, f func(n Node, v any, pointer string)) {
	f(n, v, pointer)
	switch v := v.(type) {
	case map[string]any:
		for k, e := range v {
			nodeWalk(n.Get(k), e, pointer+"/"+escapePointer(k), f)
		}
	case []any:
		i := 0
		for c := range n.Elements() {
			nodeWalk(c, v[i], fmt.Sprintf("%s/%d", pointer, i), f)
			i++
		}
	}
}

// goldenDocs returns every golden document of tokens/, json/ and corpus/
// with the DecMode that reads it, except in -short mode the large ones.
func goldenDocs(t *testing.T) (ids []string, modes []DecMode, docs [][]byte) {
	for _, sub := range []string{"tokens", "json", "corpus"} {
		for _, c := range golden.Cases(t, sub) {
			if testing.Short() && len(c.Want) > 64<<10 && sub != "corpus" {
				continue
			}
			ids, modes, docs = append(ids, c.ID()), append(modes, docMode(t, c)), append(docs, c.Want)
		}
	}
	return ids, modes, docs
}

// TestNodeDecodeGolden: for every golden document, Decode of every node
// into an any gives the part of Unmarshal's any tree it stands for, and
// so does Unmarshal of the node's AppendSmile document, which is Valid.
func TestNodeDecodeGolden(t *testing.T) {
	ids, modes, docs := goldenDocs(t)
	for k, data := range docs {
		m, id := modes[k], ids[k]
		var want any
		if m.Unmarshal(data, &want) != nil {
			continue // several root values: not one document (TestDocumentGolden checks Parse's error)
		}
		d, err := m.Parse(data)
		require.NoError(t, err, id)
		count := 0
		nodeWalk(d.Root(), want, "", func(n Node, v any, pointer string) {
			count++
			if raceEnabled && count > 200 {
				return
			}
			if testing.Short() && len(data) > 64<<10 && count%13 != 0 {
				return // the corpora, one node in 13 under -short (sh test.sh under a minute)
			}
			var got any
			if err := n.Decode(&got); err != nil {
				t.Fatalf("%s %s: Decode: %v", id, pointer, err)
			}
			if !sameAny(v, got) {
				t.Logf("%s %s", id, pointer)
				requireSameAny(t, v, got)
			}
			b, err := n.AppendSmile(nil)
			require.NoError(t, err, "%s %s", id, pointer)
			require.True(t, m.Valid(b), "%s %s: AppendSmile's output is not Valid: % X", id, pointer, b)
			var again any
			require.NoError(t, m.Unmarshal(b, &again), "%s %s", id, pointer)
			if !sameAny(v, again) {
				t.Logf("%s %s: Unmarshal of AppendSmile", id, pointer)
				requireSameAny(t, v, again)
			}
		})
	}
}

// deferredDoc is a document whose member "later" holds an object whose
// keys are back-references to names defined before it, in "first".
func deferredDoc(t *testing.T) []byte {
	data, err := Marshal(map[string]any{
		"a_first": map[string]any{"k1": 1, "k2": "two", "k3": []any{true}},
		"b_later": map[string]any{"k1": 3, "k2": "four", "k3": []any{nil, map[string]any{"k1": 5}}},
	})
	require.NoError(t, err)
	d, err := Parse(data)
	require.NoError(t, err)
	require.Greater(t, len(d.nameDefs), 0)
	return data
}

type deferredStruct struct {
	First map[string]any `smile:"a_first"`
	Later Node           `smile:"b_later"`
}

type deferredRaw struct {
	Later RawMessage `smile:"b_later"`
}

// TestNodeField: a struct field of type Node, or RawMessage, holds a
// subtree whose keys are back-references to names defined before it, and
// reads it as Unmarshal reads the whole document; the Node holds a copy
// of the input; Marshal of the struct writes the subtree's value.
func TestNodeField(t *testing.T) {
	data := deferredDoc(t)
	var whole map[string]any
	require.NoError(t, Unmarshal(data, &whole))
	want := whole["b_later"]

	input := append([]byte(nil), data...)
	var s deferredStruct
	require.NoError(t, Unmarshal(input, &s))
	clear(input) // Unmarshal must have copied what it keeps
	got, err := s.Later.Interface()
	require.NoError(t, err)
	requireSameAny(t, want, got)
	var r deferredRaw
	require.NoError(t, Unmarshal(data, &r))
	var fromRaw any
	require.True(t, Valid(r.Later))
	require.NoError(t, Unmarshal(r.Later, &fromRaw))
	requireSameAny(t, want, fromRaw)
	var typed struct {
		K1 int    `smile:"k1"`
		K2 string `smile:"k2"`
	}
	require.NoError(t, s.Later.Decode(&typed))
	require.Equal(t, 3, typed.K1)
	require.Equal(t, "four", typed.K2)
	k1, err := s.Later.At("/k3/1/k1").Int64()
	require.NoError(t, err)
	require.Equal(t, int64(5), k1)

	out, err := Marshal(s)
	require.NoError(t, err)
	var back map[string]any
	require.NoError(t, Unmarshal(out, &back))
	requireSameAny(t, map[string]any{"a_first": whole["a_first"], "b_later": want}, back)

	// A missing Node is written as null.
	out, err = Marshal(struct{ N Node }{})
	require.NoError(t, err)
	var null map[string]any
	require.NoError(t, Unmarshal(out, &null))
	requireSameAny(t, map[string]any{"N": nil}, null)
}

// TestDocumentUnmarshal: Unmarshal into a *Document keeps the document
// (a copy of it), and Marshal of the Document writes its value, for
// every golden document.
func TestDocumentUnmarshal(t *testing.T) {
	ids, modes, docs := goldenDocs(t)
	for k, data := range docs {
		if modes[k] != (DecMode{}) {
			continue // headerless: Unmarshal needs HeaderOptional, which UnmarshalSmile's copy does not
		}
		var want any
		if Unmarshal(data, &want) != nil {
			continue
		}
		var d Document
		require.NoError(t, Unmarshal(data, &d), ids[k])
		got, err := d.Root().Interface()
		require.NoError(t, err, ids[k])
		requireSameAny(t, want, got)
		out, err := Marshal(&d)
		require.NoError(t, err, ids[k])
		var again any
		require.NoError(t, Unmarshal(out, &again), ids[k])
		requireSameAny(t, want, again)
	}
}

// TestNodeFieldAllocs reports what a Node field costs against a
// RawMessage field, in allocations per Unmarshal of deferredDoc.
func TestNodeFieldAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("allocations differ under the race detector")
	}
	data := deferredDoc(t)
	node := testing.AllocsPerRun(100, func() {
		var s struct {
			Later Node `smile:"b_later"`
		}
		if err := Unmarshal(data, &s); err != nil {
			t.Fatal(err)
		}
	})
	raw := testing.AllocsPerRun(100, func() {
		var s struct {
			Later RawMessage `smile:"b_later"`
		}
		if err := Unmarshal(data, &s); err != nil {
			t.Fatal(err)
		}
	})
	t.Logf("allocations per Unmarshal: Node field %v, RawMessage field %v", node, raw)
}

// TestNodeAppendSmileGolden: AppendSmile of the root of a document that
// Jackson wrote gives Jackson's bytes, for every golden document of
// tokens/, json/ and corpus/ in every configuration, but two kinds,
// which Jackson writes differently from this package's Writer: with
// WRITE_END_MARKER, Jackson's 0xFF at the end, which AppendSmile does
// not write (the rest must be equal); and the outputs of Jackson
// versions that sign-extend negative float32s (Float32SignExtended, as
// stream.WriterOptions.LegacyFloat32SignBits), when they differ. Those
// are logged, not counted as equal.
func TestNodeAppendSmileGolden(t *testing.T) {
	equal, legacy := 0, []string{}
	for _, sub := range []string{"tokens", "json", "corpus"} {
		for _, c := range golden.Cases(t, sub) {
			d, err := docMode(t, c).Parse(c.Want)
			if err != nil {
				continue // several root values: not one document
			}
			got, err := d.Root().AppendSmile(nil)
			require.NoError(t, err, c.ID())
			want := c.Want
			if c.Config.EndMarker {
				require.Equal(t, byte(0xFF), want[len(want)-1], c.ID())
				want = want[:len(want)-1]
			}
			if !bytes.Equal(got, want) && c.Jackson().Float32SignExtended {
				legacy = append(legacy, c.ID())
				continue
			}
			require.Equal(t, want, got, c.ID())
			equal++
		}
	}
	t.Logf("%d documents equal to Jackson's bytes; legacy float32 outputs that differ: %v", equal, legacy)
}

// TestNodeDecodeTyped: Decode into the typed models of the small and
// medium data sets, of the root and of each member (into its field's
// type, by the json tag), gives what Unmarshal of the whole document
// gives, with shared names in the members' keys (Members holds objects
// of the same shape, whose keys are back-references).
func TestNodeDecodeTyped(t *testing.T) {
	small := newBenchSmall(3)
	for _, v := range []any{&small, newBenchMedium()} {
		data, err := Marshal(v)
		require.NoError(t, err)
		typ := reflect.TypeOf(v).Elem()
		want := reflect.New(typ)
		require.NoError(t, Unmarshal(data, want.Interface()))
		d, err := Parse(data)
		require.NoError(t, err)
		got := reflect.New(typ)
		require.NoError(t, d.Root().Decode(got.Interface()))
		require.Empty(t, cmp.Diff(want.Interface(), got.Interface()), typ)
		for i := range typ.NumField() {
			f := typ.Field(i)
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			n := d.Root().Get(name)
			if !n.Exists() {
				continue // omitted when empty
			}
			fv := reflect.New(f.Type)
			require.NoError(t, n.Decode(fv.Interface()), "%s.%s", typ, f.Name)
			require.Empty(t, cmp.Diff(want.Elem().Field(i).Interface(), fv.Elem().Interface()), "%s.%s", typ, f.Name)
		}
	}
}
