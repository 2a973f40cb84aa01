package smile

import (
	"errors"
	"io"
	"unsafe"

	"github.com/go-smile/smile/internal/hint"
	"github.com/go-smile/smile/stream"
)

// RawMessage is a complete Smile document holding one value, as Marshal
// makes it (the header may be left out). It implements Marshaler and
// Unmarshaler, like json.RawMessage: it can delay the decoding of part of
// a document, or hold a pre-encoded value to write.
//
// Marshal re-reads a RawMessage and writes its tokens into the document
// being encoded, so back-references are renumbered for that document and
// invalid Smile is caught there (as a *MarshalerError). A nil RawMessage is
// written as null. A json.RawMessage, by contrast, holds JSON text: Marshal
// writes the value of the text, and Unmarshal stores a value as JSON text.
type RawMessage []byte

// MarshalSmile returns m, or a document holding null when m is nil.
func (m RawMessage) MarshalSmile() ([]byte, error) {
	if m == nil {
		return Marshal(nil)
	}
	return m, nil
}

// UnmarshalSmile sets *m to a copy of data.
func (m *RawMessage) UnmarshalSmile(data []byte) error {
	if m == nil {
		return errors.New("smile.RawMessage: UnmarshalSmile on nil pointer")
	}
	*m = append((*m)[0:0], data...)
	return nil
}

var (
	_ Marshaler   = RawMessage(nil)
	_ Unmarshaler = (*RawMessage)(nil)
)

// encodeRawMessage writes the value held by a RawMessage; see RawMessage.
func encodeRawMessage(e *encodeState, p unsafe.Pointer) error {
	m := *(*RawMessage)(p)
	if m == nil {
		return e.w.WriteNull()
	}
	if err := e.replay(m); err != nil {
		return &MarshalerError{Type: rawMessageType, Err: err, sourceFunc: "MarshalSmile"}
	}
	return nil
}

// errTrailingData reports a document with more than one value.
var errTrailingData = errors.New("smile: invalid document: more than one value")

// replay writes the single value of the Smile document data (the header is
// optional) to e.w, token by token, so that back-references are those of
// the document being written.
func (e *encodeState) replay(data []byte) error {
	err := e.replayValue(data)
	if err != nil {
		hint.Relabel(err, replayVocab)
	}
	return err
}

// replayValue is replay without the relabeling of its errors.
func (e *encodeState) replayValue(data []byte) error {
	if e.r == nil {
		// The Writer bounds the nesting by EncOptions.MaxDepth, from the
		// document's root; copyValue does not recurse.
		r, err := stream.NewReader(data, stream.ReaderOptions{HeaderOptional: true, MaxDepth: MaxDepthLimit})
		if err != nil {
			return err
		}
		e.r = r
	} else {
		e.r.Reset(data)
	}
	if err := copyValue(e.w, e.r); err != nil {
		return err
	}
	// Only an end marker may follow the value.
	for {
		tok, err := e.r.ReadToken()
		switch {
		case err == io.EOF:
			return nil
		case err != nil:
			return err
		case tok.Kind != stream.KindEndOfDocument:
			return errTrailingData
		}
	}
}

// copyValue reads one complete value from r (a scalar, or an array or
// object with everything in it) and writes the same tokens to w. When r is
// at a key inside an object, the key is not copied: r must be where a
// value starts. Numbers keep their form (int, BigInteger, float32,
// float64, BigDecimal) and strings and keys are written in full or as
// back-references by w's own rules. The end of the input before the value
// is complete is io.ErrUnexpectedEOF.
func copyValue(w *stream.Writer, r *stream.Reader) error {
	depth := 0
	for {
		tok, err := r.ReadToken()
		if err != nil {
			if err == io.EOF {
				err = io.ErrUnexpectedEOF
			}
			return err
		}
		switch tok.Kind {
		case stream.KindKey:
			if depth == 0 {
				return &stream.SyntaxError{Offset: r.InputOffset(), Msg: "expected a value, found a key"}
			}
		case stream.KindStartObject, stream.KindStartArray:
			depth++
		case stream.KindEndObject, stream.KindEndArray:
			depth--
		case stream.KindEndOfDocument:
			if depth == 0 {
				continue // an end marker before the value: skip it
			}
			return &stream.SyntaxError{Offset: r.InputOffset(), Msg: "end marker inside a value"}
		}
		if err := w.WriteToken(tok); err != nil {
			return err
		}
		if depth == 0 {
			return nil
		}
	}
}

// decodeRawMessage stores the value as a standalone document; null gives
// a document holding null, as encoding/json's RawMessage gets "null".
func decodeRawMessage(d *decodeState, p unsafe.Pointer) error {
	b, err := d.capture()
	if err != nil {
		return err
	}
	if err := d.charge(len(b)); err != nil {
		return err
	}
	rm := (*RawMessage)(p)
	*rm = append((*rm)[:0], b...)
	return nil
}
