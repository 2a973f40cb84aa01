package bench

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/buger/jsonparser"
	"github.com/bytedance/sonic"
	"github.com/bytedance/sonic/ast"
	"github.com/minio/simdjson-go"
	"github.com/tidwall/gjson"
	"github.com/valyala/fastjson"

	"github.com/go-smile/smile"
)

// Generic documents (issue 40): our Document against the Go libraries that
// parse a document into a generic tree or query it by path, and against
// Unmarshal into any. Every benchmark calls b.SetBytes with the compact
// JSON size of the data set, as the codec tables do, whatever it reads.
//
// The Smile is the smile codec's encoding of the typed model (smile.Marshal,
// what BenchmarkUnmarshal and BenchmarkUnmarshalAny decode for smile and
// what bench/cmd/smiledata hands to Jackson's readTree in bench/jvm). The
// JSON peers read the compact JSON of the data set.

// docInput is what the generic-document benchmarks of one data set read.
type docInput struct {
	smile  []byte // smile.Marshal of the typed model
	json   []byte // compact JSON
	str    string // the compact JSON as a string, for the peers that take one
	size   int64  // len(json): the b.SetBytes figure
	oracle any    // encoding/json's decoding of json with UseNumber: the independent oracle
}

var (
	docInputMu    sync.Mutex
	docInputCache = map[string]*docInput{}
)

// smileCodec is the codec table's smile entry.
var smileCodec = codecs[0]

// loadDoc returns the cached inputs of ds.
func loadDoc(tb testing.TB, ds Dataset) *docInput {
	tb.Helper()
	p := prepare(tb, ds, smileCodec)
	if p.err != nil {
		tb.Fatal(p.err)
	}
	docInputMu.Lock()
	defer docInputMu.Unlock()
	if in, ok := docInputCache[ds.Name]; ok {
		return in
	}
	compact, err := ds.Compact()
	if err != nil {
		tb.Fatal(err)
	}
	dec := json.NewDecoder(strings.NewReader(string(compact)))
	dec.UseNumber()
	var oracle any
	if err := dec.Decode(&oracle); err != nil {
		tb.Fatalf("%s: %v", ds.Name, err)
	}
	in := &docInput{smile: p.encoded, json: compact, str: string(compact), size: int64(len(compact)), oracle: oracle}
	docInputCache[ds.Name] = in
	return in
}

// docPath is one path of the Get benchmarks, and its spelling for every
// library: a JSON Pointer for Node.At, a dot path for gjson, steps for
// sonic (int for an array index) and keys for fastjson and jsonparser.
type docPath struct {
	steps []string // member names and decimal array indexes
	str   bool     // the value is a string (else an integer)

	pointer string   // "/statuses/50/user/screen_name"
	gjson   string   // "statuses.50.user.screen_name"
	sonic   []any    // "statuses", 50, "user", "screen_name"
	fast    []string // fastjson: the steps as they are
	jp      []string // jsonparser: "[50]" for an array index
}

// getPaths are the paths of the Get benchmarks: for each data set, the
// first is the one path, all five the five paths. They are values an API
// over these documents would read: a user's name and follower count, the
// id of the last status, a mention's name, the count of the search; an
// event's name by id, a performance's start and venue, an area's and a
// topic's name by id. The keys hold no "." or "/" (no escaping needed).
var getPaths = map[string][]string{
	"twitter": {
		"statuses/50/user/screen_name",
		"search_metadata/count",
		"statuses/99/id",
		"statuses/0/entities/user_mentions/0/name",
		"statuses/50/user/followers_count",
	},
	"citm_catalog": {
		"events/138586341/name",
		"performances/120/start",
		"performances/120/venueCode",
		"areaNames/205705994",
		"topicNames/107888604",
	},
}

// getDatasets are the data sets of the Get benchmarks, in order.
var getDatasets = []string{"twitter", "citm_catalog"}

var (
	docPathsMu    sync.Mutex
	docPathsCache = map[string][]docPath{}
)

