package stream

import (
	"bytes"
	"math/rand"
	"strings"
	"testing"
	"unicode/utf8"
)

// The validator must agree with unicode/utf8.Valid everywhere.

func TestReaderUTF8MatchesStdlib(t *testing.T) {
	cases := [][]byte{
		nil, []byte("a"), []byte("ascii only, long enough for words"),
		[]byte("Zoë"), []byte("€"), []byte("😀"), []byte("日本語のテキスト、とても長い文字列です。"),
		{0xC0, 0x80}, {0xED, 0xA0, 0x80}, {0xF4, 0x90, 0x80, 0x80}, {0xF5}, {0xFF}, {0x80},
		{0xE2, 0x82}, {0xC3, 0x28}, {0xEF, 0xBF, 0xBF}, {0xF0, 0x90, 0x80, 0x80}, {0xF4, 0x8F, 0xBF, 0xBF},
		{0xE0, 0x9F, 0xBF}, {0xE0, 0xA0, 0x80}, {0xED, 0x9F, 0xBF}, {0xF0, 0x8F, 0xBF, 0xBF},
		// Two 3-byte sequences, as rdTwo3 takes them, and their neighbours.
		{0xE3, 0x81, 0x82, 0xE3, 0x81, 0x84, 'a', 'b'},
		{0xE3, 0x81, 0x82, 0xE0, 0x80, 0x80, 'a', 'b'}, // overlong
		{0xE0, 0x9F, 0xBF, 0xE3, 0x81, 0x82, 'a', 'b'}, // overlong
		{0xED, 0xA0, 0x80, 0xE3, 0x81, 0x82, 'a', 'b'}, // surrogate
		{0xE3, 0x81, 0x82, 0xED, 0xBF, 0xBF, 'a', 'b'}, // surrogate
		{0xE3, 0x81, 0x82, 0xED, 0x9F, 0xBF, 'a', 'b'},
		{0xE0, 0xA0, 0x80, 0xEF, 0xBF, 0xBF, 'a', 'b'},
		{0xE3, 0x81, 0x82, 0xE3, 0x81, 0x41, 'a', 'b'},
		{0xE3, 0x81, 0x82, 0xE3, 0x81, 0x82, 0x80, 'b'},
		{0xE3, 0x81, 0x82, 0xE3, 0x81, 0x82, 0xE3, 0x81},
	}
	for _, c := range cases {
		for pad := 0; pad < 10; pad++ {
			b := append(make([]byte, 0, pad+len(c)), []byte("abcdefghij")[:pad]...)
			b = append(b, c...)
			if got, want := rdValidUTF8(b), utf8.Valid(b); got != want {
				t.Fatalf("rdValidUTF8(% X) = %v, utf8.Valid = %v", b, got, want)
			}
			if got, want := rdASCII(b), utf8.RuneCount(b) == len(b) && utf8.Valid(b); got != want {
				t.Fatalf("rdASCII(% X) = %v", b, got)
			}
			if want := utf8.Valid(b); (rdInvalidUTF8At(b) < 0) != want {
				t.Fatalf("rdInvalidUTF8At(% X) = %d", b, rdInvalidUTF8At(b))
			}
		}
	}
	rnd := rand.New(rand.NewSource(1))
	alphabet := []byte{0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC2, 0xDF, 0xE0, 0xE1, 0xED, 0xEE, 0xF0, 0xF1, 0xF4, 0xF5, 0xFF}
	for i := 0; i < 200000; i++ {
		n := rnd.Intn(20)
		b := make([]byte, n)
		for j := range b {
			b[j] = alphabet[rnd.Intn(len(alphabet))]
		}
		if got, want := rdValidUTF8(b), utf8.Valid(b); got != want {
			t.Fatalf("rdValidUTF8(% X) = %v, utf8.Valid = %v", b, got, want)
		}
		ascii := true
		for _, c := range b {
			ascii = ascii && c < 0x80
		}
		if rdASCII(b) != ascii {
			t.Fatalf("rdASCII(% X) = %v", b, !ascii)
		}
	}
}

