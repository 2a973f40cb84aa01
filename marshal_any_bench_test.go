package smile

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// benchCorpora are the documents of the bench module (bench/testdata), in
// the order its benchmarks run.
var benchCorpora = []struct{ name, file string }{
	{"small", "small.json"},
	{"medium", "medium.json"},
	{"twitter", "twitter.json.gz"},
	{"citm_catalog", "citm_catalog.json.gz"},
	{"canada", "canada.json.gz"},
	{"code", "code.json.gz"},
}

// loadBenchCorpus returns the document file of bench/testdata decoded by
// encoding/json into any, and the length of its compact JSON, the byte
// count of the bench module's MB/s figures.
func loadBenchCorpus(tb testing.TB, file string) (any, int64) {
	tb.Helper()
	raw, err := os.ReadFile(filepath.Join("bench", "testdata", file))
	if err != nil {
		tb.Skipf("bench corpus: %v", err)
	}
	if strings.HasSuffix(file, ".gz") {
		zr, err := gzip.NewReader(bytes.NewReader(raw))
		if err != nil {
			tb.Fatal(err)
		}
		if raw, err = io.ReadAll(zr); err != nil {
			tb.Fatal(err)
		}
	}
	var compact bytes.Buffer
	if err := json.Compact(&compact, raw); err != nil {
		tb.Fatal(err)
	}
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		tb.Fatal(err)
	}
	return v, int64(compact.Len())
}

// BenchmarkMarshalAny marshals the bench corpora as encoding/json decodes
// them into any (map[string]any, []any, string, float64, bool, nil), with
// the default sorted keys (BenchmarkMarshalAny/<set>/sorted) and with
// MapKeysUnsorted (<set>/unsorted).
func BenchmarkMarshalAny(b *testing.B) {
	unsorted, err := EncOptions{MapKeyOrder: MapKeysUnsorted}.EncMode()
	if err != nil {
		b.Fatal(err)
	}
	for _, c := range benchCorpora {
		var (
			v    any
			size int64
		)
		run := func(b *testing.B, marshal func(any) ([]byte, error)) {
			if v == nil {
				v, size = loadBenchCorpus(b, c.file)
			}
			if _, err := marshal(v); err != nil {
				b.Fatal(err)
			}
			b.SetBytes(size)
			b.ReportAllocs()
			for b.Loop() {
				if _, err := marshal(v); err != nil {
					b.Fatal(err)
				}
			}
		}
		b.Run(c.name+"/sorted", func(b *testing.B) { run(b, Marshal) })
		b.Run(c.name+"/unsorted", func(b *testing.B) { run(b, unsorted.Marshal) })
	}
}
