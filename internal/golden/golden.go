// Package golden loads the golden Smile vectors under testdata/golden/, which were produced by
// the real Jackson through compat/jackson/SmileOracle.java, once per Jackson version (Versions:
// Debian 12's 2.7.8 on jackson-core 2.14.1, 2.18.3 and 2.19). A file all versions write alike is
// stored once; where they disagree, each group of versions has its own file, named with the
// group (Variant). See testdata/golden/README.md for the layout.
//
// It is test support, but a normal package so that tests in several packages can import it.
// It uses the standard library only and must not import anything else from this module.
//
// Files may be stored plain or gzipped (name + ".gz"); ReadFile and every loader read both.
package golden

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"math/big"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// Config is one Jackson SmileGenerator configuration. Every named config starts from Jackson's
// defaults (header on, shared names on, shared values off, 7-bit binary, no end marker) and
// changes exactly one feature.
type Config struct {
	Name               string
	OmitHeader         bool // WRITE_HEADER off
	DisableSharedNames bool // CHECK_SHARED_NAMES off
	SharedValues       bool // CHECK_SHARED_STRING_VALUES on
	RawBinary          bool // ENCODE_BINARY_AS_7BIT off
	EndMarker          bool // WRITE_END_MARKER on
}

// Configs lists the six configs every tokens/ and json/ case is generated under, in a fixed order.
var Configs = []Config{
	{Name: "default"},
	{Name: "sharedvalues", SharedValues: true},
	{Name: "nosharednames", DisableSharedNames: true},
	{Name: "noheader", OmitHeader: true},
	{Name: "endmarker", EndMarker: true},
	{Name: "rawbinary", RawBinary: true},
}

// DefaultConfig is Configs[0], Jackson's defaults.
var DefaultConfig = Configs[0]

// ParseConfig returns the config with the given name. Names may be joined with '+'
// (e.g. "noheader+nosharednames"); the result then has all their changes and the joined name.
func ParseConfig(name string) (Config, error) {
	c := Config{Name: name}
	for _, part := range strings.Split(name, "+") {
		found := false
		for _, k := range Configs {
			if k.Name == part {
				found = true
				c.OmitHeader = c.OmitHeader || k.OmitHeader
				c.DisableSharedNames = c.DisableSharedNames || k.DisableSharedNames
				c.SharedValues = c.SharedValues || k.SharedValues
				c.RawBinary = c.RawBinary || k.RawBinary
				c.EndMarker = c.EndMarker || k.EndMarker
			}
		}
		if !found {
			return Config{}, fmt.Errorf("golden: unknown config %q", part)
		}
	}
	return c, nil
}

// OpKind is the kind of one generator call.
type OpKind int

// The op kinds; each corresponds to one Jackson SmileGenerator call (see ParseScript).
const (
	StartObject OpKind = iota
	EndObject
	StartArray
	EndArray
	Key
	String
	Int
	BigInt
	Float32
	Float64
	BigDecimal
	Binary
	Null
	True
	False
	NewDocument // "---": close the generator and start a new one on the same output
)

var kindNames = [...]string{"{", "}", "[", "]", "key", "str", "int", "bigint", "float", "double", "bigdec", "bin",
	"null", "true", "false", "---"}

func (k OpKind) String() string {
	if k >= 0 && int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "OpKind(" + strconv.Itoa(int(k)) + ")"
}

// Op is one generator call.
//
//	Key, String: Str
//	Int:         Int (writeNumber(long); Jackson uses the int32 rule when it fits)
//	BigInt:      Big (writeNumber(BigInteger))
//	Float32:     Bits (low 32 bits, raw IEEE-754 bits)
//	Float64:     Bits (raw IEEE-754 bits)
//	BigDecimal:  Big (unscaled value) and Scale; value = Big × 10^-Scale
//	Binary:      Bin (non-nil, possibly empty)
type Op struct {
	Kind  OpKind
	Str   string
	Int   int64
	Big   *big.Int
	Bits  uint64
	Scale int32
	Bin   []byte
}

