package smile

import (
	"io"
)

// Marshaler is implemented by types that encode themselves to Smile.
// MarshalSmile returns one value as a complete Smile document, as Marshal
// makes it (the header may be left out); Marshal re-reads that document
// and writes its value into the document being encoded. MarshalerTo,
// which writes straight into that document, costs less and is checked
// first.
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
// safe for concurrent use.
func (m EncMode) Marshal(v any) ([]byte, error) {
	e := newEncodeState(m.config())
	err := e.marshalDocument(v)
	var out []byte
	if err == nil {
		b := e.w.Bytes()
		out = make([]byte, len(b))
		copy(out, b)
	}
	e.release()
	return out, err
}

// NewEncoder returns an Encoder that writes to w with the options of m.
func (m EncMode) NewEncoder(w io.Writer) *Encoder {
	return &Encoder{w: w, cfg: m.config()}
}
