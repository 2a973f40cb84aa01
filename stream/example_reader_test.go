package stream_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"

	"github.com/go-smile/smile/stream"
)

// Reading tokens from a []byte: {"a":6,"b":[true,"x"]} as Jackson writes it.
func ExampleReader() {
	data := []byte{0x3A, 0x29, 0x0A, 0x01, 0xFA, 0x80, 0x61, 0xCC, 0x80, 0x62, 0xF8, 0x23, 0x40, 0x78, 0xF9, 0xFB}
	r, err := stream.NewReader(data, stream.ReaderOptions{})
	if err != nil {
		panic(err)
	}
	for {
		tok, err := r.ReadToken()
		if err == io.EOF {
			break
		}
		if err != nil {
			fmt.Println("error:", err)
			return
		}
		switch tok.Kind {
		case stream.KindKey, stream.KindString:
			fmt.Printf("%v %q (depth %d)\n", tok.Kind, tok.Bytes(), r.Depth())
		case stream.KindInt:
			fmt.Printf("%v %d\n", tok.Kind, tok.Int())
		default:
			fmt.Println(tok.Kind)
		}
	}
	// Output:
	// start of object
	// key "a" (depth 1)
	// integer 6
	// key "b" (depth 1)
	// start of array
	// true
	// string "x" (depth 2)
	// end of array
	// end of object
}

// Malformed input gives a *SyntaxError with the offset of the byte at fault.
func ExampleSyntaxError() {
	r, _ := stream.NewReader([]byte{0x3A, 0x29, 0x0A, 0x01, 0xF8, 0x27}, stream.ReaderOptions{})
	for {
		if _, err := r.ReadToken(); err != nil {
			var se *stream.SyntaxError
			if errors.As(err, &se) {
				fmt.Println(se.Offset, se.Msg)
			}
			return
		}
	}
	// Output:
	// 5 invalid type marker byte 0x27 for expected value token
}

// Streaming a large binary value to an io.Writer without holding it.
func ExampleReader_ReadBinaryTo() {
	data := []byte{0x3A, 0x29, 0x0A, 0x01, 0xE8, 0x83, 0x00, 0x40, 0x40, 0x03}
	r, _ := stream.NewReaderFrom(bytes.NewReader(data), stream.ReaderOptions{})
	var out bytes.Buffer
	n, err := r.ReadBinaryTo(&out)
	fmt.Println(n, err, out.Bytes())
	// Output:
	// 3 <nil> [1 2 3]
}