// String renders the op as one line of the token script format.
func (o Op) String() string {
	switch o.Kind {
	case Key, String:
		b, _ := json.Marshal(o.Str)
		return o.Kind.String() + " " + string(b)
	case Int:
		return "int " + strconv.FormatInt(o.Int, 10)
	case BigInt:
		return "bigint " + o.Big.String()
	case Float32:
		return fmt.Sprintf("float %08X", uint32(o.Bits))
	case Float64:
		return fmt.Sprintf("double %016X", o.Bits)
	case BigDecimal:
		return fmt.Sprintf("bigdec %s %d", o.Big.String(), o.Scale)
	case Binary:
		if len(o.Bin) == 0 {
			return "bin"
		}
		return "bin " + strings.ToUpper(hex.EncodeToString(o.Bin))
	}
	return o.Kind.String()
}

// FormatScript renders ops in the token script format, one op a line.
func FormatScript(ops []Op) string {
	var sb strings.Builder
	for _, o := range ops {
		sb.WriteString(o.String())
		sb.WriteByte('\n')
	}
	return sb.String()
}

// ParseScript parses a token script (.tok): one token per line, '#' starts a comment line,
// blank lines are ignored.
//
//	{ } [ ]                       writeStartObject / writeEndObject / writeStartArray / writeEndArray
//	key <JSON string literal>     writeFieldName
//	str <JSON string literal>     writeString
//	int <decimal>                 writeNumber(long), any int64
//	bigint <decimal>              writeNumber(BigInteger)
//	float <8 hex digits>          writeNumber(Float.intBitsToFloat(bits))
//	double <16 hex digits>        writeNumber(Double.longBitsToDouble(bits))
//	bigdec <unscaled> <scale>     writeNumber(new BigDecimal(new BigInteger(unscaled), scale))
//	bin <hex, possibly empty>     writeBinary(bytes)
//	null | true | false
//	---                           close the generator, start a new one on the same output
func ParseScript(r io.Reader) ([]Op, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), 1<<30)
	var ops []Op
	lineNo := 0
	for sc.Scan() {
		lineNo++
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		op, err := parseLine(line)
		if err != nil {
			return nil, fmt.Errorf("golden: script line %d: %w", lineNo, err)
		}
		ops = append(ops, op)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("golden: reading script: %w", err)
	}
	return ops, nil
}

// ParseScriptLines parses script lines given as strings (as in spec/vectors.json).
func ParseScriptLines(lines []string) ([]Op, error) {
	return ParseScript(strings.NewReader(strings.Join(lines, "\n")))
}

