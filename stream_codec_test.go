package smile

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"math/rand/v2"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/go-smile/smile/internal/golden"
	"github.com/go-smile/smile/stream"
)

// scRow is a record of a query result: the fields a Druid row or a log
// line has, with every kind the encoders special-case.
type scRow struct {
	Timestamp time.Time         `json:"timestamp"`
	Page      string            `json:"page"`
	Country   string            `json:"country,omitempty"`
	Count     int64             `json:"count"`
	Added     int32             `json:"added"`
	Delta     float64           `json:"delta"`
	Ratio     float32           `json:"ratio"`
	Robot     bool              `json:"robot"`
	User      *string           `json:"user"`
	Tags      []string          `json:"tags"`
	Dims      map[string]string `json:"dims"`
	Points    [][2]float64      `json:"points"`
	Ints      []int64           `json:"ints"`
	Blob      []byte            `json:"blob"`
	Big       *big.Int          `json:"big,omitempty"`
	Num       Number            `json:"num,omitempty"`
	Raw       RawMessage        `json:"raw,omitempty"`
	Extra     any               `json:"extra"`
}

// scRows returns n generated rows: repeated and unique strings (so that
// shared values and names are used and their tables fill past 1024
// entries), long strings, non-ASCII text, empty and nil slices and maps.
func scRows(n int, seed uint64) []scRow {
	rng := rand.New(rand.NewPCG(seed, 7))
	pages := []string{"Main_Page", "Special:Search", "Жизнь", "東京", strings.Repeat("long page name ", 8)}
	rows := make([]scRow, n)
	raw, err := Marshal(map[string]any{"k": []any{1, "x"}})
	if err != nil {
		panic(err)
	}
	for i := range rows {
		r := &rows[i]
		r.Timestamp = time.UnixMilli(1442016000000 + int64(i)*1000).UTC()
		r.Page = pages[rng.IntN(len(pages))]
		if rng.IntN(3) == 0 {
			r.Page = fmt.Sprintf("page-%d", rng.IntN(5000))
		}
		if i%4 != 0 {
			r.Country = []string{"US", "FR", "JP", ""}[rng.IntN(4)]
		}
		r.Count = rng.Int64N(1<<40) - 1<<39
		r.Added = rng.Int32N(1 << 20)
		r.Delta = rng.NormFloat64() * 1000
		r.Ratio = float32(rng.Float64()) - 0.5
		r.Robot = rng.IntN(2) == 0
		if i%3 == 0 {
			u := fmt.Sprintf("user%d", rng.IntN(100))
			r.User = &u
		}
		for range rng.IntN(4) {
			r.Tags = append(r.Tags, fmt.Sprintf("t%d", rng.IntN(2000)))
		}
		if i%5 != 0 {
			r.Dims = map[string]string{"a": "1", fmt.Sprintf("d%d", rng.IntN(1500)): "v", "é": strings.Repeat("x", rng.IntN(80))}
		}
		for range rng.IntN(3) {
			r.Points = append(r.Points, [2]float64{rng.Float64(), -rng.Float64()})
		}
		for range rng.IntN(4) {
			r.Ints = append(r.Ints, rng.Int64())
		}
		if i%7 == 0 {
			r.Blob = []byte{0, 0xff, byte(i)}
		}
		if i%11 == 0 {
			r.Big = new(big.Int).Lsh(big.NewInt(int64(i+1)), 70)
			r.Num = "12.50"
			r.Raw = raw
		}
		switch i % 4 {
		case 0:
			r.Extra = map[string]any{"n": int64(i), "s": r.Page}
		case 1:
			r.Extra = []any{1.5, "x", nil, true}
		case 2:
			r.Extra = r.Page
		}
	}
	return rows
}

// scEncModes returns a mode for every combination of the EncOptions that
// EncMode accepts (encCombos) but MapKeysUnsorted, whose order is Go's
// map iteration order.
func scEncModes(t *testing.T) []EncMode {
	var modes []EncMode
	for _, o := range encCombos(t) {
		if o.MapKeyOrder == MapKeysUnsorted {
			continue
		}
		m, err := o.EncMode()
		if err != nil {
			t.Fatal(err)
		}
		modes = append(modes, m)
	}
	return modes
}

