package transcode

import (
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"

	"github.com/go-smile/smile/internal/hint"
	"github.com/go-smile/smile/internal/seam"
	"github.com/go-smile/smile/stream"
)

// export holds the methods of stream.Reader that only this module's
// packages reach (ReadTokenInto, ReadTaggedKey, SetKeyTag).
var export = stream.Internal.Export(&seam.AllowInternalUse)

// ToJSON configures Smile -> JSON transcoding. The zero value writes
// compact JSON and refuses NaN and ±Inf. How the Smile input is read
// (header, limits, UTF-8 strictness) is set on the stream.Reader.
type ToJSON struct {
	// Indent, when not empty, pretty-prints with this indentation per level.
	Indent string

	// NonFiniteAsStrings writes NaN and ±Inf as the strings "NaN",
	// "Infinity" and "-Infinity", as Jackson does with
	// QUOTE_NON_NUMERIC_NUMBERS. By default they are an error, since JSON
	// has no form for them.
	NonFiniteAsStrings bool

	// ValidUTF8 reports that the strings and keys of the Reader are valid
	// UTF-8 because it checks them (its AllowInvalidUTF8 is off), so that
	// they are copied without a second check. When it is false each
	// string is checked, and its invalid bytes become U+FFFD.
	ValidUTF8 bool
}

// AppendValue reads the next complete value from r (r positioned where a
// value is due) and appends it to dst as JSON text, leaving r after the
// value. On error it returns dst as it was, with the error.
//
// The text is what Jackson writes for the same tokens: integers as their
// digits, BigInteger and BigDecimal exactly (BigDecimal as Java's
// BigDecimal.toString, "1E+3"), binary as a base64 string (standard
// alphabet, padded), and float64 and float32 values with the shortest
// digits that read back to the same float, always with a '.' so that
// they read back as floats, in the layout of Java's Double.toString
// ("1.0", "-0.0", "0.001", "1.0E21", "1.5E-7"). JSON has no float32: a
// float32 is written with float32's shortest digits (0.1f is "0.1"), and
// reading that text as JSON gives the float64 nearest to it, whose
// float32 conversion is the original. NaN and ±Inf are an error or, with
// NonFiniteAsStrings, the strings "NaN", "Infinity" and "-Infinity".
func AppendValue(dst []byte, r *stream.Reader, opts ToJSON) ([]byte, error) {
	jw := jsonWriter{opts: opts, buf: dst}
	var tok stream.Token
	err := export.ReadTokenInto(r, &tok)
	if err == nil {
		err = jw.value(r, &tok, nil)
	} else if err == io.EOF {
		err = fmt.Errorf("smile: no value at offset %d: %w", r.InputOffset(), io.ErrUnexpectedEOF)
	}
	if err != nil {
		return dst, err
	}
	return jw.buf, nil
}

// CopyToJSON converts Smile to JSON text. Each Smile document (each root
// value) in r becomes one JSON value on its own line in w. The text is
// written to w every few tens of kilobytes, so memory stays flat whatever
// the size of the input. CopyToJSON tags r's shared names for its own use
// (stream's SetKeyTag, through the seam): r must be a Reader whose tags nothing else reads.
//
// Input with no value (empty, or only headers and end markers) is an
// error (NoValueError), as for CopyFromJSON: CopyToJSON never succeeds
// without writing a JSON value (empty JSON text, which CopyFromJSON
// refuses).
func CopyToJSON(w io.Writer, r *stream.Reader, opts ToJSON) error {
	jw := jsonWriter{opts: opts, buf: make([]byte, 0, flushThreshold+flushThreshold/4), keyGen: 1}
	var tok stream.Token
	for values := 0; ; {
		err := export.ReadTokenInto(r, &tok)
		if err == io.EOF && values == 0 {
			if end := r.InputOffset(); end > 0 {
				return NoValueError(end, "the input holds only headers and end markers")
			}
			return NoValueError(0, "the input is empty")
		}
		if err == io.EOF {
			return jw.flush(w)
		}
		if err == nil && tok.Kind == stream.KindEndOfDocument {
			continue
		}
		if err == nil {
			err = jw.value(r, &tok, w)
		}
		if err != nil {
			jw.flush(w)
			return err
		}
		jw.buf = append(jw.buf, '\n') // one root value per line
		values++
		if len(jw.buf) >= flushThreshold {
			if err := jw.flush(w); err != nil {
				return err
			}
		}
	}
}