// pathsOf returns the spelled paths of data set name, checking with the
// oracle that each names a string or an integer.
func pathsOf(tb testing.TB, in *docInput, name string) []docPath {
	tb.Helper()
	docPathsMu.Lock()
	defer docPathsMu.Unlock()
	if ps, ok := docPathsCache[name]; ok {
		return ps
	}
	var ps []docPath
	for _, s := range getPaths[name] {
		p := docPath{steps: strings.Split(s, "/"), pointer: "/" + s, gjson: strings.ReplaceAll(s, "/", ".")}
		v := in.oracle
		for _, st := range p.steps {
			switch c := v.(type) {
			case map[string]any:
				v = c[st]
				p.sonic = append(p.sonic, st)
				p.jp = append(p.jp, st)
			case []any:
				i, err := strconv.Atoi(st)
				if err != nil || i >= len(c) {
					tb.Fatalf("%s: path %s: %q is not an index of an array of %d", name, s, st, len(c))
				}
				v = c[i]
				p.sonic = append(p.sonic, i)
				p.jp = append(p.jp, "["+st+"]")
			default:
				tb.Fatalf("%s: path %s: %q steps into a %T", name, s, st, v)
			}
		}
		switch v := v.(type) {
		case string:
			p.str = true
		case json.Number:
			if _, err := v.Int64(); err != nil {
				tb.Fatalf("%s: path %s names %v, not an integer", name, s, v)
			}
		default:
			tb.Fatalf("%s: path %s names a %T, not a string or an integer", name, s, v)
		}
		p.fast = p.steps
		ps = append(ps, p)
	}
	docPathsCache[name] = ps
	return ps
}

// oracleAt returns the text of the value at p in the oracle: the string,
// or the integer in decimal.
func oracleAt(in *docInput, p docPath) string {
	v := in.oracle
	for _, st := range p.steps {
		switch c := v.(type) {
		case map[string]any:
			v = c[st]
		case []any:
			i, _ := strconv.Atoi(st)
			v = c[i]
		}
	}
	return fmt.Sprint(v)
}

// A getter reads one path's value from a document by one library, and
// returns a number derived from it (a string's length, the integer) that
// the benchmarks add up so that no call is dropped, and the value as text
// for the agreement test.
type getter func(p docPath, text bool) (sum int64, value string, err error)

// docGetters returns, for the inputs in, every library's reader of one
// path, over the state that the library keeps: d a parsed Document, fp a
// parsed fastjson value. These are the Get rows without parsing (ours on a
// parsed Document, fastjson on a parsed value) and those that read the
// text itself (gjson, sonic, jsonparser).
func docGetters(in *docInput, d *smile.Document, fv *fastjson.Value) map[string]getter {
	return map[string]getter{
		// Node.At of a JSON Pointer on a Document parsed before.
		"smile-doc": func(p docPath, text bool) (int64, string, error) { return smileAt(d, p, text) },
		// smile.Get on the Smile bytes, without a tree (the query branch).
		"smile-get": func(p docPath, text bool) (int64, string, error) {
			n, err := smile.Get(in.smile, p.pointer)
			if err != nil {
				return 0, "", err
			}
			return nodeValue(n, p, text)
		},
		// gjson.Get on the JSON text (a string, as gjson takes it).
		"gjson": func(p docPath, text bool) (int64, string, error) {
			r := gjson.Get(in.str, p.gjson)
			if !r.Exists() {
				return 0, "", fmt.Errorf("gjson: %s not found", p.gjson)
			}
			if p.str {
				s := r.String()
				return int64(len(s)), s, nil
			}
			i := r.Int()
			return i, itoa(i, text), nil
		},
		// sonic.GetFromString: ast.NewSearcher(src).GetByPath(path...),
		// a scan of the text that returns a node referencing it.
		"sonic": func(p docPath, text bool) (int64, string, error) {
			n, err := sonic.GetFromString(in.str, p.sonic...)
			if err != nil {
				return 0, "", err
			}
			if p.str {
				s, err := n.String()
				return int64(len(s)), s, err
			}
			i, err := n.Int64()
			return i, itoa(i, text), err
		},
		// jsonparser.GetString / GetInt on the JSON bytes.
		"jsonparser": func(p docPath, text bool) (int64, string, error) {
			if p.str {
				s, err := jsonparser.GetString(in.json, p.jp...)
				return int64(len(s)), s, err
			}
			i, err := jsonparser.GetInt(in.json, p.jp...)
			return i, itoa(i, text), err
		},
		// fastjson Value.Get on a value parsed before.
		"fastjson": func(p docPath, text bool) (int64, string, error) { return fastjsonAt(fv, p, text) },
	}
}

