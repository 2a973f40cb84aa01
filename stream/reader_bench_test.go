package stream_test

import (
	"bytes"
	"encoding/json"
	"io"
	"path/filepath"
	"testing"

	"github.com/go-smile/smile/internal/golden"
	"github.com/go-smile/smile/stream"
)

// Benchmarks: read every token of Jackson's Smile for the corpus documents.
// b.SetBytes is the Smile size; the "json-MB/s" metric is the same rate
// measured against the compact JSON size, to compare with JSON decoders.

func BenchmarkReaderTwitter(b *testing.B) { rdBenchReader(b, "twitter") }
func BenchmarkReaderCITM(b *testing.B)    { rdBenchReader(b, "citm_catalog") }
func BenchmarkReaderCanada(b *testing.B)  { rdBenchReader(b, "canada") }
func BenchmarkReaderCode(b *testing.B)    { rdBenchReader(b, "code") }

// rdLoadCorpus returns Jackson's Smile for a corpus document and the size of
// its compact JSON.
func rdLoadCorpus(b *testing.B, name string) ([]byte, int) {
	b.Helper()
	dir, err := golden.Dir("corpus")
	if err != nil {
		b.Fatal(err)
	}
	smile, err := golden.ReadFile(filepath.Join(dir, name+".default.smile"))
	if err != nil {
		b.Fatal(err)
	}
	js, err := golden.ReadFile(filepath.Join(dir, name+".json"))
	if err != nil {
		b.Fatal(err)
	}
	var compact bytes.Buffer
	if err := json.Compact(&compact, js); err != nil {
		b.Fatal(err)
	}
	return smile, compact.Len()
}

func rdBenchReader(b *testing.B, name string) {
	data, jsonLen := rdLoadCorpus(b, name)
	report := func(b *testing.B) {
		if s := b.Elapsed().Seconds(); s > 0 {
			b.ReportMetric(float64(jsonLen)*float64(b.N)/s/1e6, "json-MB/s")
		}
	}
	b.Run("bytes", func(b *testing.B) {
		r, err := stream.NewReader(data, stream.ReaderOptions{})
		if err != nil {
			b.Fatal(err)
		}
		b.SetBytes(int64(len(data)))
		b.ReportAllocs()
		b.ResetTimer()
		for range b.N {
			r.Reset(data)
			for {
				_, err := r.ReadToken()
				if err != nil {
					if err != io.EOF {
						b.Fatal(err)
					}
					break
				}
			}
		}
		report(b)
	})
	b.Run("stream", func(b *testing.B) {
		br := bytes.NewReader(data)
		b.SetBytes(int64(len(data)))
		b.ReportAllocs()
		b.ResetTimer()
		for range b.N {
			br.Reset(data)
			r, err := stream.NewReaderFrom(br, stream.ReaderOptions{})
			if err != nil {
				b.Fatal(err)
			}
			for {
				_, err := r.ReadToken()
				if err != nil {
					if err != io.EOF {
						b.Fatal(err)
					}
					break
				}
			}
		}
		report(b)
	})
	b.Run("skip", func(b *testing.B) {
		r, err := stream.NewReader(data, stream.ReaderOptions{})
		if err != nil {
			b.Fatal(err)
		}
		b.SetBytes(int64(len(data)))
		b.ReportAllocs()
		b.ResetTimer()
		for range b.N {
			r.Reset(data)
			for {
				if err := r.SkipValue(); err != nil {
					if err != io.EOF {
						b.Fatal(err)
					}
					break
				}
			}
		}
		report(b)
	})
}

// BenchmarkReaderSkipBinary skips a document holding one 64 KB binary
// value in the 7-bit encoding, which SkipValue checks for bytes with their
// high bit set (rdHighBitAt) without decoding it.
func BenchmarkReaderSkipBinary(b *testing.B) {
	w, err := stream.NewWriter(stream.WriterOptions{})
	if err != nil {
		b.Fatal(err)
	}
	payload := make([]byte, 64<<10)
	for i := range payload {
		payload[i] = byte(i * 7)
	}
	if err := w.WriteBinary(payload); err != nil {
		b.Fatal(err)
	}
	data := w.Bytes()
	r, err := stream.NewReader(data, stream.ReaderOptions{})
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		r.Reset(data)
		if err := r.SkipValue(); err != nil {
			b.Fatal(err)
		}
	}
}
