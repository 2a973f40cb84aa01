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
//
// Its loop is Document.build's but for where strings and keys go (copied
// here, left in the input there), what a container's second word records,
// and the large containers build notes for an index. One loop for both,
// with a branch on ownership at each string, key and container, cost
// Parse 4% more instructions (callgrind, BenchmarkDocument/Parse, Ir per
// op, two loops -> one: medium 69,146 -> 71,924, twitter 5,429,033 ->
// 5,618,266), so the two stay apart; a change to the tape's layout
// changes both (TestQueryNodeConvert and the Get tests compare a Query's
// Nodes with a parsed Document's).
func (d *Document) appendValue(r *stream.Reader, t stream.Token) (uint32, error) {
	at := uint32(len(d.tape))
	if uint64(len(d.data)) >= maxDocumentLen || len(d.tape) >= math.MaxUint32/2 {
		return 0, &LimitError{Offset: r.TokenOffset(), Limit: "document length", Max: maxDocumentLen, Got: int64(len(d.data))}
	}
	stack := d.stack[:0]
	maxLen := d.cfg.opts.MaxContainerLen
	tape := d.tape
	for {
		if len(stack) > 0 {
			top := &stack[len(stack)-1]
			switch t.Kind {
			case stream.KindEndArray, stream.KindEndObject:
				tape[top.at] |= uint64(len(tape))
				tape[top.at+1] = uint64(top.n)
				stack = stack[:len(stack)-1]
				goto next
			case stream.KindKey:
				if top.n >= maxLen {
					d.tape, d.stack = tape, stack[:0]
					return 0, &LimitError{Offset: r.TokenOffset(), Limit: "MaxContainerLen", Max: int64(maxLen), Got: int64(top.n + 1)}
				}
				top.n++
				k := t.Bytes()
				off := d.ownedBytes(k)
				tape = append(tape, word(tKey, uint64(len(d.names))))
				d.names = append(d.names, off<<32|uint64(len(k)))
				goto next
			default:
				if tape[top.at]>>tagShift == uint64(tArray) {
					if top.n >= maxLen {
						d.tape, d.stack = tape, stack[:0]
						return 0, &LimitError{Offset: r.TokenOffset(), Limit: "MaxContainerLen", Max: int64(maxLen), Got: int64(top.n + 1)}
					}
					top.n++
				}
			}
		}
		switch t.Kind {
		case stream.KindNull:
			tape = append(tape, word(tNull, 0))
		case stream.KindFalse:
			tape = append(tape, word(tFalse, 0))
		case stream.KindTrue:
			tape = append(tape, word(tTrue, 0))
		case stream.KindInt:
			if v := t.Int(); v >= -1<<55 && v < 1<<55 {
				tape = append(tape, word(tInt, uint64(v)))
			} else {
				tape = append(tape, word(tInt64, 0), uint64(v))
			}
		case stream.KindFloat32:
			tape = append(tape, word(tFloat32, uint64(math.Float32bits(t.Float32()))))
		case stream.KindFloat64:
			tape = append(tape, word(tFloat64, 0), math.Float64bits(t.Float64()))
		case stream.KindString:
			s := t.Bytes()
			off := d.ownedBytes(s)
			if n := uint64(len(s)); n >= strLenMask || off >= 1<<32 {
				tape = append(tape, word(tLongString, off), n)
			} else {
				tape = append(tape, word(tString, off<<strLenBits|n))
			}
		case stream.KindBinary:
			tape = append(tape, word(tBinary, uint64(len(d.bin))), uint64(len(t.Bytes())))
			d.bin = append(d.bin, t.Bytes()...)
		case stream.KindBigInt:
			b := t.BigIntBytes()
			tape = append(tape, word(tBigInt, uint64(len(d.bin))), uint64(len(b)))
			d.bin = append(d.bin, b...)
		case stream.KindBigDecimal:
			b := t.BigIntBytes()
			// The scale has no accessor that does not allocate; a
			// BigDecimal allocates when it is read anyway.
			_, scale := t.BigDecimal()
			tape = append(tape, word(tBigDecimal, uint64(len(d.bin))), uint64(uint32(scale))<<32|uint64(len(b)))
			d.bin = append(d.bin, b...)
		case stream.KindStartObject:
			stack = append(stack, openContainer{at: len(tape)})
			tape = append(tape, word(tObject, 0), 0)
		case stream.KindStartArray:
			stack = append(stack, openContainer{at: len(tape)})
			tape = append(tape, word(tArray, 0), 0)
		case stream.KindEndOfDocument:
			d.tape, d.stack = tape, stack[:0]
			return 0, &SyntaxError{Offset: r.TokenOffset(), Msg: "unexpected end-of-document marker"}
		default: // the Reader returns no other kind where a value stands
			d.tape, d.stack = tape, stack[:0]
			return 0, &SyntaxError{Offset: r.TokenOffset(), Msg: "unexpected " + t.Kind.String() + " where a value is expected"}
		}
	next:
		if len(stack) == 0 {
			break
		}
		var err error
		t, err = r.ReadToken()
		if err != nil {
			d.tape, d.stack = tape, stack[:0]
			return 0, queryReadErr(r, err)
		}
	}
	d.tape, d.stack = tape, stack
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
