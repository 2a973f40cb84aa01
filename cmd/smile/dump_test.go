package main

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"testing/iotest"
	"unicode/utf8"

	"github.com/stretchr/testify/require"

	"github.com/go-smile/smile/compat"
	"github.com/go-smile/smile/internal/golden"
	"github.com/go-smile/smile/stream"
)

// runDump dumps data in-process to out, as the command does.
func runDump(t testing.TB, data []byte, out io.Writer) error {
	t.Helper()
	return dumpFrom(t, bytes.NewReader(data), out)
}

// dumpFrom dumps what src delivers to out, as the command does.
func dumpFrom(t testing.TB, src io.Reader, out io.Writer) error {
	t.Helper()
	win := newInputWindow(src)
	r, err := stream.NewReaderFrom(win, stream.ReaderOptions{})
	require.NoError(t, err)
	w := bufio.NewWriterSize(out, 64<<10)
	err = dump(w, r, win)
	if ferr := w.Flush(); err == nil {
		err = ferr
	}
	return err
}

func corpusSmile(t testing.TB, name string) []byte {
	t.Helper()
	dir, err := golden.Dir("corpus")
	require.NoError(t, err)
	data, err := golden.ReadFile(filepath.Join(dir, name+".default.smile.gz"))
	require.NoError(t, err)
	return data
}

func BenchmarkDumpTwitter(b *testing.B) {
	data := corpusSmile(b, "twitter")
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if err := runDump(b, data, io.Discard); err != nil {
			b.Fatal(err)
		}
	}
}

// TestAppendQuote checks appendQuote against strconv.Quote on every rune,
// every single byte, and random byte strings rich in the bytes that need
// an escape.
func TestAppendQuote(t *testing.T) {
	check := func(s []byte) {
		t.Helper()
		want := strconv.Quote(string(s))
		if got := string(appendQuote([]byte("prefix"), s)); got != "prefix"+want {
			t.Fatalf("appendQuote(%x) = %s, want %s", s, got[len("prefix"):], want)
		}
	}
	for r := rune(0); r <= utf8.MaxRune; r++ {
		check(utf8.AppendRune([]byte("a"), r))
	}
	for c := range 256 {
		check([]byte{byte(c)})
	}
	alphabet := []byte("a\"\\\n\x00\x7f\x80\xbf\xc3\xa9\xe2\x80\xa8\xed\xa0\x80\xef\xbb\xbf\xf0\x9f\x98\x80\xf4\x90\x80\x80\xff")
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		s := make([]byte, rng.IntN(40))
		for i := range s {
			s[i] = alphabet[rng.IntN(len(alphabet))]
		}
		check(s)
	}
}

// TestQuoteShort checks where the dump cuts a long string: after
// maxDumpText characters as utf8.RuneCount counts them, each invalid byte
// shown as U+FFFD, with the whole length in bytes after it.
func TestQuoteShort(t *testing.T) {
	var d dumper
	exact := strings.Repeat("é", maxDumpText)
	require.Equal(t, strconv.Quote(exact), string(d.appendQuoteShort(nil, []byte(exact))))
	long := exact + "x"
	require.Equal(t, strconv.Quote(exact)+fmt.Sprintf("… (%d bytes)", len(long)), string(d.appendQuoteShort(nil, []byte(long))))
	invalid := strings.Repeat("\xff", maxDumpText+1)
	require.Equal(t, strconv.Quote(strings.Repeat("\uFFFD", maxDumpText))+fmt.Sprintf("… (%d bytes)", maxDumpText+1), string(d.appendQuoteShort(nil, []byte(invalid))))
	require.Equal(t, `"\xff"`, string(d.appendQuoteShort(nil, []byte("\xff"))))
}

