package smile

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/go-smile/smile/internal/golden"
)

// queryBenchPaths are the paths of BenchmarkGet: one near the end of
// each document, and five spread over it.
var queryBenchPaths = []struct {
	corpus string
	one    string
	five   []string
}{
	{"twitter", "/statuses/99/id", []string{"/statuses/0/id", "/statuses/25/user/screen_name", "/statuses/50/text", "/statuses/75/retweet_count", "/search_metadata/count"}},
	{"citm_catalog", "/performances/120/prices/0/amount", []string{"/areaNames/205705993", "/events/138586341/name", "/performances/0/id", "/performances/120/prices/0/amount", "/venueNames/PLEYEL_PLEYEL"}},
}

// BenchmarkGet answers one path and five paths of twitter and
// citm_catalog, as Jackson wrote them: with the package-level Get and
// GetMany (Get), with a compiled Query reused (Query), and with
// Parse into a reused Document then At for each path (ParseAt), the way
// to answer them with a tree. SetBytes counts the compact JSON text of
// the document, as the bench module's peer benchmarks do, so that MB/s
// compare with gjson's over the same JSON.
func BenchmarkGet(b *testing.B) {
	dir, err := golden.Dir("corpus")
	if err != nil {
		b.Fatal(err)
	}
	for _, c := range queryBenchPaths {
		data, err := golden.ReadFile(filepath.Join(dir, c.corpus+".default.smile"))
		if err != nil {
			b.Fatal(err)
		}
		js, err := golden.ReadFile(filepath.Join(dir, c.corpus+".json"))
		if err != nil {
			b.Fatal(err)
		}
		var compact bytes.Buffer
		if err := json.Compact(&compact, js); err != nil {
			b.Fatal(err)
		}
		size := int64(compact.Len())
		for _, set := range []struct {
			name  string
			paths []string
		}{{"one", []string{c.one}}, {"five", c.five}} {
			b.Run("Get/"+c.corpus+"/"+set.name, func(b *testing.B) {
				b.SetBytes(size)
				b.ReportAllocs()
				for b.Loop() {
					nodes, err := GetMany(data, set.paths...)
					if err != nil || !nodes[len(nodes)-1].Exists() {
						b.Fatal(err)
					}
				}
			})
			b.Run("Query/"+c.corpus+"/"+set.name, func(b *testing.B) {
				q, err := Compile(set.paths...)
				if err != nil {
					b.Fatal(err)
				}
				b.SetBytes(size)
				b.ReportAllocs()
				for b.Loop() {
					nodes, err := q.Get(data)
					if err != nil || !nodes[len(nodes)-1].Exists() {
						b.Fatal(err)
					}
				}
			})
			b.Run("ParseAt/"+c.corpus+"/"+set.name, func(b *testing.B) {
				var d Document
				b.SetBytes(size)
				b.ReportAllocs()
				for b.Loop() {
					if err := d.Parse(data); err != nil {
						b.Fatal(err)
					}
					for _, p := range set.paths {
						if !d.Root().At(p).Exists() {
							b.Fatal(p)
						}
					}
				}
			})
		}
	}
}
