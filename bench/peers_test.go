package bench

import (
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strconv"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/go-smile/smile"
	"github.com/go-smile/smile/bench/models"
)

// prepared is what every test and benchmark of one (data set, codec) pair
// needs: the typed model, the compact JSON size and the codec's encoding of
// the model. It is computed once per process.
type prepared struct {
	model   any    // pointer to the typed model, decoded by encoding/json (prepareAny: its any tree)
	size    int64  // compact JSON size of the document: the b.SetBytes figure for every codec
	encoded []byte // the codec's encoding of model
	err     error  // why the codec does not round-trip the data set, if it does not
}

var (
	prepMu       sync.Mutex
	prepCache    = map[string]*prepared{}
	docCache     = map[string]*prepared{} // model and size, shared by the codecs of a data set
	anyPrepCache = map[string]*prepared{} // as prepCache, for the `any` tree (prepareAny)
	anyDocCache  = map[string]*prepared{} // as docCache, for the `any` tree
)

// modelCmpOpts make cmp fast on the recursive code tree (see byIndex).
var modelCmpOpts = []cmp.Option{byIndex[*models.CodeNode]()}

// prepare returns the cached setup for ds and c, checking once that c
// round-trips the typed model of ds: marshal, unmarshal into a new model,
// and compare with the original (cmp.Diff, so nil and empty differ).
func prepare(tb testing.TB, ds Dataset, c codec) *prepared {
	tb.Helper()
	if c.skip != "" {
		tb.Skip(c.skip)
	}
	key := ds.Name + "/" + c.name
	prepMu.Lock()
	defer prepMu.Unlock()
	if p, ok := prepCache[key]; ok {
		return p
	}
	doc, ok := docCache[ds.Name]
	if !ok {
		compact, err := ds.Compact()
		if err != nil {
			tb.Fatal(err)
		}
		model, err := ds.Model()
		if err != nil {
			tb.Fatal(err)
		}
		doc = &prepared{model: model, size: int64(len(compact))}
		docCache[ds.Name] = doc
	}
	p := &prepared{model: doc.model, size: doc.size}
	var err error
	p.encoded, err = c.marshal(p.model)
	if err != nil {
		p.err = fmt.Errorf("%s: Marshal(%s): %w", c.name, ds.Name, err)
	} else {
		back := ds.New()
		if err := c.unmarshal(p.encoded, back); err != nil {
			p.err = fmt.Errorf("%s: Unmarshal(%s): %w", c.name, ds.Name, err)
		} else if diff := cmp.Diff(p.model, back, modelCmpOpts...); diff != "" {
			p.err = fmt.Errorf("%s does not round-trip %s (-original +decoded):\n%s", c.name, ds.Name, diff)
		}
	}
	prepCache[key] = p
	return p
}

// prepareAny is prepare for the document as encoding/json decodes it into
// `any`: model is that tree (the same for every codec), encoded the codec's
// encoding of it, and the check is that the codec decodes its encoding
// into `any` again with the same content (treeDiff: numbers by value, maps
// by key whatever the codec's map type).
func prepareAny(tb testing.TB, ds Dataset, c codec) *prepared {
	tb.Helper()
	if c.skip != "" {
		tb.Skip(c.skip)
	}
	key := ds.Name + "/" + c.name
	prepMu.Lock()
	defer prepMu.Unlock()
	if p, ok := anyPrepCache[key]; ok {
		return p
	}
	doc, ok := anyDocCache[ds.Name]
	if !ok {
		compact, err := ds.Compact()
		if err != nil {
			tb.Fatal(err)
		}
		var tree any
		if err := json.Unmarshal(compact, &tree); err != nil {
			tb.Fatalf("%s: %v", ds.File, err)
		}
		doc = &prepared{model: tree, size: int64(len(compact))}
		anyDocCache[ds.Name] = doc
	}
	p := &prepared{model: doc.model, size: doc.size}
	var err error
	p.encoded, err = c.marshal(p.model)
	if err != nil {
		p.err = fmt.Errorf("%s: Marshal(%s as any): %w", c.name, ds.Name, err)
	} else {
		var back any
		if err := c.unmarshal(p.encoded, &back); err != nil {
			p.err = fmt.Errorf("%s: Unmarshal(%s) into any: %w", c.name, ds.Name, err)
		} else if path := treeDiff(p.model, back, "$"); path != "" {
			p.err = fmt.Errorf("%s does not round-trip %s as any: first difference at %s", c.name, ds.Name, path)
		}
	}
	anyPrepCache[key] = p
	return p
}

