package smile

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/go-smile/smile/internal/golden"
)

// The oracle of these tests is Unmarshal into any: every path of a
// document, answered by Get, GetMany, a compiled Query, Each and a
// Scanner, gives the value the any tree holds there (Node.Interface
// against the tree). Where a path passes through an object with
// duplicate keys, the any tree holds the last and a query the first:
// there the oracle is the first member of Parse's Document, read with
// Interface, which Unmarshal agrees with (TestDocumentGolden).

// qPath is one path of a document and the value there.
type qPath struct {
	ptr  string
	want any
	leaf bool // a scalar or an empty container
	dup  bool // a duplicate key on the way: want is the first member's
}

// qPaths appends every path of the Document node n, whose value in the
// any tree is v (unless dup: a duplicate key on the way), to out, each
// once (a duplicated key names its first member).
func qPaths(t *testing.T, n Node, v any, dup bool, ptr string, out *[]qPath) {
	if dup {
		var err error
		v, err = n.Interface()
		require.NoError(t, err)
	}
	*out = append(*out, qPath{ptr: ptr, want: v, leaf: n.Len() == 0 || n.Kind() != KindObject && n.Kind() != KindArray, dup: dup})
	switch n.Kind() {
	case KindObject:
		count := map[string]int{}
		for k := range n.Members() {
			count[k]++
		}
		seen := map[string]bool{}
		for k, c := range n.Members() {
			if seen[k] {
				continue
			}
			seen[k] = true
			var cv any
			if !dup && count[k] == 1 {
				cv = v.(map[string]any)[k]
			}
			qPaths(t, c, cv, dup || count[k] > 1, ptr+"/"+escapePointer(k), out)
		}
	case KindArray:
		i := 0
		for c := range n.Elements() {
			var cv any
			if !dup {
				cv = v.([]any)[i]
			}
			qPaths(t, c, cv, dup, ptr+"/"+strconv.Itoa(i), out)
			i++
		}
	}
}

// qCheck checks that got answers p.
func qCheck(t *testing.T, got Node, p qPath, what string) {
	t.Helper()
	require.True(t, got.Exists(), "%s: %q does not exist", what, p.ptr)
	v, err := got.Interface()
	require.NoError(t, err, "%s %q", what, p.ptr)
	if !sameAny(p.want, v) {
		t.Fatalf("%s %q: got %#v, want %#v", what, p.ptr, v, p.want)
	}
}

// qCheckDoc checks every query form on data against its paths: a Get
// of every getStride-th path on its own, and the answers of every
// stride-th path of the queries of all paths at once.
func qCheckDoc(t *testing.T, m DecMode, data []byte, what string, getStride, stride int) {
	var tree any
	pdata := data
	if err := m.Unmarshal(data, &tree); isTrailing(err) {
		// Several documents: a query reads the first, as a Decoder does.
		tree = nil
		require.NoError(t, m.NewDecoder(bytes.NewReader(data)).Decode(&tree), what)
		pdata = mustMarshal(t, tree)
	} else if err != nil {
		_, gerr := m.GetMany(data, "/\x00missing")
		require.Error(t, gerr, "%s: Unmarshal refuses (%v), a query of a missing path does not", what, err)
		return
	}
	doc, err := m.Parse(pdata)
	require.NoError(t, err, what)
	var paths []qPath
	qPaths(t, doc.Root(), tree, false, "", &paths)
	var ptrs, leaves []string
	var leafPaths []qPath
	for i, p := range paths {
		ptrs = append(ptrs, p.ptr)
		if p.leaf {
			leaves = append(leaves, p.ptr)
			leafPaths = append(leafPaths, p)
		}
		if i%getStride == 0 {
			got, err := m.Get(data, p.ptr)
			require.NoError(t, err, "%s %q", what, p.ptr)
			qCheck(t, got, p, what+" Get")
			if !p.dup {
				require.Equal(t, doc.Root().At(p.ptr).Kind(), got.Kind(), "%s %q", what, p.ptr)
			}
		}
	}
	// Every path in one pass, and every leaf in one pass (which reads
	// the input to the end, skipping nothing a leaf needs).
	for _, set := range []struct {
		ptrs  []string
		paths []qPath
	}{{ptrs, paths}, {leaves, leafPaths}} {
		got, err := m.GetMany(data, set.ptrs...)
		require.NoError(t, err, what)
		require.Len(t, got, len(set.ptrs))
		for i, p := range set.paths {
			if i%stride == 0 {
				qCheck(t, got[i], p, what+" GetMany")
			}
		}
	}
	// A compiled Query, reused, and reading from an io.Reader; paths in
	// reverse order.
	q, err := m.Compile(leaves...)
	require.NoError(t, err)
	for range 2 {
		got, err := q.Get(data)
		require.NoError(t, err, what)
		for i, p := range leafPaths {
			if i%stride == 0 {
				qCheck(t, got[i], p, what+" Query.Get")
			}
		}
	}
	got, err := q.GetFrom(bytes.NewReader(data))
	require.NoError(t, err, what)
	for i, p := range leafPaths {
		if i%stride == 0 {
			qCheck(t, got[i], p, what+" Query.GetFrom")
		}
	}
	// Each of every leaf visits each leaf once (a duplicate key has
	// more than one member).
	seen := 0
	err = q.Each(data, func(i int, n Node) bool {
		if leafPaths[i].dup {
			return true
		}
		if i%stride == 0 {
			qCheck(t, n, leafPaths[i], what+" Each")
		}
		seen++
		return true
	})
	require.NoError(t, err, what)
	dups := 0
	for _, p := range leafPaths {
		if p.dup {
			dups++
		}
	}
	require.Equal(t, len(leaves)-dups, seen, what)
}

