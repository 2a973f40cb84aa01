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