func parseLine(line string) (Op, error) {
	cmd, arg, _ := strings.Cut(line, " ")
	arg = strings.TrimSpace(arg)
	noArg := func(k OpKind) (Op, error) {
		if arg != "" {
			return Op{}, fmt.Errorf("%q takes no argument", cmd)
		}
		return Op{Kind: k}, nil
	}
	switch cmd {
	case "{":
		return noArg(StartObject)
	case "}":
		return noArg(EndObject)
	case "[":
		return noArg(StartArray)
	case "]":
		return noArg(EndArray)
	case "null":
		return noArg(Null)
	case "true":
		return noArg(True)
	case "false":
		return noArg(False)
	case "---":
		return noArg(NewDocument)
	case "key", "str":
		if !strings.HasPrefix(arg, `"`) {
			return Op{}, fmt.Errorf("%s needs a JSON string literal, got %q", cmd, arg)
		}
		var s string
		if err := json.Unmarshal([]byte(arg), &s); err != nil {
			return Op{}, fmt.Errorf("%s: bad JSON string literal: %v", cmd, err)
		}
		if cmd == "key" {
			return Op{Kind: Key, Str: s}, nil
		}
		return Op{Kind: String, Str: s}, nil
	case "int":
		v, err := strconv.ParseInt(arg, 10, 64)
		if err != nil {
			return Op{}, fmt.Errorf("int: %v", err)
		}
		return Op{Kind: Int, Int: v}, nil
	case "bigint":
		b, ok := new(big.Int).SetString(arg, 10)
		if !ok {
			return Op{}, fmt.Errorf("bigint: bad decimal %q", arg)
		}
		return Op{Kind: BigInt, Big: b}, nil
	case "float":
		if len(arg) != 8 {
			return Op{}, fmt.Errorf("float needs 8 hex digits, got %q", arg)
		}
		v, err := strconv.ParseUint(arg, 16, 32)
		if err != nil {
			return Op{}, fmt.Errorf("float: %v", err)
		}
		return Op{Kind: Float32, Bits: v}, nil
	case "double":
		if len(arg) != 16 {
			return Op{}, fmt.Errorf("double needs 16 hex digits, got %q", arg)
		}
		v, err := strconv.ParseUint(arg, 16, 64)
		if err != nil {
			return Op{}, fmt.Errorf("double: %v", err)
		}
		return Op{Kind: Float64, Bits: v}, nil
	case "bigdec":
		f := strings.Fields(arg)
		if len(f) != 2 {
			return Op{}, fmt.Errorf("bigdec needs <unscaled> <scale>, got %q", arg)
		}
		b, ok := new(big.Int).SetString(f[0], 10)
		if !ok {
			return Op{}, fmt.Errorf("bigdec: bad unscaled value %q", f[0])
		}
		sc, err := strconv.ParseInt(f[1], 10, 32)
		if err != nil {
			return Op{}, fmt.Errorf("bigdec scale: %v", err)
		}
		return Op{Kind: BigDecimal, Big: b, Scale: int32(sc)}, nil
	case "bin":
		b, err := hex.DecodeString(arg)
		if err != nil {
			return Op{}, fmt.Errorf("bin: %v", err)
		}
		if b == nil {
			b = []byte{}
		}
		return Op{Kind: Binary, Bin: b}, nil
	}
	return Op{}, fmt.Errorf("unknown token %q", cmd)
}

// JSONOps converts JSON text to the ops Jackson j's copyCurrentEvent makes when copying a
// JsonParser to a SmileGenerator: an integer literal becomes Int when it fits in an int64
// (Jackson: int or long, both written by the same rule) and BigInt otherwise; with
// j.BigIntegerFrom19Digits (Debian's jackson-core 2.14.1) every literal of 19 digits or more
// becomes BigInt, even one that fits in an int64 (9223372036854775807 and
// 1000000000000000000 are written as BigInteger, 26 ...). A literal with '.', 'e' or 'E'
// becomes Float64 (Double.parseDouble; out-of-range literals give ±Inf or ±0 as in Java).
// Several whitespace-separated root values are allowed and become one op stream (a
// root-level sequence, no NewDocument).
func JSONOps(data []byte, j Jackson) ([]Op, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	type frame struct{ obj, wantKey bool }
	var stack []frame
	var ops []Op
	afterValue := func() {
		if n := len(stack); n > 0 && stack[n-1].obj {
			stack[n-1].wantKey = true
		}
	}
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			if len(stack) > 0 {
				return nil, errors.New("golden: JSON: unexpected end of input")
			}
			break
		}
		if err != nil {
			return nil, fmt.Errorf("golden: JSON: %w", err)
		}
		switch t := tok.(type) {
		case json.Delim:
			switch t {
			case '{':
				ops = append(ops, Op{Kind: StartObject})
				stack = append(stack, frame{obj: true, wantKey: true})
			case '[':
				ops = append(ops, Op{Kind: StartArray})
				stack = append(stack, frame{})
			case '}':
				ops = append(ops, Op{Kind: EndObject})
				stack = stack[:len(stack)-1]
				afterValue()
			case ']':
				ops = append(ops, Op{Kind: EndArray})
				stack = stack[:len(stack)-1]
				afterValue()
			}
		case string:
			if n := len(stack); n > 0 && stack[n-1].obj && stack[n-1].wantKey {
				ops = append(ops, Op{Kind: Key, Str: t})
				stack[n-1].wantKey = false
				continue
			}
			ops = append(ops, Op{Kind: String, Str: t})
			afterValue()
		case json.Number:
			op, err := NumberOp(string(t), j)
			if err != nil {
				return nil, err
			}
			if len(stack) == 0 {
				// A root-level number must be followed by whitespace or the end ("01" is an
				// error in Jackson; encoding/json would read it as 0 then 1).
				if off := dec.InputOffset(); off < int64(len(data)) && !strings.ContainsRune(" \t\r\n", rune(data[off])) {
					return nil, fmt.Errorf("golden: JSON: bad number %q%c", t, data[off])
				}
			}
			ops = append(ops, op)
			afterValue()
		case bool:
			if t {
				ops = append(ops, Op{Kind: True})
			} else {
				ops = append(ops, Op{Kind: False})
			}
			afterValue()
		case nil:
			ops = append(ops, Op{Kind: Null})
			afterValue()
		default:
			return nil, fmt.Errorf("golden: JSON: unexpected token %T", tok)
		}
	}
	return ops, nil
}

