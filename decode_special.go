package smile

import (
	"errors"
	"fmt"
	"math/big"
	"reflect"
	"strconv"
	"unsafe"

	"github.com/go-smile/smile/stream"
)

// maxDecimalExp bounds the power of ten decoding computes when it turns
// a BigDecimal into an integer (big.Int) or parses decimal text.
const maxDecimalExp = 10000

var errNotInteger = errors.New("not an integer")

// decodeBigInt decodes into a big.Int: Smile integers, BigIntegers,
// BigDecimals with an integer value and strings (big.Int's UnmarshalText).
func decodeBigInt(d *decodeState, p unsafe.Pointer) error {
	z := (*big.Int)(p)
	switch d.tok.Kind {
	case stream.KindBigInt, stream.KindBigDecimal:
		if err := d.chargeBig(); err != nil {
			return err
		}
	}
	switch d.tok.Kind {
	case stream.KindInt:
		z.SetInt64(d.tok.Int())
	case stream.KindBigInt:
		z.Set(d.tok.BigInt())
	case stream.KindBigDecimal:
		u, s := d.tok.BigDecimal()
		v, ok := decimalToInt(u, s)
		if !ok {
			return d.typeErrorErr(bigIntType, errNotInteger)
		}
		z.Set(v)
	case stream.KindString:
		if err := z.UnmarshalText(d.tok.Bytes()); err != nil {
			return d.typeErrorErr(bigIntType, err)
		}
	case stream.KindNull:
	default:
		return d.typeError(bigIntType)
	}
	return nil
}

// decimalToInt returns u × 10^(−s) when it is an integer of reasonable
// size.
func decimalToInt(u *big.Int, s int32) (*big.Int, bool) {
	if u.Sign() == 0 {
		return u, true
	}
	if s <= 0 {
		if -int64(s) > maxDecimalExp {
			return nil, false
		}
		return u.Mul(u, pow10(int(-s))), true
	}
	if int64(s) > int64(len(u.String())) {
		return nil, false // |u| < 10^s: a nonzero fraction
	}
	q, r := new(big.Int).QuoRem(u, pow10(int(s)), new(big.Int))
	if r.Sign() != 0 {
		return nil, false
	}
	return q, true
}

func pow10(n int) *big.Int {
	return new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(n)), nil)
}

// decodeDecimal decodes any Smile number exactly into a Decimal; a float
// goes through its shortest decimal form. Strings holding a decimal
// number are accepted too.
func decodeDecimal(d *decodeState, p unsafe.Pointer) error {
	dp := (*Decimal)(p)
	if k := d.tok.Kind; k != stream.KindNull {
		if err := d.chargeBig(); err != nil {
			return err
		}
	}
	switch d.tok.Kind {
	case stream.KindBigDecimal:
		u, s := d.tok.BigDecimal()
		*dp = Decimal{Unscaled: u, Scale: s}
	case stream.KindInt:
		*dp = Decimal{Unscaled: big.NewInt(d.tok.Int())}
	case stream.KindBigInt:
		*dp = Decimal{Unscaled: d.tok.BigInt()}
	case stream.KindFloat32, stream.KindFloat64, stream.KindString:
		var s string
		if d.tok.Kind == stream.KindString {
			s = string(d.tok.Bytes())
		} else {
			s = d.numberText()
		}
		v, ok := parseDecimal(s)
		if !ok {
			return d.typeError(decimalType)
		}
		*dp = v
	case stream.KindNull:
	default:
		return d.typeError(decimalType)
	}
	return nil
}

// parseDecimal parses a decimal number such as "-1.25", "3e10" or
// "1.5E-7" into a Decimal, keeping its digits (so "1.50" has scale 2).
func parseDecimal(s string) (Decimal, bool) {
	i := 0
	neg := false
	if i < len(s) && (s[i] == '-' || s[i] == '+') {
		neg = s[i] == '-'
		i++
	}
	digits := make([]byte, 0, len(s))
	frac := 0
	seenDigit, seenDot := false, false
	for ; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= '0' && c <= '9':
			digits = append(digits, c)
			seenDigit = true
			if seenDot {
				frac++
			}
		case c == '.' && !seenDot:
			seenDot = true
		default:
			goto exp
		}
	}
exp:
	if !seenDigit {
		return Decimal{}, false
	}
	e := int64(0)
	if i < len(s) {
		if s[i] != 'e' && s[i] != 'E' {
			return Decimal{}, false
		}
		v, err := strconv.ParseInt(s[i+1:], 10, 32)
		if err != nil {
			return Decimal{}, false
		}
		e = v
	}
	scale := int64(frac) - e
	if scale < -1<<31 || scale > 1<<31-1 {
		return Decimal{}, false
	}
	u, ok := new(big.Int).SetString(string(digits), 10)
	if !ok {
		return Decimal{}, false
	}
	if neg {
		u.Neg(u)
	}
	return Decimal{Unscaled: u, Scale: int32(scale)}, true
}

// numberDecoder is the decoder of Number and json.Number: any Smile
// number, as its exact text, or a string holding a valid number. A string
// that holds no number is an *UnmarshalTypeError that stops decoding.
func numberDecoder(t reflect.Type) decoderFunc {
	return func(d *decodeState, p unsafe.Pointer) error {
		sp := (*string)(p)
		switch d.tok.Kind {
		case stream.KindInt, stream.KindBigInt, stream.KindFloat32, stream.KindFloat64, stream.KindBigDecimal:
			s := d.numberText()
			if err := d.charge(len(s)); err != nil {
				return err
			}
			*sp = s
		case stream.KindString:
			s := d.str()
			if !isValidNumber(s) {
				// Decoding stops here, as in encoding/json, so that a map
				// does not receive the entry.
				return &UnmarshalTypeError{Value: "string", Type: t, Offset: d.offset(), Field: d.pathString(),
					Err: fmt.Errorf("invalid number literal %q: %w", truncDesc(s), strconv.ErrSyntax)}
			}
			*sp = s
		case stream.KindNull:
		default:
			return d.typeError(t)
		}
		return nil
	}
}

// isValidNumber reports whether s is a JSON number, as encoding/json
// checks text stored in a json.Number.
func isValidNumber(s string) bool {
	if s == "" {
		return false
	}
	if s[0] == '-' {
		s = s[1:]
		if s == "" {
			return false
		}
	}
	switch {
	case s[0] == '0':
		s = s[1:]
	case '1' <= s[0] && s[0] <= '9':
		s = s[1:]
		for len(s) > 0 && '0' <= s[0] && s[0] <= '9' {
			s = s[1:]
		}
	default:
		return false
	}
	if len(s) >= 2 && s[0] == '.' && '0' <= s[1] && s[1] <= '9' {
		s = s[2:]
		for len(s) > 0 && '0' <= s[0] && s[0] <= '9' {
			s = s[1:]
		}
	}
	if len(s) >= 2 && (s[0] == 'e' || s[0] == 'E') {
		s = s[1:]
		if s[0] == '+' || s[0] == '-' {
			s = s[1:]
			if s == "" {
				return false
			}
		}
		for len(s) > 0 && '0' <= s[0] && s[0] <= '9' {
			s = s[1:]
		}
	}
	return s == ""
}