// hasDupOn reports whether pointer passes through an object that has
// more than one member of the key it takes.
func hasDupOn(n Node, pointer string) bool {
	if pointer == "" {
		return false
	}
	steps, err := parsePointer(pointer, false)
	if err != nil {
		panic(err)
	}
	for _, s := range steps {
		switch n.Kind() {
		case KindObject:
			c := 0
			var first Node
			for k, v := range n.Members() {
				if k == s.key {
					if c == 0 {
						first = v
					}
					c++
				}
			}
			if c > 1 {
				return true
			}
			n = first
		case KindArray:
			n = n.Index(s.index)
		default:
			return false
		}
	}
	return false
}

// TestGetGolden: every path of every golden document, tokens and JSON
// in every configuration.
func TestGetGolden(t *testing.T) {
	for _, sub := range []string{"tokens", "json"} {
		for _, c := range golden.Cases(t, sub) {
			getStride := 1
			if len(c.Want) >= 4096 || raceEnabled {
				getStride = 61
			} else if testing.Short() {
				getStride = 23 // keeps sh test.sh under a minute; without -short, every path
			}
			qCheckDoc(t, docMode(t, c), c.Want, c.ID(), getStride, 1)
		}
	}
}

// TestGetCorpus: the data sets (twitter, citm_catalog, canada, code).
func TestGetCorpus(t *testing.T) {
	if testing.Short() && raceEnabled {
		t.Skip("navigating every path of the corpora under the race detector takes minutes; run without -race or -short")
	}
	for _, c := range golden.Cases(t, "corpus") {
		t.Run(c.ID(), func(t *testing.T) {
			getStride, stride := 61, 1
			if testing.Short() {
				getStride, stride = 4999, 67 // keeps sh test.sh under a minute
			}
			qCheckDoc(t, DecMode{}, c.Want, c.ID(), getStride, stride)
		})
	}
}

