package smile

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// The texts of errors, checked whole where the test can say what they must
// be: offsets from the bytes of the document, paths and types from the Go
// values.

type unknownFilter struct {
	Size int `json:"size"`
}

type unknownQuery struct {
	Size   int            `json:"size"`
	Filter *unknownFilter `json:"filter"`
}

type clashA struct{ Name string }
type clashB struct{ Name string }

// The tags that clash are smile tags: go vet rejects json tags that repeat.
type clashC struct {
	Name string
	ID   int `smile:"id"`
}
type clashD struct {
	Other int `smile:"id"`
}

// unknownClash has two untagged fields Name at depth 1, clashA.Name and
// clashB.Name, which cancel each other.
type unknownClash struct {
	clashA
	clashB
}

// unknownTaggedClash has three tagged fields "id" at depth 1, promoted
// from clashC, clashD and clashE (X's is at depth 2 and is not promoted).
type unknownTaggedClash struct {
	X clashC `smile:"x"`
	clashC
	clashD
	Y int `smile:"-"`
	clashE
}

type clashE struct {
	Z int `smile:"id"`
}

// twiceX and twiceY embed clashA, whose Name then comes twice at depth 3.
type twiceX struct{ clashA }
type twiceY struct{ clashA }

// keyOffset returns the offset of the token of the short ASCII key name
// in doc: the byte before the name's text, which is its length.
func keyOffset(t *testing.T, doc []byte, name string) int {
	t.Helper()
	i := bytes.Index(doc, []byte(name))
	require.Positive(t, i, "key %q in % X", name, doc)
	require.Equal(t, byte(0x80+len(name)-1), doc[i-1], "short ASCII key token before %q", name)
	return i - 1
}

// TestUnknownFieldText: under DisallowUnknownFields an unknown key is
// reported as an unknown field of the struct, at the path of the struct,
// not as a value that cannot be stored into a field the key names.
func TestUnknownFieldText(t *testing.T) {
	disallow, err := DecOptions{DisallowUnknownFields: true}.DecMode()
	require.NoError(t, err)

	doc, err := Marshal(map[string]any{"sise": 1})
	require.NoError(t, err)
	var q unknownQuery
	err = disallow.Unmarshal(doc, &q)
	require.ErrorIs(t, err, ErrUnknownField)
	require.EqualError(t, err, `smile: unknown field "sise" in Go type smile.unknownQuery at offset `+strconv.Itoa(keyOffset(t, doc, "sise")))
	var ute *UnmarshalTypeError
	require.ErrorAs(t, err, &ute)
	require.Equal(t, "sise", ute.Field, "Field is the path to the key, as before")
	require.Equal(t, `unknown field "sise"`, ute.Err.Error())

	type outer struct {
		Query unknownQuery `json:"query"`
	}
	doc, err = Marshal(map[string]any{"query": map[string]any{"filter": map[string]any{"size": 1, "sise": 2}}})
	require.NoError(t, err)
	var o outer
	err = disallow.Unmarshal(doc, &o)
	require.ErrorIs(t, err, ErrUnknownField)
	require.EqualError(t, err, `smile: unknown field "sise" in field query.filter of Go type smile.unknownFilter at offset `+strconv.Itoa(keyOffset(t, doc, "sise")))
	require.ErrorAs(t, err, &ute)
	require.Equal(t, "query.filter.sise", ute.Field)

	// The Decoder reports it the same way.
	dec := disallow.NewDecoder(bytes.NewReader(doc))
	require.EqualError(t, dec.Decode(&o), err.Error())

	// encoding/json calls the same keys unknown fields.
	jd := json.NewDecoder(strings.NewReader(`{"query":{"filter":{"size":1,"sise":2}}}`))
	jd.DisallowUnknownFields()
	require.ErrorContains(t, jd.Decode(&o), `unknown field "sise"`)
}