// encodeElements writes the elements of the slice s one by one with
// MarshalEncode inside an array, through a Writer made with m's writer
// options, as a program streaming a large array does.
func encodeElements(m EncMode, s any, out io.Writer) error {
	w, err := stream.NewWriterTo(out, m.WriterOptions())
	if err != nil {
		return err
	}
	if err := w.WriteStartArray(); err != nil {
		return err
	}
	v := reflect.ValueOf(s)
	for i := range v.Len() {
		if err := m.MarshalEncode(w, v.Index(i).Addr().Interface()); err != nil {
			return err
		}
	}
	if err := w.WriteEndArray(); err != nil {
		return err
	}
	if err := w.EndDocument(); err != nil {
		return err
	}
	return w.Flush()
}

// corpusSlices returns slices from the corpora, decoded from their JSON
// text into interface values: the records a streaming program would write
// one by one.
func corpusSlices(t *testing.T) map[string]any {
	dir, err := golden.Dir("corpus")
	if err != nil {
		t.Fatal(err)
	}
	read := func(name string) map[string]any {
		b, err := golden.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		var v map[string]any
		if err := json.Unmarshal(b, &v); err != nil {
			t.Fatal(err)
		}
		return v
	}
	tw := read("twitter.json")
	citm := read("citm_catalog.json")
	canada := read("canada.json")
	code := read("code.json")
	rings := canada["features"].([]any)[0].(map[string]any)["geometry"].(map[string]any)["coordinates"].([]any)
	// Enough of each to fill the shared tables, few enough to try every
	// option combination in a second.
	first := func(s []any, n int) []any { return s[:min(n, len(s))] }
	return map[string]any{
		"twitter.statuses":  tw["statuses"].([]any),
		"citm.performances": first(citm["performances"].([]any), 100),
		"canada.ring":       first(rings[0].([]any), 1000),
		"code.kids":         first(code["tree"].(map[string]any)["kids"].([]any), 1),
	}
}

// TestMarshalEncodeMatchesMarshal checks that MarshalEncode of each
// element, between the start and end of an array, gives the bytes of
// Marshal of the whole slice, for every option combination, on the corpora
// and on generated typed values.
func TestMarshalEncodeMatchesMarshal(t *testing.T) {
	inputs := corpusSlices(t)
	rows := scRows(1500, 1)
	ptrs := make([]*scRow, 50)
	for i := range ptrs {
		if i%5 != 0 {
			ptrs[i] = &rows[i]
		}
	}
	inputs["rows"] = rows
	inputs["row-pointers"] = ptrs
	inputs["int64s"] = []int64{0, 1, -1, 1 << 40, -1 << 62}
	inputs["pairs"] = [][2]float64{{1, 2}, {3.5, -4}}
	inputs["strings"] = []string{"a", "b", "a", "\xff", strings.Repeat("é", 40), "a"}
	inputs["empty"] = []scRow{}
	modes := scEncModes(t)
	for name, s := range inputs {
		t.Run(name, func(t *testing.T) {
			for _, m := range modes {
				// The options of the encoders, not the Writer's, matter
				// only to the typed rows (times, invalid UTF-8).
				if o := m.EncOptions(); name != "rows" && (o.Time != TimeRFC3339Nano || o.ReplaceInvalidUTF8) {
					continue
				}
				want, wantErr := m.Marshal(s)
				var got bytes.Buffer
				err := encodeElements(m, s, &got)
				if wantErr != nil {
					if err == nil {
						t.Fatalf("%+v: Marshal failed (%v), MarshalEncode did not", m.EncOptions(), wantErr)
					}
					continue
				}
				if err != nil {
					t.Fatalf("%+v: %v", m.EncOptions(), err)
				}
				if !bytes.Equal(got.Bytes(), want) {
					i := 0
					for i < min(got.Len(), len(want)) && got.Bytes()[i] == want[i] {
						i++
					}
					t.Fatalf("%+v: MarshalEncode wrote %d bytes, Marshal %d; first difference at offset %d", m.EncOptions(), got.Len(), len(want), i)
				}
			}
		})
	}
}

