package smile

import (
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"
	"testing"

	"github.com/go-smile/smile/stream"
)

// scPoint writes itself as the array [x, y] and reads itself back.
type scPoint struct{ X, Y int64 }

func (p scPoint) MarshalSmileTo(w *stream.Writer) error {
	if err := w.WriteStartArray(); err != nil {
		return err
	}
	if err := w.WriteInt(p.X); err != nil {
		return err
	}
	if err := w.WriteInt(p.Y); err != nil {
		return err
	}
	return w.WriteEndArray()
}

func (p *scPoint) UnmarshalSmileFrom(r *stream.Reader) error {
	if t, err := r.ReadToken(); err != nil || t.Kind != stream.KindStartArray {
		return fmt.Errorf("want an array: %v %v", t.Kind, err)
	}
	for _, v := range []*int64{&p.X, &p.Y} {
		t, err := r.ReadToken()
		if err != nil || t.Kind != stream.KindInt {
			return fmt.Errorf("want an integer: %v %v", t.Kind, err)
		}
		*v = t.Int()
	}
	if t, err := r.ReadToken(); err != nil || t.Kind != stream.KindEndArray {
		return fmt.Errorf("want the end of the array: %v %v", t.Kind, err)
	}
	return nil
}

// scNamed writes a string from a pointer receiver: only addressable
// values use it, as with MarshalSmile.
type scNamed struct{ Name string }

func (n *scNamed) MarshalSmileTo(w *stream.Writer) error { return w.WriteString("<" + n.Name + ">") }

// TestMarshalerTo writes values with MarshalSmileTo methods in every
// place a value stands and reads them back with UnmarshalSmileFrom,
// checking the bytes against the same values written without methods.
func TestMarshalerTo(t *testing.T) {
	type doc struct {
		P    scPoint            `json:"p"`
		PP   *scPoint           `json:"pp"`
		Nil  *scPoint           `json:"nil"`
		List []scPoint          `json:"list"`
		M    map[string]scPoint `json:"m"`
		Any  any                `json:"any"`
	}
	type plainDoc struct {
		P    [2]int64            `json:"p"`
		PP   *[2]int64           `json:"pp"`
		Nil  *[2]int64           `json:"nil"`
		List [][2]int64          `json:"list"`
		M    map[string][2]int64 `json:"m"`
		Any  any                 `json:"any"`
	}
	in := doc{P: scPoint{1, 2}, PP: &scPoint{-3, 1 << 40}, List: []scPoint{{5, 6}, {7, 8}}, M: map[string]scPoint{"a": {9, 10}}, Any: scPoint{11, 12}}
	plain := plainDoc{P: [2]int64{1, 2}, PP: &[2]int64{-3, 1 << 40}, List: [][2]int64{{5, 6}, {7, 8}}, M: map[string][2]int64{"a": {9, 10}}, Any: [2]int64{11, 12}}
	got, err := Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	want, err := Marshal(plain)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Fatalf("MarshalSmileTo:\n% x\nwithout methods:\n% x", got, want)
	}
	var back doc
	back.Any = new(scPoint)
	if err := Unmarshal(got, &back); err != nil {
		t.Fatal(err)
	}
	in.Any = &scPoint{11, 12}
	if !reflect.DeepEqual(back, in) {
		t.Fatalf("read back %+v, want %+v", back, in)
	}

	// At the root, MarshalSmileTo's value comes after the header.
	got, err = Marshal(scPoint{1, 2})
	if err != nil {
		t.Fatal(err)
	}
	if want, _ := Marshal([2]int{1, 2}); string(got) != string(want) {
		t.Fatalf("root: % x, want % x", got, want)
	}
	// Through MarshalEncode, into the elements of an array.
	w, _ := stream.NewWriter(stream.WriterOptions{})
	w.WriteStartArray()
	for _, p := range []scPoint{{1, 2}, {3, 4}} {
		if err := MarshalEncode(w, p); err != nil {
			t.Fatal(err)
		}
	}
	w.WriteEndArray()
	if want, _ := Marshal([][2]int{{1, 2}, {3, 4}}); string(w.Bytes()) != string(want) {
		t.Fatalf("MarshalEncode: % x, want % x", w.Bytes(), want)
	}

	// A pointer receiver is used for addressable values only.
	got, err = Marshal(struct{ A, B scNamed }{scNamed{"a"}, scNamed{"b"}})
	if err != nil {
		t.Fatal(err)
	}
	var names map[string]any
	if err := Unmarshal(got, &names); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(names, map[string]any{"A": map[string]any{"Name": "a"}, "B": map[string]any{"Name": "b"}}) {
		t.Fatalf("a struct value: %v", names)
	}
	got, err = Marshal(&struct{ A scNamed }{scNamed{"a"}})
	if err != nil {
		t.Fatal(err)
	}
	if err := Unmarshal(got, &names); err != nil || names["A"] != "<a>" {
		t.Fatalf("through a pointer: %v %v", names, err)
	}
}