// TestGetPointers: the pointer forms, missing paths and the errors of
// Compile.
func TestGetPointers(t *testing.T) {
	// {"a":[10,{"b/c":1,"~":2,"*":3,"0":4}],"a":5}
	data := mustHex(dhdr + "FA 80 61 F8 D4 FA 82 62 2F 63 C2 80 7E C4 80 2A C6 80 30 C8 FB F9 80 61 CA FB")
	for ptr, want := range map[string]any{
		"":          nil, // checked below
		"/a/0":      int64(10),
		"/a/1/b~1c": int64(1),
		"/a/1/~0":   int64(2),
		"/a/1/*":    int64(3),
		"/a/1/0":    int64(4),
	} {
		n, err := Get(data, ptr)
		require.NoError(t, err, ptr)
		if ptr == "" {
			require.Equal(t, KindObject, n.Kind())
			continue
		}
		v, err := n.Int64()
		require.NoError(t, err, ptr)
		require.Equal(t, want, v, ptr)
	}
	for _, ptr := range []string{"/b", "/a/2", "/a/-", "/a/01", "/a/0/x", "/a/1/b", "/a/x"} {
		n, err := Get(data, ptr)
		require.NoError(t, err, ptr)
		require.False(t, n.Exists(), ptr)
	}
	for _, ptr := range []string{"a", "/a/~2", "/a/~", "/~x"} {
		_, err := Get(data, ptr)
		require.Error(t, err, ptr)
	}
	// Patterns: * is a wildcard, ~2 a literal *.
	q, err := CompilePattern("/a/*", "/a/1/~2", "/*/1/0")
	require.NoError(t, err)
	var got []string
	require.NoError(t, q.Each(data, func(i int, n Node) bool {
		b, err := n.AppendJSON(nil)
		require.NoError(t, err)
		got = append(got, fmt.Sprint(i, " ", string(b)))
		return true
	}))
	require.Equal(t, []string{"0 10", `0 {"b/c":1,"~":2,"*":3,"0":4}`, "1 3", "2 4"}, got)
	nodes, err := q.Get(data)
	require.NoError(t, err)
	v, _ := nodes[0].Int64()
	require.Equal(t, int64(10), v)
	// Steps: keys need no escaping, ints are indexes only.
	q, err = CompilePaths([]any{"a", 1, "b/c"}, []any{"a", "0"}, []any{"a", Wildcard{}, "*"}, []any{})
	require.NoError(t, err)
	nodes, err = q.Get(data)
	require.NoError(t, err)
	v, _ = nodes[0].Int64()
	require.Equal(t, int64(1), v)
	require.False(t, nodes[1].Exists())
	v, _ = nodes[2].Int64()
	require.Equal(t, int64(3), v)
	require.Equal(t, KindObject, nodes[3].Kind())
	_, err = CompilePaths([]any{1.5})
	require.Error(t, err)
	_, err = CompilePaths([]any{-1})
	require.Error(t, err)
	require.Equal(t, `/a/1/b~1c /a/0 /a/*/~2 ""`, q.String())
}

// TestGetDuplicateKeys: a query takes the first member of a duplicated
// key; Each visits each.
func TestGetDuplicateKeys(t *testing.T) {
	data := mustHex(dhdr + "FA 80 61 C2 40 C4 FB") // {"a":1,"a":2}
	n, err := Get(data, "/a")
	require.NoError(t, err)
	v, err := n.Int64()
	require.NoError(t, err)
	require.Equal(t, int64(1), v)
	q, err := Compile("/a")
	require.NoError(t, err)
	var all []int64
	require.NoError(t, q.Each(data, func(_ int, n Node) bool {
		v, _ := n.Int64()
		all = append(all, v)
		return true
	}))
	require.Equal(t, []int64{1, 2}, all)
}

// TestGetStopsReading: Get reads no further than its answers, so a
// fault after them goes unseen, while a fault before them, or a path
// that is missing, gives Unmarshal's error.
func TestGetStopsReading(t *testing.T) {
	// {"a":1,"b":<reserved byte 0x27>}
	data := mustHex(dhdr + "FA 80 61 C2 80 62 27 FB")
	var v any
	uerr := Unmarshal(data, &v)
	require.Error(t, uerr)
	n, err := Get(data, "/a")
	require.NoError(t, err)
	require.True(t, n.Exists())
	_, err = Get(data, "/c")
	requireSameErr(t, uerr, err, "missing path")
	_, err = Get(data, "/b")
	requireSameErr(t, uerr, err, "faulty path")
}

// requireSameErr checks that err has uerr's type and offset.
func requireSameErr(t *testing.T, uerr, err error, what string) {
	t.Helper()
	require.Error(t, err, "%s: Unmarshal refuses (%v), the query does not", what, uerr)
	require.Equal(t, reflect.TypeOf(uerr), reflect.TypeOf(err), "%s: %v / %v", what, uerr, err)
	require.Equal(t, hstErrOffset(uerr), hstErrOffset(err), "%s: %v / %v", what, uerr, err)
}

