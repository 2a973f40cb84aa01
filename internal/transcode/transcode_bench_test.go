package transcode

import (
	"testing"

	"github.com/go-smile/smile/stream"
)

// BenchmarkWriteValue is the root package's use: one small JSON value (a
// MarshalJSON result) written into a Writer in the middle of a document.
//
//	go test ./internal/transcode -run XXX -bench WriteValue -count 5
func BenchmarkWriteValue(b *testing.B) {
	data := []byte(`{"id":12345,"name":"a name","tags":["x","y"],"score":0.5}`)
	w, err := stream.NewWriter(stream.WriterOptions{})
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		w.Reset(w.Bytes()[:0])
		if err := w.WriteStartArray(); err != nil {
			b.Fatal(err)
		}
		if err := WriteValue(w, data, FromJSON{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkAppendValue is the other direction: one value of a Reader
// appended to a byte slice as JSON.
func BenchmarkAppendValue(b *testing.B) {
	w, err := stream.NewWriter(stream.WriterOptions{})
	if err != nil {
		b.Fatal(err)
	}
	data := []byte(`{"id":12345,"name":"a name","tags":["x","y"],"score":0.5}`)
	if err := WriteValue(w, data, FromJSON{}); err != nil {
		b.Fatal(err)
	}
	sm := append([]byte(nil), w.Bytes()...)
	r, err := stream.NewReader(sm, stream.ReaderOptions{})
	if err != nil {
		b.Fatal(err)
	}
	var dst []byte
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		r.Reset(sm)
		if dst, err = AppendValue(dst[:0], r, ToJSON{}); err != nil {
			b.Fatal(err)
		}
	}
}
