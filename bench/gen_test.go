package bench

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/go-smile/smile/bench/models"
)

// The small and medium documents are generated, deterministically, by the
// functions below. `go generate` (or `go test -run TestGeneratedTestdata
// -update .`) rewrites testdata/small.json and testdata/medium.json; without
// -update the test checks that the files match the generator.

var update = flag.Bool("update", false, "rewrite the generated testdata files")

// rng is SplitMix64: tiny, fixed, and independent of Go's math/rand
// versions, so the generated files never change under us.
type rng uint64

func (r *rng) next() uint64 {
	*r += 0x9e3779b97f4a7c15
	z := uint64(*r)
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

func (r *rng) intn(n int) int         { return int(r.next() % uint64(n)) }
func (r *rng) pick(s []string) string { return s[r.intn(len(s))] }

// cents returns a float with two decimals, so that the JSON text stays short
// and every codec reproduces it exactly.
func (r *rng) cents(max int) float64 { return float64(r.intn(max*100)) / 100 }

func genSmall() *models.Small {
	return &models.Small{
		ID:        1234567,
		Name:      "Ada Lovelace",
		Email:     "ada@example.com",
		Age:       36,
		Score:     97.25,
		Balance:   -1520,
		Active:    true,
		Tags:      []string{"math", "engines", "poetry"},
		Manager:   nil,
		CreatedAt: "2026-01-02T03:04:05Z",
	}
}

func genMedium() *models.Medium {
	r := rng(42)
	words := []string{"alpha", "bravo", "café", "delta", "échelle", "fox", "gamma", "hôtel", "índigo", "Zürich", "東京", "juliet"}
	thumb := make([]byte, 256)
	for i := range thumb {
		thumb[i] = byte(r.next())
	}
	updated := "2026-03-14T15:09:26Z"
	notes := "Deliver to the loading dock; ask for Grace at the front desk. « fragile »"
	m := &models.Medium{
		ID:        9007199254740,
		UUID:      "3f2b8c1e-7d4a-4e59-9a61-0c5b2d8e4f17",
		Title:     "Quarterly restock of the Zürich warehouse",
		Status:    "approved",
		CreatedAt: "2026-03-01T08:30:00Z",
		UpdatedAt: &updated,
		Priority:  2,
		Ratio:     0.875,
		Public:    false,
		Owner: models.Person{
			ID:    501,
			Name:  "Grace Hopper",
			Email: "grace@example.com",
			Roles: []string{"admin", "buyer"},
		},
		Reviewer: nil,
		Labels: map[string]string{
			"region":      "eu-central",
			"team":        "logistics",
			"cost-center": "CC-4711",
			"env":         "production",
			"tier":        "gold",
		},
		Thumbnail: thumb,
		Notes:     &notes,
	}
	for i := 0; i < 10; i++ {
		it := models.Item{
			SKU:      fmt.Sprintf("SKU-%05d", 10000+r.intn(90000)),
			Name:     r.pick(words) + " " + r.pick(words),
			Quantity: 1 + r.intn(500),
			Price:    r.cents(1000),
			InStock:  r.intn(4) != 0,
			Tags:     []string{r.pick(words), r.pick(words)},
		}
		if i%3 == 1 {
			d := float64(5*(1+r.intn(6))) / 100
			it.Discount = &d
		}
		m.Items = append(m.Items, it)
	}
	for i := 0; i < 16; i++ {
		m.Samples = append(m.Samples, r.cents(100)-50)
	}
	return m
}

func encodeGenerated(v any) ([]byte, error) {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

func TestGeneratedTestdata(t *testing.T) {
	for _, g := range []struct {
		file string
		v    any
	}{
		{"small.json", genSmall()},
		{"medium.json", genMedium()},
	} {
		want, err := encodeGenerated(g.v)
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(TestdataDir, g.file)
		if *update {
			if err := os.WriteFile(path, want, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		got, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (run `go generate` in bench/)", err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s does not match its generator; run `go generate` in bench/", path)
		}
		var compact bytes.Buffer
		if err := json.Compact(&compact, got); err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: %d bytes compact", g.file, compact.Len())
	}
}
