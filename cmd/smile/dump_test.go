package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/require"

	"github.com/go-smile/smile/internal/golden"
	"github.com/go-smile/smile/stream"
)

// runDump dumps data in-process, as the command does, and returns the
// output.
func runDump(t testing.TB, data []byte, out io.Writer) error {
	t.Helper()
	win := newInputWindow(bytes.NewReader(data))
	r, err := stream.NewStreamReader(win, stream.ReaderOptions{})
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
