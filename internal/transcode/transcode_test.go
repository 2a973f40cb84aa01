package transcode

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"math/big"
	"strconv"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/go-smile/smile/stream"
	"github.com/stretchr/testify/require"
)

func newWriter(t *testing.T) *stream.Writer {
	t.Helper()
	w, err := stream.NewWriter(stream.WriterOptions{})
	require.NoError(t, err)
	return w
}

// TestWriteValueContinuesWriterState checks that WriteValue writes the
// same tokens as the equivalent Writer calls, as an object member's value
// and as an array element, and that shared names are shared with the
// tokens written around it.
func TestWriteValueContinuesWriterState(t *testing.T) {
	got := newWriter(t)
	require.NoError(t, got.WriteStartObject())
	require.NoError(t, got.WriteKey("a"))
	require.NoError(t, WriteValue(got, []byte(` {"a": [1, "x", null, true, 2.5, 12345678901234567890]} `), FromJSON{}))
	require.NoError(t, got.WriteKey("b"))
	require.NoError(t, WriteValue(got, []byte(`"a"`), FromJSON{}))
	require.NoError(t, got.WriteEndObject())
	require.NoError(t, got.EndDocument())

	want := newWriter(t)
	big, _ := new(big.Int).SetString("12345678901234567890", 10)
	for _, step := range []func() error{
		want.WriteStartObject, func() error { return want.WriteKey("a") },
		want.WriteStartObject, func() error { return want.WriteKey("a") },
		want.WriteStartArray, func() error { return want.WriteInt(1) }, func() error { return want.WriteString("x") },
		want.WriteNull, func() error { return want.WriteBool(true) }, func() error { return want.WriteFloat64(2.5) },
		func() error { return want.WriteBigInt(big) }, want.WriteEndArray, want.WriteEndObject,
		func() error { return want.WriteKey("b") }, func() error { return want.WriteString("a") },
		want.WriteEndObject, want.EndDocument,
	} {
		require.NoError(t, step())
	}
	require.Equal(t, want.Bytes(), got.Bytes())
}

func TestWriteValueErrors(t *testing.T) {
	for _, c := range []struct{ in, msg string }{
		{``, "no JSON value"},
		{`   `, "no JSON value"},
		{`1 2`, "offset 2: the JSON text continues after the value"},
		{`{} x`, "continues after the value"},
		{`[1,`, "ends inside a value"},
		{`[1,]`, "invalid JSON"},
		{`{"a" 1}`, "invalid JSON"},
		{strings.Repeat("[", 3) + strings.Repeat("]", 3), "MaxDepth exceeded at offset 2: input asks for 3, limit is 2"},
		{"[" + strings.Repeat("9", 11) + "]", "MaxNumberLen exceeded at offset 1: input asks for 11, limit is 10"},
		{"[-" + strings.Repeat("9", 20), "MaxNumberLen exceeded at offset 1"}, // before the end of the literal
		// A run too long for a number is refused for its length even where
		// it is no valid number, as a reader given one byte at a time
		// refuses it before it sees the fault (FuzzJSONRoundTrip's
		// b015c496a09dd1c2).
		{"[" + strings.Repeat("5", 11) + "C]", "MaxNumberLen exceeded at offset 1: input asks for 11, limit is 10"},
		{"[--" + strings.Repeat("5", 10) + "]", "MaxNumberLen exceeded at offset 1"},
		{"[" + strings.Repeat("5", 9) + "C]", "invalid number: a delimiter is due after it"},
	} {
		err := WriteValue(newWriter(t), []byte(c.in), FromJSON{MaxDepth: 2, MaxNumberLen: 10})
		require.ErrorContains(t, err, c.msg, "%q", c.in)
	}
	// The depth is a *stream.LimitError that names no option of its own:
	// the API layer that has one (compat.FromJSONOptions.MaxDepth) does.
	err := WriteValue(newWriter(t), []byte("[[[]]]"), FromJSON{MaxDepth: 2})
	require.EqualError(t, err, "smile: MaxDepth exceeded at offset 2: input asks for 3, limit is 2")
	var le *stream.LimitError
	require.ErrorAs(t, err, &le)
}

// smileOf writes a root array of the given JSON values with WriteValue.
func smileOf(t *testing.T, values ...string) []byte {
	t.Helper()
	w := newWriter(t)
	require.NoError(t, w.WriteStartArray())
	for _, v := range values {
		require.NoError(t, WriteValue(w, []byte(v), FromJSON{}))
	}
	require.NoError(t, w.WriteEndArray())
	require.NoError(t, w.EndDocument())
	return w.Bytes()
}