// itoa is i in decimal when text is set (for the agreement tests), else ""
// (the benchmarks read the number only).
func itoa(i int64, text bool) string {
	if !text {
		return ""
	}
	return strconv.FormatInt(i, 10)
}

// smileAt reads p with Node.At of its JSON Pointer in d.
func smileAt(d *smile.Document, p docPath, text bool) (int64, string, error) {
	return nodeValue(d.Root().At(p.pointer), p, text)
}

// nodeValue reads the string or integer that p names from n.
func nodeValue(n smile.Node, p docPath, text bool) (int64, string, error) {
	if p.str {
		s, err := n.String()
		return int64(len(s)), s, err
	}
	i, err := n.Int64()
	return i, itoa(i, text), err
}

// fastjsonAt reads p with fastjson's Value.Get in v.
func fastjsonAt(v *fastjson.Value, p docPath, text bool) (int64, string, error) {
	v = v.Get(p.fast...)
	if v == nil {
		return 0, "", fmt.Errorf("fastjson: %v not found", p.fast)
	}
	if p.str {
		s, err := v.StringBytes()
		if !text {
			return int64(len(s)), "", err
		}
		return int64(len(s)), string(s), err
	}
	i, err := v.Int64()
	return i, itoa(i, text), err
}

// jsonparserMany reads every path of ps with one jsonparser.EachKey pass
// over the JSON, the library's way of reading several paths at once.
func jsonparserMany(in *docInput, ps []docPath, keys [][]string, text bool) (int64, []string, error) {
	var sum int64
	var texts []string
	if text {
		texts = make([]string, len(ps))
	}
	var ferr error
	jsonparser.EachKey(in.json, func(idx int, value []byte, vt jsonparser.ValueType, err error) {
		if err != nil {
			ferr = err
			return
		}
		if ps[idx].str {
			s, err := jsonparser.ParseString(value)
			if err != nil {
				ferr = err
			}
			sum += int64(len(s))
			if text {
				texts[idx] = s
			}
			return
		}
		i, err := jsonparser.ParseInt(value)
		if err != nil {
			ferr = err
		}
		sum += i
		if text {
			texts[idx] = strconv.FormatInt(i, 10)
		}
	}, keys...)
	return sum, texts, ferr
}

// gjsonMany reads every path of ps with one gjson.GetMany call.
func gjsonMany(in *docInput, ps []docPath, paths []string, text bool) (int64, []string) {
	var sum int64
	var texts []string
	if text {
		texts = make([]string, len(ps))
	}
	for i, r := range gjson.GetMany(in.str, paths...) {
		if ps[i].str {
			s := r.String()
			sum += int64(len(s))
			if text {
				texts[i] = s
			}
		} else {
			n := r.Int()
			sum += n
			if text {
				texts[i] = strconv.FormatInt(n, 10)
			}
		}
	}
	return sum, texts
}

// simdjsonSkip is why simdjson-go does not run here, or "" when it does: it
// needs amd64 with AVX2 and CLMUL.
func simdjsonSkip() string {
	if !simdjson.SupportedCPU() {
		return "simdjson-go does not support this CPU (it needs amd64 with AVX2 and CLMUL)"
	}
	return ""
}

