package stream

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/go-smile/smile/internal/golden"
)

// TestNextMatchesNextSlow checks next's fast path against nextSlow, which
// reads every token the general way: the golden documents and copies of
// them with bytes changed at random are read twice, once with next and
// once with nextSlow alone, under options that move the limits, and every
// token, offset, depth and error must agree.
func TestNextMatchesNextSlow(t *testing.T) {
	var inputs [][]byte
	for _, sub := range []string{"tokens", "json"} {
		for _, c := range golden.Cases(t, sub) {
			inputs = append(inputs, c.Want)
		}
	}
	if len(inputs) < 40 {
		t.Fatalf("only %d golden inputs", len(inputs))
	}
	opts := []ReaderOptions{
		{},
		{HeaderOptional: true, KeepNamesAcrossHeaders: true},
		{AllowInvalidUTF8: true, MaxDepth: 3, MaxStringLen: 5},
	}
	rng := rand.New(rand.NewPCG(3, 4))
	special := []byte{0x00, 0x01, 0x20, 0x21, 0x24, 0x25, 0x29, 0x30, 0x3A, 0x40, 0x7F, 0x80, 0xBF, 0xC0, 0xF8, 0xF9, 0xFA, 0xFB, 0xFC, 0xFF}
	runs := 0
	for _, in := range inputs {
		for _, o := range opts {
			rdCompareNext(t, in, o)
			runs++
			for range 4 {
				m := bytes.Clone(in)
				for range 1 + rng.IntN(3) {
					i := rng.IntN(len(m))
					if rng.IntN(2) == 0 {
						m[i] = special[rng.IntN(len(special))]
					} else {
						m[i] = byte(rng.Uint32())
					}
				}
				rdCompareNext(t, m, o)
				if n := rng.IntN(len(m) + 1); n < len(m) {
					rdCompareNext(t, m[:n], o) // cut short
				}
				runs++
			}
		}
	}
	t.Logf("%d inputs compared", runs)
}

// rdCompareNext reads in with next and with nextSlow and fails t at the
// first difference.
func rdCompareNext(t *testing.T, in []byte, o ReaderOptions) {
	t.Helper()
	fast, err := NewReader(in, o)
	if err != nil {
		t.Fatal(err)
	}
	slow, _ := NewReader(in, o)
	for i := 0; ; i++ {
		a, ea := fast.next(false)
		b, eb := slow.nextSlow(false)
		ga := fmt.Sprintf("%v %d %v %q %d | off %d tok %d depth %d | %v", a.Kind, a.Slot, a.Ref, a.Bytes(), a.v.n, fast.InputOffset(), fast.TokenOffset(), fast.Depth(), ea)
		gb := fmt.Sprintf("%v %d %v %q %d | off %d tok %d depth %d | %v", b.Kind, b.Slot, b.Ref, b.Bytes(), b.v.n, slow.InputOffset(), slow.TokenOffset(), slow.Depth(), eb)
		if ga != gb {
			t.Fatalf("input % X, options %+v, token %d:\nnext:     %s\nnextSlow: %s", in, o, i, ga, gb)
		}
		if ea != nil {
			return
		}
	}
}