// TestMarshalEncodePlaces writes values with MarshalEncode at the root, as
// array elements and as object members, and reads them back.
func TestMarshalEncodePlaces(t *testing.T) {
	var buf bytes.Buffer
	w, err := stream.NewWriterTo(&buf, stream.WriterOptions{})
	if err != nil {
		t.Fatal(err)
	}
	rows := scRows(3, 2)
	check := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	check(w.WriteStartObject())
	check(w.WriteKey("first"))
	check(MarshalEncode(w, &rows[0]))
	check(w.WriteKey("rest"))
	check(w.WriteStartArray())
	check(MarshalEncode(w, rows[1]))
	check(MarshalEncode(w, &rows[2]))
	check(w.WriteEndArray())
	check(w.WriteEndObject())
	check(w.Flush())

	// A key is due: MarshalEncode fails with the Writer's error.
	w2, _ := stream.NewWriter(stream.WriterOptions{})
	check(w2.WriteStartObject())
	var we *stream.WriterError
	if err := MarshalEncode(w2, 1); !errors.As(err, &we) {
		t.Fatalf("MarshalEncode where a key is due: %v, want a *stream.WriterError", err)
	}

	var got struct {
		First scRow   `json:"first"`
		Rest  []scRow `json:"rest"`
	}
	check(Unmarshal(buf.Bytes(), &got))
	want := struct {
		First scRow   `json:"first"`
		Rest  []scRow `json:"rest"`
	}{rows[0], rows[1:]}
	if diff := cmp.Diff(want, got, cmp.Comparer(func(a, b *big.Int) bool { return a.Cmp(b) == 0 })); diff != "" {
		t.Fatalf("(-want +got):\n%s", diff)
	}
}