// sonicLoadAll parses the JSON with sonic's ast and loads it as sonic's own
// parse benchmark does (ast/parser_test.go, BenchmarkParser_Sonic):
// ast.NewParser(s).Parse(), then Node.LoadAll. In sonic v1.15.5, LoadAll
// decodes the root's members into nodes and keeps each nested container as
// raw JSON text after skipping over it, to be parsed when it is read: it
// is the least that sonic does for a tree that may be read concurrently.
func sonicLoadAll(s string) (ast.Node, error) {
	root, perr := ast.NewParser(s).Parse()
	if perr != 0 {
		return ast.Node{}, fmt.Errorf("sonic ast: %s", perr.Error())
	}
	return root, root.LoadAll()
}

// sonicFull parses the JSON with sonic's ast and visits every node with
// ForEach, so that every container is decoded into nodes: the whole tree
// built, as our Parse builds it. (sonic has no exported call that builds
// the whole ast.Node tree at once: Interface and Map build Go maps.)
func sonicFull(s string) (ast.Node, error) {
	root, perr := ast.NewParser(s).Parse()
	if perr != 0 {
		return ast.Node{}, fmt.Errorf("sonic ast: %s", perr.Error())
	}
	return root, sonicWalk(&root)
}

func sonicWalk(n *ast.Node) error {
	switch n.TypeSafe() {
	case ast.V_OBJECT, ast.V_ARRAY:
		var err error
		if ferr := n.ForEach(func(_ ast.Sequence, c *ast.Node) bool {
			err = sonicWalk(c)
			return err == nil
		}); ferr != nil {
			return ferr
		}
		return err
	}
	return n.Check()
}

// A parser is one row of BenchmarkDocParse: it parses (or decodes) the
// document, reusing what it keeps between calls, and returns the result
// as a generic tree for the agreement test when tree is set.
type parser struct {
	name string
	skip func() string
	// new returns the function that parses in once, with its own reused
	// state (a Document, a fastjson Parser, a simdjson ParsedJson).
	new func(in *docInput) func(tree bool) (any, error)
}

// parsers are the rows of BenchmarkDocParse.
var parsers = []parser{
	// Parse into a reused Document: var d smile.Document; d.Parse(b).
	{name: "smile-doc", new: func(in *docInput) func(bool) (any, error) {
		var d smile.Document
		return func(tree bool) (any, error) {
			if err := d.Parse(in.smile); err != nil || !tree {
				return nil, err
			}
			return d.Root().Interface()
		}
	}},
	// smile.Parse: a new Document each call.
	{name: "smile-doc-new", new: func(in *docInput) func(bool) (any, error) {
		return func(tree bool) (any, error) {
			d, err := smile.Parse(in.smile)
			if err != nil || !tree {
				return nil, err
			}
			return d.Root().Interface()
		}
	}},
	// Interface of the root of a Document parsed once, before the loop.
	{name: "smile-doc-interface", new: func(in *docInput) func(bool) (any, error) {
		d, err := smile.Parse(in.smile)
		return func(bool) (any, error) {
			if err != nil {
				return nil, err
			}
			return d.Root().Interface()
		}
	}},
	// smile.Unmarshal into a new any.
	{name: "smile-any", new: func(in *docInput) func(bool) (any, error) {
		return func(bool) (any, error) {
			var v any
			err := smile.Unmarshal(in.smile, &v)
			return v, err
		}
	}},
	// sonic ast: Parse and LoadAll (see sonicLoadAll): the first level only.
	{name: "sonic-ast-loadall", skip: sonicProbe, new: func(in *docInput) func(bool) (any, error) {
		return func(tree bool) (any, error) {
			n, err := sonicLoadAll(in.str)
			if err != nil || !tree {
				return nil, err
			}
			return n.Interface()
		}
	}},
	// sonic ast: Parse and every node visited (see sonicFull): the whole
	// tree, the row the target compares with.
	{name: "sonic-ast", skip: sonicProbe, new: func(in *docInput) func(bool) (any, error) {
		return func(tree bool) (any, error) {
			n, err := sonicFull(in.str)
			if err != nil || !tree {
				return nil, err
			}
			return n.Interface()
		}
	}},
	// fastjson: a reused Parser's ParseBytes (which copies the input).
	{name: "fastjson", new: func(in *docInput) func(bool) (any, error) {
		var p fastjson.Parser
		return func(tree bool) (any, error) {
			v, err := p.ParseBytes(in.json)
			if err != nil || !tree {
				return nil, err
			}
			var out any
			err = json.Unmarshal(v.MarshalTo(nil), &out)
			return out, err
		}
	}},
	// simdjson-go: Parse with the ParsedJson of the call before reused,
	// default options (strings copied).
	{name: "simdjson", skip: simdjsonSkip, new: func(in *docInput) func(bool) (any, error) {
		var pj *simdjson.ParsedJson
		return func(tree bool) (any, error) {
			var err error
			pj, err = simdjson.Parse(in.json, pj)
			if err != nil || !tree {
				return nil, err
			}
			it := pj.Iter()
			it.Advance()
			_, root, err := it.Root(nil)
			if err != nil {
				return nil, err
			}
			return root.Interface()
		}
	}},
}

