package stream

import (
	"fmt"
	"io"

	"github.com/go-smile/smile/internal/hint"
)

// This file holds the Reader's input: the []byte it reads in place or the
// buffered window over an io.Reader, refilling, offsets, and the error
// constructors that name an offset in the input.
//
// Both kinds of Reader decode tokens from r.buf[r.pos:]. A Reader over a
// []byte has the whole input in r.buf and no source, so need fails exactly
// when the input is too short; a Reader over an io.Reader refills r.buf
// from its source. Any call to need may move the unread bytes to the start
// of r.buf (changing r.pos), so decoders take indexes into r.buf only after
// their last call to need.

// rdMinBuf is the initial size of a stream Reader's buffer, allocated at
// the first read; while the source keeps delivering, the buffer doubles at
// each refill up to rdAutoBuf, and beyond that only to hold a long token.
const (
	rdMinBuf  = 4 << 10
	rdAutoBuf = 64 << 10
)

// rdMaxEmptyReads is the number of consecutive empty reads from the source
// after which a stream Reader gives up with io.ErrNoProgress, as bufio does.
const rdMaxEmptyReads = 100

// need reports whether n bytes from r.pos are available, reading more from
// the source when there is one. It fails only when the input ends (or the
// source fails) first.
func (r *Reader) need(n int) bool {
	if len(r.buf)-r.pos >= n {
		return true
	}
	return r.fill(n)
}

// fill reads from the source until n bytes from r.pos are buffered. The
// buffer grows only when it is full of bytes that have arrived, and then
// doubles, so it never holds more than twice the input actually read,
// whatever length the input claims.
func (r *Reader) fill(n int) bool {
	if r.src == nil || r.srcErr != nil {
		return false
	}
	if r.pos > 0 && cap(r.buf) < rdAutoBuf && len(r.buf) == cap(r.buf) {
		// A source that fills the buffer: read in bigger pieces.
		nb := make([]byte, len(r.buf)-r.pos, 2*cap(r.buf))
		copy(nb, r.buf[r.pos:])
		r.base += int64(r.pos)
		r.tokAt -= int64(r.pos)
		r.buf = nb
		r.pos = 0
	}
	if r.pos > 0 {
		// Move the unread bytes to the front. Token bytes returned by
		// earlier calls may be overwritten: they were valid only until
		// this call.
		m := copy(r.buf[:cap(r.buf)], r.buf[r.pos:])
		r.base += int64(r.pos)
		r.tokAt -= int64(r.pos)
		r.buf = r.buf[:m]
		r.pos = 0
	}
	empty := 0
	for len(r.buf) < n {
		if len(r.buf) == cap(r.buf) {
			c := 2 * cap(r.buf)
			if c < rdMinBuf {
				c = rdMinBuf
			}
			nb := make([]byte, len(r.buf), c)
			copy(nb, r.buf)
			r.buf = nb
		}
		k, err := r.src.Read(r.buf[len(r.buf):cap(r.buf)])
		if k < 0 || k > cap(r.buf)-len(r.buf) {
			r.srcErr = fmt.Errorf("smile: the io.Reader returned an invalid count %d", k)
			return false
		}
		r.buf = r.buf[:len(r.buf)+k]
		if err != nil {
			r.srcErr = err
			return len(r.buf) >= n
		}
		if k == 0 {
			empty++
			if empty >= rdMaxEmptyReads {
				r.srcErr = io.ErrNoProgress
				return false
			}
		} else {
			empty = 0
		}
	}
	return true
}

// discard consumes n bytes without keeping them, refilling as needed but
// never growing the buffer. It reports whether the input held n bytes.
func (r *Reader) discard(n int64) bool {
	for {
		avail := int64(len(r.buf) - r.pos)
		if avail >= n {
			r.pos += int(n)
			return true
		}
		n -= avail
		r.pos = len(r.buf)
		if !r.need(1) {
			return false
		}
	}
}

// DropInput drops r's references to its input, as a Reader kept for
// reuse does between inputs (the root package's pooled decoding state):
// only Reset makes r usable again, and sets up the rest. It costs a few
// stores where Reset(nil) sets every field. (callgrind, the root
// package's BenchmarkCall/Unmarshal, Ir per call in go-smile's own
// functions: 878 with Reset(nil), 848 so.)
func (export) DropInput(r *Reader) {
	r.buf, r.pos = nil, 0
	r.names.data, r.values.data = nil, nil
}

