package stream

import "testing"

// BenchmarkWriteRegisteredKey is BenchmarkWritePreparedKey with keys
// prepared by Internal's PrepareKey, which gives their names ids in
// preparedNames, as the root package's struct fields have: the byKey
// cache then finds a name by its id. BenchmarkWritePreparedKey's keys,
// from the public PrepareKey, have no id, as a name prepared beyond
// preparedNames' bounds has none, and are looked up by value. Its figure
// is in writer_prepared.go, in the comment of maxCachedKeys.
func BenchmarkWriteRegisteredKey(b *testing.B) {
	ks := make([]*PreparedKey, len(keyBenchNames))
	for i, n := range keyBenchNames {
		k, err := export{}.PrepareKey(n)
		if err != nil {
			b.Fatal(err)
		}
		ks[i] = k
	}
	benchmarkKeys(b, func(w *Writer, i int) { _ = w.WritePreparedKey(ks[i]) })
}
