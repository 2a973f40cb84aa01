package interop

import (
	"testing"

	"github.com/go-smile/smile/stream"
)

// smileBinary returns a Smile document holding one binary value (7-bit
// encoded, as Jackson writes binary by default).
func smileBinary(t *testing.T, b []byte) []byte {
	t.Helper()
	w, err := stream.NewWriter(stream.WriterOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if err := w.WriteBinary(b); err != nil {
		t.Fatal(err)
	}
	if err := w.EndDocument(); err != nil {
		t.Fatal(err)
	}
	return w.Bytes()
}
