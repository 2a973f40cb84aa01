package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/go-smile/smile/compat"
)

// runIn runs the command in this process and returns its exit code and
// standard error.
func runIn(t *testing.T, stdin []byte, args ...string) (int, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := run(args, bytes.NewReader(stdin), &stdout, &stderr)
	return code, stderr.String()
}

// TestErrorsNameFlags checks the whole text of the errors that advise an
// option: the command names its own flags, not the Go options.
func TestErrorsNameFlags(t *testing.T) {
	fromJSON := func(js string) []byte {
		b, err := compat.FromJSONBytes([]byte(js), compat.FromJSONOptions{})
		require.NoError(t, err)
		return b
	}
	nan := []byte{0x3A, 0x29, 0x0A, 0x01, 0x29, 0x00, 0x7F, 0x7C, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00}
	for _, c := range []struct {
		name string
		in   []byte
		args []string
		code int
		want string
	}{
		{"JSON given to tojson", []byte(`{"a":1}`), []string{"tojson"}, 1,
			"smile tojson: smile: input does not start with the Smile header (first byte 0x7B) at offset 0; the input starts with '{': JSON text, not Smile; " +
				"over HTTP, ask for Smile with Accept: application/x-jackson-smile (or application/smile) and check the response's Content-Type; for a JSON file, convert it with smile fromjson"},
		{"JSON given to validate", []byte("\n[1]"), []string{"validate"}, 1,
			"smile validate: smile: input does not start with the Smile header (first byte 0x0A) at offset 0; the input starts with white space and '[': JSON text, not Smile; " +
				"over HTTP, ask for Smile with Accept: application/x-jackson-smile (or application/smile) and check the response's Content-Type; for a JSON file, convert it with smile fromjson"},
		{"an HTML error page given to dump", []byte("<html><body>404 Not Found</body></html>"), []string{"dump"}, 1,
			"smile dump: smile: input does not start with the Smile header (first byte 0x3C) at offset 0; the input starts with '<': HTML or XML, such as an error page, not Smile; " +
				"over HTTP, check the response's status and Content-Type, and ask for Smile with Accept: application/x-jackson-smile (or application/smile)"},
		{"headerless", []byte{0xFA, 0xFB}, []string{"tojson"}, 1,
			"smile tojson: smile: input does not start with the Smile header (first byte 0xFA) at offset 0; use --require-header=false to read headerless Smile"},
		{"headerless to validate", []byte{0xFA, 0xFB}, []string{"validate"}, 1,
			"smile validate: smile: input does not start with the Smile header (first byte 0xFA) at offset 0; use --require-header=false to read headerless Smile"},
		{"max-depth", fromJSON("[[[1]]]"), []string{"tojson", "--max-depth", "2"}, 1,
			"smile tojson: smile: MaxDepth exceeded at offset 6: input asks for 3, limit is 2; raise --max-depth only if the input is trusted"},
		{"max-string-len", fromJSON(`["abcdef"]`), []string{"validate", "--max-string-len=3"}, 1,
			"smile validate: smile: MaxStringLen exceeded at offset 5: input asks for 6, limit is 3; raise --max-string-len only if the input is trusted"},
		{"max-big-number-len", fromJSON("[123456789012345678901234567890]"), []string{"tojson", "--max-big-number-len=4"}, 1,
			"smile tojson: smile: MaxBigNumberLen exceeded at offset 5: input asks for 13, limit is 4; raise --max-big-number-len only if the input is trusted"},
		{"non-finite", nan, []string{"tojson"}, 1,
			"smile tojson: smile: float NaN at offset 4 has no JSON form; use --non-finite-strings to write it as a string"},
		{"fromjson max-depth", []byte("[[[1]]]"), []string{"fromjson", "--max-depth=2"}, 1,
			"smile fromjson: smile: MaxDepth exceeded at offset 2: input asks for 3, limit is 2; raise --max-depth only if the input is trusted"},
		{"negative max-depth", nil, []string{"tojson", "--max-depth=-1"}, 2,
			"smile tojson: usage: smile: --max-depth is -1; it must be 0 (the default, 1000) or positive"},
		{"inconsistent flags", nil, []string{"fromjson", "--no-header", "--raw-binary"}, 2,
			"smile fromjson: usage: smile: inconsistent options: --no-header with --raw-binary (a headerless reader assumes no raw binary)"},
		{"fromjson negative max-depth", []byte("[]"), []string{"fromjson", "--max-depth=-1"}, 2,
			"smile fromjson: smile: --max-depth is -1; it must be 0 (the default, 1000) or positive"},
	} {
		t.Run(c.name, func(t *testing.T) {
			code, stderr := runIn(t, c.in, c.args...)
			require.Equal(t, c.code, code, stderr)
			require.Equal(t, c.want, strings.TrimSuffix(stderr, "\n"))
		})
	}
}

// TestFromJSONOverflowFlag checks that fromjson refuses a number beyond
// the float64 range by default, naming the flags that accept it, and that
// --allow-overflow-to-infinity writes what Jackson writes for it (+Inf:
// the bytes of JsonParser + SmileGenerator.copyCurrentEvent, 2.18.3 and
// 2.19) and --big-decimals an exact BigDecimal (SmileGenerator's
// writeNumber(new BigDecimal("1e400"))).
func TestFromJSONOverflowFlag(t *testing.T) {
	in := []byte(`{"a":1e400}`)
	for _, c := range []struct {
		args []string
		want string // hex
	}{
		{[]string{"fromjson", "--allow-overflow-to-infinity"}, "3A 29 0A 01 FA 80 61 29 00 7F 78 00 00 00 00 00 00 00 FB"},
		{[]string{"fromjson", "--big-decimals"}, "3A 29 0A 01 FA 80 61 2A 0C 9F 81 00 01 FB"},
	} {
		var stdout, stderr bytes.Buffer
		require.Equal(t, 0, run(c.args, bytes.NewReader(in), &stdout, &stderr), "%v: %s", c.args, stderr.String())
		require.Equal(t, unhex(t, c.want), stdout.Bytes(), "%v", c.args)
	}
	code, stderr := runIn(t, in, "fromjson")
	require.Equal(t, 1, code)
	require.Equal(t, "smile fromjson: smile: JSON number 1e400 at offset 5 is beyond the float64 range (as a float64 it is +Inf, which JSON has no number for); "+
		"use --big-decimals to write it exactly, as a BigDecimal, or use --allow-overflow-to-infinity to write +Inf, as Jackson does\n", stderr)
}