// TestDocParsePeers checks every row of BenchmarkDocParse on every data
// set: what it parsed, as a generic tree, is encoding/json's decoding of
// the JSON (numbers by value).
func TestDocParsePeers(t *testing.T) {
	for _, ds := range Datasets {
		t.Run(ds.Name, func(t *testing.T) {
			in := loadDoc(t, ds)
			for _, p := range parsers {
				t.Run(p.name, func(t *testing.T) {
					if p.skip != nil {
						if why := p.skip(); why != "" {
							t.Skip(why)
						}
					}
					fn := p.new(in)
					for range 2 { // twice: the second with the reused state
						v, err := fn(true)
						if err != nil {
							t.Fatal(err)
						}
						if d := treeDiff(numbersOf(in.oracle), base64Of(v), "$"); d != "" {
							t.Fatalf("%s: first difference with encoding/json at %s", p.name, d)
						}
					}
				})
			}
		})
	}
}

// numbersOf returns tree with every json.Number as a float64, as treeDiff
// compares numbers.
func numbersOf(v any) any {
	switch v := v.(type) {
	case map[string]any:
		m := make(map[string]any, len(v))
		for k, e := range v {
			m[k] = numbersOf(e)
		}
		return m
	case []any:
		s := make([]any, len(v))
		for i, e := range v {
			s[i] = numbersOf(e)
		}
		return s
	case json.Number:
		f, _ := v.Float64()
		return f
	}
	return v
}

// base64Of returns tree with every []byte (a Smile binary value: the
// medium thumbnail) as the base64 text that encoding/json writes for it
// and the JSON peers read.
func base64Of(v any) any {
	switch v := v.(type) {
	case map[string]any:
		for k, e := range v {
			v[k] = base64Of(e)
		}
	case []any:
		for i, e := range v {
			v[i] = base64Of(e)
		}
	case []byte:
		return base64.StdEncoding.EncodeToString(v)
	}
	return v
}

