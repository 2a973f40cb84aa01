package smile

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"math/big"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/go-smile/smile/internal/golden"
)

// The oracle of these tests is Unmarshal into any: Parse accepts what it
// accepts and refuses what it refuses with the same error, Interface
// gives the same value, and navigating the Document gives what navigating
// the any tree gives.

// docErrSame checks that Parse's error matches Unmarshal's: the same type,
// offset and message. Unmarshal's MaxExpansion errors are left out: Parse
// builds no Go values, so it is charged less.
func docErrSame(t *testing.T, uerr, perr error, what string) {
	t.Helper()
	if isExpansionLimit(uerr) {
		return
	}
	if uerr == nil {
		require.NoError(t, perr, "%s: Unmarshal accepts what Parse refuses", what)
		return
	}
	require.Error(t, perr, "%s: Parse accepts what Unmarshal refuses (%v)", what, uerr)
	require.Equal(t, reflect.TypeOf(uerr), reflect.TypeOf(perr), "%s: %v / %v", what, uerr, perr)
	require.Equal(t, hstErrOffset(uerr), hstErrOffset(perr), "%s: %v / %v", what, uerr, perr)
	require.Equal(t, uerr.Error(), perr.Error(), what)
}

// docCheck parses data with m, both into a new Document and into reused,
// and checks it against Unmarshal into any; nav also checks every path.
func docCheck(t *testing.T, m DecMode, reused *Document, data []byte, what string, nav bool) {
	t.Helper()
	var want any
	uerr := m.Unmarshal(data, &want)
	doc, perr := m.Parse(data)
	docErrSame(t, uerr, perr, what)
	rerr := reused.Parse(data)
	docErrSame(t, uerr, rerr, what+" (reused Document)")
	if uerr != nil || perr != nil {
		require.False(t, reused.Root().Exists(), what)
		return
	}
	for _, d := range []*Document{doc, reused} {
		require.LessOrEqual(t, d.held(), int64(DocumentBytesPerByte)*int64(len(data)), what)
		got, err := d.Root().Interface()
		require.NoError(t, err, what)
		if !sameAny(want, got) {
			requireSameAny(t, want, got)
		}
		if nav {
			docNav(t, d.Root(), want, "", what)
		}
	}
}

