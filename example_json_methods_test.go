package smile_test

import (
	"encoding/json"
	"fmt"
	"log"
	"slices"

	"github.com/go-smile/smile"
)

// Level is an enum that JSON services send by name.
type Level int

const (
	Debug Level = iota
	Info
	Warn
)

var levelNames = []string{"debug", "info", "warn"}

func (l Level) MarshalJSON() ([]byte, error) {
	if l < 0 || int(l) >= len(levelNames) {
		return nil, fmt.Errorf("level %d has no name", int(l))
	}
	return json.Marshal(levelNames[l])
}

func (l *Level) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	i := slices.Index(levelNames, s)
	if i < 0 {
		return fmt.Errorf("unknown level %q", s)
	}
	*l = Level(i)
	return nil
}

// A type with MarshalJSON and UnmarshalJSON methods keeps the form it has
// with encoding/json: the level is the string "warn", not the integer 2.
func Example_jsonMethods() {
	type Event struct {
		Level Level  `json:"level"`
		Msg   string `json:"msg"`
	}
	data, err := smile.Marshal(Event{Level: Warn, Msg: "disk full"})
	if err != nil {
		log.Fatal(err)
	}
	// After the header: FA starts the object, 84 and "level" are the key,
	// 43 and "warn" the string value.
	fmt.Printf("% x\n", data[4:16])

	var e Event
	if err := smile.Unmarshal(data, &e); err != nil {
		log.Fatal(err)
	}
	fmt.Println(e.Level == Warn, e.Msg)
	// Output:
	// fa 84 6c 65 76 65 6c 43 77 61 72 6e
	// true disk full
}

// A json.RawMessage holds JSON text: Marshal writes the value it holds as
// Smile, and Unmarshal stores the value it finds as compact JSON text, so
// that part of a document can be kept as JSON or decoded later.
func Example_jsonRawMessage() {
	type Hit struct {
		ID     string          `json:"_id"`
		Source json.RawMessage `json:"_source"`
	}
	data, err := smile.Marshal(Hit{ID: "1", Source: json.RawMessage(`{"user": "ann", "tags": ["a", "b"]}`)})
	if err != nil {
		log.Fatal(err)
	}

	var h Hit
	if err := smile.Unmarshal(data, &h); err != nil {
		log.Fatal(err)
	}
	fmt.Println(string(h.Source))

	// Decoded into any, the source is an ordinary object.
	var v map[string]any
	if err := smile.Unmarshal(data, &v); err != nil {
		log.Fatal(err)
	}
	fmt.Println(v["_source"])
	// Output:
	// {"user":"ann","tags":["a","b"]}
	// map[tags:[a b] user:ann]
}
