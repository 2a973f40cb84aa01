package smile

import (
	"io"

	"github.com/go-smile/smile/stream"
)

// Marshaler is implemented by types that encode themselves to Smile.
// MarshalSmile returns one value as a complete Smile document, as Marshal
// makes it (the header may be left out); Marshal re-reads that document
// and writes its value into the document being encoded. MarshalerTo,
// which writes straight into that document, is checked first and costs
// less: Marshal of a value whose method writes two integers runs a third
// of the instructions, with 1 allocation instead of 3 (BenchmarkMarshalerTo).
type Marshaler interface {
	MarshalSmile() ([]byte, error)
}

// Marshal returns the Smile encoding of v, as one complete document, with
// the default options (EncOptions{}): a header, shared property names, no
// end marker. See the package documentation for the mapping of Go values
// to Smile and EncMode.Marshal for other options.
func Marshal(v any) ([]byte, error) {
	return EncMode{}.Marshal(v)
}

// Marshal returns the Smile encoding of v with the options of m. It is
// safe for concurrent use. The result is the caller's; one of 512 KiB or
// more may have spare capacity, up to an eighth of it.
func (m EncMode) Marshal(v any) ([]byte, error) {
	e := newEncodeState(m.config())
	root := e.rootEncoder(v)
	size := root.outputSize()
	if size > 0 {
		export.WriteInto(e.w, make([]byte, 0, size))
	}
	export.StartDocument(e.w)
	err := e.marshalDocument(v)
	b, into := export.TakeBytes(e.w)
	var out []byte
	if err == nil {
		if into && len(b) >= cap(b)-cap(b)/8 {
			out = b
		} else { // in e's buffer, or in one far too large
			out = make([]byte, len(b))
			copy(out, b)
		}
		// The size is right when the buffer was neither grown nor too large.
		root.noteSize(len(b), into && cap(out) == size)
	}
	e.release()
	return out, err
}

// Marshal writes a document of at least minDirectOutput bytes into a
// buffer it allocates for the result, sized by the last documents of the
// same type, rather than into the pooled state's buffer, from which it
// would copy them: the copy was 21% of the CPU profile of the typed
// Marshal of canada (bench module, go tool pprof). A document that
// outgrows the buffer goes on in the state's (see stream's
// export.WriteInto) and is copied as before; one that fills less than
// 7/8 of it is copied to a slice of its size, so that the result wastes
// at most an eighth of its capacity. Copy -> straight into the result,
// BenchmarkMarshal(Any) of the bench module, 8 alternated pairs
// (benchstat, with a bound of 4 KiB): typed canada (1.3 MB of Smile)
// 854 -> 632 us (-26%, p=0.007), any canada 1.68 -> 1.47 ms (p=0.08);
// code (0.9 MB), twitter and citm_catalog (0.2-0.3 MB), whose copy
// stays in the core's cache, within their noise. Hence the bound, past
// those: the spare capacity is a cost to the caller where it buys
// nothing.
//
// Tried again in 2026-12 and left out: a result buffer the runtime does
// not clear (runtime.mallocgc with needzero false, by linkname) and this
// bound at 4 KiB. The profile of typed Marshal/twitter then showed the
// final copy's 13% of samples gone, but the string copies into the cold
// new buffer grew from 1% to 7%: writing fresh memory costs about the
// same wherever it happens. BenchmarkMarshal of the bench module, 20
// alternated rounds of -test.benchtime 150ms (benchstat; medium is the
// control, which the bound leaves out): medium ~ (p=0.98), twitter 269
// -> 254 us (p=0.23), citm_catalog 410 -> 388 us (p=0.09); with the 512
// KiB bound, BenchmarkMarshal(Any) of canada and code ~ (p >= 0.3):
// their large buffers come from the OS already zeroed. Not worth a
// linkname into the allocator.
const minDirectOutput = 512 << 10

// outputSize returns the capacity of the buffer Marshal writes a
// document of r's type into, or 0 for the state's own buffer: the length
// of the last such documents, with room for 1/16 more.
func (r *rootEncoder) outputSize() int {
	n := int(r.size.Load())
	if n < minDirectOutput {
		return 0
	}
	return n + n/16
}

