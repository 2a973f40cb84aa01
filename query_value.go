package smile

import (
	"io"
	"math"

	"github.com/go-smile/smile/stream"
)

// A Query's Document (see Query) is not parsed from an input: the values
// a query matches are appended to its tape one after another, as
// Document.build appends a whole document, while the Reader stands at
// them. Its strings, keys, binary values and big numbers are copied into
// the Document (data and bin), so that its Nodes do not depend on the
// Reader's buffer, which moves on (a stream Reader's window), nor on the
// shared-name and shared-value tables, whose earlier entries the query
// skipped rather than built: a back-reference's bytes come from the
// Reader, which resolved it.

// resetOwned empties d, a Document whose data it owns, for new values:
// every Node of its values becomes invalid, and its buffers are kept.
func (d *Document) resetOwned() {
	d.gen++
	d.tape = d.tape[:0]
	d.names = d.names[:0]
	d.bin = d.bin[:0]
	d.data = d.data[:0]
	d.owned = true
	// Its values come from many places of the input, or of many inputs:
	// AppendSmile writes each as a document of its own, with a header and
	// no shared tables (sharedNames and sharedValues stay false).
	d.header, d.hasHeader = stream.Header{}, true
	d.sharedNames, d.sharedValues = false, false
}

// appendOwnedString appends the words of string s, copied into d.data.
func (d *Document) appendOwnedString(tape []uint64, s []byte) []uint64 {
	off := d.ownedBytes(s)
	if n := uint64(len(s)); n >= strLenMask || off >= 1<<32 {
		return append(tape, word(tLongString, off), n)
	}
	return append(tape, word(tString, off<<strLenBits|uint64(len(s))))
}

// ownedBytes copies b into d.data and returns its offset there.
func (d *Document) ownedBytes(b []byte) uint64 {
	off := uint64(len(d.data))
	d.data = append(d.data, b...)
	return off
}

// appendValue appends to d's tape the value that starts with token t,
// just read from r, reading the rest of it from r, and returns its tape
// index. d must own its data (resetOwned). The value is checked as
// Document.Parse checks it (MaxContainerLen; the Reader's own limits),
// with Unmarshal's errors, but for a truncated input the offset is where
// the input ended.
func (d *Document) appendValue(r *stream.Reader, t stream.Token) (uint32, error) {
	at := uint32(len(d.tape))
	if uint64(len(d.data)) >= maxDocumentLen || len(d.tape) >= math.MaxUint32/2 {
		return 0, &LimitError{Offset: r.TokenOffset(), Limit: "document length", Max: maxDocumentLen, Got: int64(len(d.data))}
	}
	if err := d.appendTokens(r, t, nil); err != nil {
		return 0, decodeErr(err)
	}
	return at, nil
}

// queryReadErr is the error of a query for err, met reading a token
// inside a value: the end of the input is unexpected there.
func queryReadErr(r *stream.Reader, err error) error {
	if err == io.EOF {
		return &SyntaxError{Offset: r.InputOffset(), Msg: "unexpected end of input", Err: io.ErrUnexpectedEOF}
	}
	return decodeErr(err)
}

// inputLen returns the length of input that Interface charges its
// budget for: the input of a parsed Document; for a Query's, whose data
// holds copies of its strings alone, at least as many bytes as the tape
// has words, since each word stands for at least one byte of input
// (TapeWordsPerByte).
func (d *Document) inputLen() int { return max(len(d.data), len(d.tape)) }