// NumberOp converts one JSON number literal by Jackson j's copyCurrentEvent rules (see JSONOps).
func NumberOp(lit string, j Jackson) (Op, error) {
	if strings.ContainsAny(lit, ".eE") {
		f, err := strconv.ParseFloat(lit, 64)
		if err != nil {
			var ne *strconv.NumError
			if !errors.As(err, &ne) || ne.Err != strconv.ErrRange {
				return Op{}, fmt.Errorf("golden: JSON number %q: %w", lit, err)
			}
			// ErrRange: f is ±Inf (overflow) or the nearest value (underflow), as Java's
			// Double.parseDouble gives.
		}
		return Op{Kind: Float64, Bits: math.Float64bits(f)}, nil
	}
	// Debian's core 2.14.1 sizes integers by digit count: 19 or more digits is a BigInteger
	// even when it fits in a long. Upstream cores size them by value.
	if digits := len(strings.TrimPrefix(lit, "-")); digits <= 18 || !j.BigIntegerFrom19Digits {
		v, err := strconv.ParseInt(lit, 10, 64)
		if err == nil {
			return Op{Kind: Int, Int: v}, nil
		}
		if digits <= 18 {
			return Op{}, fmt.Errorf("golden: JSON number %q: %w", lit, err)
		}
	}
	b, ok := new(big.Int).SetString(lit, 10)
	if !ok {
		return Op{}, fmt.Errorf("golden: JSON number %q: not an integer", lit)
	}
	return Op{Kind: BigInt, Big: b}, nil
}

// ---- files -----------------------------------------------------------------------------

// ReadFile reads path, or path+".gz" (gunzipped) when path does not exist.
func ReadFile(path string) ([]byte, error) {
	data, err := os.ReadFile(path)
	if err == nil {
		if strings.HasSuffix(path, ".gz") {
			return gunzip(data, path)
		}
		return data, nil
	}
	if !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	gz, err2 := os.ReadFile(path + ".gz")
	if err2 != nil {
		if errors.Is(err2, fs.ErrNotExist) {
			return nil, err // report the plain name
		}
		return nil, err2
	}
	return gunzip(gz, path+".gz")
}

func gunzip(data []byte, name string) ([]byte, error) {
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("golden: %s: %w", name, err)
	}
	out, err := io.ReadAll(zr)
	if err != nil {
		return nil, fmt.Errorf("golden: %s: %w", name, err)
	}
	return out, nil
}

// Root returns the testdata/golden directory of this repository, found by walking up from
// the working directory to the directory holding go.mod.
func Root() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			g := filepath.Join(dir, "testdata", "golden")
			if st, err := os.Stat(g); err != nil || !st.IsDir() {
				return "", fmt.Errorf("golden: %s is not a directory", g)
			}
			return g, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("golden: go.mod not found above the working directory")
		}
		dir = parent
	}
}

// Dir returns Root()/sub, e.g. Dir("tokens").
func Dir(sub string) (string, error) {
	r, err := Root()
	if err != nil {
		return "", err
	}
	return filepath.Join(r, sub), nil
}

// ---- cases ------------------------------------------------------------------------------

