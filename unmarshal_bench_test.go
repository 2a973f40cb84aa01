package smile

import (
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/go-smile/smile/internal/golden"
)

// benchUnmarshal decodes data into a new value made by newV, b.N times.
func benchUnmarshal(b *testing.B, data []byte, newV func() any, unmarshal func([]byte, any) error) {
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if err := unmarshal(data, newV()); err != nil {
			b.Fatal(err)
		}
	}
}

// benchDocs returns the Smile and JSON forms of v, after checking that
// both decode back to v.
func benchDocs[T any](b *testing.B, v *T) (smileDoc, jsonDoc []byte) {
	smileDoc, err := Marshal(v)
	if err != nil {
		b.Fatal(err)
	}
	jsonDoc, err = json.Marshal(v)
	if err != nil {
		b.Fatal(err)
	}
	var s, j T
	if err := Unmarshal(smileDoc, &s); err != nil {
		b.Fatal(err)
	}
	if err := json.Unmarshal(jsonDoc, &j); err != nil {
		b.Fatal(err)
	}
	if diff := cmp.Diff(j, s); diff != "" {
		b.Fatalf("smile and json disagree (-json +smile):\n%s", diff)
	}
	return smileDoc, jsonDoc
}

func BenchmarkUnmarshal(b *testing.B) {
	small := newBenchSmall(3)
	smallSmile, smallJSON := benchDocs(b, &small)
	newSmall := func() any { return new(benchSmall) }
	b.Run("small/smile", func(b *testing.B) { benchUnmarshal(b, smallSmile, newSmall, Unmarshal) })
	b.Run("small/json", func(b *testing.B) { benchUnmarshal(b, smallJSON, newSmall, json.Unmarshal) })

	medium := newBenchMedium()
	mediumSmile, mediumJSON := benchDocs(b, medium)
	newMedium := func() any { return new(benchMedium) }
	b.Run("medium/smile", func(b *testing.B) { benchUnmarshal(b, mediumSmile, newMedium, Unmarshal) })
	b.Run("medium/json", func(b *testing.B) { benchUnmarshal(b, mediumJSON, newMedium, json.Unmarshal) })

	// The twitter corpus into any: Jackson's Smile beside the JSON text.
	dir, err := golden.Dir("corpus")
	if err != nil {
		b.Fatal(err)
	}
	twSmile, err := golden.ReadFile(filepath.Join(dir, "twitter.default.smile"))
	if err != nil {
		b.Fatal(err)
	}
	twJSON, err := golden.ReadFile(filepath.Join(dir, "twitter.json"))
	if err != nil {
		b.Fatal(err)
	}
	newAny := func() any { return new(any) }
	b.Run("twitter-any/smile", func(b *testing.B) { benchUnmarshal(b, twSmile, newAny, Unmarshal) })
	b.Run("twitter-any/json", func(b *testing.B) { benchUnmarshal(b, twJSON, newAny, json.Unmarshal) })
}

// BenchmarkUnmarshalAny decodes each data set into a new any: the four
// corpora as Jackson wrote them (its default settings), small and medium
// as Marshal writes the typed models. SetBytes counts the Smile input.
func BenchmarkUnmarshalAny(b *testing.B) {
	small := newBenchSmall(3)
	smallSmile, _ := benchDocs(b, &small)
	mediumSmile, _ := benchDocs(b, newBenchMedium())
	dir, err := golden.Dir("corpus")
	if err != nil {
		b.Fatal(err)
	}
	docs := []struct {
		name string
		data []byte
	}{{"small", smallSmile}, {"medium", mediumSmile}}
	for _, name := range []string{"twitter", "citm_catalog", "canada", "code"} {
		data, err := golden.ReadFile(filepath.Join(dir, name+".default.smile"))
		if err != nil {
			b.Fatal(err)
		}
		docs = append(docs, struct {
			name string
			data []byte
		}{name, data})
	}
	newAny := func() any { return new(any) }
	for _, doc := range docs {
		b.Run(doc.name, func(b *testing.B) { benchUnmarshal(b, doc.data, newAny, Unmarshal) })
	}
}