// noteSize records the length n of a document of r's type that Marshal
// wrote, unless it returned the buffer outputSize sized (direct), and
// unless n and the last length are both too short to matter: documents
// of steady sizes write nothing, so that Marshal called on many cores
// does not contend for r.
func (r *rootEncoder) noteSize(n int, direct bool) {
	if last := int(r.size.Load()); !direct && n != last && max(n, last) >= minDirectOutput {
		r.size.Store(int64(n))
	}
}

// MarshalEncode writes v with the default EncOptions as the next value of
// w; see EncMode.MarshalEncode.
func MarshalEncode(w *stream.Writer, v any) error {
	return EncMode{}.MarshalEncode(w, v)
}

// MarshalEncode writes v as the next value of w: at the root (a document
// of one value, or the next of a root-level sequence), as an element of
// the array open in w, or as the value of the key just written. It
// continues w's shared-name and shared-value tables, so writing the
// elements of a slice one by one between w.WriteStartArray and
// w.WriteEndArray, then calling w.EndDocument, gives exactly the bytes
// m.Marshal gives for the whole slice, when w was made by m.NewWriter or
// m.NewWriterTo. With a Writer made by m.NewWriterTo, memory stays flat
// however many values are written: w flushes its buffer by itself; call
// w.Flush at the end.
//
// The options that are stream.WriterOptions (the header, shared names
// and values, raw binary, the end marker, the float32 sign bits) are w's
// own, given when w was made: a Writer made by stream.NewWriterTo with
// other options writes with those, whatever m's EncOptions of the same
// names say. m.NewWriter and m.NewWriterTo make a Writer with m's.
// MarshalEncode neither ends the document nor writes an end marker (call
// w.EndDocument, which writes one when w's options say so). The other
// options of m (MapKeyOrder, Time, ReplaceInvalidUTF8) apply as in
// Marshal.
//
// When v cannot be encoded, part of it may already be in w (or flushed
// from it), and w may stand inside it: the output is then incomplete.
func (m EncMode) MarshalEncode(w *stream.Writer, v any) error {
	e := newEncodeState(m.config())
	own := e.w
	e.w = w
	e.dropShapeTags() // they are own's
	err := e.marshalValue(v)
	e.w = own
	e.dropShapeTags() // they are w's
	e.release()
	return err
}

// NewWriter returns a stream.Writer that appends to an internal buffer
// (read with its Bytes method) with m's wire options, those Marshal
// writes with: the header, shared names and values, raw binary, the end
// marker and the float32 sign bits of m's EncOptions. MarshalEncode
// writes into it what m.Marshal would write.
func (m EncMode) NewWriter() *stream.Writer {
	return validWriter(stream.NewWriter(m.WriterOptions()))
}

// NewWriterTo returns a stream.Writer that writes to w, as
// stream.NewWriterTo does (flushing its buffer by itself as it fills;
// call Flush at the end), with m's wire options, as NewWriter.
func (m EncMode) NewWriterTo(w io.Writer) *stream.Writer {
	return validWriter(stream.NewWriterTo(w, m.WriterOptions()))
}

// validWriter returns the Writer a stream constructor made with a mode's
// options. The constructors fail only for the combinations Jackson
// refuses, which EncOptions.EncMode refused by calling stream.NewWriter
// with the same options (newEncConfig), so for a mode they cannot.
func validWriter(w *stream.Writer, err error) *stream.Writer {
	if err != nil {
		panic("smile: the options of a valid EncMode were refused: " + err.Error()) // unreachable, see above
	}
	return w
}

// MarshalerTo is implemented by types that write themselves into the
// document being encoded, as json/v2's MarshalerTo does: MarshalSmileTo
// writes exactly one value (a scalar, or an array or object with its
// contents and end) with w, which is the Writer of the whole document,
// continuing its shared tables. Prefer it to Marshaler: MarshalSmile
// returns a document that Marshal must read again, token by token,
// while MarshalSmileTo writes straight into the output and allocates
// nothing of its own.
//
// Marshal checks MarshalSmileTo before MarshalSmile and MarshalText. The
// method must not write a key where it is called, nor a second value, nor
// end the document; w refuses those with a *stream.WriterError. Writing
// no value, or leaving an array or object open, is an error too. Every
// error of the method, and these, are returned as a *MarshalerError.
type MarshalerTo interface {
	MarshalSmileTo(w *stream.Writer) error
}
