package smile

import (
	"errors"
	"math"
	"sort"
	"sync"

	"github.com/go-smile/smile/stream"
)

// This file holds what turns a Node into something else: a Go value by
// Unmarshal's decoders (Decode), a standalone Smile document
// (AppendSmile), and the Node and Document values of a struct being
// decoded or encoded (decodeNode, encodeNode).

// errDecodeMissing is Decode's error for a Node that does not exist.
var errDecodeMissing = errors.New("smile: Node.Decode: no value: the key or index looked up does not exist (check Node.Exists)")

// Decode decodes n's value into the value v points to, as Unmarshal
// decodes a document holding that value alone, with the Document's
// DecOptions: the same decoders, the same results and the same errors.
// v must be a non-nil pointer.
//
// An array, an object or a string is decoded from the input itself,
// which is not copied: the Reader starts at the value's offset with the
// shared names and strings that the input defined before it, so that
// its back-references resolve as they did, and the offsets in errors
// are those of the whole input. Other values (numbers, literals, binary
// values, the empty string), for which the Document keeps no offset,
// are written into a small document of their own and decoded from it;
// the offsets of their errors are then in that document. The memory
// budget (DecOptions.MaxExpansion) is that of the whole input.
//
// Decode may be called from many goroutines at once on Nodes of one
// Document.
func (n Node) Decode(v any) error {
	if !n.ok() {
		if n.d != nil {
			return n.kindErr("Node.Decode")
		}
		return errDecodeMissing
	}
	d := n.d
	pos := -1
	switch n.tag() {
	case tObject, tArray:
		pos = int(d.tape[n.i+1] >> 32)
	case tString:
		if w := n.w() & payloadMask; w&strLenMask != 0 {
			pos = int(w>>strLenBits) - 1 // the string's token, before its bytes
		}
	case tLongString:
		pos = int(n.w()&payloadMask) - 1
	}
	if pos < 0 || d.owned { // a Query's values have no input to resume in
		var buf [64]byte
		b, err := n.appendSmile(buf[:0], true)
		if err != nil {
			return err
		}
		return d.decodeAt(b, -1, 0, v)
	}
	return d.decodeAt(d.data, pos, n.i, v)
}

// decodeAt decodes into v the value at input offset pos of data, with
// the shared tables as they stood before tape index i; with pos < 0, the
// document data.
func (d *Document) decodeAt(data []byte, pos int, i uint32, v any) error {
	ds, err := newDecodeState(d.cfg, data)
	if err != nil {
		return decodeErr(err)
	}
	if pos >= 0 {
		export.ResumeAt(ds.r, pos, d.sharedNames, d.sharedValues)
		if tag := uint8(d.tape[i] >> tagShift); tag == tObject || tag == tArray {
			// The next name the input defines takes the slot after the
			// seeded ones: the decoders of any expect it there (see
			// anyKey), as they would after reading those names.
			ds.expectName(d.seed(ds.r, i))
		}
	}
	dec, p, err := ds.rootDecoder(v)
	if err != nil {
		ds.release()
		return err
	}
	err = ds.value(dec, p, false)
	if err == nil {
		err = ds.err
	}
	ds.release()
	if err != nil {
		return decodeErr(err)
	}
	return nil
}

// seed fills r's shared tables with the names and strings the input had
// defined into them before tape index i: the last definitions since each
// table was last emptied, which the Reader does before its 1025th entry.
// It returns the number of names.
func (d *Document) seed(r *stream.Reader, i uint32) (names int) {
	if k := sort.Search(len(d.nameDefs), func(x int) bool { return d.nameDefs[x] >= i }); k > 0 {
		names = tableLen(k)
		for _, at := range d.nameDefs[k-names : k] {
			e := d.names[d.tape[at]&payloadMask]
			export.SeedShared(r, true, int(e>>32), int(uint32(e)))
		}
	}
	if k := sort.Search(len(d.valueDefs), func(x int) bool { return d.valueDefs[x] >= i }); k > 0 {
		for _, at := range d.valueDefs[k-tableLen(k) : k] {
			w := d.tape[at] & payloadMask
			export.SeedShared(r, false, int(w>>strLenBits), int(w&strLenMask))
		}
	}
	return names
}

