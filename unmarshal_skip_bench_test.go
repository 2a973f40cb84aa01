package smile

import (
	"path/filepath"
	"testing"

	"github.com/go-smile/smile/internal/golden"
)

// BenchmarkUnmarshalSkipping decodes the twitter corpus (Jackson's Smile)
// into a struct that keeps a few fields of each status: most of the
// document is skipped, so this measures SkipValue and the checks it makes
// (the difference between the two sub-benchmarks).
func BenchmarkUnmarshalSkipping(b *testing.B) {
	dir, err := golden.Dir("corpus")
	if err != nil {
		b.Fatal(err)
	}
	data, err := golden.ReadFile(filepath.Join(dir, "twitter.default.smile"))
	if err != nil {
		b.Fatal(err)
	}
	type status struct {
		ID   int64  `json:"id"`
		Text string `json:"text"`
	}
	type few struct {
		Statuses []status `json:"statuses"`
	}
	var v few
	if err := Unmarshal(data, &v); err != nil {
		b.Fatal(err)
	}
	if len(v.Statuses) == 0 || v.Statuses[0].Text == "" {
		b.Fatal("the corpus has no statuses with text")
	}
	newFew := func() any { return new(few) }
	b.Run("checked", func(b *testing.B) { benchUnmarshal(b, data, newFew, Unmarshal) })
	// Without the UTF-8 and 7-bit checks, in skipped and read values alike.
	unchecked, err := DecOptions{AllowInvalidUTF8: true, Lenient7Bit: true}.DecMode()
	if err != nil {
		b.Fatal(err)
	}
	b.Run("unchecked", func(b *testing.B) { benchUnmarshal(b, data, newFew, unchecked.Unmarshal) })
}
