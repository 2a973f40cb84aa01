package stream_test

import (
	"bytes"
	"errors"
	"io"
	"math"
	"math/big"
	"testing"
	"testing/iotest"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/go-smile/smile/internal/golden"
	"github.com/go-smile/smile/internal/seam"
	"github.com/go-smile/smile/stream"
)

// Shared helpers of the Reader tests.

// sx holds the methods of Reader and Writer that only go-smile's own
// packages reach (see stream/export.go), as the root package does.
var sx = stream.Internal.Export(&seam.AllowInternalUse)

// rdOpsCmp compares golden ops: big.Int by value, nil and empty byte slices alike.
var rdOpsCmp = []cmp.Option{
	cmp.Comparer(func(a, b *big.Int) bool {
		if a == nil || b == nil {
			return a == b
		}
		return a.Cmp(b) == 0
	}),
	cmpopts.EquateEmpty(),
}

// rdTokenOp converts a token to the golden op it stands for. ok is false for
// KindEndOfDocument, which has no op.
func rdTokenOp(t stream.Token) (op golden.Op, ok bool) {
	switch t.Kind {
	case stream.KindStartObject:
		return golden.Op{Kind: golden.StartObject}, true
	case stream.KindEndObject:
		return golden.Op{Kind: golden.EndObject}, true
	case stream.KindStartArray:
		return golden.Op{Kind: golden.StartArray}, true
	case stream.KindEndArray:
		return golden.Op{Kind: golden.EndArray}, true
	case stream.KindKey:
		return golden.Op{Kind: golden.Key, Str: string(t.Bytes())}, true
	case stream.KindString:
		return golden.Op{Kind: golden.String, Str: string(t.Bytes())}, true
	case stream.KindInt:
		return golden.Op{Kind: golden.Int, Int: t.Int()}, true
	case stream.KindBigInt:
		return golden.Op{Kind: golden.BigInt, Big: t.BigInt()}, true
	case stream.KindFloat32:
		return golden.Op{Kind: golden.Float32, Bits: uint64(math.Float32bits(t.Float32()))}, true
	case stream.KindFloat64:
		return golden.Op{Kind: golden.Float64, Bits: math.Float64bits(t.Float64())}, true
	case stream.KindBigDecimal:
		u, s := t.BigDecimal()
		return golden.Op{Kind: golden.BigDecimal, Big: u, Scale: s}, true
	case stream.KindBinary:
		return golden.Op{Kind: golden.Binary, Bin: append([]byte{}, t.Bytes()...)}, true
	case stream.KindNull:
		return golden.Op{Kind: golden.Null}, true
	case stream.KindTrue:
		return golden.Op{Kind: golden.True}, true
	case stream.KindFalse:
		return golden.Op{Kind: golden.False}, true
	}
	return golden.Op{}, false
}

// rdDecoded is what reading a whole input gave.
type rdDecoded struct {
	Ops  []golden.Op
	EODs int    // KindEndOfDocument tokens
	Err  string // "" when the input ended with io.EOF
	Off  int64  // the error's offset, -1 without one
	E    error  // the error itself
}

// rdReadAllOps reads every token of r until io.EOF or an error.
func rdReadAllOps(r *stream.Reader) rdDecoded {
	var d rdDecoded
	d.Off = -1
	for i := 0; ; i++ {
		t, err := r.ReadToken()
		if err == io.EOF {
			return d
		}
		if err != nil {
			d.Err = err.Error()
			d.Off = rdErrOffset(err)
			d.E = err
			return d
		}
		if op, ok := rdTokenOp(t); ok {
			d.Ops = append(d.Ops, op)
		} else {
			d.EODs++
		}
		if i > 10_000_000 {
			d.Err = "too many tokens"
			return d
		}
	}
}

// rdSkipAll skips every value of r (reading the tokens SkipValue does not
// skip: ends and end markers) until io.EOF or an error, and returns the
// error's text and offset ("" and -1 at io.EOF).
func rdSkipAll(r *stream.Reader) (string, int64) {
	for i := 0; i < 10_000_000; i++ {
		if r.SkipValue() == nil {
			continue
		}
		// Not a value, or a sticky error that ReadToken returns again.
		if _, err := r.ReadToken(); err != nil {
			if err == io.EOF {
				return "", -1
			}
			return err.Error(), rdErrOffset(err)
		}
	}
	return "too many values", -1
}

// rdErrOffset returns the offset of a *SyntaxError or *LimitError, else -1.
func rdErrOffset(err error) int64 {
	var se *stream.SyntaxError
	if errors.As(err, &se) {
		return se.Offset
	}
	var le *stream.LimitError
	if errors.As(err, &le) {
		return le.Offset
	}
	return -1
}