// jsonWriter appends JSON text for a stream of Smile tokens to buf.
type jsonWriter struct {
	opts ToJSON
	buf  []byte
	// depth is the number of open containers; inObj and empty say
	// whether the innermost one is an object and whether it has no
	// member yet, and outer holds inObj of each container around it (the
	// others are never empty). afterKey reports that a key was just
	// written and its value is due.
	depth    int
	inObj    bool
	empty    bool
	outer    bitStack
	afterKey bool
	// keyText holds the text written for shared names ("name":), and
	// keyGen, when not 0, says that the writer tags each shared name of
	// its Reader with where its text is (stream's SetKeyTag, through the seam): keyGen<<32 |
	// offset<<8 | length. A tag goes with its name when the Reader empties
	// its table, so a tag of the current generation gives the text of the
	// name now in its slot; when keyText is full it is emptied and keyGen
	// moves on, which makes every earlier tag stale. A back-reference to
	// a name then costs a copy of its text, not a quoting of the name: on
	// 20 copies of the twitter corpus as one Smile document (4.7 MB),
	// smile tojson went from 212M to 174M instructions (callgrind), and
	// on a 251 MB document of the same statuses its user CPU time to
	// 0.84x (median of 15 runs alternated with the build before, whole
	// process). AppendValue keeps no texts (keyGen 0): its Reader's tags
	// are its caller's.
	keyText []byte
	keyGen  uint64
}

// maxKeyText bounds the text of a key that jsonWriter.keyText keeps, and
// maxKeyTexts the bytes it holds.
const (
	maxKeyText  = 128
	maxKeyTexts = 64 << 10
)

// flush writes the buffered text to w and empties the buffer.
func (jw *jsonWriter) flush(w io.Writer) error {
	_, err := w.Write(jw.buf)
	jw.buf = jw.buf[:0]
	return err
}

// value writes the value that starts with tok and reads the rest of it
// from r. With a non-nil w, the text is flushed to w when the buffer holds
// flushThreshold bytes.
//
// Inside an object the keys, and the object's end, are read with
// ReadTaggedKey (ReadKey with the tag of the key's slot, see
// jsonWriter.keys), which hands over a key's bytes without filling a
// Token. Reading a key's bytes from a Token copies the Token (the
// accessors take it by value) just after the Reader wrote it, and perf
// annotate showed a tenth of smile tojson's samples on the loads of
// those copies. On a 251 MB document of twitter statuses the user CPU
// time fell to 0.92x (median of 15 runs alternated with the build
// before, whole process), while callgrind counted only 3% fewer
// instructions (218M -> 212M on 20 copies of the twitter corpus): the
// time was in stalls.
func (jw *jsonWriter) value(r *stream.Reader, tok *stream.Token, w io.Writer) error {
	switch tok.Kind {
	case stream.KindKey, stream.KindEndObject, stream.KindEndArray, stream.KindEndOfDocument:
		return fmt.Errorf("smile: %v at offset %d where a value is due", tok.Kind, r.TokenOffset())
	}
	if err := jw.token(tok, r.TokenOffset()); err != nil {
		return err
	}
	for jw.depth > 0 {
		if jw.inObj && !jw.afterKey {
			// A key or the end of the object is due.
			name, slot, tag, _, ok, err := export.ReadTaggedKey(r, nil, 0)
			if err != nil {
				return insideErr(r, err)
			}
			if ok {
				jw.key(r, name, slot, tag)
			} else {
				jw.end('}')
			}
			continue
		}
		if w != nil && len(jw.buf) >= flushThreshold {
			if err := jw.flush(w); err != nil {
				return err
			}
		}
		if err := export.ReadTokenInto(r, tok); err != nil {
			return insideErr(r, err)
		}
		if err := jw.token(tok, r.TokenOffset()); err != nil {
			return err
		}
	}
	return nil
}

// insideErr returns the error for err, met while reading the tokens
// inside a value: the end of the input there is unexpected.
func insideErr(r *stream.Reader, err error) error {
	if err == io.EOF {
		err = fmt.Errorf("smile: input ends inside a value at offset %d: %w", r.InputOffset(), io.ErrUnexpectedEOF)
	}
	return err
}

// end appends c, the end of the innermost container, and closes it.
func (jw *jsonWriter) end(c byte) {
	jw.depth--
	if !jw.empty {
		jw.newline()
	}
	jw.buf = append(jw.buf, c)
	jw.empty = false
	if jw.depth > 0 {
		jw.inObj = jw.outer.top()
		jw.outer.pop()
	}
}

// open opens a container, an object or an array.
func (jw *jsonWriter) open(obj bool) {
	if jw.depth > 0 {
		jw.outer.push(jw.inObj)
	}
	jw.depth++
	jw.inObj, jw.empty = obj, true
}

// sep appends what goes before a member of the innermost container: a
// comma unless it is the first, and the indentation.
func (jw *jsonWriter) sep() {
	if jw.empty {
		jw.empty = false
	} else {
		jw.buf = append(jw.buf, ',')
	}
	if jw.opts.Indent != "" {
		jw.newline()
	}
}

