package stream_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"math/big"
	"strings"
	"testing"

	"github.com/go-smile/smile/stream"
)

// fuzzKeys and fuzzStrings hold the names and values a fuzz program picks
// from: every token form, and enough distinct strings (with the numbered
// ones below) to pass the FE/FF indices and the reset at 1024 entries.
var (
	fuzzKeys    = []string{"", "a", "é", "id", strings.Repeat("k", 64), strings.Repeat("k", 65), strings.Repeat("é", 28), strings.Repeat("é", 28) + "a"}
	fuzzStrings = []string{"", "a", "ü", "value", strings.Repeat("v", 64), strings.Repeat("v", 65), strings.Repeat("ü", 32), strings.Repeat("ü", 32) + "a", strings.Repeat("x", 2667)}
)

// wop is one accepted Writer call, as the Reader should return it.
type wop struct {
	kind  stream.Kind
	str   string
	num   int64
	bits  uint64
	big   *big.Int
	scale int32
}

// fuzzProgram drives a Writer from fuzz bytes and returns the accepted
// calls of each document and the byte offsets where the documents end.
// Refused calls must be *WriterErrors that write nothing.
func fuzzProgram(t *testing.T, w *stream.Writer, data []byte) (docs [][]wop, ends []int) {
	var cur []wop
	next := func(n int) []byte {
		if len(data) < n { // pad with zeros, without writing to the fuzzer's input
			data = append(bytes.Clone(data), make([]byte, n-len(data))...)
		}
		b := data[:n]
		data = data[n:]
		return b
	}
	var kinds []stream.Kind // open containers, for closing at the end
	for steps := 0; len(data) > 0 && steps < 3000; steps++ {
		before := len(w.Bytes())
		op := next(1)[0]
		var (
			o   wop
			err error
		)
		switch op % 16 {
		case 0:
			o.kind, err = stream.KindStartObject, w.WriteStartObject()
		case 1:
			o.kind, err = stream.KindEndObject, w.WriteEndObject()
		case 2:
			o.kind, err = stream.KindStartArray, w.WriteStartArray()
		case 3:
			o.kind, err = stream.KindEndArray, w.WriteEndArray()
		case 4, 5:
			o.kind, o.str = stream.KindKey, pick(next(2), fuzzKeys, "f_")
			if op&0x80 != 0 {
				err = w.WriteKeyBytes([]byte(o.str))
			} else {
				err = w.WriteKey(o.str)
			}
		case 6, 7:
			o.kind, o.str = stream.KindString, pick(next(2), fuzzStrings, "v")
			if op&0x80 != 0 {
				err = w.WriteStringBytes([]byte(o.str))
			} else {
				err = w.WriteString(o.str)
			}
		case 8:
			v := int64(binary.LittleEndian.Uint64(next(8))) >> (next(1)[0] % 64)
			o.kind, o.num, err = stream.KindInt, v, w.WriteInt(v)
		case 9:
			u := binary.LittleEndian.Uint64(next(8))
			if u > math.MaxInt64 {
				o.kind, o.big, err = stream.KindBigInt, new(big.Int).SetUint64(u), w.WriteUint(u)
			} else {
				o.kind, o.num, err = stream.KindInt, int64(u), w.WriteUint(u)
			}
		case 10:
			o.kind, o.bits = stream.KindFloat32, uint64(binary.LittleEndian.Uint32(next(4)))
			err = w.WriteFloat32(math.Float32frombits(uint32(o.bits)))
		case 11:
			o.kind, o.bits = stream.KindFloat64, binary.LittleEndian.Uint64(next(8))
			err = w.WriteFloat64(math.Float64frombits(o.bits))
		case 12:
			mag := next(int(next(1)[0] % 40))
			o.big = new(big.Int).SetBytes(mag)
			if op&0x80 != 0 {
				o.big.Neg(o.big)
			}
			if op&0x40 != 0 {
				o.kind, o.scale = stream.KindBigDecimal, int32(binary.LittleEndian.Uint32(next(4)))
				err = w.WriteBigDecimal(o.big, o.scale)
			} else {
				o.kind, err = stream.KindBigInt, w.WriteBigInt(o.big)
			}
		case 13:
			o.kind, o.str = stream.KindBinary, string(next(int(next(1)[0])))
			err = w.WriteBinary([]byte(o.str))
		case 14:
			switch op >> 6 {
			case 0:
				o.kind, err = stream.KindNull, w.WriteNull()
			case 1:
				o.kind, err = stream.KindTrue, w.WriteBool(true)
			default:
				o.kind, err = stream.KindFalse, w.WriteBool(false)
			}
		case 15:
			if err = w.EndDocument(); err == nil {
				docs, ends, cur = append(docs, cur), append(ends, len(w.Bytes())), nil
			}
			o.kind = stream.KindInvalid
		}
		if err != nil {
			var we *stream.WriterError
			if !errors.As(err, &we) {
				t.Fatalf("step %d: %v is not a *WriterError", steps, err)
			}
			if len(w.Bytes()) != before {
				t.Fatalf("step %d: refused call wrote bytes: %v", steps, err)
			}
			continue
		}
		switch o.kind {
		case stream.KindInvalid:
			continue
		case stream.KindStartObject, stream.KindStartArray:
			kinds = append(kinds, o.kind)
		case stream.KindEndObject, stream.KindEndArray:
			kinds = kinds[:len(kinds)-1]
		}
		cur = append(cur, o)
	}
	// Finish: a value for a pending key, then close everything.
	if len(cur) > 0 && cur[len(cur)-1].kind == stream.KindKey {
		must(t, w.WriteNull())
		cur = append(cur, wop{kind: stream.KindNull})
	}
	for i := len(kinds) - 1; i >= 0; i-- {
		if kinds[i] == stream.KindStartObject {
			must(t, w.WriteEndObject())
			cur = append(cur, wop{kind: stream.KindEndObject})
		} else {
			must(t, w.WriteEndArray())
			cur = append(cur, wop{kind: stream.KindEndArray})
		}
	}
	must(t, w.EndDocument())
	return append(docs, cur), append(ends, len(w.Bytes()))
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// pick chooses a string from pool, or a numbered one ("f_123").
func pick(b []byte, pool []string, prefix string) string {
	i := int(binary.LittleEndian.Uint16(b))
	if i%4 == 0 {
		return pool[(i/4)%len(pool)]
	}
	return fmt.Sprint(prefix, i%1500)
}

// FuzzWriterRoundTrip writes random call sequences and reads them back
// with the Reader: every back-reference the Writer chose must resolve to
// the string it stands for, and every value must come back unchanged.
func FuzzWriterRoundTrip(f *testing.F) {
	f.Add([]byte{0, 4, 0, 0, 6, 0, 0, 1, 15})
	f.Add(bytes.Repeat([]byte{2, 6, 1, 0, 6, 1, 0, 7, 3, 3, 3, 3}, 200))
	f.Add(bytes.Repeat([]byte{0, 4, 7, 0, 8, 1, 2, 3, 4, 5, 6, 7, 8, 9, 1}, 300))
	f.Add([]byte{0x40, 12, 3, 1, 2, 3, 0xC0, 12, 9, 0x80, 0, 0, 0, 0, 0, 0, 0, 0, 13, 9, 1, 2, 3, 4, 5, 6, 7, 8, 9})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) == 0 {
			return
		}
		flags := data[0]
		opts := stream.WriterOptions{
			OmitHeader:         flags&1 != 0,
			DisableSharedNames: flags&2 != 0,
			SharedValues:       flags&4 != 0 && flags&1 == 0,
			RawBinary:          flags&8 != 0 && flags&1 == 0,
			EndMarker:          flags&16 != 0,
		}
		w, err := stream.NewWriter(opts)
		must(t, err)
		docs, ends := fuzzProgram(t, w, data[1:])
		out := w.Bytes()
		// Read each document on its own: without a header, nothing in
		// the bytes tells a reader that the tables start again.
		start := 0
		for d, ops := range docs {
			checkRead(t, out[start:ends[d]], opts, ops)
			start = ends[d]
		}
	})
}

