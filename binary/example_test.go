package binary_test

import (
	"fmt"

	"github.com/go-smile/smile/binary"
)

func ExampleEncode() {
	raw := []byte{0x01, 0x02, 0x03}
	enc := make([]byte, binary.EncodedLen(len(raw)))
	binary.Encode(enc, raw)
	fmt.Printf("% X\n", enc)
	// Output: 00 40 40 03
}

func ExampleDecode() {
	enc := []byte{0x6F, 0x2B, 0x37, 0x6E, 0x0F}
	n, _ := binary.DecodedLen(len(enc))
	raw := make([]byte, n)
	if _, err := binary.Decode(raw, enc); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("% X\n", raw)

	_, err := binary.Decode(raw, []byte{0x6F, 0x2B, 0xB7, 0x6E, 0x0F})
	fmt.Println(err)
	// Output:
	// DE AD BE EF
	// binary: corrupt 7-bit input at offset 2: byte 0xb7 has its high bit set
}

func ExampleAppendEncode() {
	fmt.Printf("% X\n", binary.AppendEncode(nil, []byte("abc")))
	// Output: 30 58 4C 03
}
