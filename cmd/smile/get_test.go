package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/go-smile/smile/compat"
	"github.com/go-smile/smile/internal/golden"
)

// runOut runs the tool in-process and returns its exit code, standard
// output and standard error.
func runOut(stdin []byte, args ...string) (int, string, string) {
	var stdout, stderr bytes.Buffer
	code := run(args, bytes.NewReader(stdin), &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

// spans returns the text of every value of the compact JSON text b (as
// tojson writes it) by JSON Pointer, the first of duplicate keys.
func spans(t *testing.T, b []byte) map[string]string {
	out := map[string]string{}
	var value func(i int, ptr string) int
	str := func(i int) int {
		for i++; b[i] != '"'; i++ {
			if b[i] == '\\' {
				i++
			}
		}
		return i + 1
	}
	value = func(i int, ptr string) int {
		start := i
		switch b[i] {
		case '{', '[':
			obj := b[i] == '{'
			i++
			for n := 0; b[i] != '}' && b[i] != ']'; n++ {
				if b[i] == ',' {
					i++
				}
				p := ptr + "/" + strconv.Itoa(n)
				if obj {
					ks := i
					i = str(i)
					var key string
					require.NoError(t, json.Unmarshal(b[ks:i], &key))
					p = ptr + "/" + strings.NewReplacer("~", "~0", "/", "~1").Replace(key)
					i++ // ':'
				}
				i = value(i, p)
			}
			i++
		case '"':
			i = str(i)
		default:
			for i < len(b) && b[i] != ',' && b[i] != ']' && b[i] != '}' {
				i++
			}
		}
		if _, ok := out[ptr]; !ok {
			out[ptr] = string(b[start:i])
		}
		return i
	}
	require.Equal(t, len(b), value(0, ""))
	return out
}

// TestGet: get prints what tojson prints for the value at the pointer,
// for every value of the golden JSON documents; exits 1, printing
// nothing, when nothing is there; and 2 on bad input or a bad pointer.
func TestGet(t *testing.T) {
	dir, err := golden.Dir("json")
	require.NoError(t, err)
	files, err := filepath.Glob(filepath.Join(dir, "*.default.smile"))
	require.NoError(t, err)
	require.NotEmpty(t, files)
	checked := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		require.NoError(t, err)
		code, text, _ := runOut(data, "tojson")
		if code != 0 || strings.Count(text, "\n") != 1 {
			continue // NaN, or several documents: get reads the first
		}
		text = strings.TrimSuffix(text, "\n")
		n := 0
		for ptr, want := range spans(t, []byte(text)) {
			if n++; len(data) > 4096 && n%31 != 0 {
				continue
			}
			code, out, msg := runOut(data, "get", "--literal", ptr)
			require.Equal(t, 0, code, "%s %q: %s", f, ptr, msg)
			require.Equal(t, want+"\n", out, "%s %q", f, ptr)
			checked++
		}
	}
	require.Greater(t, checked, 1000)

	data, err := os.ReadFile(goldenFile(t, "api-response.default.smile"))
	require.NoError(t, err)
	for _, args := range [][]string{{"get", "/no such key"}, {"get", "/0"}, {"get", "/*/no such key"}} {
		code, out, msg := runOut(data, args...)
		require.Equal(t, 1, code, "%v", args)
		require.Empty(t, out)
		require.Empty(t, msg)
	}
	for _, args := range [][]string{{"get", "no slash"}, {"get", "/~x"}, {"get"}, {"get", "/a", "f", "g"}, {"get", "--max-depth=20000", "/a"}} {
		code, _, msg := runOut(data, args...)
		require.Equal(t, 2, code, "%v", args)
		require.NotEmpty(t, msg, "%v", args)
	}
	// A path that is not there reads the whole input, and meets the cut.
	code, out, msg := runOut(data[:len(data)-3], "get", "/no such key")
	require.Equal(t, 2, code)
	require.Empty(t, out)
	require.Contains(t, msg, "offset")
	code, _, msg = runOut(nil, "get", "")
	require.Equal(t, 2, code)
	require.Contains(t, msg, "no value")
	code, _, _ = runOut(nil, "get", "", "/does/not/exist")
	require.Equal(t, 2, code)
	code, _, msg = runOut(data, "get", "-h")
	require.Equal(t, 0, code)
	require.Contains(t, msg, "wildcard")
}

// TestGetWildcard: a wildcard prints one line per match, in input
// order, each what tojson prints for it; "~2" and --literal name a key
// "*".
func TestGetWildcard(t *testing.T) {
	tw, err := golden.ReadFile(filepath.Join(filepath.Dir(goldenFile(t, "x")), "..", "corpus", "twitter.default.smile"))
	require.NoError(t, err)
	_, text, _ := runOut(tw, "tojson")
	all := spans(t, []byte(strings.TrimSuffix(text, "\n")))
	var want strings.Builder
	for i := 0; ; i++ {
		v, ok := all["/statuses/"+strconv.Itoa(i)+"/user/screen_name"]
		if !ok {
			require.Equal(t, 100, i)
			break
		}
		want.WriteString(v + "\n")
	}
	code, out, msg := runOut(tw, "get", "/statuses/*/user/screen_name")
	require.Equal(t, 0, code, msg)
	require.Equal(t, want.String(), out)
	// Every member of an object.
	code, out, _ = runOut(tw, "get", "/search_metadata/*")
	require.Equal(t, 0, code)
	require.Equal(t, 9, strings.Count(out, "\n"))
	require.True(t, strings.HasPrefix(out, all["/search_metadata/completed_in"]+"\n"))

	star, err := compat.FromJSONBytes([]byte(`{"*":1,"a":{"*":2,"b":3}}`), compat.FromJSONOptions{})
	require.NoError(t, err)
	for args, want := range map[string]string{
		"/*":           "1\n{\"*\":2,\"b\":3}\n",
		"/~2":          "1\n",
		"/a/~2":        "2\n",
		"/*/*":         "2\n3\n",
		"--literal /*": "1\n",
	} {
		code, out, msg := runOut(star, append([]string{"get"}, strings.Fields(args)...)...)
		require.Equal(t, 0, code, "%s: %s", args, msg)
		require.Equal(t, want, out, args)
	}
}
