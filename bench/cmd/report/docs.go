package main

import (
	"fmt"
	"io"
	"math"
	"strings"
)

// The generic-documents section (issue 40): the rows of BenchmarkDocParse
// and BenchmarkDocGet (bench/documents_test.go), with Jackson's readTree
// from the JVM harness beside them.

// docParseCols are the columns of the parse table: the benchmark row and
// its title.
var docParseCols = []struct{ row, title string }{
	{"smile-any", "Unmarshal into any"},
	{"smile-doc", "**Parse** (reused Document)"},
	{"smile-doc-new", "Parse (new Document)"},
	{"smile-doc-interface", "Interface of a parsed Document"},
	{"sonic-ast", "sonic ast, whole tree"},
	{"sonic-ast-loadall", "sonic ast LoadAll (first level)"},
	{"fastjson", "fastjson Parser.Parse"},
	{"simdjson", "simdjson-go Parse"},
}

// docGoPeers are the Go peers that Parse must beat (issue 40): every
// generic parse of its own format that builds the whole tree, and our own
// Unmarshal into any.
var docGoPeers = []string{"sonic-ast", "fastjson", "simdjson", "smile-any"}

// docGetCols are the columns of the Get table.
var docGetCols = []struct{ row, title string }{
	{"smile-parse-get", "Parse + At"},
	{"smile-get", "smile.Get / GetMany (no tree)"},
	{"smile-query", "compiled Query (no tree)"},
	{"gjson", "gjson Get / GetMany"},
	{"sonic", "sonic GetByPath"},
	{"jsonparser", "jsonparser Get / EachKey"},
	{"fastjson-parse-get", "fastjson Parse + Get"},
	{"smile-doc", "At on a parsed Document"},
	{"fastjson", "Get on a parsed fastjson value"},
}

// docGetDatasets are the data sets of BenchmarkDocGet.
var docGetDatasets = []string{"twitter", "citm_catalog"}

func mbCell(v float64) string {
	if math.IsNaN(v) {
		return "–"
	}
	return fmt.Sprintf("%.0f", v)
}

func usCell(ns float64) string {
	if math.IsNaN(ns) {
		return "–"
	}
	if ns < 10e3 {
		return fmt.Sprintf("%.2f µs", ns/1e3)
	}
	return fmt.Sprintf("%.0f µs", ns/1e3)
}

func nsPerOp(s sample) float64 { return s.nsPerOp }

// ratio formats x as times does, with two significant digits below 0.1
// (sonic's GetByPath can be 100 times our Get).
func ratio(x float64) string {
	if !math.IsNaN(x) && x > 0 && x < 0.1 {
		return fmt.Sprintf("%.2gx", x)
	}
	return times(x)
}

// docTarget is one line of the section's targets.
type docTarget struct{ what, measured, verdict string }

