package stream

import (
	le "encoding/binary"
	"math"
	"math/rand/v2"
	"testing"
)

// TestShortVIntMatchesVInt checks rdShortVInt against rdVInt, the plain
// byte-by-byte decoder, on VInts of every length from 1 to 10 bytes with
// random groups, bad last bytes (0xC0-0xFF) and any bytes after the VInt.
func TestShortVIntMatchesVInt(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 200000; i++ {
		var b [12]byte
		for j := range b {
			b[j] = byte(rng.Uint32())
		}
		n := 1 + i%10
		for j := 0; j < n-1; j++ {
			b[j] &= 0x7F
		}
		b[n-1] |= 0x80
		if i%7 != 0 {
			b[n-1] &^= 0x40 // mostly valid last bytes
		}
		v, k, ok := rdShortVInt(b[:])
		wv, wk, st := rdVInt(b[:], 10)
		want := st == rdVIntOK && wk <= 8
		if ok != want || ok && (v != wv || k != wk) {
			t.Fatalf("% X: rdShortVInt = %d, %d, %v; rdVInt = %d, %d, status %d", b, v, k, ok, wv, wk, st)
		}
	}
}

// TestShortVInt32MatchesVInt checks rdShortVInt32 against rdVInt as
// readInt32 uses it (at most 5 bytes, a value of at most 32 bits), on
// VInts of 1 to 7 bytes with random groups, bad last bytes and values
// just past 32 bits.
func TestShortVInt32MatchesVInt(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 200000; i++ {
		var b [8]byte
		for j := range b {
			b[j] = byte(rng.Uint32())
		}
		n := 1 + i%7
		for j := 0; j < n-1; j++ {
			b[j] &= 0x7F
		}
		b[n-1] |= 0x80
		if i%7 != 0 {
			b[n-1] &^= 0x40 // mostly valid last bytes
		}
		if n == 5 && i%3 != 0 {
			b[0] &= 0x0F // mostly values of 32 bits, some of up to 34
		}
		v, k, ok := rdShortVInt32(le.BigEndian.Uint64(b[:]))
		wv, wk, st := rdVInt(b[:], 5)
		want := st == rdVIntOK && wv <= math.MaxUint32
		if ok != want || ok && (v != wv || k != wk) {
			t.Fatalf("% X: rdShortVInt32 = %d, %d, %v; rdVInt = %d, %d, status %d", b, v, k, ok, wv, wk, st)
		}
	}
}
