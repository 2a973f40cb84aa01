package binary

import (
	"math/rand/v2"
	"testing"
)

var benchSizes = []struct {
	name string
	n    int
}{{"1KB", 1 << 10}, {"64KB", 1 << 16}, {"1MB", 1 << 20}}

// BenchmarkEncode measures the kernel against the per-byte reference.
// Throughput is in raw (payload) bytes.
//
//	go test ./binary -run XXX -bench .
//
// The instruction counts cited in binary.go, which load does not change,
// are callgrind's (GOGC=off GOMAXPROCS=1 valgrind --tool=callgrind) for
// the test binary (go test -c ./binary) run with -test.bench
// 'Encode/kernel/64KB' -test.benchtime 100x, minus those of 50x, divided
// by 50 (1KB: 2000x and 1000x, by 1000; the reference on 64KB: 20x and
// 10x, by 10).
func BenchmarkEncode(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 1))
	for _, impl := range []string{"kernel", "reference"} {
		b.Run(impl, func(b *testing.B) {
			for _, s := range benchSizes {
				raw := randomBytes(r, s.n)
				dst := make([]byte, EncodedLen(s.n))
				b.Run(s.name, func(b *testing.B) {
					b.SetBytes(int64(s.n))
					b.ReportAllocs()
					if impl == "kernel" {
						for b.Loop() {
							Encode(dst, raw)
						}
					} else {
						for b.Loop() {
							refEncode(dst[:0], raw)
						}
					}
				})
			}
		})
	}
}

// BenchmarkDecode measures the kernel against the per-byte reference.
// Throughput is in raw (payload) bytes.
func BenchmarkDecode(b *testing.B) {
	r := rand.New(rand.NewPCG(2, 2))
	for _, impl := range []string{"kernel", "reference"} {
		b.Run(impl, func(b *testing.B) {
			for _, s := range benchSizes {
				enc := AppendEncode(nil, randomBytes(r, s.n))
				dst := make([]byte, s.n)
				b.Run(s.name, func(b *testing.B) {
					b.SetBytes(int64(s.n))
					b.ReportAllocs()
					if impl == "kernel" {
						for b.Loop() {
							if _, err := Decode(dst, enc); err != nil {
								b.Fatal(err)
							}
						}
					} else {
						for b.Loop() {
							refDecode(dst[:0], enc, false)
						}
					}
				})
			}
		})
	}
}
