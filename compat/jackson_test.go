package compat_test

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/go-smile/smile"
	"github.com/go-smile/smile/compat"
	"github.com/go-smile/smile/internal/golden"
	"github.com/go-smile/smile/internal/goldenplay"
	"github.com/go-smile/smile/stream"
)

// The live differential against Jackson. It compiles compat/jackson's
// oracle with javac against the jars of every Jackson version on this
// machine (compat/jackson/build.sh --versions: Debian's 2.7.8 in
// /usr/share/java, 2.18.3 and 2.19 in the shared folder beside the
// checkout) and asks each to read what we write. A version whose jars are
// missing is skipped, saying why. SMILE_REQUIRE_JACKSON turns skips into
// failures: set to version names ("2.7.8 2.18.3 2.19") it requires those,
// set to anything else ("1") Debian's 2.7.8.

// oracle is the Jackson oracle built against one version's jars.
type oracle struct {
	jackson golden.Jackson
	cp      string // classpath: the classes, then the jars
	err     error  // why it cannot run
}

var (
	oraclesOnce sync.Once
	oracles     []*oracle // one per golden.Versions
)

func buildOracles() {
	for _, j := range golden.Versions {
		oracles = append(oracles, &oracle{jackson: j})
	}
	fail := func(err error) {
		for _, o := range oracles {
			o.err = err
		}
	}
	if _, err := exec.LookPath("javac"); err != nil {
		fail(fmt.Errorf("javac not found: %v", err))
		return
	}
	build := filepath.Join("jackson", "build.sh")
	cmd := exec.Command("bash", build, "--versions")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		fail(fmt.Errorf("%s --versions: %v\n%s", build, err, stderr.Bytes()))
		return
	}
	available := strings.Fields(string(out))
	var wg sync.WaitGroup
	for _, o := range oracles {
		if !slices.Contains(available, o.jackson.Name) {
			o.err = fmt.Errorf("jars not found: %s", strings.TrimSpace(grepLine(stderr.String(), " "+o.jackson.Name+" ")))
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			dir, err := os.MkdirTemp("", "smile-oracle")
			if err != nil {
				o.err = err
				return
			}
			if out, err := exec.Command("bash", build, "--jackson", o.jackson.Name, dir).CombinedOutput(); err != nil {
				o.err = fmt.Errorf("building the oracle: %v\n%s", err, out)
				return
			}
			jars, err := exec.Command("bash", build, "--jackson", o.jackson.Name, "--classpath").Output()
			if err != nil {
				o.err = err
				return
			}
			o.cp = dir + string(os.PathListSeparator) + strings.TrimSpace(string(jars))
		}()
	}
	wg.Wait()
}

func grepLine(text, sub string) string {
	for _, l := range strings.Split(text, "\n") {
		if strings.Contains(l, sub) {
			return l
		}
	}
	return ""
}

// required returns the versions SMILE_REQUIRE_JACKSON requires.
func required() []string {
	env := os.Getenv("SMILE_REQUIRE_JACKSON")
	if env == "" {
		return nil
	}
	var names []string
	for _, f := range strings.Fields(env) {
		if _, ok := golden.JacksonByName(f); ok {
			names = append(names, f)
		}
	}
	if len(names) == 0 {
		names = []string{golden.Versions[0].Name}
	}
	return names
}

// noteSkip appends line to the file SMILE_SKIP_LOG names, when it is set,
// so that test.sh can show what was skipped: go test prints a passing
// package's output, t.Skip's reason among it, only with -v.
func noteSkip(line string) {
	name := os.Getenv("SMILE_SKIP_LOG")
	if name == "" {
		return
	}
	f, err := os.OpenFile(name, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return
	}
	fmt.Fprintln(f, line)
	f.Close()
}