// checkDumpLines checks the dump of data against data itself: the lines'
// offsets start at 0 and increase, each line's raw bytes are the input's
// bytes at its offset (the first maxDumpBytes of them, then " …" when the
// token or header run is longer, its length being the distance to the next
// line's offset), and the last line ends the input. It returns the number
// of lines.
func checkDumpLines(t *testing.T, data []byte, out string) int {
	t.Helper()
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	type line struct {
		off  int
		raw  []byte
		more bool
	}
	parsed := make([]line, len(lines))
	for i, l := range lines {
		offText, rest, ok := strings.Cut(l, "  ")
		require.True(t, ok, "line %d: %q", i, l)
		off, err := strconv.ParseInt(offText, 16, 64)
		require.NoError(t, err, "line %d: %q", i, l)
		require.GreaterOrEqual(t, len(offText), 8, "line %d: %q", i, l)
		require.Greater(t, utf8.RuneCountInString(rest), dumpHexWidth, "line %d: %q", i, l)
		col := string([]rune(rest)[:dumpHexWidth])
		hexText, more := strings.CutSuffix(strings.TrimRight(col, " "), " …")
		raw, err := hex.DecodeString(strings.ReplaceAll(hexText, " ", ""))
		require.NoError(t, err, "line %d: %q", i, l)
		parsed[i] = line{int(off), raw, more}
	}
	require.Equal(t, 0, parsed[0].off)
	for i, l := range parsed {
		end := len(data)
		if i+1 < len(parsed) {
			end = parsed[i+1].off
		}
		require.Greater(t, end, l.off, "line %d: offsets do not increase", i)
		n := end - l.off
		require.Equal(t, data[l.off:l.off+min(n, maxDumpBytes)], l.raw, "line %d (offset %#x): raw bytes", i, l.off)
		require.Equal(t, n > maxDumpBytes, l.more, "line %d (offset %#x): %d bytes, \"…\" shown: %v", i, l.off, n, l.more)
	}
	return len(parsed)
}

// bigTokens is valid Smile whose tokens and header runs are far longer
// than the dump's window: long strings, keys and binary values, and a run
// of 40000 headers, so that the dump must keep their first bytes while
// the stream Reader reads the rest.
func bigTokens(t *testing.T) []byte {
	t.Helper()
	w, err := stream.NewWriter(stream.WriterOptions{})
	require.NoError(t, err)
	long := strings.Repeat("0123456789abcdef", 20000) // 320 KB
	payload := bytes.Repeat([]byte{0xA5, 0x01}, 100000)
	require.NoError(t, w.WriteStartArray())
	require.NoError(t, w.WriteString(long))
	require.NoError(t, w.WriteBinary(payload)) // 7-bit
	require.NoError(t, w.WriteStartObject())
	require.NoError(t, w.WriteKey(long[:150000]))
	require.NoError(t, w.WriteString("é"+long[:1000]))
	require.NoError(t, w.WriteKey("k"))
	require.NoError(t, w.WriteInt(1))
	require.NoError(t, w.WriteEndObject())
	require.NoError(t, w.WriteEndArray())
	data := append([]byte{}, w.Bytes()...)
	data = append(data, bytes.Repeat(unhex(t, "3A290A01"), 40000)...)
	data = append(data, 0xE0)
	data = append(data, long...)
	data = append(data, 0xFC)
	// A raw binary value after a run of headers, the last one allowing it.
	data = append(data, bytes.Repeat(unhex(t, "3A290A00"), 10000)...)
	data = append(data, unhex(t, "3A290A05 FD")...)
	data = append(data, vint(uint64(len(payload)))...)
	data = append(data, payload...)
	data = append(data, 0xFF)
	data = append(data, unhex(t, "3A290A01 C2 3A290A01 3A290A01")...) // headers at the end
	return data
}

// chunkReader returns the bytes of data in reads of random sizes, from 1
// byte to about twice the dump's window.
type chunkReader struct {
	data []byte
	rng  *rand.Rand
}

func (c *chunkReader) Read(p []byte) (int, error) {
	if len(c.data) == 0 {
		return 0, io.EOF
	}
	n := 1 + c.rng.IntN(2*windowSize)
	if c.rng.IntN(2) == 0 {
		n = 1 + c.rng.IntN(16)
	}
	n = copy(p[:min(n, len(p))], c.data)
	c.data = c.data[n:]
	return n, nil
}

// TestDumpShowsInputBytes checks every dump line against the input, for
// Jackson's twitter corpus and for tokens longer than the dump's window,
// read in one piece, a byte at a time and in random pieces; the output
// must not depend on how the input arrives.
func TestDumpShowsInputBytes(t *testing.T) {
	for name, data := range map[string][]byte{
		"twitter":    corpusSmile(t, "twitter"),
		"big tokens": bigTokens(t),
	} {
		var want bytes.Buffer
		require.NoError(t, runDump(t, data, &want))
		lines := checkDumpLines(t, data, want.String())
		t.Logf("%s: %d bytes, %d lines", name, len(data), lines)
		for reader, src := range map[string]io.Reader{
			"one byte at a time": iotest.OneByteReader(bytes.NewReader(data)),
			"random pieces":      &chunkReader{data, rand.New(rand.NewPCG(3, 4))},
			"data with io.EOF":   iotest.DataErrReader(bytes.NewReader(data)),
		} {
			var got bytes.Buffer
			require.NoError(t, dumpFrom(t, src, &got), "%s, %s", name, reader)
			require.Equal(t, want.String(), got.String(), "%s, %s", name, reader)
		}
	}
}

