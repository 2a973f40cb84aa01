package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/go-smile/smile/internal/golden"
)

// smileBin builds the command once and returns its path.
func smileBin(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "smile")
	out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput()
	require.NoError(t, err, "%s", out)
	return bin
}

type result struct {
	code           int
	stdout, stderr string
}

func runCmd(t *testing.T, bin string, stdin []byte, args ...string) result {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Stdin = bytes.NewReader(stdin)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else {
		require.NoError(t, err)
	}
	return result{code, stdout.String(), stderr.String()}
}

func goldenFile(t *testing.T, name string) string {
	t.Helper()
	dir, err := golden.Dir("json")
	require.NoError(t, err)
	return filepath.Join(dir, name)
}

func TestCommand(t *testing.T) {
	bin := smileBin(t)
	jsonPath := goldenFile(t, "api-response.json")
	jackson, err := os.ReadFile(goldenFile(t, "api-response.default.smile"))
	require.NoError(t, err)
	jsonText, err := os.ReadFile(jsonPath)
	require.NoError(t, err)

	t.Run("fromjson matches Jackson", func(t *testing.T) {
		r := runCmd(t, bin, nil, "fromjson", jsonPath)
		require.Equal(t, 0, r.code, r.stderr)
		require.Equal(t, string(jackson), r.stdout)
		// The same from standard input.
		r = runCmd(t, bin, jsonText, "fromjson", "-")
		require.Equal(t, string(jackson), r.stdout)
	})
	t.Run("fromjson flags", func(t *testing.T) {
		for cfg, flags := range map[string][]string{
			"sharedvalues":  {"--shared-values"},
			"nosharednames": {"--no-shared-names"},
			"noheader":      {"--no-header"},
			"endmarker":     {"--end-marker"},
		} {
			want, err := os.ReadFile(goldenFile(t, "api-response."+cfg+".smile"))
			require.NoError(t, err)
			r := runCmd(t, bin, jsonText, append([]string{"fromjson"}, flags...)...)
			require.Equal(t, 0, r.code, r.stderr)
			require.Equal(t, string(want), r.stdout, cfg)
		}
	})
	t.Run("tojson", func(t *testing.T) {
		r := runCmd(t, bin, jackson, "tojson")
		require.Equal(t, 0, r.code, r.stderr)
		require.Contains(t, r.stdout, `"login":"alice"`)
		r = runCmd(t, bin, jackson, "tojson", "--pretty")
		require.Contains(t, r.stdout, "\n  \"status\": \"ok\",\n")
		noHeader, err := os.ReadFile(goldenFile(t, "api-response.noheader.smile"))
		require.NoError(t, err)
		r = runCmd(t, bin, noHeader, "tojson")
		require.Equal(t, 1, r.code)
		require.Contains(t, r.stderr, "header")
		r = runCmd(t, bin, noHeader, "tojson", "--require-header=false")
		require.Equal(t, 0, r.code, r.stderr)
	})
	t.Run("dump", func(t *testing.T) {
		r := runCmd(t, bin, jackson, "dump")
		require.Equal(t, 0, r.code, r.stderr)
		lines := strings.Split(r.stdout, "\n")
		require.Equal(t, "00000000  3a 29 0a 01                            header: version 0, shared names", lines[0])
		require.Equal(t, "00000004  fa                                     {", lines[1])
		require.Contains(t, lines[2], `key "status"  (shared name #0)`)
		// A later back-reference names the string it resolves to.
		require.Contains(t, r.stdout, `key "id"  <- shared name #5`)
	})
	t.Run("validate", func(t *testing.T) {
		r := runCmd(t, bin, jackson, "validate")
		require.Equal(t, 0, r.code, r.stderr)
		require.Contains(t, r.stdout, "valid Smile: 1 root value(s)")
		r = runCmd(t, bin, jackson[:len(jackson)-3], "validate")
		require.Equal(t, 1, r.code)
		require.Contains(t, r.stderr, "offset")
		r = runCmd(t, bin, []byte(`{"a":1}`), "validate")
		require.Equal(t, 1, r.code)
		require.Contains(t, r.stderr, "JSON")
	})
	t.Run("bad input and usage", func(t *testing.T) {
		r := runCmd(t, bin, []byte(`{"a":`), "fromjson")
		require.Equal(t, 1, r.code)
		require.NotContains(t, r.stderr, "goroutine") // never a stack trace
		r = runCmd(t, bin, nil, "frobnicate")
		require.Equal(t, 2, r.code)
		require.Contains(t, r.stderr, "unknown command")
		r = runCmd(t, bin, nil, "fromjson", "--no-header", "--shared-values")
		require.Equal(t, 2, r.code)
		require.Contains(t, r.stderr, "inconsistent")
		r = runCmd(t, bin, nil, "tojson", "/does/not/exist")
		require.Equal(t, 1, r.code)
		r = runCmd(t, bin, nil, "help")
		require.Equal(t, 0, r.code)
		require.Contains(t, r.stdout, "dump")
		r = runCmd(t, bin, nil, "dump", "-h")
		require.Equal(t, 0, r.code)
		require.Contains(t, r.stderr, "usage: smile dump")
	})
}
