package transcode

import (
	"errors"
	"fmt"
	"io"
	"math"
	"math/big"
	"strconv"
	"strings"

	"github.com/go-smile/smile/internal/hint"
	"github.com/go-smile/smile/stream"
)

// FromJSON configures JSON -> Smile transcoding. The zero value gives
// Jackson's number rules and the default depth limit. The Smile features
// (header, shared tables…) are those of the stream.Writer written to.
type FromJSON struct {
	// DecimalsAsBigDecimal writes JSON numbers with a fraction or an
	// exponent as exact BigDecimal values (digits and scale as Java's
	// new BigDecimal(String)). By default they become float64, as
	// Jackson's JSON-to-Smile copy does.
	DecimalsAsBigDecimal bool

	// BigIntegerFrom19Digits writes every integer literal of 19 digits or
	// more as a BigInteger, even one that fits in an int64, as Debian 12's
	// jackson-core 2.14.1 does. By default an integer literal becomes the
	// smallest integer that holds its value, as upstream Jackson writes it
	// (compat.FromJSONOptions.BigIntegerFrom19Digits says which releases).
	BigIntegerFrom19Digits bool

	// MaxDepth limits the nesting of the JSON input; 0 means
	// stream.DefaultMaxDepth (1000). Deeper input is a *stream.LimitError
	// whose Limit is "MaxDepth".
	MaxDepth int

	// MaxNumberLen limits the length of a number literal in the JSON
	// input, in bytes (converting a literal of n digits to a BigInteger
	// or BigDecimal takes time quadratic in n); 0 means
	// DefaultMaxNumberLen.
	MaxNumberLen int

	// RefuseOverflow makes a literal that would be written as a float64
	// ±Inf (a number with a fraction or an exponent beyond the float64
	// range, such as 1e400, without DecimalsAsBigDecimal) an
	// *OverflowError, as encoding/json refuses it. By default it becomes
	// ±Inf, as Jackson's JSON parser reads it (Double.parseDouble), which
	// the root package's MarshalJSON bridge keeps; compat refuses it
	// unless FromJSONOptions.AllowOverflowToInfinity.
	RefuseOverflow bool
}

// OverflowError reports a JSON number literal beyond the float64 range,
// such as 1e400 or -1e400, which would be written as a float64 +Inf or
// -Inf: JSON has no form for those, so the Smile would not convert back.
// Offset is that of the literal's first byte. A literal too small for
// float64 (1e-400) is no error: it becomes 0, as in encoding/json.
type OverflowError struct {
	Offset  int64
	Literal string

	vocab *hint.Vocabulary // names the options that accept the literal
}

// maxShownLiteral is how many bytes of a literal an OverflowError's text
// shows; a literal may be thousands of digits long (MaxNumberLen).
const maxShownLiteral = 40

func (e *OverflowError) Error() string {
	lit, inf := e.Literal, "+Inf"
	if len(lit) > maxShownLiteral {
		lit = fmt.Sprintf("%s… (%d bytes)", lit[:maxShownLiteral], len(e.Literal))
	}
	if strings.HasPrefix(e.Literal, "-") {
		inf = "-Inf"
	}
	msg := fmt.Sprintf("smile: JSON number %s at offset %d is beyond the float64 range (as a float64 it is %s, which JSON has no number for)", lit, e.Offset, inf)
	exact := hint.Hint{Kind: hint.Enable, Option: hint.DecimalsAsBigDecimal, Purpose: "to write it exactly, as a BigDecimal"}.Render(e.vocab)
	asInf := hint.Hint{Kind: hint.Enable, Option: hint.AllowOverflowToInfinity, Purpose: "to write " + inf + ", as Jackson does"}.Render(e.vocab)
	switch {
	case exact != "" && asInf != "":
		return msg + "; " + exact + ", or " + asInf
	case exact != "" || asInf != "":
		return msg + "; " + exact + asInf
	}
	return msg
}

