// Command report turns `go test -bench` output into bench/RESULTS.md:
// per data set and codec the median MB/s, the ratio to encoding/json and
// who is fastest, allocations per operation and encoded sizes, the kernel
// and stream throughput, Jackson's figures on the JVM beside ours (the
// output of bench/jvm/run-codecs.sh, in the same format), and the
// performance targets of issue 17 (geometric means, counts of data sets).
//
// With -docs, the output of BenchmarkDocParse and BenchmarkDocGet, it adds
// the generic-documents section (issue 40, docs.go) and its targets; with
// -section docs it writes only that section (from -docs and -jvm).
//
// Usage: go run ./cmd/report -peers peers.txt -kernel kernel.txt [-jvm jvm.txt] [-docs docs.txt] > RESULTS.md
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
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
	// codecs are the seven codecs at their defaults (codecs_test.go).
	codecs = []string{"smile", "json", "goccy", "jsoniter", "sonic", "cbor", "msgpack"}
	// variants run in the Marshal benchmarks only: a codec of codecs with
	// the other map order.
	variants = []string{"smile-unsorted", "cbor-sorted"}
	// sortsKeys are the codecs that write map entries sorted by key, as
	// codecs_test.go's sortsKeys says (TestPeersMapKeyOrder checks it).
	sortsKeys = map[string]bool{"smile": true, "json": true, "goccy": true, "cbor-sorted": true}
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

// op is one benchmark kind and what the report says of it.
type op struct {
	kind  string // benchmark name: BenchmarkUnmarshal, ...
	title string // section title
	cols  []string
	// mapOrder says whether the map order matters (Marshal), so that the
	// fastest lines also compare like with like.
	mapOrder bool
}

var ops = []op{
	{"BenchmarkUnmarshal", "Unmarshal into typed models (MB/s)", codecs, false},
	{"BenchmarkUnmarshalAny", "Unmarshal into any (MB/s)", codecs, false},
	{"BenchmarkMarshal", "Marshal typed models (MB/s)", append(slices.Clip(codecs), variants...), true},
	{"BenchmarkMarshalAny", "Marshal any: encoding/json's map[string]any tree (MB/s)", append(slices.Clip(codecs), variants...), true},
}

// throughputTable writes MB/s and the ratio to encoding/json for o, and
// returns the geometric-mean ratio to json of every column.
func throughputTable(w io.Writer, r results, o op) map[string]float64 {
	fmt.Fprintf(w, "| data set | %s |\n|---|%s\n", strings.Join(o.cols, " | "), strings.Repeat("--:|", len(o.cols)))
	ratios := map[string][]float64{}
	for _, ds := range datasets {
		base := r.med(o.kind+"/"+ds+"/json", mbps)
		row := []string{ds}
		for _, c := range o.cols {
			v := r.med(o.kind+"/"+ds+"/"+c, mbps)
			if math.IsNaN(v) {
				row = append(row, "–")
				continue
			}
			ratios[c] = append(ratios[c], v/base)
			row = append(row, fmt.Sprintf("%.0f (%.2fx)", v, v/base))
		}
		fmt.Fprintf(w, "| %s |\n", strings.Join(row, " | "))
	}
	geo := map[string]float64{}
	row := []string{"**geomean ratio to json**"}
	for _, c := range o.cols {
		geo[c] = geomean(ratios[c])
		row = append(row, "**"+times(geo[c])+"**")
	}
	fmt.Fprintf(w, "| %s |\n\n", strings.Join(row, " | "))
	return geo
}

// ranked is a codec and its median MB/s.
type ranked struct {
	codec string
	mbps  float64
}

// rank returns the codecs of names that ran on ds, fastest first.
func rank(r results, kind, ds string, names []string) []ranked {
	var out []ranked
	for _, c := range names {
		if v := r.med(kind+"/"+ds+"/"+c, mbps); !math.IsNaN(v) {
			out = append(out, ranked{c, v})
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].mbps > out[j].mbps })
	return out
}

// lead compares codec with the fastest other codec of names on ds: the
// ratio of codec's MB/s to that one's, and its text.
func lead(r results, kind, ds, codec string, names []string) (ratio float64, text string) {
	var others []string
	for _, c := range names {
		if c != codec {
			others = append(others, c)
		}
	}
	v := r.med(kind+"/"+ds+"/"+codec, mbps)
	rk := rank(r, kind, ds, others)
	if math.IsNaN(v) || len(rk) == 0 {
		return math.NaN(), "–"
	}
	return v / rk[0].mbps, fmt.Sprintf("%s %.0f vs %s %.0f (%s)", codec, v, rk[0].codec, rk[0].mbps, times(v/rk[0].mbps))
}

