package compat_test

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
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
// oracle with javac against Debian's Jackson jars and asks Jackson to read
// what we write. Without java or the jars it skips, saying why; CI sets
// SMILE_REQUIRE_JACKSON=1, which turns that skip into a failure.

var (
	oracleOnce sync.Once
	oracleCP   string
	oracleErr  error
)

// jackson returns the classpath to run the oracle with, building it once.
func jackson(t *testing.T) string {
	t.Helper()
	oracleOnce.Do(func() {
		if _, err := exec.LookPath("javac"); err != nil {
			oracleErr = fmt.Errorf("javac not found: %v", err)
			return
		}
		dir, err := os.MkdirTemp("", "smile-oracle")
		if err != nil {
			oracleErr = err
			return
		}
		build := filepath.Join("jackson", "build.sh")
		if out, err := exec.Command("bash", build, dir).CombinedOutput(); err != nil {
			oracleErr = fmt.Errorf("building the oracle: %v\n%s", err, out)
			return
		}
		jars, err := exec.Command("bash", build, "--classpath").Output()
		if err != nil {
			oracleErr = err
			return
		}
		oracleCP = dir + string(os.PathListSeparator) + strings.TrimSpace(string(jars))
	})
	if oracleErr != nil {
		if os.Getenv("SMILE_REQUIRE_JACKSON") != "" {
			t.Fatalf("the Jackson oracle is required (SMILE_REQUIRE_JACKSON is set) but unavailable: %v", oracleErr)
		}
		t.Skipf("SKIPPED the live Jackson differential: %v. Install with: apt-get install -y default-jdk-headless libjackson2-dataformat-smile (CI does, and never skips)", oracleErr)
	}
	return oracleCP
}

// jacksonToJSON has Jackson decode every .smile file in dir and returns its
// JSON text per base name. A file Jackson fails on has an "ERROR: " line.
func jacksonToJSON(t *testing.T, dir string, requireHeader bool) map[string][]byte {
	t.Helper()
	out := t.TempDir()
	args := []string{"-cp", jackson(t), "SmileOracle", "tojson-dir", dir, out}
	if !requireHeader {
		args = append(args, "--no-require-header")
	}
	if msg, err := exec.Command("java", args...).CombinedOutput(); err != nil {
		t.Fatalf("java %v: %v\n%s", args, err, msg)
	}
	files, err := filepath.Glob(filepath.Join(out, "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	res := map[string][]byte{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		res[strings.TrimSuffix(filepath.Base(f), ".json")] = data
	}
	return res
}

func encOptions(c golden.Config) smile.EncOptions {
	return smile.EncOptions{
		OmitHeader:         c.OmitHeader,
		DisableSharedNames: c.DisableSharedNames,
		SharedValues:       c.SharedValues,
		RawBinary:          c.RawBinary,
		EndMarker:          c.EndMarker,
	}
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

// readBack has Jackson read every group and calls check with each result.
func (d docsByConfig) readBack(t *testing.T, check func(config, name string, jacksonJSON []byte)) {
	configs := make([]string, 0, len(d))
	for c := range d {
		configs = append(configs, c)
	}
	sort.Strings(configs)
	for _, name := range configs {
		cfg, err := golden.ParseConfig(name)
		if err != nil {
			t.Fatal(err)
		}
		for base, js := range jacksonToJSON(t, d[name], !cfg.OmitHeader) {
			check(name, base, js)
		}
	}
}

// TestJacksonDifferentialJSON checks, for every JSON document of the golden
// corpus in every config: our JSON->Smile bytes equal Jackson's, Jackson
// decodes our Smile to the same JSON, and we decode Jackson's Smile to the
// same JSON.
func TestJacksonDifferentialJSON(t *testing.T) {
	jackson(t)
	cases := golden.Cases(t, "json")
	if len(cases) < 60*len(golden.Configs) {
		t.Fatalf("only %d golden JSON cases; the corpus should have at least 60 documents in %d configs", len(cases), len(golden.Configs))
	}
	ours := docsByConfig{}
	original := map[string][]byte{}
	byteExact, multiRoot := 0, 0
	for _, c := range cases {
		original[c.Name] = c.JSON
		got, err := compat.FromJSONBytes(c.JSON, compat.FromJSONOptions{Enc: encOptions(c.Config)})
		if err != nil {
			t.Errorf("%s: FromJSON: %v", c.ID(), err)
			continue
		}
		// Jackson copied a file of several root values through one
		// generator (one header); FromJSON makes each its own document.
		if roots := countRoots(c.Ops); roots > 1 {
			multiRoot++
		} else if !bytes.Equal(got, c.Want) {
			i := golden.FirstDiff(c.Want, got)
			t.Errorf("%s: our Smile differs from Jackson's at byte %d of %d", c.ID(), i, len(c.Want))
		} else {
			byteExact++
		}
		ours.write(t, c.Config, c.Name, got)

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
	// Jackson reads ours.
	read := 0
	ours.readBack(t, func(config, name string, js []byte) {
		read++
		if i := bytes.Index(js, []byte("ERROR: ")); i >= 0 {
			t.Errorf("%s.%s: Jackson cannot read our Smile: %s", name, config, js[i:])
			return
		}
		if d := jsonDiff(original[name], js, false); d != "" {
			t.Errorf("%s.%s: Jackson's reading of our Smile differs: %s", name, config, d)
		}
	})
	if read != len(cases) {
		t.Errorf("Jackson read back %d documents, want %d", read, len(cases))
	}
	t.Logf("%d documents x %d configs: %d byte-identical to Jackson, %d multi-root files compared as JSON only; Jackson read all %d of ours",
		len(original), len(golden.Configs), byteExact, multiRoot, read)
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
// every config, and checks that Jackson reads each to the same JSON we do.
func TestJacksonReadsOurTokens(t *testing.T) {
	jackson(t)
	cases := golden.Cases(t, "tokens")
	ours := docsByConfig{}
	ourJSON := map[string][]byte{}
	for _, c := range cases {
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
		ourJSON[c.Name+"."+c.Config.Name] = js
		ours.write(t, c.Config, c.Name, data)
	}
	read := 0
	ours.readBack(t, func(config, name string, js []byte) {
		read++
		if i := bytes.Index(js, []byte("ERROR: ")); i >= 0 {
			t.Errorf("%s.%s: Jackson cannot read our Smile: %s", name, config, js[i:])
			return
		}
		if d := jsonDiff(ourJSON[name+"."+config], js, true); d != "" {
			t.Errorf("%s.%s: Jackson reads our Smile differently: %s", name, config, d)
		}
	})
	if read != len(ourJSON) {
		t.Errorf("Jackson read back %d documents, want %d", read, len(ourJSON))
	}
	t.Logf("%d token scripts in %d configs written by us and read back by Jackson", len(cases)/len(golden.Configs), len(golden.Configs))
}
