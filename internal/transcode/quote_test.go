package transcode

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"
)

// quoteRef is the rule appendQuoted implements, one character at a time:
// '"' and '\\' and the control characters escaped (the short forms \n \r
// \t \b \f, else \u00xx), each byte that does not start a valid UTF-8
// sequence replaced with U+FFFD, every other character as it is.
func quoteRef(s []byte) string {
	var sb strings.Builder
	sb.WriteByte('"')
	for _, r := range string(s) { // an invalid byte is one U+FFFD
		switch r {
		case '"':
			sb.WriteString(`\"`)
		case '\\':
			sb.WriteString(`\\`)
		case '\n':
			sb.WriteString(`\n`)
		case '\r':
			sb.WriteString(`\r`)
		case '\t':
			sb.WriteString(`\t`)
		case '\b':
			sb.WriteString(`\b`)
		case '\f':
			sb.WriteString(`\f`)
		default:
			if r < 0x20 {
				fmt.Fprintf(&sb, `\u%04x`, r)
			} else {
				sb.WriteRune(r)
			}
		}
	}
	sb.WriteByte('"')
	return sb.String()
}

// TestAppendQuoted puts each byte or character that the scan treats
// apart (every control character, the quote and the backslash, the bytes
// around them, non-ASCII characters of 2 to 4 bytes, invalid bytes) at
// every position of strings of 0 to 40 bytes, alone and next to another,
// so that it falls at every place in and across the 8-byte words the scan
// loads; the text must be quoteRef's, with valid set wherever the string
// is valid UTF-8 and without it everywhere, and read back with
// encoding/json to the string with U+FFFD for the invalid bytes.
func TestAppendQuoted(t *testing.T) {
	var specials []string
	for c := range 0x20 {
		specials = append(specials, string(rune(c)))
	}
	specials = append(specials, `"`, `\`, "!", "#", "[", "]", " ", "\x7f", "é", "中", "😀", "\ufffd",
		"\xff", "\x80", "\xc3", "\xe4\xb8", "\xed\xa0\x80" /* a surrogate */)
	n := 0
	check := func(s []byte) {
		t.Helper()
		n++
		want := quoteRef(s)
		if got := string(appendQuoted([]byte("x"), s, false)); got != "x"+want {
			t.Fatalf("appendQuoted(%q, false) = %s, want x%s", s, got, want)
		}
		if utf8.Valid(s) {
			if got := string(appendQuoted(nil, s, true)); got != want {
				t.Fatalf("appendQuoted(%q, true) = %s, want %s", s, got, want)
			}
		}
		var back string
		if err := json.Unmarshal([]byte(want), &back); err != nil || back != string([]rune(string(s))) {
			t.Fatalf("%s reads back as %q, %v", want, back, err)
		}
	}
	for size := range 41 {
		for _, sp := range specials {
			for at := 0; at+len(sp) <= size; at++ {
				s := []byte(strings.Repeat("a", size))
				copy(s[at:], sp)
				check(s)
				if at+2*len(sp) <= size {
					copy(s[at+len(sp):], sp)
					check(s)
				}
			}
		}
	}
	t.Logf("%d strings", n)
}
