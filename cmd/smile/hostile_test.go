package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/go-smile/smile/internal/golden"
)

// hostileHang is how long one run of the command may take before the test
// calls it a hang. It is not a performance bound: every input below is
// refused in milliseconds.
const hostileHang = 2 * time.Minute

// runHostile runs the command on stdin like runCmd, failing the test on a
// hang instead of waiting for the test binary's deadline.
func runHostile(t *testing.T, bin string, stdin []byte, args ...string) result {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), hostileHang)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Stdin = bytes.NewReader(stdin)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	if ctx.Err() != nil {
		t.Fatalf("smile %s hung on a %d-byte input", strings.Join(args, " "), len(stdin))
	}
	code := 0
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		code = ee.ExitCode()
	} else {
		require.NoError(t, err)
	}
	return result{code, stdout.String(), stderr.String()}
}

// requireRefused checks that a run failed the way bad input must: exit
// code 1, one error line naming the byte offset, and no sign of a crash.
func requireRefused(t *testing.T, r result, what string) {
	t.Helper()
	require.Equal(t, 1, r.code, "%s: exit code (stderr: %s)", what, r.stderr)
	for _, crash := range []string{"panic", "goroutine ", "fatal error", "stack overflow"} {
		require.NotContains(t, r.stderr, crash, what)
	}
	require.Contains(t, r.stderr, "offset", "%s: the error names no offset", what)
	require.LessOrEqual(t, strings.Count(strings.TrimSpace(r.stderr), "\n"), 1, "%s: stderr is not one short message: %q", what, r.stderr)
}

