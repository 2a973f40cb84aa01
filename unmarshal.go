package smile

import (
	"io"

	"github.com/go-smile/smile/stream"
)

// Unmarshal decodes the Smile document in data into the value v points
// to, with the default DecOptions. v must be a non-nil pointer.
//
// data must hold exactly one document: the header (required by default),
// one root value and, optionally, end markers. Values are stored as
// encoding/json's Unmarshal stores them; see the package documentation
// for the rules and for where Smile's richer types make a difference.
//
// A value that does not fit its Go type gives an *UnmarshalTypeError;
// decoding goes on with the rest of the input, and the first such error is
// returned. Malformed input gives a *SyntaxError and a limit exceeded a
// *LimitError, and decoding stops there.
func Unmarshal(data []byte, v any) error {
	return DecMode{}.Unmarshal(data, v)
}

// Valid reports whether data is one well-formed Smile document (header,
// one root value, optional end markers), within the default limits.
func Valid(data []byte) bool {
	return DecMode{}.Valid(data)
}

// Unmarshal is the package-level Unmarshal with the options of m.
func (m DecMode) Unmarshal(data []byte, v any) error {
	dec, p, err := rootDecoder(v)
	if err != nil {
		return err
	}
	d, err := newDecodeState(m.config(), data)
	if err != nil {
		return decodeErr(err)
	}
	err = d.value(dec, p, false)
	if err == io.EOF {
		err = &SyntaxError{Offset: d.r.InputOffset(), Msg: "unexpected end of input: no value", Err: io.ErrUnexpectedEOF}
	}
	if err == nil && d.r.InputOffset() != int64(len(data)) {
		err = d.checkEnd() // only end markers may follow the value
	}
	if err == nil {
		err = d.err
	}
	d.release()
	if err != nil {
		return decodeErr(err)
	}
	return nil
}

// Valid is the package-level Valid with the options of m.
func (m DecMode) Valid(data []byte) bool {
	d, err := newDecodeState(m.config(), data)
	if err != nil {
		return false
	}
	err = d.next()
	if err == nil && d.tok.Kind == stream.KindEndOfDocument {
		err = errNoValue
	}
	if err == nil {
		err = d.validate()
	}
	if err == nil {
		err = d.checkEnd()
	}
	d.release()
	return err == nil
}

// validate reads the rest of the value starting at d.tok, every token in
// full (so strings are checked as Unmarshal checks them), and enforces
// MaxContainerLen.
func (d *decodeState) validate() error {
	type open struct {
		object bool
		n      int
	}
	var stack []open
	max := d.cfg.opts.MaxContainerLen
	for {
		k := d.tok.Kind
		if len(stack) > 0 {
			top := &stack[len(stack)-1]
			switch {
			case k == stream.KindEndArray || k == stream.KindEndObject:
				stack = stack[:len(stack)-1]
			case k == stream.KindKey || !top.object:
				if top.n++; top.n > max {
					return d.containerLimit(top.n)
				}
			}
		}
		switch k {
		case stream.KindStartArray, stream.KindStartObject:
			stack = append(stack, open{object: k == stream.KindStartObject})
		case stream.KindEndOfDocument:
			return &SyntaxError{Offset: d.offset(), Msg: "unexpected end-of-document marker"}
		}
		if len(stack) == 0 {
			return nil
		}
		if err := d.next(); err != nil {
			return d.fatal(err)
		}
	}
}

var errNoValue = &SyntaxError{Msg: "no value"}

// checkEnd checks that only end markers follow the root value.
func (d *decodeState) checkEnd() error {
	for {
		off := d.r.InputOffset()
		t, err := d.r.ReadToken()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		if t.Kind != stream.KindEndOfDocument {
			return &SyntaxError{Offset: off, Msg: "unexpected " + t.Kind.String() + " after the root value (Unmarshal reads one document; use a Decoder for several)"}
		}
	}
}

// Unmarshaler is implemented by types that decode themselves from Smile.
// UnmarshalSmile receives one value as a complete, standalone Smile
// document (header, value). It must copy the data if it keeps it after
// returning. UnmarshalerFrom, whose method reads tokens from a Reader
// instead of parsing a document, costs less and is checked first.
type Unmarshaler interface {
	UnmarshalSmile(data []byte) error
}