// TestGetHostile: truncated golden documents, undefined back-references,
// depth bombs and huge length claims give Unmarshal's errors (type and
// offset) to a query that must read the fault: a missing path, or the
// root.
func TestGetHostile(t *testing.T) {
	limit := 2000
	if testing.Short() {
		limit = 300
	}
	for _, c := range append(golden.Cases(t, "tokens"), golden.Cases(t, "json")...) {
		if len(c.Want) > limit || c.Config.OmitHeader {
			continue
		}
		for _, n := range hstCuts(len(c.Want)) {
			qHostile(t, c.Want[:n], fmt.Sprintf("%s cut at %d", c.ID(), n))
		}
	}
	hdr := mustHex(dhdr)
	tail := bytes.Repeat([]byte{0x41}, 64)
	inputs := map[string][]byte{
		"empty":           nil,
		"header only":     hdr,
		"end marker":      mustHex(dhdr + "FF"),
		"no header":       mustHex("FA FB"),
		"name ref unset":  mustHex(dhdr + "FA 45 C2 FB"),
		"long name ref":   mustHex(dhdr + "FA 31 20 C2 FB"),
		"value ref unset": mustHex("3A 29 0A 03 F8 05 F9"),
		"unclosed":        mustHex(dhdr + "FA 80 61"),
		"bad close":       mustHex(dhdr + "F8 FB"),
		"reserved":        mustHex(dhdr + "F8 27 F9"),
		"FF in array":     mustHex(dhdr + "F8 FF F9"),
	}
	for _, n := range []uint64{1 << 20, math.MaxInt32, 1 << 32, 1 << 62} {
		v := hstVInt(n)
		inputs[fmt.Sprintf("7bit %d", n)] = hstCat(hdr, []byte{0xF8, 0xE8}, v, tail)
		inputs[fmt.Sprintf("raw %d", n)] = hstCat(mustHex("3A 29 0A 05 F8"), []byte{0xFD}, v, tail)
		inputs[fmt.Sprintf("bigint %d", n)] = hstCat(hdr, []byte{0xF8, 0x26}, v, tail)
		inputs[fmt.Sprintf("bigdec %d", n)] = hstCat(hdr, []byte{0xF8, 0x2A, 0x80}, v, tail)
	}
	inputs["long unterminated"] = hstCat(hdr, []byte{0xF8, 0xE0}, bytes.Repeat([]byte("abcdefgh"), 1024))
	for _, open := range []string{"F8", "FA 80 61"} {
		inputs["depth bomb "+open] = hstCat(hdr, bytes.Repeat(mustHex(open), 1<<20))
		inputs["depth 1001 "+open] = hstCat(hdr, bytes.Repeat(mustHex(open), 1001), []byte{0xC2})
	}
	for name, data := range inputs {
		qHostile(t, data, name)
	}
	// The element 0 of a depth bomb is built: the same LimitError.
	bomb := inputs["depth bomb F8"]
	var v any
	uerr := Unmarshal(bomb, &v)
	_, err := Get(bomb, "/0/0")
	requireSameErr(t, uerr, err, "depth bomb /0/0")
	var le *LimitError
	require.ErrorAs(t, err, &le)
	require.Equal(t, "MaxDepth", le.Limit)
}

// qHostile checks that a query that reads all of data fails as
// Unmarshal does, and one that builds the root as Parse does.
func qHostile(t *testing.T, data []byte, what string) {
	var v any
	uerr := Unmarshal(data, &v)
	if uerr == nil {
		return // a prefix that is a whole document
	}
	_, err := GetMany(data, "/\x00missing", "/0/\x00missing")
	var first any
	if derr := NewDecoder(bytes.NewReader(data)).Decode(&first); derr == nil {
		// The first document is whole: Get does not read past it.
		require.NoError(t, err, what)
		_, err = Get(data, "")
		require.NoError(t, err, what)
		return
	}
	requireSameErr(t, uerr, err, what+" (missing path)")
	_, perr := Parse(data)
	_, err = Get(data, "")
	if !isExpansionLimit(perr) {
		requireSameErr(t, perr, err, what+" (the root)")
	}
}

