package smile

import (
	"bytes"
	"fmt"
	"io"

	"github.com/go-smile/smile/stream"
)

// A Decoder reads a sequence of Smile documents from an io.Reader, one
// root value per Decode call. End markers (0xFF) between values are
// skipped, a header in the middle of the input starts a new document with
// fresh back-reference tables, and values may also follow one another
// within one document, as Jackson writes root-level sequences.
//
// A Decoder also reads the elements of a large array one at a time, as
// encoding/json's Decoder does, so that memory holds one element, not the
// whole array: Token reads the start of the array, More reports whether an
// element follows, Decode decodes it, and Token reads the end:
//
//	if _, err := dec.Token(); err != nil { // [
//		return err
//	}
//	for dec.More() {
//		var rec Rec
//		if err := dec.Decode(&rec); err != nil {
//			return err
//		}
//		use(rec)
//	}
//	if _, err := dec.Token(); err != nil { // ]
//		return err
//	}
//
// Back-references to names and strings written before an element resolve
// as in the whole document. Inside an object, Token reads a key and Decode
// then decodes its value, or Skip skips it: a program walks to the part of
// a document it wants (the hits of a search response, say) without
// decoding the rest.
//
// The Decoder buffers its input: it may read past the end of the value it
// returns.
type Decoder struct {
	d   *decodeState
	err error // sticky: a malformed input or a failed read
}

// NewDecoder returns a Decoder reading from r with the default DecOptions.
func NewDecoder(r io.Reader) *Decoder {
	return DecMode{}.NewDecoder(r)
}

// NewDecoder returns a Decoder reading from r with the options of m.
func (m DecMode) NewDecoder(r io.Reader) *Decoder {
	cfg := m.config()
	sr, err := stream.NewReaderFrom(r, cfg.stream)
	if err != nil {
		return &Decoder{err: decodeErr(err)}
	}
	return &Decoder{d: &decodeState{r: sr, cfg: cfg, decodeStrings: decodeStrings{chunk: 4 << 10}}}
}

// Decode reads the next value and stores it in the value v points to, as
// Unmarshal does: the next root value, or, after Token has entered an
// array, its next element (inside an object, the value of the key Token
// read). DecOptions.MaxExpansion bounds what it allocates by the bytes of
// that value (and of any end markers and header before it) consumed so
// far, where Unmarshal uses the length of its whole input: whatever
// Marshal or an Encoder writes fits either way, but a value built to be
// dense at its start may be refused by Decode and not by Unmarshal. At the
// end of the input (possibly after end markers) it returns io.EOF. Where
// no value follows (the end of the array or object entered, or a key) it
// returns an error and consumes nothing; check More first. A *SyntaxError,
// a *LimitError or a read error is returned again by every later call,
// and so is an *UnmarshalTypeError that stopped decoding in the middle of
// the value (for an error of an UnmarshalSmile, UnmarshalText or
// UnmarshalBinary method, or a string that holds no number for a Number);
// after any other *UnmarshalTypeError the Decoder goes on with the next
// value.
// Error offsets are offsets in the input; the field path of an
// *UnmarshalTypeError starts at the value decoded.
func (dec *Decoder) Decode(v any) error {
	if dec.err != nil {
		return dec.err
	}
	d := dec.d
	fn, p, err := d.rootDecoder(v)
	if err != nil {
		return err
	}
	err = d.streamValue(fn, p, "Decoder.Decode", "Decoder.More")
	if err != nil {
		if _, ok := err.(*noValueError); !ok && err != io.EOF {
			err = decodeErr(err)
			dec.err = err
		}
		return err
	}
	if d.err != nil {
		return decodeErr(d.err)
	}
	return nil
}

// More reports whether another value follows: at the root, another root
// value (end markers are skipped); after Token has entered an array or
// object, another element or key before its end. It returns false at the
// end of the input and after an error (which the next Decode or Token
// returns).
func (dec *Decoder) More() bool {
	if dec.err != nil {
		return false
	}
	r := dec.d.r
	for {
		k, err := r.PeekKind()
		if err != nil {
			if err != io.EOF {
				dec.err = decodeErr(err)
			}
			return false
		}
		switch k {
		case stream.KindEndArray, stream.KindEndObject:
			return false
		case stream.KindEndOfDocument:
			if r.Depth() == 0 {
				if _, err := r.ReadToken(); err != nil {
					dec.err = decodeErr(err)
					return false
				}
				continue
			}
		}
		return true
	}
}