// scBad writes what its mode says: a MarshalSmileTo method that breaks
// the rule of one value.
type scBad int

const (
	badNone scBad = iota
	badTwo
	badOpen
	badKey
	badEndOuter
	badEndDocument
	badErr
)

var errBad = errors.New("bad on purpose")

func (b scBad) MarshalSmileTo(w *stream.Writer) error {
	switch b {
	case badTwo:
		if err := w.WriteInt(1); err != nil {
			return err
		}
		return w.WriteInt(2)
	case badOpen:
		return w.WriteStartObject()
	case badKey:
		return w.WriteKey("k")
	case badEndOuter:
		return w.WriteEndArray()
	case badEndDocument:
		if err := w.WriteNull(); err != nil {
			return err
		}
		return w.EndDocument()
	case badErr:
		return errBad
	}
	return nil
}

// TestMarshalerToOneValue checks that a MarshalSmileTo method that writes
// no value, two values, an unclosed container, a key or an end that is
// not its own fails with a *MarshalerError naming the method, at the
// root, in an array and after a key.
func TestMarshalerToOneValue(t *testing.T) {
	cases := map[scBad]string{
		badNone:        "wrote no value",
		badTwo:         "has written its one value",
		badOpen:        "left 1 array(s) or object(s) open",
		badKey:         "cannot write a key",
		badEndOuter:    "cannot end an array",
		badEndDocument: "cannot end the document",
		badErr:         "bad on purpose",
	}
	places := map[string]any{
		"root":    scBad(0),
		"element": []scBad{0},
		"member":  map[string]scBad{"k": 0},
	}
	for bad, msg := range cases {
		for place := range places {
			var v any
			switch place {
			case "root":
				v = bad
			case "element":
				v = []scBad{bad}
			case "member":
				v = map[string]scBad{"k": bad}
			}
			_, err := Marshal(v)
			var me *MarshalerError
			if !errors.As(err, &me) || !strings.Contains(err.Error(), msg) || !strings.Contains(err.Error(), "MarshalSmileTo") {
				t.Errorf("mode %d in the %s: %v, want a *MarshalerError saying %q", bad, place, err, msg)
			}
		}
	}
	if _, err := Marshal(badErr); !errors.Is(err, errBad) {
		t.Errorf("the method's own error is not wrapped: %v", err)
	}
	// MarshalEncode where a key is due does not call the method.
	w, _ := stream.NewWriter(stream.WriterOptions{})
	w.WriteStartObject()
	var me *MarshalerError
	if err := MarshalEncode(w, scPoint{}); !errors.As(err, &me) || !strings.Contains(err.Error(), "expecting a key") {
		t.Errorf("MarshalEncode of a MarshalerTo where a key is due: %v", err)
	}
}

// scBadFrom reads what its mode says.
type scBadFrom int

