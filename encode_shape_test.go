package smile_test

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-smile/smile"
	"github.com/go-smile/smile/compat"
	"github.com/go-smile/smile/stream"
)

// shapeTree returns a tree of maps that exercises the encoder's memory of
// key sets (keyShape): records of the same keys at several depths, shapes
// of equal slots, more distinct names than the shared-name table holds,
// more shapes than the encoder remembers, maps too long to remember, and
// maps that differ from a remembered shape in one key only.
func shapeTree() any {
	rng := rand.New(rand.NewPCG(1, 2))
	name := func(i int) string {
		switch i % 5 {
		case 0:
			return fmt.Sprintf("k%d", i)
		case 1:
			return fmt.Sprintf("clé-%d", i)
		case 2:
			return fmt.Sprintf("a_rather_longer_key_name_number_%d", i)
		case 3:
			return fmt.Sprintf("%c%d", 'a'+rune(i%26), i)
		}
		return fmt.Sprintf("x%03d", i)
	}
	record := func(keys []int, inner any) map[string]any {
		m := map[string]any{}
		for j, k := range keys {
			if j == 0 && inner != nil {
				m[name(k)] = inner
				continue
			}
			m[name(k)] = fmt.Sprint("v", rng.IntN(50))
		}
		return m
	}
	var items []any
	shapes := [][]int{{1, 2}, {3, 4, 5, 6, 7, 8, 9, 10, 11, 12}, {13, 14, 15}, {1, 2, 16}}
	for i := range 400 {
		keys := shapes[i%len(shapes)]
		if i%7 == 0 { // one key differs from the shape of its slot
			keys = append(append([]int(nil), keys[:len(keys)-1]...), 2000+i)
		}
		if i%11 == 0 { // a shape seen once, from a pool too large to remember
			keys = rng.Perm(3000)[:2+rng.IntN(60)]
		}
		inner := record(shapes[(i+1)%len(shapes)], record([]int{1, 2}, nil))
		items = append(items, record(keys, inner))
	}
	long := map[string]any{}
	for i := range 300 {
		long[name(5000+i)] = i%2 == 0
	}
	items = append(items, long, long, map[string]any{"": "empty", "k1": nil})
	return map[string]any{"items": items, "also": items[:50]}
}

// TestMarshalAnyShapes checks Marshal of a tree whose maps repeat their
// key sets against the same document converted from encoding/json's
// (sorted) output by compat.FromJSON, which writes each key through the
// stream Writer as it reads it, and reads the output back.
func TestMarshalAnyShapes(t *testing.T) {
	tree := shapeTree()
	js, err := json.Marshal(tree)
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range []smile.EncOptions{{}, {DisableSharedNames: true}, {SharedValues: true}} {
		t.Run(fmt.Sprintf("%+v", o), func(t *testing.T) {
			m, err := o.EncMode()
			if err != nil {
				t.Fatal(err)
			}
			for range 2 { // the second from a pooled state
				got, err := m.Marshal(tree)
				if err != nil {
					t.Fatal(err)
				}
				want, err := compat.FromJSONBytes(js, compat.FromJSONOptions{Enc: o})
				if err != nil {
					t.Fatal(err)
				}
				if string(got) != string(want) {
					t.Fatalf("Marshal differs from FromJSON of encoding/json's output (%d vs %d bytes)", len(got), len(want))
				}
			}
		})
	}
	// Modes in turn: a pooled state that switches modes (and Writers,
	// whose tags start again) must not use the shapes or tags of the
	// other.
	for round := range 3 {
		for _, o := range []smile.EncOptions{{}, {SharedValues: true}, {MapKeyOrder: smile.MapKeysUnsorted}, {DisableSharedNames: true}} {
			m, err := o.EncMode()
			if err != nil {
				t.Fatal(err)
			}
			got, err := m.Marshal(tree)
			if err != nil {
				t.Fatal(err)
			}
			if o.MapKeyOrder == smile.MapKeysUnsorted {
				continue // its order is Go's; read back below
			}
			want, err := compat.FromJSONBytes(js, compat.FromJSONOptions{Enc: o})
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != string(want) {
				t.Fatalf("round %d, %+v: Marshal differs from FromJSON of encoding/json's output", round, o)
			}
		}
	}
	checkUnsortedReadsBack(t, tree, js)
}