// Token reads the next token: the start or end of an array or object, a
// key, or a scalar value. With Token, More and Decode a program walks a
// document, entering the arrays and objects whose elements it decodes one
// by one (see the example in the Decoder's documentation). At the root end
// markers are skipped, and at the end of the input Token returns io.EOF.
// The bytes of the token (Token.Bytes) are valid until the next call on
// the Decoder. Errors are as for Decode.
func (dec *Decoder) Token() (stream.Token, error) {
	if dec.err != nil {
		return stream.Token{}, dec.err
	}
	r := dec.d.r
	for {
		t, err := r.ReadToken()
		if err != nil {
			if err != io.EOF {
				err = decodeErr(err)
				dec.err = err
			}
			return stream.Token{}, err
		}
		if t.Kind != stream.KindEndOfDocument {
			return t, nil
		}
	}
}

// Skip skips the next value without decoding it, as the SkipValue method
// of encoding/json/jsontext's Decoder does: a scalar, or a whole array or
// object, read and checked as Decode reads it (UTF-8, 7-bit bytes, the
// depth and length limits) but not built. Nothing is allocated for it,
// so DecOptions.MaxExpansion is not charged and MaxContainerLen does not
// apply. Shared names and strings inside it are recorded, so that
// back-references after it resolve.
//
// Skip skips what Decode would decode: the next root value (end markers
// before it are skipped), the next element of the array Token entered,
// or, after Token read a key, that key's value. Before a key that Token
// has not read, it skips the key and its value, the whole member, so that
// a loop of More and Skip skips the rest of an object as it skips the rest
// of an array. At the end of the input it returns io.EOF; at the end of the array or
// object entered it returns an error and consumes nothing (check More
// first). Errors are as for Decode: a *SyntaxError (wrapping
// io.ErrUnexpectedEOF for truncated input), a *LimitError or a read
// error, with its offset in the input, returned again by every later
// call.
func (dec *Decoder) Skip() error {
	if dec.err != nil {
		return dec.err
	}
	r := dec.d.r
	for {
		k, err := r.PeekKind()
		if err != nil {
			return dec.fail(err)
		}
		switch k {
		case stream.KindEndArray:
			return &noValueError{fmt.Sprintf("smile: Decoder.Skip: no value at offset %d: the next token is the end of the array (check Decoder.More before each value)", r.InputOffset())}
		case stream.KindEndObject:
			return &noValueError{fmt.Sprintf("smile: Decoder.Skip: no value at offset %d: the next token is the end of the object (check Decoder.More before each value)", r.InputOffset())}
		case stream.KindEndOfDocument: // at the root, between values
			if _, err := r.ReadToken(); err != nil {
				return dec.fail(err)
			}
			continue
		}
		return dec.fail(r.SkipValue())
	}
}

// fail returns err, which a read of the Decoder's Reader returned: nil
// and io.EOF as they are, any other error with the advice in the words of
// DecOptions, kept to be returned again by every later call.
func (dec *Decoder) fail(err error) error {
	if err == nil || err == io.EOF {
		return err
	}
	err = decodeErr(err)
	dec.err = err
	return err
}

// InputOffset returns the input offset of the Decoder: the number of bytes
// consumed from the io.Reader up to the end of the last value decoded,
// token read or end marker skipped.
func (dec *Decoder) InputOffset() int64 {
	if dec.d == nil {
		return 0
	}
	return dec.d.r.InputOffset()
}

// Buffered returns a reader of the data remaining in the Decoder's
// buffer: what it read from its io.Reader past the last value decoded
// (InputOffset). The reader is valid until the next call on the Decoder.
func (dec *Decoder) Buffered() io.Reader {
	if dec.d == nil {
		return bytes.NewReader(nil)
	}
	return bytes.NewReader(dec.d.r.Buffered())
}

// DisallowUnknownFields makes the Decoder report an object key that
// matches no field of the destination struct, as
// DecOptions.DisallowUnknownFields does (and as encoding/json's method of
// the same name).
func (dec *Decoder) DisallowUnknownFields() {
	dec.setOptions(func(o *DecOptions) { o.DisallowUnknownFields = true })
}

// UseNumber makes the Decoder decode numbers in interface values as a
// Number holding their exact text, as DecOptions.AnyNumbers =
// AnyNumbersAsNumber does (and as encoding/json's method of the same
// name, for json.Number).
func (dec *Decoder) UseNumber() {
	dec.setOptions(func(o *DecOptions) { o.AnyNumbers = AnyNumbersAsNumber })
}

// setOptions changes the Decoder's options from the next Decode on. The
// options of the mode it was made from are not changed.
func (dec *Decoder) setOptions(change func(*DecOptions)) {
	if dec.d == nil {
		return
	}
	c := *dec.d.cfg
	change(&c.opts)
	dec.d.cfg = &c
}
