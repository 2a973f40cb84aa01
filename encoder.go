package smile

import (
	"io"
)

// An Encoder writes a sequence of Smile documents to an io.Writer, one per
// call to Encode. It reuses its buffer, so encoding values of types it has
// seen before allocates nothing. An Encoder is not safe for concurrent use.
type Encoder struct {
	w   io.Writer
	cfg *encConfig
	e   *encodeState // made by the first Encode
}

// NewEncoder returns an Encoder that writes to w with the default options.
func NewEncoder(w io.Writer) *Encoder {
	return EncMode{}.NewEncoder(w)
}

// Encode writes v to the stream as one complete Smile document: a header
// (unless EncOptions.OmitHeader), the value, and the end marker when
// EncOptions.EndMarker is set. Each document starts with empty
// back-reference tables, so any document of the stream can be decoded on
// its own. Nothing is written when v cannot be encoded.
func (enc *Encoder) Encode(v any) error {
	e := enc.e
	if e == nil {
		e = new(encodeState)
		enc.e = e
	}
	if e.w != nil && len(e.w.Bytes()) != 0 {
		// The last Encode panicked (in a MarshalSmile method, say) and
		// the panic was recovered: start over from a clean state.
		e.reset()
	}
	e.setConfig(enc.cfg)
	err := e.marshalDocument(v)
	b := e.w.Bytes()
	if err == nil {
		var n int
		n, err = enc.w.Write(b)
		if err == nil && n < len(b) {
			err = io.ErrShortWrite
		}
	}
	e.reset()
	return err
}

// NewEncoder returns an Encoder that writes to w with the options of m.
func (m EncMode) NewEncoder(w io.Writer) *Encoder {
	return &Encoder{w: w, cfg: m.config()}
}
