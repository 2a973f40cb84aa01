package compat_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/go-smile/smile"
	"github.com/go-smile/smile/compat"
	"github.com/go-smile/smile/internal/golden"
)

// This test lives here, outside the root package, because its oracle is
// compat.ToJSON, which imports smile.

// jsonSpan is one value of a compact JSON text: its JSON Pointer and its
// bytes in the text.
type jsonSpan struct {
	ptr string
	raw []byte
}

// jsonSpans returns every value of the compact JSON text b, in text
// order, each with its pointer; a duplicated key gives a span per member.
// It trusts b to be compact JSON (as ToJSON writes it) and reads the keys
// with encoding/json.
func jsonSpans(t *testing.T, b []byte) []jsonSpan {
	var out []jsonSpan
	end := jsonValue(t, b, 0, "", &out)
	require.Equal(t, len(b), end, "trailing text")
	return out
}

// jsonValue records the value at b[i:] and returns the index past it.
func jsonValue(t *testing.T, b []byte, i int, ptr string, out *[]jsonSpan) int {
	k := len(*out)
	*out = append(*out, jsonSpan{ptr: ptr})
	start := i
	switch b[i] {
	case '{':
		i++
		for b[i] != '}' {
			if b[i] == ',' {
				i++
			}
			ks := i
			i = jsonString(b, i)
			var key string
			require.NoError(t, json.Unmarshal(b[ks:i], &key))
			require.Equal(t, byte(':'), b[i])
			i = jsonValue(t, b, i+1, ptr+"/"+strings.ReplaceAll(strings.ReplaceAll(key, "~", "~0"), "/", "~1"), out)
		}
		i++
	case '[':
		i++
		for n := 0; b[i] != ']'; n++ {
			if b[i] == ',' {
				i++
			}
			i = jsonValue(t, b, i, ptr+"/"+strconv.Itoa(n), out)
		}
		i++
	case '"':
		i = jsonString(b, i)
	default:
		for i < len(b) && b[i] != ',' && b[i] != ']' && b[i] != '}' {
			i++
		}
	}
	(*out)[k].raw = b[start:i]
	return i
}

// jsonString returns the index past the JSON string at b[i:].
func jsonString(b []byte, i int) int {
	for i++; b[i] != '"'; i++ {
		if b[i] == '\\' {
			i++
		}
	}
	return i + 1
}

// TestNodeAppendJSON: for every golden document and data set, the JSON
// text of every Node, reached by Node.At and by smile.Get, is the text
// compat.ToJSON writes for that value, byte for byte; by default and
// with AllowInvalidUTF8.
func TestNodeAppendJSON(t *testing.T) {
	checked := 0
	for _, sub := range []string{"tokens", "json", "corpus"} {
		for _, c := range golden.Cases(t, sub) {
			for _, lax := range []bool{false, true} {
				if lax && sub == "corpus" && testing.Short() {
					continue // the corpora are valid UTF-8: the same text
				}
				o := smile.DecOptions{HeaderOptional: c.Config.OmitHeader, AllowInvalidUTF8: lax}
				// Get reads from the start for each path: of large
				// documents every getStride-th; in -short mode, of the
				// corpora At of every 17th value.
				atStride, getStride := 1, 1
				if len(c.Want) > 4096 {
					getStride = 61
				}
				if sub == "corpus" && testing.Short() {
					atStride, getStride = 17, 997
				}
				if nodeJSONCheck(t, o, c.Want, fmt.Sprintf("%s lax=%v", c.ID(), lax), atStride, getStride) {
					checked++
				}
			}
		}
	}
	require.Greater(t, checked, 100)
}

// nodeJSONCheck checks data; it reports whether data is a document
// Parse accepts (the others have no Document to check).
func nodeJSONCheck(t *testing.T, o smile.DecOptions, data []byte, what string, atStride, getStride int) bool {
	m, err := o.DecMode()
	require.NoError(t, err)
	doc, err := m.Parse(data)
	if err != nil {
		return false
	}
	text, err := compat.ToJSONBytes(data, compat.ToJSONOptions{Dec: o})
	if err != nil {
		// NaN or an infinity: AppendJSON refuses it as well.
		_, nerr := doc.Root().AppendJSON(nil)
		require.Error(t, nerr, "%s: ToJSON: %v", what, err)
		return true
	}
	text = bytes.TrimSuffix(text, []byte("\n"))
	got, err := doc.Root().AppendJSON([]byte("prefix"))
	require.NoError(t, err, what)
	if string(got) != "prefix"+string(text) {
		t.Fatalf("%s: AppendJSON of the root\n%.300s\nToJSON\n%.300s", what, got[6:], text)
	}
	// encoding/json takes MarshalJSON's text as it is (but for its HTML
	// escaping, turned off here).
	var mj bytes.Buffer
	enc := json.NewEncoder(&mj)
	enc.SetEscapeHTML(false)
	require.NoError(t, enc.Encode(struct{ V smile.Node }{doc.Root()}), what)
	if want := `{"V":` + string(text) + "}\n"; mj.String() != want {
		t.Fatalf("%s: encoding/json of the root Node differs from ToJSON's text", what)
	}
	spans := jsonSpans(t, text)
	last := map[string][]byte{}  // At keeps the last of duplicate keys
	first := map[string][]byte{} // Get the first
	for _, s := range spans {
		last[s.ptr] = s.raw
		if _, ok := first[s.ptr]; !ok {
			first[s.ptr] = s.raw
		}
	}
	q := 0
	for ptr, raw := range last {
		if q++; q%atStride != 0 {
			continue
		}
		n := doc.Root().At(ptr)
		b, err := n.AppendJSON(nil)
		require.NoError(t, err, "%s %q", what, ptr)
		if !bytes.Equal(raw, b) {
			t.Fatalf("%s %q: AppendJSON\n%s\nToJSON\n%s", what, ptr, b, raw)
		}
		if q%getStride == 0 {
			g, err := m.Get(data, ptr)
			require.NoError(t, err, "%s %q", what, ptr)
			b, err = g.AppendJSON(nil)
			require.NoError(t, err, "%s %q", what, ptr)
			if !bytes.Equal(first[ptr], b) {
				t.Fatalf("%s %q: Get's AppendJSON\n%s\nToJSON\n%s", what, ptr, b, first[ptr])
			}
		}
	}
	return true
}
