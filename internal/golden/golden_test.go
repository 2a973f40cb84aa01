package golden

import (
	"bufio"
	"bytes"
	"fmt"
	"math"
	"math/big"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
)

func TestParseScript(t *testing.T) {
	script := `# a comment

{
key "a\u00e9\ud83d\ude00"
str ""
int -9223372036854775808
bigint -18446744073709551615
float C1EF9BA6
double 7FF8000000000000
bigdec -5000000000125 11
bin
bin 0102FF
  [
null
true
false
]
}
---
str "x\ny"
`
	got, err := ParseScript(strings.NewReader(script))
	if err != nil {
		t.Fatal(err)
	}
	bi, _ := new(big.Int).SetString("-18446744073709551615", 10)
	want := []Op{
		{Kind: StartObject},
		{Kind: Key, Str: "aé😀"},
		{Kind: String, Str: ""},
		{Kind: Int, Int: math.MinInt64},
		{Kind: BigInt, Big: bi},
		{Kind: Float32, Bits: 0xC1EF9BA6},
		{Kind: Float64, Bits: 0x7FF8000000000000},
		{Kind: BigDecimal, Big: big.NewInt(-5000000000125), Scale: 11},
		{Kind: Binary, Bin: []byte{}},
		{Kind: Binary, Bin: []byte{1, 2, 0xFF}},
		{Kind: StartArray},
		{Kind: Null},
		{Kind: True},
		{Kind: False},
		{Kind: EndArray},
		{Kind: EndObject},
		{Kind: NewDocument},
		{Kind: String, Str: "x\ny"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got\n%s\nwant\n%s", FormatScript(got), FormatScript(want))
	}
	// Round trip through FormatScript.
	again, err := ParseScript(strings.NewReader(FormatScript(got)))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(again, want) {
		t.Fatalf("round trip:\n%s", FormatScript(again))
	}
}

func TestParseScriptErrors(t *testing.T) {
	for _, line := range []string{
		"foo", "int", "int 9223372036854775808", "int 1.5", "bigint x", "float 1234", "float 123456789",
		"double 0", "bigdec 1", "bigdec 1 x", "bin 0", "bin zz", "key abc", "str 'a'", `str "a`, "null 1", "{ x",
	} {
		if _, err := ParseScript(strings.NewReader(line)); err == nil {
			t.Errorf("%q: no error", line)
		}
	}
}

func TestJSONOps(t *testing.T) {
	big20, _ := new(big.Int).SetString("12345678901234567890", 10)
	big2p63, _ := new(big.Int).SetString("9223372036854775808", 10)
	bigNeg, _ := new(big.Int).SetString("-9223372036854775809", 10)
	// want is every upstream Jackson's typing; debian, when set, is that of Debian's
	// jackson-core 2.14.1 (BigIntegerFrom19Digits).
	tests := []struct {
		in     string
		want   []Op
		debian []Op
	}{
		{"12345678901234567890", []Op{{Kind: BigInt, Big: big20}}, nil},
		{"1.5", []Op{{Kind: Float64, Bits: 0x3FF8000000000000}}, nil},
		{"-0", []Op{{Kind: Int, Int: 0}}, nil},
		{"-0.0", []Op{{Kind: Float64, Bits: 0x8000000000000000}}, nil},
		{"1E2", []Op{{Kind: Float64, Bits: math.Float64bits(100)}}, nil},
		{"1e400", []Op{{Kind: Float64, Bits: math.Float64bits(math.Inf(1))}}, nil},
		{"-1e400", []Op{{Kind: Float64, Bits: math.Float64bits(math.Inf(-1))}}, nil},
		{"1e-400", []Op{{Kind: Float64, Bits: 0}}, nil},
		// Upstream: a long when the value fits. Debian's core 2.14.1: 19+ digits is a
		// BigInteger even when it fits in a long; 18 digits is a long.
		{"9223372036854775807", []Op{{Kind: Int, Int: math.MaxInt64}}, []Op{{Kind: BigInt, Big: big.NewInt(math.MaxInt64)}}},
		{"-9223372036854775808", []Op{{Kind: Int, Int: math.MinInt64}}, []Op{{Kind: BigInt, Big: big.NewInt(math.MinInt64)}}},
		{"1000000000000000000", []Op{{Kind: Int, Int: 1e18}}, []Op{{Kind: BigInt, Big: big.NewInt(1e18)}}},
		{"[-1000000000000000000,1]", []Op{{Kind: StartArray}, {Kind: Int, Int: -1e18}, {Kind: Int, Int: 1}, {Kind: EndArray}},
			[]Op{{Kind: StartArray}, {Kind: BigInt, Big: big.NewInt(-1e18)}, {Kind: Int, Int: 1}, {Kind: EndArray}}},
		{"999999999999999999", []Op{{Kind: Int, Int: 999999999999999999}}, nil},
		{"-999999999999999999", []Op{{Kind: Int, Int: -999999999999999999}}, nil},
		{"2147483648", []Op{{Kind: Int, Int: 2147483648}}, nil},
		{"9223372036854775808", []Op{{Kind: BigInt, Big: big2p63}}, nil},
		{"-9223372036854775809", []Op{{Kind: BigInt, Big: bigNeg}}, nil},
		{`"\ud83d\ude00\u00e9"`, []Op{{Kind: String, Str: "😀é"}}, nil},
		{`1 2 "a"`, []Op{{Kind: Int, Int: 1}, {Kind: Int, Int: 2}, {Kind: String, Str: "a"}}, nil},
		{`{"a":"b","c":{"d":"e","":[]},"f":["g",{"h":null}],"i":true} [false]`, []Op{
			{Kind: StartObject}, {Kind: Key, Str: "a"}, {Kind: String, Str: "b"},
			{Kind: Key, Str: "c"}, {Kind: StartObject}, {Kind: Key, Str: "d"}, {Kind: String, Str: "e"},
			{Kind: Key, Str: ""}, {Kind: StartArray}, {Kind: EndArray}, {Kind: EndObject},
			{Kind: Key, Str: "f"}, {Kind: StartArray}, {Kind: String, Str: "g"}, {Kind: StartObject},
			{Kind: Key, Str: "h"}, {Kind: Null}, {Kind: EndObject}, {Kind: EndArray},
			{Kind: Key, Str: "i"}, {Kind: True}, {Kind: EndObject},
			{Kind: StartArray}, {Kind: False}, {Kind: EndArray},
		}, nil},
		{"", nil, nil},
	}
	for _, j := range Versions {
		for _, tc := range tests {
			want := tc.want
			if j.BigIntegerFrom19Digits && tc.debian != nil {
				want = tc.debian
			}
			got, err := JSONOps([]byte(tc.in), j)
			if err != nil {
				t.Errorf("%s [%s]: %v", tc.in, j, err)
				continue
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%s [%s]:\ngot\n%s\nwant\n%s", tc.in, j, FormatScript(got), FormatScript(want))
			}
		}
		for _, bad := range []string{"[1,", "{1:2}", `{"a"}`, "01", "[1}", "[[]", `{"a":1`, "1-2", "[-]"} {
			if _, err := JSONOps([]byte(bad), j); err == nil {
				t.Errorf("%q [%s]: no error", bad, j)
			}
		}
	}
}

func TestParseConfig(t *testing.T) {
	c, err := ParseConfig("noheader+nosharednames")
	if err != nil {
		t.Fatal(err)
	}
	if !c.OmitHeader || !c.DisableSharedNames || c.SharedValues || c.RawBinary || c.EndMarker {
		t.Errorf("got %+v", c)
	}
	for _, k := range Configs {
		c, err := ParseConfig(k.Name)
		if err != nil || c != k {
			t.Errorf("%s: %+v %v", k.Name, c, err)
		}
	}
	if _, err := ParseConfig("bogus"); err == nil {
		t.Error("bogus: no error")
	}
}

// headerOK checks the header / end marker that each config implies.
func headerOK(c Case) error {
	w := c.Want
	flags := byte(0x01)
	switch {
	case c.Config.SharedValues:
		flags = 0x03
	case c.Config.DisableSharedNames:
		flags = 0x00
	case c.Config.RawBinary:
		flags = 0x05
	}
	if c.Config.OmitHeader {
		if len(w) > 0 && w[0] == 0x3A {
			return fmt.Errorf("noheader output starts with 3A")
		}
	} else if !bytes.HasPrefix(w, []byte{0x3A, 0x29, 0x0A, flags}) {
		return fmt.Errorf("header % X, want 3A 29 0A %02X", w[:min(4, len(w))], flags)
	}
	if c.Config.EndMarker != (len(w) > 0 && w[len(w)-1] == 0xFF) {
		return fmt.Errorf("end marker: last byte % X", w[len(w)-1:])
	}
	return nil
}

func checkDir(t *testing.T, sub string, minInputs int) []Case {
	cs := Cases(t, sub)
	want := len(Configs)
	if sub == "corpus" {
		want = 1
	}
	inputs := map[string]int{}
	outputs := map[string]map[string]bool{} // name.config -> the versions that wrote it
	for _, c := range cs {
		id := c.Name + "." + c.Config.Name
		if outputs[id] == nil {
			inputs[c.Name]++
			outputs[id] = map[string]bool{}
		}
		for _, j := range c.Variant.Jackson {
			if outputs[id][j.Name] {
				t.Errorf("%s: two files attributed to Jackson %s", id, j)
			}
			outputs[id][j.Name] = true
		}
		if err := headerOK(c); err != nil {
			t.Errorf("%s: %v", c.ID(), err)
		}
		if len(c.Ops) == 0 {
			t.Errorf("%s: no ops", c.ID())
		}
	}
	if len(inputs) < minInputs {
		t.Errorf("%s: %d inputs, want at least %d", sub, len(inputs), minInputs)
	}
	for n, k := range inputs {
		if k != want {
			t.Errorf("%s: %d outputs, want %d", n, k, want)
		}
	}
	for id, vs := range outputs {
		if len(vs) != len(Versions) {
			t.Errorf("%s: written by %d Jackson versions, want all %d", id, len(vs), len(Versions))
		}
	}
	// No orphaned outputs: every .smile belongs to an input.
	dir, _ := Dir(sub)
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		n, _, err := splitTag(e.Name())
		if err != nil {
			t.Error(err)
			continue
		}
		n = strings.TrimSuffix(n, ".gz")
		if !strings.HasSuffix(n, ".smile") {
			continue
		}
		base := strings.TrimSuffix(n, ".smile")
		base = base[:strings.LastIndexByte(base, '.')]
		if inputs[base] == 0 {
			t.Errorf("%s: orphaned output %s", sub, e.Name())
		}
	}
	return cs
}

