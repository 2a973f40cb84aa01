package main

import (
	"bytes"
	"io"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/go-smile/smile"
	"github.com/go-smile/smile/compat"
)

// TestDeeperThanMaxDepthLimit: the commands and compat's transcoders read
// tokens in a loop, so they take a --max-depth (and a
// ToJSONOptions.Dec.MaxDepth) above smile.MaxDepthLimit, which bounds
// only decoding into Go values, and read documents two million levels
// deep without recursing.
func TestDeeperThanMaxDepthLimit(t *testing.T) {
	if testing.Short() {
		t.Skip("converts a document 2,000,000 levels deep four times; run without -short")
	}
	const depth = 2_000_000
	js := []byte(strings.Repeat("[", depth) + strings.Repeat("]", depth))
	data, err := compat.FromJSONBytes(js, compat.FromJSONOptions{MaxDepth: depth})
	require.NoError(t, err)

	back, err := compat.ToJSONBytes(data, compat.ToJSONOptions{Dec: smile.DecOptions{MaxDepth: depth}})
	require.NoError(t, err)
	require.Equal(t, append(js, '\n'), back, "JSON text, then a newline")
	_, err = compat.ToJSONBytes(data, compat.ToJSONOptions{Dec: smile.DecOptions{MaxDepth: depth - 1}})
	require.ErrorContains(t, err, "MaxDepth exceeded")

	flag := "--max-depth=" + strconv.Itoa(depth)
	for _, args := range [][]string{{"validate", "-q", flag}, {"tojson", flag}, {"dump", flag}} {
		var stderr bytes.Buffer
		code := run(args, bytes.NewReader(data), io.Discard, &stderr)
		require.Equal(t, 0, code, "%v: %s", args, stderr.String())
	}
	code, msg := runIn(t, data, "validate", "--max-depth="+strconv.Itoa(depth-1))
	require.Equal(t, 1, code)
	require.Contains(t, msg, "--max-depth")
}
