package smile

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/go-smile/smile/stream"
)

// TestUnmarshalKeysAcrossTableResets: the Go string of a shared name is
// reused for a back-reference only while the slot holds that name. When
// the name table is emptied (at its 1025th name) and slot 0 gets another
// name, a back-reference to the slot gives the new name, into any and into
// a map with string keys. The document is the one of
// TestUnmarshalStructFieldsAcrossTableResets, written from the spec.
func TestUnmarshalKeysAcrossTableResets(t *testing.T) {
	var buf bytes.Buffer
	buf.Write(mustHex(dhdr + "FA 80 61 C2 80 78 FA")) // {"a":1,"x":{
	inner := map[string]any{}
	for i := 2; i < 1024; i++ {
		fmt.Fprintf(&buf, "\x83%04dC", i) // "nnnn":"" ... 'C' is 0x43, a 4-byte string
		buf.WriteString("abcd")
		inner[fmt.Sprintf("%04d", i)] = "abcd"
	}
	buf.Write(mustHex("FB 80 62 C4 40 C6 FB")) // },"b":2, <slot 0, now "b">:3}
	var v any
	if err := Unmarshal(buf.Bytes(), &v); err != nil {
		t.Fatal(err)
	}
	want := map[string]any{"a": int64(1), "x": inner, "b": int64(3)}
	if diff := cmp.Diff(want, v); diff != "" {
		t.Fatalf("into any (-want +got):\n%s", diff)
	}
	var m map[string]any
	if err := Unmarshal(buf.Bytes(), &m); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, m); diff != "" {
		t.Fatalf("into map[string]any (-want +got):\n%s", diff)
	}
}

// TestUnmarshalDecodeKeysOfTwoReaders: the names a decoding state knows
// are those of one use of it. Two Readers whose shared-name slots hold
// different names are read in turns with UnmarshalDecode, each call with
// a pooled state that the other Reader's call used before it.
func TestUnmarshalDecodeKeysOfTwoReaders(t *testing.T) {
	want, readers := twoRowReaders(t, 20)
	var got [2][]map[string]any
	for range want[0] {
		for i, r := range readers {
			var row any
			if err := UnmarshalDecode(r, &row); err != nil {
				t.Fatal(err)
			}
			got[i] = append(got[i], row.(map[string]any))
		}
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("(-want +got):\n%s", diff)
	}
}

// TestUnmarshalKeysOfLastDocument: a decoding state reuses the Go strings
// of the last document's shared names only for a slot that holds the same
// name again. Documents whose slots hold the same names, other names,
// the same names in another order, names longer than the kept ones and
// more names than are kept are decoded in turns, into any and into a
// map[string]any, each as encoding/json decodes its JSON text.
func TestUnmarshalKeysOfLastDocument(t *testing.T) {
	long := strings.Repeat("l", maxKeptKey+1)
	many := make([]string, maxKeptKeys+1)
	for i := range many {
		many[i] = fmt.Sprintf("k%03d", i)
	}
	shapes := [][]string{
		{"alpha", "beta"},
		{"alpha", "beta"},
		{"alpha", "gamma"},
		{"beta", "alpha"},
		{long, "alpha", long + "x"},
		{long, "alpha", long + "y"},
		many,
		many[1:],
		{"alpha", "beta"},
	}
	var docs [][]byte
	var want []any
	for i, keys := range shapes {
		w, err := stream.NewWriter(stream.WriterOptions{})
		if err != nil {
			t.Fatal(err)
		}
		err = w.WriteStartObject()
		for j, k := range keys {
			err = errors.Join(err, w.WriteKey(k), w.WriteString(fmt.Sprintf("%d.%d", i, j)))
		}
		if err = errors.Join(err, w.WriteEndObject(), w.Flush()); err != nil {
			t.Fatal(err)
		}
		docs = append(docs, bytes.Clone(w.Bytes()))
		m := map[string]any{}
		for j, k := range keys {
			m[k] = fmt.Sprintf("%d.%d", i, j)
		}
		want = append(want, m)
	}
	for round := 0; round < 3; round++ {
		for i, doc := range docs {
			var v any
			if err := Unmarshal(doc, &v); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(want[i], v); diff != "" {
				t.Fatalf("round %d, document %d into any (-want +got):\n%s", round, i, diff)
			}
			var m map[string]any
			if err := Unmarshal(doc, &m); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(want[i], any(m)); diff != "" {
				t.Fatalf("round %d, document %d into a map (-want +got):\n%s", round, i, diff)
			}
		}
	}
}

