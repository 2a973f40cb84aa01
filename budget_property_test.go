package smile

import (
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"testing/iotest"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"
)

// The property of the memory budget: whatever Marshal writes, with any
// EncOptions, Unmarshal and a Decoder read back under the default
// DecOptions (HeaderOptional set for OmitHeader, the one option the
// reader must be told), into any and into the original type, and give
// the value back. MaxExpansion must never refuse it.

// encCombos returns every combination of the boolean and two-valued
// EncOptions fields that EncMode accepts. It checks that EncMode refuses
// exactly the ones the documentation says (OmitHeader with SharedValues
// or RawBinary), so that no combination is left out silently.
func encCombos(t testing.TB) []EncOptions {
	var combos []EncOptions
	for bits := range 1 << 9 {
		o := EncOptions{
			OmitHeader:            bits&1 != 0,
			DisableSharedNames:    bits&2 != 0,
			SharedValues:          bits&4 != 0,
			RawBinary:             bits&8 != 0,
			EndMarker:             bits&16 != 0,
			LegacyFloat32SignBits: bits&32 != 0,
			MapKeyOrder:           MapKeyOrder(bits >> 6 & 1),
			Time:                  TimeFormat(bits >> 7 & 1),
			ReplaceInvalidUTF8:    bits&256 != 0,
		}
		_, err := o.EncMode()
		refused := o.OmitHeader && (o.SharedValues || o.RawBinary)
		if (err != nil) != refused {
			t.Fatalf("EncMode(%+v): %v", o, err)
		}
		if err == nil {
			combos = append(combos, o)
		}
	}
	return combos
}

