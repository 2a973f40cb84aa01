package stream

import (
	"fmt"
	"io"
	"math"
	"slices"

	"github.com/go-smile/smile/binary"
)

const (
	// binaryChunk is how many payload bytes WriteBinaryFrom reads at a
	// time. A multiple of 7, so that encoding chunk by chunk gives the
	// same bytes as encoding the whole payload at once.
	binaryChunk = 7 << 12 // 28 KiB raw, 32 KiB encoded

	// flushThreshold is the buffer size above which WriteBinaryFrom
	// flushes to the Writer's io.Writer.
	flushThreshold = 32 << 10

	// maxBinaryLen is the longest binary value: Smile readers (Jackson's
	// among them) accept lengths of up to 31 bits.
	maxBinaryLen = math.MaxInt32
)

// WriteBinary writes b as a binary value: 7-bit encoded (0xE8) by default,
// raw (0xFD) with WriterOptions.RawBinary. The 0xE8 length is that of b,
// not of its encoding.
func (w *Writer) WriteBinary(b []byte) error {
	if len(b) > maxBinaryLen {
		return errBinaryTooLong(int64(len(b)))
	}
	if err := w.beforeValue(KindBinary); err != nil {
		return err
	}
	if w.opts.RawBinary {
		w.buf = append(appendVInt(append(w.buf, tokenRawBinary), uint64(len(b))), b...)
		return nil
	}
	w.buf = binary.AppendEncode(appendVInt(append(w.buf, tokenBinary7Bit), uint64(len(b))), b)
	return nil
}

// WriteBinaryFrom writes a binary value of exactly n bytes read from r,
// without holding the whole payload when the Writer has an io.Writer (see
// NewWriterTo). It fails if r ends before n bytes.
//
// When it fails, nothing is written, unless part of the value was already
// flushed to the io.Writer: that output is then incomplete, and the
// Writer should not be used further.
func (w *Writer) WriteBinaryFrom(r io.Reader, n int64) error {
	switch {
	case n < 0:
		return &WriterError{Msg: fmt.Sprintf("cannot write a binary value of negative length %d", n)}
	case n > maxBinaryLen:
		return errBinaryTooLong(n)
	case !w.canWriteValue():
		return w.misplaced(KindBinary)
	}
	start, state := len(w.buf), w.state
	flushed := false
	_ = w.beforeValue(KindBinary) // cannot fail: checked above
	token := byte(tokenBinary7Bit)
	if w.opts.RawBinary {
		token = tokenRawBinary
	}
	w.buf = appendVInt(append(w.buf, token), uint64(n))

	for done := int64(0); done < n; {
		k := int(min(n-done, binaryChunk))
		var got int
		var err error
		if w.opts.RawBinary {
			// Read straight into the buffer.
			l := len(w.buf)
			w.buf = slices.Grow(w.buf, k)
			got, err = io.ReadFull(r, w.buf[l:l+k])
			w.buf = w.buf[:l+k]
		} else {
			if cap(w.scratch) < k {
				w.scratch = make([]byte, k)
			}
			raw := w.scratch[:k]
			if got, err = io.ReadFull(r, raw); err == nil {
				w.buf = binary.AppendEncode(w.buf, raw)
			}
		}
		if err != nil {
			if !flushed {
				w.buf, w.state = w.buf[:start], state
			}
			return binaryReadError(err, done+int64(got), n)
		}
		done += int64(k)
		if w.out != nil && len(w.buf) >= flushThreshold {
			if err := w.Flush(); err != nil {
				return err
			}
			flushed = true
		}
	}
	return nil
}

// binaryReadError describes a failure of WriteBinaryFrom's reader after got of
// n bytes; a reader that ends early gives io.ErrUnexpectedEOF.
func binaryReadError(err error, got, n int64) error {
	if err == io.EOF || err == io.ErrUnexpectedEOF {
		return fmt.Errorf("smile: WriteBinaryFrom: the reader ended after %d of %d bytes: %w", got, n, io.ErrUnexpectedEOF)
	}
	return fmt.Errorf("smile: WriteBinaryFrom: reading byte %d of %d: %w", got, n, err)
}

func errBinaryTooLong(n int64) error {
	return &WriterError{Msg: fmt.Sprintf("cannot write a binary value of %d bytes: the limit is %d", n, int64(maxBinaryLen))}
}