func TestTokenCases(t *testing.T) { checkDir(t, "tokens", 40) }

func TestJSONCases(t *testing.T) {
	cs := checkDir(t, "json", 60)
	// Check the JSON number rules against what Jackson's copyCurrentEvent actually wrote:
	// for every document that is a flat array of numbers, decode the noheader output.
	checked, split := 0, 0
	for _, c := range cs {
		if c.Config.Name != "noheader" {
			continue
		}
		ops := c.Ops
		if len(ops) < 2 || ops[0].Kind != StartArray || ops[len(ops)-1].Kind != EndArray {
			continue
		}
		numeric := true
		for _, o := range ops[1 : len(ops)-1] {
			if o.Kind != Int && o.Kind != BigInt && o.Kind != Float64 {
				numeric = false
			}
		}
		if !numeric {
			continue
		}
		checked++
		got, err := decodeNumberArray(c.Want)
		if err != nil {
			t.Errorf("%s: %v", c.ID(), err)
			continue
		}
		// Every version that wrote the file: its number rules give what it wrote.
		for _, j := range c.Variant.Jackson {
			ops, err := JSONOps(c.JSON, j)
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(ops)-2 {
				t.Errorf("%s: Jackson %s wrote %d numbers, JSONOps made %d", c.ID(), j, len(got), len(ops)-2)
				continue
			}
			for i, o := range ops[1 : len(ops)-1] {
				if o.String() != got[i] {
					t.Errorf("%s: number %d: JSONOps(%s) %q, Jackson wrote %q", c.ID(), i, j, o.String(), got[i])
				}
			}
		}
		if c.Variant.Tag() != "" {
			split++
		}
	}
	if checked < 10 {
		t.Errorf("only %d numeric documents checked", checked)
	}
	// g-int64-bounds, g-powers-of-two, g-vint-boundaries hold 19-digit longs.
	if split < 3*2 {
		t.Errorf("only %d numeric documents whose numbers differ between versions", split)
	}
}

