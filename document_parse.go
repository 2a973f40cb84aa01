package smile

import (
	"io"
	"math"
	"sync"

	"github.com/go-smile/smile/stream"
)

// The tape (Document.tape) is the document's values in input order, one
// or two uint64 words each: a tag in the top 8 bits and a 56-bit payload.
//
//	tag         payload                              second word
//	tNull       -                                    -
//	tFalse      -                                    -
//	tTrue       -                                    -
//	tInt        the integer, 56-bit two's complement -
//	tInt64      -                                    the int64
//	tFloat32    the float32's bits                   -
//	tFloat64    -                                    the float64's bits
//	tString     input offset << 24 | byte length     -
//	tLongString input offset                         the byte length
//	tKey        index into Document.names            -
//	tBinary     offset into Document.bin             the byte length
//	tBigInt     offset into Document.bin             the byte length
//	tBigDecimal offset into Document.bin             scale << 32 | length
//	tObject     tape index just past its last member input offset << 32 | members
//	tArray      tape index just past its last element input offset << 32 | elements
//
// An object's members follow its two words as a tKey word and the
// value's words; an array's elements follow its two words. A container
// records where it ends, so skipping it is one step, and its length, so
// Len is one load. Names (Document.names) are input offset << 32 | byte
// length, one per name written in full; a shared-name reference takes the
// index of the name it refers to, and a shared-value reference copies the
// tString word of the string it refers to, so nothing is copied out of the
// input. Binary values and big numbers are decoded into Document.bin
// while the tape is built (their 7-bit form is not the bytes). A
// container's input offset, that of its start marker, is where
// Node.Decode resumes reading.
//
// When the header enables shared names or values, Document.nameDefs and
// Document.valueDefs hold the tape index of each key and string that
// the input defined into a table (took a slot), in input order: the
// tables as they stood at any point of the input are the last
// definitions before it since the table was last emptied (every 1024th),
// found by a binary search, so that Node.Decode can seed a Reader with
// them (4 bytes per definition, which takes at least 2 bytes of input).
//
// Every token of the input takes at least one byte, and every word pair
// stands for at least two bytes of input (a container's start and end, or
// a two-byte token, or a ten-byte int64 or float64, or a long string of
// 2^24 bytes), so the tape has at most one word per input byte:
// TapeWordsPerByte.
const (
	tNull uint8 = iota + 1
	tFalse
	tTrue
	tInt
	tInt64
	tFloat32
	tFloat64
	tString
	tLongString
	tKey
	tBinary
	tBigInt
	tBigDecimal
	tObject
	tArray
)

const (
	tagShift    = 56
	payloadMask = 1<<tagShift - 1
	strLenBits  = 24
	strLenMask  = 1<<strLenBits - 1
	// maxDocumentLen is the longest input Parse takes: offsets and tape
	// indexes are 32-bit.
	maxDocumentLen = math.MaxUint32
)

// TapeWordsPerByte bounds a Document's tape: at most this many 8-byte
// words per byte of input.
//
// The rest of a Document is bounded by what each token of the input
// takes: a key not written as a reference adds a name (8 bytes; the key
// takes at least 1 byte), and one defined into the shared-name table
// also its tape index (4 bytes; at least 2 bytes), as does a string
// value defined into the shared-value table; decoded binary values and
// big numbers take fewer bytes than their encoding; an object of 32
// members or more gets a key index of 8 bytes per member (a member takes
// at least 2 bytes) and an array of 64 elements or more a table of 4
// bytes per element (at least 1 byte), each with 8 bytes of bookkeeping.
// The densest input, an object of empty keys, so takes 16 bytes per byte
// (tape 8 per key and value, name 8, index 8 per member of 2 bytes), and
// a Document holds at most DocumentBytesPerByte bytes per byte of input
// besides the input itself, indexes included whether or not they are
// built (TestDocumentTapeBound). What it holds is charged against
// DecOptions.MaxExpansion when it is parsed, whose default, 256, always
// admits it.
const TapeWordsPerByte = 1

// DocumentBytesPerByte bounds the memory of a Document's tape, names,
// decoded bytes, shared-table definitions and indexes together, per byte
// of input.
const DocumentBytesPerByte = 17

func word(tag uint8, payload uint64) uint64 { return uint64(tag)<<tagShift | payload&payloadMask }

// openContainer is a container being built: the index of its first word and its
// count of elements or members so far.
type openContainer struct {
	at int
	n  int
}