// sharedTableSize is the number of entries of a shared table, which the
// Reader and the Writer empty before adding one more.
const sharedTableSize = 1024

// tableLen returns the entries of a shared table after k > 0 definitions.
func tableLen(k int) int { return (k-1)%sharedTableSize + 1 }

// AppendSmile appends to dst n's value as a Smile document of its own
// and returns the extended slice. The document is written with the
// header settings of the input (shared names, shared values, raw binary,
// or no header), by a stream.Writer: back-references are those of the
// new document, whose tables start empty, so it is valid alone, and
// Unmarshal into an any gives what n.Interface gives. For the root of a
// document that Jackson wrote, the bytes are the input's where Jackson
// and this package's Writer write the same bytes: every document of the
// golden corpus (646) but for the end marker, which AppendSmile does not
// write, and negative float32s as Jackson before 2.19 wrote them (see
// TestNodeAppendSmileGolden). With DecOptions.AllowInvalidUTF8, invalid
// UTF-8 in strings and keys is written as U+FFFD, as Interface returns
// it.
func (n Node) AppendSmile(dst []byte) ([]byte, error) {
	if !n.ok() {
		if n.d != nil {
			return dst, n.kindErr("Node.AppendSmile")
		}
		return dst, errors.New("smile: Node.AppendSmile: no value: the key or index looked up does not exist (check Node.Exists)")
	}
	return n.appendSmile(dst, false)
}

// appendSmile is AppendSmile for a Node that exists; withHeader writes a
// header even when the input had none (for Decode, whose DecOptions may
// require one).
func (n Node) appendSmile(dst []byte, withHeader bool) ([]byte, error) {
	d := n.d
	o := stream.WriterOptions{
		OmitHeader:         !d.hasHeader && !withHeader,
		DisableSharedNames: !d.sharedNames,
		SharedValues:       d.sharedValues,
		RawBinary:          d.hasHeader && d.header.RawBinary,
	}
	if o.OmitHeader {
		o.SharedValues = false // a headerless reader assumes none (the Writer refuses them)
	}
	key := 0
	for i, b := range [...]bool{o.OmitHeader, o.DisableSharedNames, o.SharedValues, o.RawBinary} {
		if b {
			key |= 1 << i
		}
	}
	w, _ := nodeWriters[key].Get().(*stream.Writer)
	if w == nil {
		var err error
		if w, err = stream.NewWriter(o); err != nil {
			return dst, err
		}
	}
	w.Reset(dst)
	err := d.writeValue(w, n.i)
	if err == nil {
		err = w.EndDocument()
	}
	out := w.Bytes()
	w.Reset(nil)
	nodeWriters[key].Put(w)
	if err != nil {
		return dst, err
	}
	return out, nil
}

// nodeWriters pools the Writers of AppendSmile, by their options.
var nodeWriters [16]sync.Pool

