package transcode

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
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

	// MaxDepth limits the nesting of the JSON input; 0 means
	// stream.DefaultMaxDepth (1000). Deeper input is a *stream.LimitError
	// whose Limit is "MaxDepth".
	MaxDepth int
}

func (o FromJSON) maxDepth() int {
	if o.MaxDepth == 0 {
		return stream.DefaultMaxDepth
	}
	return o.MaxDepth
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
	c := newJSONCopier(bytes.NewReader(data), w, opts)
	err := c.copyValue()
	if err == io.EOF {
		return fmt.Errorf("smile: no JSON value in the input: %w", io.ErrUnexpectedEOF)
	}
	if err != nil {
		return err
	}
	off := c.dec.InputOffset()
	if _, err := c.dec.Token(); err != io.EOF {
		var bad *InvalidUTF8Error
		if errors.As(err, &bad) {
			return err
		}
		return fmt.Errorf("smile: JSON text continues after the value at offset %d", off)
	}
	return nil
}

// CopyFromJSON converts JSON text to Smile. Each JSON value in r (values
// may follow one another, separated by white space, as in JSON Lines)
// becomes one Smile document in w, ended by w.EndDocument. w is flushed
// every few tens of kilobytes and at the end, so memory stays flat
// whatever the size of the input.
//
// The input must be valid UTF-8: other bytes are an *InvalidUTF8Error
// with their offset, as Jackson's JSON parser refuses them (encoding/json
// would replace them with U+FFFD). An escaped lone surrogate such as
// "\ud800" is valid JSON and becomes U+FFFD, as in encoding/json.
func CopyFromJSON(w *stream.Writer, r io.Reader, opts FromJSON) error {
	c := newJSONCopier(r, w, opts)
	c.flush = true
	for {
		err := c.copyValue()
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

// jsonCopier walks JSON tokens and writes the matching Smile tokens.
type jsonCopier struct {
	dec         *json.Decoder
	w           *stream.Writer
	bigDecimals bool
	maxDepth    int
	flush       bool // flush w when it holds flushThreshold bytes
}

func newJSONCopier(r io.Reader, w *stream.Writer, opts FromJSON) *jsonCopier {
	dec := json.NewDecoder(&utf8Reader{src: r})
	dec.UseNumber()
	return &jsonCopier{dec: dec, w: w, bigDecimals: opts.DecimalsAsBigDecimal, maxDepth: opts.maxDepth()}
}

// frame is one open JSON container.
type frame struct {
	object    bool
	expectKey bool // inside an object: the next string is a key
}

// copyValue copies one whole JSON value; io.EOF means there is none left.
func (c *jsonCopier) copyValue() error {
	stack := make([]frame, 0, 16)
	for {
		tok, err := c.dec.Token()
		if err != nil {
			if err == io.EOF && len(stack) > 0 {
				return fmt.Errorf("smile: JSON input ends inside a value at offset %d: %w", c.dec.InputOffset(), io.ErrUnexpectedEOF)
			}
			var bad *InvalidUTF8Error
			if errors.As(err, &bad) {
				return err
			}
			if err != io.EOF {
				return fmt.Errorf("smile: invalid JSON near offset %d: %w", c.dec.InputOffset(), err)
			}
			return err
		}
		if s, ok := tok.(string); ok && len(stack) > 0 && stack[len(stack)-1].expectKey {
			// encoding/json returns keys and string values alike.
			stack[len(stack)-1].expectKey = false
			if err := c.w.WriteKey(s); err != nil {
				return err
			}
			continue
		}
		switch t := tok.(type) {
		case json.Delim:
			switch t {
			case '{', '[':
				if len(stack) == c.maxDepth {
					// The offset of the bracket, which the decoder has just
					// read; the advice names MaxDepth once the API layer
					// relabels the error (hint.Relabel).
					return hint.Relabel(&stream.LimitError{Offset: c.dec.InputOffset() - 1, Limit: string(hint.MaxDepth), Max: int64(c.maxDepth), Got: int64(len(stack)) + 1}, noAdvice)
				}
				stack = append(stack, frame{object: t == '{', expectKey: t == '{'})
				if t == '{' {
					err = c.w.WriteStartObject()
				} else {
					err = c.w.WriteStartArray()
				}
			case '}':
				stack = stack[:len(stack)-1]
				err = c.w.WriteEndObject()
			case ']':
				stack = stack[:len(stack)-1]
				err = c.w.WriteEndArray()
			}
		case string:
			err = c.w.WriteString(t)
		case json.Number:
			err = c.writeNumber(string(t))
		case bool:
			err = c.w.WriteBool(t)
		case nil:
			err = c.w.WriteNull()
		}
		if err != nil {
			return err
		}
		if c.flush && len(c.w.Bytes()) >= flushThreshold {
			if err := c.w.Flush(); err != nil {
				return err
			}
		}
		if len(stack) == 0 {
			return nil
		}
		// A value (or a whole container) is complete: in an object, a key
		// is due next.
		if top := &stack[len(stack)-1]; top.object {
			top.expectKey = true
		}
	}
}

// writeNumber writes a JSON number literal with Jackson's rules: an
// integer literal of up to 18 digits becomes the smallest integer form,
// one of 19 digits or more a BigInteger even when it would fit in an
// int64 (Jackson's JSON parser sizes integers by digit count, and its
// copy keeps that type); other literals become float64 or, by option,
// BigDecimal.
func (c *jsonCopier) writeNumber(lit string) error {
	if isIntegerLiteral(lit) {
		if len(strings.TrimPrefix(lit, "-")) <= 18 {
			v, err := strconv.ParseInt(lit, 10, 64)
			if err != nil {
				return fmt.Errorf("smile: invalid JSON number %q", lit)
			}
			return c.w.WriteInt(v)
		}
		b, ok := new(big.Int).SetString(lit, 10)
		if !ok {
			return fmt.Errorf("smile: invalid JSON number %q", lit)
		}
		return c.w.WriteBigInt(b)
	}
	if c.bigDecimals {
		u, scale, err := ParseDecimal(lit)
		if err != nil {
			return err
		}
		return c.w.WriteBigDecimal(u, scale)
	}
	f, err := strconv.ParseFloat(lit, 64)
	if err != nil && !errors.Is(err, strconv.ErrRange) {
		return fmt.Errorf("smile: invalid JSON number %q", lit)
	}
	// Out-of-range literals become ±Inf or 0, as Java's Double.parseDouble.
	return c.w.WriteFloat64(f)
}

func isIntegerLiteral(lit string) bool {
	for i := 0; i < len(lit); i++ {
		switch lit[i] {
		case '.', 'e', 'E':
			return false
		}
	}
	return true
}