// rdChunkReader returns random short chunks (1..17 bytes) of data.
type rdChunkReader struct {
	data []byte
	x    uint64 // xorshift state
}

func rdNewChunkReader(data []byte, seed int64) *rdChunkReader {
	return &rdChunkReader{data: data, x: uint64(seed)*0x9E3779B97F4A7C15 | 1}
}

func (c *rdChunkReader) Read(p []byte) (int, error) {
	if len(c.data) == 0 {
		return 0, io.EOF
	}
	c.x ^= c.x << 13
	c.x ^= c.x >> 7
	c.x ^= c.x << 17
	n := 1 + int(c.x%17)
	n = min(n, len(p), len(c.data))
	copy(p, c.data[:n])
	c.data = c.data[n:]
	return n, nil
}

// rdReaderKinds lists the ways the tests read an input.
var rdReaderKinds = []string{"bytes", "chunks", "onebyte", "stream"}

// rdNewTestReader builds a Reader of the given kind over data.
func rdNewTestReader(t testing.TB, kind string, data []byte, opts stream.ReaderOptions) *stream.Reader {
	t.Helper()
	var r *stream.Reader
	var err error
	switch kind {
	case "bytes":
		r, err = stream.NewReader(data, opts)
	case "chunks":
		r, err = stream.NewReaderFrom(rdNewChunkReader(data, int64(len(data))), opts)
	case "onebyte":
		r, err = stream.NewReaderFrom(iotest.OneByteReader(bytes.NewReader(data)), opts)
	case "stream":
		r, err = stream.NewReaderFrom(bytes.NewReader(data), opts)
	default:
		t.Fatalf("unknown reader kind %q", kind)
	}
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// rdOptsFor returns the reader options for a golden config.
func rdOptsFor(c golden.Config) stream.ReaderOptions {
	return stream.ReaderOptions{HeaderOptional: c.OmitHeader}
}

// rdWithoutNewDocs drops the NewDocument ops (a reader sees headers and end
// markers instead) and counts them.
// Like Jackson's generator at close, it closes the containers a document
// leaves open.
func rdWithoutNewDocs(ops []golden.Op) ([]golden.Op, int) {
	out := make([]golden.Op, 0, len(ops))
	n := 0
	var open []golden.OpKind
	closeAll := func() {
		for i := len(open) - 1; i >= 0; i-- {
			out = append(out, golden.Op{Kind: open[i]})
		}
		open = open[:0]
	}
	for _, op := range ops {
		switch op.Kind {
		case golden.NewDocument:
			n++
			closeAll()
			continue
		case golden.StartObject:
			open = append(open, golden.EndObject)
		case golden.StartArray:
			open = append(open, golden.EndArray)
		case golden.EndObject, golden.EndArray:
			if len(open) > 0 {
				open = open[:len(open)-1]
			}
		}
		out = append(out, op)
	}
	closeAll()
	return out, n
}

// rdCheckDecoded compares what a Reader gave with a golden case's ops.
func rdCheckDecoded(t *testing.T, got rdDecoded, ops []golden.Op, cfg golden.Config) {
	t.Helper()
	if got.Err != "" {
		t.Fatalf("error after %d ops: %s", len(got.Ops), got.Err)
	}
	want, docs := rdWithoutNewDocs(ops)
	if i := rdFirstOpDiff(want, got.Ops); i >= 0 {
		lo, hi := max(i-3, 0), i+3
		t.Fatalf("ops differ at op %d of %d/%d; near there (-want +got):\n%s", i, len(want), len(got.Ops),
			cmp.Diff(want[lo:min(hi, len(want))], got.Ops[lo:min(hi, len(got.Ops))], rdOpsCmp...))
	}
	wantEODs := 0
	if cfg.EndMarker {
		wantEODs = docs + 1
	}
	if got.EODs != wantEODs {
		t.Fatalf("got %d end-of-document tokens, want %d", got.EODs, wantEODs)
	}
}

// rdFirstOpDiff returns the index of the first op that differs, or -1.
func rdFirstOpDiff(a, b []golden.Op) int {
	for i := range min(len(a), len(b)) {
		if !rdOpEqual(a[i], b[i]) {
			return i
		}
	}
	if len(a) != len(b) {
		return min(len(a), len(b))
	}
	return -1
}

func rdOpEqual(a, b golden.Op) bool {
	if a.Kind != b.Kind || a.Str != b.Str || a.Int != b.Int || a.Bits != b.Bits || a.Scale != b.Scale || !bytes.Equal(a.Bin, b.Bin) {
		return false
	}
	if (a.Big == nil) != (b.Big == nil) {
		return false
	}
	return a.Big == nil || a.Big.Cmp(b.Big) == 0
}
