// Command gcmark measures what the garbage collector spends marking a tree
// that smile.Unmarshal decoded into an `any`. It decodes a Smile file
// (gzipped when its name ends in .gz) K times and runs runtime.GC after each
// decode, with the tree still live (keep 1) or already dropped (keep 0):
//
//	gcmark FILE K KEEP
//
// Run under callgrind both ways, the difference of the two totals over K is
// the instructions to mark one tree; machine load does not change it:
//
//	cd bench && go build -o /tmp/gcmark ./cmd/gcmark
//	f=../testdata/golden/corpus/twitter.default.smile.gz
//	for keep in 0 1; do
//		GOGC=off GOMAXPROCS=1 GODEBUG=asyncpreemptoff=1 valgrind --tool=callgrind --callgrind-out-file=/tmp/gcmark.$keep /tmp/gcmark $f 5 $keep
//	done
//	callgrind_annotate /tmp/gcmark.0 | grep TOTALS; callgrind_annotate /tmp/gcmark.1 | grep TOTALS
package main

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"runtime"
	"strconv"
	"strings"

	"github.com/go-smile/smile"
)

// live holds the decoded tree while runtime.GC runs.
var live any

func main() {
	if len(os.Args) != 4 {
		fmt.Fprintln(os.Stderr, "usage: gcmark FILE K KEEP (KEEP 1: the tree is live at each runtime.GC, 0: it is not)")
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
	for range k {
		var v any
		if err := smile.Unmarshal(data, &v); err != nil {
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
