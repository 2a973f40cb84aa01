package stream

import "github.com/go-smile/smile/internal/seam"

// Internal is for the other packages of go-smile only; it is not part of
// the API and may change at any time. Its Export method gives them the
// fast paths of the root package's decoder and encoder, which a user of
// Reader and Writer does not need.
var Internal exporter

// exporter is the type of Internal.
type exporter struct{}

// Export returns the internal methods of Reader and Writer. It panics
// unless p is &seam.AllowInternalUse, which only packages of this module
// can name.
func (exporter) Export(p *seam.NotForPublicUse) export {
	if p != &seam.AllowInternalUse {
		panic("stream: Internal.Export is for go-smile's own packages")
	}
	return export{}
}

// export holds the methods of Reader and Writer that only this module's
// packages call. It has no fields, and each method calls one unexported
// method, so that the compiler inlines it: a call through the seam costs
// what a call of an exported method would. The methods that would wrap
// a method the compiler cannot inline are that method itself, in its
// file (ReadTaggedKey in reader.go, TryBool in reader_scalar.go,
// TryWriteKeyRef in writer_tagged.go, the Write*Field methods in
// writer_field.go, WriteIntArray and the WriteFloat64Array methods in
// writer_scalar.go): a wrapper that is inlined around a call leaves an
// inline mark, one NOP per call, in the caller's loop (go tool objdump of the root package's struct encoder
// and decoding loops). That mark is cheap: ReadTokenInto, which called
// next itself to avoid one, cost 78 Ir fewer of 4.651M per Unmarshal/
// twitter than calling ReadToken (BIN=<bench test> N=20 sh
// bench/callgrind.sh, go-smile's own Ir, at 12d33ff), and now calls it.
// ReadTaggedKey and TryWriteKeyRef have a stronger reason, a wrapper's
// inlining cost (see there); the others have not been measured.
type export struct{}

// ReadTokenInto is ReadToken storing the token in *t (it copies the
// token as a caller of ReadToken would: it saves no copy). On error *t is
// unchanged.
func (export) ReadTokenInto(r *Reader, t *Token) error {
	tok, err := r.ReadToken()
	if err == nil {
		*t = tok
	}
	return err
}

// WriteInto makes w write the document it is at the start of into b
// (from len(b) on), keeping its own buffer aside, until TakeBytes. When
// b runs out of room, w copies what it holds to its own buffer and goes
// on there. The root package's Marshal so writes a large document
// straight into the slice it returns.
func (export) WriteInto(w *Writer, b []byte) {
	w.own, w.buf, w.into = w.buf[:0], b, true
}

// TakeBytes returns the bytes written, and whether they are in the slice
// given to WriteInto (or one it grew into): then w goes back to its own
// buffer, and the bytes are the caller's. Otherwise they are in w's own
// buffer, until w writes again.
func (export) TakeBytes(w *Writer) (b []byte, into bool) {
	b, into = w.buf, w.into
	if into {
		w.buf, w.own, w.into = w.own, nil, false
	}
	return b, into
}

// SetKeyTag attaches tag, not 0, to the shared name in slot as its latest
// (see Reader.setKeyTag).
func (export) SetKeyTag(r *Reader, slot int, tag uint64) { r.setKeyTag(slot, tag) }

// LimitDepth makes w refuse arrays and objects nested deeper than max
// (0: no bound of its own), or than the bound in force if that is lower,
// and returns the bound in force before, which SetDepthLimit restores.
func (export) LimitDepth(w *Writer, max int) (prev int) {
	prev = w.depthLimit
	if prev == 0 || max < prev {
		w.depthLimit = max
	}
	return prev
}

// SetDepthLimit sets the bound LimitDepth returned back.
func (export) SetDepthLimit(w *Writer, limit int) { w.depthLimit = limit }

// MaxDepth returns r's ReaderOptions.MaxDepth, with the default filled in.
func (export) MaxDepth(r *Reader) int { return r.opts.MaxDepth }

// SharedName returns the name in slot of the shared-name table, or nil.
func (export) SharedName(r *Reader, slot int) []byte { return r.sharedName(slot) }