// docNav checks that n, reached by pointer, is the value v of the any
// tree: its kind, length, scalar readers, members and elements, and that
// Get, Index, At and Path reach each child.
func docNav(t *testing.T, n Node, v any, pointer string, what string) {
	// No t.Helper: it walks the stack at every node (a quarter of the
	// test's time), and the messages name the pointer.
	require.True(t, n.Exists(), "%s %s", what, pointer)
	at := n.d.Root().At(pointer)
	require.Equal(t, n, at, "%s: At(%q)", what, pointer)
	switch v := v.(type) {
	case map[string]any:
		require.Equal(t, KindObject, n.Kind(), "%s %s", what, pointer)
		keys := 0
		for k, c := range n.Members() {
			keys++
			if _, ok := v[k]; !ok { // not require.Contains: it lists the map's keys for each key
				t.Fatalf("%s %s: member %q is not in the any tree", what, pointer, k)
			}
			_ = c
		}
		require.Equal(t, n.Len(), keys, "%s %s", what, pointer)
		require.LessOrEqual(t, len(v), keys, "%s %s", what, pointer) // duplicates: the last wins
		for k, e := range v {
			c := n.Get(k)
			require.Equal(t, c, n.Path(k), "%s %s Path", what, pointer)
			docNav(t, c, e, pointer+"/"+escapePointer(k), what)
		}
		require.False(t, n.Get("\x00no such key\x00").Exists())
		require.False(t, n.Index(0).Exists())
	case []any:
		require.Equal(t, KindArray, n.Kind(), "%s %s", what, pointer)
		require.Equal(t, len(v), n.Len(), "%s %s", what, pointer)
		i := 0
		for c := range n.Elements() {
			require.Equal(t, n.Index(i), c, "%s %s/%d", what, pointer, i)
			require.Equal(t, c, n.Path(i), "%s %s/%d", what, pointer, i)
			docNav(t, c, v[i], pointer+"/"+strconv.Itoa(i), what)
			i++
		}
		require.Equal(t, len(v), i)
		require.False(t, n.Index(len(v)).Exists())
		require.False(t, n.Index(-1).Exists())
		require.False(t, n.At(pointer+"/-").Exists())
		require.False(t, n.Get("0").Exists())
	case nil:
		require.Equal(t, KindNull, n.Kind())
		require.True(t, n.IsNull())
	case bool:
		b, err := n.Bool()
		require.NoError(t, err)
		require.Equal(t, v, b)
	case string:
		s, err := n.String()
		require.NoError(t, err)
		require.Equal(t, v, s, "%s %s", what, pointer)
		require.Equal(t, len(v), n.Len())
		_, err = n.Int64()
		var ke *KindError
		require.ErrorAs(t, err, &ke)
		require.Equal(t, KindString, ke.Kind)
	case int64:
		require.Equal(t, KindInt, n.Kind())
		i, err := n.Int64()
		require.NoError(t, err)
		require.Equal(t, v, i)
		f, err := n.Float64()
		require.NoError(t, err)
		require.Equal(t, float64(v), f)
		b, err := n.BigInt()
		require.NoError(t, err)
		require.Equal(t, big.NewInt(v), b)
		if u, err := n.Uint64(); v >= 0 {
			require.NoError(t, err)
			require.Equal(t, uint64(v), u)
		} else {
			require.ErrorIs(t, err, strconv.ErrRange)
		}
		_, err = n.String()
		require.Error(t, err)
	case float64:
		require.Equal(t, KindFloat, n.Kind())
		f, err := n.Float64()
		require.NoError(t, err)
		require.True(t, f == v || math.IsNaN(f) && math.IsNaN(v))
		_, err = n.Int64()
		require.Error(t, err)
	case *big.Int:
		require.Equal(t, KindBigInt, n.Kind())
		b, err := n.BigInt()
		require.NoError(t, err)
		require.Zero(t, v.Cmp(b))
		if i, err := n.Int64(); v.IsInt64() {
			require.NoError(t, err)
			require.Equal(t, v.Int64(), i)
		} else {
			require.ErrorIs(t, err, strconv.ErrRange)
		}
	case Decimal:
		require.Equal(t, KindBigDecimal, n.Kind())
		d, err := n.Decimal()
		require.NoError(t, err)
		require.Equal(t, v.Scale, d.Scale)
		require.Zero(t, v.Unscaled.Cmp(d.Unscaled))
	case []byte:
		require.Equal(t, KindBinary, n.Kind())
		b, err := n.Bytes()
		require.NoError(t, err)
		require.Equal(t, v, b)
		require.Equal(t, len(v), n.Len())
	default:
		t.Fatalf("%s %s: unexpected %T", what, pointer, v)
	}
}

// escapePointer escapes a key as an RFC 6901 reference token.
func escapePointer(k string) string {
	return strings.ReplaceAll(strings.ReplaceAll(k, "~", "~0"), "/", "~1")
}

// docModes returns the mode for a golden case's configuration.
func docMode(t *testing.T, c golden.Case) DecMode {
	if !c.Config.OmitHeader {
		return DecMode{}
	}
	m, err := DecOptions{HeaderOptional: true}.DecMode()
	require.NoError(t, err)
	return m
}

// TestDocumentGolden: every golden document, tokens and JSON in every
// configuration, parses to what Unmarshal into any gives, and every path
// of it navigates to the value the any tree has there.
func TestDocumentGolden(t *testing.T) {
	var reused Document
	var hdrOpt Document
	for _, sub := range []string{"tokens", "json"} {
		for _, c := range golden.Cases(t, sub) {
			r := &reused
			if c.Config.OmitHeader {
				r = &hdrOpt
				if r.cfg == nil {
					d, err := docMode(t, c).Parse(mustHex(dhdr + "21"))
					require.NoError(t, err)
					hdrOpt = *d
				}
			}
			// Under the race detector, which multiplies the cost of
			// navigating every path tenfold and has no goroutines to
			// watch here, only small documents are navigated
			// (TestDocumentConcurrentReads is the one for it).
			nav := !raceEnabled || len(c.Want) < 2048
			docCheck(t, docMode(t, c), r, c.Want, c.ID(), nav)
		}
	}
}

