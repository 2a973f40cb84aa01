package stream

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// TestCheckUTF8Positions puts one non-ASCII piece, valid or not, at every
// position of ASCII strings of every length up to 40, so that it falls in
// each 8-byte block checkUTF8 reads, and in the overlapping last one.
func TestCheckUTF8Positions(t *testing.T) {
	pieces := []string{"é", "名", "😋", "\xff", "\xe2\x82", "\xed\xa0\x80", "名前です"}
	for n := 0; n <= 40; n++ {
		for _, p := range pieces {
			for at := 0; at+len(p) <= n; at++ {
				s := strings.Repeat("a", at) + p + strings.Repeat("b", n-at-len(p))
				ascii, valid := checkUTF8(s)
				if ascii || valid != utf8.ValidString(s) {
					t.Fatalf("checkUTF8(%q) = %v, %v; want false, %v", s, ascii, valid, utf8.ValidString(s))
				}
			}
		}
		if ascii, valid := checkUTF8(strings.Repeat("c", n)); !ascii || !valid {
			t.Fatalf("checkUTF8 of %d ASCII bytes = %v, %v", n, ascii, valid)
		}
	}
}
