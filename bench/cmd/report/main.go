// Command report turns `go test -bench` output into bench/RESULTS.md:
// per data set and codec the median MB/s, the ratio to encoding/json,
// allocations per operation and encoded sizes, the geometric means that
// the performance targets are stated in, and the kernel and stream
// throughput.
//
// Usage: go run ./cmd/report -peers peers.txt -kernel kernel.txt > RESULTS.md
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"sort"
	"strconv"
	"strings"
)

// sample is one benchmark result line.
type sample struct {
	nsPerOp, mbPerS, allocs, bytes, encoded float64
}

// results maps a benchmark name (without the -N suffix) to its samples.
type results map[string][]sample

func parse(r io.Reader) (results, error) {
	res := results{}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) < 4 || !strings.HasPrefix(f[0], "Benchmark") {
			continue
		}
		name := f[0]
		if i := strings.LastIndexByte(name, '-'); i > 0 {
			if _, err := strconv.Atoi(name[i+1:]); err == nil {
				name = name[:i]
			}
		}
		var s sample
		for i := 2; i+1 < len(f); i += 2 {
			v, err := strconv.ParseFloat(f[i], 64)
			if err != nil {
				continue
			}
			switch f[i+1] {
			case "ns/op":
				s.nsPerOp = v
			case "MB/s":
				s.mbPerS = v
			case "allocs/op":
				s.allocs = v
			case "B/op":
				s.bytes = v
			case "encoded-B":
				s.encoded = v
			}
		}
		res[name] = append(res[name], s)
	}
	return res, sc.Err()
}