// decodeNumberArray decodes a header-less Smile array of numbers (F8 ... F9), rendering each
// number as an op line: Smile int32/int64 tokens as "int", 26 as "bigint", 29 as "double".
func decodeNumberArray(b []byte) ([]string, error) {
	if len(b) < 2 || b[0] != 0xF8 || b[len(b)-1] != 0xF9 {
		return nil, fmt.Errorf("not an array: % X", b[:min(len(b), 8)])
	}
	b = b[1 : len(b)-1]
	vint := func() (uint64, error) {
		var v uint64
		for i, c := range b {
			if c&0x80 != 0 {
				b = b[i+1:]
				return v<<6 | uint64(c&0x3F), nil
			}
			v = v<<7 | uint64(c)
		}
		return 0, fmt.Errorf("truncated VInt")
	}
	var out []string
	for len(b) > 0 {
		t := b[0]
		b = b[1:]
		switch {
		case t >= 0xC0 && t <= 0xDF:
			z := int64(t & 0x1F)
			out = append(out, fmt.Sprintf("int %d", (z>>1)^-(z&1)))
		case t == 0x24 || t == 0x25:
			z, err := vint()
			if err != nil {
				return nil, err
			}
			out = append(out, fmt.Sprintf("int %d", int64(z>>1)^-int64(z&1)))
		case t == 0x26:
			n, err := vint()
			if err != nil {
				return nil, err
			}
			enc := int(n/7*8) + map[bool]int{true: int(n%7) + 1, false: 0}[n%7 != 0]
			if len(b) < enc {
				return nil, fmt.Errorf("truncated BigInteger")
			}
			raw := decode7(b[:enc], int(n))
			b = b[enc:]
			v := new(big.Int).SetBytes(raw)
			if len(raw) > 0 && raw[0]&0x80 != 0 {
				v.Sub(v, new(big.Int).Lsh(big.NewInt(1), uint(8*len(raw))))
			}
			out = append(out, "bigint "+v.String())
		case t == 0x29:
			if len(b) < 10 {
				return nil, fmt.Errorf("truncated double")
			}
			var u uint64
			for _, c := range b[:10] {
				u = u<<7 | uint64(c&0x7F)
			}
			b = b[10:]
			out = append(out, fmt.Sprintf("double %016X", u))
		default:
			return nil, fmt.Errorf("unexpected token %02X", t)
		}
	}
	return out, nil
}

