// Command statuses writes, as compact JSON on standard output, a root
// array of the twitter data set's 100 statuses repeated n times: the
// large document of issue 17's `smile tojson` target, which
// bench/commands.sh converts to Smile with `smile fromjson` and times.
//
// Usage, from the bench directory: go run ./cmd/statuses -n 1400 >statuses.json
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"

	"github.com/go-smile/smile/bench"
)

func main() {
	n := flag.Int("n", 1, "times to repeat the 100 statuses (at least 1)")
	testdata := flag.String("testdata", bench.TestdataDir, "folder of the data sets")
	flag.Parse()
	if *n < 1 {
		fmt.Fprintln(os.Stderr, "statuses: -n must be at least 1")
		os.Exit(2)
	}
	bench.TestdataDir = *testdata
	if err := write(os.Stdout, *n); err != nil {
		fmt.Fprintln(os.Stderr, "statuses:", err)
		os.Exit(1)
	}
}

// write writes the array of the statuses repeated n times to f.
func write(f *os.File, n int) error {
	var twitter bench.Dataset
	for _, d := range bench.Datasets {
		if d.Name == "twitter" {
			twitter = d
		}
	}
	raw, err := twitter.Raw()
	if err != nil {
		return err
	}
	var doc struct {
		Statuses []json.RawMessage `json:"statuses"`
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		return fmt.Errorf("%s: %w", twitter.File, err)
	}
	if len(doc.Statuses) == 0 {
		return fmt.Errorf("%s: no statuses", twitter.File)
	}
	// The statuses once, compact and comma-separated.
	var body bytes.Buffer
	for i, s := range doc.Statuses {
		if i > 0 {
			body.WriteByte(',')
		}
		if err := json.Compact(&body, s); err != nil {
			return fmt.Errorf("%s: status %d: %w", twitter.File, i, err)
		}
	}
	w := bufio.NewWriterSize(f, 1<<20)
	w.WriteByte('[')
	for i := range n {
		if i > 0 {
			w.WriteByte(',')
		}
		w.Write(body.Bytes())
	}
	w.WriteByte(']')
	w.WriteByte('\n')
	return w.Flush()
}
