// Package bench benchmarks go-smile side by side with other Go codecs
// (encoding/json, goccy/go-json, json-iterator, sonic, fxamacker/cbor,
// vmihailenco/msgpack) on the same typed models and documents.
//
// It is a separate module so that the library's go.mod keeps only its own
// dependencies. See README.md for how to run it.
package bench

//go:generate go test -run TestGeneratedTestdata -update .

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/go-smile/smile/bench/models"
)

// TestdataDir is where the documents live, relative to the package directory
// (the working directory of `go test`).
var TestdataDir = "testdata"

// Dataset is one benchmark document and the typed model it decodes into.
type Dataset struct {
	Name string     // benchmark name: twitter, citm_catalog, canada, code, small, medium
	File string     // file under TestdataDir; a .gz suffix means gzip-compressed
	New  func() any // returns a pointer to a new, zero model
}

// Datasets lists every benchmark document, in the order benchmarks run.
var Datasets = []Dataset{
	{"small", "small.json", func() any { return new(models.Small) }},
	{"medium", "medium.json", func() any { return new(models.Medium) }},
	{"twitter", "twitter.json.gz", func() any { return new(models.Twitter) }},
	{"citm_catalog", "citm_catalog.json.gz", func() any { return new(models.CITMCatalog) }},
	{"canada", "canada.json.gz", func() any { return new(models.Canada) }},
	{"code", "code.json.gz", func() any { return new(models.Code) }},
}

// Raw returns the document as stored (decompressed, possibly pretty-printed).
func (d Dataset) Raw() ([]byte, error) {
	b, err := os.ReadFile(filepath.Join(TestdataDir, d.File))
	if err != nil {
		return nil, err
	}
	if !strings.HasSuffix(d.File, ".gz") {
		return b, nil
	}
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", d.File, err)
	}
	defer zr.Close()
	out, err := io.ReadAll(zr)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", d.File, err)
	}
	return out, nil
}

// Compact returns the document as compact JSON. Its length is the logical
// document size that every codec's throughput is measured against.
func (d Dataset) Compact() ([]byte, error) {
	raw, err := d.Raw()
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := json.Compact(&buf, raw); err != nil {
		return nil, fmt.Errorf("%s: %w", d.File, err)
	}
	return buf.Bytes(), nil
}

// Model decodes the document into a new typed model with encoding/json and
// returns the pointer.
func (d Dataset) Model() (any, error) {
	raw, err := d.Raw()
	if err != nil {
		return nil, err
	}
	m := d.New()
	if err := json.Unmarshal(raw, m); err != nil {
		return nil, fmt.Errorf("%s: %w", d.File, err)
	}
	return m, nil
}