// TestDocumentCorpus: the real-world corpora, as TestDocumentGolden; in
// -short mode without navigating every path.
func TestDocumentCorpus(t *testing.T) {
	var reused Document
	for _, c := range golden.Cases(t, "corpus") {
		t.Run(c.ID(), func(t *testing.T) {
			docCheck(t, DecMode{}, &reused, c.Want, c.ID(), !testing.Short())
		})
	}
}

// TestDocumentOptions: Interface follows AnyNumbers and AllowInvalidUTF8,
// as Unmarshal does.
func TestDocumentOptions(t *testing.T) {
	var modes []DecMode
	for _, o := range []DecOptions{{AnyNumbers: AnyNumbersAsNumber}, {AnyNumbers: AnyNumbersFloat64}, {AllowInvalidUTF8: true}, {MaxContainerLen: 3}, {MaxDepth: 2}} {
		m, err := o.DecMode()
		require.NoError(t, err)
		modes = append(modes, m)
	}
	docs := []string{
		dhdr + "F8 C2 24 1F 8D 28 04 0F 3E 37 26 29 00 40 1E 7C 6E 4B 63 29 7D 7A 26 81 00 01 2A 82 81 07 01 F9",
		dhdr + "FA 81 61 81 FF 80 62 80 C3 28 FB",          // invalid UTF-8 in a key and a value
		dhdr + "F8 C0 C0 C0 C0 F9",                         // four elements
		dhdr + "FA 80 61 C0 80 62 C0 80 63 C0 80 64 C0 FB", // four members
		dhdr + "F8 F8 F8 F9 F9 F9",                         // depth 3
	}
	for _, m := range modes {
		var reused Document
		reused.cfg = m.config()
		for i, h := range docs {
			docCheck(t, m, &reused, mustHex(h), fmt.Sprintf("%+v doc %d", m.DecOptions(), i), false)
		}
	}
}

// TestDocumentMissing: missing keys and indexes, navigation from values
// that are not containers, bad pointers and stale Nodes give Nodes that
// do not exist and clear errors, never a panic.
func TestDocumentMissing(t *testing.T) {
	// {"a":[1,{"b/c":"x","~":true}],"s":"str"}
	data := mustHex(dhdr + "FA 80 61 F8 C2 FA 82 62 2F 63 40 78 80 7E 23 FB F9 80 73 42 73 74 72 FB")
	d, err := Parse(data)
	require.NoError(t, err)
	root := d.Root()
	require.Equal(t, KindObject, root.Kind())
	require.Equal(t, 2, root.Len())
	x, err := root.At("/a/1/b~1c").String()
	require.NoError(t, err)
	require.Equal(t, "x", x)
	require.Equal(t, root.At("/a/1/b~1c"), root.Path("a", 1, "b/c"))
	b, err := root.At("/a/1/~0").Bool()
	require.NoError(t, err)
	require.True(t, b)
	for _, p := range []string{"a", "/b", "/a/2", "/a/01", "/a/-", "/a/x", "/a/1/b~2c", "/a/1/~", "/s/0", "/s/x", "/a/0/0", "/a/99999999999"} {
		require.False(t, root.At(p).Exists(), p)
		require.Equal(t, KindMissing, root.At(p).Kind(), p)
	}
	require.Equal(t, root, root.At(""))
	missing := root.Get("nope")
	require.False(t, missing.Exists())
	require.False(t, missing.Get("a").Index(3).At("/x").Path("y", 2).Exists())
	require.Zero(t, missing.Len())
	for range missing.Members() {
		t.Fatal("members of a missing node")
	}
	for range root.Get("a").Members() {
		t.Fatal("members of an array")
	}
	for range root.Elements() {
		t.Fatal("elements of an object")
	}
	require.False(t, root.Path(1.5).Exists())
	_, err = missing.String()
	var ke *KindError
	require.ErrorAs(t, err, &ke)
	require.Equal(t, KindMissing, ke.Kind)
	require.Contains(t, err.Error(), "does not exist")
	_, err = missing.Interface()
	require.Error(t, err)
	_, err = root.Get("s").Int64()
	require.ErrorAs(t, err, &ke)
	require.Equal(t, "smile: Node.Int64: the value is a string; check Node.Kind and use its reader (Node.String)", err.Error())
	for _, f := range []func(Node) error{
		func(n Node) error { _, err := n.Bool(); return err },
		func(n Node) error { _, err := n.Uint64(); return err },
		func(n Node) error { _, err := n.Float64(); return err },
		func(n Node) error { _, err := n.BigInt(); return err },
		func(n Node) error { _, err := n.Decimal(); return err },
		func(n Node) error { _, err := n.Bytes(); return err },
	} {
		require.Error(t, f(root))
		require.Error(t, f(missing))
		require.Error(t, f(Node{}))
	}
	// Parsing again makes the old Nodes stale.
	s := root.Get("s")
	require.NoError(t, d.Parse(mustHex(dhdr+"C2")))
	require.False(t, s.Exists())
	_, err = s.String()
	require.ErrorAs(t, err, &ke)
	require.True(t, ke.Stale)
	v, err := d.Root().Int64()
	require.NoError(t, err)
	require.Equal(t, int64(1), v)
	// A failed Parse leaves no document.
	require.Error(t, d.Parse(mustHex(dhdr+"F8")))
	require.False(t, d.Root().Exists())
	var zero Document
	require.False(t, zero.Root().Exists())
	var nilDoc *Document
	require.False(t, nilDoc.Root().Exists())
}