func init() {
	hint.RegisterLabeler(func(err error, v *hint.Vocabulary) bool {
		if e, ok := err.(*OverflowError); ok {
			e.vocab = v
			return true
		}
		return false
	})
}

// NoValueError returns the error for Smile or JSON input that holds no
// value, which CopyFromJSON and CopyToJSON return and the command's
// validate and dump too: a *stream.SyntaxError at offset, where the input
// ended, that wraps io.ErrUnexpectedEOF. held says what the input held
// instead of a value: "the input is empty", "the input holds only white
// space", "the input holds only headers and end markers".
func NoValueError(offset int64, held string) error {
	return &stream.SyntaxError{Offset: offset, Msg: "unexpected end of input: no value (" + held + ")", Err: io.ErrUnexpectedEOF}
}

// DefaultMaxNumberLen is the default of FromJSON.MaxNumberLen. It admits
// the text of every number that a stream.Reader reads with the default
// MaxBigNumberLen (1000 bytes of magnitude: 2409 digits, with a sign, a
// point, six leading zeros and a ten-digit exponent at most), so that the
// JSON written from Smile read with the defaults always reads back.
const DefaultMaxNumberLen = 2500

// limits returns the limits in force. Input beyond them is a
// *stream.LimitError that names the option.
func (o FromJSON) limits() (maxDepth, maxNumberLen int) {
	maxDepth, maxNumberLen = o.MaxDepth, o.MaxNumberLen
	if maxDepth == 0 {
		maxDepth = stream.DefaultMaxDepth
	}
	if maxNumberLen == 0 {
		maxNumberLen = DefaultMaxNumberLen
	}
	return maxDepth, maxNumberLen
}

// noAdvice names no option: the errors of this package give advice only
// once the API layer that has the options relabels them.
var noAdvice = &hint.Vocabulary{}

// flushThreshold is how many Smile bytes CopyFromJSON buffers before it
// writes them to the destination.
const flushThreshold = 32 << 10

// WriteValue parses exactly one JSON value from data (white space around
// it allowed; anything else after it is an error) and writes it to w as
// Smile tokens, continuing w's state: as a root value, an array element,
// or an object member's value after its key. Names and string values go
// through w's shared tables like any other. Invalid JSON is an error that
// names the byte offset in data; invalid UTF-8 is an *InvalidUTF8Error.
// WriteValue neither ends the document nor flushes w.
func WriteValue(w *stream.Writer, data []byte, opts FromJSON) error {
	c := jsonCopier{r: bytesReader(data), w: w, bigDecimals: opts.DecimalsAsBigDecimal, bigIntFrom19: opts.BigIntegerFrom19Digits,
		refuseOverflow: opts.RefuseOverflow}
	c.maxDepth, c.maxNumberLen = opts.limits()
	err := c.copyValue()
	if err == io.EOF {
		return fmt.Errorf("smile: no JSON value in the input: %w", io.ErrUnexpectedEOF)
	}
	if err != nil {
		return err
	}
	if _, more := c.r.skipSpace(); more {
		return c.r.syntaxErr(c.r.pos, "the JSON text continues after the value")
	}
	return nil
}