// TestDocGetPeers checks that every library of BenchmarkDocGet reads the
// oracle's value at every path.
func TestDocGetPeers(t *testing.T) {
	for _, ds := range Datasets {
		if getPaths[ds.Name] == nil {
			continue
		}
		t.Run(ds.Name, func(t *testing.T) {
			in := loadDoc(t, ds)
			ps := pathsOf(t, in, ds.Name)
			d, err := smile.Parse(in.smile)
			if err != nil {
				t.Fatal(err)
			}
			var fp fastjson.Parser
			fv, err := fp.ParseBytes(in.json)
			if err != nil {
				t.Fatal(err)
			}
			for name, get := range docGetters(in, d, fv) {
				for _, p := range ps {
					_, text, err := get(p, true)
					if err != nil {
						t.Errorf("%s: %s: %v", name, p.pointer, err)
					} else if want := oracleAt(in, p); text != want {
						t.Errorf("%s: %s = %q, encoding/json has %q", name, p.pointer, text, want)
					}
				}
			}
			var keys [][]string
			var gpaths []string
			for _, p := range ps {
				keys = append(keys, p.jp)
				gpaths = append(gpaths, p.gjson)
			}
			_, texts, err := jsonparserMany(in, ps, keys, true)
			if err != nil {
				t.Errorf("jsonparser.EachKey: %v", err)
			}
			_, gtexts := gjsonMany(in, ps, gpaths, true)
			var pointers []string
			for _, p := range ps {
				pointers = append(pointers, p.pointer)
			}
			q, err := smile.Compile(pointers...)
			if err != nil {
				t.Fatal(err)
			}
			many, err := smile.GetMany(in.smile, pointers...)
			if err != nil {
				t.Fatal(err)
			}
			for range 2 { // twice: the second with the Query's Document reused
				qn, err := q.Get(in.smile)
				if err != nil {
					t.Fatal(err)
				}
				for i, p := range ps {
					want := oracleAt(in, p)
					if _, got, err := nodeValue(qn[i], p, true); err != nil || got != want {
						t.Errorf("Query.Get: %s = %q (%v), encoding/json has %q", p.pointer, got, err, want)
					}
					if _, got, err := nodeValue(many[i], p, true); err != nil || got != want {
						t.Errorf("smile.GetMany: %s = %q (%v), encoding/json has %q", p.pointer, got, err, want)
					}
				}
			}
			for i, p := range ps {
				want := oracleAt(in, p)
				if texts[i] != want {
					t.Errorf("jsonparser.EachKey: %s = %q, encoding/json has %q", p.pointer, texts[i], want)
				}
				if gtexts[i] != want {
					t.Errorf("gjson.GetMany: %s = %q, encoding/json has %q", p.pointer, gtexts[i], want)
				}
			}
		})
	}
}

// docSink keeps the benchmarks' results alive.
var docSink int64

// BenchmarkDocParse parses each data set into each library's generic
// document: BenchmarkDocParse/<data set>/<row>, rows as parsers lists
// them (smile-doc, smile-doc-new, smile-doc-interface, smile-any,
// sonic-ast-loadall, sonic-ast, fastjson, simdjson).
func BenchmarkDocParse(b *testing.B) {
	for _, ds := range Datasets {
		b.Run(ds.Name, func(b *testing.B) {
			in := loadDoc(b, ds)
			for _, p := range parsers {
				b.Run(p.name, func(b *testing.B) {
					if p.skip != nil {
						if why := p.skip(); why != "" {
							b.Skip(why)
						}
					}
					fn := p.new(in)
					if _, err := fn(false); err != nil {
						b.Fatal(err)
					}
					b.SetBytes(in.size)
					b.ReportAllocs()
					for b.Loop() {
						if _, err := fn(false); err != nil {
							b.Fatal(err)
						}
					}
				})
			}
		})
	}
}

// BenchmarkDocGet reads one path (one) and five paths (five) of twitter
// and citm_catalog (getPaths): BenchmarkDocGet/<data set>/<one|five>/<row>.
// Rows that parse first, each call:
//
//	smile-parse-get   Document.Parse (reused Document) + Node.At per path
//	fastjson-parse-get  Parser.ParseBytes (reused Parser) + Value.Get per path
//
// rows over the bytes, without a tree:
//
//	smile-get    smile.Get per path; for five, smile.GetMany
//	smile-query  a Query compiled once (smile.Compile of the paths), its Get
//
//	gjson        gjson.Get per path; for five, gjson.GetMany
//	sonic        sonic.GetFromString (ast.Searcher.GetByPath) per path
//	jsonparser   jsonparser.GetString/GetInt per path; for five, one EachKey
//
// and rows on a tree parsed before the loop (the cost of the lookups alone):
//
//	smile-doc    Node.At per path on a parsed Document
//	fastjson     Value.Get per path on a parsed value
func BenchmarkDocGet(b *testing.B) {
	for _, ds := range Datasets {
		if getPaths[ds.Name] == nil {
			continue
		}
		b.Run(ds.Name, func(b *testing.B) {
			in := loadDoc(b, ds)
			all := pathsOf(b, in, ds.Name)
			for _, n := range []struct {
				name string
				ps   []docPath
			}{{"one", all[:1]}, {"five", all}} {
				b.Run(n.name, func(b *testing.B) { benchGet(b, in, n.ps) })
			}
		})
	}
}