// TestKeepKeysLeavesTailsEmpty checks what keepKeys relies on to clear
// the last document's keys only up to their length: after each document,
// d.keys and d.lastKeys hold only "" beyond their lengths, and d.keys is
// empty, whatever the slots the documents before used (up to the 1024 of
// a table, beyond maxKeptKeys, with names too long to keep).
func TestKeepKeysLeavesTailsEmpty(t *testing.T) {
	d := &decodeState{cfg: defaultDecConfig, decodeStrings: decodeStrings{chunk: 4096}}
	docs := []int{1000, 2, 3, 300, 1, 1024, 0, 5, 2, 700, 2}
	for i, n := range docs {
		for slot := range n {
			name := fmt.Sprintf("k%d", slot)
			if slot%7 == 3 {
				name = strings.Repeat("x", maxKeptKey+1) + name // not kept
			}
			if got := d.keyString([]byte(name), slot); got != name {
				t.Fatalf("document %d, slot %d: key %q, want %q", i, slot, got, name)
			}
		}
		d.keepKeys()
		if len(d.keys) != 0 {
			t.Fatalf("document %d: %d keys left for the next document", i, len(d.keys))
		}
		for what, s := range map[string][]string{"keys": d.keys, "lastKeys": d.lastKeys} {
			for j, k := range s[len(s):cap(s)] {
				if k != "" {
					t.Fatalf("document %d: %s[%d], beyond its length %d, holds %q", i, what, len(s)+j, len(s), k)
				}
			}
		}
	}
}