// decode7 decodes Smile's 7-bit encoding of n raw bytes.
func decode7(enc []byte, n int) []byte {
	var out []byte
	for len(out)+7 <= n {
		var v uint64
		for _, c := range enc[:8] {
			v = v<<7 | uint64(c&0x7F)
		}
		enc = enc[8:]
		for i := 6; i >= 0; i-- {
			out = append(out, byte(v>>(8*i)))
		}
	}
	if r := n - len(out); r > 0 {
		var v uint64
		for _, c := range enc[:r] {
			v = v<<7 | uint64(c&0x7F)
		}
		v = v<<r | uint64(enc[r]&(1<<r-1))
		for i := r - 1; i >= 0; i-- {
			out = append(out, byte(v>>(8*i)))
		}
	}
	return out
}

func TestCorpusCases(t *testing.T) {
	if testing.Short() {
		t.Skip("corpus: large documents")
	}
	cs := checkDir(t, "corpus", 4)
	for _, c := range cs {
		if c.JSON == nil || len(c.Want) < 1000 {
			t.Errorf("%s: suspiciously small", c.ID())
		}
	}
}

func TestBinaryCases(t *testing.T) {
	cs := BinaryCases(t)
	if len(cs) < 201+8 {
		t.Errorf("%d binary cases", len(cs))
	}
	seen := map[int]bool{}
	for _, c := range cs {
		seen[c.Len] = true
		if !bytes.Equal(c.Payload, Payload(c.Len)) {
			t.Errorf("bin-%d: payload differs from Payload(%d)", c.Len, c.Len)
		}
		if !bytes.HasPrefix(c.SevenBit, []byte{0x3A, 0x29, 0x0A, 0x01, 0xE8}) {
			t.Errorf("bin-%d.7bit: starts % X", c.Len, c.SevenBit[:5])
		}
		enc := c.Len/7*8 + map[bool]int{true: c.Len%7 + 1, false: 0}[c.Len%7 != 0]
		vl := vintLen(c.Len)
		if len(c.SevenBit) != 5+vl+enc {
			t.Errorf("bin-%d.7bit: %d bytes, want %d", c.Len, len(c.SevenBit), 5+vl+enc)
		} else if got := decode7(c.SevenBit[5+vl:], c.Len); !bytes.Equal(got, c.Payload) {
			t.Errorf("bin-%d.7bit: does not decode to the payload", c.Len)
		}
		if !bytes.HasPrefix(c.Raw, []byte{0x3A, 0x29, 0x0A, 0x05, 0xFD}) || len(c.Raw) != 5+vl+c.Len ||
			!bytes.Equal(c.Raw[5+vl:], c.Payload) {
			t.Errorf("bin-%d.raw: unexpected layout", c.Len)
		}
	}
	for _, n := range []int{0, 1, 7, 200, 1000, 4095, 4096, 65536, 65537, 250000, 250001, 300007} {
		if !seen[n] {
			t.Errorf("no binary case of length %d", n)
		}
	}
}