// viaEncodingJSON returns encoding/json's output for tree, whose maps it
// writes sorted, and the Smile that compat.FromJSON makes of it.
func viaEncodingJSON(t *testing.T, tree any) (js, smileBytes []byte) {
	t.Helper()
	js, err := json.Marshal(tree)
	if err != nil {
		t.Fatal(err)
	}
	smileBytes, err = compat.FromJSONBytes(js, compat.FromJSONOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return js, smileBytes
}

// checkUnsortedReadsBack checks that tree written with MapKeysUnsorted,
// whose key order is Go's, reads back as the tree encoding/json wrote as
// js.
func checkUnsortedReadsBack(t *testing.T, tree any, js []byte) {
	t.Helper()
	unsorted, err := smile.EncOptions{MapKeyOrder: smile.MapKeysUnsorted}.EncMode()
	if err != nil {
		t.Fatal(err)
	}
	b, err := unsorted.Marshal(tree)
	if err != nil {
		t.Fatal(err)
	}
	var back any
	if err := smile.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	js2, err := json.Marshal(back)
	if err != nil {
		t.Fatal(err)
	}
	if string(js2) != string(js) {
		t.Fatal("MapKeysUnsorted: the tree read back differs")
	}
}

// TestMarshalAnyShapesForgottenMidMap checks maps of a remembered shape
// whose keys are written as references from their tags
// (writeShapeKeyRef) when the shapes are forgotten while one of them is
// written: the first key's value holds so many new shapes that the
// encoder forgets every shape and reuses their keys' places, whose tags
// then belong to other names of the same document. The keys after it
// must not be written from those tags. Shapes are forgotten at a place
// that depends on what the pooled state kept, so the document is written
// with fillers of several sizes before its records: for some of them, the
// new shapes cover the records' places.
func TestMarshalAnyShapesForgottenMidMap(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	eight := func() map[string]any { // 8 of 20 names: nearly always a new shape
		m := map[string]any{}
		for _, k := range rng.Perm(20)[:8] {
			m[fmt.Sprintf("n%02d", k)] = k
		}
		return m
	}
	many := func(n int) []any {
		var ms []any
		for range n {
			ms = append(ms, eight())
		}
		return ms
	}
	record := func(width int, first any) map[string]any {
		m := map[string]any{"a": first}
		for i := 1; i < width; i++ {
			m[string(rune('a'+i))] = i
		}
		return m
	}
	for _, width := range []int{2, 9} { // a small map (encodeSmallMap) and a larger one
		for filler := 0; filler < 300; filler += 25 {
			// 260 maps of 8 keys: more than maxShapeKeys (2048) keys,
			// and enough past it to reach the records' places again.
			tree := []any{many(filler), record(width, 0), record(width, many(260)), record(width, 1)}
			_, want := viaEncodingJSON(t, tree)
			got, err := smile.Marshal(tree)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != string(want) {
				t.Errorf("records of %d keys after %d maps: Marshal differs from FromJSON of encoding/json's output", width, filler)
			}
		}
	}
}

// TestMarshalAnyFloat64s checks that arrays of float64s, which Marshal
// writes in one call of the Writer, and arrays that only start with
// float64s give the bytes of the Writer's element-by-element calls.
func TestMarshalAnyFloat64s(t *testing.T) {
	tree := []any{
		[]any{1.5, -0.0, math.Inf(1), math.NaN(), 3e300},
		[]any{2.5, 7.0, "x"},
		[]any{1.0},
		[]any{[]any{1.0, 2.0}, []any{3.0, 4.0}},
	}
	w, err := stream.NewWriter(stream.WriterOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var write func(v any)
	write = func(v any) {
		var err error
		switch v := v.(type) {
		case []any:
			if err = w.WriteStartArray(); err != nil {
				break
			}
			for _, x := range v {
				write(x)
			}
			err = w.WriteEndArray()
		case float64:
			err = w.WriteFloat64(v)
		case string:
			err = w.WriteString(v)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	write(tree)
	got, err := smile.Marshal(tree)
	if err != nil {
		t.Fatal(err)
	}
	if want := w.Bytes(); string(got) != string(want) {
		t.Fatalf("Marshal = % x\nwant      % x", got, want)
	}
}

// TestMarshalAnyShapesOfOneTable checks maps of 9 to 16 entries, which
// the runtime keeps in one table and the encoder matches with a
// remembered shape by the shape's key index (tableMapAsShape), and a few
// larger ones, looked up instead: records
// whose keys all start the index's probe at one slot (the same length,
// and the same first, middle and last bytes), so that the keys are found
// at the end of long probes, and records that differ from the shape of
// the records before them in one key, which probes past the shape's
// keys, or in the count of their keys. Marshal, sorted, must give the
// bytes of FromJSON of encoding/json's output; MapKeysUnsorted must read
// back as the tree.
func TestMarshalAnyShapesOfOneTable(t *testing.T) {
	colliding := func(i int) string { return fmt.Sprintf("a%02dm%02dz", i%97, i/97) } // a..m..z, 7 bytes
	plain := func(i int) string { return fmt.Sprintf("key_%d", i) }
	var tree []any
	for _, width := range []int{9, 14, 15, 16, 17, 30} {
		for _, name := range []func(int) string{colliding, plain} {
			record := func(keys []int) (map[string]any, map[string]string) {
				m, s := map[string]any{}, map[string]string{}
				for j, k := range keys {
					m[name(k)] = j
					s[name(k)] = fmt.Sprint(j)
				}
				return m, s
			}
			keys := make([]int, width)
			for i := range keys {
				keys[i] = 3 * i
			}
			other := append([]int{1}, keys[1:]...) // one key that is not the shape's
			for _, ks := range [][]int{keys, keys, other, keys, keys[:width-1], keys, other, other} {
				m, s := record(ks)
				tree = append(tree, m, s)
			}
		}
	}
	js, want := viaEncodingJSON(t, tree)
	for range 2 { // the second from a pooled state, whose shapes it kept
		got, err := smile.Marshal(tree)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != string(want) {
			t.Fatal("Marshal differs from FromJSON of encoding/json's output")
		}
		checkUnsortedReadsBack(t, tree, js)
	}
}