func (b *scBadFrom) UnmarshalSmileFrom(r *stream.Reader) error {
	switch *b {
	case 1: // nothing
		return nil
	case 2: // the start only
		_, err := r.ReadToken()
		return err
	case 3:
		return errBad
	case 4: // the value and the next token
		if err := r.SkipValue(); err != nil {
			return err
		}
		_, err := r.ReadToken()
		return err
	}
	return r.SkipValue()
}

// scLiveFrom records where its Reader stands when UnmarshalSmileFrom is
// called, and reads its value, a key-value object.
type scLiveFrom struct {
	depth  int
	offset int64
	keys   []string
	refs   int
}

func (l *scLiveFrom) UnmarshalSmileFrom(r *stream.Reader) error {
	l.depth, l.offset = r.Depth(), r.InputOffset()
	if t, err := r.ReadToken(); err != nil || t.Kind != stream.KindStartObject {
		return fmt.Errorf("want an object: %v %v", t.Kind, err)
	}
	for {
		t, err := r.ReadToken()
		if err != nil {
			return err
		}
		if t.Kind == stream.KindEndObject {
			return nil
		}
		l.keys = append(l.keys, t.String())
		if t.Ref {
			l.refs++
		}
		if err := r.SkipValue(); err != nil {
			return err
		}
	}
}

// TestUnmarshalerFromOneValue checks that an UnmarshalSmileFrom method
// that reads less than its value is an error, and that its own error is
// returned.
func TestUnmarshalerFromOneValue(t *testing.T) {
	doc, _ := Marshal([]any{[]int{1, 2}, "x"})
	for mode, msg := range map[scBadFrom]string{
		1: "did not read exactly one value, at offset 5: it read no token",
		2: "did not read exactly one value, at offset 5: it left 1 array(s) or object(s) open",
		3: "bad on purpose",
		0: "",
	} {
		v := []scBadFrom{mode, mode}
		err := Unmarshal(doc, &v)
		switch {
		case msg == "" && err != nil:
			t.Errorf("mode %d: %v", mode, err)
		case msg != "" && (err == nil || !strings.Contains(err.Error(), msg)):
			t.Errorf("mode %d: %v, want an error saying %q", mode, err, msg)
		}
	}
	// The method reads through a Reader it may use with UnmarshalDecode.
	var p struct{ P scPoint }
	doc, _ = Marshal(map[string]any{"P": []int{3, 4}})
	if err := Unmarshal(doc, &p); err != nil || p.P != (scPoint{3, 4}) {
		t.Fatalf("%+v %v", p, err)
	}
	r, _ := stream.NewReader(doc, stream.ReaderOptions{})
	var q struct{ P scPoint }
	if err := UnmarshalDecode(r, &q); err != nil || q != p {
		t.Fatalf("%+v %v", q, err)
	}
	if _, err := r.ReadToken(); err != io.EOF {
		t.Fatal(err)
	}
	// A scalar value that the method reads on past: into the next
	// element, and to the end of the array that holds it.
	doc, _ = Marshal([]string{"x", "y"})
	v := []scBadFrom{4, 4}
	if err := Unmarshal(doc, &v); err == nil || !strings.Contains(err.Error(), "at offset 5: it read on past the string, to offset 9") {
		t.Errorf("a method that reads the next element: %v", err)
	}
	doc, _ = Marshal([]string{"x"})
	v = []scBadFrom{4}
	if err := Unmarshal(doc, &v); err == nil || !strings.Contains(err.Error(), "read past the end of the array or object holding the value") {
		t.Errorf("a method that reads past its array: %v", err)
	}
}

// scViaDecode reads its value with UnmarshalDecode on the Reader it is
// given, as a method that only adds a check would.
type scViaDecode struct{ A, B int }

func (v *scViaDecode) UnmarshalSmileFrom(r *stream.Reader) error {
	type plain scViaDecode
	return UnmarshalDecode(r, (*plain)(v))
}

