package main

import (
	"fmt"
	"io"
)

// The dump reads its input through a stream.Reader, which keeps only a
// window of the input, yet each dump line shows the first raw bytes of a
// token that the Reader has already consumed. inputWindow bridges the two:
// it sits between the source and the Reader and remembers what passed.

// windowRead is the most an inputWindow reads from its source at once. The
// stream Reader reads only when it needs bytes it does not have, so after
// any read it holds less than windowRead bytes beyond the last byte it
// asked for (a token's end, or a few bytes of lookahead).
const windowRead = 64 << 10

// windowSize is how many of the last bytes read an inputWindow keeps:
// windowRead, and as much again for the Reader's lookahead, which is a few
// bytes.
const windowSize = 2 * windowRead

// inputWindow passes reads from src through to the stream Reader, keeping
// the last windowSize bytes read in a ring, and the first maxDumpBytes
// bytes from a marked input offset however much is read after them. The
// dump marks the end of each token before peeking at the next one (so that
// the mark holds the headers before it, if any) and then the start of the
// token before reading it (so that the mark holds the token's first bytes
// even when the token is far longer than the ring).
type inputWindow struct {
	src  io.Reader
	ring []byte // the byte at input offset off is ring[off%windowSize]
	read int64  // bytes read from src so far

	markAt int64              // input offset of mark[0]
	mark   [maxDumpBytes]byte // the bytes from markAt, as far as read
	marked int                // how many of mark are filled
}

// newInputWindow returns an inputWindow over src.
func newInputWindow(src io.Reader) *inputWindow {
	return &inputWindow{src: src, ring: make([]byte, windowSize)}
}

// Read reads at most windowRead bytes from the source and remembers them.
func (w *inputWindow) Read(p []byte) (int, error) {
	if len(p) > windowRead {
		p = p[:windowRead]
	}
	n, err := w.src.Read(p)
	if n < 0 || n > len(p) {
		return 0, fmt.Errorf("the input returned an invalid count %d for a %d-byte read", n, len(p))
	}
	w.keep(p[:n])
	return n, err
}

// keep stores b, the bytes at input offset w.read, in the ring and in the
// mark where it falls there.
func (w *inputWindow) keep(b []byte) {
	at := w.read
	w.read += int64(len(b))
	if w.marked < len(w.mark) {
		if next := w.markAt + int64(w.marked); next >= at && next < w.read {
			w.marked += copy(w.mark[w.marked:], b[next-at:])
		}
	}
	for len(b) > 0 {
		i := int(at % windowSize)
		k := copy(w.ring[i:], b)
		b = b[k:]
		at += int64(k)
	}
}

// setMark starts the mark at input offset off, which must not be ahead of
// what has been read, nor so far behind that the ring no longer holds it.
func (w *inputWindow) setMark(off int64) error {
	if off > w.read || off < w.read-windowSize {
		// The stream Reader has read further ahead than windowRead says
		// it can: a bug here, not bad input.
		return fmt.Errorf("internal error: the dump lost the input bytes at offset %d (%d bytes read)", off, w.read)
	}
	w.markAt = off
	w.marked = 0
	for w.marked < len(w.mark) && off < w.read {
		i := int(off % windowSize)
		k := copy(w.mark[w.marked:], w.ring[i:min(len(w.ring), i+int(w.read-off))])
		w.marked += k
		off += int64(k)
	}
	return nil
}

// head returns the marked bytes up to input offset end (at most
// maxDumpBytes of them), or an error if some of them have not been read.
func (w *inputWindow) head(end int64) ([]byte, error) {
	n := min(end-w.markAt, int64(len(w.mark)))
	if n < 0 || n > int64(w.marked) {
		return nil, fmt.Errorf("internal error: the dump has %d of the bytes at offset %d, not %d", w.marked, w.markAt, n)
	}
	return w.mark[:n], nil
}