// CopyFromJSON converts JSON text to Smile. Each JSON value in r (values
// may follow one another, separated by white space, as in JSON Lines)
// becomes one Smile document in w, ended by w.EndDocument. w is flushed
// every few tens of kilobytes and at the end, so memory stays flat
// whatever the size of the input. Input with no value (empty, or only
// white space) is an error (NoValueError), as for encoding/json's
// Unmarshal ("unexpected end of JSON input"): CopyFromJSON never succeeds
// without writing a document.
//
// The input must be valid UTF-8: other bytes are an *InvalidUTF8Error
// with their offset, as Jackson's JSON parser refuses them (encoding/json
// would replace them with U+FFFD). An escaped lone surrogate such as
// "\ud800" is valid JSON and becomes U+FFFD, as in encoding/json.
func CopyFromJSON(w *stream.Writer, r io.Reader, opts FromJSON) error {
	c := jsonCopier{r: streamReader(r), w: w, bigDecimals: opts.DecimalsAsBigDecimal, bigIntFrom19: opts.BigIntegerFrom19Digits,
		refuseOverflow: opts.RefuseOverflow, flush: true}
	c.maxDepth, c.maxNumberLen = opts.limits()
	for values := 0; ; values++ {
		err := c.copyValue()
		if err == io.EOF && values == 0 {
			end := c.r.offset(len(c.r.buf))
			if end == 0 {
				return NoValueError(0, "the input is empty")
			}
			return NoValueError(end, "the input holds only white space")
		}
		if err == io.EOF {
			return w.Flush()
		}
		if err != nil {
			return err
		}
		if err := w.EndDocument(); err != nil {
			return err
		}
		if err := w.Flush(); err != nil {
			return err
		}
	}
}

// jsonCopier parses JSON and writes the matching Smile tokens as it goes.
type jsonCopier struct {
	r            jsonReader
	w            *stream.Writer
	bigDecimals  bool
	bigIntFrom19 bool // FromJSON.BigIntegerFrom19Digits
	maxDepth     int
	maxNumberLen int
	flush        bool     // flush w when it holds flushThreshold bytes
	open         bitStack // the open containers: true for an object

	refuseOverflow bool // FromJSON.RefuseOverflow
}

// copyValue copies one whole JSON value; io.EOF means there is none left
// (only white space).
func (c *jsonCopier) copyValue() error {
	r, w := &c.r, c.w
	c.open.reset()
	b, ok := r.skipSpace()
	if !ok {
		if r.err != nil {
			return r.endErr()
		}
		return io.EOF
	}
	for {
		// A value is due, and b is its first byte.
		var err error
		switch b {
		case '{', '[':
			if c.open.n == c.maxDepth {
				// The advice names MaxDepth once the API layer relabels
				// the error (hint.Relabel).
				return hint.Relabel(&stream.LimitError{Offset: r.offset(r.pos), Limit: string(hint.MaxDepth), Max: int64(c.maxDepth), Got: int64(c.open.n) + 1}, noAdvice)
			}
			r.pos++
			end := byte('}')
			if b == '{' {
				err = w.WriteStartObject()
			} else {
				err = w.WriteStartArray()
				end = ']'
			}
			if err != nil {
				return err
			}
			c.open.push(b == '{')
			if b, ok = r.skipSpace(); !ok {
				return r.endErr()
			}
			if b != end {
				if end == '}' {
					if b, err = c.key(b); err != nil {
						return err
					}
				}
				continue // the first value
			}
			r.pos++
			if end == '}' {
				err = w.WriteEndObject()
			} else {
				err = w.WriteEndArray()
			}
			if err != nil {
				return err
			}
			c.open.pop()
		case '"':
			s, err := r.str()
			if err != nil {
				return err
			}
			if err := w.WriteStringBytes(s); err != nil {
				return err
			}
		case 't', 'f', 'n':
			if err := c.literal(b); err != nil {
				return err
			}
		default:
			if b != '-' && !isDigit(b) {
				return r.unexpected(r.pos, "a value")
			}
			if err := c.number(); err != nil {
				return err
			}
		}
		// A value is complete: what follows depends on the container.
		for {
			if c.flush && len(w.Bytes()) >= flushThreshold {
				if err := w.Flush(); err != nil {
					return err
				}
			}
			if c.open.n == 0 {
				return nil
			}
			object := c.open.top()
			if b, ok = r.skipSpace(); !ok {
				return r.endErr()
			}
			if b == ',' {
				r.pos++
				if b, ok = r.skipSpace(); !ok {
					return r.endErr()
				}
				if object {
					if b, err = c.key(b); err != nil {
						return err
					}
				}
				break // the next value
			}
			if object && b == '}' {
				r.pos++
				err = w.WriteEndObject()
			} else if !object && b == ']' {
				r.pos++
				err = w.WriteEndArray()
			} else if object {
				return r.unexpected(r.pos, "',' or '}'")
			} else {
				return r.unexpected(r.pos, "',' or ']'")
			}
			if err != nil {
				return err
			}
			c.open.pop()
		}
	}
}