// Case is one golden document: the ops Jackson was driven with, the config, and the bytes that
// the Jackson versions of Variant wrote. An input whose output differs between versions has one
// Case per Variant.
type Case struct {
	Name     string // input base name, e.g. "names300" or "g-ints-small"
	Source   string // "tokens", "json" or "corpus" (the input format: .tok or .json)
	Input    string // path of the input file (.tok, .json, possibly .gz)
	Config   Config
	Variant  Variant // the output file and the versions that wrote it
	Ops      []Op    // the ops of Variant.Newest() (JSONOps for .json); shared: do not modify
	JSON     []byte  // the JSON text for .json inputs (nil for .tok), shared: do not modify
	Want     []byte  // Jackson's output
	WantPath string  // path of the output file (without a .gz suffix)
}

// ID is "<name>.<config>", or "<name>.<config>@<versions>" for an output that differs between
// versions; unique within a directory, handy for t.Run.
func (c Case) ID() string {
	if tag := c.Variant.Tag(); tag != "" {
		return c.Name + "." + c.Config.Name + "@" + tag
	}
	return c.Name + "." + c.Config.Name
}

// Jackson is the version whose behaviours describe the case: Variant.Newest().
func (c Case) Jackson() Jackson { return c.Variant.Newest() }

// inputs lists base names of files in dir ending in ext or ext+".gz", sorted.
func inputs(dir, ext string) (map[string]string, []string, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, nil, err
	}
	paths := map[string]string{}
	var names []string
	for _, e := range ents {
		n := e.Name()
		var base string
		switch {
		case strings.HasSuffix(n, ext):
			base = strings.TrimSuffix(n, ext)
		case strings.HasSuffix(n, ext+".gz"):
			base = strings.TrimSuffix(n, ext+".gz")
		default:
			continue
		}
		if _, dup := paths[base]; dup {
			return nil, nil, fmt.Errorf("golden: %s: both %s and %s.gz exist", dir, base+ext, base+ext)
		}
		paths[base] = filepath.Join(dir, n)
		names = append(names, base)
	}
	sort.Strings(names)
	return paths, names, nil
}