// TestGetMaxContainerLen: the values built are checked against
// MaxContainerLen, as Parse checks them.
func TestGetMaxContainerLen(t *testing.T) {
	m, err := DecOptions{MaxContainerLen: 2}.DecMode()
	require.NoError(t, err)
	data := mustHex(dhdr + "F8 C2 C2 C2 F9")
	_, perr := m.Parse(data)
	_, err = m.Get(data, "")
	requireSameErr(t, perr, err, "MaxContainerLen")
	q, err := m.Compile("")
	require.NoError(t, err)
	s := q.Scan(data)
	require.True(t, s.Next())
	require.True(t, s.Next())
	require.False(t, s.Next())
	require.ErrorAs(t, s.Err(), new(*LimitError))
}

// TestScannerRootArray: the statuses of twitter, as one root array,
// scanned for three paths per element.
func TestScannerRootArray(t *testing.T) {
	c := corpusCase(t, "twitter")
	tw, err := Parse(c.Want)
	require.NoError(t, err)
	statuses := tw.Root().Get("statuses")
	v, err := statuses.Interface()
	require.NoError(t, err)
	data, err := Marshal(v)
	require.NoError(t, err)
	var tree []any
	require.NoError(t, Unmarshal(data, &tree))
	ptrs := []string{"/user/screen_name", "/id", "/entities/hashtags/0/text", "/no such key", ""}
	q, err := Compile(ptrs...)
	require.NoError(t, err)
	for _, s := range []*Scanner{q.Scan(data), q.ScanFrom(iotestHalf(data))} {
		i := 0
		for s.Next() {
			require.Equal(t, i, s.Index())
			el, err := Parse(mustMarshal(t, tree[i]))
			require.NoError(t, err)
			for j, p := range ptrs {
				want := el.Root().At(p)
				got := s.Node(j)
				require.Equal(t, want.Exists(), got.Exists(), "element %d %q", i, p)
				if want.Exists() {
					wv, err := want.Interface()
					require.NoError(t, err)
					gv, err := got.Interface()
					require.NoError(t, err)
					requireSameAny(t, wv, gv)
				}
			}
			i++
		}
		require.NoError(t, s.Err())
		require.Equal(t, len(tree), i)
	}
	// Not an array.
	s := q.Scan(c.Want)
	require.False(t, s.Next())
	require.ErrorContains(t, s.Err(), "not an array")
}

// iotestHalf returns a reader of data that gives a few bytes at a time.
func iotestHalf(data []byte) io.Reader { return &smallReader{data: data} }

type smallReader struct{ data []byte }

func (r *smallReader) Read(p []byte) (int, error) {
	if len(r.data) == 0 {
		return 0, io.EOF
	}
	n := copy(p[:min(len(p), 7)], r.data)
	r.data = r.data[n:]
	return n, nil
}

// corpusCase returns the corpus case of name in the default
// configuration.
func corpusCase(t *testing.T, name string) golden.Case {
	for _, c := range golden.Cases(t, "corpus") {
		if c.Name == name {
			return c
		}
	}
	t.Fatalf("no corpus case %s", name)
	return golden.Case{}
}

// TestQueryAllocs: a compiled Query reused on the same input allocates
// nothing once its buffers have grown.
func TestQueryAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates")
	}
	c := corpusCase(t, "twitter")
	q, err := Compile("/statuses/3/user/screen_name", "/search_metadata/count", "/statuses/0/entities")
	require.NoError(t, err)
	_, err = q.Get(c.Want)
	require.NoError(t, err)
	allocs := testing.AllocsPerRun(20, func() {
		if _, err := q.Get(c.Want); err != nil {
			t.Fatal(err)
		}
	})
	require.Zero(t, allocs)
}

