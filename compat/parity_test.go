package compat_test

import (
	"encoding/json"
	"fmt"
	"math/big"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/go-smile/smile"
	"github.com/go-smile/smile/compat"
)

// encoding/json parity: for each Go value, json.Marshal and the JSON form
// of smile.Marshal are the same document, and decoding the JSON with
// encoding/json and the Smile with smile gives equal values.

type parityPoint struct{ X, Y int }

// colour is a TextMarshaler used as a map key and a value.
type colour struct{ R, G, B uint8 }

func (c colour) MarshalText() ([]byte, error) {
	return []byte(fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B)), nil
}

func (c *colour) UnmarshalText(b []byte) error {
	_, err := fmt.Sscanf(string(b), "#%02x%02x%02x", &c.R, &c.G, &c.B)
	return err
}

type parityBase struct {
	ID      int    `json:"id"`
	Created string `json:"created,omitempty"`
}

type ParityInner struct {
	Note string
}

type parityDoc struct {
	parityBase
	*ParityInner
	Name      string              `json:"name"`
	Alias     string              `json:"alias,omitempty"`
	Skip      string              `json:"-"`
	Dash      string              `json:"-,"`
	Empty     string              `json:"empty,omitempty"`
	Zero      time.Time           `json:"zero,omitzero"`
	When      time.Time           `json:"when"`
	Ptr       *int                `json:"ptr"`
	NilPtr    *int                `json:"nil_ptr"`
	Any       any                 `json:"any"`
	Floats    []float64           `json:"floats"`
	Ints      map[int]string      `json:"ints"`
	Colours   map[colour]int      `json:"colours"`
	Favourite colour              `json:"favourite"`
	Points    []parityPoint       `json:"points"`
	Nested    map[string][]string `json:"nested"`
	Bytes     []byte              `json:"bytes"`
	Big       *big.Int            `json:"big"`
	Unsigned  uint64              `json:"unsigned"`
	Array     [3]int8             `json:"array"`
	unexp     int
}

type parityCase struct {
	name  string
	value any
	// newPtr returns a pointer to a new value of the same type, to decode into.
	newPtr func() any
}

func parityCases() []parityCase {
	seven := 7
	doc := parityDoc{
		parityBase:  parityBase{ID: 42},
		ParityInner: &ParityInner{Note: "embedded pointer"},
		Name:        "Zoë 😀",
		Alias:       "tagged",
		Skip:        "never",
		Dash:        "dash",
		When:        time.Date(2024, 2, 29, 13, 14, 15, 123456789, time.UTC),
		Ptr:         &seven,
		Any:         map[string]any{"k": []any{"v", true, nil}},
		Floats:      []float64{0, -1.5, 3.25e-10, 1e300},
		Ints:        map[int]string{-3: "minus three", 10: "ten", 2: "two"},
		Colours:     map[colour]int{{255, 0, 0}: 1, {0, 0, 255}: 3},
		Favourite:   colour{1, 2, 3},
		Points:      []parityPoint{{1, 2}, {-3, 4}},
		Nested:      map[string][]string{"b": {"x"}, "a": nil},
		Bytes:       []byte("binary \x00\xff"),
		Big:         new(big.Int).Lsh(big.NewInt(1), 100),
		Unsigned:    1 << 63,
		Array:       [3]int8{-128, 0, 127},
		unexp:       9,
	}
	typed := func(v any) func() any {
		return func() any { return reflect.New(reflect.TypeOf(v)).Interface() }
	}
	cases := []parityCase{
		{"doc", doc, typed(doc)},
		{"slice of docs", []parityDoc{doc, {Name: "second"}}, typed([]parityDoc{})},
		{"map", map[string]any{"z": 1.5, "a": "x", "m": map[string]any{}, "l": []any{}}, typed(map[string]any{})},
		{"string", "a \"quoted\"\n line", typed("")},
		{"ints", []int64{0, 15, -16, 16, 1 << 31, -1 << 63}, typed([]int64{})},
		{"pointer to struct", &parityPoint{5, 6}, typed(&parityPoint{})},
		{"nil slice", []string(nil), typed([]string{})},
		{"long strings", strings.Repeat("é", 100) + strings.Repeat("a", 3000), typed("")},
	}
	return cases
}

func TestEncodingJSONParity(t *testing.T) {
	for _, tc := range parityCases() {
		t.Run(tc.name, func(t *testing.T) {
			js, err := json.Marshal(tc.value)
			if err != nil {
				t.Fatal(err)
			}
			sm, err := smile.Marshal(tc.value)
			if err != nil {
				t.Fatal(err)
			}
			fromSmile, err := compat.ToJSONBytes(sm, compat.ToJSONOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if d := jsonDiff(js, fromSmile, false); d != "" {
				t.Errorf("JSON of smile.Marshal differs from json.Marshal: %s\njson:  %s\nsmile: %s", d, js, fromSmile)
			}
			viaJSON, viaSmile := tc.newPtr(), tc.newPtr()
			if err := json.Unmarshal(js, viaJSON); err != nil {
				t.Fatal(err)
			}
			if err := smile.Unmarshal(sm, viaSmile); err != nil {
				t.Fatal(err)
			}
			if d := cmp.Diff(viaJSON, viaSmile, cmp.AllowUnexported(parityDoc{}), cmp.Comparer(func(a, b *big.Int) bool {
				return a == nil && b == nil || a != nil && b != nil && a.Cmp(b) == 0
			})); d != "" {
				t.Errorf("decoded values differ (-encoding/json +smile):\n%s", d)
			}
		})
	}
}
