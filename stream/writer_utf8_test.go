package stream

import (
	"math/rand/v2"
	"testing"
	"unicode/utf8"
)

// TestCheckUTF8 compares checkUTF8 with unicode/utf8 on strings that mix
// ASCII runs, multi-byte runes and invalid bytes at every position.
func TestCheckUTF8(t *testing.T) {
	pieces := []string{"a", "hello wo", "é", "名前", "😋", "\xff", "\xc3", "\xe2\x82", "\xed\xa0\x80", "\xf4\x90\x80\x80", "\xc0\x80"}
	rng := rand.New(rand.NewPCG(3, 4))
	for range 20000 {
		var s string
		for range rng.IntN(12) {
			s += pieces[rng.IntN(len(pieces))]
		}
		ascii, valid := checkUTF8(s)
		wantASCII := true
		for i := 0; i < len(s); i++ {
			wantASCII = wantASCII && s[i] < utf8.RuneSelf
		}
		if ascii != wantASCII || valid != utf8.ValidString(s) {
			t.Fatalf("checkUTF8(%q) = %v, %v; want %v, %v", s, ascii, valid, wantASCII, utf8.ValidString(s))
		}
	}
}

// TestWriteStringOnePass checks the tokens WriteString chooses while it
// checks and copies a string in one pass, for strings of every short
// length mixing ASCII, multi-byte runes and invalid bytes at every
// position, against the token table of the format (§2): an invalid string
// must write nothing, and a valid one its token and exactly its bytes.
func TestWriteStringOnePass(t *testing.T) {
	pieces := []string{"a", "hello wo", "é", "名前", "😋", "\xff", "\xc3", "\xe2\x82", "\xed\xa0\x80", "\xc0\x80"}
	rng := rand.New(rand.NewPCG(5, 6))
	w, err := NewWriter(WriterOptions{OmitHeader: true})
	if err != nil {
		t.Fatal(err)
	}
	for range 20000 {
		var s string
		for len(s) < 70 && rng.IntN(16) != 0 {
			s += pieces[rng.IntN(len(pieces))]
		}
		w.Reset(nil)
		if err := w.WriteStartArray(); err != nil {
			t.Fatal(err)
		}
		err := w.WriteString(s)
		got := w.Bytes()[1:]
		if !utf8.ValidString(s) {
			if err == nil || len(got) != 0 {
				t.Fatalf("WriteString(%q) = %v and wrote % X; want an error and nothing", s, err, got)
			}
			continue
		}
		ascii := true
		for i := 0; i < len(s); i++ {
			ascii = ascii && s[i] < utf8.RuneSelf
		}
		var want []byte
		switch n := len(s); {
		case n == 0:
			want = []byte{0x20}
		case n > 64 && ascii:
			want = append(append([]byte{0xE0}, s...), 0xFC)
		case n > 64:
			want = append(append([]byte{0xE4}, s...), 0xFC)
		case ascii:
			want = append([]byte{0x40 + byte(n-1)}, s...)
		default:
			want = append([]byte{0x80 + byte(n-2)}, s...)
		}
		if err != nil || string(got) != string(want) {
			t.Fatalf("WriteString(%q) = %v and wrote % X; want % X", s, err, got, want)
		}
	}
}
