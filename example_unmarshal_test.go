package smile_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"log"

	"github.com/go-smile/smile"
)

func ExampleUnmarshal() {
	// {"id":123456,"name":"Zoë","tags":["a","a"],"ok":true,"x":null,
	//  "pi":3.5,"n":-1,"nested":{"id":7}}, as Jackson writes it with shared
	// string values on (the second "a" is a back-reference).
	data := []byte{
		0x3A, 0x29, 0x0A, 0x03, 0xFA, 0x81, 0x69, 0x64, 0x24, 0x1E, 0x12, 0x80,
		0x83, 0x6E, 0x61, 0x6D, 0x65, 0x82, 0x5A, 0x6F, 0xC3, 0xAB, 0x83, 0x74,
		0x61, 0x67, 0x73, 0xF8, 0x40, 0x61, 0x02, 0xF9, 0x81, 0x6F, 0x6B, 0x23,
		0x80, 0x78, 0x21, 0x81, 0x70, 0x69, 0x29, 0x00, 0x40, 0x06, 0x00, 0x00,
		0x00, 0x00, 0x00, 0x00, 0x00, 0x80, 0x6E, 0xC1, 0x85, 0x6E, 0x65, 0x73,
		0x74, 0x65, 0x64, 0xFA, 0x40, 0xCE, 0xFB, 0xFB,
	}
	type Record struct {
		ID     int64    `smile:"id"`
		Name   string   `json:"name"` // json tags work too
		Tags   []string // matched case-insensitively, as in encoding/json
		OK     bool     `smile:"ok"`
		Pi     float64  `smile:"pi"`
		Nested *Record  `smile:"nested"`
	}
	var r Record
	if err := smile.Unmarshal(data, &r); err != nil {
		log.Fatal(err)
	}
	fmt.Println(r.ID, r.Name, r.Tags, r.OK, r.Pi, r.Nested.ID)

	// Into an interface value, Smile integers stay integers.
	var v any
	if err := smile.Unmarshal(data, &v); err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%T %T\n", v.(map[string]any)["id"], v.(map[string]any)["pi"])
	// Output:
	// 123456 Zoë [a a] true 3.5 7
	// int64 float64
}

func ExampleUnmarshal_typeError() {
	// {"items":[{"name":"x"},{"name":5}]}
	data := []byte{
		0x3A, 0x29, 0x0A, 0x01, 0xFA, 0x84, 0x69, 0x74, 0x65, 0x6D, 0x73, 0xF8,
		0xFA, 0x83, 0x6E, 0x61, 0x6D, 0x65, 0x40, 0x78, 0xFB, 0xFA, 0x41, 0xCA,
		0xFB, 0xF9, 0xFB,
	}
	var v struct {
		Items []struct {
			Name string `smile:"name"`
		} `smile:"items"`
	}
	err := smile.Unmarshal(data, &v)
	var te *smile.UnmarshalTypeError
	if errors.As(err, &te) {
		fmt.Println(te.Field, te.Value, te.Offset)
	}
	fmt.Println(err)
	// Output:
	// items[1].name integer 5 23
	// smile: cannot unmarshal integer 5 into field items[1].name of Go type string at offset 23
}

func ExampleDecoder() {
	// Two documents, each ended by the FF end marker: {} and [].
	stream := []byte{0x3A, 0x29, 0x0A, 0x01, 0xFA, 0xFB, 0xFF, 0x3A, 0x29, 0x0A, 0x01, 0xF8, 0xF9, 0xFF}
	dec := smile.NewDecoder(bytes.NewReader(stream))
	for {
		var v any
		err := dec.Decode(&v)
		if err == io.EOF {
			break
		}
		if err != nil {
			log.Fatal(err)
		}
		fmt.Printf("%#v at offset %d\n", v, dec.InputOffset())
	}
	// Output:
	// map[string]interface {}{} at offset 6
	// []interface {}{} at offset 13
}

func ExampleDecOptions_DecMode() {
	mode, err := smile.DecOptions{
		DisallowUnknownFields: true,
		AnyNumbers:            smile.AnyNumbersAsNumber,
	}.DecMode()
	if err != nil {
		log.Fatal(err)
	}
	// {"a":1.5} with 1.5 as a BigDecimal.
	data := []byte{0x3A, 0x29, 0x0A, 0x01, 0xFA, 0x80, 0x61, 0x2A, 0x82, 0x81, 0x07, 0x01, 0xFB}
	var v any
	if err := mode.Unmarshal(data, &v); err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%#v\n", v)

	var s struct{ B int }
	err = mode.Unmarshal(data, &s)
	fmt.Println(errors.Is(err, smile.ErrUnknownField), err)
	// Output:
	// map[string]interface {}{"a":"1.5"}
	// true smile: unknown field "a" in Go type struct { B int } at offset 5
}
