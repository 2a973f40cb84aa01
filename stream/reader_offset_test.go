package stream_test

import (
	"io"
	"testing"

	"github.com/go-smile/smile/internal/golden"
)

// TestReaderOffsetsAcrossRefills reads every golden document with a
// []byte Reader and with stream Readers whose buffer is refilled (and its
// bytes moved) as they go, and checks that each token, and each value
// skipped, is reported at the same TokenOffset and InputOffset: the
// offsets are kept relative to the buffer, and a refill must move them
// with it.
func TestReaderOffsetsAcrossRefills(t *testing.T) {
	var cases []golden.Case
	for _, sub := range []string{"tokens", "json"} {
		cases = append(cases, golden.Cases(t, sub)...)
	}
	for _, c := range cases {
		opts := rdOptsFor(c.Config)
		for _, kind := range []string{"chunks", "onebyte"} {
			if kind == "onebyte" && len(c.Want) > 100_000 {
				continue // the chunks cover it; a byte at a time takes long
			}
			for _, skipAt := range []int{-1, 1, 3} { // -1: read every token
				want := rdNewTestReader(t, "bytes", c.Want, opts)
				got := rdNewTestReader(t, kind, c.Want, opts)
				for n := 0; ; n++ {
					var errW, errG error
					if n == skipAt {
						errW, errG = want.SkipValue(), got.SkipValue()
					} else {
						_, errW = want.ReadToken()
						_, errG = got.ReadToken()
					}
					if (errW == nil) != (errG == nil) {
						t.Fatalf("%s %s token %d: errors %v / %v", c.ID(), kind, n, errW, errG)
					}
					if w, g := [2]int64{want.TokenOffset(), want.InputOffset()}, [2]int64{got.TokenOffset(), got.InputOffset()}; errW == nil && w != g {
						t.Fatalf("%s %s token %d: token and input offsets %v, want %v", c.ID(), kind, n, g, w)
					}
					if errW != nil {
						if errW != io.EOF && n != skipAt {
							t.Fatalf("%s %s token %d: %v", c.ID(), kind, n, errW)
						}
						break
					}
				}
			}
		}
	}
}
