package stream_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/go-smile/smile/stream"
)

// TestWriterMisuse checks that a token where it is not allowed gives a
// *WriterError saying what was expected, and writes nothing.
func TestWriterMisuse(t *testing.T) {
	cases := []struct {
		name   string
		before []op
		bad    op
		msg    string // part of the message
	}{
		{"key at root", nil, key("a"), "cannot write a key, expecting a value at the root level"},
		{"key at root after a value", []op{num(1)}, key("a"), "cannot write a key, expecting a value at the root level"},
		{"key in array", []op{startArr}, key("a"), "cannot write a key, expecting a value or the end of the array"},
		{"two keys in a row", []op{startObj, key("a")}, key("b"), "cannot write a key, expecting a value for the last key"},
		{"bytes key in a row", []op{startObj, key("a")}, func(w *stream.Writer) error { return w.WriteKeyBytes([]byte("b")) }, "expecting a value for the last key"},
		{"value where key due", []op{startObj}, num(1), "cannot write an integer, expecting a key or the end of the object"},
		{"string where key due", []op{startObj, key("a"), num(1)}, str("x"), "cannot write a string, expecting a key"},
		{"null where key due", []op{startObj}, null, "cannot write null, expecting a key"},
		{"bool where key due", []op{startObj}, boolean(true), "cannot write true, expecting a key"},
		{"float32 where key due", []op{startObj}, f32(1), "cannot write a float32, expecting a key"},
		{"float64 where key due", []op{startObj}, f64(1), "cannot write a float64, expecting a key"},
		{"big where key due", []op{startObj}, bigint("1"), "cannot write a BigInteger, expecting a key"},
		{"uint big where key due", []op{startObj}, unum(1 << 63), "cannot write a BigInteger, expecting a key"},
		{"decimal where key due", []op{startObj}, bigdec("1", 1), "cannot write a BigDecimal, expecting a key"},
		{"binary where key due", []op{startObj}, bin([]byte{1}), "cannot write a binary value, expecting a key"},
		{"binary stream where key due", []op{startObj},
			func(w *stream.Writer) error { return w.WriteBinaryFrom(strings.NewReader("x"), 1) }, "cannot write a binary value, expecting a key"},
		{"object where key due", []op{startObj}, startObj, "cannot start an object, expecting a key"},
		{"array where key due", []op{startObj}, startArr, "cannot start an array, expecting a key"},
		{"end object in array", []op{startArr}, endObj, "cannot end an object, expecting a value or the end of the array"},
		{"end array in object", []op{startObj}, endArr, "cannot end an array, expecting a key or the end of the object"},
		{"end object after key", []op{startObj, key("a")}, endObj, "cannot end an object, expecting a value for the last key"},
		{"end object at root", nil, endObj, "cannot end an object: no array or object is open"},
		{"end array at root", []op{num(1)}, endArr, "cannot end an array: no array or object is open"},
		{"end array after end", []op{startArr, endArr}, endArr, "no array or object is open"},
		{"end document in array", []op{startArr}, endDoc, "cannot end the document: 1 array or object is still open"},
		{"end document after key", []op{startObj, key("x"), startArr, endArr, key("y"), startObj, key("a")}, endDoc, "2 arrays or objects are still open"},
		{"invalid UTF-8 string", []op{startArr}, str("a\xffb"), "not valid UTF-8"},
		{"invalid UTF-8 string at root", nil, str("\xc3"), "not valid UTF-8"},
		{"invalid UTF-8 long string", []op{startArr}, str(strings.Repeat("a", 100) + "\xed\xa0\x80"), "not valid UTF-8"},
		{"invalid UTF-8 string bytes", []op{startArr}, func(w *stream.Writer) error { return w.WriteStringBytes([]byte{0xC0, 0x80}) }, "not valid UTF-8"},
		{"invalid UTF-8 key", []op{startObj}, key("\xff"), "not valid UTF-8"},
		{"invalid UTF-8 key bytes", []op{startObj}, func(w *stream.Writer) error { return w.WriteKeyBytes([]byte("ab\x80")) }, "not valid UTF-8"},
		{"invalid UTF-8 string where key due", []op{startObj}, str("\xff"), "cannot write a string, expecting a key"},
		{"binary stream of negative length", nil, func(w *stream.Writer) error { return w.WriteBinaryFrom(strings.NewReader(""), -1) }, "negative length"},
		{"binary stream too long", nil, func(w *stream.Writer) error { return w.WriteBinaryFrom(strings.NewReader(""), 1<<31) }, "limit is 2147483647"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for _, opts := range []stream.WriterOptions{defaults, sharedValues} {
				w, err := stream.NewWriter(opts)
				require.NoError(t, err)
				for _, o := range c.before {
					require.NoError(t, o(w))
				}
				before, depth := string(w.Bytes()), w.Depth()
				err = c.bad(w)
				var we *stream.WriterError
				require.True(t, errors.As(err, &we), "want a *WriterError, got %v", err)
				require.Contains(t, err.Error(), c.msg)
				require.True(t, strings.HasPrefix(err.Error(), "smile: "), err.Error())
				require.Equal(t, before, string(w.Bytes()), "a refused token wrote bytes")
				require.Equal(t, depth, w.Depth())
			}
		})
	}
}

