// Command tokenloop runs the loop of the stream package's BenchmarkTokenLoop
// a given number of times over a Smile file, for instruction counts under
// callgrind (see callgrind.sh): the difference between two runs with
// different counts is the cost of the loops alone, without the program's
// start and the reading of the file.
//
//	tokenloop FILE.smile[.gz] N
package main

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/go-smile/smile/stream"
)

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: tokenloop FILE.smile[.gz] N")
		os.Exit(2)
	}
	data, err := os.ReadFile(os.Args[1])
	if err == nil && strings.HasSuffix(os.Args[1], ".gz") {
		var zr *gzip.Reader
		if zr, err = gzip.NewReader(bytes.NewReader(data)); err == nil {
			data, err = io.ReadAll(zr)
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "tokenloop:", err)
		os.Exit(1)
	}
	n, err := strconv.Atoi(os.Args[2])
	if err != nil || n < 0 {
		fmt.Fprintln(os.Stderr, "tokenloop: N must be a count of loops")
		os.Exit(2)
	}
	r, err := stream.NewReader(data, stream.ReaderOptions{})
	if err != nil {
		fmt.Fprintln(os.Stderr, "tokenloop:", err)
		os.Exit(1)
	}
	var sum int64
	var f float64
	for range n {
		r.Reset(data)
		for {
			t, err := r.ReadToken()
			if err != nil {
				if err != io.EOF {
					fmt.Fprintln(os.Stderr, "tokenloop:", err)
					os.Exit(1)
				}
				break
			}
			switch t.Kind {
			case stream.KindKey, stream.KindString:
				sum += int64(len(t.Bytes()))
			case stream.KindInt:
				sum += t.Int()
			case stream.KindBigInt:
				sum += int64(t.BigInt().BitLen())
			case stream.KindFloat32, stream.KindFloat64:
				f += t.Float64()
			}
		}
	}
	fmt.Println(sum + int64(f))
}