// TestDocumentDuplicateKeys: Get returns the last of duplicate keys, as
// Unmarshal keeps the last.
func TestDocumentDuplicateKeys(t *testing.T) {
	data := mustHex(dhdr + "FA 80 61 C2 40 C4 FB") // {"a":1,"a":2}
	d, err := Parse(data)
	require.NoError(t, err)
	v, err := d.Root().Get("a").Int64()
	require.NoError(t, err)
	require.Equal(t, int64(2), v)
	docCheck(t, DecMode{}, new(Document), data, "duplicates", false)
}

// TestDocumentHostile: truncated golden documents, bad back-references,
// depth bombs, huge length claims and trailing data give Unmarshal's
// errors.
func TestDocumentHostile(t *testing.T) {
	var reused Document
	limit := 2000
	if testing.Short() {
		limit = 300
	}
	for _, c := range append(golden.Cases(t, "tokens"), golden.Cases(t, "json")...) {
		if len(c.Want) > limit || c.Config.OmitHeader {
			continue
		}
		for _, n := range hstCuts(len(c.Want)) {
			docCheck(t, DecMode{}, &reused, c.Want[:n], fmt.Sprintf("%s cut at %d", c.ID(), n), false)
		}
	}
	hdr := mustHex(dhdr)
	tail := bytes.Repeat([]byte{0x41}, 64)
	inputs := map[string][]byte{
		"empty":             nil,
		"header only":       hdr,
		"end marker":        mustHex(dhdr + "FF"),
		"no header":         mustHex("FA FB"),
		"name ref unset":    mustHex(dhdr + "FA 45 C2 FB"),
		"long name ref":     mustHex(dhdr + "FA 31 20 C2 FB"),
		"value ref unset":   mustHex("3A 29 0A 03 F8 05 F9"),
		"value ref no flag": mustHex(dhdr + "F8 41 61 01 F9"),
		"second value":      mustHex(dhdr + "C2 C4"),
		"second document":   mustHex(dhdr + "C2 " + dhdr + "C4"),
		"end markers after": mustHex(dhdr + "C2 FF FF"),
		"unclosed":          mustHex(dhdr + "FA 80 61"),
		"bad close":         mustHex(dhdr + "F8 FB"),
		"key in array":      mustHex(dhdr + "F8 80 61 F9"),
		"reserved":          mustHex(dhdr + "F8 27 F9"),
		"FF in array":       mustHex(dhdr + "F8 FF F9"),
	}
	for _, n := range []uint64{1 << 20, math.MaxInt32, 1 << 32, 1 << 62} {
		v := hstVInt(n)
		inputs[fmt.Sprintf("7bit %d", n)] = hstCat(hdr, []byte{0xE8}, v, tail)
		inputs[fmt.Sprintf("raw %d", n)] = hstCat(mustHex("3A 29 0A 05"), []byte{0xFD}, v, tail)
		inputs[fmt.Sprintf("bigint %d", n)] = hstCat(hdr, []byte{0x26}, v, tail)
		inputs[fmt.Sprintf("bigdec %d", n)] = hstCat(hdr, []byte{0x2A, 0x80}, v, tail)
	}
	inputs["long unterminated"] = hstCat(hdr, []byte{0xE0}, bytes.Repeat([]byte("abcdefgh"), 1024))
	for _, open := range []string{"F8", "FA 80 61"} {
		bomb := hstCat(hdr, bytes.Repeat(mustHex(open), 1<<20))
		inputs["depth bomb "+open] = bomb
		inputs["depth 1000 "+open] = hstCat(hdr, bytes.Repeat(mustHex(open), 1000), []byte{0xC2})
		inputs["depth 1001 "+open] = hstCat(hdr, bytes.Repeat(mustHex(open), 1001), []byte{0xC2})
	}
	names := slices.Sorted(func(yield func(string) bool) {
		for k := range inputs {
			if !yield(k) {
				return
			}
		}
	})
	for _, name := range names {
		docCheck(t, DecMode{}, &reused, inputs[name], name, false)
	}
	many, err := DecOptions{MaxContainerLen: 2}.DecMode()
	require.NoError(t, err)
	docCheck(t, many, &Document{cfg: many.config()}, mustHex(dhdr+"F8 C2 C2 C2 F9"), "MaxContainerLen array", false)
	docCheck(t, many, &Document{cfg: many.config()}, mustHex(dhdr+"FA 80 61 C2 40 C2 40 C2 FB"), "MaxContainerLen object", false)
	tight, err := DecOptions{MaxExpansion: 1}.DecMode()
	require.NoError(t, err)
	_, err = tight.Parse(hstCat(hdr, []byte{0xF8}, bytes.Repeat([]byte{0xC2}, 200<<10), []byte{0xF9}))
	require.True(t, isExpansionLimit(err), "%v", err)
}

