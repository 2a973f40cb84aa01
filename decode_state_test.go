package smile

import (
	"errors"
	"runtime"
	"testing"
	"time"

	"github.com/go-smile/smile/stream"
)

// TestReleaseKeepsNoInput checks that a decoding state returned to the
// pool keeps no reference to the input it read, whether the decoding
// succeeded or failed: the input is garbage collected once the caller
// drops it while the state is still alive (the test holds it, as the pool
// does until two collections have passed).
func TestReleaseKeepsNoInput(t *testing.T) {
	type doc struct {
		Name string   `json:"name"`
		Tags []string `json:"tags"`
	}
	good, err := Marshal(doc{Name: "a name of some length", Tags: []string{"x", "y"}})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		data []byte
		v    any
	}{
		{"typed", good, new(doc)},
		{"any", good, new(any)},
		{"truncated", good[:len(good)-3], new(doc)},
	} {
		t.Run(c.name, func(t *testing.T) {
			freed := make(chan bool, 1)
			d := func() *decodeState {
				data := append([]byte(nil), c.data...)
				runtime.AddCleanup(&data[0], func(freed chan bool) { freed <- true }, freed)
				d, err := newDecodeState(defaultDecConfig, data)
				if err != nil {
					t.Fatal(err)
				}
				dec, p, err := d.rootDecoder(c.v)
				if err != nil {
					t.Fatal(err)
				}
				_ = d.value(dec, p, false) // the error of "truncated" is not the point
				d.release()
				return d
			}()
			defer runtime.KeepAlive(d)
			for range 50 {
				runtime.GC()
				select {
				case <-freed:
					return
				case <-time.After(10 * time.Millisecond):
				}
			}
			t.Error("a released decodeState keeps its input alive")
		})
	}
}

// rootViaDecode is a string whose UnmarshalSmileFrom decodes it with
// UnmarshalDecode from the Reader it is given, where the token of the
// value has been read and given back.
type rootViaDecode string

func (v *rootViaDecode) UnmarshalSmileFrom(r *stream.Reader) error {
	var s string
	err := UnmarshalDecode(r, &s)
	*v = rootViaDecode(s)
	return err
}

// TestUnmarshalDecodeOfGivenBackRoot decodes a document whose root value
// is a scalar decoded by an UnmarshalSmileFrom method through
// UnmarshalDecode: the root's token, given back to the Reader, is the
// value UnmarshalDecode reads, although no byte of the input is left.
func TestUnmarshalDecodeOfGivenBackRoot(t *testing.T) {
	doc, err := Marshal("the root")
	if err != nil {
		t.Fatal(err)
	}
	var v rootViaDecode
	if err := Unmarshal(doc, &v); err != nil || v != "the root" {
		t.Fatalf("got %q, %v; want %q", v, err, "the root")
	}
}

// pathNode nests a struct step and an index step per level.
type pathNode struct {
	A []pathNode `json:"a,omitempty"`
	B any        `json:"b,omitempty"`
}

// pathInt is pathNode whose b takes only a number.
type pathInt struct {
	A []pathInt `json:"a"`
	B int       `json:"b"`
}

// TestPathAcrossChunks: the Field of a type error names the path where
// it happened when the path holds more steps than a chunk of the path
// stack (stackChunk), as the error at the bottom does, and after the path
// has shrunk back across a chunk's start, as an error after the deep
// member does, in a struct and in a map, whose key names the step.
func TestPathAcrossChunks(t *testing.T) {
	deep := pathNode{B: "x"}
	want := "b"
	for range stackChunk { // two steps each: the path crosses a chunk's start
		deep = pathNode{A: []pathNode{deep}}
		want = "a[0]." + want
	}
	data, err := Marshal(deep)
	if err != nil {
		t.Fatal(err)
	}
	var ute *UnmarshalTypeError
	if err := Unmarshal(data, new(pathInt)); !errors.As(err, &ute) || ute.Field != want {
		t.Fatalf("error at the bottom: %v, want Field %q", err, want)
	}

	after, err := Marshal(map[string]any{"a": deep.A, "b": "y"})
	if err != nil {
		t.Fatal(err)
	}
	var s struct {
		A []pathNode `json:"a"`
		B int        `json:"b"`
	}
	if err := Unmarshal(after, &s); !errors.As(err, &ute) || ute.Field != "b" {
		t.Fatalf("error after the deep member: %v, want Field %q", err, "b")
	}
	if len(s.A) != 1 {
		t.Fatalf("the deep member did not decode: %+v", s.A)
	}
	var m map[string][]pathNode
	if err := Unmarshal(after, &m); !errors.As(err, &ute) || ute.Field != "b" {
		t.Fatalf("error in a map after the deep member: %v, want Field %q", err, "b")
	}
}

// TestReleaseDropsCarvedChunks: the chunks that the arrays of slices with
// pointers are carved from (carveElems) refer to the document's values,
// so release drops them with the pointee chunks, and the next document
// carves from chunks of its own.
func TestReleaseDropsCarvedChunks(t *testing.T) {
	type area struct {
		ID     int64   `json:"id"`
		Blocks []int64 `json:"blocks"`
	}
	type doc struct {
		Areas [][]area `json:"areas"`
	}
	data, err := Marshal(doc{Areas: [][]area{{{1, nil}, {2, []int64{3}}}, {{4, nil}}}})
	if err != nil {
		t.Fatal(err)
	}
	var first, second doc
	for _, v := range []*doc{&first, &second} {
		d, err := newDecodeState(defaultDecConfig, data)
		if err != nil {
			t.Fatal(err)
		}
		dec, p, err := d.rootDecoder(v)
		if err != nil {
			t.Fatal(err)
		}
		if err := d.value(dec, p, false); err != nil {
			t.Fatal(err)
		}
		if d.pointees == ([pointeeSlots]pointeeChunk{}) {
			t.Fatal("no slice was carved: the test tests nothing")
		}
		d.release()
		if d.pointees != ([pointeeSlots]pointeeChunk{}) {
			t.Fatal("release kept a chunk of carved slices")
		}
	}
	if &first.Areas[0][0] == &second.Areas[0][0] || len(second.Areas[0]) != 2 || second.Areas[0][1].ID != 2 {
		t.Fatalf("second document: %+v", second)
	}
}