// unhex parses hex bytes, with or without spaces (golden.ParseHex).
func unhex(t *testing.T, s string) []byte {
	t.Helper()
	b, err := golden.ParseHex(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// vint is the Smile VInt of v, for length claims.
func vint(v uint64) []byte {
	last := byte(v&0x3F) | 0x80
	v >>= 6
	var out []byte
	for v > 0 {
		out = append([]byte{byte(v & 0x7F)}, out...)
		v >>= 7
	}
	return append(out, last)
}

// TestCommandHostileSmile feeds the Smile-reading commands (tojson, dump,
// validate) the hostile inputs of the library's tests, through the built
// binary, so that a panic or a stack overflow shows as a failed run.
func TestCommandHostileSmile(t *testing.T) {
	bin := smileBin(t)
	for name, in := range hostileSmile(t) {
		for _, command := range []string{"tojson", "dump", "validate"} {
			r := runHostile(t, bin, in, command)
			requireRefused(t, r, command+": "+name)
		}
	}
}

// hostileSmile returns the hostile inputs of the library's tests, by name:
// each is malformed, or exceeds a default limit.
func hostileSmile(t *testing.T) map[string][]byte {
	t.Helper()
	hdr := unhex(t, "3A290A01")
	cat := func(parts ...[]byte) []byte { return bytes.Join(parts, nil) }
	tail := bytes.Repeat([]byte{0x41}, 64)
	inputs := map[string][]byte{
		"1M nested arrays":                cat(hdr, bytes.Repeat([]byte{0xF8}, 1<<20)),
		"1M nested objects":               cat(hdr, bytes.Repeat(unhex(t, "FA8061"), 1<<20)),
		"7-bit binary claiming 2^62":      cat(hdr, []byte{0xE8}, vint(1<<62), tail),
		"7-bit binary claiming 2^31":      cat(hdr, []byte{0xE8}, vint(1<<31), tail),
		"raw binary claiming 2^62":        cat(unhex(t, "3A290A05"), []byte{0xFD}, vint(1<<62), tail),
		"BigInteger claiming 2^62":        cat(hdr, []byte{0x26}, vint(1<<62), tail),
		"BigDecimal claiming 2^62":        cat(hdr, []byte{0x2A, 0x80}, vint(1<<62), tail),
		"overlong VInt":                   cat(hdr, []byte{0x24}, bytes.Repeat([]byte{0x7F}, 4096), []byte{0xBF}),
		"long string without 0xFC":        cat(hdr, []byte{0xE0}, bytes.Repeat([]byte("abcdefgh"), 8192)),
		"overlong UTF-8 in a string":      cat(hdr, unhex(t, "80 C0 AF")),
		"surrogate in a string":           cat(hdr, unhex(t, "81 ED A0 80")),
		"lone continuation byte":          cat(hdr, unhex(t, "80 61 80")),
		"UTF-8 cut at the end of a key":   cat(hdr, unhex(t, "FA C0 61 E2 82 C2 FB")),
		"name reference before any name":  cat(hdr, unhex(t, "FA 40 C2 FB")),
		"value reference, table off":      cat(hdr, unhex(t, "F8 01 F9")),
		"long name reference past table":  cat(hdr, unhex(t, "FA 80 61 C2 30 05 C2 FB")),
		"key token in value position":     cat(hdr, unhex(t, "F8 80 61 F9")),
		"value token in key position":     cat(hdr, unhex(t, "FA C2 C2 FB")),
		"mismatched end marker":           cat(hdr, unhex(t, "F8 FB")),
		"end of data inside an array":     cat(hdr, unhex(t, "F8 C2 FF")),
		"reserved token byte":             cat(hdr, []byte{0x27}),
		"unknown header version":          unhex(t, "3A 29 0A 11 C2"),
		"reserved header bit":             unhex(t, "3A 29 0A 09 C2"),
		"header inside an array":          cat(hdr, unhex(t, "F8 3A 29 0A 01 F9")),
		"7-bit byte with its high bit":    cat(hdr, unhex(t, "E8 81 FF 01")),
		"missing end of object":           cat(hdr, unhex(t, "FA 80 61 C2")),
		"JSON text instead of Smile":      []byte(`{"a":1}`),
		"garbage after a complete header": cat(hdr, []byte("\x00\x01\x02")),
	}
	// Random bytes after a header: whatever they are, an error or a value.
	rng := rand.New(rand.NewPCG(6, 6))
	for i := range 8 {
		b := make([]byte, 256)
		for j := range b {
			b[j] = byte(rng.Uint32())
		}
		b[0] = 0xF8 // an open array, so that no prefix is a whole document
		inputs[fmt.Sprintf("random bytes %d", i)] = cat(hdr, b)
	}
	// A real document cut short, at a sample of offsets (the library's
	// tests cut every golden document at every offset).
	doc, err := os.ReadFile(goldenFile(t, "api-response.default.smile"))
	require.NoError(t, err)
	for cut := 5; cut < len(doc); cut += 41 {
		inputs[fmt.Sprintf("api-response cut at %d", cut)] = doc[:cut]
	}
	inputs["api-response cut before its last byte"] = doc[:len(doc)-1]
	return inputs
}

// TestCommandHostileJSON does the same for fromjson.
func TestCommandHostileJSON(t *testing.T) {
	bin := smileBin(t)
	inputs := map[string][]byte{
		"1M nested arrays":        bytes.Repeat([]byte("["), 1<<20),
		"1M nested objects":       bytes.Repeat([]byte(`{"a":`), 1<<20),
		"invalid UTF-8":           []byte("[\"a\xffb\"]"),
		"truncated string":        []byte(`{"a":"abc`),
		"truncated array":         []byte(`[1,2,`),
		"bare word":               []byte(`[nul]`),
		"Smile instead of JSON":   unhex(t, "3A290A01F8F9"),
		"trailing comma":          []byte(`[1,]`),
		"number with no digits":   []byte(`[-]`),
		"control char in string":  []byte("[\"a\x01\"]"),
		"unterminated long input": append([]byte(`["`), bytes.Repeat([]byte("x"), 1<<20)...),
	}
	for name, in := range inputs {
		r := runHostile(t, bin, in, "fromjson")
		requireRefused(t, r, "fromjson: "+name)
	}
}