func vintLen(n int) int {
	l := 1
	for n >>= 6; n != 0; n >>= 7 {
		l++
	}
	return l
}

func TestSpecVectors(t *testing.T) {
	vs := SpecVectors(t)
	if len(vs) < 100 {
		t.Errorf("%d vectors", len(vs))
	}
	dir, _ := Dir("spec")
	// One report per group of versions that agree: vectors.jackson.txt or vectors.jackson@<v>+<v>.txt.
	reports, err := Variants(dir, "vectors.jackson.txt")
	if err != nil {
		t.Fatal(err)
	}
	results := map[string]map[string]string{} // version -> vector -> "MATCH <hex>" or "DIFF <hex>"
	for _, r := range reports {
		data, err := os.ReadFile(r.Path)
		if err != nil {
			t.Fatal(err)
		}
		lines := map[string]string{}
		sc := bufio.NewScanner(bytes.NewReader(data))
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			line := sc.Text()
			if strings.HasPrefix(line, "#") {
				continue
			}
			head, hexs, _ := strings.Cut(line, "|")
			fs := strings.Fields(head)
			if len(fs) != 3 {
				t.Fatalf("%s: bad line %q", r.Path, line)
			}
			lines[fs[0]] = fs[2] + " " + strings.TrimSpace(hexs)
		}
		for _, j := range r.Jackson {
			results[j.Name] = lines
		}
	}
	names := map[string]bool{}
	for _, v := range vs {
		if names[v.Name] {
			t.Errorf("duplicate vector name %s", v.Name)
		}
		names[v.Name] = true
		if len(v.Ops) == 0 || len(v.Want) == 0 {
			t.Errorf("%s: empty", v.Name)
		}
		// The versions the vector names write its bytes; the others write something else.
		for _, j := range Versions {
			got, ok := results[j.Name][v.Name]
			switch {
			case !ok:
				t.Errorf("%s: not in the report of Jackson %s", v.Name, j)
			case slices.Contains(v.Jackson, j):
				if got != "MATCH "+Hex(v.Want) {
					t.Errorf("%s: digest % X, Jackson %s: %s", v.Name, v.Want, j, got)
				}
			case !strings.HasPrefix(got, "DIFF "):
				t.Errorf("%s: not attributed to Jackson %s, which writes it: %s", v.Name, j, got)
			}
		}
	}
	for j, lines := range results {
		if len(lines) != len(vs) {
			t.Errorf("the report of Jackson %s has %d vectors, vectors.json %d", j, len(lines), len(vs))
		}
	}
}

