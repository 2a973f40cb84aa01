package stream_test

import (
	"io"
	"testing"

	"github.com/go-smile/smile/stream"
)

// BenchmarkTokenLoop reads every token of Jackson's Smile for a corpus
// document with ReadToken and touches each value as the JVM harness in
// bench/jvm does with Jackson's parser (JsonParser.nextToken, then
// getText for strings and names, getLongValue or getBigIntegerValue for
// integers, getDoubleValue for floats). b.SetBytes is the Smile size, as
// the harness reports MB/s of Smile input.
//
// One difference is kept on purpose and named in the harness's README:
// Bytes returns the string's bytes in place, where Jackson's getText
// builds a java.lang.String for each value that is not a back-reference
// (names and shared values come from its tables). The "text" variant
// converts each string value to a Go string, which allocates, to bracket
// that difference from the other side.
func BenchmarkTokenLoop(b *testing.B) {
	for _, name := range []string{"citm_catalog", "twitter", "canada"} {
		data, _ := rdLoadCorpus(b, name)
		b.Run(name, func(b *testing.B) { rdTokenLoop(b, data, false) })
		b.Run(name+"/text", func(b *testing.B) { rdTokenLoop(b, data, true) })
	}
}

// rdTokenSink keeps the loop's results alive.
var rdTokenSink int64

func rdTokenLoop(b *testing.B, data []byte, text bool) {
	r, err := stream.NewReader(data, stream.ReaderOptions{})
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	var sum int64
	var f float64
	for range b.N {
		r.Reset(data)
		for {
			t, err := r.ReadToken()
			if err != nil {
				if err != io.EOF {
					b.Fatal(err)
				}
				break
			}
			switch t.Kind {
			case stream.KindKey:
				sum += int64(len(t.Bytes()))
			case stream.KindString:
				if text && !t.Ref {
					sum += int64(len(t.String()))
				} else {
					sum += int64(len(t.Bytes()))
				}
			case stream.KindInt:
				sum += t.Int()
			case stream.KindBigInt:
				sum += int64(t.BigInt().BitLen())
			case stream.KindFloat32, stream.KindFloat64:
				f += t.Float64()
			}
		}
	}
	rdTokenSink = sum + int64(f)
}