// TestWriterMisuseKeepsState checks that the Writer carries on normally
// after a refused token.
func TestWriterMisuseKeepsState(t *testing.T) {
	w, err := stream.NewWriter(noHeader)
	require.NoError(t, err)
	require.Error(t, w.WriteKey("a")) // at root, before the header would be written
	require.NoError(t, w.WriteStartObject())
	require.Error(t, w.WriteInt(1))
	require.Error(t, w.WriteKey("\xff"))
	require.NoError(t, w.WriteKey("a"))
	require.Error(t, w.WriteString("\xff"))
	require.Error(t, w.WriteEndObject())
	require.NoError(t, w.WriteInt(1))
	require.NoError(t, w.WriteEndObject())
	require.NoError(t, w.EndDocument())
	requireBytes(t, hx("FA 80 61 C2 FB"), w.Bytes())

	// A refused token at the very start does not write the header.
	w, err = stream.NewWriter(defaults)
	require.NoError(t, err)
	require.Error(t, w.WriteEndArray())
	require.Error(t, w.WriteString("\xff"))
	require.Empty(t, w.Bytes())
}

// TestWriterOptionRefusal checks the combinations Jackson's factory refuses.
func TestWriterOptionRefusal(t *testing.T) {
	for _, opts := range []stream.WriterOptions{
		{OmitHeader: true, SharedValues: true},
		{OmitHeader: true, RawBinary: true},
		{OmitHeader: true, SharedValues: true, RawBinary: true},
	} {
		w, err := stream.NewWriter(opts)
		require.Error(t, err, "%+v", opts)
		require.Nil(t, w)
		require.Contains(t, err.Error(), "OmitHeader")
		w, err = stream.NewWriterTo(&strings.Builder{}, opts)
		require.Error(t, err)
		require.Nil(t, w)
	}
	for _, opts := range []stream.WriterOptions{
		{OmitHeader: true},
		{OmitHeader: true, DisableSharedNames: true, EndMarker: true, LegacyFloat32SignBits: true},
		{SharedValues: true, RawBinary: true},
	} {
		_, err := stream.NewWriter(opts)
		require.NoError(t, err, "%+v", opts)
	}
}

// TestWriterReset checks that Reset forgets the tables, the nesting and
// the document position, keeps the options and appends to dst.
func TestWriterReset(t *testing.T) {
	w, err := stream.NewWriter(stream.WriterOptions{SharedValues: true, EndMarker: true})
	require.NoError(t, err)
	doc := []op{startObj, key("k"), str("v"), key("k"), str("v"), endObj}
	for _, o := range doc {
		require.NoError(t, o(w))
	}
	require.NoError(t, w.EndDocument())
	first := string(w.Bytes())
	requireBytes(t, hx("3A 29 0A 03 FA 80 6B 40 76 40 01 FB FF"), []byte(first))

	// Reset in the middle of a document with open containers and full tables.
	require.NoError(t, w.WriteStartArray())
	require.NoError(t, w.WriteStartObject())
	require.NoError(t, w.WriteKey("k"))
	dst := []byte("prefix")
	w.Reset(dst)
	require.Zero(t, w.Depth())
	for _, o := range doc {
		require.NoError(t, o(w))
	}
	require.NoError(t, w.EndDocument())
	require.Equal(t, "prefix"+first, string(w.Bytes()))

	w.Reset(nil)
	require.Empty(t, w.Bytes())
	require.NoError(t, w.EndDocument())
	requireBytes(t, hx("3A 29 0A 03 FF"), w.Bytes())
}

// TestWriterDepth follows Depth through nested containers.
func TestWriterDepth(t *testing.T) {
	w, err := stream.NewWriter(noHeader)
	require.NoError(t, err)
	const n = 200 // past several words of the nesting bit stack
	for i := range n {
		if i%3 == 0 {
			require.NoError(t, w.WriteStartArray())
		} else {
			require.NoError(t, w.WriteStartObject())
			require.NoError(t, w.WriteKey("k"))
		}
		require.Equal(t, i+1, w.Depth())
	}
	require.NoError(t, w.WriteNull())
	for i := n - 1; i >= 0; i-- {
		if i%3 == 0 {
			require.Error(t, w.WriteEndObject())
			require.NoError(t, w.WriteEndArray())
		} else {
			require.Error(t, w.WriteEndArray())
			require.NoError(t, w.WriteEndObject())
		}
		require.Equal(t, i, w.Depth())
	}
	require.NoError(t, w.EndDocument())
}

