package stream_test

import (
	"bytes"
	"fmt"
	"io"
	"log"
	"strings"

	"github.com/go-smile/smile/stream"
)

// Writing {"a":1,"b":["x","x"]} with Jackson's defaults: a header, shared
// names, and repeated string values written in full.
func ExampleWriter() {
	w, err := stream.NewWriter(stream.WriterOptions{})
	if err != nil {
		log.Fatal(err)
	}
	for _, err := range []error{
		w.WriteStartObject(),
		w.WriteKey("a"), w.WriteInt(1),
		w.WriteKey("b"), w.WriteStartArray(), w.WriteString("x"), w.WriteString("x"), w.WriteEndArray(),
		w.WriteEndObject(),
		w.EndDocument(),
	} {
		if err != nil {
			log.Fatal(err)
		}
	}
	fmt.Printf("% X\n", w.Bytes())
	// Output: 3A 29 0A 01 FA 80 61 C2 80 62 F8 40 78 40 78 F9 FB
}

// Copying a document token by token re-encodes it with the Writer's
// options: here {"a":1,"b":["x","x"]}, written with Jackson's defaults,
// gets shared values (the second "x" becomes a reference, 0x01) and an
// end marker.
func ExampleWriter_WriteToken() {
	in := []byte{0x3A, 0x29, 0x0A, 0x01, 0xFA, 0x80, 'a', 0xC2, 0x80, 'b', 0xF8, 0x40, 'x', 0x40, 'x', 0xF9, 0xFB}
	r, err := stream.NewReader(in, stream.ReaderOptions{})
	if err != nil {
		log.Fatal(err)
	}
	w, err := stream.NewWriter(stream.WriterOptions{SharedValues: true, EndMarker: true})
	if err != nil {
		log.Fatal(err)
	}
	for {
		tok, err := r.ReadToken()
		if err == io.EOF {
			break
		}
		if err != nil {
			log.Fatal(err)
		}
		if err := w.WriteToken(tok); err != nil {
			log.Fatal(err)
		}
	}
	if err := w.EndDocument(); err != nil {
		log.Fatal(err)
	}
	fmt.Printf("% X\n", w.Bytes())
	// Output: 3A 29 0A 03 FA 80 61 C2 80 62 F8 40 78 01 F9 FB FF
}

// With SharedValues, a repeated short string is a one-byte reference, as
// a repeated key is by default.
func ExampleWriterOptions_sharedValues() {
	w, err := stream.NewWriter(stream.WriterOptions{SharedValues: true})
	if err != nil {
		log.Fatal(err)
	}
	_ = w.WriteStartArray() // errors are checked once, at EndDocument
	for range 2 {
		_ = w.WriteStartObject()
		_ = w.WriteKey("key")
		_ = w.WriteString("value")
		_ = w.WriteEndObject()
	}
	_ = w.WriteEndArray()
	if err := w.EndDocument(); err != nil {
		log.Fatal(err)
	}
	fmt.Printf("% X\n", w.Bytes())
	// Output: 3A 29 0A 03 F8 FA 82 6B 65 79 44 76 61 6C 75 65 FB FA 40 01 FB F9
}

// A Writer refuses tokens that are not allowed where they stand.
func ExampleWriterError() {
	w, _ := stream.NewWriter(stream.WriterOptions{})
	_ = w.WriteStartObject()
	fmt.Println(w.WriteInt(1))
	_ = w.WriteKey("a")
	fmt.Println(w.WriteKey("b"))
	fmt.Println(w.EndDocument())
	// Output:
	// smile: cannot write an integer, expecting a key or the end of the object
	// smile: cannot write a key, expecting a value for the last key
	// smile: cannot end the document: 1 array or object is still open
}

// WriteBinaryFrom streams a large value to an io.Writer without holding it
// in memory.
func ExampleWriter_WriteBinaryFrom() {
	var out bytes.Buffer
	w, err := stream.NewWriterTo(&out, stream.WriterOptions{OmitHeader: true})
	if err != nil {
		log.Fatal(err)
	}
	payload := strings.NewReader("\x01\x02\x03")
	if err := w.WriteBinaryFrom(payload, 3); err != nil {
		log.Fatal(err)
	}
	if err := w.Flush(); err != nil {
		log.Fatal(err)
	}
	// E8, the raw length 3 as a VInt, then the 7-bit form of 01 02 03.
	fmt.Printf("% X\n", out.Bytes())
	// Output: E8 83 00 40 40 03
}
