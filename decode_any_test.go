package smile

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"math/big"
	"reflect"
	"runtime"
	"strconv"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/go-smile/smile/internal/golden"
	"github.com/go-smile/smile/stream"
)

// TestUnmarshalAnyKeepsNoEarlierDocument checks that a value decoded into
// an interface keeps only its own document alive, not the documents
// decoded before it with the same state (which happens if the chunks that
// []any values are carved from are shared between documents): the pooled
// state of Unmarshal, and a Decoder's own.
func TestUnmarshalAnyKeepsNoEarlierDocument(t *testing.T) {
	pairs := make([][]int64, 100)
	for i := range pairs {
		pairs[i] = []int64{int64(i) << 20, -int64(i) << 20}
	}
	data, err := Marshal(map[string]any{"pairs": pairs})
	if err != nil {
		t.Fatal(err)
	}
	pairsOf := func(v any) []any { return v.(map[string]any)["pairs"].([]any) }
	t.Run("Unmarshal", func(t *testing.T) {
		checkFirstFreed(t, func() []any {
			var v any
			if err := Unmarshal(data, &v); err != nil {
				t.Fatal(err)
			}
			return pairsOf(v)
		})
	})
	t.Run("Decoder", func(t *testing.T) {
		dec := NewDecoder(bytes.NewReader(bytes.Repeat(data, 2)))
		checkFirstFreed(t, func() []any {
			var v any
			if err := dec.Decode(&v); err != nil {
				t.Fatal(err)
			}
			return pairsOf(v)
		})
	})
}

// checkFirstFreed calls decode twice, drops the first result and keeps
// the second, and fails unless the first is then garbage collected.
func checkFirstFreed(t *testing.T, decode func() []any) {
	t.Helper()
	freed := make(chan bool, 1)
	func() {
		first := decode()
		runtime.AddCleanup(&first[0], func(freed chan bool) { freed <- true }, freed)
	}()
	second := decode()
	for i := 0; i < 50; i++ {
		runtime.GC()
		select {
		case <-freed:
			runtime.KeepAlive(second)
			return
		case <-time.After(10 * time.Millisecond):
		}
	}
	runtime.KeepAlive(second)
	t.Error("the values of a document are kept alive by those of the next one")
}

// TestUnmarshalAnyNumbersFloat64 decodes each golden document into any
// twice: its JSON text by encoding/json, and Jackson's Smile for it with
// AnyNumbersFloat64. Every number must be the same float64.
func TestUnmarshalAnyNumbersFloat64(t *testing.T) {
	m, err := DecOptions{AnyNumbers: AnyNumbersFloat64}.DecMode()
	if err != nil {
		t.Fatal(err)
	}
	// Every Jackson version's file of each document (testdata/golden/MANIFEST).
	for _, c := range golden.Cases(t, "json") {
		if c.Config != golden.DefaultConfig {
			continue
		}
		name, text, sm := c.ID(), c.JSON, c.Want
		// Some documents are sequences of root values. A number beyond
		// float64's range is a type error for both, after which both go on.
		var want, got []any
		jd := json.NewDecoder(bytes.NewReader(text))
		for {
			var v any
			var jte *json.UnmarshalTypeError
			err := jd.Decode(&v)
			if err == io.EOF {
				break
			} else if err != nil && !errors.As(err, &jte) {
				t.Fatalf("%s: encoding/json: %v", name, err)
			}
			want = append(want, v, err != nil)
		}
		sd := m.NewDecoder(bytes.NewReader(sm))
		for {
			var v any
			var te *UnmarshalTypeError
			err := sd.Decode(&v)
			if err == io.EOF {
				break
			} else if err != nil && !errors.As(err, &te) {
				t.Fatalf("%s: %v", name, err)
			}
			got = append(got, v, err != nil)
		}
		if c.Name == "g-exp-overflow" {
			// Jackson wrote 1e400 and -1e400 as float64 tokens holding
			// ±Inf, which the Smile decoder gives as they are; encoding/json
			// fails on them instead.
			want = []any{[]any{math.Inf(1), math.Inf(-1), 0.0, math.Copysign(0, -1), 5e-324}, false}
		}
		if !reflect.DeepEqual(want, got) {
			t.Errorf("%s: mismatch (-json +smile):\n%s", name, cmp.Diff(want, got))
		}
	}
}

