package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/go-smile/smile"
	"github.com/go-smile/smile/bench"
)

// TestWrite checks that the manifest lists every data set with its compact
// JSON size, a Smile file that decodes into the data set's model and a JSON
// file that is the compact JSON.
func TestWrite(t *testing.T) {
	out := t.TempDir()
	if err := write(out, filepath.Join("..", "..", "testdata")); err != nil {
		t.Fatal(err)
	}
	manifest, err := os.ReadFile(filepath.Join(out, "manifest.txt"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(manifest), "\n"), "\n")
	if len(lines) != len(bench.Datasets) {
		t.Fatalf("manifest has %d lines, want %d:\n%s", len(lines), len(bench.Datasets), manifest)
	}
	for i, ds := range bench.Datasets {
		f := strings.Fields(lines[i])
		if len(f) != 4 || f[0] != ds.Name {
			t.Fatalf("manifest line %d = %q, want %q, its size and two files", i+1, lines[i], ds.Name)
		}
		compact, err := ds.Compact()
		if err != nil {
			t.Fatal(err)
		}
		if size, err := strconv.Atoi(f[1]); err != nil || size != len(compact) {
			t.Errorf("%s: size %q, want the compact JSON size %d", ds.Name, f[1], len(compact))
		}
		b, err := os.ReadFile(filepath.Join(out, f[2]))
		if err != nil {
			t.Fatal(err)
		}
		if err := smile.Unmarshal(b, ds.New()); err != nil {
			t.Errorf("%s: %s does not decode into the model: %v", ds.Name, f[2], err)
		}
		j, err := os.ReadFile(filepath.Join(out, f[3]))
		if err != nil {
			t.Fatal(err)
		}
		if string(j) != string(compact) {
			t.Errorf("%s: %s is not the compact JSON", ds.Name, f[3])
		}
	}
}
