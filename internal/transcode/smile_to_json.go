package transcode

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"unicode/utf8"

	"github.com/go-smile/smile"
	"github.com/go-smile/smile/stream"
)

// ToJSONOptions configures Smile -> JSON conversion. The zero value reads
// Smile with Jackson's defaults (header required) and the default limits,
// and writes compact JSON.
type ToJSONOptions struct {
	// Dec selects how the Smile input is read: header, limits, UTF-8
	// strictness. Only the stream-level options are used.
	Dec smile.DecOptions

	// Indent, when not empty, pretty-prints with this indentation per level.
	Indent string

	// NonFiniteAsStrings writes NaN and ±Inf as the strings "NaN",
	// "Infinity" and "-Infinity", as Jackson does with
	// QUOTE_NON_NUMERIC_NUMBERS. By default they are an error, since JSON
	// has no form for them.
	NonFiniteAsStrings bool
}

// ToJSON converts Smile to JSON text. Each Smile document (each root
// value) in r becomes one JSON value on its own line in w.
func ToJSON(w io.Writer, r io.Reader, opts ToJSONOptions) error {
	mode, err := opts.Dec.DecMode()
	if err != nil {
		return err
	}
	sr, err := stream.NewStreamReader(r, mode.ReaderOptions())
	if err != nil {
		return err
	}
	return toJSON(w, sr, opts)
}

// ToJSONBytes is ToJSON on a byte slice.
func ToJSONBytes(data []byte, opts ToJSONOptions) ([]byte, error) {
	mode, err := opts.Dec.DecMode()
	if err != nil {
		return nil, err
	}
	sr, err := stream.NewReader(data, mode.ReaderOptions())
	if err != nil {
		return nil, err
	}
	var out bytes.Buffer
	if err := toJSON(&out, sr, opts); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// jsonWriter writes JSON text for a stream of Smile tokens.
type jsonWriter struct {
	out     *bufio.Writer
	opts    ToJSONOptions
	scratch []byte
	// first[i] reports whether container i has no member yet; afterKey
	// reports that a key was just written and its value is due.
	first    []bool
	afterKey bool
}

func toJSON(w io.Writer, r *stream.Reader, opts ToJSONOptions) error {
	jw := &jsonWriter{out: bufio.NewWriterSize(w, 32<<10), opts: opts}
	for {
		tok, err := r.ReadToken()
		if err == io.EOF {
			return jw.out.Flush()
		}
		if err != nil {
			jw.out.Flush()
			return err
		}
		if tok.Kind == stream.KindEndOfDocument {
			continue
		}
		if err := jw.token(tok, r.InputOffset()); err != nil {
			jw.out.Flush()
			return err
		}
		if len(jw.first) == 0 {
			jw.out.WriteByte('\n') // one root value per line
		}
	}
}

// token writes one token, with the separators and indentation before it.
func (jw *jsonWriter) token(tok stream.Token, offset int64) error {
	closing := tok.Kind == stream.KindEndObject || tok.Kind == stream.KindEndArray
	if closing {
		empty := jw.first[len(jw.first)-1]
		jw.first = jw.first[:len(jw.first)-1]
		if !empty {
			jw.newline()
		}
		if tok.Kind == stream.KindEndObject {
			jw.out.WriteByte('}')
		} else {
			jw.out.WriteByte(']')
		}
		return nil
	}
	if jw.afterKey {
		jw.afterKey = false
	} else if n := len(jw.first); n > 0 {
		if !jw.first[n-1] {
			jw.out.WriteByte(',')
		}
		jw.first[n-1] = false
		jw.newline()
	}
	b := jw.scratch[:0]
	switch tok.Kind {
	case stream.KindStartObject:
		jw.first = append(jw.first, true)
		b = append(b, '{')
	case stream.KindStartArray:
		jw.first = append(jw.first, true)
		b = append(b, '[')
	case stream.KindKey:
		b = appendQuoted(b, tok.Bytes())
		b = append(b, ':')
		if jw.opts.Indent != "" {
			b = append(b, ' ')
		}
		jw.afterKey = true
	case stream.KindString:
		b = appendQuoted(b, tok.Bytes())
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
		b = append(b, smile.Decimal{Unscaled: u, Scale: scale}.String()...)
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
		return fmt.Errorf("compat: unexpected %v token at offset %d", tok.Kind, offset)
	}
	jw.scratch = b
	_, err := jw.out.Write(b)
	return err
}

func (jw *jsonWriter) newline() {
	if jw.opts.Indent == "" {
		return
	}
	jw.out.WriteByte('\n')
	for range jw.first {
		jw.out.WriteString(jw.opts.Indent)
	}
}

// errNonFinite is returned for NaN and ±Inf without NonFiniteAsStrings.
var errNonFinite = errors.New("has no JSON form (set NonFiniteAsStrings to write it as a string)")

// appendFloat writes f in the shortest form that reads back to the same
// float of the given size, formatted as encoding/json formats floats.
func (jw *jsonWriter) appendFloat(b []byte, f float64, bits int, offset int64) ([]byte, error) {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		if !jw.opts.NonFiniteAsStrings {
			return b, fmt.Errorf("compat: float %v at offset %d %w", f, offset, errNonFinite)
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
	abs := math.Abs(f)
	format := byte('f')
	if abs != 0 && (bits == 64 && (abs < 1e-6 || abs >= 1e21) || bits == 32 && (float32(abs) < 1e-6 || float32(abs) >= 1e21)) {
		format = 'e'
	}
	b = strconv.AppendFloat(b, f, format, -1, bits)
	if format == 'e' {
		// Clean up e-09 to e-9, as encoding/json does.
		if n := len(b); n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	return b, nil
}

const hexDigits = "0123456789abcdef"

// appendQuoted appends s as a JSON string: quotes, backslashes and control
// characters escaped, everything else (including non-ASCII) as it is.
// Invalid UTF-8 (possible only with AllowInvalidUTF8) becomes U+FFFD.
func appendQuoted(b, s []byte) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c >= 0x20 && c != '"' && c != '\\' && c < utf8.RuneSelf {
			i++
			continue
		}
		if c >= utf8.RuneSelf {
			r, size := utf8.DecodeRune(s[i:])
			if r == utf8.RuneError && size == 1 {
				b = append(b, s[start:i]...)
				b = append(b, "\ufffd"...)
				i++
				start = i
				continue
			}
			i += size
			continue
		}
		b = append(b, s[start:i]...)
		switch c {
		case '"', '\\':
			b = append(b, '\\', c)
		case '\n':
			b = append(b, '\\', 'n')
		case '\r':
			b = append(b, '\\', 'r')
		case '\t':
			b = append(b, '\\', 't')
		case '\b':
			b = append(b, '\\', 'b')
		case '\f':
			b = append(b, '\\', 'f')
		default:
			b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
		}
		i++
		start = i
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}