// TryStartArray reads the start of an array when it is the next token (see
// Reader.tryStartArray).
func (export) TryStartArray(r *Reader) bool { return r.tryStartArray() }

// TryEndArray reads the end of the current array when it is the next
// token.
func (export) TryEndArray(r *Reader) bool { return r.tryEndArray() }

// TryEmptyArray reads an empty array when it is the next value (see
// Reader.tryEmptyArray).
func (export) TryEmptyArray(r *Reader) bool { return r.tryEmptyArray() }

// TryInt reads the next value when it is an integer whose bytes are all
// buffered (see Reader.tryInt).
func (export) TryInt(r *Reader) (int64, bool) { return r.tryInt() }

// TryFloat64 is TryInt for a 64-bit float.
func (export) TryFloat64(r *Reader) (float64, bool) { return r.tryFloat64() }

// TryNull is TryInt for null.
func (export) TryNull(r *Reader) bool { return r.tryNull() }

// TryString reads the next value when it is a short string or a shared
// string reference (see Reader.tryString).
func (export) TryString(r *Reader) (s []byte, slot int, ok bool, err error) { return r.tryString() }

// TryStringAppend reads the next value when it is a string that a
// decoder copies as it stands into the unused capacity of *buf, and
// returns the copy; see tryStringAppend.
func (export) TryStringAppend(r *Reader, buf *[]byte) ([]byte, bool) { return r.tryStringAppend(buf) }

// PrepareKey is PrepareKey for the keys of the encoder's struct fields:
// the name gets an id in the process's registry of prepared names (see
// preparedNames), so that each Writer finds the key's table index by id.
func (export) PrepareKey(name string) (*PreparedKey, error) { return prepareKey(name, true) }

// BeginOneValue makes w accept exactly one value from now on, and returns
// what EndOneValue needs to check that it got one and to restore w. It
// returns an error, changing nothing, when a value cannot be written now
// (a key is due). The encoder calls it around a method that writes a
// value into the document's Writer.
func (export) BeginOneValue(w *Writer) (saved int, err error) { return w.beginOneValue() }

// EndOneValue checks that w received exactly one complete value since
// BeginOneValue returned saved, and restores w to accept what follows
// that value.
func (export) EndOneValue(w *Writer, saved int) error { return w.endOneValue(saved) }

// WriteKeyTagged is WriteKey(name) for an encoder that writes the same
// names again and again (the keys of a map of records): *tag, zero at
// first and kept with the name, lets the next call write the name's
// shared-name reference without looking name up (see writeKeyTagged).
// A tag may be kept with its name across w.Reset: its reference is then
// stale, but it still saves checking the name's UTF-8. It belongs to w:
// zero it before using it with another Writer.
func (export) WriteKeyTagged(w *Writer, name string, tag *[2]uint64) error {
	return w.writeKeyTagged(name, tag)
}

// KeyTagCurrent reports whether tag, a WriteKeyTagged tag's tag[0],
// holds an index in the current generation of w's shared-name table.
func (export) KeyTagCurrent(w *Writer, tag uint64) bool {
	return tag>>tagEraShift == w.names.tagEra()
}

// TryKeyRef reads the next key when it is a short reference to a shared
// name whose latest tag t (see keyTag) has t-base < span, and returns t;
// otherwise it consumes nothing and returns ok false. It is the common
// key of a struct's decoder, a name it has tagged, read without
// ReadTaggedKey's call: it calls nothing, so that it inlines.
func (export) TryKeyRef(r *Reader, base, span uint64) (uint64, bool) {
	if p := r.pos; r.mode == rdKey && uint(p) < uint(len(r.buf)) {
		if i := uint(r.buf[p]) - keyShortRef; i < keyShortASCII-keyShortRef && i < uint(len(r.names.ents)) {
			if t := r.names.ents[i].last; t-base < span {
				r.tokAt = int64(p)
				r.pos = p + 1
				r.mode = rdObjValue
				return t, true
			}
		}
	}
	return 0, false
}
