package smile

import (
	"fmt"
	"math"
	"strings"
	"testing"
)

// budgetShape is a shape that makes Smile dense: what Marshal writes for
// it in few bytes decodes into many bytes of Go values.
type budgetShape struct {
	name string
	enc  EncOptions
	make func(n int) any // a value of n elements
	maxN int             // the most elements the property test gives it
	// dests returns new destinations: *any first, then typed ones.
	dests func() []any
}

type shapeOmit struct {
	A, B, C, D, E, F, G, H string `smile:",omitempty"`
}

// shapeText is a 32-byte value (more than typedElemCharge) that Marshal
// writes as a one-byte empty string, by its MarshalText: a typed element
// as dense as Marshal can make one.
type shapeText [4]int64

func (shapeText) MarshalText() ([]byte, error) { return nil, nil }

func (t *shapeText) UnmarshalText(b []byte) error {
	if len(b) != 0 {
		return fmt.Errorf("shapeText %q", b)
	}
	*t = shapeText{}
	return nil
}

type shapeItems struct {
	Items []map[string]bool `smile:"items"`
}

// fill returns n elements made by f.
func fill[T any](n int, f func(i int) T) []T {
	s := make([]T, n)
	for i := range s {
		s[i] = f(i)
	}
	return s
}

// nestedMaps returns depth one-entry maps nested in one another, around
// an empty map.
func nestedMaps(depth int) any {
	var v any = map[string]any{}
	for range depth {
		v = map[string]any{"a": v}
	}
	return v
}

func budgetShapes() []budgetShape {
	dests := func(typed func() any) func() []any {
		return func() []any { return []any{new(any), typed()} }
	}
	return []budgetShape{
		{"[]map[string]int{{\"id\": 1000+i}}", EncOptions{}, func(n int) any {
			return fill(n, func(i int) map[string]int { return map[string]int{"id": 1000 + i} })
		}, 1_000_000, dests(func() any { return new([]map[string]int) })},
		{"{\"items\":[{\"ok\":true} ...]}", EncOptions{}, func(n int) any {
			return shapeItems{fill(n, func(int) map[string]bool { return map[string]bool{"ok": true} })}
		}, 100_000, dests(func() any { return new(shapeItems) })},
		{"[]string, one 60-byte string, SharedValues", EncOptions{SharedValues: true}, func(n int) any {
			return fill(n, func(int) string { return strings.Repeat("x", 60) })
		}, 1_000_000, dests(func() any { return new([]string) })},
		{"[]string, 26 64-byte strings, SharedValues", EncOptions{SharedValues: true}, func(n int) any {
			return fill(n, func(i int) string { return strings.Repeat(string(rune('a'+i%26)), 64) })
		}, 10_000, dests(func() any { return new([]string) })},
		{"[]string of \"\"", EncOptions{}, func(n int) any { return make([]string, n) },
			10_000, dests(func() any { return new([]string) })},
		{"[][]byte of nil (nulls)", EncOptions{}, func(n int) any { return make([][]byte, n) },
			10_000, dests(func() any { return new([][]byte) })},
		{"[]map[string]any of {}", EncOptions{}, func(n int) any {
			return fill(n, func(int) map[string]any { return map[string]any{} })
		}, 10_000, dests(func() any { return new([]map[string]any) })},
		{"[][]int of []", EncOptions{}, func(n int) any { return fill(n, func(int) []int { return []int{} }) },
			10_000, dests(func() any { return new([][]int) })},
		{"[]map[string]any of {\"a\": 1}", EncOptions{}, func(n int) any {
			return fill(n, func(int) map[string]any { return map[string]any{"a": int64(1)} })
		}, 10_000, dests(func() any { return new([]map[string]any) })},
		{"[]any of 9 nested one-entry maps", EncOptions{}, func(n int) any {
			return fill(n, func(int) any { return nestedMaps(8) })
		}, 1000, dests(func() any { return new([]any) })},
		{"999 nested one-entry maps", EncOptions{}, func(int) any { return nestedMaps(998) },
			10_000, dests(func() any { return new(map[string]any) })},
		{"[]shapeText of \"\" (32-byte values)", EncOptions{}, func(n int) any { return make([]shapeText, n) },
			10_000, dests(func() any { return new([]shapeText) })},
		{"[]shapeOmit of {} (128-byte structs)", EncOptions{}, func(n int) any { return make([]shapeOmit, n) },
			10_000, dests(func() any { return new([]shapeOmit) })},
	}
}

// TestMaxExpansionShapes logs, for each dense shape, the bytes of its
// Smile and what decoding it charges and allocates per byte of it: the
// table next to DefaultMaxExpansion (decode_budget.go).
func TestMaxExpansionShapes(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector changes allocation")
	}
	lift, _ := DecOptions{MaxExpansion: math.MaxInt}.DecMode()
	for _, s := range budgetShapes() {
		m, err := s.enc.EncMode()
		if err != nil {
			t.Fatal(err)
		}
		data, err := m.Marshal(s.make(10_000))
		if err != nil {
			t.Fatal(err)
		}
		for i, dst := range s.dests() {
			d, _ := newDecodeState(lift.config(), data)
			fn, p, _ := d.rootDecoder(dst)
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
