package stream_test

import (
	"errors"
	"io"
	"math/rand"
	"testing"

	"github.com/go-smile/smile/internal/golden"
	"github.com/go-smile/smile/stream"
)

// Truncation: every golden file cut at every byte offset reads as a prefix
// of its tokens followed by an error wrapping io.ErrUnexpectedEOF, or, when
// the cut falls between root-level values, as a prefix of its tokens and
// io.EOF. The []byte Reader and a stream Reader over random short chunks
// give the same tokens and the same error.
//
// Files up to rdTruncFull bytes are cut at every offset; larger ones at
// every offset of their first 512 bytes and last 32 bytes and at 64 random
// offsets (with -short or -race, files over 1000 bytes only at 32 random
// offsets).

const rdTruncFull = 3000

func TestReaderTruncatedGolden(t *testing.T) {
	var all []golden.Case
	for _, sub := range []string{"tokens", "json"} {
		all = append(all, golden.Cases(t, sub)...)
	}
	if len(all) < 600 {
		t.Fatalf("only %d golden cases", len(all))
	}
	for _, c := range all {
		t.Run(c.ID(), func(t *testing.T) {
			rdCheckTruncations(t, c.Want, rdOptsFor(c.Config))
		})
	}
	for _, c := range golden.BinaryCases(t) {
		rdCheckTruncations(t, c.SevenBit, stream.ReaderOptions{})
		rdCheckTruncations(t, c.Raw, stream.ReaderOptions{})
	}
}

func rdCheckTruncations(t *testing.T, data []byte, opts stream.ReaderOptions) {
	t.Helper()
	full := rdReadAllOps(rdNewTestReader(t, "bytes", data, opts))
	if full.Err != "" {
		t.Fatalf("full input: %s", full.Err)
	}
	for _, n := range rdCutOffsets(len(data)) {
		prefix := data[:n]
		got := rdReadAllOps(rdNewTestReader(t, "bytes", prefix, opts))
		if len(got.Ops) > len(full.Ops) || rdFirstOpDiff(full.Ops[:len(got.Ops)], got.Ops) >= 0 {
			t.Fatalf("cut at %d/%d: the tokens read are not a prefix of the full input's", n, len(data))
		}
		if got.Err != "" && !errors.Is(got.E, io.ErrUnexpectedEOF) {
			t.Fatalf("cut at %d/%d: error %v does not wrap io.ErrUnexpectedEOF", n, len(data), got.E)
		}
		chunked := rdReadAllOps(rdNewTestReader(t, "chunks", prefix, opts))
		if chunked.Err != got.Err || chunked.Off != got.Off || len(chunked.Ops) != len(got.Ops) || rdFirstOpDiff(chunked.Ops, got.Ops) >= 0 {
			t.Fatalf("cut at %d/%d: readers disagree: bytes %d ops, %q; chunks %d ops, %q", n, len(data), len(got.Ops), got.Err, len(chunked.Ops), chunked.Err)
		}
	}
}

// rdCutOffsets returns the lengths at which to cut an input of n bytes.
func rdCutOffsets(n int) []int {
	var cuts []int
	rnd := rand.New(rand.NewSource(int64(n)))
	if (testing.Short() || rdRace) && n > 1000 {
		for i := 0; i < 32; i++ {
			cuts = append(cuts, rnd.Intn(n))
		}
		return cuts
	}
	if n <= rdTruncFull {
		for i := 0; i < n; i++ {
			cuts = append(cuts, i)
		}
		return cuts
	}
	for i := 0; i < 512; i++ {
		cuts = append(cuts, i)
	}
	for i := 0; i < 32; i++ {
		cuts = append(cuts, n-1-i)
	}
	for i := 0; i < 64; i++ {
		cuts = append(cuts, rnd.Intn(n))
	}
	return cuts
}