// TestUnknownFieldClash: a key that is the name of fields of equal depth,
// which cancel each other by encoding/json's rule, is unknown, as in
// encoding/json, and the error says why and names the fields.
func TestUnknownFieldClash(t *testing.T) {
	disallow, err := DecOptions{DisallowUnknownFields: true}.DecMode()
	require.NoError(t, err)
	exact, err := DecOptions{DisallowUnknownFields: true, CaseSensitiveFields: true}.DecMode()
	require.NoError(t, err)

	for _, c := range []struct {
		name string
		key  string
		v    any
		mode DecMode
		want string // after "at offset N"
		json bool   // encoding/json sees the same fields (no smile tags, not case-sensitive)
	}{
		{"two untagged", "Name", new(unknownClash), disallow,
			": it matches clashA.Name and clashB.Name, two fields of equal depth that cancel each other (encoding/json drops both)", true},
		{"folded", "name", new(unknownClash), disallow,
			": it matches clashA.Name and clashB.Name, two fields of equal depth that cancel each other (encoding/json drops both)", true},
		{"folded, case-sensitive", "name", new(unknownClash), exact, "", false},
		{"three tagged", "id", new(unknownTaggedClash), disallow,
			": it matches clashC.ID, clashD.Other and clashE.Z, 3 fields of equal depth that cancel each other (encoding/json drops all 3)", false},
		{"one type embedded twice", "Name", new(struct {
			twiceX
			twiceY
		}), disallow, ": it matches fields of equal depth that cancel each other (encoding/json drops them)", true},
		{"not a clash", "nope", new(unknownTaggedClash), disallow, "", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			doc, err := Marshal(map[string]any{c.key: 1})
			require.NoError(t, err)
			err = c.mode.Unmarshal(doc, c.v)
			require.ErrorIs(t, err, ErrUnknownField)
			typ := reflect.TypeOf(c.v).Elem().String()
			require.EqualError(t, err, `smile: unknown field "`+c.key+`" in Go type `+typ+` at offset `+strconv.Itoa(keyOffset(t, doc, c.key))+c.want)

			if !c.json {
				return
			}
			// encoding/json drops the clashing names too.
			jd := json.NewDecoder(strings.NewReader(`{"` + c.key + `":1}`))
			jd.DisallowUnknownFields()
			require.ErrorContains(t, jd.Decode(c.v), `unknown field "`+c.key+`"`)
		})
	}

	// A depth-1 field wins over a clash deeper down: the key is known.
	type deeper struct {
		unknownClash
		Name string
	}
	doc, err := Marshal(map[string]any{"Name": "x"})
	require.NoError(t, err)
	var d deeper
	require.NoError(t, disallow.Unmarshal(doc, &d))
	require.Equal(t, "x", d.Name)

	// The cause alone, as errors.Unwrap gives it.
	var clash unknownClash
	err = disallow.Unmarshal(doc, &clash)
	require.EqualError(t, errors.Unwrap(err), `unknown field "Name": it matches clashA.Name and clashB.Name, two fields of equal depth that cancel each other (encoding/json drops both)`)
}

// TestShortPath: a long path is shown with its repeated steps counted and,
// if still long, its middle left out; a short one as it is.
func TestShortPath(t *testing.T) {
	join := func(n int, step, sep string) string { return strings.TrimSuffix(strings.Repeat(step+sep, n), sep) }
	var items []string
	for i := range 900 {
		items = append(items, "items["+strconv.Itoa(i)+"]")
	}
	for _, c := range []struct{ path, want string }{
		{"items[3].name", "items[3].name"},
		{join(19, "next", "."), join(19, "next", ".")}, // 94 bytes: short enough
		{join(1001, "next", "."), "next×1001"},
		{"list." + join(1000, "next", ".") + ".value", "list.next×1000.value"},
		{join(300, "children[0]", "."), "(children[0])×300"},
		{"m" + strings.Repeat("[0]", 50), "m[0]×50"},
		{join(30, "a.b", "."), "(a.b)×30"},
		{"x" + strings.Repeat("[1][2]", 40) + ".y", "x([1][2])×40.y"},
		// No run: the middle is counted, and the cuts fall before names.
		{"a.b." + strings.Join(items, ".") + ".name",
			"a.b.items[0].items[1].items[2].items[3].…(1786 more).items[897].items[898].items[899].name"},
		// A long name is cut.
		{strings.Repeat("k", 200) + ".x", strings.Repeat("k", 29) + "….x"},
		{"a..b" + strings.Repeat(".c", 60), "a..b.c×60"}, // an empty key stays a step
	} {
		got := shortPath(c.path)
		require.Equal(t, c.want, got, "%.60s... (%d bytes)", c.path, len(c.path))
		require.LessOrEqual(t, len(got), 110)
	}
}

// TestMarshalCyclePathText: the error for a cycle through a linked list
// is short and names the cycle, and its Field holds the whole path.
func TestMarshalCyclePathText(t *testing.T) {
	type node struct {
		Next *node `json:"next"`
	}
	n := &node{}
	n.Next = n
	_, err := Marshal(n)
	var uve *UnsupportedValueError
	require.ErrorAs(t, err, &uve)
	k := strings.Count(uve.Field, "next")
	require.Greater(t, k, 100, "the cycle is found hundreds of levels deep")
	require.Equal(t, strings.TrimSuffix(strings.Repeat("next.", k), "."), uve.Field, "Field holds the whole path")
	require.Less(t, len(err.Error()), 200)
	require.Contains(t, err.Error(), "cycle")
	require.True(t, strings.HasPrefix(err.Error(), "smile: unsupported value at field next×"+strconv.Itoa(k)+": "), err.Error())

	// A path built from 10000 steps costs their bytes, not their square:
	// each step is put in front of the path in place.
	var e error = &UnsupportedValueError{Str: "deep"}
	for i := range 10000 {
		if i%2 == 0 {
			e = withIndex(e, i)
		} else {
			e = withName(e, "n")
		}
	}
	field := e.(*UnsupportedValueError).Field
	require.True(t, strings.HasPrefix(field, "n[9998].n[9996]"), field[:40])
	require.True(t, strings.HasSuffix(field, "n[2].n[0]"))
	require.Len(t, field, 5000*len("n")+len(strings.Join(indexes(0, 10000, 2), ""))+4999)
	require.Less(t, len(e.Error()), 200)
}

