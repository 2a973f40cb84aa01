// Command gcmark measures what the garbage collector spends marking a
// decoded document: the `any` tree that smile.Unmarshal builds, or a
// smile.Document that Parse builds (a tape and a table of names, slices of
// uint64 that hold no pointers, beside the input it keeps).
//
// Two modes. The first decodes a Smile file (gzipped when its name ends in
// .gz) K times and runs runtime.GC after each decode, with the result still
// live (keep 1) or already dropped (keep 0):
//
//	gcmark FILE K KEEP [any|doc]
//
// Run under callgrind both ways, the difference of the two totals over K is
// the instructions to mark one tree; machine load does not change it:
//
//	cd bench && go build -o /tmp/gcmark ./cmd/gcmark
//	f=../testdata/golden/corpus/twitter.default.smile.gz
//	for what in any doc; do for keep in 0 1; do
//		GOGC=off GOMAXPROCS=1 GODEBUG=asyncpreemptoff=1 valgrind --tool=callgrind \
//			--callgrind-out-file=/tmp/gcmark.$what.$keep /tmp/gcmark $f 5 $keep $what
//	done; done
//	for f in /tmp/gcmark.*; do echo $f; callgrind_annotate $f | grep TOTALS; done
//
// The second, gcmark -scan FILE..., prints for each file and each of any
// and doc, from runtime/metrics after a runtime.GC with the result live
// less the same without it: the live heap it holds (/gc/heap/live:bytes),
// the heap the collector has to scan for pointers (/gc/scan/heap:bytes),
// and the median wall time of one runtime.GC (of 21), which does depend on
// the load of the machine.
package main

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/metrics"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/go-smile/smile"
)

// live holds the decoded result while runtime.GC runs.
var live any

func main() {
	if len(os.Args) >= 3 && os.Args[1] == "-scan" {
		for _, name := range os.Args[2:] {
			if err := scan(name); err != nil {
				fmt.Fprintln(os.Stderr, "gcmark:", err)
				os.Exit(1)
			}
		}
		return
	}
	if len(os.Args) != 4 && len(os.Args) != 5 {
		fmt.Fprintln(os.Stderr, "usage: gcmark FILE K KEEP [any|doc] (KEEP 1: the result is live at each runtime.GC, 0: it is not)")
		fmt.Fprintln(os.Stderr, "       gcmark -scan FILE...")
		os.Exit(2)
	}
	data, err := readFile(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	k, err := strconv.Atoi(os.Args[2])
	if err != nil || k < 1 {
		fmt.Fprintln(os.Stderr, "gcmark: K must be a positive integer")
		os.Exit(2)
	}
	keep := os.Args[3] == "1"
	what := "any"
	if len(os.Args) == 5 {
		what = os.Args[4]
	}
	dec, ok := decoders[what]
	if !ok {
		fmt.Fprintf(os.Stderr, "gcmark: %q: want any or doc\n", what)
		os.Exit(2)
	}
	for range k {
		v, err := dec(data)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		if keep {
			live = v
		}
		runtime.GC()
		live = nil
	}
}

// decoders make the two kinds of result: a new any tree, a new Document.
var decoders = map[string]func([]byte) (any, error){
	"any": func(data []byte) (any, error) {
		var v any
		err := smile.Unmarshal(data, &v)
		return v, err
	},
	"doc": func(data []byte) (any, error) { return smile.Parse(data) },
}

// scan prints the -scan figures of one file.
func scan(name string) error {
	data, err := readFile(name)
	if err != nil {
		return err
	}
	fmt.Printf("%s (%d bytes of Smile)\n", name, len(data))
	for _, what := range []string{"any", "doc"} {
		var with, without [2]uint64
		var tWith, tWithout time.Duration
		v, err := decoders[what](data)
		if err != nil {
			return err
		}
		live = v
		with, tWith = gcFigures()
		live = nil
		without, tWithout = gcFigures()
		fmt.Printf("  %-3s  live heap %9d B  scannable heap %9d B  runtime.GC %8s (%s without it)\n",
			what, int64(with[0]-without[0]), int64(with[1]-without[1]), tWith.Round(time.Microsecond), tWithout.Round(time.Microsecond))
	}
	return nil
}

// gcFigures runs runtime.GC 21 times and returns the live and scannable
// heap bytes after the last, and the median time of one collection.
func gcFigures() ([2]uint64, time.Duration) {
	var ts []time.Duration
	for range 21 {
		start := time.Now()
		runtime.GC()
		ts = append(ts, time.Since(start))
	}
	slices.Sort(ts)
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}, {Name: "/gc/scan/heap:bytes"}}
	metrics.Read(s)
	return [2]uint64{s[0].Value.Uint64(), s[1].Value.Uint64()}, ts[len(ts)/2]
}

// readFile returns the contents of the named file, gunzipped when its name
// ends in .gz.
func readFile(name string) ([]byte, error) {
	data, err := os.ReadFile(name)
	if err != nil || !strings.HasSuffix(name, ".gz") {
		return data, err
	}
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	return io.ReadAll(zr)
}
