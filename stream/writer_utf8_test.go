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
