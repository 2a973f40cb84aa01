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

	"github.com/go-smile/smile"
	"github.com/go-smile/smile/stream"
)

// FromJSONOptions configures JSON -> Smile conversion. The zero value gives
// Jackson's default Smile features and Jackson's number rules.
type FromJSONOptions struct {
	// Enc selects the Smile features (header, shared names and values,
	// end marker…). Only the stream-level options are used.
	Enc smile.EncOptions

	// DecimalsAsBigDecimal writes JSON numbers with a fraction or an
	// exponent as exact BigDecimal values (digits and scale as Java's
	// new BigDecimal(String)). By default they become float64, as
	// Jackson's JSON-to-Smile copy does.
	DecimalsAsBigDecimal bool

	// MaxDepth limits the nesting of the JSON input; 0 means 1000.
	MaxDepth int
}

// flushThreshold is how many Smile bytes are buffered before they are
// written to the destination.
const flushThreshold = 32 << 10

// FromJSON converts JSON text to Smile. Each JSON value in r (values may
// follow one another, separated by white space, as in JSON Lines) becomes
// one Smile document in w.
//
// The input must be valid UTF-8: other bytes are an *InvalidUTF8Error
// with their offset, as Jackson's JSON parser refuses them (encoding/json
// would replace them with U+FFFD). An escaped lone surrogate such as
// "\ud800" is valid JSON and becomes U+FFFD, as in encoding/json.
func FromJSON(w io.Writer, r io.Reader, opts FromJSONOptions) error {
	maxDepth := opts.MaxDepth
	if maxDepth == 0 {
		maxDepth = smile.DefaultMaxDepth
	}
	mode, err := opts.Enc.EncMode()
	if err != nil {
		return err
	}
	sw, err := stream.NewWriterTo(w, mode.WriterOptions())
	if err != nil {
		return err
	}
	dec := json.NewDecoder(&utf8Reader{src: r})
	dec.UseNumber()
	c := jsonCopier{dec: dec, w: sw, bigDecimals: opts.DecimalsAsBigDecimal, maxDepth: maxDepth}
	for {
		err := c.copyValue()
		if err == io.EOF {
			return sw.Flush()
		}
		if err != nil {
			return err
		}
		if err := sw.EndDocument(); err != nil {
			return err
		}
		if err := sw.Flush(); err != nil {
			return err
		}
	}
}

// FromJSONBytes is FromJSON on a byte slice.
func FromJSONBytes(data []byte, opts FromJSONOptions) ([]byte, error) {
	var out bytes.Buffer
	if err := FromJSON(&out, bytes.NewReader(data), opts); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// jsonCopier walks JSON tokens and writes the matching Smile tokens.
type jsonCopier struct {
	dec         *json.Decoder
	w           *stream.Writer
	bigDecimals bool
	maxDepth    int
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
				return fmt.Errorf("compat: JSON input ends inside a value at offset %d: %w", c.dec.InputOffset(), io.ErrUnexpectedEOF)
			}
			var bad *InvalidUTF8Error
			if errors.As(err, &bad) {
				return err
			}
			if err != io.EOF {
				return fmt.Errorf("compat: invalid JSON near offset %d: %w", c.dec.InputOffset(), err)
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
					return fmt.Errorf("compat: JSON nesting deeper than %d at offset %d (raise MaxDepth if the input is trusted)", c.maxDepth, c.dec.InputOffset())
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
		if len(c.w.Bytes()) >= flushThreshold {
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
				return fmt.Errorf("compat: invalid JSON number %q", lit)
			}
			return c.w.WriteInt(v)
		}
		b, ok := new(big.Int).SetString(lit, 10)
		if !ok {
			return fmt.Errorf("compat: invalid JSON number %q", lit)
		}
		return c.w.WriteBigInt(b)
	}
	if c.bigDecimals {
		d, err := ParseDecimal(lit)
		if err != nil {
			return err
		}
		return c.w.WriteBigDecimal(d.Unscaled, d.Scale)
	}
	f, err := strconv.ParseFloat(lit, 64)
	if err != nil && !errors.Is(err, strconv.ErrRange) {
		return fmt.Errorf("compat: invalid JSON number %q", lit)
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