// treeDiff compares two trees of generic values and returns the path of the
// first difference with both values, or "" when they are equal. Maps
// are equal when they have the same keys (compared as text: cbor decodes
// maps as map[any]any) with equal values; numbers of any Go type are
// compared by value as float64 (every number of the documents decoded by
// encoding/json is a float64).
func treeDiff(a, b any, path string) string {
	va, vb := reflect.ValueOf(a), reflect.ValueOf(b)
	if !va.IsValid() || !vb.IsValid() {
		if va.IsValid() != vb.IsValid() {
			return fmt.Sprintf("%s: %#v vs %#v", path, a, b)
		}
		return ""
	}
	if x, ok := number(va); ok {
		if y, ok := number(vb); !ok || x != y {
			return fmt.Sprintf("%s: %#v vs %#v", path, a, b)
		}
		return ""
	}
	switch {
	case va.Kind() == reflect.Map && vb.Kind() == reflect.Map:
		if va.Len() != vb.Len() {
			return fmt.Sprintf("%s: %d members vs %d", path, va.Len(), vb.Len())
		}
		bm := make(map[string]any, vb.Len())
		for it := vb.MapRange(); it.Next(); {
			bm[fmt.Sprint(it.Key().Interface())] = it.Value().Interface()
		}
		for it := va.MapRange(); it.Next(); {
			k := fmt.Sprint(it.Key().Interface())
			bv, ok := bm[k]
			if !ok {
				return fmt.Sprintf("%s: member %q missing", path, k)
			}
			if d := treeDiff(it.Value().Interface(), bv, path+"."+k); d != "" {
				return d
			}
		}
		return ""
	case va.Kind() == reflect.Slice && vb.Kind() == reflect.Slice:
		if va.Len() != vb.Len() {
			return fmt.Sprintf("%s: %d elements vs %d", path, va.Len(), vb.Len())
		}
		for i := range va.Len() {
			if d := treeDiff(va.Index(i).Interface(), vb.Index(i).Interface(), fmt.Sprintf("%s[%d]", path, i)); d != "" {
				return d
			}
		}
		return ""
	case va.Kind() == vb.Kind() && (va.Kind() == reflect.String || va.Kind() == reflect.Bool):
		if va.Interface() != vb.Interface() {
			return fmt.Sprintf("%s: %#v vs %#v", path, a, b)
		}
		return ""
	}
	return fmt.Sprintf("%s: %#v (%T) vs %#v (%T)", path, a, a, b, b)
}

// number returns the value of an integer or floating-point v as float64.
func number(v reflect.Value) (float64, bool) {
	switch v.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return float64(v.Int()), true
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return float64(v.Uint()), true
	case reflect.Float32, reflect.Float64:
		return v.Float(), true
	}
	return 0, false
}