// scDoc returns a document {"meta":{...},"rows":[...]} holding rows,
// written by Marshal with the options of m.
func scDoc(t *testing.T, m EncMode, rows []scRow) []byte {
	t.Helper()
	doc, err := m.Marshal(map[string]any{"meta": map[string]any{"page": "Main_Page", "count": len(rows)}, "rows": rows})
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

var bigIntComparer = cmp.Comparer(func(a, b *big.Int) bool { return a.Cmp(b) == 0 })

// TestUnmarshalDecodeArray reads the rows of a document one at a time
// with a stream.Reader and UnmarshalDecode, and checks that they equal
// what Unmarshal gives for the whole document, with and without shared
// values (whose back-references reach into earlier rows).
func TestUnmarshalDecodeArray(t *testing.T) {
	rows := scRows(2000, 3)
	for _, o := range []EncOptions{{}, {SharedValues: true}, {DisableSharedNames: true, RawBinary: true}} {
		m, err := o.EncMode()
		if err != nil {
			t.Fatal(err)
		}
		doc := scDoc(t, m, rows)
		var whole struct{ Rows []scRow }
		if err := Unmarshal(doc, &whole); err != nil {
			t.Fatal(err)
		}
		for _, streamed := range []bool{false, true} {
			var r *stream.Reader
			if streamed {
				r, err = stream.NewReaderFrom(bytes.NewReader(doc), DecMode{}.ReaderOptions())
			} else {
				r, err = stream.NewReader(doc, DecMode{}.ReaderOptions())
			}
			if err != nil {
				t.Fatal(err)
			}
			var got []scRow
			if _, err := r.ReadToken(); err != nil { // {
				t.Fatal(err)
			}
			for {
				tok, err := r.ReadToken()
				if err != nil {
					t.Fatal(err)
				}
				if tok.Kind == stream.KindEndObject {
					break
				}
				if string(tok.Bytes()) != "rows" {
					if err := r.SkipValue(); err != nil {
						t.Fatal(err)
					}
					continue
				}
				if tok, err := r.ReadToken(); err != nil || tok.Kind != stream.KindStartArray {
					t.Fatalf("%v %v", tok.Kind, err)
				}
				for {
					k, err := r.PeekKind()
					if err != nil {
						t.Fatal(err)
					}
					if k == stream.KindEndArray {
						break
					}
					var row scRow
					if err := UnmarshalDecode(r, &row); err != nil {
						t.Fatal(err)
					}
					got = append(got, row)
				}
				// At the end of the array, UnmarshalDecode refuses and
				// consumes nothing.
				if err := UnmarshalDecode(r, new(scRow)); err == nil || !strings.Contains(err.Error(), "end of the array") {
					t.Fatalf("UnmarshalDecode at the end of the array: %v", err)
				}
				if _, err := r.ReadToken(); err != nil { // ]
					t.Fatal(err)
				}
			}
			if _, err := r.ReadToken(); err != io.EOF {
				t.Fatalf("after the document: %v, want io.EOF", err)
			}
			if diff := cmp.Diff(whole.Rows, got, bigIntComparer); diff != "" {
				t.Fatalf("%+v streamed=%v: (-Unmarshal +UnmarshalDecode):\n%s", o, streamed, diff)
			}
		}
	}
}

// TestUnmarshalDecodeRoot reads root values and end markers.
func TestUnmarshalDecodeRoot(t *testing.T) {
	a, _ := Marshal(1)
	b, _ := Marshal("two")
	input := append(append(append(a, 0xff, 0xff), b...), 0xff)
	r, err := stream.NewReader(input, stream.ReaderOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var x int
	var s string
	if err := UnmarshalDecode(r, &x); err != nil || x != 1 {
		t.Fatalf("%v %v", x, err)
	}
	if err := UnmarshalDecode(r, &s); err != nil || s != "two" {
		t.Fatalf("%q %v", s, err)
	}
	if err := UnmarshalDecode(r, &s); err != io.EOF {
		t.Fatalf("at the end: %v, want io.EOF", err)
	}
}

// TestUnmarshalDecodeErrors checks that a type error in an element names
// its offset and path within the element and leaves the Reader after it,
// and that a key where a value is due is refused without consuming it.
func TestUnmarshalDecodeErrors(t *testing.T) {
	doc, err := Marshal([]any{map[string]any{"count": 1}, map[string]any{"count": "x"}, map[string]any{"count": 3}})
	if err != nil {
		t.Fatal(err)
	}
	r, _ := stream.NewReader(doc, stream.ReaderOptions{})
	if _, err := r.ReadToken(); err != nil {
		t.Fatal(err)
	}
	var counts []int64
	for i := 0; ; i++ {
		if k, _ := r.PeekKind(); k == stream.KindEndArray {
			break
		}
		var row scRow
		err := UnmarshalDecode(r, &row)
		var te *UnmarshalTypeError
		switch {
		case i == 1 && errors.As(err, &te):
			if te.Field != "count" || te.Offset <= 4 || doc[te.Offset]>>5 != 2 { // a tiny ASCII string token
				t.Fatalf("type error %+v", te)
			}
		case err != nil:
			t.Fatalf("element %d: %v", i, err)
		}
		counts = append(counts, row.Count)
	}
	if !reflect.DeepEqual(counts, []int64{1, 0, 3}) {
		t.Fatalf("counts %v", counts)
	}

	doc, _ = Marshal(map[string]int{"a": 1})
	r, _ = stream.NewReader(doc, stream.ReaderOptions{})
	if _, err := r.ReadToken(); err != nil {
		t.Fatal(err)
	}
	var x int
	if err := UnmarshalDecode(r, &x); err == nil || !strings.Contains(err.Error(), "key") {
		t.Fatalf("UnmarshalDecode before a key: %v", err)
	}
	if tok, err := r.ReadToken(); err != nil || string(tok.Bytes()) != "a" {
		t.Fatalf("the key after a refused UnmarshalDecode: %v %v", tok, err)
	}
	if err := UnmarshalDecode(r, &x); err != nil || x != 1 {
		t.Fatalf("%v %v", x, err)
	}
}

// TestUnmarshalDecodeBudget checks that the memory bound applies to each
// value by its own bytes: an element that amplifies past the floor fails
// with a *LimitError, though the array before it was long enough for the
// element to fit 16 × the bytes from its start.
func TestUnmarshalDecodeBudget(t *testing.T) {
	type big1k struct{ B [1024]byte }
	var elems []any
	for range 20000 {
		elems = append(elems, 1) // 20000 bytes of small ints
	}
	// 1500 empty objects: 3 KB, charged about 220 KB as []big1k (each
	// element at most typedElemCharge bytes, as the slice grows): more
	// than the floor (128 KiB) and less than 16 × 23 KB.
	empties := make([]any, 1500)
	for i := range empties {
		empties[i] = map[string]any{}
	}
	m16, _ := DecOptions{MaxExpansion: 16}.DecMode()
	elems = append(elems, empties)
	doc, err := Marshal(elems)
	if err != nil {
		t.Fatal(err)
	}
	r, _ := stream.NewReader(doc, stream.ReaderOptions{})
	if _, err := r.ReadToken(); err != nil {
		t.Fatal(err)
	}
	for range 20000 {
		var x int
		if err := UnmarshalDecode(r, &x); err != nil {
			t.Fatal(err)
		}
	}
	var big []big1k
	err = m16.UnmarshalDecode(r, &big)
	var le *LimitError
	if !errors.As(err, &le) || le.Limit != "MaxExpansion" || !strings.Contains(err.Error(), "DecOptions.MaxExpansion") {
		t.Fatalf("an amplifying element: %v, want a MaxExpansion *LimitError naming DecOptions.MaxExpansion", err)
	}
	if le.Max != expansionFloor || le.Got > 16*int64(len(doc)) {
		t.Fatalf("%+v: want the floor as the allowance, and a charge within 16 × the document", le)
	}
	// The same element decodes with the bound lifted.
	m, _ := DecOptions{MaxExpansion: 1 << 30}.DecMode()
	r, _ = stream.NewReader(doc, stream.ReaderOptions{})
	r.ReadToken()
	for range 20000 {
		r.SkipValue()
	}
	if err := m.UnmarshalDecode(r, &big); err != nil || len(big) != 1500 {
		t.Fatalf("%d %v", len(big), err)
	}
}

// TestDecoderArrayElements reads the rows of a document with the
// Decoder's Token, More and Decode, over a reader that returns one byte
// at a time, and checks them against Unmarshal.
func TestDecoderArrayElements(t *testing.T) {
	rows := scRows(500, 4)
	m, _ := EncOptions{SharedValues: true}.EncMode()
	doc := scDoc(t, m, rows)
	var whole struct{ Rows []scRow }
	if err := Unmarshal(doc, &whole); err != nil {
		t.Fatal(err)
	}
	dec := NewDecoder(io.MultiReader(oneByteReader{bytes.NewReader(doc)}))
	tok, err := dec.Token()
	if err != nil || tok.Kind != stream.KindStartObject {
		t.Fatalf("%v %v", tok.Kind, err)
	}
	var got []scRow
	for dec.More() {
		tok, err := dec.Token()
		if err != nil || tok.Kind != stream.KindKey {
			t.Fatalf("%v %v", tok.Kind, err)
		}
		if string(tok.Bytes()) != "rows" {
			var skip any
			if err := dec.Decode(&skip); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if tok, err := dec.Token(); err != nil || tok.Kind != stream.KindStartArray {
			t.Fatalf("%v %v", tok.Kind, err)
		}
		for dec.More() {
			var row scRow
			if err := dec.Decode(&row); err != nil {
				t.Fatal(err)
			}
			got = append(got, row)
		}
		if err := dec.Decode(new(scRow)); err == nil {
			t.Fatal("Decode at the end of the array: no error")
		}
		if tok, err := dec.Token(); err != nil || tok.Kind != stream.KindEndArray {
			t.Fatalf("%v %v", tok.Kind, err)
		}
	}
	if tok, err := dec.Token(); err != nil || tok.Kind != stream.KindEndObject {
		t.Fatalf("%v %v", tok.Kind, err)
	}
	if dec.More() {
		t.Fatal("More after the document")
	}
	if _, err := dec.Token(); err != io.EOF {
		t.Fatalf("Token after the document: %v, want io.EOF", err)
	}
	if diff := cmp.Diff(whole.Rows, got, bigIntComparer); diff != "" {
		t.Fatalf("(-Unmarshal +Decoder):\n%s", diff)
	}
}

// TestDecoderMoreAtRoot checks that More keeps its meaning at the root:
// another root value follows, end markers skipped.
func TestDecoderMoreAtRoot(t *testing.T) {
	var buf bytes.Buffer
	enc := NewEncoder(&buf)
	for i := range 3 {
		if err := enc.Encode([]int{i}); err != nil {
			t.Fatal(err)
		}
		buf.WriteByte(0xff)
	}
	dec := NewDecoder(&buf)
	var got [][]int
	for dec.More() {
		var v []int
		if err := dec.Decode(&v); err != nil {
			t.Fatal(err)
		}
		got = append(got, v)
	}
	if !reflect.DeepEqual(got, [][]int{{0}, {1}, {2}}) {
		t.Fatalf("%v", got)
	}
	if err := dec.Decode(new(any)); err != io.EOF {
		t.Fatalf("%v", err)
	}
}

// TestDecoderTokenJackson walks Jackson's encoding of the twitter corpus
// with Token and decodes its statuses one by one.
func TestDecoderTokenJackson(t *testing.T) {
	dir, err := golden.Dir("corpus")
	if err != nil {
		t.Fatal(err)
	}
	doc, err := golden.ReadFile(filepath.Join(dir, "twitter.default.smile"))
	if err != nil {
		t.Fatal(err)
	}
	var whole struct {
		Statuses []any `json:"statuses"`
	}
	if err := Unmarshal(doc, &whole); err != nil {
		t.Fatal(err)
	}
	dec := NewDecoder(bytes.NewReader(doc))
	dec.Token() // {
	var got []any
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			t.Fatal(err)
		}
		if string(tok.Bytes()) != "statuses" {
			if err := dec.Decode(new(any)); err != nil {
				t.Fatal(err)
			}
			continue
		}
		dec.Token() // [
		for dec.More() {
			var s any
			if err := dec.Decode(&s); err != nil {
				t.Fatal(err)
			}
			got = append(got, s)
		}
		dec.Token() // ]
	}
	if len(got) != 100 {
		t.Fatalf("%d statuses", len(got))
	}
	if diff := cmp.Diff(whole.Statuses, got); diff != "" {
		t.Fatalf("(-Unmarshal +Decoder):\n%s", diff)
	}
}

// oneByteReader returns one byte per Read.
type oneByteReader struct{ r io.Reader }

func (o oneByteReader) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	return o.r.Read(p[:1])
}

