package main

import (
	"bytes"
	"math"
	"os"
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	in := `goos: linux
BenchmarkUnmarshal/small/smile-2   	   29634	       816.3 ns/op	 246.23 MB/s	     192 B/op	       1 allocs/op
BenchmarkUnmarshal/small/smile-2   	   29634	       800.0 ns/op	 250.00 MB/s	     192 B/op	       1 allocs/op
BenchmarkMarshal/twitter/jackson 	      61	   1640312.4 ns/op	  284.64 MB/s
jvm: OpenJDK 64-Bit Server VM 17.0.15
`
	r, err := parse(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	if got := r.med("BenchmarkUnmarshal/small/smile", mbps); got != (246.23+250)/2 {
		t.Errorf("median MB/s of smile = %v, want %v", got, (246.23+250)/2)
	}
	if got := r.med("BenchmarkUnmarshal/small/smile", allocs); got != 1 {
		t.Errorf("allocs of smile = %v, want 1", got)
	}
	if got := r.med("BenchmarkMarshal/twitter/jackson", mbps); got != 284.64 {
		t.Errorf("MB/s of jackson = %v, want 284.64", got)
	}
	if len(r) != 2 {
		t.Errorf("parsed %d benchmarks, want 2: %v", len(r), r)
	}
}

// at builds results with one sample of MB/s per benchmark name.
func at(m map[string]float64) results {
	r := results{}
	for name, v := range m {
		r[name] = []sample{{mbPerS: v}}
	}
	return r
}

func TestFastestLines(t *testing.T) {
	r := at(map[string]float64{
		"BenchmarkUnmarshal/small/smile": 110, "BenchmarkUnmarshal/small/goccy": 100, "BenchmarkUnmarshal/small/json": 10,
		"BenchmarkUnmarshal/medium/smile": 90, "BenchmarkUnmarshal/medium/goccy": 120, "BenchmarkUnmarshal/medium/json": 10,
	})
	var w bytes.Buffer
	defaults, like := fastestLines(&w, r, ops[0])
	for _, want := range []string{
		"- small: **smile** 110 MB/s, 1.10x the next (goccy 100)\n",
		"- medium: **goccy** 120 MB/s, 1.33x the next (smile 90); smile 90 vs goccy 120 (0.75x)\n",
		"- twitter: not measured\n",
	} {
		if !strings.Contains(w.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, w.String())
		}
	}
	if len(defaults) != 6 || math.Abs(defaults[0]-1.1) > 1e-9 || defaults[1] != 0.75 || !math.IsNaN(defaults[2]) {
		t.Errorf("ratios = %v, want [1.1 0.75 NaN NaN NaN NaN]", defaults)
	}
	if like != nil {
		t.Errorf("like-for-like ratios for Unmarshal = %v, want none", like)
	}
}

func TestFastestLinesLikeForLike(t *testing.T) {
	r := at(map[string]float64{
		"BenchmarkMarshal/small/smile": 100, "BenchmarkMarshal/small/goccy": 120, "BenchmarkMarshal/small/json": 50,
		"BenchmarkMarshal/small/cbor-sorted": 80, "BenchmarkMarshal/small/smile-unsorted": 150,
		"BenchmarkMarshal/small/cbor": 100, "BenchmarkMarshal/small/sonic": 130,
	})
	var w bytes.Buffer
	_, like := fastestLines(&w, r, ops[2])
	want := "- small: **sonic** 130 MB/s, 1.08x the next (goccy 120); smile 100 vs sonic 130 (0.77x); " +
		"like for like, sorted keys: smile 100 vs goccy 120 (0.83x); unsorted: smile-unsorted 150 vs sonic 130 (1.15x)\n"
	if !strings.Contains(w.String(), want) {
		t.Errorf("output lacks %q:\n%s", want, w.String())
	}
	if len(like) != 6 || like[0] != 100.0/120 {
		t.Errorf("like-for-like ratios = %v, want the lower of the two comparisons (%v) first", like, 100.0/120)
	}
}

func TestJVMTable(t *testing.T) {
	peers := at(map[string]float64{"BenchmarkUnmarshalAny/small/smile": 100, "BenchmarkMarshal/small/smile": 300})
	jvm := at(map[string]float64{"BenchmarkUnmarshalAny/small/jackson": 200, "BenchmarkMarshal/small/jackson": 100})
	var w bytes.Buffer
	ratios := jvmTable(&w, peers, jvm)
	want := "| small | 100 / 200 (0.50x) | – / – | – / – | – / – | 300 / 100 (3.00x) | – / 100 |\n"
	if !strings.Contains(w.String(), want) {
		t.Errorf("output lacks %q:\n%s", want, w.String())
	}
	if ratios[0][0] != 0.5 || ratios[4][0] != 3 || !math.IsNaN(ratios[1][0]) {
		t.Errorf("ratios = %v", ratios)
	}
}

func TestReadJVMSkipped(t *testing.T) {
	path := t.TempDir() + "/jvm.txt"
	if err := os.WriteFile(path, []byte("skipped: run-codecs.sh: missing: java\n(set JACKSON)\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r, _, skipped := readJVM(path)
	if r != nil || skipped != "skipped: run-codecs.sh: missing: java (set JACKSON)" {
		t.Errorf("readJVM = %v, %q; want no results and the reason on one line", r, skipped)
	}
}

// TestDocsSection checks the generic-documents targets on made-up figures:
// Parse at 300 MB/s against Jackson at 200 (1.5x) and the fastest Go peer at
// 250 on every data set, and 0 allocations.
func TestDocsSection(t *testing.T) {
	docs, jvm := results{}, results{}
	for _, ds := range datasets {
		docs["BenchmarkDocParse/"+ds+"/smile-doc"] = []sample{{mbPerS: 300}}
		docs["BenchmarkDocParse/"+ds+"/fastjson"] = []sample{{mbPerS: 250, allocs: 3}}
		docs["BenchmarkDocParse/"+ds+"/smile-any"] = []sample{{mbPerS: 100}}
		docs["BenchmarkDocParse/"+ds+"/smile-doc-interface"] = []sample{{mbPerS: 90}}
		jvm["BenchmarkUnmarshalAny/"+ds+"/jackson"] = []sample{{mbPerS: 200}}
	}
	var w bytes.Buffer
	ts := docsSection(&w, docs, jvm)
	want := map[string]string{
		"Parse >= 1.2x":  "met",
		"Parse >= 1.5x":  "met",
		"Parse faster":   "met",
		"reused":         "met",
		"Interface of a": "**not met**",
	}
	for _, tg := range ts {
		for prefix, v := range want {
			if strings.HasPrefix(tg.what, prefix) && tg.verdict != v {
				t.Errorf("%s: %s (%s), want %s", tg.what, tg.verdict, tg.measured, v)
			}
		}
	}
	if !strings.Contains(w.String(), "| twitter | 100 | 300 |") {
		t.Errorf("parse table lacks the twitter row:\n%s", w.String())
	}
}
