//go:build unix

package compat_test

import (
	"bytes"
	"io"
	"syscall"
	"testing"
	"time"

	"github.com/go-smile/smile/compat"
	"github.com/go-smile/smile/internal/golden"
)

// The converters on the four corpora of testdata/golden/corpus (the same
// files as shared/data), in MB/s of input:
//
//	go test ./compat -run XXX -bench 'FromJSON|ToJSON' -count 5
//
// Besides MB/s of wall time they report cpu-MB/s, the input divided by
// the CPU time the process used (getrusage), which holds better on a
// machine shared with other work.
func BenchmarkFromJSON(b *testing.B) {
	for _, c := range golden.Cases(b, "corpus") {
		b.Run(c.Name, func(b *testing.B) {
			b.SetBytes(int64(len(c.JSON)))
			b.ReportAllocs()
			start := cpuTime(b)
			for b.Loop() {
				if err := compat.FromJSON(io.Discard, bytes.NewReader(c.JSON), compat.FromJSONOptions{}); err != nil {
					b.Fatal(err)
				}
			}
			reportCPU(b, start, len(c.JSON))
		})
	}
}

func BenchmarkToJSON(b *testing.B) {
	for _, c := range golden.Cases(b, "corpus") {
		b.Run(c.Name, func(b *testing.B) {
			b.SetBytes(int64(len(c.Want)))
			b.ReportAllocs()
			start := cpuTime(b)
			for b.Loop() {
				if err := compat.ToJSON(io.Discard, bytes.NewReader(c.Want), compat.ToJSONOptions{}); err != nil {
					b.Fatal(err)
				}
			}
			reportCPU(b, start, len(c.Want))
		})
	}
}

// cpuTime returns the user and system CPU time of the process so far.
func cpuTime(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// reportCPU reports the cpu-MB/s metric of b.N runs on size bytes.
func reportCPU(b *testing.B, start time.Duration, size int) {
	if used := cpuTime(b) - start; used > 0 {
		b.ReportMetric(float64(size)*float64(b.N)/1e6/used.Seconds(), "cpu-MB/s")
	}
}