// fzStreamWalk checks, for FuzzUnmarshal, that walking data with a
// Decoder's Token, More and Decode and with a stream.Reader and
// UnmarshalDecode neither panics nor loops, and that when Unmarshal reads
// data as an array (whole, into want) the elements decoded one by one are
// its elements.
func fzStreamWalk(t *testing.T, data []byte, want any, wantErr error) {
	dec := NewDecoder(bytes.NewReader(data))
	for i := 0; i < 1000; i++ {
		if i%2 == 1 && dec.More() {
			var v any
			_ = dec.Decode(&v) // at a key it refuses; Token then reads the key
		}
		if _, err := dec.Token(); err != nil {
			break
		}
	}

	arr, ok := want.([]any)
	if wantErr != nil || !ok {
		return
	}
	r, err := stream.NewReader(data, stream.ReaderOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if tok, err := r.ReadToken(); err != nil || tok.Kind != stream.KindStartArray {
		t.Fatalf("Unmarshal read an array, the Reader %v %v", tok.Kind, err)
	}
	for i := 0; ; i++ {
		k, err := r.PeekKind()
		if err != nil {
			t.Fatalf("element %d: %v", i, err)
		}
		if k == stream.KindEndArray {
			if i != len(arr) {
				t.Fatalf("%d elements one by one, %d whole", i, len(arr))
			}
			return
		}
		var v any
		if err := UnmarshalDecode(r, &v); err != nil {
			if isExpansionLimit(err) {
				return // the element's own budget is smaller than the document's
			}
			t.Fatalf("element %d: %v", i, err)
		}
		if i >= len(arr) {
			t.Fatalf("more elements one by one than Unmarshal's %d", len(arr))
		}
		// Compared by their encodings, in which NaN equals NaN.
		got, err1 := Marshal(v)
		want, err2 := Marshal(arr[i])
		if err1 != nil || err2 != nil || !bytes.Equal(got, want) {
			t.Fatalf("element %d one by one differs from Unmarshal's: %#v, want %#v", i, v, arr[i])
		}
	}
}

// TestUnmarshalDecodeErrorNames checks that the errors of UnmarshalDecode
// name the caller's Reader's options as ReaderOptions fields, and those of
// the Decoder the DecOptions fields.
func TestUnmarshalDecodeErrorNames(t *testing.T) {
	doc, err := Marshal([]string{strings.Repeat("x", 100)})
	if err != nil {
		t.Fatal(err)
	}
	r, _ := stream.NewReader(doc, stream.ReaderOptions{MaxStringLen: 10})
	r.ReadToken()
	var s string
	if err := UnmarshalDecode(r, &s); err == nil || !strings.Contains(err.Error(), "ReaderOptions.MaxStringLen") {
		t.Errorf("UnmarshalDecode: %v, want an error naming ReaderOptions.MaxStringLen", err)
	}
	m, _ := DecOptions{MaxStringLen: 10}.DecMode()
	dec := m.NewDecoder(bytes.NewReader(doc))
	dec.Token()
	if err := dec.Decode(&s); err == nil || !strings.Contains(err.Error(), "DecOptions.MaxStringLen") {
		t.Errorf("Decoder.Decode: %v, want an error naming DecOptions.MaxStringLen", err)
	}
}
