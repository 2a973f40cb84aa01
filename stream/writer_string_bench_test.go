package stream

import (
	"strconv"
	"testing"
	"unicode/utf8"
)

// The benchmarks of this file measure the speed claims of
// writer_string.go's comments; their figures there are callgrind
// instructions per op (GOGC=off GOMAXPROCS=1 valgrind --tool=callgrind
// ./stream.test -test.bench '^BenchmarkX$' -test.benchtime Nx, with
// N=200 and 400, the difference divided by 200), which machine load does
// not change.

// keyBenchNames are twenty names of the usual lengths, ten of them
// numbers as the keys of a map keyed by ids.
var keyBenchNames = func() []string {
	n := []string{"id", "name", "email", "created_at", "screen_name", "followers_count",
		"profile_image_url_https", "lang", "retweet_count", "in_reply_to_status_id"}
	for i := range 10 {
		n = append(n, strconv.Itoa(138586341+i))
	}
	return n
}()

// benchmarkKeys writes an array of ten objects of keyBenchNames' keys,
// each with the value 1, per op: each name is written in full once and
// referenced nine times.
func benchmarkKeys(b *testing.B, key func(w *Writer, i int)) {
	w, err := NewWriter(WriterOptions{})
	if err != nil {
		b.Fatal(err)
	}
	w.Reset(make([]byte, 0, 1<<16))
	for b.Loop() {
		w.Reset(w.Bytes()[:0])
		_ = w.WriteStartArray()
		for range 10 {
			_ = w.WriteStartObject()
			for i := range keyBenchNames {
				key(w, i)
				_ = w.WriteInt(1)
			}
			_ = w.WriteEndObject()
		}
		_ = w.WriteEndArray()
	}
}

func BenchmarkWriteKey(b *testing.B) {
	benchmarkKeys(b, func(w *Writer, i int) { _ = w.WriteKey(keyBenchNames[i]) })
}

func BenchmarkWritePreparedKey(b *testing.B) {
	ks := make([]*PreparedKey, len(keyBenchNames))
	for i, n := range keyBenchNames {
		k, err := PrepareKey(n)
		if err != nil {
			b.Fatal(err)
		}
		ks[i] = k
	}
	benchmarkKeys(b, func(w *Writer, i int) { _ = w.WritePreparedKey(ks[i]) })
}

// utf8BenchText is a tweet's text: Japanese, emoji and accented Latin
// among ASCII.
const utf8BenchText = "@aym0566x \n\n名前:前田あゆみ\n第一印象:なんか怖っ！\n今の印象:とりあえずキモい。" +
	"噛み合わない\n好きなところ:ぶすでキモいとこ😋✨✨ #1 Ångström café naïve"

var utf8BenchSink bool

func BenchmarkCheckUTF8(b *testing.B) {
	for b.Loop() {
		_, utf8BenchSink = checkUTF8(utf8BenchText)
	}
}

func BenchmarkUTF8ValidString(b *testing.B) {
	for b.Loop() {
		utf8BenchSink = utf8.ValidString(utf8BenchText)
	}
}