// writeValue writes the value at tape index i to w, token by token, in
// one pass over its words: the tape holds a container's members or
// elements in order after its two words, and records where it ends.
func (d *Document) writeValue(w *stream.Writer, i uint32) error {
	// ends holds, for each open container, the tape index past its end,
	// shifted left by one, with bit 0 set for an object.
	var endsBuf [32]uint64
	ends := endsBuf[:0]
	last := d.skip(i)
	for j := i; ; {
		for len(ends) > 0 && uint32(ends[len(ends)-1]>>1) == j {
			var err error
			if ends[len(ends)-1]&1 != 0 {
				err = w.WriteEndObject()
			} else {
				err = w.WriteEndArray()
			}
			if err != nil {
				return err
			}
			ends = ends[:len(ends)-1]
		}
		if j >= last {
			return nil
		}
		word := d.tape[j]
		n := Node{d: d, i: j, gen: d.gen}
		var err error
		switch uint8(word >> tagShift) {
		case tKey:
			err = w.WriteKey(d.keyString(d.name(word & payloadMask)))
		case tNull:
			err = w.WriteNull()
		case tFalse:
			err = w.WriteBool(false)
		case tTrue:
			err = w.WriteBool(true)
		case tInt, tInt64:
			v, _ := n.int64Of()
			err = w.WriteInt(v)
		case tFloat32:
			err = w.WriteFloat32(math.Float32frombits(uint32(word)))
		case tFloat64:
			err = w.WriteFloat64(math.Float64frombits(d.tape[j+1]))
		case tString, tLongString:
			s, _ := n.String()
			err = w.WriteString(s)
		case tBinary:
			b, _ := n.Bytes()
			err = w.WriteBinary(b)
		case tBigInt:
			err = w.WriteBigInt(twosComplement(n.bigBytes()))
		case tBigDecimal:
			dec := n.decimal()
			err = w.WriteBigDecimal(dec.Unscaled, dec.Scale)
		case tObject:
			err = w.WriteStartObject()
			ends = append(ends, uint64(uint32(word))<<1|1)
			j += 2
		case tArray:
			err = w.WriteStartArray()
			ends = append(ends, uint64(uint32(word))<<1)
			j += 2
		}
		if err != nil {
			return err
		}
		switch uint8(word >> tagShift) {
		case tObject, tArray:
		case tKey:
			j++
		default:
			j = d.skip(j)
		}
	}
}

// UnmarshalSmile parses a copy of data into d, with the options of the
// DecMode d was made with (the default for a zero Document): Unmarshal
// into a *Document, or into a struct field of type Document, so keeps
// the value as a Document of its own. Unmarshal passes the value as a
// document of its own, its back-references renumbered, so the Document
// holds just that value; d keeps the copy, not data.
func (d *Document) UnmarshalSmile(data []byte) error {
	if d == nil {
		return errors.New("smile.Document: UnmarshalSmile on nil pointer")
	}
	return d.Parse(append([]byte(nil), data...))
}

// MarshalSmileTo writes the root value of d to w (Marshal of a
// Document, or of a struct that holds one, writes it so): token by
// token, back-references by w's rules. A Document that holds no
// document, after a failed Parse, is an error.
func (d *Document) MarshalSmileTo(w *stream.Writer) error {
	return d.Root().MarshalSmileTo(w)
}

// UnmarshalSmile sets *n to the root of a new Document parsed from a copy
// of data with the default DecOptions. A struct field of type Node so
// holds its value undecoded: Unmarshal passes the value as a document of
// its own, its back-references renumbered, and the Node reads it later
// (Decode, Interface, Get...). It costs a copy of the value's bytes and
// a Document of its own: 6 allocations per Unmarshal of the 3-member
// object of TestNodeFieldAllocs (the copy, the Document, its tape, names
// and shared-name definitions), where a RawMessage field costs 2; the
// Reader and the tables of the parse are pooled.
func (n *Node) UnmarshalSmile(data []byte) error {
	if n == nil {
		return errors.New("smile.Node: UnmarshalSmile on nil pointer")
	}
	d := new(Document)
	if err := d.parseOnce(append([]byte(nil), data...)); err != nil {
		return err
	}
	*n = d.Root()
	return nil
}

// MarshalSmileTo writes n's value to w, token by token, back-references
// by w's rules (Marshal of a struct with a Node field writes it so). A
// Node that does not exist is written as null, as a nil RawMessage; a
// Node whose Document was parsed again since is an error.
func (n Node) MarshalSmileTo(w *stream.Writer) error {
	if !n.ok() {
		if n.d != nil {
			return n.kindErr("Node.MarshalSmileTo")
		}
		return w.WriteNull()
	}
	return n.d.writeValue(w, n.i)
}

var (
	_ Unmarshaler = (*Document)(nil)
	_ MarshalerTo = (*Document)(nil)
	_ Unmarshaler = (*Node)(nil)
	_ MarshalerTo = Node{}
)