// eachJackson runs f in a parallel subtest per Jackson version. A version
// that cannot run is skipped with the reason, or fails the test when
// SMILE_REQUIRE_JACKSON requires it.
func eachJackson(t *testing.T, f func(t *testing.T, o *oracle)) {
	oraclesOnce.Do(buildOracles)
	req := required()
	for _, o := range oracles {
		t.Run(o.jackson.Name, func(t *testing.T) {
			if o.err != nil {
				if slices.Contains(req, o.jackson.Name) {
					t.Fatalf("Jackson %s is required (SMILE_REQUIRE_JACKSON=%q) but unavailable: %v", o.jackson, os.Getenv("SMILE_REQUIRE_JACKSON"), o.err)
				}
				noteSkip(fmt.Sprintf("SKIPPED the live differential against Jackson %s: %v", o.jackson, o.err))
				t.Skipf("SKIPPED the live differential against Jackson %s: %v. Debian's 2.7.8: apt-get install -y default-jdk-headless libjackson2-dataformat-smile; 2.18.3 and 2.19: the shared/jackson folder beside the checkout (see compat/jackson/build.sh). CI runs every version it has and requires Debian's", o.jackson, o.err)
			}
			t.Parallel()
			f(t, o)
		})
	}
}

// javaFlags start the JVM for short runs: C1 only and the serial
// collector halve the CPU time of a tojson-dir run of json/ (0.42-0.66 s
// to 0.21-0.23 s user, /usr/bin/time, Jackson 2.19, on a loaded machine).
var javaFlags = []string{"-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"}

func encOptions(c golden.Config) smile.EncOptions {
	return smile.EncOptions{
		OmitHeader:         c.OmitHeader,
		DisableSharedNames: c.DisableSharedNames,
		SharedValues:       c.SharedValues,
		RawBinary:          c.RawBinary,
		EndMarker:          c.EndMarker,
	}
}

// fromJSONOptions returns the FromJSON options that write like Jackson j
// with config c: its number typing, and a literal beyond the float64
// range written as ±Inf (g-exp-overflow's 1e400), as every version does.
func fromJSONOptions(c golden.Config, j golden.Jackson) compat.FromJSONOptions {
	return compat.FromJSONOptions{Enc: encOptions(c), BigIntegerFrom19Digits: j.BigIntegerFrom19Digits, AllowOverflowToInfinity: true}
}

// docsByConfig groups written files by config, so that Jackson reads each
// group with the right header setting.
type docsByConfig map[string]string // config name -> directory

