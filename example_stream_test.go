package smile_test

import (
	"bytes"
	"fmt"
	"io"
	"log"
	"os"
	"time"

	"github.com/go-smile/smile"
	"github.com/go-smile/smile/compat"
	"github.com/go-smile/smile/stream"
)

// DruidRow is one row of a Druid query result.
type DruidRow struct {
	Timestamp time.Time `json:"timestamp"`
	Page      string    `json:"page"`
	Country   string    `json:"countryName"`
	Edits     int64     `json:"edits"`
	Added     int64     `json:"added"`
}

// druidResult returns a query result as Druid writes it: one document
// whose root array holds the rows. A real one holds millions.
func druidResult() []byte {
	t := time.Date(2015, 9, 12, 0, 0, 0, 0, time.UTC)
	var rows []DruidRow
	for i := range 3 {
		rows = append(rows, DruidRow{Timestamp: t.Add(time.Duration(i) * time.Hour), Page: "Main_Page", Country: "France", Edits: int64(10 + i), Added: int64(100 * i)})
	}
	data, err := smile.Marshal(rows)
	if err != nil {
		log.Fatal(err)
	}
	return data
}

// Read the rows of a large root array one at a time with a Decoder, as
// with encoding/json's Decoder: memory holds one row, not the whole
// result.
func ExampleDecoder_Token() {
	dec := smile.NewDecoder(bytes.NewReader(druidResult())) // an http.Response.Body, an os.File
	if _, err := dec.Token(); err != nil {                  // [
		log.Fatal(err)
	}
	for dec.More() {
		var row DruidRow
		if err := dec.Decode(&row); err != nil {
			log.Fatal(err)
		}
		fmt.Println(row.Timestamp.Format(time.TimeOnly), row.Page, row.Country, row.Edits, row.Added)
	}
	if _, err := dec.Token(); err != nil { // ]
		log.Fatal(err)
	}
	// Output:
	// 00:00:00 Main_Page France 10 0
	// 01:00:00 Main_Page France 11 100
	// 02:00:00 Main_Page France 12 200
}

// Read the rows of a large root array one at a time with a stream.Reader,
// which also lets a program look at the tokens around the rows.
func ExampleUnmarshalDecode() {
	r := smile.DecMode{}.NewReaderFrom(bytes.NewReader(druidResult()))
	if t, err := r.ReadToken(); err != nil || t.Kind != stream.KindStartArray {
		log.Fatalf("not an array: %v %v", t.Kind, err)
	}
	var total int64
	for {
		k, err := r.PeekKind()
		if err != nil {
			log.Fatal(err)
		}
		if k == stream.KindEndArray {
			break
		}
		var row DruidRow
		if err := smile.UnmarshalDecode(r, &row); err != nil {
			log.Fatal(err)
		}
		total += row.Added
	}
	fmt.Println("added:", total)
	// Output:
	// added: 300
}

// Write a large array of records with flat memory: MarshalEncode writes
// each as the next element, and a Writer made by EncMode.NewWriterTo
// writes its buffer out by itself as it fills. The bytes are those
// Marshal gives for the whole slice.
func ExampleMarshalEncode() {
	f, err := os.CreateTemp("", "rows-*.smile")
	if err != nil {
		log.Fatal(err)
	}
	defer os.Remove(f.Name())
	defer f.Close()

	w := smile.EncMode{}.NewWriterTo(f)
	if err := w.WriteStartArray(); err != nil {
		log.Fatal(err)
	}
	t := time.Date(2015, 9, 12, 0, 0, 0, 0, time.UTC)
	for i := range 100000 { // rows from a database cursor, say
		row := DruidRow{Timestamp: t.Add(time.Duration(i) * time.Second), Page: "Main_Page", Country: "France", Edits: int64(i % 7)}
		if err := smile.MarshalEncode(w, &row); err != nil {
			log.Fatal(err)
		}
	}
	if err := w.WriteEndArray(); err != nil {
		log.Fatal(err)
	}
	if err := w.Flush(); err != nil {
		log.Fatal(err)
	}

	// Read it back one row at a time.
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		log.Fatal(err)
	}
	dec := smile.NewDecoder(f)
	dec.Token()
	n := 0
	var last DruidRow
	for dec.More() {
		if err := dec.Decode(&last); err != nil {
			log.Fatal(err)
		}
		n++
	}
	fmt.Println(n, "rows, the last at", last.Timestamp.Format(time.TimeOnly))
	// Output:
	// 100000 rows, the last at 03:46:39
}