// TestManifest checks MANIFEST against the files: it lists every file Jackson wrote, each with
// the versions its name gives (all of Versions for a name without a tag), and nothing else.
func TestManifest(t *testing.T) {
	root, err := Root()
	if err != nil {
		t.Fatal(err)
	}
	entries, err := readManifest(filepath.Join(root, "MANIFEST"))
	if err != nil {
		t.Fatal(err)
	}
	listed := map[string]bool{}
	for _, e := range entries {
		if listed[e.Path] {
			t.Errorf("MANIFEST: %s listed twice", e.Path)
		}
		listed[e.Path] = true
		_, js, err := splitTag(filepath.Base(e.Path))
		if err != nil {
			t.Error(err)
			continue
		}
		var names []string
		for _, j := range js {
			names = append(names, j.Name)
		}
		if !slices.Equal(names, e.Jackson) {
			t.Errorf("MANIFEST: %s: versions %v, its name says %v", e.Path, e.Jackson, names)
		}
		if _, err := os.Stat(filepath.Join(root, filepath.FromSlash(e.Path))); err != nil {
			t.Errorf("MANIFEST: %v", err)
		}
	}
	files := 0
	for _, sub := range []string{"tokens", "json", "corpus", "binary", "spec"} {
		ents, err := os.ReadDir(filepath.Join(root, sub))
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range ents {
			plain, _, err := splitTag(e.Name())
			if err != nil {
				t.Error(err)
				continue
			}
			plain = strings.TrimSuffix(plain, ".gz")
			if !strings.HasSuffix(plain, ".smile") && plain != "vectors.jackson.txt" {
				continue
			}
			files++
			if !listed[sub+"/"+e.Name()] {
				t.Errorf("MANIFEST does not list %s/%s", sub, e.Name())
			}
		}
	}
	if files != len(entries) || files < 1000 {
		t.Errorf("%d Jackson outputs, MANIFEST lists %d", files, len(entries))
	}
}

func TestReadFileGz(t *testing.T) {
	dir, err := Dir("tokens")
	if err != nil {
		t.Fatal(err)
	}
	// str-long.tok is stored gzipped; ReadFile finds it by its plain name.
	b, err := ReadFile(filepath.Join(dir, "str-long.tok"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(b, []byte("str ")) {
		t.Error("str-long.tok: unexpected content")
	}
	if _, err := ReadFile(filepath.Join(dir, "does-not-exist.tok")); err == nil {
		t.Error("missing file: no error")
	}
}