// LoadCases loads every .tok and .json input in dir (plain or .gz) and, for each of configs,
// Jackson's outputs <name>.<config>.smile, or <name>.<config>@<versions>.smile for each group of
// versions that agree (plain or .gz). A missing output is an error. Cases are ordered by input
// name, then by the order of configs, then by the oldest version of each variant.
func LoadCases(dir string, configs []Config) ([]Case, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var out []Case
	for _, ext := range []string{".tok", ".json"} {
		paths, names, err := inputs(dir, ext)
		if err != nil {
			return nil, err
		}
		for _, name := range names {
			data, err := ReadFile(paths[name])
			if err != nil {
				return nil, err
			}
			var js []byte
			source := "tokens"
			if ext == ".json" {
				source = "json"
				if filepath.Base(dir) == "corpus" {
					source = "corpus"
				}
				js = data
			}
			// The ops of a .json input depend on the version's number rules; they are made
			// once per rule.
			opsBy := map[bool][]Op{}
			opsFor := func(j Jackson) ([]Op, error) {
				if ops, ok := opsBy[j.BigIntegerFrom19Digits]; ok {
					return ops, nil
				}
				var ops []Op
				var err error
				if ext == ".tok" {
					ops, err = ParseScript(bytes.NewReader(data))
				} else {
					ops, err = JSONOps(data, j)
				}
				if err != nil {
					return nil, fmt.Errorf("%s: %w", paths[name], err)
				}
				if ext == ".tok" {
					opsBy[false], opsBy[true] = ops, ops
				} else {
					opsBy[j.BigIntegerFrom19Digits] = ops
				}
				return ops, nil
			}
			for _, cfg := range configs {
				vs, err := variantsIn(dir, name+"."+cfg.Name+".smile", ents)
				if err != nil {
					return nil, fmt.Errorf("golden: Jackson output for %s [%s]: %w", paths[name], cfg.Name, err)
				}
				for _, v := range vs {
					want, err := ReadFile(v.Path)
					if err != nil {
						return nil, err
					}
					ops, err := opsFor(v.Newest())
					if err != nil {
						return nil, err
					}
					out = append(out, Case{Name: name, Source: source, Input: paths[name], Config: cfg, Variant: v, Ops: ops,
						JSON: js, Want: want, WantPath: strings.TrimSuffix(v.Path, ".gz")})
				}
			}
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, nil
}

// Cases loads Root()/sub with t.Fatal on error. sub is "tokens" or "json" (all six Configs)
// or "corpus" (DefaultConfig only; the big real-world documents).
func Cases(t testing.TB, sub string) []Case {
	t.Helper()
	dir, err := Dir(sub)
	if err != nil {
		t.Fatal(err)
	}
	configs := Configs
	if sub == "corpus" {
		configs = []Config{DefaultConfig}
	}
	cs, err := LoadCases(dir, configs)
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) == 0 {
		t.Fatalf("golden: no cases in %s", dir)
	}
	return cs
}

// ---- binary ------------------------------------------------------------------------------

// BinaryCase is one payload from binary/: Jackson's writeBinary(Payload) under the default
// config (SevenBit: 3A 29 0A 01 E8 ...) and with ENCODE_BINARY_AS_7BIT off (Raw: 3A 29 0A 05 FD ...).
type BinaryCase struct {
	Len      int
	Payload  []byte
	SevenBit []byte
	Raw      []byte
}

// LoadBinaryCases loads every bin-<len>.bin in dir with its two .smile files, sorted by length.
func LoadBinaryCases(dir string) ([]BinaryCase, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var out []BinaryCase
	for _, e := range ents {
		n := e.Name()
		if versionTag.MatchString(n) {
			// Every version writes these alike today; the loader would need Variants.
			return nil, fmt.Errorf("golden: %s: binary outputs that differ between Jackson versions are not supported", n)
		}
		if !strings.HasPrefix(n, "bin-") || !strings.HasSuffix(n, ".bin") {
			continue
		}
		l, err := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(n, "bin-"), ".bin"))
		if err != nil {
			return nil, fmt.Errorf("golden: bad binary file name %s", n)
		}
		c := BinaryCase{Len: l}
		base := filepath.Join(dir, strings.TrimSuffix(n, ".bin"))
		if c.Payload, err = ReadFile(base + ".bin"); err != nil {
			return nil, err
		}
		if c.SevenBit, err = ReadFile(base + ".7bit.smile"); err != nil {
			return nil, err
		}
		if c.Raw, err = ReadFile(base + ".raw.smile"); err != nil {
			return nil, err
		}
		if len(c.Payload) != l {
			return nil, fmt.Errorf("golden: %s holds %d bytes", n, len(c.Payload))
		}
		out = append(out, c)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Len < out[j].Len })
	return out, nil
}

// BinaryCases loads Root()/binary with t.Fatal on error.
func BinaryCases(t testing.TB) []BinaryCase {
	t.Helper()
	dir, err := Dir("binary")
	if err != nil {
		t.Fatal(err)
	}
	cs, err := LoadBinaryCases(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) == 0 {
		t.Fatalf("golden: no binary cases in %s", dir)
	}
	return cs
}

// Payload returns the deterministic payload of binary/bin-<n>.bin: xorshift64 (13, 7, 17)
// seeded with 0x9E3779B97F4A7C15 ^ n; for each byte the state is advanced once and the byte is
// bits 32..39 of the new state.
func Payload(n int) []byte {
	x := uint64(0x9E3779B97F4A7C15) ^ uint64(n)
	b := make([]byte, n)
	for i := range b {
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
		b[i] = byte(x >> 32)
	}
	return b
}

// ---- spec vectors ------------------------------------------------------------------------

// SpecVector is one vector from spec/vectors.json: bytes quoted by the format digest
// (smile-format.md §1-§8), each re-run through every Jackson version by regen.sh
// (spec/vectors.jackson*.txt, MATCH or DIFF per version).
type SpecVector struct {
	Name       string
	ConfigName string // as in the file: a config name or names joined with '+'
	Config     Config
	// Jackson lists the versions that write exactly these bytes, oldest first: the file's
	// "jackson" field, or all Versions when it has none. The others write the vector
	// differently (float32 sign bits: 2.18 and earlier set them, 2.19 does not).
	Jackson []Jackson
	Tokens  []string
	Ops     []Op
	Want    []byte
	Source  string
}