// TestUnmarshalerFromLiveReader checks that UnmarshalSmileFrom gets the
// document's own Reader, standing at the value: its depth and offset in
// the document, and the document's shared names, so that a key written
// before the value is a back-reference inside it.
func TestUnmarshalerFromLiveReader(t *testing.T) {
	// [{"a":1,"b":2},{"a":3,"b":4}] with Jackson's defaults (shared
	// names): the second object's keys are references 0x40 and 0x41.
	doc := []byte{0x3A, 0x29, 0x0A, 0x01, 0xF8,
		0xFA, 0x80, 'a', 0xC2, 0x80, 'b', 0xC4, 0xFB,
		0xFA, 0x40, 0xC6, 0x41, 0xC8, 0xFB, 0xF9}
	var v []*scLiveFrom
	if err := Unmarshal(doc, &v); err != nil {
		t.Fatal(err)
	}
	if len(v) != 2 {
		t.Fatalf("%d elements", len(v))
	}
	for i, want := range []struct {
		offset int64
		refs   int
	}{{5, 0}, {13, 2}} {
		l := v[i]
		if l.depth != 1 || l.offset != want.offset || l.refs != want.refs || fmt.Sprint(l.keys) != "[a b]" {
			t.Errorf("element %d: depth %d offset %d keys %v (%d references), want depth 1 offset %d keys [a b] (%d references)",
				i, l.depth, l.offset, l.keys, l.refs, want.offset, want.refs)
		}
	}
	var w []scViaDecode
	if err := Unmarshal(doc, &w); err != nil || fmt.Sprint(w) != "[{1 2} {3 4}]" {
		t.Fatalf("UnmarshalDecode inside UnmarshalSmileFrom: %v %v", w, err)
	}
}

// scPointDoc is scPoint with MarshalSmile and UnmarshalSmile instead.
type scPointDoc struct{ X, Y int64 }

func (p scPointDoc) MarshalSmile() ([]byte, error) { return Marshal([2]int64{p.X, p.Y}) }

func (p *scPointDoc) UnmarshalSmile(b []byte) error {
	var a [2]int64
	err := Unmarshal(b, &a)
	p.X, p.Y = a[0], a[1]
	return err
}

// BenchmarkMarshalerTo compares the methods that stream (MarshalSmileTo,
// UnmarshalSmileFrom) with those that go through a document
// (MarshalSmile, UnmarshalSmile), on a value whose methods write two
// integers. The figures in Marshaler's and Unmarshaler's doc comments
// are callgrind instructions per op (go test -c, then GOGC=off
// GOMAXPROCS=1 valgrind --tool=callgrind ./smile.test -test.run '^$'
// -test.bench '^BenchmarkMarshalerTo$/^MarshalSmileTo$' -test.benchtime
// Nx with N=2000 and 4000, the difference divided by 2000), with the
// allocs/op of -benchmem:
//
//	MarshalSmileTo       1,211 Ir/op  1 alloc/op (the output)
//	MarshalSmile         3,692 Ir/op  3 allocs/op
//	UnmarshalSmileFrom   1,739 Ir/op  0 allocs/op
//	UnmarshalSmile       4,286 Ir/op  1 alloc/op
func BenchmarkMarshalerTo(b *testing.B) {
	type withTo struct{ P scPoint }
	type withDoc struct{ P scPointDoc }
	to := withTo{scPoint{1, 1 << 40}}
	doc := withDoc{scPointDoc{1, 1 << 40}}
	data, err := Marshal(&to)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("MarshalSmileTo", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := Marshal(&to); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("MarshalSmile", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := Marshal(&doc); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("UnmarshalSmileFrom", func(b *testing.B) {
		b.ReportAllocs()
		var v withTo
		for b.Loop() {
			if err := Unmarshal(data, &v); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("UnmarshalSmile", func(b *testing.B) {
		b.ReportAllocs()
		var v withDoc
		for b.Loop() {
			if err := Unmarshal(data, &v); err != nil {
				b.Fatal(err)
			}
		}
	})
}
