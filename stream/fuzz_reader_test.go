package stream_test

import (
	"errors"
	"io"
	"math"
	"testing"

	"github.com/go-smile/smile/internal/golden"
	"github.com/go-smile/smile/stream"
)

// Fuzz targets of the Reader, seeded with the golden files and the digest's
// examples:
//
//	go test ./stream -run XXX -fuzz FuzzReaderBytes -fuzztime 60s
//	go test ./stream -run XXX -fuzz FuzzReaderChunked -fuzztime 60s

// rdFuzzOpts turns a fuzzed byte into reader options.
func rdFuzzOpts(flags uint8) stream.ReaderOptions {
	o := stream.ReaderOptions{
		HeaderOptional:         flags&1 != 0,
		KeepNamesAcrossHeaders: flags&2 != 0,
		AllowInvalidUTF8:       flags&4 != 0,
		Lenient7Bit:            flags&8 != 0,
	}
	switch {
	case flags&16 != 0:
		o.MaxDepth = 4
		o.MaxStringLen = 20
		o.MaxBinaryLen = 20
		o.MaxBigNumberLen = 8
	case flags&32 != 0:
		o.MaxDepth = math.MaxInt
		o.MaxStringLen = math.MaxInt
		o.MaxBinaryLen = math.MaxInt
		o.MaxBigNumberLen = math.MaxInt
	}
	return o
}

// rdFuzzSeeds adds the golden files (the small ones) and the digest's
// examples to f.
func rdFuzzSeeds(f *testing.F, add func(data []byte, flags uint8)) {
	for _, sub := range []string{"tokens", "json"} {
		for _, c := range golden.Cases(f, sub) {
			if len(c.Want) <= 4096 {
				var flags uint8
				if c.Config.OmitHeader {
					flags = 1
				}
				add(c.Want, flags)
			}
		}
	}
	for _, c := range golden.BinaryCases(f) {
		if c.Len <= 300 {
			add(c.SevenBit, 0)
			add(c.Raw, 0)
		}
	}
	for _, c := range rdSpecCases {
		var flags uint8
		if c.opts.HeaderOptional {
			flags = 1
		}
		add(hx(c.hex), flags)
		add(hx(c.hex), flags|16)
		add(hx(c.hex), flags|32)
	}
}

// FuzzReaderBytes: the []byte Reader never panics, every error is a
// *SyntaxError or *LimitError with an offset inside the input, reading
// again after Reset gives the same tokens and error, PeekKind agrees with
// ReadToken, and skipping every value gives the error reading gives.
func FuzzReaderBytes(f *testing.F) {
	rdFuzzSeeds(f, func(data []byte, flags uint8) { f.Add(data, flags) })
	f.Fuzz(func(t *testing.T, data []byte, flags uint8) {
		opts := rdFuzzOpts(flags)
		r, err := stream.NewReader(data, opts)
		if err != nil {
			t.Fatal(err)
		}
		first := rdReadAllOps(r)
		if first.E != nil {
			var se *stream.SyntaxError
			var le *stream.LimitError
			if !errors.As(first.E, &se) && !errors.As(first.E, &le) {
				t.Fatalf("error of type %T: %v", first.E, first.E)
			}
			if first.Off < 0 || first.Off > int64(len(data)) {
				t.Fatalf("error offset %d outside the input (%d bytes): %v", first.Off, len(data), first.E)
			}
		}
		r.Reset(data)
		again := rdReadAllOps(r)
		if again.Err != first.Err || again.EODs != first.EODs || rdFirstOpDiff(first.Ops, again.Ops) >= 0 {
			t.Fatalf("second read differs: %q vs %q", first.Err, again.Err)
		}

		// PeekKind before every token.
		r.Reset(data)
		for i := 0; i < len(data)+2; i++ {
			k, perr := r.PeekKind()
			tok, err := r.ReadToken()
			if perr != nil {
				if perr != err {
					t.Fatalf("PeekKind error %v, ReadToken error %v", perr, err)
				}
				break
			}
			if err != nil {
				// PeekKind does not check references, lengths or payloads.
				if errors.Is(err, io.EOF) {
					t.Fatalf("PeekKind said %v, ReadToken io.EOF", k)
				}
				break
			}
			if tok.Kind != k {
				t.Fatalf("PeekKind %v, ReadToken %v", k, tok.Kind)
			}
		}

		// Skipping every value checks what reading checks.
		r.Reset(data)
		if e, off := rdSkipAll(r); e != first.Err || off != first.Off {
			t.Fatalf("skipping gives %q (offset %d), reading %q (offset %d)", e, off, first.Err, first.Off)
		}
	})
}

// FuzzReaderChunked: the []byte Reader and a stream Reader over random
// short chunks give the same tokens, the same error text and offset, also
// when the stream Reader skips every value.
func FuzzReaderChunked(f *testing.F) {
	rdFuzzSeeds(f, func(data []byte, flags uint8) { f.Add(data, flags, int64(len(data))) })
	f.Fuzz(func(t *testing.T, data []byte, flags uint8, seed int64) {
		opts := rdFuzzOpts(flags)
		r, err := stream.NewReader(data, opts)
		if err != nil {
			t.Fatal(err)
		}
		want := rdReadAllOps(r)
		s, err := stream.NewReaderFrom(rdNewChunkReader(data, seed), opts)
		if err != nil {
			t.Fatal(err)
		}
		got := rdReadAllOps(s)
		if got.Err != want.Err || got.Off != want.Off {
			t.Fatalf("errors differ: bytes %q (offset %d), chunks %q (offset %d)", want.Err, want.Off, got.Err, got.Off)
		}
		if got.EODs != want.EODs || len(got.Ops) != len(want.Ops) || rdFirstOpDiff(want.Ops, got.Ops) >= 0 {
			t.Fatalf("tokens differ: bytes %d ops, chunks %d ops", len(want.Ops), len(got.Ops))
		}

		// Skipping over chunks, which drops long strings and binary
		// values piece by piece, fails as reading does.
		s, err = stream.NewReaderFrom(rdNewChunkReader(data, seed), opts)
		if err != nil {
			t.Fatal(err)
		}
		if e, off := rdSkipAll(s); e != want.Err || off != want.Off {
			t.Fatalf("skipping chunks gives %q (offset %d), reading bytes %q (offset %d)", e, off, want.Err, want.Off)
		}
	})
}