// TestReaderUTF8Pieces checks rdValidUTF8 on text made of valid sequences
// of every length, in runs long enough for its CJK loop, then with one
// byte changed or the last byte cut: errors at every offset of a run and
// sequences cut short by the end of the input.
func TestReaderUTF8Pieces(t *testing.T) {
	pieces := []string{"a", " ", "ü", "ß", "日", "本", "。", "！", "ー", "\u0800", "\u0fff", "\ud7ff", "\ue000", "\uffff", "😀", "\U0010ffff"}
	mutations := []byte{0x00, 0x41, 0x7F, 0x80, 0x9F, 0xA0, 0xBF, 0xC0, 0xC2, 0xE0, 0xE3, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF}
	rnd := rand.New(rand.NewSource(2))
	for i := 0; i < 100000; i++ {
		var b []byte
		cjk := rnd.Intn(2) == 0 // mostly 3-byte sequences
		for n := rnd.Intn(40); n > 0; n-- {
			p := pieces[rnd.Intn(len(pieces))]
			if cjk && rnd.Intn(8) != 0 {
				p = pieces[4+rnd.Intn(4)]
			}
			b = append(b, p...)
		}
		check := func(b []byte) {
			if got, want := rdValidUTF8(b), utf8.Valid(b); got != want {
				t.Fatalf("rdValidUTF8(% X) = %v, utf8.Valid = %v", b, got, want)
			}
		}
		check(b)
		if len(b) == 0 {
			continue
		}
		check(b[:len(b)-1])
		b[rnd.Intn(len(b))] = mutations[rnd.Intn(len(mutations))]
		check(b)
	}
}

func FuzzReaderUTF8(f *testing.F) {
	f.Add([]byte("日本語 text"))
	f.Add([]byte{0xED, 0xA0, 0x80})
	f.Fuzz(func(t *testing.T, b []byte) {
		if got, want := rdValidUTF8(b), utf8.Valid(b); got != want {
			t.Fatalf("rdValidUTF8(% X) = %v, utf8.Valid = %v", b, got, want)
		}
	})
}

// BenchmarkReaderUTF8 measures the validator on the kinds of text it has
// paths for: Latin (2-byte sequences among ASCII), CJK (runs of 3-byte
// sequences), a mix with ASCII, and a short string (the byte loop), and
// unicode/utf8.Valid on the same texts, the plain code it stands for
// (reader_utf8.go's comment cites the two):
//
//	go test ./stream -run XXX -bench ReaderUTF8 -count 5 | benchstat -col /impl -
//
// Instructions per call, which load does not change: the callgrind
// instruction count (GOGC=off GOMAXPROCS=1 valgrind --tool=callgrind) of
// the test binary (go test -c ./stream) run with -test.bench
// 'ReaderUTF8/impl=X/text=Y' -test.benchtime 4000x, minus that of 2000x,
// divided by 2000.
func BenchmarkReaderUTF8(b *testing.B) {
	texts := []struct{ name, text string }{
		{"latin", strings.Repeat("Le cœur a ses raisons que la raison ne connaît point; größer, Zürich, échelle. ", 4)},
		{"cjk", strings.Repeat("日本語のテキスト、とても長い文字列です。", 6)},
		{"mixed", strings.Repeat("RT @user: 今日はいい天気ですね http://t.co/abc #tag ", 4)},
		{"short", "Zürich"},
	}
	impls := []struct {
		name  string
		valid func([]byte) bool
	}{{"rdValidUTF8", rdValidUTF8}, {"utf8.Valid", utf8.Valid}}
	for _, impl := range impls {
		for _, c := range texts {
			s := []byte(c.text)
			b.Run("impl="+impl.name+"/text="+c.name, func(b *testing.B) {
				b.SetBytes(int64(len(s)))
				for range b.N {
					if !impl.valid(s) {
						b.Fatal("invalid")
					}
				}
			})
		}
	}
}

// TestASCIIShort checks asciiShort against rdASCII on every string of 1
// to 8 bytes with a byte of 0x80 or above at any place in or just past
// it, from every start in a buffer, near its end too, where asciiShort
// may decline (then rdASCII decides, as its callers ask it).
func TestASCIIShort(t *testing.T) {
	for n := 1; n <= 8; n++ {
		for bad := -1; bad < 16; bad++ { // the index of the high byte, -1 for none
			buf := bytes.Repeat([]byte{'a'}, 16)
			if bad >= 0 {
				buf[bad] = 0xC3
			}
			r := &Reader{buf: buf}
			for p := 0; p+n <= len(buf); p++ {
				s := buf[p : p+n]
				want := rdASCII(s)
				got := r.asciiShort(p, n)
				if got && !want || !got && want && len(buf)-p >= 8 {
					t.Fatalf("n %d, high byte at %d, p %d: asciiShort = %v, rdASCII = %v", n, bad, p, got, want)
				}
			}
		}
	}
}
