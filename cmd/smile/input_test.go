package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestEmptyInput checks that every command refuses input with nothing in
// it alike, as encoding/json's Unmarshal refuses empty JSON ("unexpected
// end of JSON input") and smile.Valid an empty document: exit code 1 and
// one message naming the offset. fromjson also refuses white space alone,
// and tojson headers and end markers alone, as validate does; dump shows
// a header that is all its input holds.
func TestEmptyInput(t *testing.T) {
	var v any
	require.Error(t, json.Unmarshal(nil, &v))
	require.Error(t, json.Unmarshal([]byte(" \n\t"), &v))
	for _, c := range []struct {
		in   string // hex for the Smile commands, text for fromjson
		args []string
		want string
	}{
		{"", []string{"fromjson"}, "smile fromjson: smile: unexpected end of input: no value (the input is empty) at offset 0"},
		{"", []string{"tojson"}, "smile tojson: smile: unexpected end of input: no value (the input is empty) at offset 0"},
		{"", []string{"dump"}, "smile dump: smile: unexpected end of input: no value (the input is empty) at offset 0"},
		{"", []string{"validate"}, "smile validate: smile: unexpected end of input: no value (the input is empty) at offset 0"},
		{"", []string{"tojson", "--require-header=false"}, "smile tojson: smile: unexpected end of input: no value (the input is empty) at offset 0"},
		{"", []string{"dump", "--require-header=false"}, "smile dump: smile: unexpected end of input: no value (the input is empty) at offset 0"},
		{" \n\t", []string{"fromjson"}, "smile fromjson: smile: unexpected end of input: no value (the input holds only white space) at offset 3"},
		{"3A290A01 FF", []string{"tojson"}, "smile tojson: smile: unexpected end of input: no value (the input holds only headers and end markers) at offset 5"},
		{"3A290A01 FF", []string{"validate"}, "smile validate: smile: unexpected end of input: no value (the input holds only headers and end markers) at offset 5"},
	} {
		in := []byte(c.in)
		if c.args[0] != "fromjson" {
			in = unhex(t, c.in)
		}
		var stdout, stderr bytes.Buffer
		code := run(c.args, bytes.NewReader(in), &stdout, &stderr)
		require.Equal(t, 1, code, "%v on %q: %s", c.args, c.in, stderr.String())
		require.Equal(t, c.want+"\n", stderr.String(), "%v on %q", c.args, c.in)
		require.Empty(t, stdout.String(), "%v on %q", c.args, c.in)
	}

	var stdout, stderr bytes.Buffer
	require.Equal(t, 0, run([]string{"dump"}, bytes.NewReader(unhex(t, "3A290A01")), &stdout, &stderr), stderr.String())
	require.Equal(t, "00000000  3a 29 0a 01                            header: version 0, shared names\n", stdout.String())
}

// TestHelpTexts checks that smile help says that every command refuses
// empty input, that each command's help holds its text, and that every
// flag a text names is a flag of that command.
func TestHelpTexts(t *testing.T) {
	var out, errOut bytes.Buffer
	require.Equal(t, 0, run([]string{"help"}, nil, &out, &errOut))
	require.Contains(t, out.String(), "Every command refuses empty input")
	for _, c := range commands {
		require.NotEmpty(t, c.doc, "smile help %s has no text", c.name)
		out.Reset()
		require.Equal(t, 0, run([]string{"help", c.name}, nil, &out, &errOut))
		help := out.String()
		require.Contains(t, help, c.doc)
		require.Regexp(t, `Empty input|empty input`, c.doc, "smile help %s does not say what empty input does", c.name)
		for _, f := range strings.Fields(c.doc) {
			f = strings.Trim(f, `.,;()"`)
			if name, ok := strings.CutPrefix(f, "--"); ok {
				name, _, _ = strings.Cut(name, "=")
				require.Contains(t, help, "  -"+name+"\n", "smile help %s names --%s, which is not one of its flags", c.name, name)
			}
		}
	}
	out.Reset()
	require.Equal(t, 0, run([]string{"help", "dump"}, nil, &out, &errOut))
	require.Contains(t, out.String(), "Past 64 levels")
	require.Contains(t, out.String(), "(depth 65) [")
}