// twitterStatuses returns Smile for a root array holding the statuses of
// Jackson's twitter corpus copies times over.
func twitterStatuses(t *testing.T, copies int) []byte {
	t.Helper()
	dir, err := golden.Dir("corpus")
	require.NoError(t, err)
	text, err := golden.ReadFile(filepath.Join(dir, "twitter.json.gz"))
	require.NoError(t, err)
	var doc struct{ Statuses []json.RawMessage }
	require.NoError(t, json.Unmarshal(text, &doc))
	require.NotEmpty(t, doc.Statuses)
	var all []json.RawMessage
	for range copies {
		all = append(all, doc.Statuses...)
	}
	array, err := json.Marshal(all)
	require.NoError(t, err)
	var out bytes.Buffer
	require.NoError(t, compat.FromJSON(&out, bytes.NewReader(array), compat.FromJSONOptions{}))
	return out.Bytes()
}

// TestDumpMemoryFlat checks that what dump allocates does not grow with
// its input: the bytes allocated to dump 8 copies of the twitter statuses
// are those for 1 copy, give or take a quarter of one copy's size (holding
// the input, or its output, would cost 7 copies more).
func TestDumpMemoryFlat(t *testing.T) {
	allocated := func(data []byte) uint64 {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		require.NoError(t, runDump(t, data, io.Discard))
		runtime.ReadMemStats(&after)
		return after.TotalAlloc - before.TotalAlloc
	}
	one, eight := twitterStatuses(t, 1), twitterStatuses(t, 8)
	a1, a8 := allocated(one), allocated(eight)
	t.Logf("input %d bytes: %d allocated; input %d bytes: %d allocated", len(one), a1, len(eight), a8)
	require.Less(t, a8, a1+uint64(len(one)/4), "dump allocated %d bytes for %d bytes of input, %d for %d", a8, len(eight), a1, len(one))
}

// cappedBuffer keeps what is written to it, and fails a write that would
// take it past max bytes, so that a dump whose output is far too large
// fails at once instead of filling memory.
type cappedBuffer struct {
	bytes.Buffer
	max int
}

func (c *cappedBuffer) Write(p []byte) (int, error) {
	if c.Len()+len(p) > c.max {
		return 0, fmt.Errorf("the output passed %d bytes", c.max)
	}
	return c.Buffer.Write(p)
}

// TestDumpDeepNesting checks that the dump of deep input stays
// proportional to it: 30,000 nested arrays (60 KB, as deep as
// --max-depth=40000 admits) dump in under 200 bytes a token, where two
// spaces of indentation a level wrote 1.8 GB. Each line is the layout
// smile help dump describes: up to maxDumpIndent levels, two spaces a
// level (the lines of every shallower document are as before); deeper,
// maxDumpIndent levels of indentation and "(depth N) " before the meaning.
func TestDumpDeepNesting(t *testing.T) {
	const n = 30000
	in := append(unhex(t, "3A290A01"), bytes.Repeat([]byte{0xF8}, n)...)
	in = append(in, bytes.Repeat([]byte{0xF9}, n)...)
	tokens := 2 * n
	out := &cappedBuffer{max: 200 * tokens}
	var stderr bytes.Buffer
	code := run([]string{"dump", "--max-depth=40000"}, bytes.NewReader(in), out, &stderr)
	require.Equal(t, 0, code, "%s", stderr.String())
	t.Logf("%d bytes of input, %d tokens: %d bytes of dump", len(in), tokens, out.Len())

	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	require.Len(t, lines, 1+tokens)
	require.Equal(t, "00000000  3a 29 0a 01                            header: version 0, shared names", lines[0])
	for i, line := range lines[1:] {
		depth, raw, meaning := i, "f8", "["
		if i >= n { // the i-n'th end, innermost first
			depth, raw, meaning = tokens-1-i, "f9", "]"
		}
		want := fmt.Sprintf("%08x  %-38s %s", 4+i, raw, strings.Repeat("  ", min(depth, 64)))
		if depth > 64 {
			want += fmt.Sprintf("(depth %d) ", depth)
		}
		want += meaning
		if line != want {
			t.Fatalf("line %d (depth %d):\n got %q\nwant %q", 1+i, depth, line, want)
		}
	}
	require.Contains(t, out.String(), "(depth 29999) [\n")
	require.Equal(t, 64, maxDumpIndent, "smile help dump names 64 levels")
}