// TestDocumentTapeBound: the tape has at most TapeWordsPerByte words per
// input byte, and the Document at most DocumentBytesPerByte bytes, for
// the densest shapes.
func TestDocumentTapeBound(t *testing.T) {
	hdr := mustHex(dhdr)
	shapes := map[string][]byte{
		"ints":                     hstCat(hdr, []byte{0xF8}, bytes.Repeat([]byte{0xC2}, 10000), []byte{0xF9}),
		"empty arrays":             hstCat(hdr, []byte{0xF8}, bytes.Repeat([]byte{0xF8, 0xF9}, 5000), []byte{0xF9}),
		"empty keys":               hstCat(hdr, []byte{0xFA}, bytes.Repeat([]byte{0x20, 0xC2}, 5000), []byte{0xFB}),
		"name refs":                hstCat(hdr, []byte{0xF8, 0xFA, 0x80, 0x61, 0xFA}, bytes.Repeat([]byte{0x40, 0xFA}, 5000), bytes.Repeat([]byte{0xFB}, 5002), []byte{0xF9}),
		"value refs":               hstCat(mustHex("3A 29 0A 03"), []byte{0xF8, 0x41, 0x61, 0x62}, bytes.Repeat([]byte{0x01}, 10000), []byte{0xF9}),
		"float64s":                 hstCat(hdr, []byte{0xF8}, bytes.Repeat(mustHex("29 00 40 1E 7C 6E 4B 63 29 7D 7A"), 1000), []byte{0xF9}),
		"binary":                   hstCat(hdr, []byte{0xF8}, bytes.Repeat(mustHex("E8 80"), 5000), []byte{0xF9}),
		"empty keys, empty arrays": hstCat(hdr, []byte{0xFA}, bytes.Repeat([]byte{0x20, 0xF8, 0xF9}, 5000), []byte{0xFB}),
	}
	// Shared names and values defined one after the other (the tables
	// fill and empty again), in a large object whose keys are indexed.
	var names, values []byte
	for i := range 5000 {
		k := fmt.Sprintf("%x", i)
		names = append(names, byte(0x80+len(k)-1))
		names = append(names, k...)
		names = append(names, 0x21)
		values = append(values, byte(0x40+len(k)-1))
		values = append(values, k...)
	}
	shapes["name defs"] = hstCat(mustHex("3A 29 0A 03"), []byte{0xFA}, names, []byte{0xFB})
	shapes["value defs"] = hstCat(mustHex("3A 29 0A 03"), []byte{0xF8}, values, []byte{0xF9})
	for name, data := range shapes {
		d, err := DecOptions{MaxDepth: 10000}.DecMode()
		require.NoError(t, err)
		doc, err := d.Parse(data)
		require.NoError(t, err, name)
		require.LessOrEqual(t, len(doc.tape), TapeWordsPerByte*len(data), name)
		// Every key index and element table built, as held counts them.
		root := doc.Root()
		for range 2 {
			_ = root.Get("x").Exists()
			_ = root.Index(1).Exists()
			if root.Kind() == KindArray && root.Len() > 0 {
				_ = root.Index(0).Get("x").Exists()
			}
		}
		held := 8*len(doc.tape) + 8*len(doc.names) + len(doc.bin) +
			4*(len(doc.nameDefs)+len(doc.valueDefs)) + 4*len(doc.idxSlab) + 8*len(doc.idxStart)
		require.Equal(t, int64(held), doc.held(), name)
		require.LessOrEqual(t, held, DocumentBytesPerByte*len(data), name)
		t.Logf("%s: %.2f bytes per input byte", name, float64(held)/float64(len(data)))
	}
}

