package bench

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/go-smile/smile/bench/models"
)

// prepared is what every test and benchmark of one (data set, codec) pair
// needs: the typed model, the compact JSON size and the codec's encoding of
// the model. It is computed once per process.
type prepared struct {
	model   any    // pointer to the typed model, decoded from the document by encoding/json
	size    int64  // compact JSON size of the document: the b.SetBytes figure for every codec
	encoded []byte // the codec's encoding of model
	err     error  // why the codec does not round-trip the data set, if it does not
}

var (
	prepMu    sync.Mutex
	prepCache = map[string]*prepared{}
	docCache  = map[string]*prepared{} // model and size, shared by the codecs of a data set
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

// TestPeersRoundTrip checks every codec on every data set: the typed model
// survives marshal + unmarshal, and the encoding also decodes into `any`.
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
				})
			}
		})
	}
}

// benchmark runs fn as BenchmarkX/<dataset>/<codec> for every pair, after
// checking that the codec round-trips the data set.
func benchmark(b *testing.B, fn func(b *testing.B, ds Dataset, c codec, p *prepared)) {
	for _, ds := range Datasets {
		b.Run(ds.Name, func(b *testing.B) {
			for _, c := range codecs {
				b.Run(c.name, func(b *testing.B) {
					p := prepare(b, ds, c)
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
	benchmark(b, func(b *testing.B, ds Dataset, c codec, p *prepared) {
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
	benchmark(b, func(b *testing.B, ds Dataset, c codec, p *prepared) {
		for b.Loop() {
			var v any
			if err := c.unmarshal(p.encoded, &v); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkMarshal encodes the typed model. It also reports the encoded size
// (encoded-B) for the size table.
func BenchmarkMarshal(b *testing.B) {
	benchmark(b, func(b *testing.B, ds Dataset, c codec, p *prepared) {
		for b.Loop() {
			if _, err := c.marshal(p.model); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(len(p.encoded)), "encoded-B")
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
