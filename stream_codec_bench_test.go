package smile

import (
	"bytes"
	"fmt"
	"io"
	"testing"
	"time"

	"github.com/go-smile/smile/stream"
)

// benchRow is a Druid-style result row: a timestamp, dimensions and
// metrics.
type benchRow struct {
	Timestamp time.Time `json:"timestamp"`
	Page      string    `json:"page"`
	Language  string    `json:"language"`
	User      string    `json:"user"`
	Country   string    `json:"countryName"`
	Robot     bool      `json:"isRobot"`
	Count     int64     `json:"count"`
	Added     int64     `json:"added"`
	Deleted   int64     `json:"deleted"`
	Delta     float64   `json:"delta"`
}

// benchRows returns n rows, rows i and i+1000 alike.
func benchRows(n int) []benchRow {
	t := time.Date(2015, 9, 12, 0, 0, 0, 0, time.UTC)
	countries := []string{"United States", "France", "Japan", "Germany", "Brazil", "India"}
	rows := make([]benchRow, n)
	for i := range rows {
		j := i % 1000
		rows[i] = benchRow{
			Timestamp: t.Add(time.Duration(i) * time.Second),
			Page:      fmt.Sprintf("Page_%d", j*7919%5003),
			Language:  []string{"en", "fr", "ja", "de"}[j%4],
			User:      fmt.Sprintf("user-%d", j*31%997),
			Country:   countries[j%len(countries)],
			Robot:     j%5 == 0,
			Count:     int64(j%17 + 1),
			Added:     int64(j * 37 % 4000),
			Deleted:   int64(j * 13 % 300),
			Delta:     float64(j*37%4000-j*13%300) / 3,
		}
	}
	return rows
}

// BenchmarkStreamDecode compares decoding an array of rows whole with
// Unmarshal and element by element with a Decoder (Token, More, Decode)
// and with UnmarshalDecode, all from memory.
func BenchmarkStreamDecode(b *testing.B) {
	doc, err := Marshal(benchRows(20000))
	if err != nil {
		b.Fatal(err)
	}
	b.Run("Unmarshal", func(b *testing.B) {
		b.SetBytes(int64(len(doc)))
		b.ReportAllocs()
		for b.Loop() {
			var rows []benchRow
			if err := Unmarshal(doc, &rows); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("Decoder", func(b *testing.B) {
		b.SetBytes(int64(len(doc)))
		b.ReportAllocs()
		for b.Loop() {
			dec := NewDecoder(bytes.NewReader(doc))
			if _, err := dec.Token(); err != nil {
				b.Fatal(err)
			}
			for dec.More() {
				var row benchRow
				if err := dec.Decode(&row); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
	for _, name := range []string{"UnmarshalDecode", "UnmarshalDecode-stream"} {
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(doc)))
			b.ReportAllocs()
			for b.Loop() {
				var r *stream.Reader
				if name == "UnmarshalDecode" {
					r, err = stream.NewReader(doc, stream.ReaderOptions{})
				} else {
					r, err = stream.NewReaderFrom(bytes.NewReader(doc), stream.ReaderOptions{})
				}
				if err != nil {
					b.Fatal(err)
				}
				if _, err := r.ReadToken(); err != nil {
					b.Fatal(err)
				}
				for {
					if k, _ := r.PeekKind(); k == stream.KindEndArray {
						break
					}
					var row benchRow
					if err := UnmarshalDecode(r, &row); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}

// BenchmarkStreamEncode compares writing an array of rows whole with
// Marshal and element by element with MarshalEncode through a Writer made
// by NewWriterTo.
func BenchmarkStreamEncode(b *testing.B) {
	rows := benchRows(20000)
	doc, err := Marshal(rows)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("Marshal", func(b *testing.B) {
		b.SetBytes(int64(len(doc)))
		b.ReportAllocs()
		for b.Loop() {
			if _, err := Marshal(rows); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("MarshalEncode", func(b *testing.B) {
		b.SetBytes(int64(len(doc)))
		b.ReportAllocs()
		for b.Loop() {
			w, err := stream.NewWriterTo(io.Discard, stream.WriterOptions{})
			if err != nil {
				b.Fatal(err)
			}
			w.WriteStartArray()
			for i := range rows {
				if err := MarshalEncode(w, &rows[i]); err != nil {
					b.Fatal(err)
				}
			}
			w.WriteEndArray()
			if err := w.Flush(); err != nil {
				b.Fatal(err)
			}
		}
	})
}