// A mode's Writer writes with the mode's wire options: here shared string
// values (the header's flags are 0x03) and the 0xFF end marker, which
// w.EndDocument writes. MarshalEncode into it writes what m.Marshal
// writes for the whole slice.
func ExampleEncMode_NewWriterTo() {
	m, err := smile.EncOptions{SharedValues: true, EndMarker: true}.EncMode()
	if err != nil {
		log.Fatal(err)
	}
	rows := []DruidRow{{Page: "Main_Page", Country: "France"}, {Page: "Main_Page", Country: "France"}, {Page: "Talk", Country: "Chile"}}

	var out bytes.Buffer // an http.ResponseWriter, an os.File
	w := m.NewWriterTo(&out)
	if err := w.WriteStartArray(); err != nil {
		log.Fatal(err)
	}
	for i := range rows {
		if err := m.MarshalEncode(w, &rows[i]); err != nil {
			log.Fatal(err)
		}
	}
	if err := w.WriteEndArray(); err != nil {
		log.Fatal(err)
	}
	if err := w.EndDocument(); err != nil {
		log.Fatal(err)
	}
	if err := w.Flush(); err != nil {
		log.Fatal(err)
	}

	whole, err := m.Marshal(rows)
	if err != nil {
		log.Fatal(err)
	}
	b := out.Bytes()
	fmt.Printf("header % x, last byte %x, as m.Marshal writes: %v\n", b[:4], b[len(b)-1], bytes.Equal(b, whole))
	// Output:
	// header 3a 29 0a 03, last byte ff, as m.Marshal writes: true
}

// A bulk request in Elasticsearch's style: a sequence of small documents,
// an action then its source, each ended by the 0xFF end marker.
func ExampleEncoder_bulk() {
	type Action struct {
		Index struct {
			ID string `json:"_id"`
		} `json:"index"`
	}
	type Doc struct {
		Title string `json:"title"`
		Views int    `json:"views"`
	}
	mode, err := smile.EncOptions{EndMarker: true}.EncMode()
	if err != nil {
		log.Fatal(err)
	}
	var body bytes.Buffer // the request body
	enc := mode.NewEncoder(&body)
	for i, title := range []string{"Smile", "Jackson"} {
		var a Action
		a.Index.ID = fmt.Sprint(i + 1)
		if err := enc.Encode(a); err != nil {
			log.Fatal(err)
		}
		if err := enc.Encode(Doc{Title: title, Views: 10 * (i + 1)}); err != nil {
			log.Fatal(err)
		}
	}

	// The server's side: each document on its own.
	dec := smile.NewDecoder(&body)
	for dec.More() {
		var a Action
		var d Doc
		if err := dec.Decode(&a); err != nil {
			log.Fatal(err)
		}
		if err := dec.Decode(&d); err != nil {
			log.Fatal(err)
		}
		fmt.Println(a.Index.ID, d.Title, d.Views)
	}
	// Output:
	// 1 Smile 10
	// 2 Jackson 20
}

// Walk an Elasticsearch search response to hits.hits with Token, skipping
// the members on the way (took, _shards, hits.total, ...) without
// decoding them, and decode each hit.
func ExampleDecoder_Skip() {
	body, err := compat.FromJSONBytes([]byte(`{"took":12,"timed_out":false,
		"_shards":{"total":5,"successful":5,"skipped":0,"failed":0},
		"hits":{"total":{"value":2,"relation":"eq"},"max_score":1.39,"hits":[
			{"_index":"docs","_id":"1","_score":1.39,"_source":{"title":"Smile format"}},
			{"_index":"docs","_id":"2","_score":0.29,"_source":{"title":"CBOR"}}]}}`), compat.FromJSONOptions{})
	if err != nil {
		log.Fatal(err)
	}
	type Hit struct {
		ID     string `json:"_id"`
		Source struct {
			Title string `json:"title"`
		} `json:"_source"`
	}

	dec := smile.NewDecoder(bytes.NewReader(body)) // the response body
	// token reads a token: { [ or a key.
	token := func() string {
		t, err := dec.Token()
		if err != nil {
			log.Fatal(err)
		}
		return string(t.Bytes())
	}
	// find reads the keys of the object the Decoder is in up to key,
	// skipping the value of every other key.
	find := func(key string) {
		for dec.More() {
			if token() == key {
				return
			}
			if err := dec.Skip(); err != nil {
				log.Fatal(err)
			}
		}
		log.Fatalf("no key %q", key)
	}
	token() // {
	find("hits")
	token() // {
	find("hits")
	token() // [
	for dec.More() {
		var h Hit
		if err := dec.Decode(&h); err != nil {
			log.Fatal(err)
		}
		fmt.Println(h.ID, h.Source.Title)
	}
	// Output:
	// 1 Smile format
	// 2 CBOR
}