// Newest is the newest version that writes the vector; tests use its behaviours.
func (v SpecVector) Newest() Jackson { return v.Jackson[len(v.Jackson)-1] }

// LoadSpecVectors reads a vectors JSON file (an array of {"name","config","tokens","hex","source"}
// with an optional "jackson": [<version>...]).
func LoadSpecVectors(path string) ([]SpecVector, error) {
	data, err := ReadFile(path)
	if err != nil {
		return nil, err
	}
	var raw []struct {
		Name    string   `json:"name"`
		Config  string   `json:"config"`
		Tokens  []string `json:"tokens"`
		Hex     string   `json:"hex"`
		Source  string   `json:"source"`
		Jackson []string `json:"jackson"`
	}
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, fmt.Errorf("golden: %s: %w", path, err)
	}
	out := make([]SpecVector, 0, len(raw))
	for _, r := range raw {
		v := SpecVector{Name: r.Name, ConfigName: r.Config, Tokens: r.Tokens, Source: r.Source, Jackson: Versions}
		if v.Config, err = ParseConfig(r.Config); err != nil {
			return nil, fmt.Errorf("golden: vector %s: %w", r.Name, err)
		}
		if r.Jackson != nil {
			v.Jackson = nil
			for _, j := range Versions { // oldest first, whatever the order in the file
				if slices.Contains(r.Jackson, j.Name) {
					v.Jackson = append(v.Jackson, j)
				}
			}
			if len(v.Jackson) != len(r.Jackson) {
				return nil, fmt.Errorf("golden: vector %s: jackson %q: unknown or repeated versions (known: %v)", r.Name, r.Jackson, Versions)
			}
		}
		if v.Ops, err = ParseScriptLines(r.Tokens); err != nil {
			return nil, fmt.Errorf("golden: vector %s: %w", r.Name, err)
		}
		if v.Want, err = hex.DecodeString(strings.ReplaceAll(r.Hex, " ", "")); err != nil {
			return nil, fmt.Errorf("golden: vector %s: %w", r.Name, err)
		}
		out = append(out, v)
	}
	return out, nil
}

// SpecVectors loads Root()/spec/vectors.json with t.Fatal on error.
func SpecVectors(t testing.TB) []SpecVector {
	t.Helper()
	dir, err := Dir("spec")
	if err != nil {
		t.Fatal(err)
	}
	vs, err := LoadSpecVectors(filepath.Join(dir, "vectors.json"))
	if err != nil {
		t.Fatal(err)
	}
	return vs
}

// Hex formats b as upper-case hex bytes separated by spaces ("3A 29 0A 01").
func Hex(b []byte) string {
	var sb strings.Builder
	for i, c := range b {
		if i > 0 {
			sb.WriteByte(' ')
		}
		fmt.Fprintf(&sb, "%02X", c)
	}
	return sb.String()
}

// ParseHex parses hex bytes as Hex formats them and as the specification
// digest quotes them ("3A 29 0A 01"): pairs of hex digits (either case),
// with or without white space between them. It is the one hex parser of
// the module's tests; each package's tests call it through one helper of
// their own (mustHex, hx, unhex) that fails in the way the package's tests
// prefer.
func ParseHex(s string) ([]byte, error) {
	b, err := hex.DecodeString(strings.Join(strings.Fields(s), ""))
	if err != nil {
		return nil, fmt.Errorf("bad hex %q: %w", s, err)
	}
	return b, nil
}

// FirstDiff returns the index of the first differing byte of a and b, or -1 if they are equal.
func FirstDiff(a, b []byte) int {
	n := min(len(a), len(b))
	for i := 0; i < n; i++ {
		if a[i] != b[i] {
			return i
		}
	}
	if len(a) != len(b) {
		return n
	}
	return -1
}
