package interop

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/go-smile/smile"
	"github.com/google/go-cmp/cmp"
)

// Password is written by its MarshalJSON as "[redacted]": the secret must
// not reach the Smile document either.
type Password string

func (Password) MarshalJSON() ([]byte, error) { return []byte(`"[redacted]"`), nil }

// Color is an enum written and read as its name.
type Color int

const (
	Red Color = iota + 1
	Green
	Blue
)

var colorNames = map[Color]string{Red: "red", Green: "green", Blue: "blue"}

func (c Color) MarshalJSON() ([]byte, error) {
	name, ok := colorNames[c]
	if !ok {
		return nil, fmt.Errorf("no color %d", int(c))
	}
	return json.Marshal(name)
}

func (c *Color) UnmarshalJSON(data []byte) error {
	var name string
	if err := json.Unmarshal(data, &name); err != nil {
		return err
	}
	for k, v := range colorNames {
		if v == name {
			*c = k
			return nil
		}
	}
	return fmt.Errorf("unknown color %q", name)
}

// Point is written as the array [x, y] instead of an object.
type Point struct{ X, Y int }

func (p Point) MarshalJSON() ([]byte, error) { return json.Marshal([2]int{p.X, p.Y}) }

func (p *Point) UnmarshalJSON(data []byte) error {
	var xy [2]int
	if err := json.Unmarshal(data, &xy); err != nil {
		return err
	}
	p.X, p.Y = xy[0], xy[1]
	return nil
}

type account struct {
	User     string   `json:"user"`
	Password Password `json:"password"`
	Color    Color    `json:"color"`
	Home     Point    `json:"home"`
	Route    []Point  `json:"route"`
	Fav      *Color   `json:"fav,omitempty"`
}

func TestJSONMethodTypes(t *testing.T) {
	blue := Blue
	v := account{
		User: "ada", Password: "hunter2", Color: Green,
		Home: Point{1, 2}, Route: []Point{{3, 4}, {-5, 600000}}, Fav: &blue,
	}
	fromJSON, fromSmile := checkMarshal(t, v)
	// A struct without maps or floats has one JSON spelling: field order,
	// compact, integers in decimal. So the bytes must agree too.
	if string(fromJSON) != string(fromSmile) {
		t.Errorf("bytes differ:\nencoding/json: %s\nsmile:         %s", fromJSON, fromSmile)
	}
	want := `{"user":"ada","password":"[redacted]","color":"green","home":[1,2],"route":[[3,4],[-5,600000]],"fav":"blue"}`
	if string(fromSmile) != want {
		t.Errorf("smile gives %s, want %s", fromSmile, want)
	}

	// Decoding: the password field has no UnmarshalJSON, so both codecs
	// store the redacted text; Color and Point go through UnmarshalJSON.
	got := checkUnmarshal[account](t, []byte(want))
	if got.Color != Green || got.Home != (Point{1, 2}) || got.Fav == nil || *got.Fav != Blue {
		t.Errorf("decoded %+v", got)
	}
	checkRoundTrip(t, v)
}

func TestRedactedSecretNotInSmile(t *testing.T) {
	doc, err := smile.Marshal(account{Password: "hunter2", Color: Red})
	if err != nil {
		t.Fatal(err)
	}
	if contains(doc, "hunter2") {
		t.Errorf("the Smile document holds the secret: % x", doc)
	}
	// A Password held in an interface, a map value and a pointer too.
	for _, v := range []any{Password("hunter2"), map[string]Password{"p": "hunter2"}, ptr(Password("hunter2")), []any{Password("hunter2")}} {
		doc, err := smile.Marshal(v)
		if err != nil {
			t.Fatalf("%T: %v", v, err)
		}
		if contains(doc, "hunter2") {
			t.Errorf("%T: the Smile document holds the secret: % x", v, doc)
		}
		checkMarshal(t, v)
	}
}

func TestEnumErrors(t *testing.T) {
	// An unknown name is UnmarshalJSON's error in both codecs; smile wraps
	// it with the path (a documented difference), so errors.Is-style
	// checks are not possible here: compare the method's message.
	text := []byte(`{"color":"purple"}`)
	var a, b account
	jerr := json.Unmarshal(text, &a)
	serr := smile.Unmarshal(jsonToSmile(t, text), &b)
	if jerr == nil || serr == nil {
		t.Fatalf("want errors, got encoding/json %v, smile %v", jerr, serr)
	}
	if !contains([]byte(serr.Error()), `unknown color "purple"`) || !contains([]byte(serr.Error()), "color") {
		t.Errorf("smile error %q does not carry the method's error and the field", serr)
	}
	// A Color that MarshalJSON refuses is an error in both.
	if _, err := json.Marshal(account{}); err == nil {
		t.Fatal("encoding/json accepted Color(0)")
	}
	if _, err := smile.Marshal(account{}); err == nil {
		t.Error("smile accepted Color(0), which MarshalJSON refuses")
	}
}

// rawHolder has json.RawMessage fields, as typed API clients use for
// payloads they pass through (Elasticsearch's _source).
type rawHolder struct {
	Object json.RawMessage  `json:"object"`
	Array  json.RawMessage  `json:"array"`
	Scalar json.RawMessage  `json:"scalar"`
	Str    json.RawMessage  `json:"str"`
	Null   json.RawMessage  `json:"null"`
	Ptr    *json.RawMessage `json:"ptr"`
	Absent json.RawMessage  `json:"absent,omitempty"`
}