// ResetDocument is Reset for a decoder that reads data as one document
// from its start (the root package's Unmarshal): it also consumes a valid
// header at the start of data, as the first read would, so that the first
// ReadToken takes its fast path without readying the Reader first. A
// missing or invalid header is left to the first read, which reports it.
// (callgrind, the root package's BenchmarkCall/Unmarshal, Ir per call in
// go-smile's own functions: 732 with Reset and the header read by the
// first read, 710 so.) With a header, it sets each field once, to what
// Reset and then startHeader leave in it (TestResetDocument compares the
// two): Ir per call of BenchmarkCall/Unmarshal in go-smile's own
// functions, 683 through Reset and startHeader, 645 so.
func (export) ResetDocument(r *Reader, data []byte) {
	f, ok := headerFlags(data)
	if !ok {
		r.Reset(data)
		return
	}
	r.buf, r.pos, r.base = data, 4, 0
	r.src, r.srcErr, r.err = nil, nil, nil
	r.started, r.mode, r.depth = true, rdRoot, 0
	r.tokAt, r.pending = 0, false
	r.sharedNames = f&headerSharedNames != 0
	r.sharedValues = f&headerSharedValues != 0
	r.namesOffForGood = r.opts.KeepNamesAcrossHeaders && !r.sharedNames
	r.names.ents, r.names.data = r.names.ents[:0], data
	r.values.ents, r.values.data = r.values.ents[:0], data
}

// off returns the input offset of r.buf[i].
func (r *Reader) off(i int) int64 { return r.base + int64(i) }

// remaining returns the number of bytes from r.pos that the input can
// still hold: exact for a []byte Reader, unbounded for a stream Reader.
func (r *Reader) remaining() int64 {
	if r.src == nil {
		return int64(len(r.buf) - r.pos)
	}
	return 1<<63 - 1
}

// fail records err as the Reader's sticky error and returns it.
func (r *Reader) fail(err error) error {
	r.err = err
	r.mode |= rdNotReady
	return err
}

// syntaxErr records and returns a *SyntaxError at input offset at.
func (r *Reader) syntaxErr(at int64, format string, args ...any) error {
	return r.fail(&SyntaxError{Offset: at, Msg: fmt.Sprintf(format, args...)})
}

// hintedErr is syntaxErr with h as the advice that follows the offset.
func (r *Reader) hintedErr(at int64, h hint.Hint, format string, args ...any) error {
	return r.fail(&SyntaxError{Offset: at, Msg: fmt.Sprintf(format, args...), hint: h})
}

// truncated records and returns the error for input that ends inside the
// token starting at input offset at: the source's own error if it failed,
// else a *SyntaxError wrapping io.ErrUnexpectedEOF.
func (r *Reader) truncated(at int64, what string) error {
	if err := r.ioErr(); err != nil {
		return r.fail(err)
	}
	return r.fail(&SyntaxError{Offset: at, Msg: "unexpected end of input in " + what, Err: io.ErrUnexpectedEOF})
}

// ioErr returns the source's error, as a *ReadError with the offset it came
// at, if it failed with anything but io.EOF.
func (r *Reader) ioErr() error {
	if r.srcErr != nil && r.srcErr != io.EOF {
		return &ReadError{Offset: r.off(len(r.buf)), Err: r.srcErr}
	}
	return nil
}

// limitErr records and returns a *LimitError.
func (r *Reader) limitErr(at int64, limit string, max int, got int64) error {
	return r.fail(&LimitError{Offset: at, Limit: limit, Max: int64(max), Got: got})
}

// ResumeAt makes r, reset for data by ResetDocument, read data from
// offset pos as if a value were due at the root there, with the header's
// shared-name and shared-value settings names and values and empty
// tables, which SeedShared then fills as they stood at pos. The root
// package's Node.Decode so decodes a value in the middle of a document
// it has read before, by the decoders of Unmarshal and without copying
// it: the value's back-references find the names and strings defined
// before it. After that value r is at the root, as after a document's.
func (export) ResumeAt(r *Reader, pos int, names, values bool) {
	r.pos, r.tokAt = pos, int64(pos)
	r.started, r.mode, r.depth = true, rdRoot, 0
	r.err, r.pending = nil, false
	r.sharedNames, r.sharedValues = names, values
	r.names.ents = r.names.ents[:0]
	r.values.ents = r.values.ents[:0]
}

// SeedShared appends the span data[off:off+n] of r's input to its
// shared-name table (name set) or its shared-value table, as the next
// entry: the caller adds a table's entries in the order the input
// defined them since the table was last emptied, at most 1024.
func (export) SeedShared(r *Reader, name bool, off, n int) {
	t := &r.values
	if name {
		t = &r.names
	}
	if len(t.ents) < tableSize {
		r.addSlow(t, off, n, 0)
	}
}
