package smile

import (
	"runtime"
	"testing"
	"time"
)

// TestUnmarshalAnyKeepsNoEarlierDocument checks that a value decoded into
// an interface keeps only its own document alive, not the documents
// decoded before it with the same pooled state (which happens if the
// chunks that []any values are carved from are shared between documents).
func TestUnmarshalAnyKeepsNoEarlierDocument(t *testing.T) {
	pairs := make([][]int64, 100)
	for i := range pairs {
		pairs[i] = []int64{int64(i) << 20, -int64(i) << 20}
	}
	data, err := Marshal(map[string]any{"pairs": pairs})
	if err != nil {
		t.Fatal(err)
	}
	decode := func() []any {
		var v any
		if err := Unmarshal(data, &v); err != nil {
			t.Fatal(err)
		}
		return v.(map[string]any)["pairs"].([]any)
	}
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