func TestRawMessageFields(t *testing.T) {
	text := []byte(`{"object":{"b":1,"a":[true,null,"x"]},"array":[1,-2,3000000000,"s",{}],"scalar":42,"str":"héllo","null":null,"ptr":null}`)

	// Decoding: encoding/json keeps the input's bytes; smile gives the
	// value as compact JSON text written from the Smile tokens. For this
	// compact input without fractions they are the same bytes.
	jv, sv := decodeBoth[rawHolder](t, text)
	if diff := cmp.Diff(jv, sv); diff != "" {
		t.Errorf("decoded values differ (-encoding/json +smile):\n%s", diff)
	}

	// Encoding: each RawMessage is written as the value its text holds.
	v := rawHolder{
		Object: json.RawMessage(`{ "b": 1, "a": [ true, null, "x" ] }`),
		Array:  json.RawMessage(`[1, -2, 3000000000, "s", {}]`),
		Scalar: json.RawMessage(`42`),
		Str:    json.RawMessage(`"héllo"`),
		Null:   json.RawMessage(`null`),
		Ptr:    nil,
	}
	fromJSON, fromSmile := checkMarshal(t, v)
	// encoding/json compacts RawMessage but keeps its member order; so
	// does the Smile copy: the bytes agree.
	if string(fromJSON) != string(fromSmile) {
		t.Errorf("bytes differ:\nencoding/json: %s\nsmile:         %s", fromJSON, fromSmile)
	}
	checkRoundTrip(t, v)

	// A nil RawMessage (not omitempty) is null in both.
	checkMarshal(t, struct {
		R json.RawMessage `json:"r"`
	}{})
}

func TestRawMessageFloats(t *testing.T) {
	// A fraction in a RawMessage becomes a Smile float64 (Jackson's rule
	// for JSON numbers); read back it is written in its shortest form with
	// a '.', as Jackson writes it. encoding/json keeps "1.50" and "2".
	// The values are the same; the spelling is a documented difference
	// (doc.go, "Differences from encoding/json").
	text := []byte(`{"scalar":1.50,"array":[2.0,1e3,-0.25]}`)
	jv, sv := decodeBoth[rawHolder](t, text)
	sameJSON(t, jv.Scalar, sv.Scalar)
	sameJSON(t, jv.Array, sv.Array)
	if string(sv.Scalar) != "1.5" || string(sv.Array) != "[2.0,1000.0,-0.25]" {
		t.Errorf("smile RawMessage text: scalar %s, array %s", sv.Scalar, sv.Array)
	}
}

func contains(b []byte, s string) bool { return len(s) > 0 && indexOf(b, s) >= 0 }

func indexOf(b []byte, s string) int {
	for i := 0; i+len(s) <= len(b); i++ {
		if string(b[i:i+len(s)]) == s {
			return i
		}
	}
	return -1
}

func ptr[T any](v T) *T { return &v }

// quotedColor has ",string" on a field of an integer kind whose type has
// JSON methods.
type quotedColor struct {
	C Color `json:"c,string"`
}

func TestStringOptionOnMethodType(t *testing.T) {
	// Marshal: both codecs ignore ",string" for a type with MarshalJSON
	// and write what the method returns.
	v := quotedColor{C: Red}
	fromJSON, fromSmile := checkMarshal(t, v)
	if string(fromJSON) != `{"c":"red"}` || string(fromSmile) != `{"c":"red"}` {
		t.Fatalf("encoding/json %s, smile %s", fromJSON, fromSmile)
	}

	// Unmarshal: smile ignores ",string" here too, as doc.go says ("types
	// with their own encoding are not affected"), so what Marshal wrote
	// reads back. encoding/json instead unquotes the string once and gives
	// UnmarshalJSON the contents, so it cannot read its own output
	// {"c":"red"} and wants {"c":"\"red\""}. This difference is not (yet)
	// in doc.go's "Differences from encoding/json"; the report of the
	// interop branch describes it.
	var viaSmile quotedColor
	if err := smile.Unmarshal(jsonToSmile(t, fromJSON), &viaSmile); err != nil || viaSmile != v {
		t.Errorf("smile: got %+v, %v; want %+v", viaSmile, err, v)
	}
	var viaJSON quotedColor
	if err := json.Unmarshal(fromJSON, &viaJSON); err == nil {
		t.Errorf("encoding/json now reads its own output %s (got %+v): the difference is gone, update this test", fromJSON, viaJSON)
	}
	doubly := []byte(`{"c":"\"red\""}`)
	if err := json.Unmarshal(doubly, &viaJSON); err != nil || viaJSON != v {
		t.Errorf("encoding/json on %s: got %+v, %v", doubly, viaJSON, err)
	}
	var doublySmile quotedColor
	if err := smile.Unmarshal(jsonToSmile(t, doubly), &doublySmile); err == nil {
		t.Errorf("smile on %s: got %+v, want UnmarshalJSON's error for the string \"\\\"red\\\"\"", doubly, doublySmile)
	}
}