// fastestLines writes, per data set, which codec at its default is fastest
// and by how much over the next, smile's ratio to the fastest other codec,
// and for Marshal the like-for-like comparisons: smile against the other
// codecs that sort map keys, smile-unsorted against those that do not.
// It returns smile's ratios to the fastest peer, by data set, at defaults
// and (for Marshal) like for like (the lower of the two comparisons).
func fastestLines(w io.Writer, r results, o op) (defaults, like []float64) {
	fmt.Fprintln(w, "Fastest per data set (the seven codecs at their defaults), and smile against the fastest other where it is not first:")
	fmt.Fprintln(w)
	var sorted, unsorted []string
	for _, c := range o.cols {
		if sortsKeys[c] {
			sorted = append(sorted, c)
		} else {
			unsorted = append(unsorted, c)
		}
	}
	for _, ds := range datasets {
		rk := rank(r, o.kind, ds, codecs)
		if len(rk) < 2 {
			defaults = append(defaults, math.NaN())
			if o.mapOrder {
				like = append(like, math.NaN())
			}
			fmt.Fprintf(w, "- %s: not measured\n", ds)
			continue
		}
		line := fmt.Sprintf("- %s: **%s** %.0f MB/s, %.2fx the next (%s %.0f)", ds, rk[0].codec, rk[0].mbps, rk[0].mbps/rk[1].mbps, rk[1].codec, rk[1].mbps)
		ratio, text := lead(r, o.kind, ds, "smile", codecs)
		defaults = append(defaults, ratio)
		if rk[0].codec != "smile" {
			line += "; " + text
		}
		if o.mapOrder {
			rs, ts := lead(r, o.kind, ds, "smile", sorted)
			ru, tu := lead(r, o.kind, ds, "smile-unsorted", unsorted)
			like = append(like, math.Min(rs, ru))
			line += fmt.Sprintf("; like for like, sorted keys: %s; unsorted: %s", ts, tu)
		}
		fmt.Fprintln(w, line)
	}
	fmt.Fprintln(w)
	return defaults, like
}

func allocTable(w io.Writer, r results, kind string, cols []string) {
	fmt.Fprintf(w, "| data set | %s |\n|---|%s\n", strings.Join(cols, " | "), strings.Repeat("--:|", len(cols)))
	for _, ds := range datasets {
		row := []string{ds}
		for _, c := range cols {
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

// jvmColumns are the columns of the JVM table: our benchmark and codec
// against Jackson's benchmark of the same name (bench/jvm/Codecs.java).
// Jackson writes maps in insertion order, hence the columns of
// smile-unsorted; the targets are on our defaults.
var jvmColumns = []struct{ title, kind, ours string }{
	{"`any` read: ours / Jackson tree", "BenchmarkUnmarshalAny", "smile"},
	{"`any` write: ours / Jackson tree", "BenchmarkMarshalAny", "smile"},
	{"`any` write, MapKeysUnsorted: ours / Jackson tree", "BenchmarkMarshalAny", "smile-unsorted"},
	{"typed read: ours / Jackson POJO", "BenchmarkUnmarshal", "smile"},
	{"typed write: ours / Jackson POJO", "BenchmarkMarshal", "smile"},
	{"typed write, MapKeysUnsorted: ours / Jackson POJO", "BenchmarkMarshal", "smile-unsorted"},
}

// jvmTable writes our MB/s and Jackson's per data set, and returns the
// ratios ours/Jackson of each column by data set.
func jvmTable(w io.Writer, peers, jvm results) [][]float64 {
	fmt.Fprint(w, "| data set |")
	for _, c := range jvmColumns {
		fmt.Fprintf(w, " %s |", c.title)
	}
	fmt.Fprintf(w, "\n|---|%s\n", strings.Repeat("--:|", len(jvmColumns)))
	ratios := make([][]float64, len(jvmColumns))
	for _, ds := range datasets {
		row := []string{ds}
		for i, c := range jvmColumns {
			ours := peers.med(c.kind+"/"+ds+"/"+c.ours, mbps)
			theirs := jvm.med(c.kind+"/"+ds+"/jackson", mbps)
			ratios[i] = append(ratios[i], ours/theirs)
			cell := func(v float64) string {
				if math.IsNaN(v) {
					return "–"
				}
				return fmt.Sprintf("%.0f", v)
			}
			text := cell(ours) + " / " + cell(theirs)
			if r := times(ours / theirs); r != "–" {
				text += " (" + r + ")"
			}
			row = append(row, text)
		}
		fmt.Fprintf(w, "| %s |\n", strings.Join(row, " | "))
	}
	fmt.Fprintln(w)
	return ratios
}

// count returns how many of xs satisfy ok and how many there are, as
// "k of n", and whether all do (false when there are none).
func count(xs []float64, ok func(float64) bool) (string, bool) {
	k := 0
	for _, x := range xs {
		if !math.IsNaN(x) && ok(x) {
			k++
		}
	}
	return fmt.Sprintf("%d of %d", k, len(xs)), len(xs) > 0 && k == len(xs)
}

// times formats a ratio as 1.23x, or – when it is not known.
func times(x float64) string {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return "–"
	}
	return fmt.Sprintf("%.2fx", x)
}

func check(ok bool) string {
	if ok {
		return "met"
	}
	return "**not met**"
}

// readJVM loads the JVM harness output, or returns why there is none: the
// text of a file without benchmark lines (run.sh writes the reason it
// skipped the JVM there).
func readJVM(path string) (r results, info, skipped string) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, "", err.Error()
	}
	r, err = parse(strings.NewReader(string(b)))
	if err != nil {
		return nil, "", err.Error()
	}
	for _, line := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(line, "jvm: ") {
			info = strings.TrimPrefix(line, "jvm: ")
		}
	}
	if len(r) == 0 {
		return nil, "", strings.Join(strings.Fields(string(b)), " ")
	}
	return r, info, ""
}

