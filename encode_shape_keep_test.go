package smile

import (
	"strings"
	"testing"

	"github.com/go-smile/smile/internal/rt"
)

// TestKeepShapesOwnsKeys checks that the shapes a state keeps after a
// document hold copies of their keys, in the state's own bytes, and none
// of the caller's strings, and that a state keeps shapes of documents
// with more keys than it keeps bytes for by forgetting them all.
func TestKeepShapesOwnsKeys(t *testing.T) {
	record := func(prefix string, n int) map[string]any {
		m := map[string]any{}
		for i := range n {
			m[strings.Clone(prefix+string(rune('a'+i)))] = i
		}
		return m
	}
	small := []any{record("k", 3), record("k", 3), map[string]any{"x": record("long_", 7)}}
	e := newEncodeState(defaultEncConfig)
	if err := e.marshalDocument(small); err != nil {
		t.Fatal(err)
	}
	e.release()
	if e.shapeOwned == 0 || e.shapeOwned != len(e.shapeKeys) {
		t.Fatalf("kept %d shape keys, %d owned; want some, all owned", len(e.shapeKeys), e.shapeOwned)
	}
	// The kept keys are copied one after the other into shapeBytes.
	at := 0
	for _, k := range e.shapeKeys {
		if at+len(k) > len(e.shapeBytes) || !rt.SameString(k, rt.String(e.shapeBytes[at:at+len(k)])) {
			t.Fatalf("kept key %q is not the state's copy", k)
		}
		at += len(k)
	}
	for i, k := range e.shapeKeys[:cap(e.shapeKeys)][len(e.shapeKeys):] {
		if k != "" {
			t.Fatalf("shapeKeys[%d] beyond the kept ones holds %q", len(e.shapeKeys)+i, k)
		}
	}

	// Keys of more bytes than a state keeps: every shape is forgotten.
	big := []any{record(strings.Repeat("p", 200), 100)}
	e = newEncodeState(defaultEncConfig)
	if err := e.marshalDocument(big); err != nil {
		t.Fatal(err)
	}
	e.release()
	if len(e.shapeKeys) != 0 || len(e.shapeBytes) != 0 {
		t.Errorf("kept %d keys of %d bytes, over maxShapeBytes", len(e.shapeKeys), len(e.shapeBytes))
	}
}

// TestUnsortedShapesStayUnsorted checks that the shapes MapKeysUnsorted
// makes, in the order of an iteration, are not used by a sorted map: a
// state that wrote a tree unsorted, given the default mode without
// forgetting its shapes (as switchConfig would), writes the bytes of a
// fresh state.
func TestUnsortedShapesStayUnsorted(t *testing.T) {
	// Maps of nine keys, more than a small map holds (which is written
	// sorted whatever the order, see encodeSmallMap), at five depths,
	// each depth a shape of its own: that the iterations of all five
	// come out sorted is unlikely enough (1 in 9!^5) not to be a flake
	// of the check below.
	var tree []any
	for i := range 64 {
		var v any = map[string]any{"i": i, "h": i, "g": i, "f": i, "e": i, "d": i, "c": i, "b": i, "a": i}
		for range i % 5 {
			v = []any{v}
		}
		tree = append(tree, v)
	}
	fresh := newEncodeState(defaultEncConfig)
	if err := fresh.marshalDocument(tree); err != nil {
		t.Fatal(err)
	}
	want := string(fresh.w.Bytes())
	fresh.release()

	e := new(encodeState)
	e.setConfig(mustEncConfig(EncOptions{MapKeyOrder: MapKeysUnsorted}))
	if err := e.marshalDocument(tree); err != nil {
		t.Fatal(err)
	}
	unsorted := 0
	for _, sh := range e.shapes {
		if sh.gen == e.shapeGen && sh.depth&1 != 0 {
			unsorted++
		}
	}
	if unsorted == 0 {
		t.Fatal("MapKeysUnsorted made no shapes")
	}
	if string(e.w.Bytes()) == want {
		t.Fatal("MapKeysUnsorted wrote the sorted bytes: the test shows nothing")
	}
	e.w.Reset(nil)
	e.keepShapes()
	e.cfg = defaultEncConfig // the same Writer options; the shapes stay
	if err := e.marshalDocument(tree); err != nil {
		t.Fatal(err)
	}
	if got := string(e.w.Bytes()); got != want {
		t.Fatal("sorted maps were written in the order of unsorted shapes")
	}
}