// TestWriterFlush checks NewWriterTo and Flush.
func TestWriterFlush(t *testing.T) {
	var out strings.Builder
	w, err := stream.NewWriterTo(&out, defaults)
	require.NoError(t, err)
	require.NoError(t, w.WriteStartArray())
	require.NoError(t, w.WriteInt(1))
	require.NoError(t, w.Flush())
	require.Empty(t, w.Bytes())
	require.NoError(t, w.WriteEndArray())
	require.NoError(t, w.EndDocument())
	require.NoError(t, w.Flush())
	require.NoError(t, w.Flush()) // nothing left
	requireBytes(t, hx("3A 29 0A 01 F8 C2 F9"), []byte(out.String()))

	// Without an io.Writer, Flush keeps the bytes.
	w, err = stream.NewWriter(noHeader)
	require.NoError(t, err)
	require.NoError(t, w.WriteNull())
	require.NoError(t, w.Flush())
	requireBytes(t, hx("21"), w.Bytes())

	// A failing io.Writer keeps what it did not take.
	fw := &failingWriter{limit: 2}
	w, err = stream.NewWriterTo(fw, defaults)
	require.NoError(t, err)
	require.NoError(t, w.WriteNull())
	require.ErrorIs(t, w.Flush(), errFull)
	requireBytes(t, hx("0A 01 21"), w.Bytes())
}

var errFull = errors.New("full")

// failingWriter takes limit bytes, then fails.
type failingWriter struct {
	got   []byte
	limit int
}

func (f *failingWriter) Write(p []byte) (int, error) {
	n := min(len(p), f.limit-len(f.got))
	f.got = append(f.got, p[:n]...)
	if n < len(p) {
		return n, errFull
	}
	return n, nil
}

// countingWriter counts the bytes written to it and the calls, keeping
// what it is given when keep is set.
type countingWriter struct {
	n, calls int
	keep     bool
	got      []byte
}

func (c *countingWriter) Write(p []byte) (int, error) {
	c.n += len(p)
	c.calls++
	if c.keep {
		c.got = append(c.got, p...)
	}
	return len(p), nil
}

// TestWriterAutoFlush checks that a Writer made by NewWriterTo writes its
// buffer out by itself, so that its buffer stays small however much is
// written, and that the output is the same as an in-memory Writer's, for
// records made of every token kind, shared names and values included.
func TestWriterAutoFlush(t *testing.T) {
	opts := stream.WriterOptions{SharedValues: true, EndMarker: true}
	mem, err := stream.NewWriter(opts)
	require.NoError(t, err)
	out := &countingWriter{keep: true}
	w, err := stream.NewWriterTo(out, opts)
	require.NoError(t, err)
	ss := statuses(20000) // about 5 MB
	require.NoError(t, writeStatuses(mem, ss))
	require.NoError(t, mem.EndDocument())
	require.NoError(t, writeStatuses(w, ss))
	require.NoError(t, w.EndDocument())
	// The buffer's capacity only grows: at the end it is the largest.
	maxCap := cap(w.Bytes())
	require.NoError(t, w.Flush())
	require.Greater(t, len(mem.Bytes()), 4<<20)
	requireBytes(t, mem.Bytes(), out.got)
	// Each automatic write takes at least 32 KiB; the buffer never grows
	// past twice that (no record is longer than a few hundred bytes).
	require.LessOrEqual(t, maxCap, 64<<10)
	require.Greater(t, out.calls, len(mem.Bytes())/(64<<10))
	require.LessOrEqual(t, out.calls, len(mem.Bytes())/(32<<10)+1)
}

// TestWriterAutoFlushError checks that a failed automatic write is
// returned by Flush, and that the Writer then drops what it writes
// instead of buffering it.
func TestWriterAutoFlushError(t *testing.T) {
	fw := &failingWriter{limit: 1000}
	w, err := stream.NewWriterTo(fw, defaults)
	require.NoError(t, err)
	require.NoError(t, w.WriteStartArray())
	for range 200000 {
		require.NoError(t, w.WriteString("a string of some length to fill the buffer"))
		require.LessOrEqual(t, cap(w.Bytes()), 64<<10)
	}
	require.NoError(t, w.WriteEndArray())
	require.ErrorIs(t, w.Flush(), errFull)
	require.ErrorIs(t, w.Flush(), errFull)
	require.Len(t, fw.got, 1000)
}
