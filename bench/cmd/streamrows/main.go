// Command streamrows measures issue 15's streaming figures: a root array
// of n records written and read element by element, against Marshal and
// Unmarshal of the whole slice. Run it under /usr/bin/time -v (or the
// farm-bench tool) for the peak RSS; it prints its own throughput.
//
//	go run ./cmd/streamrows -mode encode -n 12500000 -o rows.smile     # MarshalEncode, one row at a time
//	go run ./cmd/streamrows -mode marshal -n 12500000 -o whole.smile   # Marshal of the whole []Rec
//	cmp rows.smile whole.smile                                         # the same bytes
//	go run ./cmd/streamrows -mode decode -i rows.smile                 # UnmarshalDecode, one row at a time
//	go run ./cmd/streamrows -mode decoder -i rows.smile                # Decoder.Token/More/Decode
//	go run ./cmd/streamrows -mode unmarshal -i rows.smile -limit 1000000  # Unmarshal of the first rows, held in memory
//
// The unmarshal mode times Unmarshal of a prefix of the file's rows
// (-limit rows, re-encoded whole in memory before the clock starts), so
// that its MB/s compare with the decode modes' on the same records.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"time"

	"github.com/go-smile/smile"
	"github.com/go-smile/smile/stream"
)

// Rec is one record of a Druid-style query result or an export.
type Rec struct {
	Timestamp time.Time         `json:"timestamp"`
	Page      string            `json:"page"`
	Country   string            `json:"countryName"`
	User      string            `json:"user"`
	Edits     int64             `json:"edits"`
	Added     int64             `json:"added"`
	Deleted   int64             `json:"deleted"`
	Ratio     float64           `json:"ratio"`
	Robot     bool              `json:"isRobot"`
	Tags      []string          `json:"tags"`
	Labels    map[string]string `json:"labels,omitempty"`
}

func rec(i int) Rec {
	t := time.Date(2015, 9, 12, 0, 0, 0, 0, time.UTC)
	countries := [...]string{"France", "Germany", "Japan", "Brazil", "Canada"}
	r := Rec{
		Timestamp: t.Add(time.Duration(i) * time.Second),
		Page:      fmt.Sprintf("Page_%d", i%5000),
		Country:   countries[i%len(countries)],
		User:      fmt.Sprintf("user%d", i%100000),
		Edits:     int64(i % 17), Added: int64(i * 3 % 1000), Deleted: int64(i % 11),
		Ratio: float64(i%1000) / 7, Robot: i%9 == 0,
		Tags: []string{"wiki", countries[(i+1)%len(countries)]},
	}
	if i%4 == 0 {
		r.Labels = map[string]string{"source": "import", "batch": fmt.Sprint(i / 1000)}
	}
	return r
}

func main() {
	mode := flag.String("mode", "decode", "encode, marshal, decode, decoder or unmarshal")
	n := flag.Int("n", 1000000, "records to write (encode, marshal)")
	out := flag.String("o", "rows.smile", "file to write (encode, marshal)")
	in := flag.String("i", "rows.smile", "file to read (decode, decoder, unmarshal)")
	limit := flag.Int("limit", 1000000, "records of the file to Unmarshal in memory (unmarshal)")
	flag.Parse()
	start := time.Now()
	var bytes int64
	var rows int
	var err error
	switch *mode {
	case "encode":
		bytes, err = encode(*out, *n)
		rows = *n
	case "marshal":
		bytes, err = marshal(*out, *n)
		rows = *n
	case "decode":
		bytes, rows, err = decode(*in)
	case "decoder":
		bytes, rows, err = decodeWithDecoder(*in)
	case "unmarshal":
		var data []byte
		if data, rows, err = prefix(*in, *limit); err == nil {
			start = time.Now()
			var all []Rec
			err = smile.Unmarshal(data, &all)
			bytes = int64(len(data))
		}
	default:
		err = fmt.Errorf("unknown -mode %q", *mode)
	}
	if err != nil {
		log.Fatal(err)
	}
	d := time.Since(start)
	fmt.Printf("%s: %d records, %d bytes of Smile in %v: %.1f MB/s\n", *mode, rows, bytes, d.Round(time.Millisecond), float64(bytes)/d.Seconds()/1e6)
}

func encode(path string, n int) (int64, error) {
	f, err := os.Create(path)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	w, err := stream.NewWriterTo(f, smile.EncMode{}.WriterOptions())
	if err != nil {
		return 0, err
	}
	if err := w.WriteStartArray(); err != nil {
		return 0, err
	}
	for i := range n {
		r := rec(i)
		if err := smile.MarshalEncode(w, &r); err != nil {
			return 0, err
		}
	}
	if err := w.WriteEndArray(); err != nil {
		return 0, err
	}
	if err := w.Flush(); err != nil {
		return 0, err
	}
	st, err := f.Stat()
	if err != nil {
		return 0, err
	}
	return st.Size(), f.Close()
}

func marshal(path string, n int) (int64, error) {
	all := make([]Rec, n)
	for i := range all {
		all[i] = rec(i)
	}
	data, err := smile.Marshal(all)
	if err != nil {
		return 0, err
	}
	return int64(len(data)), os.WriteFile(path, data, 0o644)
}

func decode(path string) (int64, int, error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, 0, err
	}
	defer f.Close()
	r, err := stream.NewReaderFrom(f, smile.DecMode{}.ReaderOptions())
	if err != nil {
		return 0, 0, err
	}
	if t, err := r.ReadToken(); err != nil || t.Kind != stream.KindStartArray {
		return 0, 0, fmt.Errorf("not an array: %v %v", t.Kind, err)
	}
	rows := 0
	for {
		k, err := r.PeekKind()
		if err != nil {
			return 0, 0, err
		}
		if k == stream.KindEndArray {
			break
		}
		var x Rec
		if err := smile.UnmarshalDecode(r, &x); err != nil {
			return 0, 0, err
		}
		rows++
	}
	return r.InputOffset(), rows, nil
}

func decodeWithDecoder(path string) (int64, int, error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, 0, err
	}
	defer f.Close()
	dec := smile.NewDecoder(f)
	if _, err := dec.Token(); err != nil {
		return 0, 0, err
	}
	rows := 0
	for dec.More() {
		var x Rec
		if err := dec.Decode(&x); err != nil {
			return 0, 0, err
		}
		rows++
	}
	if _, err := dec.Token(); err != nil {
		return 0, 0, err
	}
	return dec.InputOffset(), rows, nil
}

// prefix returns the first limit records of the file as one document
// that Marshal wrote, for Unmarshal in memory.
func prefix(path string, limit int) ([]byte, int, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, 0, err
	}
	defer f.Close()
	r, err := stream.NewReaderFrom(bufio.NewReaderSize(f, 1<<16), smile.DecMode{}.ReaderOptions())
	if err != nil {
		return nil, 0, err
	}
	if _, err := r.ReadToken(); err != nil {
		return nil, 0, err
	}
	var all []Rec
	for len(all) < limit {
		k, err := r.PeekKind()
		if err != nil && err != io.EOF {
			return nil, 0, err
		}
		if k == stream.KindEndArray {
			break
		}
		var x Rec
		if err := smile.UnmarshalDecode(r, &x); err != nil {
			return nil, 0, err
		}
		all = append(all, x)
	}
	data, err := smile.Marshal(all)
	return data, len(all), err
}