// TestAppendValueLeavesReaderAfterValue reads the elements of an array
// one by one with AppendValue, then the end of the array.
func TestAppendValueLeavesReaderAfterValue(t *testing.T) {
	values := []string{`{"a":[1,"x\n",null],"b":{}}`, `[]`, `"s"`, `-7`, `true`}
	r, err := stream.NewReader(smileOf(t, values...), stream.ReaderOptions{})
	require.NoError(t, err)
	tok, err := r.ReadToken()
	require.NoError(t, err)
	require.Equal(t, stream.KindStartArray, tok.Kind)
	dst := []byte("prefix:")
	for _, v := range values {
		dst, err = AppendValue(dst[:len("prefix:")], r, ToJSON{})
		require.NoError(t, err)
		require.Equal(t, "prefix:"+v, string(dst))
	}
	// The array ends where a value is due: an error, and dst unchanged.
	got, err := AppendValue(dst, r, ToJSON{})
	require.ErrorContains(t, err, "where a value is due")
	require.Equal(t, dst, got)
}

func TestAppendValueAtEndOfInput(t *testing.T) {
	r, err := stream.NewReader(nil, stream.ReaderOptions{HeaderOptional: true})
	require.NoError(t, err)
	_, err = AppendValue(nil, r, ToJSON{})
	require.True(t, errors.Is(err, io.ErrUnexpectedEOF), "%v", err)
}

// TestDeepNesting goes through the levels past the 64 bits kept in an
// integer: objects and arrays alternating 300 deep, to Smile and back to
// the same text, compact and indented.
func TestDeepNesting(t *testing.T) {
	const depth = 300
	var open strings.Builder
	closing := make([]byte, depth)
	for i := range depth {
		if i%3 == 0 {
			open.WriteString(`{"k":`)
			closing[depth-1-i] = '}'
		} else {
			open.WriteString(`[1,`)
			closing[depth-1-i] = ']'
		}
	}
	doc := open.String() + "null" + string(closing)
	w := newWriter(t)
	require.NoError(t, WriteValue(w, []byte(doc), FromJSON{}))
	require.NoError(t, w.EndDocument())
	r, err := stream.NewReader(w.Bytes(), stream.ReaderOptions{})
	require.NoError(t, err)
	got, err := AppendValue(nil, r, ToJSON{})
	require.NoError(t, err)
	require.Equal(t, doc, string(got))

	r.Reset(w.Bytes())
	pretty, err := AppendValue(nil, r, ToJSON{Indent: " "})
	require.NoError(t, err)
	require.Contains(t, string(pretty), "\n"+strings.Repeat(" ", depth)+"null\n"+strings.Repeat(" ", depth-1)+"]")
	var compact bytes.Buffer
	require.NoError(t, json.Compact(&compact, pretty))
	require.Equal(t, doc, compact.String())
}

// TestDefaultLimitsReadBackOurJSON: the JSON that AppendValue writes of
// the largest numbers a stream.Reader reads with its default limits
// (BigInteger and BigDecimal magnitudes of DefaultMaxBigNumberLen bytes,
// at the extreme scales) reads back with FromJSON's default limits.
func TestDefaultLimitsReadBackOurJSON(t *testing.T) {
	big := new(big.Int).Lsh(bigOne, 8*stream.DefaultMaxBigNumberLen-1) // 1000 bytes of two's complement as -2^7999
	big.Neg(big)
	w := newWriter(t)
	require.NoError(t, w.WriteStartArray())
	require.NoError(t, w.WriteBigInt(big))
	for _, scale := range []int32{math.MinInt32, math.MaxInt32, 0, 2409 + 6, 2409 + 7} {
		require.NoError(t, w.WriteBigDecimal(big, scale))
	}
	require.NoError(t, w.WriteEndArray())
	require.NoError(t, w.EndDocument())
	r, err := stream.NewReader(w.Bytes(), stream.ReaderOptions{})
	require.NoError(t, err)
	js, err := AppendValue(nil, r, ToJSON{})
	require.NoError(t, err, "the default Reader refuses the test's numbers")
	longest := 0
	for _, lit := range strings.Split(strings.Trim(string(js), "[]"), ",") {
		longest = max(longest, len(lit))
	}
	require.Greater(t, longest, 2409)
	require.LessOrEqual(t, longest, DefaultMaxNumberLen)
	for _, decimals := range []bool{false, true} {
		require.NoError(t, WriteValue(newWriter(t), js, FromJSON{DecimalsAsBigDecimal: decimals}), "decimals %v", decimals)
	}
}

var bigOne = new(big.Int).SetInt64(1)