// TestDocumentAllocs: a reused Document parses in 0 allocations, and
// navigation and the readers of values the input holds allocate nothing.
func TestDocumentAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("allocations differ under the race detector")
	}
	for _, c := range golden.Cases(t, "corpus") {
		var d Document
		require.NoError(t, d.Parse(c.Want))
		allocs := testing.AllocsPerRun(5, func() {
			if err := d.Parse(c.Want); err != nil {
				t.Fatal(err)
			}
		})
		require.Zero(t, allocs, c.ID())
	}
	d, err := Parse(mustHex(dhdr + "FA 80 61 F8 C2 FA 82 62 2F 63 40 78 80 7E 23 FB F9 80 73 42 73 74 72 FB"))
	require.NoError(t, err)
	root := d.Root()
	allocs := testing.AllocsPerRun(100, func() {
		n := root.At("/a/1/b~1c")
		if s, err := n.String(); err != nil || s != "x" {
			t.Fatal(s, err)
		}
		for k, v := range root.Members() {
			_, _ = k, v.Kind()
		}
		for e := range root.Get("a").Elements() {
			if e.Kind() == KindInt {
				_, _ = e.Int64()
			}
		}
		_ = root.Path("a", 1, "~").Exists()
		_ = root.Get("missing").Index(2).Exists()
	})
	require.Zero(t, allocs)
}

// TestDocumentConcurrentReads: many goroutines read one Document at once,
// by Interface, Decode and AppendSmile (run with -race).
func TestDocumentConcurrentReads(t *testing.T) {
	c := golden.Cases(t, "corpus")[0]
	d, err := Parse(c.Want)
	require.NoError(t, err)
	want, err := d.Root().Interface()
	require.NoError(t, err)
	errs := make(chan error, 4)
	for range 4 {
		go func() {
			got, err := d.Root().Interface()
			if err == nil && !sameAny(want, got) {
				err = errors.New("a concurrent Interface differs")
			}
			if err == nil {
				var dec any
				if err = d.Root().Decode(&dec); err == nil && !sameAny(want, dec) {
					err = errors.New("a concurrent Decode differs")
				}
			}
			if err == nil {
				var b []byte
				if b, err = d.Root().AppendSmile(nil); err == nil && !Valid(b) {
					err = errors.New("a concurrent AppendSmile is not Valid")
				}
			}
			errs <- err
		}()
	}
	for range 4 {
		require.NoError(t, <-errs)
	}
}