// TestPeersRoundTrip checks every codec on every data set: the typed model
// survives marshal + unmarshal, the encoding also decodes into `any`, and
// the document as encoding/json's `any` tree survives marshal + unmarshal
// into `any` (what BenchmarkMarshalAny encodes).
func TestPeersRoundTrip(t *testing.T) {
	for _, ds := range Datasets {
		t.Run(ds.Name, func(t *testing.T) {
			for _, c := range codecs {
				t.Run(c.name, func(t *testing.T) {
					p := prepare(t, ds, c)
					if p.err != nil {
						t.Fatal(p.err)
					}
					var v any
					if err := c.unmarshal(p.encoded, &v); err != nil {
						t.Fatalf("%s: Unmarshal(%s) into any: %v", c.name, ds.Name, err)
					}
					t.Logf("%s: %d bytes (%.2f of compact JSON %d)", c.name, len(p.encoded),
						float64(len(p.encoded))/float64(p.size), p.size)
					if pa := prepareAny(t, ds, c); pa.err != nil {
						t.Fatal(pa.err)
					}
				})
			}
		})
	}
}

// benchmark runs fn as BenchmarkX/<dataset>/<codec> for every pair, after
// checking that the codec round-trips the data set (prep is prepare or
// prepareAny). The map-order variants run only when variants is set.
func benchmark(b *testing.B, prep func(testing.TB, Dataset, codec) *prepared, variants bool,
	fn func(b *testing.B, ds Dataset, c codec, p *prepared)) {
	for _, ds := range Datasets {
		b.Run(ds.Name, func(b *testing.B) {
			// Every codec's setup is made before the first one runs, so
			// that all run with the same live heap, and with it the same
			// pace of garbage collection: made as each codec starts, the
			// heap grew by each one's encoding, and the codecs run first
			// collected more often (UnmarshalAny/twitter, whose first
			// codec is smile, in a process of its own as run.sh runs it:
			// 1.35 and 1.36 ms/op so, 1.17 and 1.15 after every setup).
			for _, c := range codecs {
				if c.skip == "" && (variants || !c.variant) {
					prep(b, ds, c)
				}
			}
			for _, c := range codecs {
				if c.variant && !variants {
					continue
				}
				b.Run(c.name, func(b *testing.B) {
					p := prep(b, ds, c)
					if p.err != nil {
						b.Fatal(p.err)
					}
					b.SetBytes(p.size)
					b.ReportAllocs()
					fn(b, ds, c, p)
				})
			}
		})
	}
}