func benchGet(b *testing.B, in *docInput, ps []docPath) {
	run := func(name string, fn func() (int64, error)) {
		b.Run(name, func(b *testing.B) {
			if _, err := fn(); err != nil {
				b.Fatal(err)
			}
			b.SetBytes(in.size)
			b.ReportAllocs()
			for b.Loop() {
				s, err := fn()
				if err != nil {
					b.Fatal(err)
				}
				docSink += s
			}
		})
	}
	d, err := smile.Parse(in.smile)
	if err != nil {
		b.Fatal(err)
	}
	var fp fastjson.Parser
	fv, err := fp.ParseBytes(in.json)
	if err != nil {
		b.Fatal(err)
	}
	getters := docGetters(in, d, fv)
	each := func(get getter) func() (int64, error) {
		return func() (int64, error) {
			var sum int64
			for _, p := range ps {
				s, _, err := get(p, false)
				if err != nil {
					return 0, err
				}
				sum += s
			}
			return sum, nil
		}
	}

	var pd smile.Document
	run("smile-parse-get", func() (int64, error) {
		if err := pd.Parse(in.smile); err != nil {
			return 0, err
		}
		var sum int64
		for _, p := range ps {
			s, _, err := smileAt(&pd, p, false)
			if err != nil {
				return 0, err
			}
			sum += s
		}
		return sum, nil
	})
	var pp fastjson.Parser
	run("fastjson-parse-get", func() (int64, error) {
		v, err := pp.ParseBytes(in.json)
		if err != nil {
			return 0, err
		}
		var sum int64
		for _, p := range ps {
			s, _, err := fastjsonAt(v, p, false)
			if err != nil {
				return 0, err
			}
			sum += s
		}
		return sum, nil
	})
	// Without a tree: smile.Get (one) or smile.GetMany (five) each call,
	// and a Query compiled once and reused (smile-query).
	var pointers []string
	for _, p := range ps {
		pointers = append(pointers, p.pointer)
	}
	if len(ps) == 1 {
		run("smile-get", each(getters["smile-get"]))
	} else {
		run("smile-get", func() (int64, error) {
			ns, err := smile.GetMany(in.smile, pointers...)
			if err != nil {
				return 0, err
			}
			var sum int64
			for i, p := range ps {
				s, _, err := nodeValue(ns[i], p, false)
				if err != nil {
					return 0, err
				}
				sum += s
			}
			return sum, nil
		})
	}
	q, err := smile.Compile(pointers...)
	if err != nil {
		b.Fatal(err)
	}
	run("smile-query", func() (int64, error) {
		ns, err := q.Get(in.smile)
		if err != nil {
			return 0, err
		}
		var sum int64
		for i, p := range ps {
			s, _, err := nodeValue(ns[i], p, false)
			if err != nil {
				return 0, err
			}
			sum += s
		}
		return sum, nil
	})
	if len(ps) == 1 {
		run("gjson", each(getters["gjson"]))
	} else {
		var paths []string
		for _, p := range ps {
			paths = append(paths, p.gjson)
		}
		run("gjson", func() (int64, error) {
			s, _ := gjsonMany(in, ps, paths, false)
			return s, nil
		})
	}
	if why := sonicProbe(); why == "" {
		run("sonic", each(getters["sonic"]))
	}
	if len(ps) == 1 {
		run("jsonparser", each(getters["jsonparser"]))
	} else {
		var keys [][]string
		for _, p := range ps {
			keys = append(keys, p.jp)
		}
		run("jsonparser", func() (int64, error) {
			s, _, err := jsonparserMany(in, ps, keys, false)
			return s, err
		})
	}
	run("smile-doc", each(getters["smile-doc"]))
	run("fastjson", each(getters["fastjson"]))
}
