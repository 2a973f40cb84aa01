package smile

import (
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