// TestUnmarshalExpectedNames: a decoding state that has seen a document's
// names in the same slots twice expects them in the next document (see
// anyKey), and decodes right every document whose names differ from
// those expected: another name of the same length, the same names
// without shared names, names moved to other slots by one before them,
// and names after a struct's, which anyKey does not count. One state
// decodes the documents in turn, released between them as release does
// but kept, so that what it expects is known.
func TestUnmarshalExpectedNames(t *testing.T) {
	encode := func(v any, o EncOptions) []byte {
		t.Helper()
		m, err := o.EncMode()
		if err != nil {
			t.Fatal(err)
		}
		b, err := m.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	d, err := newDecodeState(defaultDecConfig, nil)
	if err != nil {
		t.Fatal(err)
	}
	decode := func(data []byte, v any) {
		t.Helper()
		export.ResetDocument(d.r, data)
		d.resetBudget(0, int64(len(data)))
		dec, p, err := d.rootDecoder(v)
		if err != nil {
			t.Fatal(err)
		}
		if err := d.value(dec, p, false); err != nil {
			t.Fatal(err)
		}
		d.endDocument()
	}
	// Names of 15 bytes are the longest expected, of 16 the shortest not.
	shape := map[string]any{"alpha": int64(1), "beta": "b", "fifteen-bytes15": true, "sixteen-bytes-16": false, "ü-key": []any{map[string]any{"alpha": 2.5}}}
	learn := encode(shape, EncOptions{})
	for range 3 {
		var v any
		decode(learn, &v)
		if diff := cmp.Diff(shape, v); diff != "" {
			t.Fatalf("(-want +got):\n%s", diff)
		}
	}
	if d.nextPrep == nil || d.nextPrep.Name() != "alpha" {
		t.Fatalf("after three documents of one shape, the state expects %v, not alpha: the test tests nothing", d.nextPrep)
	}
	other := map[string]any{"alphb": int64(1), "beta": "b", "fifteen-bytes1X": true, "sixteen-bytes-16": false, "ü-key": []any{map[string]any{"alpha": 2.5}}}
	moved := map[string]any{"a": map[string]any{"alpha": int64(1), "beta": "b"}, "fifteen-bytes15": map[string]any{"alpha": int64(3), "ü-key": "u"}}
	for _, c := range []struct {
		name string
		doc  []byte
		want any
	}{
		{"same names", learn, shape},
		{"another name of the same length", encode(other, EncOptions{}), other},
		{"without shared names", encode(shape, EncOptions{DisableSharedNames: true}), shape},
		{"names in other slots", encode(moved, EncOptions{}), moved},
		{"same names again", learn, shape},
	} {
		var v any
		decode(c.doc, &v)
		if diff := cmp.Diff(c.want, v); diff != "" {
			t.Fatalf("%s (-want +got):\n%s", c.name, diff)
		}
		decode(learn, &v) // the state expects the shape's names again
		decode(learn, &v)
	}
	// A struct's decoder takes slots that anyKey does not count: the
	// expected alpha comes in a later slot, and a reference to a name
	// the struct read comes where a new name is expected.
	type wrap struct {
		Zzz  int `json:"zzz"`
		Beta any `json:"beta"`
	}
	for _, c := range []struct {
		name string
		in   any
		want wrap
	}{
		{"after a struct's names", map[string]any{"zzz": 1, "beta": map[string]any{"alpha": int64(3), "x": []any{map[string]any{"alpha": int64(4)}}}},
			wrap{1, map[string]any{"alpha": int64(3), "x": []any{map[string]any{"alpha": int64(4)}}}}},
		{"a struct's name again", map[string]any{"zzz": 1, "beta": map[string]any{"zzz": int64(3), "beta": "b"}},
			wrap{1, map[string]any{"zzz": int64(3), "beta": "b"}}},
	} {
		var v any
		decode(learn, &v)
		decode(learn, &v)
		var w wrap
		decode(encode(c.in, EncOptions{}), &w)
		if diff := cmp.Diff(c.want, w); diff != "" {
			t.Fatalf("%s (-want +got):\n%s", c.name, diff)
		}
	}
}

// TestUnmarshalObjectSizesOfLastDocument: an object is decoded right
// whatever the size of the last one with the same first name, by which
// objectAny sizes its map: more members, fewer, and as many again, at the
// root and nested, document after document.
func TestUnmarshalObjectSizesOfLastDocument(t *testing.T) {
	object := func(n int) map[string]any {
		m := map[string]any{"a": int64(n)}
		for i := 1; i < n; i++ {
			m[fmt.Sprintf("k%02d", i)] = int64(i)
		}
		return m
	}
	var docs [][]byte
	var want []any
	for _, n := range []int{20, 20, 40, 20, 5, 20, 9, 9, 3} {
		v := map[string]any{"a": object(n), "b": []any{object(n + 1), object(n)}}
		data, err := Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		docs, want = append(docs, data), append(want, v)
	}
	for round := 0; round < 3; round++ {
		for i, doc := range docs {
			var v any
			if err := Unmarshal(doc, &v); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(want[i], v); diff != "" {
				t.Fatalf("round %d, document %d (-want +got):\n%s", round, i, diff)
			}
		}
	}
}

// TestUnmarshalDecodeExpectedNamesOfTwoReaders: a reference to a name
// that a decoding state tagged in another use of the same Reader is not
// taken for the name the state expects from the other Reader's
// documents (see anyKey). A state decodes rows of one Reader until it
// expects their names, then rows of another whose slots hold other names,
// tagged in its earlier rows.
func TestUnmarshalDecodeExpectedNamesOfTwoReaders(t *testing.T) {
	want, readers := twoRowReaders(t, 9)
	var got [2][]map[string]any
	for _, i := range []int{1, 1, 0, 0, 0, 1, 1, 0, 0, 0, 1, 1, 0, 1, 0, 0, 1, 1} {
		var row any
		if err := UnmarshalDecode(readers[i], &row); err != nil {
			t.Fatal(err)
		}
		got[i] = append(got[i], row.(map[string]any))
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("(-want +got):\n%s", diff)
	}
}

// twoRowReaders returns two arrays of n rows, one with the names alpha
// and beta, one with gamma and delta, and a Reader of each array's
// Marshal output, past its start.
func twoRowReaders(t *testing.T, n int) (want [2][]map[string]any, readers [2]*stream.Reader) {
	t.Helper()
	rowsOf := func(k1, k2 string) []map[string]any {
		rows := make([]map[string]any, n)
		for i := range rows {
			rows[i] = map[string]any{k1: int64(i), k2: "s" + k2}
		}
		return rows
	}
	want = [2][]map[string]any{rowsOf("alpha", "beta"), rowsOf("gamma", "delta")}
	for i := range readers {
		doc, err := Marshal(want[i])
		if err != nil {
			t.Fatal(err)
		}
		if readers[i], err = stream.NewReader(doc, DecMode{}.ReaderOptions()); err != nil {
			t.Fatal(err)
		}
		if tok, err := readers[i].ReadToken(); err != nil || tok.Kind != stream.KindStartArray {
			t.Fatalf("%v %v", tok.Kind, err)
		}
	}
	return want, readers
}
