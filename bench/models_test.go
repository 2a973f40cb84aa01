package bench

import (
	"bytes"
	"encoding/json"
	"io"
	"reflect"
	"strconv"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// decodeAny decodes JSON into generic values, keeping numbers as json.Number
// so that integers above 2^53 are compared exactly.
func decodeAny(t testing.TB, b []byte) any {
	t.Helper()
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		t.Fatal(err)
	}
	if _, err := d.Token(); err != io.EOF {
		t.Fatalf("trailing data after the document: %v", err)
	}
	return v
}

// numbersEqual compares JSON numbers by value: as integers when both are
// integers, else as float64 (so 1.50 equals 1.5 and 1e2 equals 100.0).
var numbersEqual = cmp.Comparer(func(a, b json.Number) bool {
	if x, err := strconv.ParseInt(string(a), 10, 64); err == nil {
		if y, err := strconv.ParseInt(string(b), 10, 64); err == nil {
			return x == y
		}
	}
	x, err1 := strconv.ParseFloat(string(a), 64)
	y, err2 := strconv.ParseFloat(string(b), 64)
	return err1 == nil && err2 == nil && x == y
})

// byIndex makes cmp compare []T element by element, as a map from index to
// element. cmp's own slice comparison diffs (compares every element twice at
// each level), which is exponential in the nesting depth: the code document
// (a tree ~15 levels deep) then takes minutes instead of milliseconds. The
// transform keeps nil and empty apart (nil slice -> nil map).
func byIndex[T any]() cmp.Option {
	return cmp.FilterValues(hasContainers[T], cmp.Transformer("byIndex", func(s []T) map[int]T {
		if s == nil {
			return nil
		}
		m := make(map[int]T, len(s))
		for i, e := range s {
			m[i] = e
		}
		return m
	}))
}

// hasContainers reports whether the slices hold values that may nest (only
// those need byIndex; leaving slices of scalars, such as canada's 111k
// coordinate pairs, to cmp keeps the comparison fast).
func hasContainers[T any](x, y []T) bool {
	for _, s := range [][]T{x, y} {
		if len(s) > 0 {
			switch k := reflect.ValueOf(s).Index(0).Kind(); k {
			case reflect.Interface:
				switch any(s[0]).(type) {
				case map[string]any, []any:
					return true
				}
			case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
				reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64,
				reflect.Float32, reflect.Float64, reflect.String:
			default:
				return true
			}
		}
	}
	return false
}

// TestModelsKeepEveryField proves that each typed model holds every member
// of its document: decoding into the model (rejecting unknown members) and
// encoding it again gives back the same JSON value, with null and missing
// members kept apart.
func TestModelsKeepEveryField(t *testing.T) {
	for _, ds := range Datasets {
		t.Run(ds.Name, func(t *testing.T) {
			raw, err := ds.Raw()
			if err != nil {
				t.Fatal(err)
			}
			m := ds.New()
			d := json.NewDecoder(bytes.NewReader(raw))
			d.DisallowUnknownFields()
			if err := d.Decode(m); err != nil {
				t.Fatalf("decode into %T: %v", m, err)
			}
			again, err := json.Marshal(m)
			if err != nil {
				t.Fatal(err)
			}
			want, got := decodeAny(t, raw), decodeAny(t, again)
			if diff := cmp.Diff(want, got, numbersEqual, byIndex[any]()); diff != "" {
				t.Fatalf("%T loses or changes members (-document +re-encoded):\n%s", m, diff)
			}
		})
	}
}

// TestModelCheckDetectsLoss makes sure the comparison above would notice a
// model that drops a member or turns null into a missing member.
func TestModelCheckDetectsLoss(t *testing.T) {
	doc := []byte(`{"id":1,"tags":[{"a":[1,2]},{"b":null}],"manager":null,"n":1.50,"e":[]}`)
	for _, lossy := range []any{
		&struct { // drops manager
			ID   int   `json:"id"`
			Tags []any `json:"tags"`
			N    any   `json:"n"`
			E    []int `json:"e"`
		}{},
		&struct { // null manager becomes missing
			ID      int     `json:"id"`
			Tags    []any   `json:"tags"`
			Manager *string `json:"manager,omitempty"`
			N       float64 `json:"n"`
			E       []int   `json:"e"`
		}{},
		&struct { // empty e becomes missing
			ID      int     `json:"id"`
			Tags    []any   `json:"tags"`
			Manager *string `json:"manager"`
			N       float64 `json:"n"`
			E       []int   `json:"e,omitempty"`
		}{},
		&struct { // {"b":null} deep in an array becomes {"a":null}
			ID   int `json:"id"`
			Tags []struct {
				A []int `json:"a"`
			} `json:"tags"`
			Manager *string `json:"manager"`
			N       float64 `json:"n"`
			E       []int   `json:"e"`
		}{},
	} {
		if err := json.Unmarshal(doc, lossy); err != nil {
			t.Fatal(err)
		}
		again, err := json.Marshal(lossy)
		if err != nil {
			t.Fatal(err)
		}
		if cmp.Equal(decodeAny(t, doc), decodeAny(t, again), numbersEqual, byIndex[any]()) {
			t.Errorf("%T: loss of %s not detected", lossy, again)
		}
	}
	// Same value, other spelling: must compare equal.
	if !cmp.Equal(decodeAny(t, doc), decodeAny(t, []byte(`{"e":[],"n":1.5,"manager":null,"tags":[{"a":[1,2]},{"b":null}],"id":1}`)), numbersEqual, byIndex[any]()) {
		t.Error("equal documents compare unequal")
	}
}