func (d docsByConfig) write(t *testing.T, c golden.Config, name string, data []byte) {
	dir, ok := d[c.Name]
	if !ok {
		dir = t.TempDir()
		d[c.Name] = dir
	}
	if err := os.WriteFile(filepath.Join(dir, name+".smile"), data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// readBack has Jackson read every group, in one JVM run, and calls check
// with each result: the JSON text of the document, or, when Jackson fails,
// what it read before, then an "ERROR: " line.
func (d docsByConfig) readBack(t *testing.T, o *oracle, check func(config, name string, jacksonJSON []byte)) {
	t.Helper()
	configs := make([]string, 0, len(d))
	for c := range d {
		configs = append(configs, c)
	}
	sort.Strings(configs)
	args := append(slices.Clone(javaFlags), "-cp", o.cp, "SmileOracle", "tojson-dir")
	outs := map[string]string{}
	for _, name := range configs {
		cfg, err := golden.ParseConfig(name)
		if err != nil {
			t.Fatal(err)
		}
		outs[name] = t.TempDir()
		args = append(args, d[name], outs[name])
		if cfg.OmitHeader {
			args = append(args, "--no-require-header")
		}
	}
	if msg, err := exec.Command("java", args...).CombinedOutput(); err != nil {
		t.Fatalf("java %v: %v\n%s", args, err, msg)
	}
	for _, name := range configs {
		files, err := filepath.Glob(filepath.Join(outs[name], "*.json"))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			check(name, strings.TrimSuffix(filepath.Base(f), ".json"), data)
		}
	}
}

// TestFromJSONGolden checks, for every JSON document of the golden corpus
// in every config and for every Jackson version that wrote it, that our
// JSON->Smile bytes with that version's number typing equal Jackson's, and
// that we decode Jackson's Smile to the same JSON. It needs no JVM: the
// files are Jackson's.
func TestFromJSONGolden(t *testing.T) {
	cases := golden.Cases(t, "json")
	if len(cases) < 60*len(golden.Configs) {
		t.Fatalf("only %d golden JSON cases; the corpus should have at least 60 documents in %d configs", len(cases), len(golden.Configs))
	}
	compared, multiRoot := 0, 0
	perVersion := map[string]int{}
	for _, c := range cases {
		// Jackson copied a file of several root values through one
		// generator (one header); FromJSON makes each its own document.
		if countRoots(c.Ops) > 1 {
			multiRoot++
		} else {
			for _, j := range c.Variant.Jackson {
				got, err := compat.FromJSONBytes(c.JSON, fromJSONOptions(c.Config, j))
				if err != nil {
					t.Errorf("%s: FromJSON: %v", c.ID(), err)
				} else if !bytes.Equal(got, c.Want) {
					i := golden.FirstDiff(c.Want, got)
					t.Errorf("%s: our Smile with the number typing of Jackson %s differs from Jackson's at byte %d of %d", c.ID(), j, i, len(c.Want))
				} else {
					perVersion[j.Name]++
				}
			}
			compared++
		}

		// We read Jackson's Smile.
		js, err := compat.ToJSONBytes(c.Want, compat.ToJSONOptions{
			Dec:                smile.DecOptions{HeaderOptional: c.Config.OmitHeader},
			NonFiniteAsStrings: true, // 1e400 is +Inf, as Jackson writes it
		})
		if err != nil {
			t.Errorf("%s: reading Jackson's Smile: %v", c.ID(), err)
		} else if d := jsonDiff(c.JSON, js, false); d != "" {
			t.Errorf("%s: our reading of Jackson's Smile differs: %s", c.ID(), d)
		}
	}
	for _, j := range golden.Versions {
		if perVersion[j.Name] < 300 {
			t.Errorf("only %d documents byte-identical to Jackson %s", perVersion[j.Name], j)
		}
	}
	t.Logf("%d files: %d compared byte for byte (byte-identical per version: %v), %d multi-root files compared as JSON only",
		len(cases), compared, perVersion, multiRoot)
}

// TestJacksonDifferentialJSON has every Jackson version read our Smile of
// every JSON document of the golden corpus in every config, written with
// that version's number typing, and checks that it reads the document.
func TestJacksonDifferentialJSON(t *testing.T) {
	cases := golden.Cases(t, "json")
	eachJackson(t, func(t *testing.T, o *oracle) {
		ours := docsByConfig{}
		original := map[string][]byte{}
		written := 0
		for _, c := range cases {
			if !slices.Contains(c.Variant.Jackson, o.jackson) {
				continue // the same document, as another version writes it
			}
			original[c.Name] = c.JSON
			got, err := compat.FromJSONBytes(c.JSON, fromJSONOptions(c.Config, o.jackson))
			if err != nil {
				t.Errorf("%s: FromJSON: %v", c.ID(), err)
				continue
			}
			ours.write(t, c.Config, c.Name, got)
			written++
		}
		read := 0
		ours.readBack(t, o, func(config, name string, js []byte) {
			read++
			if i := bytes.Index(js, []byte("ERROR: ")); i >= 0 {
				t.Errorf("%s.%s: Jackson %s cannot read our Smile: %s", name, config, o.jackson, js[i:])
				return
			}
			if d := jsonDiff(original[name], js, false); d != "" {
				t.Errorf("%s.%s: Jackson %s's reading of our Smile differs: %s", name, config, o.jackson, d)
			}
		})
		if read != written || written < 60*len(golden.Configs) {
			t.Errorf("Jackson %s read back %d documents, we wrote %d", o.jackson, read, written)
		}
		t.Logf("Jackson %s read all %d of ours (%d documents x %d configs)", o.jackson, read, len(original), len(golden.Configs))
	})
}

func countRoots(ops []golden.Op) int {
	depth, roots := 0, 0
	for _, o := range ops {
		switch o.Kind {
		case golden.StartObject, golden.StartArray:
			if depth == 0 {
				roots++
			}
			depth++
		case golden.EndObject, golden.EndArray:
			depth--
		case golden.Key, golden.NewDocument:
		default:
			if depth == 0 {
				roots++
			}
		}
	}
	return roots
}

// TestJacksonReadsOurTokens writes every token script (all scalar kinds:
// float32 with the specification's clean sign bits, BigInteger, BigDecimal,
// binary, long strings, shared tables past 1024 entries) with our Writer in
// every config, and checks that every Jackson version reads each to the
// same JSON we do.
func TestJacksonReadsOurTokens(t *testing.T) {
	cases := golden.Cases(t, "tokens")
	ours := docsByConfig{}
	ourJSON := map[string][]byte{}
	for _, c := range cases {
		id := c.Name + "." + c.Config.Name
		if _, done := ourJSON[id]; done {
			continue // another version's file of the same script: the same ops
		}
		w, err := stream.NewWriter(goldenplay.WriterOptions(c.Config, false))
		if err != nil {
			t.Fatal(err)
		}
		if err := goldenplay.Play(w, c.Ops); err != nil {
			t.Errorf("%s: %v", c.ID(), err)
			continue
		}
		data := append([]byte(nil), w.Bytes()...)
		js, err := compat.ToJSONBytes(data, compat.ToJSONOptions{
			Dec:                smile.DecOptions{HeaderOptional: c.Config.OmitHeader},
			NonFiniteAsStrings: true,
		})
		if err != nil {
			t.Errorf("%s: reading our own Smile: %v", c.ID(), err)
			continue
		}
		ourJSON[id] = js
		ours.write(t, c.Config, c.Name, data)
	}
	eachJackson(t, func(t *testing.T, o *oracle) {
		read := 0
		ours.readBack(t, o, func(config, name string, js []byte) {
			read++
			if i := bytes.Index(js, []byte("ERROR: ")); i >= 0 {
				t.Errorf("%s.%s: Jackson %s cannot read our Smile: %s", name, config, o.jackson, js[i:])
				return
			}
			if d := jsonDiff(ourJSON[name+"."+config], js, true); d != "" {
				t.Errorf("%s.%s: Jackson %s reads our Smile differently: %s", name, config, o.jackson, d)
			}
		})
		if read != len(ourJSON) {
			t.Errorf("Jackson %s read back %d documents, want %d", o.jackson, read, len(ourJSON))
		}
		t.Logf("%d token scripts in %d configs written by us and read back by Jackson %s", len(ourJSON)/len(golden.Configs), len(golden.Configs), o.jackson)
	})
}

// TestJacksonReadsEmptyRawBinaryAtEnd checks what each Jackson version
// does with an empty raw binary value that ends the input (3A 29 0A 05 FD
// 80), which our Writer writes for an empty []byte under RawBinary: Smile
// modules before 2.12.3 fail with an end-of-input error, newer ones read an
// empty value. In an array (not at the end) every version reads it.
func TestJacksonReadsEmptyRawBinaryAtEnd(t *testing.T) {
	docs := docsByConfig{}
	cfg, err := golden.ParseConfig("rawbinary")
	if err != nil {
		t.Fatal(err)
	}
	write := func(name string, play func(w *stream.Writer) error) {
		w, err := stream.NewWriter(goldenplay.WriterOptions(cfg, false))
		if err != nil {
			t.Fatal(err)
		}
		if err := play(w); err != nil {
			t.Fatal(err)
		}
		if err := w.EndDocument(); err != nil {
			t.Fatal(err)
		}
		docs.write(t, cfg, name, w.Bytes())
	}
	write("at-end", func(w *stream.Writer) error { return w.WriteBinary([]byte{}) })
	write("in-array", func(w *stream.Writer) error {
		if err := w.WriteStartArray(); err != nil {
			return err
		}
		if err := w.WriteBinary([]byte{}); err != nil {
			return err
		}
		return w.WriteEndArray()
	})
	atEnd, err := os.ReadFile(filepath.Join(docs[cfg.Name], "at-end.smile"))
	if err != nil {
		t.Fatal(err)
	}
	if golden.Hex(atEnd) != "3A 29 0A 05 FD 80" {
		t.Fatalf("our Writer wrote % X", atEnd)
	}
	eachJackson(t, func(t *testing.T, o *oracle) {
		got := map[string]string{}
		docs.readBack(t, o, func(_, name string, js []byte) { got[name] = strings.TrimSpace(string(js)) })
		if got["in-array"] != `[""]` {
			t.Errorf("Jackson %s reads [empty raw binary] as %q", o.jackson, got["in-array"])
		}
		if o.jackson.FailsOnEmptyRawBinaryAtEnd {
			if !strings.HasPrefix(got["at-end"], "ERROR: com.fasterxml.jackson.core.io.JsonEOFException: Unexpected end-of-input") {
				t.Errorf("Jackson %s was expected to fail on an empty raw binary value at the end of the input, as Smile modules before 2.12.3 do; it reads %q", o.jackson, got["at-end"])
			}
		} else if got["at-end"] != `""` {
			t.Errorf("Jackson %s reads an empty raw binary value at the end of the input as %q", o.jackson, got["at-end"])
		}
	})
}
