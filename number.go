package smile

import (
	"encoding/json"
	"fmt"
	"math/big"
	"strconv"

	"github.com/go-smile/smile/internal/transcode"
)

// Decimal is an exact decimal number, Smile's BigDecimal: its value is
// Unscaled × 10^(−Scale). Like Java's BigDecimal it keeps its scale, so 1.5
// (15, 1) and 1.50 (150, 2) are different values that encode differently.
// A nil Unscaled means zero.
type Decimal struct {
	Unscaled *big.Int
	Scale    int32
}

// String formats d as Java's BigDecimal.toString does, so that the text
// matches what Jackson prints: plain notation such as "-100.25" or "0.001"
// when the scale is not negative and the exponent is at least -6, and
// scientific notation such as "1E+3" for (1, -3) otherwise. The length of
// the result is bounded by the digits and the exponent, whatever the scale.
func (d Decimal) String() string {
	return string(transcode.AppendDecimal(nil, d.Unscaled, d.Scale))
}

// Number is a Smile number kept as its exact decimal text, like
// encoding/json's Number. Decoding into an interface value with
// DecOptions.AnyNumbers = AnyNumbersAsNumber produces Numbers, and
// Marshal writes a Number as the smallest Smile number form that holds it
// exactly.
type Number string

// String returns the literal text of the number.
func (n Number) String() string { return string(n) }

// Float64 returns the number as a float64.
func (n Number) Float64() (float64, error) { return strconv.ParseFloat(string(n), 64) }

// Int64 returns the number as an int64.
func (n Number) Int64() (int64, error) { return strconv.ParseInt(string(n), 10, 64) }

// MarshalText implements encoding.TextMarshaler. The text is String's,
// which is always a JSON number: "12345.678900", "-0.001", "1E+3".
func (d Decimal) MarshalText() ([]byte, error) {
	return transcode.AppendDecimal(nil, d.Unscaled, d.Scale), nil
}

// MarshalJSON implements json.Marshaler: d is a bare JSON number with all
// its digits and its scale, String's text (12345.678900, 1E+3), so that
// encoding/json writes a Decimal, such as one Unmarshal put in an
// interface value for a BigDecimal, as the number it is. Marshal does not
// call it: it writes a Decimal as a Smile BigDecimal.
func (d Decimal) MarshalJSON() ([]byte, error) { return d.MarshalText() }

// UnmarshalText implements encoding.TextUnmarshaler. text must be a JSON
// number, such as MarshalText writes; its digits and exponent are kept, so
// "1.50" is (150, 2) and "1E+3" is (1, -3).
func (d *Decimal) UnmarshalText(text []byte) error {
	v, err := parseDecimalText("Decimal.UnmarshalText", string(text))
	if err != nil {
		return err
	}
	*d = v
	return nil
}

// UnmarshalJSON implements json.Unmarshaler. It accepts a JSON number, as
// UnmarshalText does, and a JSON string holding one ("12.50"), as
// encoding/json accepts for a json.Number and Unmarshal for a Decimal;
// null leaves d unchanged. Any other JSON value is an error.
func (d *Decimal) UnmarshalJSON(data []byte) error {
	s, err := jsonNumberText("Decimal", data)
	if err != nil || s == "" {
		return err
	}
	v, err := parseDecimalText("Decimal.UnmarshalJSON", s)
	if err != nil {
		return err
	}
	*d = v
	return nil
}

// parseDecimalText parses s, a JSON number, into a Decimal for the method
// named by who.
func parseDecimalText(who, s string) (Decimal, error) {
	if !isValidNumber(s) { // decode_special.go
		return Decimal{}, fmt.Errorf("smile: %s: invalid number literal %q: want a JSON number such as 12.50 or 1E+3: %w", who, truncDesc(s), strconv.ErrSyntax)
	}
	v, ok := parseDecimal(s)
	if !ok {
		return Decimal{}, fmt.Errorf("smile: %s: the exponent of %q is out of range: a Decimal's scale must fit in an int32: %w", who, truncDesc(s), strconv.ErrRange)
	}
	return v, nil
}

// MarshalText implements encoding.TextMarshaler: the literal text of n,
// or "0" when n is empty, as encoding/json writes an empty json.Number. A
// Number whose text is not a JSON number is an error.
func (n Number) MarshalText() ([]byte, error) {
	if n == "" {
		return []byte("0"), nil
	}
	if !isValidNumber(string(n)) {
		return nil, fmt.Errorf("smile: invalid number literal %q in a Number: want a JSON number such as 12.50 or 1E+3", truncDesc(string(n)))
	}
	return []byte(n), nil
}

// MarshalJSON implements json.Marshaler: n is a bare JSON number, its
// literal text, as encoding/json writes a json.Number (an empty n is 0; a
// Number whose text is not a JSON number is an error). Marshal does not
// call it: it writes a Number as a Smile number.
func (n Number) MarshalJSON() ([]byte, error) { return n.MarshalText() }

// UnmarshalText implements encoding.TextUnmarshaler. text must be a JSON
// number; n keeps it as it is.
func (n *Number) UnmarshalText(text []byte) error {
	if !isValidNumber(string(text)) {
		return fmt.Errorf("smile: Number.UnmarshalText: invalid number literal %q: want a JSON number such as 12.50 or 1E+3: %w", truncDesc(string(text)), strconv.ErrSyntax)
	}
	*n = Number(text)
	return nil
}

// UnmarshalJSON implements json.Unmarshaler. It accepts a JSON number, kept
// as its text, and a JSON string holding one ("12.50"), as encoding/json
// accepts for a json.Number; null leaves n unchanged. Any other JSON
// value is an error.
func (n *Number) UnmarshalJSON(data []byte) error {
	s, err := jsonNumberText("Number", data)
	if err != nil || s == "" {
		return err
	}
	if !isValidNumber(s) {
		return fmt.Errorf("smile: Number.UnmarshalJSON: invalid number literal %q: want a JSON number such as 12.50 or 1E+3: %w", truncDesc(s), strconv.ErrSyntax)
	}
	*n = Number(s)
	return nil
}

// jsonNumberText returns the text of the number the JSON value data holds,
// for the UnmarshalJSON method of typ: data itself, or the content of a
// JSON string; "" for null. Other values are an error.
func jsonNumberText(typ string, data []byte) (string, error) {
	switch {
	case string(data) == "null":
		return "", nil
	case len(data) > 0 && data[0] == '"':
		var s string
		if err := json.Unmarshal(data, &s); err != nil {
			return "", fmt.Errorf("smile: %s.UnmarshalJSON: %w", typ, err)
		}
		if s == "" {
			return "", fmt.Errorf("smile: %s.UnmarshalJSON: an empty string is not a number: want a JSON number such as 12.50 or a string holding one", typ)
		}
		return s, nil
	case len(data) > 0 && (data[0] == '-' || '0' <= data[0] && data[0] <= '9'):
		return string(data), nil
	}
	return "", fmt.Errorf("smile: %s.UnmarshalJSON: cannot unmarshal %s into a %s: want a JSON number such as 12.50 or a string holding one", typ, jsonKind(data), typ)
}

// jsonKind names the kind of the JSON value data, for errors.
func jsonKind(data []byte) string {
	if len(data) == 0 {
		return "empty input"
	}
	switch data[0] {
	case '{':
		return "a JSON object"
	case '[':
		return "a JSON array"
	case 't', 'f':
		return "a JSON boolean"
	}
	return fmt.Sprintf("%q", truncDesc(string(data)))
}
