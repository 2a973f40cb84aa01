package stream_test

import (
	"bytes"
	"fmt"
	"sync"
	"testing"

	"github.com/go-smile/smile/stream"
)

// TestWriterKeyByValueFindsPreparedNameConcurrently prepares new names in
// several goroutines at once, as the root package's encoder does (the
// keys of the seam's PrepareKey, which get ids), which grows the
// process-wide index of prepared names while the others look names up in
// it, and checks in each
// that a name written by value after its PreparedKey is a reference to it.
func TestWriterKeyByValueFindsPreparedNameConcurrently(t *testing.T) {
	const goroutines, names = 4, 300
	var wg sync.WaitGroup
	for g := range goroutines {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w, err := stream.NewWriter(stream.WriterOptions{})
			if err != nil {
				t.Error(err)
				return
			}
			for i := range names {
				name := fmt.Sprintf("concurrent-%d-%d", g, i)
				k, err := sx.PrepareKey(name)
				if err != nil {
					t.Error(err)
					return
				}
				w.Reset(nil)
				must := func(err error) {
					if err != nil {
						t.Error(err)
					}
				}
				must(w.WriteStartObject())
				must(w.WritePreparedKey(k))
				must(w.WriteNull())
				must(w.WriteKey(name))
				must(w.WriteNull())
				must(w.WriteEndObject())
				must(w.EndDocument())
				// Header, {, the name in full, null, a reference to
				// shared name 0, null, }.
				want := append([]byte{':', ')', '\n', 0x01, 0xFA, byte(0x80 + len(name) - 1)}, name...)
				want = append(want, 0x21, 0x40, 0x21, 0xFB)
				if got := w.Bytes(); !bytes.Equal(got, want) {
					t.Errorf("%s: got % X, want % X", name, got, want)
					return
				}
			}
		}()
	}
	wg.Wait()
}
