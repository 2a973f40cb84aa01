package smile

import (
	"reflect"
	"testing"
)

// TestSliceGatherReuse checks the slices decoded through scratch space (a
// new slice, with or without pointers in its elements): each decoding
// starts from zeroed elements, whatever an earlier one left in the
// scratch, and gives a slice of the exact length; a slice with capacity is
// still decoded in place, as encoding/json does.
func TestSliceGatherReuse(t *testing.T) {
	type flat struct{ A, B int }
	type ptrs struct {
		A string
		B *int
	}
	one := 1
	first, err := Marshal([]map[string]any{{"A": 1, "B": 2}, {"A": 3, "B": 4}, {"A": 5, "B": 6}})
	if err != nil {
		t.Fatal(err)
	}
	firstP, err := Marshal([]ptrs{{"x", &one}, {"y", &one}, {"z", &one}})
	if err != nil {
		t.Fatal(err)
	}
	second, err := Marshal([]map[string]any{{"A": 7}})
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 3; i++ {
		var f []flat
		if err := Unmarshal(first, &f); err != nil {
			t.Fatal(err)
		}
		var p []ptrs
		if err := Unmarshal(firstP, &p); err != nil {
			t.Fatal(err)
		}
		if len(f) != 3 || len(p) != 3 || p[2].A != "z" || *p[2].B != 1 {
			t.Fatalf("first: %v %v", f, p)
		}
		var f2 []flat
		var p2 []ptrs
		if err := Unmarshal(second, &f2); err != nil {
			t.Fatal(err)
		}
		if err := Unmarshal(second, &p2); err == nil { // "A": 7 is not a string
			t.Fatal("no type error")
		}
		if !reflect.DeepEqual(f2, []flat{{A: 7}}) || len(p2) != 1 || p2[0].B != nil {
			t.Fatalf("second: %v %+v", f2, p2)
		}
		if cap(f2) != 1 {
			t.Errorf("cap = %d, want the exact length 1", cap(f2))
		}
	}
	// In place: the old element keeps the field the input does not set.
	f := make([]flat, 1, 4)
	f[0] = flat{A: 1, B: 2}
	if err := Unmarshal(second, &f); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(f, []flat{{A: 7, B: 2}}) {
		t.Fatalf("in place: %v", f)
	}
}
