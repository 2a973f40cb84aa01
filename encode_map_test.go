package smile

import (
	"errors"
	"io"
	"maps"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/go-smile/smile/stream"
)

// outerKeys returns the keys of the object at the root of the Smile
// document data, in the order they are written.
func outerKeys(t *testing.T, data []byte) []string {
	t.Helper()
	r, err := stream.NewReader(data, stream.ReaderOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	for {
		tok, err := r.ReadToken()
		if errors.Is(err, io.EOF) {
			return keys
		}
		if err != nil {
			t.Fatal(err)
		}
		if tok.Kind == stream.KindKey && r.Depth() == 1 {
			keys = append(keys, tok.String())
		}
	}
}

// TestMarshalMapKeyOrder checks that maps with string keys are written
// in the order of slices.Sort over their keys: keys that share a long
// prefix (which the packed sort compares whole), a map of more entries
// than it packs, and maps nested in the elements, which sort their
// entries above those of the outer map.
func TestMarshalMapKeyOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	prefixed := func(n int) []string {
		var keys []string
		for i := range n {
			prefix := []string{"", "a", "ab", "abcdef", "abcdefg", "abcdefgh", "profile_", "é", "\x00",
				"1385863", "abcdefghijklm", "shared_by_more_than_the_packed_bytes_"}[i%12]
			keys = append(keys, prefix+strconv.Itoa(rng.IntN(1000)))
		}
		keys = append(keys, "", "abcdef", "abcdef\x00", "abcdefg\x00", "abcdefgh\x00")
		// Keys equal but for zero padding, as many as the packed sort
		// packs again.
		for i := range 2 * sortByHeads {
			keys = append(keys, "z"+strings.Repeat("\x00", i), "abcdefghijkl"+strings.Repeat("\x00", i))
		}
		return keys
	}
	for _, n := range []int{1, 2, 12, 13, 100, 1000, maxPackedEntries + 10} {
		keys := prefixed(n)
		anys := map[string]any{}
		strs := map[string]string{}
		typed := map[string][]string{} // the reflective encoder's path
		for i, k := range keys {
			strs[k] = k
			typed[k] = []string{k}
			anys[k] = k
			if i%50 == 0 && n < 2000 {
				inner := map[string]any{}
				for _, k := range prefixed(20) {
					inner[k] = 1
				}
				anys[k] = []any{inner, map[string]string{"b": "", "a": ""}}
			}
		}
		want := slices.Sorted(maps.Keys(strs))
		for name, v := range map[string]any{"map[string]any": anys, "map[string]string": strs, "map[string][]string": typed} {
			data, err := Marshal(v)
			if err != nil {
				t.Fatal(err)
			}
			if got := outerKeys(t, data); !slices.Equal(got, want) {
				t.Errorf("%s of %d keys: keys written out of order", name, len(want))
			}
			// Each value went with its key: the strings are their keys.
			var back map[string]any
			if err := Unmarshal(data, &back); err != nil {
				t.Fatal(err)
			}
			for k, v := range back {
				if a, ok := v.([]any); ok && len(a) == 1 {
					v = a[0]
				}
				if s, ok := v.(string); ok && s != k {
					t.Fatalf("%s of %d keys: %q has the value of %q", name, len(want), k, s)
				}
			}
		}
	}
}

// TestKeyHead checks keyHead against its definition: the first eight
// bytes, big-endian, zero padded.
func TestKeyHead(t *testing.T) {
	for _, s := range []string{"", "a", "ab", "abc", "abcd", "abcde", "abcdef", "abcdefg", "abcdefgh", "abcdefghi", "\xff\x00\xfe\x01\xfd"} {
		var b [8]byte
		copy(b[:], s)
		var want uint64
		for _, c := range b {
			want = want<<8 | uint64(c)
		}
		if got := keyHead(s); got != want {
			t.Errorf("keyHead(%q) = %#x, want %#x", s, got, want)
		}
	}
}

// TestClearMapEntriesHighWater checks that a state clears every map entry
// a document left on its stacks, though it clears only up to the
// document's high-water mark: after a large map, after a small map, and
// after a map whose value fails to encode (which leaves its entries on
// the stack), no entry up to the stacks' capacity holds a value.
func TestClearMapEntriesHighWater(t *testing.T) {
	large := make(map[string]any, 3000)
	for i := range 3000 {
		large[strconv.Itoa(i)] = i
	}
	failing := map[string]any{"a": 1, "b": map[string]any{"c": 2, "d": make(chan int)}}
	e := newEncodeState(defaultEncConfig)
	docs := []struct {
		v       any
		wantErr bool
	}{
		{large, false},
		{map[string]any{"x": 1, "y": map[string]string{"p": "q", "r": "s"}}, false},
		{failing, true},
		{[]any{failing, large}, true},
	}
	for i, doc := range docs {
		err := e.marshalDocument(doc.v)
		if (err != nil) != doc.wantErr {
			t.Fatalf("document %d: error %v, want one: %v", i, err, doc.wantErr)
		}
		e.reset()
		for j, en := range e.anyEntries[:cap(e.anyEntries)] {
			if en.key != "" || en.val != nil {
				t.Fatalf("after document %d, anyEntries[%d] holds %q: %v", i, j, en.key, en.val)
			}
		}
		for j, en := range e.stringEntries[:cap(e.stringEntries)] {
			if en.key != "" || en.val != "" {
				t.Fatalf("after document %d, stringEntries[%d] holds %q: %q", i, j, en.key, en.val)
			}
		}
		if e.entriesHigh != 0 {
			t.Fatalf("after document %d, entriesHigh is %d", i, e.entriesHigh)
		}
	}
}

