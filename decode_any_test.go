package smile

import (
	"bytes"
	"runtime"
	"testing"
	"time"
)

// TestUnmarshalAnyKeepsNoEarlierDocument checks that a value decoded into
// an interface keeps only its own document alive, not the documents
// decoded before it with the same state (which happens if the chunks that
// []any values are carved from are shared between documents): the pooled
// state of Unmarshal, and a Decoder's own.
func TestUnmarshalAnyKeepsNoEarlierDocument(t *testing.T) {
	pairs := make([][]int64, 100)
	for i := range pairs {
		pairs[i] = []int64{int64(i) << 20, -int64(i) << 20}
	}
	data, err := Marshal(map[string]any{"pairs": pairs})
	if err != nil {
		t.Fatal(err)
	}
	pairsOf := func(v any) []any { return v.(map[string]any)["pairs"].([]any) }
	t.Run("Unmarshal", func(t *testing.T) {
		checkFirstFreed(t, func() []any {
			var v any
			if err := Unmarshal(data, &v); err != nil {
				t.Fatal(err)
			}
			return pairsOf(v)
		})
	})
	t.Run("Decoder", func(t *testing.T) {
		dec := NewDecoder(bytes.NewReader(bytes.Repeat(data, 2)))
		checkFirstFreed(t, func() []any {
			var v any
			if err := dec.Decode(&v); err != nil {
				t.Fatal(err)
			}
			return pairsOf(v)
		})
	})
}

// checkFirstFreed calls decode twice, drops the first result and keeps
// the second, and fails unless the first is then garbage collected.
func checkFirstFreed(t *testing.T, decode func() []any) {
	t.Helper()
	freed := make(chan bool, 1)
	func() {
		first := decode()
		runtime.AddCleanup(&first[0], func(freed chan bool) { freed <- true }, freed)
	}()
	second := decode()
	for i := 0; i < 50; i++ {
		runtime.GC()
		select {
		case <-freed:
			runtime.KeepAlive(second)
			return
		case <-time.After(10 * time.Millisecond):
		}
	}
	runtime.KeepAlive(second)
	t.Error("the values of a document are kept alive by those of the next one")
}
