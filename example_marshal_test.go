package smile_test

import (
	"bytes"
	"fmt"
	"log"
	"time"

	"github.com/go-smile/smile"
)

func ExampleMarshal() {
	type Point struct {
		X, Y int
		Tag  string `smile:"tag,omitempty"`
	}
	data, err := smile.Marshal(&Point{X: 1, Y: -2})
	if err != nil {
		log.Fatal(err)
	}
	// The header, then {"X":1,"Y":-2}: FA starts an object, 80 58 is the
	// one-byte name "X", C2 the small integer 1, FB ends the object.
	fmt.Printf("% x\n", data)
	// Output:
	// 3a 29 0a 01 fa 80 58 c2 80 59 c3 fb
}

func ExampleMarshal_types() {
	data, err := smile.Marshal(map[string]any{
		"bytes": []byte{1, 2, 3}, // binary, not base64
		"big":   uint64(1 << 63), // BigInteger
		"when":  time.Date(2024, 5, 17, 0, 0, 0, 0, time.UTC),
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(len(data), "bytes")
	// Output:
	// 61 bytes
}

func ExampleEncoder() {
	var buf bytes.Buffer
	enc := smile.NewEncoder(&buf)
	for _, v := range []any{true, []int{1, 2}, nil} {
		// Each call writes one complete document, header included.
		if err := enc.Encode(v); err != nil {
			log.Fatal(err)
		}
	}
	fmt.Printf("% x\n", buf.Bytes())
	// Output:
	// 3a 29 0a 01 23 3a 29 0a 01 f8 c2 c4 f9 3a 29 0a 01 21
}

func ExampleEncOptions_EncMode() {
	// Validate the options once; the mode is safe for concurrent use.
	mode, err := smile.EncOptions{
		SharedValues: true, // back-reference repeated strings
		EndMarker:    true,
		Time:         smile.TimeEpochMillis,
	}.EncMode()
	if err != nil {
		log.Fatal(err)
	}
	data, err := mode.Marshal([]any{"repeated", "repeated", time.UnixMilli(1000)})
	if err != nil {
		log.Fatal(err)
	}
	// The second "repeated" is the one-byte back-reference 01; the time is
	// the integer 1000; FF is the end marker.
	fmt.Printf("% x\n", data)

	_, err = smile.EncOptions{OmitHeader: true, SharedValues: true}.EncMode()
	fmt.Println(err != nil)
	// Output:
	// 3a 29 0a 03 f8 47 72 65 70 65 61 74 65 64 01 24 1f 90 f9 ff
	// true
}