// decModeFor returns the default DecMode, with HeaderOptional when o
// leaves the header out.
func decModeFor(t testing.TB, o EncOptions) DecMode {
	m, err := DecOptions{HeaderOptional: o.OmitHeader}.DecMode()
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// propDoc is the typed value of the property test: every kind of field,
// with elements larger than typedElemCharge (Kids, Next) and fields that
// Marshal may leave out.
type propDoc struct {
	ID    int64          `smile:"id"`
	Name  string         `smile:"name,omitempty"`
	Tags  []string       `smile:"tags"`
	Score float64        `smile:"score,omitempty"`
	Ratio float32        `smile:"ratio"`
	Flag  bool           `smile:"flag,omitempty"`
	When  time.Time      `smile:"when"`
	Blob  []byte         `smile:"blob,omitempty"`
	Attrs map[string]int `smile:"attrs,omitempty"`
	Kids  []propDoc      `smile:"kids,omitempty"`
	Next  *propDoc       `smile:"next,omitempty"`
	Omit  shapeOmit      `smile:"omit"`
	Any   any            `smile:"any"`
}

// propCmp compares decoded values with the originals: times as instants
// (TimeEpochMillis gives them back in the local zone).
var propCmp = cmp.Options{cmp.Comparer(func(a, b time.Time) bool { return a.Equal(b) })}

// gen makes Go values from a source of choices: a seeded PRNG in the
// property test, the fuzz input in the fuzz target.
type gen struct {
	intn func(n int) int // in [0, n); 0 when out of choices
	// strs are the strings values are drawn from: repeated ones are
	// shared (with SharedValues), of 0 to 70 bytes.
	strs []string
	left int // elements the value may still have
}

func newGen(intn func(int) int, elems int) *gen {
	g := &gen{intn: intn, left: elems}
	for i := range 24 {
		n := []int{0, 1, 5, 31, 32, 33, 63, 64, 65, 70}[i%10]
		g.strs = append(g.strs, strings.Repeat(string(rune('a'+i)), n))
	}
	g.strs = append(g.strs, "é", "日本語", "\x00", strings.Repeat("ü", 32))
	return g
}

// length returns the length of a container: mostly short, sometimes up
// to all the elements left.
func (g *gen) length() int {
	if g.left <= 0 {
		return 0
	}
	var n int
	switch g.intn(4) {
	case 0, 1:
		n = g.intn(4)
	case 2:
		n = g.intn(64)
	default:
		n = g.intn(g.left + 1)
	}
	n = min(n, g.left)
	g.left -= n
	return n
}

func (g *gen) str() string {
	if g.intn(3) == 0 {
		return fmt.Sprintf("s%d", g.intn(1<<20))
	}
	return g.strs[g.intn(len(g.strs))]
}

func (g *gen) key() string {
	return []string{"a", "id", "ok", "items", "k" + strings.Repeat("x", 60), "é"}[g.intn(6)]
}

// anyValue returns a value of the types Unmarshal gives in an interface
// value, so that decoding it into any gives it back: nil, bool, int64,
// float64, string, []byte, []any and map[string]any (never nil slices or
// maps, which Marshal writes as null).
func (g *gen) anyValue(depth int) any {
	k := g.intn(12)
	if depth > 40 && k >= 8 {
		k = 0
	}
	switch k {
	case 0:
		return nil
	case 1:
		return g.intn(2) == 0
	case 2:
		return int64(g.intn(300)) - 20
	case 3:
		return int64(g.intn(1<<30)) << g.intn(33) * int64(1-2*g.intn(2))
	case 4:
		return float64(g.intn(1<<20)) / 8
	case 5, 6:
		return g.str()
	case 7:
		return bytes.Repeat([]byte{byte(g.intn(256))}, g.intn(70))
	case 8, 9:
		n := g.length()
		a := make([]any, n)
		if n > 8 && g.intn(2) == 0 {
			// One element repeated: dense. Its own elements,
			// repeated n times, come out of those left.
			own := min(16, g.left/n)
			left := g.left - own*n
			g.left = own
			v := g.anyValue(depth + 1)
			g.left = left
			for i := range a {
				a[i] = v
			}
			return a
		}
		for i := range a {
			a[i] = g.anyValue(depth + 1)
		}
		return a
	default:
		n := g.length()
		m := make(map[string]any, n)
		for i := range n {
			k := g.key()
			if i >= 6 {
				k = fmt.Sprintf("k%d", i)
			}
			m[k] = g.anyValue(depth + 1)
		}
		return m
	}
}

// doc returns a propDoc.
func (g *gen) doc(depth int) propDoc {
	d := propDoc{ID: int64(g.intn(1 << 20)), Ratio: float32(g.intn(1000)) / 4}
	if g.intn(2) == 0 {
		d.Name = g.str()
	}
	if n := g.length(); n > 0 || g.intn(2) == 0 {
		d.Tags = make([]string, n)
		for i := range d.Tags {
			d.Tags[i] = g.str()
		}
	}
	if g.intn(2) == 0 {
		d.Score = float64(g.intn(1<<16)) / 16
		d.Flag = true
		d.When = time.UnixMilli(int64(g.intn(1<<30)) * 1000).UTC()
	}
	if g.intn(3) == 0 {
		d.Blob = bytes.Repeat([]byte{7}, 1+g.intn(100)) // omitempty: an empty one comes back nil
	}
	if n := g.length(); n > 0 {
		d.Attrs = make(map[string]int, n)
		for i := range n {
			d.Attrs[fmt.Sprint("a", i)] = g.intn(1000)
		}
	}
	if depth < 6 {
		if n := g.length(); n > 0 {
			d.Kids = make([]propDoc, n)
			for i := range d.Kids {
				d.Kids[i] = g.doc(depth + 1)
			}
		}
		if g.intn(4) == 0 {
			n := g.doc(depth + 1)
			d.Next = &n
		}
	}
	if g.intn(2) == 0 {
		d.Omit.C = g.str()
	}
	d.Any = g.anyValue(depth)
	return d
}

// readPaths says how checkRoundTrip reads a document: by Unmarshal, then
// also by a Decoder over a bytes.Reader, then also by one over a reader
// that returns one byte per Read.
type readPaths int

const (
	viaUnmarshal readPaths = iota
	viaBytesReader
	viaOneByteReader
)

// pathsFor returns the paths for a value of n elements: every one up to
// 1000, without the one-byte reads up to 10^5, Unmarshal alone beyond.
func pathsFor(n int) readPaths {
	switch {
	case n <= 1000:
		return viaOneByteReader
	case n <= 100_000:
		return viaBytesReader
	}
	return viaUnmarshal
}

// checkRoundTrip marshals v with o and decodes it, with the defaults,
// into any (compared with v when wantAny is set: v is of the types
// decoding into any gives) and into a new value of v's type (compared
// with v), by Unmarshal and by Decoders over the readers of the paths
// asked for. It returns the bytes of Smile.
func checkRoundTrip(t testing.TB, o EncOptions, v any, wantAny bool, paths readPaths) int {
	t.Helper()
	em, err := o.EncMode()
	if err != nil {
		t.Fatal(err)
	}
	data, err := em.Marshal(v)
	if err != nil {
		t.Fatalf("Marshal with %+v: %v", o, err)
	}
	dm := decModeFor(t, o)
	typ := reflect.TypeOf(v)
	if wantAny {
		typ = nil // v's type is any: the checks into any are the typed ones
	}
	check := func(how string, got any, err error) {
		t.Helper()
		if err != nil {
			t.Fatalf("%s with %+v, %d bytes: %v", how, o, len(data), err)
		}
		if _, ok := got.(*any); ok && !wantAny {
			return
		}
		g := reflect.ValueOf(got).Elem().Interface()
		// reflect.DeepEqual first: cmp is many times slower, and needed
		// only for times (in another zone after TimeEpochMillis).
		if !reflect.DeepEqual(v, g) && !cmp.Equal(v, g, propCmp) {
			t.Fatalf("%s with %+v: the value differs: %s", how, o, firstDiff(v, g))
		}
	}
	newT := func() any { return reflect.New(typ).Interface() }
	var a any
	check("Unmarshal into any", &a, dm.Unmarshal(data, &a))
	if typ != nil {
		p := newT()
		check("Unmarshal into "+typ.String(), p, dm.Unmarshal(data, p))
	}

	var readers []func() io.Reader
	if paths >= viaBytesReader {
		readers = append(readers, func() io.Reader { return bytes.NewReader(data) })
	}
	if paths >= viaOneByteReader {
		readers = append(readers, func() io.Reader { return iotest.OneByteReader(bytes.NewReader(data)) })
	}
	for i, r := range readers {
		how := []string{"Decoder over bytes.Reader", "Decoder over OneByteReader"}[i]
		var a any
		dec := dm.NewDecoder(r())
		check(how+" into any", &a, dec.Decode(&a))
		if err := dec.Decode(&a); err != io.EOF {
			t.Fatalf("%s: after the value: %v", how, err)
		}
		if typ != nil {
			p := newT()
			check(how+" into "+typ.String(), p, dm.NewDecoder(r()).Decode(p))
		}
	}
	return len(data)
}

// TestMarshalUnmarshalDefaults is the property: generated values of every
// shape, with every EncOptions combination, decode under the defaults.
func TestMarshalUnmarshalDefaults(t *testing.T) {
	combos := encCombos(t)
	values, bytesTotal := 0, 0
	for ci, o := range combos {
		r := rand.New(rand.NewPCG(uint64(ci), 1))
		// Sizes from 0 to 5000 elements: the small ones with every
		// combination, the large ones with every eighth.
		sizes := []int{0, 1, 10, 100}
		if ci%8 == 0 {
			sizes = append(sizes, 1000, 5000)
		}
		var stream []any
		for _, elems := range sizes {
			g := newGen(r.IntN, elems)
			v := g.anyValue(0)
			bytesTotal += checkRoundTrip(t, o, v, true, pathsFor(elems))
			g = newGen(r.IntN, elems)
			d := g.doc(0)
			bytesTotal += checkRoundTrip(t, o, d, false, pathsFor(elems))
			values += 2
			stream = append(stream, v, d)
		}
		if !o.OmitHeader {
			// Without headers the documents of a stream cannot be
			// told apart, and the Decoder reads the values as one
			// document whose shared names go on from value to value,
			// where the Encoder starts each document afresh.
			checkEncoderStream(t, o, stream)
		}
	}
	t.Logf("%d generated values, %d EncOptions combinations, %d bytes of Smile", values, len(combos), bytesTotal)
}

// checkEncoderStream writes the values through one Encoder with o and
// reads them back through one Decoder with the defaults, into any for the
// values of the types decoding into any gives and into *propDoc for the
// others.
func checkEncoderStream(t testing.TB, o EncOptions, values []any) {
	t.Helper()
	em, _ := o.EncMode()
	var buf bytes.Buffer
	enc := em.NewEncoder(&buf)
	for _, v := range values {
		if err := enc.Encode(v); err != nil {
			t.Fatal(err)
		}
	}
	dec := decModeFor(t, o).NewDecoder(iotest.HalfReader(&buf))
	for i, v := range values {
		var got any
		if _, ok := v.(propDoc); ok {
			got = new(propDoc)
		} else {
			got = new(any)
		}
		if err := dec.Decode(got); err != nil {
			t.Fatalf("Decoder over the Encoder's stream with %+v: value %d: %v", o, i, err)
		}
		g := reflect.ValueOf(got).Elem().Interface()
		if !reflect.DeepEqual(v, g) && !cmp.Equal(v, g, propCmp) {
			t.Fatalf("Decoder over the Encoder's stream with %+v: value %d differs: %s", o, i, firstDiff(v, g))
		}
	}
	var extra any
	if err := dec.Decode(&extra); err != io.EOF {
		t.Fatalf("Decoder over the Encoder's stream with %+v: after the values: %v", o, err)
	}
}

// TestMarshalUnmarshalDenseShapes runs the property on the densest shapes
// (budgetShapes, the regression cases of the issue among them), from 0 to
// 10^6 elements, with the EncOptions that change their density.
func TestMarshalUnmarshalDenseShapes(t *testing.T) {
	sizes := []int{0, 1, 7, 300, 500, 1000, 10_000, 100_000, 1_000_000}
	most := 1_000_000
	if testing.Short() {
		most = 100_000
	}
	combos := []EncOptions{{}, {SharedValues: true}, {DisableSharedNames: true}, {OmitHeader: true, EndMarker: true}}
	cases := 0
	for _, s := range budgetShapes() {
		for _, n := range sizes {
			if n > min(s.maxN, most) {
				break
			}
			v := s.make(n)
			for ci, o := range combos {
				if n > 10_000 && ci > 0 {
					break // the large sizes with the shape's own options
				}
				if s.enc.SharedValues {
					if o.OmitHeader {
						continue
					}
					o.SharedValues = true
				}
				checkRoundTrip(t, o, v, false, pathsFor(n))
				cases++
			}

		}
	}
	t.Logf("%d shape, size and EncOptions cases", cases)
}

// TestMaxExpansionIssueShapes are the documents of the issue, refused by
// the bound of 64 × the bytes read so far.
func TestMaxExpansionIssueShapes(t *testing.T) {
	ids := make([]map[string]int, 500)
	for i := range ids {
		ids[i] = map[string]int{"id": 1000 + i}
	}
	checkRoundTrip(t, EncOptions{}, ids, false, viaOneByteReader)
	items := shapeItems{Items: make([]map[string]bool, 1000)}
	for i := range items.Items {
		items.Items[i] = map[string]bool{"ok": true}
	}
	checkRoundTrip(t, EncOptions{}, items, false, viaOneByteReader)
	strs := make([]string, 50_000)
	for i := range strs {
		strs[i] = strings.Repeat("x", 60)
	}
	checkRoundTrip(t, EncOptions{SharedValues: true}, strs, false, viaOneByteReader)
}

// TestMaxExpansionStaleObjectSizes: objectAny makes the map of an object
// for as many members as the last object that began with the same
// shared-name slot had (objSizes). A chain of nested one-member objects
// opened after a wide object with the same first name, in the same
// document or in the one before on the same decoder, made every level's
// map for the wide one, and the charges for those maps refused documents
// our Marshal writes (a wide object of 100 members, then a chain 500
// deep: 2,150 bytes, refused at 550,697 of 550,400).
func TestMaxExpansionStaleObjectSizes(t *testing.T) {
	wideObject := func(members int) map[string]any {
		m := map[string]any{"a": int64(0)}
		for i := 1; i < members; i++ {
			m[fmt.Sprintf("k%d", i)] = int64(i)
		}
		return m
	}
	for _, members := range []int{9, 50, 100, 200, 1000} {
		for _, depth := range []int{100, 200, 500, 990} {
			name := fmt.Sprintf("%d members then %d deep", members, depth)
			// In one document: sorted keys put "a" first in both.
			checkRoundTrip(t, EncOptions{}, []any{wideObject(members), nestedMaps(depth - 1)}, false, viaOneByteReader)
			// In two documents of a root-level sequence, on one Decoder
			// (whose decode state, unlike a pooled one, is sure to be the
			// same for both), and the second one cut short.
			first, err := Marshal(wideObject(members))
			require.NoError(t, err, name)
			second, err := Marshal(nestedMaps(depth - 1))
			require.NoError(t, err, name)
			for _, cut := range []int{len(second), len(second) * 2 / 3} {
				dec := NewDecoder(bytes.NewReader(append(append([]byte{}, first...), second[:cut]...)))
				var v, w any
				require.NoError(t, dec.Decode(&v), name)
				err = dec.Decode(&w)
				if cut == len(second) {
					require.NoError(t, err, "%s: the second document", name)
				} else {
					require.ErrorIs(t, err, io.ErrUnexpectedEOF, "%s: the second document cut at %d of %d", name, cut, len(second))
				}
			}
		}
	}
}

// firstDiff describes the first difference of want and got, found by
// going down their first differing elements: cmp.Diff's report of a
// long slice takes time quadratic in its length.
func firstDiff(want, got any) string {
	path := ""
	for {
		wv, gv := reflect.ValueOf(want), reflect.ValueOf(got)
		if !wv.IsValid() || !gv.IsValid() || wv.Type() != gv.Type() {
			break
		}
		next := false
		switch wv.Kind() {
		case reflect.Slice, reflect.Array:
			if wv.Len() != gv.Len() {
				return fmt.Sprintf("%s: length %d, want %d", path, gv.Len(), wv.Len())
			}
			for i := range wv.Len() {
				if !cmp.Equal(wv.Index(i).Interface(), gv.Index(i).Interface(), propCmp) {
					path += fmt.Sprintf("[%d]", i)
					want, got, next = wv.Index(i).Interface(), gv.Index(i).Interface(), true
					break
				}
			}
		case reflect.Map:
			for _, k := range wv.MapKeys() {
				w, g := wv.MapIndex(k), gv.MapIndex(k)
				if !g.IsValid() || !cmp.Equal(w.Interface(), g.Interface(), propCmp) {
					path += fmt.Sprintf("[%v]", k)
					if !g.IsValid() {
						return path + ": missing"
					}
					want, got, next = w.Interface(), g.Interface(), true
					break
				}
			}
		}
		if !next {
			break
		}
	}
	d := cmp.Diff(want, got, propCmp)
	if len(d) > 4000 {
		d = d[:4000] + "..."
	}
	return path + " (-want +got):\n" + d
}

// FuzzMarshalUnmarshalDefaults is the property with the fuzz input as the
// source of choices: its first two bytes pick the EncOptions combination,
// the next two the most elements (up to 65535, repeated subtrees making
// them dense), the rest drive the generator. What Marshal writes must
// decode under the default DecOptions and give the value back.
func FuzzMarshalUnmarshalDefaults(f *testing.F) {
	combos := encCombos(f)
	f.Add([]byte{0, 0, 0, 10, 9, 3, 2, 1})
	f.Add([]byte{0, 4, 0xFF, 0xFF, 8, 0, 3, 0xFF, 9, 1, 11, 3, 0, 11, 0, 0})
	f.Add([]byte{1, 3, 0x10, 0, 10, 3, 0xFF, 0xFF, 5, 5, 5, 5, 5})
	f.Fuzz(func(t *testing.T, in []byte) {
		if len(in) < 4 {
			return
		}
		o := combos[(int(in[0])<<8|int(in[1]))%len(combos)]
		elems := int(in[2])<<8 | int(in[3])
		src := in[4:]
		intn := func(n int) int {
			if n <= 1 || len(src) == 0 {
				return 0
			}
			var u uint32
			for k := 0; k < 4 && len(src) > 0 && (k == 0 || uint32(n) > 1<<(8*k)); k++ {
				u = u<<8 | uint32(src[0])
				src = src[1:]
			}
			return int(u % uint32(n))
		}
		g := newGen(intn, elems)
		checkRoundTrip(t, o, g.anyValue(0), true, viaBytesReader)
		g.left = elems
		checkRoundTrip(t, o, g.doc(0), false, viaBytesReader)
	})
}

// TestMaxExpansionSizeSweep decodes the first shape of the issue at every
// size from 0 to 600 elements and at every 37th up to 3000: under the old
// rule 300 passed and 500 failed; now every size passes, into any and
// into its type.
func TestMaxExpansionSizeSweep(t *testing.T) {
	ids := make([]map[string]int, 3000)
	for i := range ids {
		ids[i] = map[string]int{"id": 1000 + i}
	}
	for n := 0; n <= len(ids); n += 1 + n/600*36 {
		data, err := Marshal(ids[:n])
		if err != nil {
			t.Fatal(err)
		}
		var a any
		var typed []map[string]int
		if err := Unmarshal(data, &a); err != nil {
			t.Fatalf("%d elements into any: %v", n, err)
		}
		if err := Unmarshal(data, &typed); err != nil {
			t.Fatalf("%d elements into []map[string]int: %v", n, err)
		}
	}
}