// FuzzParse: Parse never panics, agrees with Valid (but for the memory
// budget) and with Unmarshal into any, and every path navigates.
func FuzzParse(f *testing.F) {
	fzAddGoldenSeeds(f)
	f.Add(mustHex(dhdr + "FA 80 61 40 78 80 62 FA 40 C2 FB 80 63 21 FB"))
	f.Add(mustHex("3A 29 0A 03 F8 41 61 62 01 FA 80 61 01 FB F9"))
	var reused Document
	f.Fuzz(func(t *testing.T, data []byte) {
		doc, err := Parse(data)
		if valid := Valid(data); valid != (err == nil) {
			t.Fatalf("Valid = %v but Parse: %v", valid, err)
		}
		docCheck(t, DecMode{}, &reused, data, "fuzz", true)
		if err == nil {
			_ = doc.Root().At("/a/0/~1")
		}
	})
}

// TestDocumentKindErrors: each reader called on every kind either reads
// it or returns a *KindError that names the kind and the reader to use.
func TestDocumentKindErrors(t *testing.T) {
	// [null, true, 1, -1, 1.5f, 1.5, "s", bin 01, BigInteger 2^64, BigDecimal 1.5, {}, []]
	data := mustHex(dhdr + "F8 21 23 C2 C1 28 03 7E 00 00 00 29 00 3F 7C 00 00 00 00 00 00 00 40 73 E8 81 00 01 26 89 00 40 00 00 00 00 00 00 00 00 00 2A 82 81 07 01 FA FB F8 F9 F9")
	d, err := Parse(data)
	require.NoError(t, err)
	readers := map[string]func(Node) error{
		"Node.String":  func(n Node) error { _, err := n.String(); return err },
		"Node.Bool":    func(n Node) error { _, err := n.Bool(); return err },
		"Node.Int64":   func(n Node) error { _, err := n.Int64(); return err },
		"Node.Uint64":  func(n Node) error { _, err := n.Uint64(); return err },
		"Node.Float64": func(n Node) error { _, err := n.Float64(); return err },
		"Node.BigInt":  func(n Node) error { _, err := n.BigInt(); return err },
		"Node.Decimal": func(n Node) error { _, err := n.Decimal(); return err },
		"Node.Bytes":   func(n Node) error { _, err := n.Bytes(); return err },
	}
	kinds := []Kind{KindNull, KindBool, KindInt, KindInt, KindFloat, KindFloat, KindString, KindBinary, KindBigInt, KindBigDecimal, KindObject, KindArray}
	i := 0
	for n := range d.Root().Elements() {
		require.Equal(t, kinds[i], n.Kind(), "element %d", i)
		for name, r := range readers {
			err := r(n)
			if err == nil {
				continue
			}
			var ke *KindError
			require.ErrorAs(t, err, &ke, "%s of %v", name, n.Kind())
			require.Equal(t, name, ke.Method)
			require.Equal(t, n.Kind(), ke.Kind)
			require.Contains(t, err.Error(), n.Kind().String())
			require.Contains(t, err.Error(), "Node.")
		}
		i++
	}
	require.Equal(t, len(kinds), i)
	u, err := d.Root().Index(8).Uint64()
	require.ErrorIs(t, err, strconv.ErrRange) // 2^64
	require.Zero(t, u)
	_, err = d.Root().Index(3).Uint64()
	require.ErrorIs(t, err, strconv.ErrRange) // -1
	f, err := d.Root().Index(9).Float64()
	require.NoError(t, err)
	require.Equal(t, 1.5, f)
	require.Equal(t, "Kind(99)", Kind(99).String())
}

// TestDocumentLongString: a string of 2^24 bytes or more takes the
// two-word form.
func TestDocumentLongString(t *testing.T) {
	if testing.Short() {
		t.Skip("a 16 MiB document")
	}
	s := strings.Repeat("a", 1<<24+3)
	data, err := Marshal([]any{s, map[string]any{"k": s}})
	require.NoError(t, err)
	docCheck(t, DecMode{}, new(Document), data, "long string", true)
	d, err := Parse(data)
	require.NoError(t, err)
	require.Equal(t, len(s), d.Root().Index(0).Len())
}
