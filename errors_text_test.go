package smile

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
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
