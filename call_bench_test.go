package smile

import (
	"io"
	"strconv"
	"testing"
)

// BenchmarkCall measures the fixed cost of one call, apart from the work
// per value: Marshal and Unmarshal of an empty object, typed (struct{})
// and as any (map[string]any{} and a new any). The document is the
// header and the two bytes of {}.
//
// The comments that cite it give callgrind's instructions per call: the
// test binary (go test -c -o smile.test) is run for N and for 2N calls,
//
//	GOGC=off GOMAXPROCS=1 GODEBUG=asyncpreemptoff=1 valgrind --tool=callgrind \
//		--toggle-collect='github.com/go-smile/smile.DecMode.Unmarshal' \
//		./smile.test -test.run '^$' -test.bench '^BenchmarkCall$/^Unmarshal$' -test.benchtime Nx
//
// (EncMode.Marshal for the Marshal benchmarks), and the difference of the
// totals callgrind_annotate prints is divided by N (N=2000 unless a
// comment says otherwise). "go-smile's own" counts only the functions of
// this module, as bench/callgrind.sh does; it does not vary from run to
// run, where the total, which includes the runtime's, varies by about 15.
func BenchmarkCall(b *testing.B) {
	empty, err := Marshal(struct{}{})
	if err != nil {
		b.Fatal(err)
	}
	b.Run("Unmarshal", func(b *testing.B) {
		b.ReportAllocs()
		var v struct{}
		for b.Loop() {
			if err := Unmarshal(empty, &v); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("UnmarshalAny", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			var v any
			if err := Unmarshal(empty, &v); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("Marshal", func(b *testing.B) {
		b.ReportAllocs()
		v := &struct{}{}
		for b.Loop() {
			if _, err := Marshal(v); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("MarshalAny", func(b *testing.B) {
		b.ReportAllocs()
		var v any = map[string]any{}
		for b.Loop() {
			if _, err := Marshal(v); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkMarshalAfterLargeMap measures an Encoder's Encode of a
// two-entry map[string]any after the same Encoder wrote one map of 15,000
// entries: the cost a state pays on every later call for the largest
// document it wrote (see clearMapEntries).
func BenchmarkMarshalAfterLargeMap(b *testing.B) {
	large := make(map[string]any, 15000)
	for i := range 15000 {
		large[strconv.Itoa(i)] = i
	}
	small := map[string]any{"a": 1, "b": "x"}
	for _, warm := range []bool{false, true} {
		name := "fresh"
		if warm {
			name = "afterLarge"
		}
		b.Run(name, func(b *testing.B) {
			enc := NewEncoder(io.Discard)
			if warm {
				if err := enc.Encode(large); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportAllocs()
			for b.Loop() {
				if err := enc.Encode(small); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