// docsSection writes the generic-documents tables and returns the
// targets' lines. jvm may be nil (not measured).
func docsSection(w io.Writer, docs, jvm results) []docTarget {
	fmt.Fprintln(w, "Parse: MB/s of compact JSON, medians. Our rows read the Smile of the tables above (smile.Marshal of the typed model), as Jackson's readTree does; the Go peers read the compact JSON. Ratios: Parse (reused Document) over the column.")
	fmt.Fprintln(w)
	fmt.Fprint(w, "| data set |")
	for _, c := range docParseCols {
		fmt.Fprintf(w, " %s |", c.title)
	}
	fmt.Fprint(w, " Jackson readTree, Smile | Jackson readTree, JSON | Parse / Jackson Smile | Parse / fastest Go peer |\n|---|")
	fmt.Fprint(w, strings.Repeat("--:|", len(docParseCols)+4), "\n")
	var vsJackson, vsPeers, reuseAllocs, ifaceRatios []float64
	for _, ds := range datasets {
		row := []string{ds}
		for _, c := range docParseCols {
			row = append(row, mbCell(docs.med("BenchmarkDocParse/"+ds+"/"+c.row, mbps)))
		}
		ours := docs.med("BenchmarkDocParse/"+ds+"/smile-doc", mbps)
		jk, jj := math.NaN(), math.NaN()
		if jvm != nil {
			jk = jvm.med("BenchmarkUnmarshalAny/"+ds+"/jackson", mbps)
			jj = jvm.med("BenchmarkReadTreeJSON/"+ds+"/jackson", mbps)
		}
		row = append(row, mbCell(jk), mbCell(jj), times(ours/jk))
		best, bestName := math.NaN(), ""
		for _, p := range docGoPeers {
			if v := docs.med("BenchmarkDocParse/"+ds+"/"+p, mbps); !math.IsNaN(v) && (math.IsNaN(best) || v > best) {
				best, bestName = v, p
			}
		}
		cell := times(ours / best)
		if bestName != "" {
			cell += " (" + bestName + ")"
		}
		row = append(row, cell)
		fmt.Fprintf(w, "| %s |\n", strings.Join(row, " | "))
		vsJackson = append(vsJackson, ours/jk)
		vsPeers = append(vsPeers, ours/best)
		reuseAllocs = append(reuseAllocs, docs.med("BenchmarkDocParse/"+ds+"/smile-doc", allocs))
		ifaceRatios = append(ifaceRatios, docs.med("BenchmarkDocParse/"+ds+"/smile-doc-interface", mbps)/
			docs.med("BenchmarkDocParse/"+ds+"/smile-any", mbps))
	}
	fmt.Fprintln(w)

	fmt.Fprintln(w, "Allocations per call:")
	fmt.Fprintln(w)
	fmt.Fprint(w, "| data set |")
	for _, c := range docParseCols {
		fmt.Fprintf(w, " %s |", c.title)
	}
	fmt.Fprintf(w, "\n|---|%s\n", strings.Repeat("--:|", len(docParseCols)))
	for _, ds := range datasets {
		row := []string{ds}
		for _, c := range docParseCols {
			v := docs.med("BenchmarkDocParse/"+ds+"/"+c.row, allocs)
			row = append(row, mbCell(v))
		}
		fmt.Fprintf(w, "| %s |\n", strings.Join(row, " | "))
	}
	fmt.Fprintln(w)

	fmt.Fprintln(w, "Get: time per call (medians; MB/s of compact JSON in parentheses), and allocations per call after the slash. One path is the first of bench/documents_test.go's getPaths, five paths all of them. The last two columns look up in a tree parsed before the loop: the lookups alone.")
	fmt.Fprintln(w)
	fmt.Fprint(w, "| data set, paths |")
	for _, c := range docGetCols {
		fmt.Fprintf(w, " %s |", c.title)
	}
	fmt.Fprintf(w, "\n|---|%s\n", strings.Repeat("--:|", len(docGetCols)))
	type getRatio struct {
		name string
		x    float64
	}
	var getRatios []getRatio
	for _, ds := range docGetDatasets {
		for _, n := range []string{"one", "five"} {
			row := []string{ds + ", " + n}
			pre := "BenchmarkDocGet/" + ds + "/" + n + "/"
			for _, c := range docGetCols {
				ns := docs.med(pre+c.row, nsPerOp)
				cell := usCell(ns)
				if !math.IsNaN(ns) {
					cell += fmt.Sprintf(" (%s) / %s", mbCell(docs.med(pre+c.row, mbps)), mbCell(docs.med(pre+c.row, allocs)))
				}
				row = append(row, cell)
			}
			fmt.Fprintf(w, "| %s |\n", strings.Join(row, " | "))
			for _, ours := range []string{"smile-query", "smile-get", "smile-parse-get"} {
				for _, peer := range []string{"gjson", "sonic"} {
					getRatios = append(getRatios, getRatio{ours + " vs " + peer + " on " + ds + ", " + n,
						docs.med(pre+peer, nsPerOp) / docs.med(pre+ours, nsPerOp)})
				}
			}
		}
	}
	fmt.Fprintln(w)

	var ts []docTarget
	jkn := "not measured"
	if jvm != nil {
		jkn = "measured"
	}
	n, ok := count(vsJackson, func(x float64) bool { return x >= 1.2 })
	ts = append(ts, docTarget{"Parse >= 1.2x Jackson readTree of the same Smile (6 data sets; " + jkn + ")", n + ", geomean " + times(geomean(vsJackson)), check(ok)})
	n, ok = count(vsJackson, func(x float64) bool { return x >= 1.5 })
	ts = append(ts, docTarget{"Parse >= 1.5x Jackson readTree (the goal beyond)", n, check(ok)})
	n, ok = count(vsPeers, func(x float64) bool { return x > 1 })
	ts = append(ts, docTarget{"Parse faster than every Go peer's generic parse (" + strings.Join(docGoPeers, ", ") + ")", n + ", geomean " + times(geomean(vsPeers)) + " over the fastest", check(ok)})
	n, ok = count(reuseAllocs, func(x float64) bool { return x == 0 })
	ts = append(ts, docTarget{"reused Document: 0 allocations per Parse", n, check(ok)})
	n, ok = count(ifaceRatios, func(x float64) bool { return x >= 1 })
	ts = append(ts, docTarget{"Interface of a parsed Document no slower than Unmarshal into any", n + ", geomean " + times(geomean(ifaceRatios)), check(ok)})
	for _, ours := range []string{"smile-query", "smile-get", "smile-parse-get"} {
		var xs []float64
		var worst getRatio
		for _, g := range getRatios {
			if strings.HasPrefix(g.name, ours+" vs") {
				xs = append(xs, g.x)
				if worst.name == "" || g.x < worst.x {
					worst = g
				}
			}
		}
		n, ok := count(xs, func(x float64) bool { return x > 1 })
		ts = append(ts, docTarget{"Get (" + ours + ") faster than gjson and sonic GetByPath (2 data sets x one, five paths x 2 peers)",
			fmt.Sprintf("%s; slowest: %s %s", n, strings.TrimPrefix(worst.name, ours+" vs "), ratio(worst.x)), check(ok)})
	}
	return ts
}
