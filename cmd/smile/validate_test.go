package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/go-smile/smile"
	"github.com/go-smile/smile/internal/golden"
)

// validateExit runs "smile validate -q" in-process on in and returns its
// exit code and standard error.
func validateExit(in []byte, args ...string) (int, string) {
	var stdout, stderr bytes.Buffer
	code := run(append([]string{"validate", "-q"}, args...), bytes.NewReader(in), &stdout, &stderr)
	return code, stderr.String()
}

// jsonValues returns the number of JSON values in the golden JSON file
// that the golden Smile file at path was made from.
func jsonValues(t *testing.T, path string) int {
	t.Helper()
	base, _, _ := strings.Cut(filepath.Base(path), ".")
	matches, err := filepath.Glob(filepath.Join(filepath.Dir(path), base+".json*"))
	require.NoError(t, err)
	require.Len(t, matches, 1, path)
	text, err := golden.ReadFile(matches[0])
	require.NoError(t, err)
	dec := json.NewDecoder(bytes.NewReader(text))
	n := 0
	for {
		var v json.RawMessage
		if err := dec.Decode(&v); err == io.EOF {
			return n
		} else {
			require.NoError(t, err, matches[0])
		}
		n++
	}
}

// TestValidateAgreesWithValid checks that on input holding at most one
// root value validate says what smile.Valid says, with the header required
// and with it optional: Jackson's golden documents (valid), the hostile
// inputs (invalid), and the inputs with no value. Jackson's golden files
// made from several JSON values must be accepted by validate, with that
// number of root values, and refused by smile.Valid.
func TestValidateAgreesWithValid(t *testing.T) {
	inputs := hostileSmile(t)
	dir, err := golden.Dir("json")
	require.NoError(t, err)
	paths, err := filepath.Glob(filepath.Join(dir, "*.smile*"))
	require.NoError(t, err)
	require.NotEmpty(t, paths)
	several := 0
	for _, p := range paths {
		data, err := golden.ReadFile(p)
		require.NoError(t, err)
		if n := jsonValues(t, p); n > 1 {
			several++
			args := []string{"validate"}
			if strings.Contains(p, ".noheader.") {
				args = append(args, "--require-header=false")
			}
			var stdout, stderr bytes.Buffer
			require.Equal(t, 0, run(args, bytes.NewReader(data), &stdout, &stderr), "%s: %s", p, stderr.String())
			require.Contains(t, stdout.String(), fmt.Sprintf("valid Smile: %d root value(s)", n), p)
			lenient, err := smile.DecOptions{HeaderOptional: true}.DecMode()
			require.NoError(t, err)
			require.False(t, lenient.Valid(data), p)
			continue
		}
		inputs[filepath.Base(p)] = data
	}
	require.Positive(t, several, "no golden file with several values")
	hdr := unhex(t, "3A290A01")
	for name, in := range map[string][]byte{
		"empty":                       nil,
		"header alone":                hdr,
		"two headers":                 append(append([]byte{}, hdr...), hdr...),
		"header and end marker":       append(append([]byte{}, hdr...), 0xFF),
		"end markers alone":           {0xFF, 0xFF},
		"a value, then a header":      append(unhex(t, "3A290A01 C2"), hdr...),
		"a value, then end markers":   unhex(t, "3A290A01 C2 FF FF"),
		"header of raw binary, value": unhex(t, "3A290A05 FD 82 01 02"),
	} {
		inputs[name] = in
	}
	valid := 0
	for name, in := range inputs {
		for _, requireHeader := range []bool{true, false} {
			mode, err := smile.DecOptions{HeaderOptional: !requireHeader}.DecMode()
			require.NoError(t, err)
			want := mode.Valid(in)
			code, stderr := validateExit(in, "--require-header="+map[bool]string{true: "true", false: "false"}[requireHeader])
			if want {
				valid++
				require.Equal(t, 0, code, "%s (require header %v): smile.Valid accepts it, validate says %s", name, requireHeader, stderr)
			} else {
				require.Equal(t, 1, code, "%s (require header %v): smile.Valid refuses it, validate accepts it", name, requireHeader)
				require.Contains(t, stderr, "offset", name)
			}
		}
	}
	// The golden documents, read with and without the header required
	// (but for the headerless ones), and the three valid inputs above.
	require.Greater(t, valid, len(paths), "too few valid inputs: the comparison proves little")
}

// TestValidateSeveralDocuments checks what validate accepts beyond
// smile.Valid: several root values, in one document or in several.
func TestValidateSeveralDocuments(t *testing.T) {
	for name, in := range map[string][]byte{
		"two values in one document":    unhex(t, "3A290A01 C2 C4"),
		"two documents with end marker": unhex(t, "3A290A01 C2 FF 3A290A01 F8F9 FF"),
		"two documents":                 unhex(t, "3A290A01 FA 80 61 C2 FB 3A290A00 FA 80 61 C4 FB"),
	} {
		require.False(t, smile.Valid(in), name)
		var stdout, stderr bytes.Buffer
		code := run([]string{"validate"}, bytes.NewReader(in), &stdout, &stderr)
		require.Equal(t, 0, code, "%s: %s", name, stderr.String())
		require.Contains(t, stdout.String(), "valid Smile: 2 root value(s)", name)
	}
	// The name table of the first document is gone in the second, unless
	// --keep-names-across-headers.
	in := unhex(t, "3A290A01 FA 80 61 C2 FB 3A290A01 FA 40 C4 FB")
	code, stderr := validateExit(in)
	require.Equal(t, 1, code)
	require.Contains(t, stderr, "offset 14", stderr)
	code, stderr = validateExit(in, "--keep-names-across-headers")
	require.Equal(t, 0, code, stderr)
}

// TestValidateNoValue checks the message for input with no value.
func TestValidateNoValue(t *testing.T) {
	code, stderr := validateExit(nil)
	require.Equal(t, 1, code)
	require.Contains(t, stderr, "no value (the input is empty")
	require.Contains(t, stderr, "at offset 0")
	code, stderr = validateExit(unhex(t, "3A290A01 FF"))
	require.Equal(t, 1, code)
	require.Contains(t, stderr, "no value (the input holds only headers and end markers")
	require.Contains(t, stderr, "at offset 5")
}

// TestHelpSaysWhatValidateAccepts checks that both helps tell what
// validate accepts, and that the per-command help lists every flag the
// text names.
func TestHelpSaysWhatValidateAccepts(t *testing.T) {
	var out, errOut bytes.Buffer
	require.Equal(t, 0, run([]string{"help"}, nil, &out, &errOut))
	require.Contains(t, out.String(), "one or more root values")
	out.Reset()
	require.Equal(t, 0, run([]string{"help", "validate"}, nil, &out, &errOut))
	help := out.String()
	for _, s := range []string{"one or more root values", "header", "Empty input", "smile.Valid"} {
		require.Contains(t, help, s)
	}
	for _, f := range strings.Fields(validateDoc) {
		f = strings.Trim(f, ".,;()")
		if name, ok := strings.CutPrefix(f, "--"); ok {
			name, _, _ = strings.Cut(name, "=")
			require.Contains(t, help, "  -"+name+"\n", "the text names --%s, which is not a flag", name)
		}
	}
}