func checkRead(t *testing.T, doc []byte, opts stream.WriterOptions, ops []wop) {
	t.Helper()
	r, err := stream.NewReader(doc, stream.ReaderOptions{HeaderOptional: opts.OmitHeader, MaxDepth: 10000})
	must(t, err)
	for i, o := range ops {
		tok, err := r.ReadToken()
		if err != nil {
			t.Fatalf("token %d (%v): %v\n% X", i, o.kind, err, doc)
		}
		if tok.Kind != o.kind {
			t.Fatalf("token %d: got %v, want %v", i, tok.Kind, o.kind)
		}
		ok := true
		switch o.kind {
		case stream.KindKey, stream.KindString, stream.KindBinary:
			ok = string(tok.Bytes()) == o.str
		case stream.KindInt:
			ok = tok.Int() == o.num
		case stream.KindFloat32:
			ok = math.Float32bits(tok.Float32()) == uint32(o.bits)
		case stream.KindFloat64:
			ok = math.Float64bits(tok.Float64()) == o.bits
		case stream.KindBigInt:
			ok = tok.BigInt().Cmp(o.big) == 0
		case stream.KindBigDecimal:
			v, scale := tok.BigDecimal()
			ok = v.Cmp(o.big) == 0 && scale == o.scale
		}
		if !ok {
			t.Fatalf("token %d (%v): value differs: got %v", i, o.kind, tok)
		}
	}
	if opts.EndMarker {
		tok, err := r.ReadToken()
		if err != nil || tok.Kind != stream.KindEndOfDocument {
			t.Fatalf("want the end marker, got %v, %v", tok.Kind, err)
		}
	}
	if tok, err := r.ReadToken(); err != io.EOF {
		t.Fatalf("want io.EOF after the document, got %v, %v", tok.Kind, err)
	}
}