// indexes returns "[i]" for i from lo to hi (excluded) by step.
func indexes(lo, hi, step int) []string {
	var s []string
	for i := lo; i < hi; i += step {
		s = append(s, "["+strconv.Itoa(i)+"]")
	}
	return s
}

// TestUnmarshalDeepPathText: a type error 900 levels deep into a
// recursive struct has a short path in its text and the whole path in
// Field.
func TestUnmarshalDeepPathText(t *testing.T) {
	type rec struct {
		Next *rec `json:"next"`
		V    int  `json:"v"`
	}
	var v any = map[string]any{"v": "str"}
	for range 899 {
		v = map[string]any{"next": v}
	}
	doc, err := Marshal(v)
	require.NoError(t, err)
	var r rec
	err = Unmarshal(doc, &r)
	var ute *UnmarshalTypeError
	require.ErrorAs(t, err, &ute)
	require.Equal(t, strings.Repeat("next.", 899)+"v", ute.Field)
	off := bytes.LastIndex(doc, []byte("str")) - 1 // the string's token: 0x42, a 3-byte tiny ASCII string
	require.Equal(t, byte(0x42), doc[off])
	require.EqualError(t, err, "smile: cannot unmarshal string into field next×899.v of Go type int at offset "+strconv.Itoa(off))

	// An unknown key as deep.
	disallow, err := DecOptions{DisallowUnknownFields: true}.DecMode()
	require.NoError(t, err)
	v = map[string]any{"sise": 1}
	for range 899 {
		v = map[string]any{"next": v}
	}
	doc, err = Marshal(v)
	require.NoError(t, err)
	err = disallow.Unmarshal(doc, &r)
	require.ErrorIs(t, err, ErrUnknownField)
	require.EqualError(t, err, `smile: unknown field "sise" in field next×899 of Go type smile.rec at offset `+strconv.Itoa(keyOffset(t, doc, "sise")))
}

// TestUnmarshalSecondDocument: a second document after the root value is
// reported as such, at its header's offset, with the way to read both.
func TestUnmarshalSecondDocument(t *testing.T) {
	d1, err := Marshal(map[string]any{"a": strings.Repeat("x", 690)})
	require.NoError(t, err)
	d2, err := Marshal([]int{1, 2})
	require.NoError(t, err)
	require.Equal(t, ":)\n", string(d2[:3]), "d2 starts with the header")
	const msg = "smile: the header of a second Smile document after the root value (Unmarshal reads one document; use a Decoder to read several) at offset "
	for _, c := range []struct {
		name   string
		in     []byte
		header int
	}{
		{"two documents", slices.Concat(d1, d2), len(d1)},
		{"after an end marker", slices.Concat(d1, []byte{0xFF}, d2), len(d1) + 1},
		{"the same document twice", slices.Concat(d1, d1), len(d1)},
		{"an end marker after the second header", slices.Concat(d1, d2[:4], []byte{0xFF}, d2[4:]), len(d1)},
	} {
		t.Run(c.name, func(t *testing.T) {
			var v any
			err := Unmarshal(c.in, &v)
			require.EqualError(t, err, msg+strconv.Itoa(c.header))
			var se *SyntaxError
			require.ErrorAs(t, err, &se)
			require.Equal(t, int64(c.header), se.Offset)
			require.False(t, Valid(c.in))

			// What the error advises reads both.
			dec := NewDecoder(bytes.NewReader(c.in))
			var a, b any
			require.NoError(t, dec.Decode(&a))
			require.NoError(t, dec.Decode(&b))
		})
	}
	// A header with no value after it starts no document: it is accepted,
	// as before, and as smile validate accepts it.
	var v any
	require.NoError(t, Unmarshal(slices.Concat(d2, d2[:4]), &v))
	require.True(t, Valid(slices.Concat(d2, d2[:4], []byte{0xFF})))

	// A value after the root value, with no header, is reported as before.
	err = Unmarshal(slices.Concat(d2, []byte{0xC2}), &v)
	require.ErrorContains(t, err, "unexpected integer after the root value")
	require.ErrorContains(t, err, "at offset "+strconv.Itoa(len(d2)))
}