// parse builds d's tape from data with cfg. On error d is left empty.
func (d *Document) parse(cfg *decConfig, data []byte) error {
	d.gen++
	d.owned = false
	d.tape = d.tape[:0]
	d.names = d.names[:0]
	d.bin = d.bin[:0]
	d.nameDefs = d.nameDefs[:0]
	d.valueDefs = d.valueDefs[:0]
	d.idxStart, d.idxState, d.idxNeed = d.idxStart[:0], d.idxState[:0], 0
	d.idxSlab, d.idxSlabState = d.idxSlab[:0], idxNone
	d.data = nil
	if uint64(len(data)) > maxDocumentLen { // as uint64: on 32-bit platforms no int exceeds it
		return &LimitError{Offset: maxDocumentLen, Limit: "document length", Max: maxDocumentLen, Got: int64(len(data))}
	}
	if d.r == nil || d.cfg != cfg {
		r, err := stream.NewReader(data, cfg.stream)
		if err != nil {
			return decodeErr(err)
		}
		d.r, d.cfg = r, cfg
	} else {
		d.r.Reset(data)
	}
	err := d.build(data)
	d.r.Reset(nil) // drop the input
	if err != nil {
		d.tape = d.tape[:0]
		d.names = d.names[:0]
		d.bin = d.bin[:0]
		d.nameDefs = d.nameDefs[:0]
		d.valueDefs = d.valueDefs[:0]
		d.idxStart, d.idxState, d.idxNeed = d.idxStart[:0], d.idxState[:0], 0
		return decodeErr(err)
	}
	d.data = data
	return nil
}

// oneShot is the scratch of parseOnce, pooled: a Reader with the default
// options and the stack and slot tables of a parse, which a Document
// parsed once does not keep.
type oneShot struct {
	r          *stream.Reader
	stack      []openContainer
	nameSlots  []uint32
	valueSlots []uint64
}

var oneShots sync.Pool

// parseOnce parses data into d, new, with the default DecOptions, by
// pooled scratch that d does not keep: for a Document parsed once (a
// Node field's), which then holds no Reader; a later Parse of d makes
// one. Its names and definitions start with room for 8, so that a small
// value's slices grow once at most.
func (d *Document) parseOnce(data []byte) error {
	o, _ := oneShots.Get().(*oneShot)
	if o == nil {
		r, err := stream.NewReader(nil, defaultDecConfig.stream)
		if err != nil {
			return decodeErr(err)
		}
		o = &oneShot{r: r}
	}
	d.r, d.cfg = o.r, defaultDecConfig
	d.stack, d.nameSlots, d.valueSlots = o.stack, o.nameSlots, o.valueSlots
	d.names = make([]uint64, 0, 8)
	d.nameDefs = make([]uint32, 0, 8)
	err := d.parse(defaultDecConfig, data)
	o.stack, o.nameSlots, o.valueSlots = d.stack[:0], d.nameSlots[:0], d.valueSlots[:0]
	d.r, d.stack, d.nameSlots, d.valueSlots = nil, nil, nil, nil
	oneShots.Put(o)
	return err
}

