package stream

import (
	"bytes"
	"io"
	"testing"

	"github.com/go-smile/smile/internal/golden"
)

// TestUnreadGolden reads every golden document twice: once straight
// through, and once giving back each token after reading it (unread) and
// reading it again with ReadToken, PeekKind first, or SkipValue and
// ReadBinaryTo where they apply. Each must see what the straight read
// saw: the same token, and the same depth and offsets before and after.
func TestUnreadGolden(t *testing.T) {
	cases := append(golden.Cases(t, "tokens"), golden.Cases(t, "json")...)
	if len(cases) == 0 {
		t.Fatal("no golden cases")
	}
	for _, c := range cases {
		opts := ReaderOptions{HeaderOptional: c.Config.OmitHeader}
		for variant := range 3 {
			a, _ := NewReader(c.Want, opts)
			b, _ := NewReader(c.Want, opts)
			for n := 0; ; n++ {
				depth := a.Depth()
				ta, errA := a.ReadToken()
				tb, errB := b.ReadToken()
				if errA != nil || errB != nil {
					if errA != io.EOF || errB != io.EOF {
						t.Fatalf("%s token %d: %v / %v", c.ID(), n, errA, errB)
					}
					break
				}
				b.unread(&tb)
				if b.Depth() != depth || b.InputOffset() != b.TokenOffset() || b.TokenOffset() != a.TokenOffset() {
					t.Fatalf("%s token %d (%v): after unread depth %d offset %d token offset %d, want %d, %d, %d",
						c.ID(), n, tb.Kind, b.Depth(), b.InputOffset(), b.TokenOffset(), depth, a.TokenOffset(), a.TokenOffset())
				}
				switch {
				case variant == 1:
					if k, err := b.PeekKind(); err != nil || k != ta.Kind {
						t.Fatalf("%s token %d: PeekKind after unread = %v, %v; want %v", c.ID(), n, k, err, ta.Kind)
					}
				case variant == 2 && ta.Kind == KindBinary:
					var buf bytes.Buffer
					if _, err := b.ReadBinaryTo(&buf); err != nil || !bytes.Equal(buf.Bytes(), ta.Bytes()) {
						t.Fatalf("%s token %d: ReadBinaryTo after unread: %v", c.ID(), n, err)
					}
					continue
				case variant == 2 && (ta.Kind.IsScalar() || ta.Kind == KindStartArray || ta.Kind == KindStartObject):
					start := a.TokenOffset()
					if ta.Kind == KindStartArray || ta.Kind == KindStartObject {
						for a.Depth() > depth {
							if _, err := a.ReadToken(); err != nil {
								t.Fatal(err)
							}
						}
					}
					if err := b.SkipValue(); err != nil {
						t.Fatalf("%s token %d: SkipValue after unread: %v", c.ID(), n, err)
					}
					if b.InputOffset() != a.InputOffset() || b.Depth() != a.Depth() || b.TokenOffset() != start {
						t.Fatalf("%s token %d: after SkipValue at %d, depth %d, token offset %d; want %d, %d, %d",
							c.ID(), n, b.InputOffset(), b.Depth(), b.TokenOffset(), a.InputOffset(), a.Depth(), start)
					}
					continue
				}
				again, err := b.ReadToken()
				if err != nil || !sameToken(again, ta) || b.InputOffset() != a.InputOffset() || b.Depth() != a.Depth() {
					t.Fatalf("%s token %d: read again %v (%v) at %d depth %d, want %v at %d depth %d",
						c.ID(), n, again.Kind, err, b.InputOffset(), b.Depth(), ta.Kind, a.InputOffset(), a.Depth())
				}
			}
		}
	}
}

// sameToken reports whether a and b are the same token.
func sameToken(a, b Token) bool {
	return a.Kind == b.Kind && a.Ref == b.Ref && a.Slot == b.Slot && a.v.n == b.v.n &&
		bytes.Equal(a.Bytes(), b.Bytes())
}