// TestUnmarshalAnyNumbersFloat64Kinds checks each Smile number token with
// AnyNumbersFloat64, the values written by stream.Writer (whose bytes the
// golden tests check against Jackson), and the error for a BigInteger
// beyond float64's range.
func TestUnmarshalAnyNumbersFloat64Kinds(t *testing.T) {
	m, err := DecOptions{AnyNumbers: AnyNumbersFloat64}.DecMode()
	if err != nil {
		t.Fatal(err)
	}
	w, _ := stream.NewWriter(stream.WriterOptions{})
	huge := new(big.Int).Lsh(big.NewInt(1), 1100)
	_ = w.WriteStartArray()
	_ = w.WriteInt(1<<53 + 1)
	_ = w.WriteBigInt(new(big.Int).Lsh(big.NewInt(1), 64))
	_ = w.WriteFloat32(1.5)
	_ = w.WriteFloat64(-0.1)
	_ = w.WriteBigDecimal(big.NewInt(15), 1)
	_ = w.WriteBigInt(huge)
	_ = w.WriteString("x")
	_ = w.WriteEndArray()
	var v any
	err = m.Unmarshal(w.Bytes(), &v)
	var te *UnmarshalTypeError
	if !errors.As(err, &te) || te.Type != reflect.TypeFor[float64]() || !errors.Is(err, strconv.ErrRange) {
		t.Fatalf("err = %v, want an *UnmarshalTypeError for float64 wrapping strconv.ErrRange", err)
	}
	want := []any{float64(1 << 53), 18446744073709551616.0, 1.5, -0.1, 1.5, nil, "x"}
	if !reflect.DeepEqual(v, want) {
		t.Fatalf("got %#v, want %#v", v, want)
	}
	// encoding/json agrees on the huge number: an error, nil stored.
	var jv any
	jerr := json.Unmarshal([]byte("[1e400]"), &jv)
	if jerr == nil || !reflect.DeepEqual(jv, []any{nil}) {
		t.Fatalf("encoding/json: %v %#v", jerr, jv)
	}
}

// TestUnmarshalAnyObjectsOfOneFirstKey decodes objects that begin with
// the same shared name but differ in size, so that an object expected
// small from the one before it (filled as its members arrive) comes out
// large, with a repeated key, or empty, into any, each compared with the
// map built here; and checks that MaxContainerLen still holds for such an
// object.
func TestUnmarshalAnyObjectsOfOneFirstKey(t *testing.T) {
	type member struct {
		k string
		v int64
	}
	obj := func(n int) []member {
		ms := []member{{"a", 1000}}
		for i := 1; i < n; i++ {
			ms = append(ms, member{fmt.Sprintf("k%d", i), 1000 + int64(i)})
		}
		return ms
	}
	objs := [][]member{
		obj(2), obj(3), obj(40), obj(40), obj(1), obj(9), obj(8),
		{{"a", 1000}, {"k1", 1001}, {"a", 1002}}, // "a" twice: the last one counts
		obj(2), {}, obj(12), obj(2),
	}
	w, err := stream.NewWriter(stream.WriterOptions{})
	if err != nil {
		t.Fatal(err)
	}
	err = w.WriteStartArray()
	var want []any
	for _, o := range objs {
		err = errors.Join(err, w.WriteStartObject())
		m := map[string]any{}
		for _, e := range o {
			err = errors.Join(err, w.WriteKey(e.k), w.WriteInt(e.v))
			m[e.k] = e.v
		}
		err = errors.Join(err, w.WriteEndObject())
		want = append(want, m)
	}
	if err = errors.Join(err, w.WriteEndArray(), w.Flush()); err != nil {
		t.Fatal(err)
	}
	doc := w.Bytes()
	for round := 0; round < 2; round++ { // the second with what the first left in the pooled state
		var v any
		if err := Unmarshal(doc, &v); err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(any(want), v); diff != "" {
			t.Fatalf("round %d (-want +got):\n%s", round, diff)
		}
	}
	dm, err := DecOptions{MaxContainerLen: 39}.DecMode()
	if err != nil {
		t.Fatal(err)
	}
	var v any
	var le *LimitError
	if err := dm.Unmarshal(doc, &v); !errors.As(err, &le) || le.Limit != "MaxContainerLen" || le.Got != 40 {
		t.Fatalf("with MaxContainerLen 39: %v, want a *LimitError for MaxContainerLen, got 40", err)
	}
}

// TestUnmarshalAnyMapsOfOneSeed decodes objects whose names are hashed
// once per document for all its maps (putAny): more names than the
// shared-name table holds, so that slots are emptied and take other
// names within the document, each object's keys twice in a row (a map
// like the last), and the name "". Each decoded map must equal the one
// built here and take the runtime's own writes over its keys without
// gaining an entry, which it would if a key's slot were not where the
// runtime's hash puts it.
func TestUnmarshalAnyMapsOfOneSeed(t *testing.T) {
	var want []any
	for i := range 1500 {
		m := map[string]any{"id": int64(i), fmt.Sprintf("name%d", i): "v", "": true}
		if i%3 == 0 {
			m[fmt.Sprintf("name%d", i-1)] = "w" // a name of the object before
		}
		want = append(want, m, map[string]any{"id": int64(-i), fmt.Sprintf("name%d", i): "u"})
	}
	data, err := Marshal(want)
	if err != nil {
		t.Fatal(err)
	}
	for round := range 2 {
		var v any
		if err := Unmarshal(data, &v); err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(any(want), v); diff != "" {
			t.Fatalf("round %d (-want +got):\n%s", round, diff)
		}
		for i, e := range v.([]any) {
			m := e.(map[string]any)
			n := len(m)
			for k := range want[i].(map[string]any) {
				m[k] = "again"
			}
			if len(m) != n {
				t.Fatalf("round %d, object %d: %d entries after writing over its %d keys", round, i, len(m), n)
			}
		}
	}
}