// TestMarshalSmallMapKeyOrder checks the maps small enough to be read
// from their group (see encodeSmallMap): keys whose first eight bytes
// differ only in their low bits, which its packed sort drops, or not at
// all, or which are prefixes of one another, and of equal lengths, in
// maps of 1 to 8 entries in one document, so that maps find the shapes
// of others of their length, which they must take only with their keys.
// Each map is written in the order of its keys (unless unsorted) and
// read back as it was.
func TestMarshalSmallMapKeyOrder(t *testing.T) {
	pool := []string{"", "a", "abcdefg", "abcdefg\x00", "abcdefg\x01", "abcdefg\x06", "abcdefg\x07",
		"abcdefgh", "abcdefgi", "abcdefgo", "abcdefgh1", "abcdefgh2", "abcdefgi0", "b", "é", "\U0001F600"}
	rng := rand.New(rand.NewPCG(3, 4))
	var tree []any
	for range 500 {
		n := 1 + rng.IntN(8)
		m := map[string]any{}
		for _, i := range rng.Perm(len(pool))[:n] {
			m[pool[i]] = pool[i]
		}
		tree = append(tree, m, m)
	}
	unsorted := mustEncMode(t, EncOptions{MapKeyOrder: MapKeysUnsorted})
	for i, marshal := range []func(any) ([]byte, error){Marshal, unsorted.Marshal} {
		data, err := marshal(tree)
		if err != nil {
			t.Fatal(err)
		}
		var back []map[string]any
		if err := Unmarshal(data, &back); err != nil {
			t.Fatal(err)
		}
		for j, m := range tree {
			if !maps.Equal(back[j], m.(map[string]any)) {
				t.Fatalf("map %d: wrote %q, read back %q", j, m, back[j])
			}
		}
		for _, m := range tree[:100] {
			data, err := marshal(m)
			if err != nil {
				t.Fatal(err)
			}
			got := outerKeys(t, data)
			if i == 1 { // in no promised order
				slices.Sort(got)
			}
			if want := slices.Sorted(maps.Keys(m.(map[string]any))); !slices.Equal(got, want) {
				t.Fatalf("keys written as %q, want %q", got, want)
			}
		}
	}
}

// objectKeys returns the keys of every object of the Smile document
// data, one list per object in the order of their starts.
func objectKeys(t *testing.T, data []byte) [][]string {
	t.Helper()
	r, err := stream.NewReader(data, stream.ReaderOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var objects [][]string
	var open []int // the objects being read, by index in objects
	for {
		tok, err := r.ReadToken()
		if errors.Is(err, io.EOF) {
			return objects
		}
		if err != nil {
			t.Fatal(err)
		}
		switch tok.Kind {
		case stream.KindStartObject:
			objects = append(objects, []string{})
			open = append(open, len(objects)-1)
		case stream.KindEndObject:
			open = open[:len(open)-1]
		case stream.KindKey:
			top := open[len(open)-1]
			objects[top] = append(objects[top], tok.String())
		}
	}
}

// TestMarshalSmallMapSlots checks small maps written in the order of
// their slots as the map before them held their keys (see
// smallMapAsBefore): maps of few key sets, each filled in a random order
// (so in other slots than the map before, or in the same), some after a
// delete (a slot left empty), some with one key changed, the name "" among them (an empty slot holds
// it too), some holding a
// map of their own, in one document and across documents. Every object
// must be written with its keys sorted, and read back as it was.
func TestMarshalSmallMapSlots(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	names := []string{"id", "", "type", "value", "x", "y", "children", "name2", "zz", "a"}
	var tree []any
	var want [][]string // the sorted keys of every map of tree, in the order written
	var fill func(depth int) map[string]any
	fill = func(depth int) map[string]any {
		n := 1 + rng.IntN(min(8, len(names)))
		keys := slices.Clone(names[:n]) // few key sets per length
		if rng.IntN(8) == 0 {
			keys[rng.IntN(n)] = names[n+rng.IntN(len(names)-n)] + "'" // one key changed
		}
		m := map[string]any{}
		if rng.IntN(8) == 0 && n < 8 { // a slot left empty before the others
			m["gone"] = nil
		}
		for _, i := range rng.Perm(n) {
			m[keys[i]] = float64(i)
		}
		delete(m, "gone")
		sorted := slices.Sorted(maps.Keys(m))
		want = append(want, sorted)
		if depth < 2 && rng.IntN(4) == 0 {
			m[sorted[0]] = fill(depth + 1) // written after the map's start, as it is read
		}
		return m
	}
	for range 3000 {
		tree = append(tree, fill(0))
	}
	check := func(data []byte, want [][]string) {
		t.Helper()
		// The root array is no object: objects are the maps, in the
		// order fill made them (a map before those it holds).
		got := objectKeys(t, data)
		if len(got) != len(want) {
			t.Fatalf("%d objects written, want %d", len(got), len(want))
		}
		for i := range want {
			if !slices.Equal(got[i], want[i]) {
				t.Fatalf("object %d written with keys %q, want %q", i, got[i], want[i])
			}
		}
	}
	data, err := Marshal(tree)
	if err != nil {
		t.Fatal(err)
	}
	check(data, want)
	var back []any
	if err := Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	if !cmp.Equal(back, tree) {
		t.Fatal("read back other maps than written")
	}
	// One map per document: the shapes kept from one to the next.
	at := 0
	for _, m := range tree[:500] {
		data, err := Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		n := len(objectKeys(t, data))
		check(data, want[at:at+n])
		at += n
	}
}
