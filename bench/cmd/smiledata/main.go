// Command smiledata writes the Smile documents the Go benchmarks decode, for
// the JVM harness in bench/jvm: for each data set, smile.Marshal of its typed
// model (the bytes BenchmarkUnmarshal, BenchmarkUnmarshalAny and
// BenchmarkDocParse read for the smile codec) as <name>.smile, its compact
// JSON as <name>.json (what the JSON peers of BenchmarkDocParse read), and a
// manifest.txt with one line per data set, "<name> <compact JSON bytes>
// <smile file> <json file>", the compact JSON size being the b.SetBytes
// figure of every Go benchmark.
//
// Usage, from the bench directory: go run ./cmd/smiledata -out DIR
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/go-smile/smile"
	"github.com/go-smile/smile/bench"
)

func main() {
	out := flag.String("out", "", "folder to write the .smile files and manifest.txt into (created if missing)")
	testdata := flag.String("testdata", bench.TestdataDir, "folder of the data sets")
	flag.Parse()
	if *out == "" {
		fmt.Fprintln(os.Stderr, "smiledata: -out is required")
		os.Exit(2)
	}
	if err := write(*out, *testdata); err != nil {
		fmt.Fprintln(os.Stderr, "smiledata:", err)
		os.Exit(1)
	}
}

func write(out, testdata string) error {
	bench.TestdataDir = testdata
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	var manifest []byte
	for _, ds := range bench.Datasets {
		compact, err := ds.Compact()
		if err != nil {
			return err
		}
		model, err := ds.Model()
		if err != nil {
			return err
		}
		b, err := smile.Marshal(model)
		if err != nil {
			return fmt.Errorf("%s: %w", ds.Name, err)
		}
		file := ds.Name + ".smile"
		if err := os.WriteFile(filepath.Join(out, file), b, 0o644); err != nil {
			return err
		}
		jsonFile := ds.Name + ".json"
		if err := os.WriteFile(filepath.Join(out, jsonFile), compact, 0o644); err != nil {
			return err
		}
		manifest = fmt.Appendf(manifest, "%s %d %s %s\n", ds.Name, len(compact), file, jsonFile)
	}
	return os.WriteFile(filepath.Join(out, "manifest.txt"), manifest, 0o644)
}
