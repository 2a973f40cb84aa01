package stream

import (
	"io"

	"github.com/go-smile/smile/binary"
)

// This file holds the Reader's binary values: 0xE8 (7-bit encoded, decoded
// by package binary) and 0xFD (raw), read whole by ReadToken or streamed by
// ReadBinaryTo.

// rdChunkEnc is the number of encoded bytes ReadBinaryTo handles at a time;
// a multiple of both 8 (7-bit groups) and 7.
const rdChunkEnc = 8 * 7 * 1024

// readBinary reads a binary token at r.pos: 0xE8 (sevenBit) is VInt(raw
// length N), then the 7-bit encoding of N bytes, decoded into the Reader's
// scratch buffer; 0xFD is VInt(N), then N raw bytes, which the result
// aliases (the input of a []byte Reader, or the buffer). With skip set the
// payload is consumed without being decoded or buffered.
func (r *Reader) readBinary(sevenBit, skip bool) ([]byte, error) {
	at := r.off(r.pos)
	what := "a raw binary value"
	if sevenBit {
		what = "a 7-bit binary value"
	}
	r.pos++
	n, err := r.binaryLength(at, what)
	if err != nil {
		return nil, err
	}
	var b []byte
	if sevenBit {
		if b, err = r.read7Bit(at, n, skip, what); err != nil {
			return nil, err
		}
	} else {
		if int64(n) > r.remaining() {
			return nil, r.truncated(at, what)
		}
		if skip {
			if !r.discard(int64(n)) {
				return nil, r.truncated(at, what)
			}
		} else {
			if !r.need(n) {
				return nil, r.truncated(at, what)
			}
			b = r.buf[r.pos : r.pos+n : r.pos+n]
			r.pos += n
		}
	}
	r.valueDone()
	return b, nil
}

// binaryLength reads the length VInt of a binary value and checks it
// against MaxBinaryLen.
func (r *Reader) binaryLength(at int64, what string) (int, error) {
	n, err := r.readLength(at, what)
	if err != nil {
		return 0, err
	}
	if n > r.opts.MaxBinaryLen {
		return 0, r.limitErr(at, "MaxBinaryLen", r.opts.MaxBinaryLen, int64(n))
	}
	return n, nil
}

// ReadBinaryTo copies the next token, which must be a binary value, to w
// without holding the whole payload in memory, and returns the number of
// payload bytes written.
//
// The payload is decoded and written in chunks, so at most a chunk (about
// 56 KiB) is held besides the Reader's buffer. The length is still
// checked against ReaderOptions.MaxBinaryLen. A Reader over a []byte
// checks that the whole payload is present before writing anything. When
// the next token is not a binary value, ReadBinaryTo consumes nothing and
// returns an error. An error from w is returned as is and leaves the
// Reader unusable (the token is half read).
func (r *Reader) ReadBinaryTo(w io.Writer) (int64, error) {
	k, err := r.PeekKind()
	if err != nil {
		return 0, err
	}
	if k != KindBinary {
		return 0, &SyntaxError{Offset: r.InputOffset(), Msg: "ReadBinaryTo: the next token is " + k.String() + ", not a binary value"}
	}
	if r.pending { // read already (reader_unread.go)
		t := r.takePending()
		n, err := w.Write(t.Bytes())
		return int64(n), err
	}
	at := r.off(r.pos)
	sevenBit := r.buf[r.pos] == tokenBinary7Bit
	what := "a raw binary value"
	if sevenBit {
		what = "a 7-bit binary value"
	}
	r.pos++
	n, err := r.binaryLength(at, what)
	if err != nil {
		return 0, err
	}
	enc := int64(n)
	if sevenBit {
		enc = rdEncodedLen(n)
	}
	if enc > r.remaining() {
		return 0, r.truncated(at, what)
	}
	if sevenBit && cap(r.scratch) < rdChunkEnc/8*7 {
		r.scratch = make([]byte, rdChunkEnc/8*7)
	}
	var written int64
	for left := enc; left > 0; {
		least := int64(1)
		if sevenBit {
			least = min(left, 8)
		}
		if int64(len(r.buf)-r.pos) < least && !r.need(int(least)) {
			return written, r.truncated(at, what)
		}
		take := min(int64(len(r.buf)-r.pos), left, rdChunkEnc)
		src := r.buf[r.pos : r.pos+int(take)]
		if sevenBit {
			if take < left {
				take -= take % 8
				src = src[:take]
			}
			m, _ := binary.DecodedLen(len(src))
			if err := r.decode7(r.scratch[:m], src, what); err != nil {
				return written, err
			}
			src = r.scratch[:m]
		}
		k, err := w.Write(src)
		written += int64(k)
		if err == nil && k != len(src) {
			err = io.ErrShortWrite
		}
		if err != nil {
			return written, r.fail(err)
		}
		r.pos += int(take)
		left -= take
	}
	r.valueDone()
	return written, nil
}
