package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/go-smile/smile/bench"
)

// TestWrite checks that the output is one JSON array holding the twitter
// data set's statuses n times over, in order, and compact.
func TestWrite(t *testing.T) {
	bench.TestdataDir = filepath.Join("..", "..", "testdata")
	f, err := os.Create(filepath.Join(t.TempDir(), "statuses.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := write(f, 3); err != nil {
		t.Fatal(err)
	}
	f.Close()
	out, err := os.ReadFile(f.Name())
	if err != nil {
		t.Fatal(err)
	}
	var got []json.RawMessage
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatal(err)
	}
	var doc struct{ Statuses []json.RawMessage }
	var d bench.Dataset
	for _, ds := range bench.Datasets {
		if ds.Name == "twitter" {
			d = ds
		}
	}
	text, err := d.Raw()
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(text, &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Statuses) != 100 || len(got) != 3*len(doc.Statuses) {
		t.Fatalf("%d statuses written, want 3 times %d", len(got), len(doc.Statuses))
	}
	for i, s := range got {
		var want bytes.Buffer
		if err := json.Compact(&want, doc.Statuses[i%100]); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(s, want.Bytes()) {
			t.Fatalf("element %d is not status %d, compact", i, i%100)
		}
	}
	var compact bytes.Buffer
	if err := json.Compact(&compact, out); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(compact.Bytes(), bytes.TrimSuffix(out, []byte("\n"))) {
		t.Error("the output is not compact JSON")
	}
}