func median(xs []float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

func (r results) med(name string, get func(sample) float64) float64 {
	var xs []float64
	for _, s := range r[name] {
		xs = append(xs, get(s))
	}
	return median(xs)
}

var (
	datasets = []string{"small", "medium", "twitter", "citm_catalog", "canada", "code"}
	codecs   = []string{"smile", "json", "goccy", "jsoniter", "sonic", "cbor", "msgpack"}
)

func mbps(s sample) float64   { return s.mbPerS }
func allocs(s sample) float64 { return s.allocs }

func geomean(xs []float64) float64 {
	sum, n := 0.0, 0
	for _, x := range xs {
		if x > 0 && !math.IsNaN(x) {
			sum += math.Log(x)
			n++
		}
	}
	if n == 0 {
		return math.NaN()
	}
	return math.Exp(sum / float64(n))
}

// throughputTable writes MB/s and the ratio to encoding/json for one
// benchmark kind, and returns the geometric-mean ratios of smile to json
// and to cbor.
func throughputTable(w io.Writer, r results, kind string) (vsJSON, vsCBOR float64) {
	fmt.Fprintf(w, "| data set | %s |\n|---|%s\n", strings.Join(codecs, " | "), strings.Repeat("--:|", len(codecs)))
	ratios := map[string][]float64{}
	for _, ds := range datasets {
		base := r.med(kind+"/"+ds+"/json", mbps)
		row := []string{ds}
		for _, c := range codecs {
			v := r.med(kind+"/"+ds+"/"+c, mbps)
			if math.IsNaN(v) {
				row = append(row, "–")
				continue
			}
			ratios[c] = append(ratios[c], v/base)
			row = append(row, fmt.Sprintf("%.0f (%.2fx)", v, v/base))
		}
		fmt.Fprintf(w, "| %s |\n", strings.Join(row, " | "))
	}
	row := []string{"**geomean ratio to json**"}
	for _, c := range codecs {
		row = append(row, fmt.Sprintf("**%.2fx**", geomean(ratios[c])))
	}
	fmt.Fprintf(w, "| %s |\n\n", strings.Join(row, " | "))
	var smileOverCBOR []float64
	for i := range ratios["smile"] {
		if i < len(ratios["cbor"]) {
			smileOverCBOR = append(smileOverCBOR, ratios["smile"][i]/ratios["cbor"][i])
		}
	}
	return geomean(ratios["smile"]), geomean(smileOverCBOR)
}

func allocTable(w io.Writer, r results, kind string) {
	fmt.Fprintf(w, "| data set | %s |\n|---|%s\n", strings.Join(codecs, " | "), strings.Repeat("--:|", len(codecs)))
	for _, ds := range datasets {
		row := []string{ds}
		for _, c := range codecs {
			v := r.med(kind+"/"+ds+"/"+c, allocs)
			if math.IsNaN(v) {
				row = append(row, "–")
			} else {
				row = append(row, strconv.FormatFloat(v, 'f', 0, 64))
			}
		}
		fmt.Fprintf(w, "| %s |\n", strings.Join(row, " | "))
	}
	fmt.Fprintln(w)
}

func sizeTable(w io.Writer, r results) {
	fmt.Fprintf(w, "| data set | %s |\n|---|%s\n", strings.Join(codecs, " | "), strings.Repeat("--:|", len(codecs)))
	for _, ds := range datasets {
		base := r.med("BenchmarkMarshal/"+ds+"/json", func(s sample) float64 { return s.encoded })
		row := []string{ds}
		for _, c := range codecs {
			v := r.med("BenchmarkMarshal/"+ds+"/"+c, func(s sample) float64 { return s.encoded })
			if math.IsNaN(v) || v == 0 {
				row = append(row, "–")
			} else {
				row = append(row, fmt.Sprintf("%.0f (%.2f)", v, v/base))
			}
		}
		fmt.Fprintf(w, "| %s |\n", strings.Join(row, " | "))
	}
	fmt.Fprintln(w)
}

func kernelTable(w io.Writer, r results) {
	var names []string
	for n := range r {
		names = append(names, n)
	}
	sort.Strings(names)
	fmt.Fprintln(w, "| benchmark | MB/s (median) | allocs/op |\n|---|--:|--:|")
	for _, n := range names {
		fmt.Fprintf(w, "| %s | %.0f | %.0f |\n", strings.TrimPrefix(n, "Benchmark"), r.med(n, mbps), r.med(n, allocs))
	}
	fmt.Fprintln(w)
}

func check(ok bool) string {
	if ok {
		return "met"
	}
	return "**not met**"
}

func main() {
	peersFile := flag.String("peers", "", "go test -bench output of the bench module")
	kernelFile := flag.String("kernel", "", "go test -bench output of ./binary and ./stream")
	header := flag.String("header", "", "text placed under the title (machine, command, date)")
	flag.Parse()
	load := func(path string) results {
		f, err := os.Open(path)
		if err != nil {
			fmt.Fprintln(os.Stderr, "report:", err)
			os.Exit(1)
		}
		defer f.Close()
		r, err := parse(f)
		if err != nil {
			fmt.Fprintln(os.Stderr, "report:", err)
			os.Exit(1)
		}
		return r
	}
	peers := load(*peersFile)
	w := os.Stdout
	fmt.Fprintf(w, "# Benchmark results\n\n%s\n\n", *header)
	fmt.Fprintln(w, "MB/s are per logical document: every codec's throughput is computed against the compact JSON size of the data set. Medians over the runs; the ratio in parentheses is to encoding/json in the same run.")
	fmt.Fprintln(w, "\n## Unmarshal into typed models (MB/s)")
	uj, uc := throughputTable(w, peers, "BenchmarkUnmarshal")
	fmt.Fprintln(w, "## Unmarshal into any (MB/s)")
	aj, _ := throughputTable(w, peers, "BenchmarkUnmarshalAny")
	fmt.Fprintln(w, "## Marshal typed models (MB/s)")
	mj, mc := throughputTable(w, peers, "BenchmarkMarshal")
	fmt.Fprintln(w, "## Allocations per Unmarshal (typed)")
	allocTable(w, peers, "BenchmarkUnmarshal")
	fmt.Fprintln(w, "## Allocations per Marshal")
	allocTable(w, peers, "BenchmarkMarshal")
	fmt.Fprintln(w, "## Encoded size in bytes (ratio to compact JSON as encoding/json writes it)")
	sizeTable(w, peers)
	if *kernelFile != "" {
		fmt.Fprintln(w, "## 7-bit kernel and stream Reader/Writer")
		kernelTable(w, load(*kernelFile))
	}
	twitterSmile := peers.med("BenchmarkUnmarshal/twitter/smile", allocs)
	twitterSonic := peers.med("BenchmarkUnmarshal/twitter/sonic", allocs)
	fmt.Fprintln(w, "## Targets (geometric mean over the six data sets)")
	fmt.Fprintln(w, "| target | measured | |\n|---|--:|---|")
	fmt.Fprintf(w, "| Unmarshal >= 8x encoding/json | %.2fx | %s |\n", uj, check(uj >= 8))
	fmt.Fprintf(w, "| Unmarshal >= 2x fxamacker/cbor | %.2fx | %s |\n", uc, check(uc >= 2))
	fmt.Fprintf(w, "| Unmarshal into any >= 3x encoding/json | %.2fx | %s |\n", aj, check(aj >= 3))
	fmt.Fprintf(w, "| Marshal >= 4x encoding/json | %.2fx | %s |\n", mj, check(mj >= 4))
	fmt.Fprintf(w, "| Marshal >= 1.5x fxamacker/cbor | %.2fx | %s |\n", mc, check(mc >= 1.5))
	fmt.Fprintf(w, "| typed Unmarshal of twitter: allocs <= sonic's | %.0f vs %.0f | %s |\n", twitterSmile, twitterSonic, check(twitterSmile <= twitterSonic))
}