// TestKeyTextsFollowTheTable: CopyToJSON keeps the text of each shared
// name and tags its slot in the table with where the text is; the text
// written for every key must be its own name's after the table fills and
// is emptied (1500 names, each written in full and then by reference,
// some slots refilled three times), after the kept texts fill their
// buffer and it is emptied, with names that need escapes, long names
// (the 0x34 form) and a name too long to keep, and across a header,
// where the tables start again. The expected text is built from the names with encoding/json;
// with KeepNamesAcrossHeaders, where the second document's references
// stand for the first document's names, CopyToJSON must agree with
// AppendValue, which keeps no texts.
func TestKeyTextsFollowTheTable(t *testing.T) {
	var names []string
	for i := range 1500 {
		switch i % 100 {
		case 7:
			names = append(names, fmt.Sprintf("quote\"tab\t%d\\", i))
		case 8:
			names = append(names, fmt.Sprintf("é中😀%d", i))
		case 9:
			names = append(names, strings.Repeat("long", 20)+strconv.Itoa(i)) // a 0x34 long name
		case 10:
			names = append(names, strings.Repeat("x", 2*maxKeyText)+strconv.Itoa(i))
		default:
			names = append(names, "k"+strconv.Itoa(i)+strings.Repeat("-", 80)) // 1024 texts fill the buffer
		}
	}
	texts := 0
	for _, name := range names {
		if q, _ := json.Marshal(name); len(q)+1 <= maxKeyText {
			texts += len(q) + 1
		}
	}
	require.Greater(t, texts, maxKeyTexts, "the names do not fill the buffer of kept texts")
	// Each document is an array of objects, each object the names of a
	// range, its values their indexes.
	docs := [][][2]int{
		{{0, 700}, {0, 700}, {700, 1500}, {0, 300}, {1200, 1500}, {0, 1500}},
		{{0, 50}, {0, 50}, {10, 20}}, // small enough for KeepNamesAcrossHeaders to keep the table whole
	}
	w := newWriter(t)
	var want strings.Builder
	for _, doc := range docs {
		require.NoError(t, w.WriteStartArray())
		want.WriteByte('[')
		for j, span := range doc {
			require.NoError(t, w.WriteStartObject())
			if j > 0 {
				want.WriteByte(',')
			}
			want.WriteByte('{')
			for i := span[0]; i < span[1]; i++ {
				require.NoError(t, w.WriteKey(names[i]))
				require.NoError(t, w.WriteInt(int64(i)))
				if i > span[0] {
					want.WriteByte(',')
				}
				q, err := json.Marshal(names[i])
				require.NoError(t, err)
				fmt.Fprintf(&want, "%s:%d", q, i)
			}
			require.NoError(t, w.WriteEndObject())
			want.WriteByte('}')
		}
		require.NoError(t, w.WriteEndArray())
		require.NoError(t, w.EndDocument())
		want.WriteString("]\n")
	}
	sm := w.Bytes()
	for _, keep := range []bool{false, true} {
		opts := stream.ReaderOptions{KeepNamesAcrossHeaders: keep}
		// What AppendValue, which keeps no texts, makes of each document.
		r, err := stream.NewReader(sm, opts)
		require.NoError(t, err)
		var uncached []byte
		for range docs {
			uncached, err = AppendValue(uncached, r, ToJSON{ValidUTF8: true})
			require.NoError(t, err)
			uncached = append(uncached, '\n')
		}
		if !keep {
			require.Equal(t, want.String(), string(uncached))
		}
		for _, indent := range []string{"", "  "} {
			for _, whole := range []bool{true, false} {
				var r *stream.Reader
				if whole {
					r, err = stream.NewReader(sm, opts)
				} else {
					r, err = stream.NewReaderFrom(iotest.HalfReader(bytes.NewReader(sm)), opts)
				}
				require.NoError(t, err)
				var out bytes.Buffer
				require.NoError(t, CopyToJSON(&out, r, ToJSON{Indent: indent, ValidUTF8: true}))
				got := out.Bytes()
				if indent != "" {
					var lines []string
					for _, doc := range bytes.Split(bytes.TrimSuffix(got, []byte("\n")), []byte("\n[")) {
						if !bytes.HasPrefix(doc, []byte("[")) {
							doc = append([]byte("["), doc...)
						}
						var c bytes.Buffer
						require.NoError(t, json.Compact(&c, doc))
						lines = append(lines, c.String()+"\n")
					}
					got = []byte(strings.Join(lines, ""))
				}
				require.Equal(t, string(uncached), string(got), "KeepNamesAcrossHeaders %v, indent %q, whole input %v", keep, indent, whole)
			}
		}
	}
}