// BenchmarkUnmarshal decodes each codec's encoding into a new typed model.
func BenchmarkUnmarshal(b *testing.B) {
	benchmark(b, prepare, false, func(b *testing.B, ds Dataset, c codec, p *prepared) {
		for b.Loop() {
			if err := c.unmarshal(p.encoded, ds.New()); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkUnmarshalAny decodes each codec's encoding into `any` (the
// codec's default generic types: maps, slices, numbers).
func BenchmarkUnmarshalAny(b *testing.B) {
	benchmark(b, prepare, false, func(b *testing.B, ds Dataset, c codec, p *prepared) {
		for b.Loop() {
			var v any
			if err := c.unmarshal(p.encoded, &v); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkMarshal encodes the typed model. It also reports the encoded size
// (encoded-B) for the size table. The map-order variants run too: the
// models of medium, citm_catalog and canada hold maps (on the others a
// variant measures what its base codec does).
func BenchmarkMarshal(b *testing.B) {
	benchmark(b, prepare, true, func(b *testing.B, ds Dataset, c codec, p *prepared) {
		for b.Loop() {
			if _, err := c.marshal(p.model); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(len(p.encoded)), "encoded-B")
	})
}

// BenchmarkMarshalAny encodes the document as encoding/json decodes it into
// `any` (map[string]any, []any, string, float64, bool, nil), the same tree
// for every codec, map-order variants included.
func BenchmarkMarshalAny(b *testing.B) {
	benchmark(b, prepareAny, true, func(b *testing.B, ds Dataset, c codec, p *prepared) {
		for b.Loop() {
			if _, err := c.marshal(p.model); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// TestPeersUseJSONTags checks that every codec names members by the models'
// `json` tags (a codec that silently used Go field names would still
// round-trip its own output, but would not be encoding the same document).
func TestPeersUseJSONTags(t *testing.T) {
	ds := Datasets[0] // small
	want := map[string]any{}
	raw, err := ds.Raw()
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(raw, &want); err != nil {
		t.Fatal(err)
	}
	for _, c := range codecs {
		t.Run(c.name, func(t *testing.T) {
			p := prepare(t, ds, c)
			if p.err != nil {
				t.Fatal(p.err)
			}
			var got map[string]any
			if err := c.unmarshal(p.encoded, &got); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(slices.Sorted(maps.Keys(want)), slices.Sorted(maps.Keys(got))); diff != "" {
				t.Errorf("%s: member names differ from the json tags (-want +got):\n%s", c.name, diff)
			}
		})
	}
}

// TestPeersMapKeyOrder checks each codec's sortsKeys, which the report's
// like-for-like rows rely on: a codec that sorts writes a map of 32 keys to
// the same bytes every time, one that does not writes Go's iteration order,
// which Go randomizes on every range: the same bytes in all 50 encodings
// would have odds below 2^-49 even if Go picked between only two orders.
// smile-unsorted is the exception: it writes a map with the keys of one
// written before in that map's order (its shape, remembered from the
// first encoding's iteration), so its 50 encodings may be the same bytes;
// for it the test asks that those are not the sorted bytes smile writes
// (odds 1/32! that an iteration order is sorted).
func TestPeersMapKeyOrder(t *testing.T) {
	m := map[string]any{}
	for i := range 32 {
		m["k"+strconv.Itoa(i)] = i
	}
	for _, c := range codecs {
		t.Run(c.name, func(t *testing.T) {
			if c.skip != "" {
				t.Skip(c.skip)
			}
			distinct := map[string]bool{}
			for range 50 {
				b, err := c.marshal(m)
				if err != nil {
					t.Fatal(err)
				}
				distinct[string(b)] = true
			}
			if c.sortsKeys && len(distinct) != 1 {
				t.Errorf("%s: sortsKeys is set, but 50 encodings of one map gave %d different outputs", c.name, len(distinct))
			}
			if !c.sortsKeys && len(distinct) == 1 {
				if c.name != "smile-unsorted" {
					t.Errorf("%s: sortsKeys is not set, but 50 encodings of one map gave the same bytes: it sorts (or keeps an order)", c.name)
				} else if sorted, err := smile.Marshal(m); err != nil || distinct[string(sorted)] {
					t.Errorf("%s: sortsKeys is not set, but its 50 encodings of one map are the sorted bytes smile writes (err %v)", c.name, err)
				}
			}
		})
	}
}

// TestTreeDiff checks the comparison prepareAny relies on: number types and
// map types do not matter, values and members do.
func TestTreeDiff(t *testing.T) {
	a := map[string]any{"n": 1.0, "s": "x", "l": []any{true, nil, map[string]any{"k": 2.5}}}
	same := map[any]any{"n": int8(1), "s": "x", "l": []any{true, nil, map[any]any{"k": float32(2.5)}}}
	if d := treeDiff(a, same, "$"); d != "" {
		t.Errorf("equal trees: got difference %s", d)
	}
	for _, b := range []any{
		map[string]any{"n": 1.0, "s": "x", "l": []any{true, nil, map[string]any{"k": 2.25}}},
		map[string]any{"n": 1.0, "s": "y", "l": []any{true, nil, map[string]any{"k": 2.5}}},
		map[string]any{"n": 1.0, "s": "x", "l": []any{true, false, map[string]any{"k": 2.5}}},
		map[string]any{"n": 1.0, "s": "x", "l": []any{true, nil}},
		map[string]any{"n": 1.0, "t": "x", "l": []any{true, nil, map[string]any{"k": 2.5}}},
		map[string]any{"n": "1", "s": "x", "l": []any{true, nil, map[string]any{"k": 2.5}}},
	} {
		if d := treeDiff(a, b, "$"); d == "" {
			t.Errorf("treeDiff(%v, %v) found no difference", a, b)
		}
	}
}