// build reads the tokens of one document and appends them to the tape.
func (d *Document) build(data []byte) error {
	r := d.r
	if cap(d.tape) < len(data)/4 {
		// Most documents need about a word per 3-4 bytes: one growth
		// step at most instead of a dozen.
		d.tape = make([]uint64, 0, len(data)/3+16)
	}
	stack := d.stack[:0]
	maxLen := d.cfg.opts.MaxContainerLen
	t, err := r.ReadToken()
	if err == io.EOF {
		return &SyntaxError{Offset: r.InputOffset(), Msg: "unexpected end of input: no value", Err: io.ErrUnexpectedEOF}
	}
	if err != nil {
		return err
	}
	if t.Kind == stream.KindEndOfDocument {
		return &SyntaxError{Offset: r.TokenOffset(), Msg: "end-of-document marker where a value is expected"}
	}
	d.sharedNames, d.sharedValues = r.SharedTables()
	d.header, d.hasHeader = stream.ParseHeader(data)
	tape := d.tape
	for {
		if len(stack) > 0 {
			top := &stack[len(stack)-1]
			switch t.Kind {
			case stream.KindEndArray, stream.KindEndObject:
				tape[top.at] |= uint64(len(tape)) // the index past the end
				tape[top.at+1] |= uint64(top.n)
				d.noteLarge(tape, top.at, top.n, t.Kind == stream.KindEndObject)
				stack = stack[:len(stack)-1]
				goto next
			case stream.KindKey:
				if top.n >= maxLen {
					return &LimitError{Offset: r.TokenOffset(), Limit: "MaxContainerLen", Max: int64(maxLen), Got: int64(top.n + 1)}
				}
				top.n++
				tape = append(tape, word(tKey, uint64(d.keyName(t, len(tape)))))
				goto next
			default:
				if tape[top.at]>>tagShift == uint64(tArray) {
					if top.n >= maxLen {
						return &LimitError{Offset: r.TokenOffset(), Limit: "MaxContainerLen", Max: int64(maxLen), Got: int64(top.n + 1)}
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
			tape = d.appendString(tape, t)
		case stream.KindBinary:
			tape = append(tape, word(tBinary, uint64(len(d.bin))), uint64(len(t.Bytes())))
			d.bin = append(d.bin, t.Bytes()...)
		case stream.KindBigInt:
			b := t.BigIntBytes()
			tape = append(tape, word(tBigInt, uint64(len(d.bin))), uint64(len(b)))
			d.bin = append(d.bin, b...)
		case stream.KindBigDecimal:
			b := t.BigIntBytes()
			scale := decimalScale(data[r.TokenOffset()+1:])
			tape = append(tape, word(tBigDecimal, uint64(len(d.bin))), uint64(uint32(scale))<<32|uint64(len(b)))
			d.bin = append(d.bin, b...)
		case stream.KindStartObject:
			stack = append(stack, openContainer{at: len(tape)})
			tape = append(tape, word(tObject, 0), uint64(r.TokenOffset())<<32)
		case stream.KindStartArray:
			stack = append(stack, openContainer{at: len(tape)})
			tape = append(tape, word(tArray, 0), uint64(r.TokenOffset())<<32)
		case stream.KindEndOfDocument:
			return &SyntaxError{Offset: r.TokenOffset(), Msg: "unexpected end-of-document marker"}
		default: // the Reader returns no other kind where a value stands
			return &SyntaxError{Offset: r.TokenOffset(), Msg: "unexpected " + t.Kind.String() + " where a value is expected"}
		}
	next:
		if len(stack) == 0 {
			break
		}
		t, err = r.ReadToken()
		if err != nil {
			if err == io.EOF {
				err = &SyntaxError{Offset: r.InputOffset(), Msg: "unexpected end of input", Err: io.ErrUnexpectedEOF}
			}
			d.tape, d.stack = tape, stack[:0]
			return err
		}
	}
	d.tape, d.stack = tape, stack
	if r.InputOffset() != int64(len(data)) {
		if err := checkEndOf(r); err != nil {
			return err
		}
	}
	held := d.held()
	if allowed := allowance(d.cfg.opts.MaxExpansion, int64(len(data))); held > allowed {
		return &LimitError{Offset: int64(len(data)), Limit: "MaxExpansion", Max: allowed, Got: held}
	}
	return nil
}

// appendString appends the words of string token t. A string written in
// full stands in the input just after its one-byte token; a reference to
// a shared value takes the word of the string it refers to.
func (d *Document) appendString(tape []uint64, t stream.Token) []uint64 {
	n := uint64(len(t.Bytes()))
	if t.Ref {
		if uint(t.Slot) < uint(len(d.valueSlots)) {
			return append(tape, d.valueSlots[t.Slot])
		}
		// unreachable: the Reader refuses references to empty slots
		return append(tape, word(tString, 0))
	}
	off := uint64(d.r.TokenOffset() + 1)
	if n == 0 {
		off = 0
	}
	if n >= strLenMask {
		return append(tape, word(tLongString, off), n)
	}
	w := word(tString, off<<strLenBits|n)
	if t.Slot >= 0 {
		if t.Slot >= len(d.valueSlots) {
			d.valueSlots = append(d.valueSlots, make([]uint64, t.Slot+1-len(d.valueSlots))...)
		}
		d.valueSlots[t.Slot] = w
		d.valueDefs = append(d.valueDefs, uint32(len(tape)))
	}
	return append(tape, w)
}

// keyName returns the index in d.names of key token t's name, adding it
// when it is written in full; at is the tape index of its word.
func (d *Document) keyName(t stream.Token, at int) uint32 {
	if t.Ref {
		if uint(t.Slot) < uint(len(d.nameSlots)) {
			return d.nameSlots[t.Slot]
		}
	}
	n := uint64(len(t.Bytes()))
	off := uint64(d.r.TokenOffset() + 1)
	if n == 0 {
		off = 0
	}
	i := uint32(len(d.names))
	d.names = append(d.names, off<<32|n)
	if t.Slot >= 0 {
		if t.Slot >= len(d.nameSlots) {
			d.nameSlots = append(d.nameSlots, make([]uint32, t.Slot+1-len(d.nameSlots))...)
		}
		d.nameSlots[t.Slot] = i
		d.nameDefs = append(d.nameDefs, uint32(at))
	}
	return i
}

// decimalScale decodes the zigzag VInt scale at the start of b, which the
// Reader has checked.
func decimalScale(b []byte) int32 {
	var u uint64
	for _, c := range b {
		if c&0x80 != 0 {
			u = u<<6 | uint64(c&0x3F)
			break
		}
		u = u<<7 | uint64(c)
	}
	z := uint32(u)
	return int32(z>>1) ^ -int32(z&1)
}

// held returns the bytes of memory d's document takes, besides the
// input: what DocumentBytesPerByte bounds.
func (d *Document) held() int64 {
	return int64(len(d.tape))*8 + int64(len(d.names))*8 + int64(len(d.bin)) +
		int64(len(d.nameDefs)+len(d.valueDefs))*4 +
		int64(d.idxNeed)*4 + int64(len(d.idxStart)+len(d.idxState))*4
}