// key reads an object's key, whose first byte is b, and the colon after
// it, writes the key, and returns the first byte of the value.
func (c *jsonCopier) key(b byte) (byte, error) {
	r := &c.r
	if b != '"' {
		return 0, r.unexpected(r.pos, "a string (a key)")
	}
	name, err := r.str()
	if err != nil {
		return 0, err
	}
	if err := c.w.WriteKeyBytes(name); err != nil {
		return 0, err
	}
	b, ok := r.skipSpace()
	if !ok {
		return 0, r.endErr()
	}
	if b != ':' {
		return 0, r.unexpected(r.pos, "':'")
	}
	r.pos++
	if b, ok = r.skipSpace(); !ok {
		return 0, r.endErr()
	}
	return b, nil
}

// literal copies true, false or null, whose first byte is b.
func (c *jsonCopier) literal(b byte) error {
	switch b {
	case 't':
		if err := c.r.literal("true"); err != nil {
			return err
		}
		return c.w.WriteBool(true)
	case 'f':
		if err := c.r.literal("false"); err != nil {
			return err
		}
		return c.w.WriteBool(false)
	}
	if err := c.r.literal("null"); err != nil {
		return err
	}
	return c.w.WriteNull()
}

// number copies a number with Jackson's rules: an integer literal becomes
// the smallest integer form that holds it, an int64 at most (with
// bigIntFrom19, only literals of up to 18 digits; 19 or more are a
// BigInteger even when they would fit); other literals become float64 or,
// by option, BigDecimal.
func (c *jsonCopier) number() error {
	lit, integer, digits, err := c.r.number(c.maxNumberLen)
	if err != nil {
		return err
	}
	if integer {
		if digits <= 18 {
			var v int64
			for _, d := range lit[len(lit)-digits:] {
				v = v*10 + int64(d-'0')
			}
			if lit[0] == '-' {
				v = -v
			}
			return c.w.WriteInt(v)
		}
		if digits == 19 && !c.bigIntFrom19 {
			// Below 10^19 < 2^64: no overflow. It fits in an int64 up to
			// 2^63-1, or 2^63 when negative.
			var u uint64
			for _, d := range lit[len(lit)-digits:] {
				u = u*10 + uint64(d-'0')
			}
			if lit[0] == '-' && u <= 1<<63 {
				return c.w.WriteInt(int64(-u))
			}
			if lit[0] != '-' && u <= math.MaxInt64 {
				return c.w.WriteInt(int64(u))
			}
		}
		b, ok := new(big.Int).SetString(string(lit), 10)
		if !ok {
			return fmt.Errorf("smile: invalid JSON number %q", lit)
		}
		return c.w.WriteBigInt(b)
	}
	if c.bigDecimals {
		u, scale, err := ParseDecimal(string(lit))
		if err != nil {
			return err
		}
		return c.w.WriteBigDecimal(u, scale)
	}
	// string(lit) does not allocate for a short literal: ParseFloat does
	// not keep its argument.
	f, err := strconv.ParseFloat(string(lit), 64)
	if err != nil && !errors.Is(err, strconv.ErrRange) {
		return fmt.Errorf("smile: invalid JSON number %q", lit)
	}
	// ParseFloat reports ErrRange only for a literal beyond the range
	// (±Inf, as Java's Double.parseDouble gives it); a literal too small
	// is 0 (or the nearest subnormal) with no error, in both languages.
	if err != nil && c.refuseOverflow {
		return &OverflowError{Offset: c.r.offset(c.r.pos - len(lit)), Literal: string(lit)}
	}
	return c.w.WriteFloat64(f)
}
