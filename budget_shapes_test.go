package smile

import (
	"math"
	"strings"
	"testing"
)

// budgetShape is a value of a shape that makes Smile dense: what Marshal
// writes for it in few bytes decodes into many bytes of Go values.
type budgetShape struct {
	name string
	enc  EncOptions
	v    any
	// dests returns new destinations: *any first, then typed ones.
	dests func() []any
}

type shapeOmit struct {
	A, B, C, D, E, F, G, H string `smile:",omitempty"`
}

type shapeItems struct {
	Items []map[string]bool `smile:"items"`
}

func budgetShapes(n int) []budgetShape {
	idMaps := make([]map[string]int, n)
	for i := range idMaps {
		idMaps[i] = map[string]int{"id": 1000 + i}
	}
	items := shapeItems{Items: make([]map[string]bool, n)}
	for i := range items.Items {
		items.Items[i] = map[string]bool{"ok": true}
	}
	repeated := make([]string, n)
	long := make([]string, n)
	for i := range repeated {
		repeated[i] = strings.Repeat("x", 60)
		long[i] = strings.Repeat(string(rune('a'+i%26)), 64)
	}
	empties := make([]map[string]any, n)
	emptyArrays := make([][]int, n)
	ones := make([]map[string]any, n)
	nested := make([]any, n)
	for i := range n {
		empties[i] = map[string]any{}
		emptyArrays[i] = []int{}
		ones[i] = map[string]any{"a": 1}
		var v any = map[string]any{}
		for range 8 {
			v = map[string]any{"a": v}
		}
		nested[i] = v
	}
	var deep any = 1
	for range 999 {
		deep = map[string]any{"a": deep}
	}
	return []budgetShape{
		{"[]map[string]int {\"id\": 1000+i}", EncOptions{}, idMaps, func() []any { return []any{new(any), new([]map[string]int)} }},
		{"{\"items\":[{\"ok\":true} ...]}", EncOptions{}, items, func() []any { return []any{new(any), new(shapeItems)} }},
		{"[]string, one 60-byte string, SharedValues", EncOptions{SharedValues: true}, repeated, func() []any { return []any{new(any), new([]string)} }},
		{"[]string, 26 64-byte strings, SharedValues", EncOptions{SharedValues: true}, long, func() []any { return []any{new(any), new([]string)} }},
		{"[]string of \"\"", EncOptions{}, make([]string, n), func() []any { return []any{new(any), new([]string)} }},
		{"[][]byte of nil (nulls)", EncOptions{}, make([][]byte, n), func() []any { return []any{new(any), new([][]byte)} }},
		{"[]map of {}", EncOptions{}, empties, func() []any { return []any{new(any), new([]map[string]any)} }},
		{"[][]int of []", EncOptions{}, emptyArrays, func() []any { return []any{new(any), new([][]int)} }},
		{"[]map of {\"a\": 1}", EncOptions{}, ones, func() []any { return []any{new(any), new([]map[string]any)} }},
		{"[]any of 9 nested one-entry maps", EncOptions{}, nested, func() []any { return []any{new(any), new([]any)} }},
		{"999 nested one-entry maps", EncOptions{}, deep, func() []any { return []any{new(any), new(map[string]any)} }},
		{"[]shapeOmit of {} (128-byte structs)", EncOptions{}, make([]shapeOmit, n), func() []any { return []any{new(any), new([]shapeOmit)} }},
	}
}

// TestMaxExpansionShapes logs, for each dense shape, the bytes of its
// Smile and what decoding it charges and allocates per byte of it: the
// table next to DefaultMaxExpansion (budget.go).
func TestMaxExpansionShapes(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector changes allocation")
	}
	lift, _ := DecOptions{MaxExpansion: math.MaxInt}.DecMode()
	for _, s := range budgetShapes(10000) {
		m, err := s.enc.EncMode()
		if err != nil {
			t.Fatal(err)
		}
		data, err := m.Marshal(s.v)
		if err != nil {
			t.Fatal(err)
		}
		for i, dst := range s.dests() {
			d, _ := newDecodeState(lift.config(), data)
			fn, p, _ := rootDecoder(dst)
			if err := d.value(fn, p, false); err != nil {
				t.Fatal(err)
			}
			charged := d.used
			d.release()
			alloc := memAlloc(func() { _ = lift.Unmarshal(data, s.dests()[i]) })
			t.Logf("| %-44s | %7d | %-20T | %8d %6.1f× | %8d %6.1f× |", s.name, len(data), dst, charged,
				float64(charged)/float64(len(data)), alloc, float64(alloc)/float64(len(data)))
		}
	}
}