// member appends what goes before a value: nothing after a key, else
// the separator when the value is inside a container.
func (jw *jsonWriter) member() {
	if jw.afterKey {
		jw.afterKey = false
	} else if jw.depth > 0 {
		jw.sep()
	}
}

// key appends an object's key, with the separator before it and the
// colon after it. slot and tag are the key's slot in the shared-name
// table and the tag on it, as ReadTaggedKey returns them.
func (jw *jsonWriter) key(r *stream.Reader, name []byte, slot int, tag uint64) {
	jw.sep()
	jw.afterKey = true
	if jw.keyGen != 0 && tag>>32 == jw.keyGen {
		off, n := int(tag>>8&0xFFFFFF), int(tag&0xFF)
		if off+n <= len(jw.keyText) {
			jw.buf = append(jw.buf, jw.keyText[off:off+n]...)
			return
		}
	}
	start := len(jw.buf)
	b := appendQuoted(jw.buf, name, jw.opts.ValidUTF8)
	b = append(b, ':')
	if jw.opts.Indent != "" {
		b = append(b, ' ')
	}
	jw.buf = b
	if n := len(b) - start; jw.keyGen != 0 && slot >= 0 && n <= maxKeyText {
		if len(jw.keyText)+n > maxKeyTexts {
			jw.keyText = jw.keyText[:0]
			jw.keyGen++
		}
		off := len(jw.keyText)
		jw.keyText = append(jw.keyText, b[start:]...)
		export.SetKeyTag(r, slot, jw.keyGen<<32|uint64(off)<<8|uint64(n))
	}
}

// token appends one token of a value (not a key), with the separators
// and indentation before it.
func (jw *jsonWriter) token(tok *stream.Token, offset int64) error {
	switch tok.Kind {
	case stream.KindEndObject:
		jw.end('}')
		return nil
	case stream.KindEndArray:
		jw.end(']')
		return nil
	}
	jw.member()
	b := jw.buf
	switch tok.Kind {
	case stream.KindStartObject:
		jw.open(true)
		b = append(b, '{')
	case stream.KindStartArray:
		jw.open(false)
		b = append(b, '[')
	case stream.KindString:
		b = appendQuoted(b, tok.Bytes(), jw.opts.ValidUTF8)
	case stream.KindNull:
		b = append(b, "null"...)
	case stream.KindTrue:
		b = append(b, "true"...)
	case stream.KindFalse:
		b = append(b, "false"...)
	case stream.KindInt:
		b = strconv.AppendInt(b, tok.Int(), 10)
	case stream.KindBigInt:
		b = tok.BigInt().Append(b, 10)
	case stream.KindBigDecimal:
		u, scale := tok.BigDecimal()
		b = AppendDecimal(b, u, scale)
	case stream.KindFloat32:
		var err error
		if b, err = jw.appendFloat(b, float64(tok.Float32()), 32, offset); err != nil {
			return err
		}
	case stream.KindFloat64:
		var err error
		if b, err = jw.appendFloat(b, tok.Float64(), 64, offset); err != nil {
			return err
		}
	case stream.KindBinary:
		b = append(b, '"')
		b = base64.StdEncoding.AppendEncode(b, tok.Bytes())
		b = append(b, '"')
	default:
		return fmt.Errorf("smile: unexpected %v token at offset %d", tok.Kind, offset)
	}
	jw.buf = b
	return nil
}

func (jw *jsonWriter) newline() {
	if jw.opts.Indent == "" {
		return
	}
	jw.buf = append(jw.buf, '\n')
	for range jw.depth {
		jw.buf = append(jw.buf, jw.opts.Indent...)
	}
}

// errNonFinite is the cause of the error for NaN and ±Inf without
// NonFiniteAsStrings.
var errNonFinite = errors.New("smile: a non-finite float has no JSON form")

// appendFloat writes the float f of the given size, or, when it is NaN or
// ±Inf, a string for it or an error.
func (jw *jsonWriter) appendFloat(b []byte, f float64, bits int, offset int64) ([]byte, error) {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		if !jw.opts.NonFiniteAsStrings {
			// The advice names NonFiniteAsStrings once the API layer that
			// has the option relabels the error (hint.Relabel).
			return b, &hint.Error{
				Msg:  fmt.Sprintf("smile: float %v at offset %d has no JSON form", f, offset),
				Hint: hint.Hint{Kind: hint.Enable, Option: hint.NonFiniteAsStrings, Purpose: "to write it as a string"},
				Err:  errNonFinite,
			}
		}
		switch {
		case math.IsNaN(f):
			return append(b, `"NaN"`...), nil
		case f > 0:
			return append(b, `"Infinity"`...), nil
		default:
			return append(b, `"-Infinity"`...), nil
		}
	}
	return appendFloat(b, f, bits), nil
}