// FuzzGet: Get never panics, and on input Parse accepts it agrees with
// Parse and At for pointers taken from the input's own keys.
func FuzzGet(f *testing.F) {
	for _, sub := range []string{"json", "tokens"} {
		dir, err := golden.Dir(sub)
		require.NoError(f, err)
		files, _ := filepath.Glob(filepath.Join(dir, "*.default*.smile"))
		for i, name := range files {
			if b, err := os.ReadFile(name); err == nil && len(b) < 4096 {
				f.Add(b, []string{"", "/0", "/a", "/0/id", "/1/a/0"}[i%5])
			}
		}
	}
	f.Add(mustHex(dhdr+"FA 80 61 40 78 80 62 FA 40 C2 FB 80 63 21 FB"), "/a")
	f.Add(mustHex("3A 29 0A 03 F8 41 61 62 01 FA 80 61 01 FB F9"), "/1/a")
	f.Fuzz(func(t *testing.T, data []byte, ptr string) {
		n, err := Get(data, ptr)
		doc, perr := Parse(data)
		if perr != nil || err != nil {
			return
		}
		want := doc.Root().At(ptr)
		if _, cerr := Compile(ptr); cerr != nil || hasDupOn(doc.Root(), ptr) {
			return
		}
		if want.Exists() != n.Exists() {
			t.Fatalf("Get(%q) exists %v, At %v", ptr, n.Exists(), want.Exists())
		}
		if !want.Exists() {
			return
		}
		wv, werr := want.Interface()
		gv, gerr := n.Interface()
		if (werr == nil) != (gerr == nil) || werr == nil && !sameAny(wv, gv) {
			t.Fatalf("Get(%q) = %#v (%v), At: %#v (%v)", ptr, gv, gerr, wv, werr)
		}
		// Every leaf of the document in one pass.
		var paths []qPath
		var tree any
		if Unmarshal(data, &tree) != nil {
			return
		}
		qPaths(t, doc.Root(), tree, false, "", &paths)
		var ptrs []string
		for _, p := range paths {
			ptrs = append(ptrs, p.ptr)
		}
		got, err := GetMany(data, ptrs...)
		if err != nil {
			t.Fatalf("GetMany of the document's own paths: %v", err)
		}
		for i, p := range paths {
			qCheck(t, got[i], p, "fuzz GetMany")
		}
	})
}

// isTrailing reports whether err is Unmarshal's error for data after the
// root value, which a query does not read.
func isTrailing(err error) bool {
	return err != nil && strings.Contains(err.Error(), "after the root value")
}

// TestQueryBudget: the Documents of Get, Each and Scanner are charged
// against MaxExpansion for the input they stand for, as Parse's is.
func TestQueryBudget(t *testing.T) {
	tight, err := DecOptions{MaxExpansion: 1}.DecMode()
	require.NoError(t, err)
	// [[1,1,...]]: 200 Ki one-byte ints, a tape of 8 bytes each.
	inner := hstCat([]byte{0xF8}, bytes.Repeat([]byte{0xC2}, 200<<10), []byte{0xF9})
	data := hstCat(mustHex(dhdr+"F8"), inner, []byte{0xF9})
	_, perr := tight.Parse(data)
	require.True(t, isExpansionLimit(perr), "%v", perr)
	_, err = tight.Get(data, "/0")
	require.True(t, isExpansionLimit(err), "%v", err)
	q, err := tight.Compile("/0")
	require.NoError(t, err)
	err = q.Each(data, func(int, Node) bool { return true })
	require.True(t, isExpansionLimit(err), "%v", err)
	q, err = tight.Compile("")
	require.NoError(t, err)
	s := q.Scan(data)
	require.False(t, s.Next())
	require.True(t, isExpansionLimit(s.Err()), "%v", s.Err())
	// The default admits it.
	n, err := Get(data, "/0")
	require.NoError(t, err)
	require.Equal(t, 200<<10, n.Len())
}

// TestQueryNodeConvert: a Query's Nodes hold copies, not input to resume
// in; Decode and AppendSmile of them give what Unmarshal gives of the
// same value in the parsed document.
func TestQueryNodeConvert(t *testing.T) {
	for _, c := range golden.Cases(t, "json") {
		m := docMode(t, c)
		var tree any
		if m.Unmarshal(c.Want, &tree) != nil {
			continue
		}
		obj, ok := tree.(map[string]any)
		if !ok {
			continue
		}
		for key, want := range obj {
			n, err := m.GetMany(c.Want, "/"+strings.NewReplacer("~", "~0", "/", "~1").Replace(key))
			require.NoError(t, err, c.ID())
			var got any
			require.NoError(t, n[0].Decode(&got), "%s %q", c.ID(), key)
			requireSameAny(t, want, got)
			b, err := n[0].AppendSmile(nil)
			require.NoError(t, err, "%s %q", c.ID(), key)
			var again any
			require.NoError(t, m.Unmarshal(b, &again), "%s %q", c.ID(), key)
			requireSameAny(t, want, again)
		}
	}
}
