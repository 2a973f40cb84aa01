package stream

import (
	"math/rand/v2"
	"testing"
)

// TestFloat64Bits checks the packing of a float64's ten 7-bit groups
// against the byte-at-a-time definition, on random bytes (high bits set
// included: they are ignored) and on every single set bit.
func TestFloat64Bits(t *testing.T) {
	want := func(b *[10]byte) uint64 {
		u := uint64(b[0] & 1)
		for _, c := range b[1:] {
			u = u<<7 | uint64(c&0x7F)
		}
		return u
	}
	rng := rand.New(rand.NewPCG(1, 2))
	var cases [][10]byte
	for range 10000 {
		var b [10]byte
		for i := range b {
			b[i] = byte(rng.Uint32())
		}
		cases = append(cases, b)
	}
	for bit := range 64 { // bit 0 of b[0], then 7 bits of each other byte
		var b [10]byte
		if bit == 0 {
			b[0] = 1
		} else {
			b[1+(bit-1)/7] = 0x40 >> ((bit - 1) % 7)
		}
		cases = append(cases, b)
	}
	for _, b := range cases {
		if got, w := rdFloat64Bits(&b), want(&b); got != w {
			t.Fatalf("rdFloat64Bits(% X) = %016X, want %016X", b, got, w)
		}
	}
}
