package interop

import (
	"bytes"
	"encoding/json"
	"math/big"
	"testing"

	"github.com/go-smile/smile"
	"github.com/go-smile/smile/compat"
	"github.com/google/go-cmp/cmp"
)

// smileAsJSON encodes v with smile.Marshal and converts the document to
// JSON text with compat.ToJSON: the JSON a Smile reader such as Jackson
// would see.
func smileAsJSON(t *testing.T, v any) []byte {
	t.Helper()
	doc, err := smile.Marshal(v)
	if err != nil {
		t.Fatalf("smile.Marshal: %v", err)
	}
	text, err := compat.ToJSONBytes(doc, compat.ToJSONOptions{})
	if err != nil {
		t.Fatalf("compat.ToJSONBytes: %v", err)
	}
	// ToJSON ends the document with a newline; json.Marshal does not.
	return bytes.TrimSuffix(text, []byte("\n"))
}

// numberValue compares two JSON numbers by their exact value, so that
// Smile's float 1.0 (which compat.ToJSON spells "1.0", as Jackson does)
// equals encoding/json's "1". Numbers whose values differ, in any digit,
// still differ.
var numberValue = cmp.Comparer(func(a, b json.Number) bool {
	x, okx := new(big.Rat).SetString(string(a))
	y, oky := new(big.Rat).SetString(string(b))
	if !okx || !oky {
		return a == b
	}
	return x.Cmp(y) == 0
})

// parseJSON parses text into a tree of map[string]any, []any, string,
// bool, nil and json.Number (so that no digit is lost to float64).
func parseJSON(t *testing.T, text []byte) any {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(text))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		t.Fatalf("parse %s: %v", text, err)
	}
	return v
}

// sameJSON fails the test unless want and got are the same JSON value:
// objects with the same members (in any order), arrays with the same
// elements, numbers of the same value (see numberValue).
func sameJSON(t *testing.T, want, got []byte) {
	t.Helper()
	if diff := cmp.Diff(parseJSON(t, want), parseJSON(t, got), numberValue); diff != "" {
		t.Errorf("JSON differs (-encoding/json +smile):\n%s\nencoding/json: %s\nsmile:         %s", diff, want, got)
	}
}

// checkMarshal encodes v with encoding/json and with Smile (Marshal, then
// compat.ToJSON) and checks that both give the same JSON value. It returns
// both texts for checks of their exact bytes.
func checkMarshal(t *testing.T, v any) (fromJSON, fromSmile []byte) {
	t.Helper()
	fromJSON, err := json.Marshal(v)
	if err != nil {
		t.Fatalf("json.Marshal: %v", err)
	}
	fromSmile = smileAsJSON(t, v)
	sameJSON(t, fromJSON, fromSmile)
	return fromJSON, fromSmile
}

// jsonToSmile converts JSON text to a Smile document with compat.FromJSON,
// as a Smile producer (Jackson, Elasticsearch) would write the same value.
func jsonToSmile(t *testing.T, text []byte) []byte {
	t.Helper()
	doc, err := compat.FromJSONBytes(text, compat.FromJSONOptions{})
	if err != nil {
		t.Fatalf("compat.FromJSONBytes(%s): %v", text, err)
	}
	return doc
}

// decodeBoth decodes text into a new T with encoding/json, and its Smile
// form (compat.FromJSON) into another with smile.Unmarshal.
func decodeBoth[T any](t *testing.T, text []byte) (fromJSON, fromSmile T) {
	t.Helper()
	if err := json.Unmarshal(text, &fromJSON); err != nil {
		t.Fatalf("json.Unmarshal(%s): %v", text, err)
	}
	if err := smile.Unmarshal(jsonToSmile(t, text), &fromSmile); err != nil {
		t.Fatalf("smile.Unmarshal(Smile of %s): %v", text, err)
	}
	return fromJSON, fromSmile
}

// checkUnmarshal checks that text decodes into a T to the same value
// through encoding/json and through Smile (compat.FromJSON, then
// smile.Unmarshal), compared with go-cmp and opts. It returns the value.
func checkUnmarshal[T any](t *testing.T, text []byte, opts ...cmp.Option) T {
	t.Helper()
	fromJSON, fromSmile := decodeBoth[T](t, text)
	if diff := cmp.Diff(fromJSON, fromSmile, opts...); diff != "" {
		t.Errorf("decoded values differ (-encoding/json +smile):\n%s", diff)
	}
	return fromSmile
}

// checkRoundTrip encodes v with each codec and decodes the result with the
// same codec into a new T: Go -> Smile -> Go must give what Go -> JSON -> Go
// gives.
func checkRoundTrip[T any](t *testing.T, v T, opts ...cmp.Option) {
	t.Helper()
	text, err := json.Marshal(v)
	if err != nil {
		t.Fatalf("json.Marshal: %v", err)
	}
	var fromJSON, fromSmile T
	if err := json.Unmarshal(text, &fromJSON); err != nil {
		t.Fatalf("json.Unmarshal(%s): %v", text, err)
	}
	doc, err := smile.Marshal(v)
	if err != nil {
		t.Fatalf("smile.Marshal: %v", err)
	}
	if err := smile.Unmarshal(doc, &fromSmile); err != nil {
		t.Fatalf("smile.Unmarshal: %v", err)
	}
	if diff := cmp.Diff(fromJSON, fromSmile, opts...); diff != "" {
		t.Errorf("round trips differ (-encoding/json +smile):\n%s", diff)
	}
}

// trimNL removes the newline compat.ToJSON ends a document with.
func trimNL(b []byte) []byte { return bytes.TrimSuffix(b, []byte("\n")) }

// decodeJSON is json.Unmarshal, for symmetry with smile.Unmarshal in tests
// that build their Smile input by other means than jsonToSmile.
func decodeJSON(text []byte, v any) error { return json.Unmarshal(text, v) }

// checkEqual fails the test unless a and b are equal under go-cmp.
func checkEqual[T any](t *testing.T, a, b T, opts ...cmp.Option) {
	t.Helper()
	if diff := cmp.Diff(a, b, opts...); diff != "" {
		t.Errorf("values differ (-encoding/json +smile):\n%s", diff)
	}
}