func main() {
	peersFile := flag.String("peers", "", "go test -bench output of the bench module")
	kernelFile := flag.String("kernel", "", "go test -bench output of ./binary and ./stream")
	jvmFile := flag.String("jvm", "", "output of bench/jvm/run-codecs.sh (or the reason it did not run)")
	header := flag.String("header", "", "text placed under the title (machine, command, date)")
	docsFile := flag.String("docs", "", "go test -bench output of BenchmarkDocParse and BenchmarkDocGet")
	section := flag.String("section", "", "docs: write only the generic-documents section")
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
	w := os.Stdout
	var docTargets []docTarget
	writeDocs := func() {
		var jvm results
		fmt.Fprintln(w, "## Generic documents (MB/s of compact JSON)")
		if *jvmFile != "" {
			r, info, skipped := readJVM(*jvmFile)
			if skipped != "" {
				fmt.Fprintf(w, "Jackson not measured: %s\n\n", skipped)
			} else {
				jvm = r
				fmt.Fprintf(w, "Jackson 2.19's readTree (bench/jvm/run-codecs.sh, run right after the Go benchmarks; %s): `ObjectMapper(new SmileFactory()).readTree(byte[])` of the same Smile, and `new ObjectMapper().readTree(byte[])` of the compact JSON.\n\n", info)
			}
		}
		docTargets = docsSection(w, load(*docsFile), jvm)
	}
	if *section == "docs" {
		writeDocs()
		fmt.Fprintln(w, "| target | measured | |\n|---|--:|---|")
		for _, t := range docTargets {
			fmt.Fprintf(w, "| %s | %s | %s |\n", t.what, t.measured, t.verdict)
		}
		return
	}
	peers := load(*peersFile)
	fmt.Fprintf(w, "# Benchmark results\n\n%s\n\n", *header)
	fmt.Fprintln(w, "MB/s are per logical document: every codec's throughput is computed against the compact JSON size of the data set. Medians over the runs; the ratio in parentheses is to encoding/json in the same run.")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "smile, encoding/json and goccy sort map keys by default; jsoniter, sonic, cbor and msgpack do not. The Marshal tables add smile-unsorted (EncOptions.MapKeyOrder = MapKeysUnsorted) and cbor-sorted (fxamacker/cbor with SortBytewiseLexical) to compare like with like; on models without maps (small, twitter, code) they measure what smile and cbor do.")
	fmt.Fprintln(w)
	geo := map[string]map[string]float64{}
	var defaults, like []float64
	for _, o := range ops {
		fmt.Fprintf(w, "## %s\n", o.title)
		geo[o.kind] = throughputTable(w, peers, o)
		d, l := fastestLines(w, peers, o)
		defaults = append(defaults, d...)
		like = append(like, l...)
	}
	fmt.Fprintln(w, "## Allocations per Unmarshal (typed)")
	allocTable(w, peers, "BenchmarkUnmarshal", codecs)
	fmt.Fprintln(w, "## Allocations per Marshal (typed)")
	allocTable(w, peers, "BenchmarkMarshal", ops[2].cols)
	fmt.Fprintln(w, "## Allocations per Marshal of any")
	allocTable(w, peers, "BenchmarkMarshalAny", ops[3].cols)
	fmt.Fprintln(w, "## Encoded size in bytes (ratio to compact JSON as encoding/json writes it)")
	sizeTable(w, peers)
	if *kernelFile != "" {
		fmt.Fprintln(w, "## 7-bit kernel and stream Reader/Writer")
		kernelTable(w, load(*kernelFile))
	}
	var jvmRatios [][]float64
	if *jvmFile != "" {
		fmt.Fprintln(w, "## Against Jackson 2.19 on the JVM (MB/s of compact JSON, ours / Jackson)")
		jvm, info, skipped := readJVM(*jvmFile)
		if skipped != "" {
			fmt.Fprintf(w, "Not measured: %s\n\n", skipped)
		} else {
			fmt.Fprintf(w, "Jackson's `ObjectMapper` over `SmileFactory` (bench/jvm/run-codecs.sh, run right after the Go benchmarks; %s), on the Smile the Go benchmarks decode, MB/s against the same compact JSON sizes; medians of the timed rounds. Ours are the medians of the tables above. Our `any` write encodes encoding/json's tree, Jackson's the tree its readTree built.\n\n", info)
			jvmRatios = jvmTable(w, peers, jvm)
		}
	}

	if *docsFile != "" {
		writeDocs()
	}

	uj, aj := geo["BenchmarkUnmarshal"]["smile"], geo["BenchmarkUnmarshalAny"]["smile"]
	mj, maj := geo["BenchmarkMarshal"]["smile"], geo["BenchmarkMarshalAny"]["smile"]
	uc := uj / geo["BenchmarkUnmarshal"]["cbor"]
	mc := mj / geo["BenchmarkMarshal"]["cbor"]
	fmt.Fprintln(w, "## Targets")
	fmt.Fprintln(w, "Geometric means over the six data sets; counts are of (data set, operation) pairs.")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "| target | measured | |\n|---|--:|---|")
	fmt.Fprintf(w, "| typed Unmarshal >= 10x encoding/json | %s | %s |\n", times(uj), check(uj >= 10))
	fmt.Fprintf(w, "| typed Marshal >= 5x encoding/json | %s | %s |\n", times(mj), check(mj >= 5))
	fmt.Fprintf(w, "| Unmarshal into any >= 4x encoding/json | %s | %s |\n", times(aj), check(aj >= 4))
	fmt.Fprintf(w, "| Marshal of any >= 3.5x encoding/json | %s | %s |\n", times(maj), check(maj >= 3.5))
	fmt.Fprintf(w, "| typed Unmarshal >= 2x fxamacker/cbor | %s | %s |\n", times(uc), check(uc >= 2))
	fmt.Fprintf(w, "| typed Marshal >= 1.5x fxamacker/cbor | %s | %s |\n", times(mc), check(mc >= 1.5))
	n, ok := count(defaults, func(x float64) bool { return x >= 1.1 })
	fmt.Fprintf(w, "| smile fastest by >= 10%% over the next, codecs at their defaults (4 operations x 6 data sets) | %s | %s |\n", n, check(ok))
	n, ok = count(like, func(x float64) bool { return x >= 1.1 })
	fmt.Fprintf(w, "| Marshal like for like: smile >= 1.1x the other sorting codecs and smile-unsorted >= 1.1x the others (2 operations x 6 data sets) | %s | %s |\n", n, check(ok))
	var marshalAllocs, unmarshalAllocs []float64
	for _, ds := range datasets {
		for _, kind := range []string{"BenchmarkMarshal", "BenchmarkMarshalAny"} {
			marshalAllocs = append(marshalAllocs, peers.med(kind+"/"+ds+"/smile", allocs))
		}
		fewest := math.Inf(1)
		for _, c := range codecs[1:] {
			if v := peers.med("BenchmarkUnmarshal/"+ds+"/"+c, allocs); v < fewest {
				fewest = v
			}
		}
		unmarshalAllocs = append(unmarshalAllocs, peers.med("BenchmarkUnmarshal/"+ds+"/smile", allocs)-fewest)
	}
	n, ok = count(marshalAllocs, func(x float64) bool { return x <= 1 })
	fmt.Fprintf(w, "| Marshal (typed and any): 1 allocation per call | %s | %s |\n", n, check(ok))
	n, ok = count(unmarshalAllocs, func(x float64) bool { return x <= 0 })
	fmt.Fprintf(w, "| typed Unmarshal: allocations <= the fewest of any peer | %s | %s |\n", n, check(ok))
	for _, t := range docTargets {
		fmt.Fprintf(w, "| %s | %s | %s |\n", t.what, t.measured, t.verdict)
	}
	if jvmRatios == nil {
		fmt.Fprintln(w, "| against Jackson 2.19 | not measured | |")
		return
	}
	for i, c := range jvmColumns {
		if c.ours != "smile" {
			continue
		}
		want, at := "at least as fast as", func(x float64) bool { return x >= 1 }
		if strings.HasPrefix(c.title, "typed") {
			want, at = "faster than", func(x float64) bool { return x > 1 }
		}
		n, ok := count(jvmRatios[i], at)
		fmt.Fprintf(w, "| %s: ours %s Jackson | %s | %s |\n", strings.SplitN(c.title, ":", 2)[0], want, n, check(ok))
	}
}
