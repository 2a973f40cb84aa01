package smile

import (
	"math/big"
	"reflect"
	"strconv"
	"strings"
	"unsafe"
)

// zeroBigInt is the unscaled value of a Decimal whose Unscaled is nil. It
// is never written to.
var zeroBigInt = new(big.Int)

// encodeBigInt writes a big.Int as a Smile BigInteger.
func encodeBigInt(e *encodeState, p unsafe.Pointer) error {
	return e.w.WriteBigInt((*big.Int)(p))
}

// encodeDecimal writes a Decimal as a Smile BigDecimal.
func encodeDecimal(e *encodeState, p unsafe.Pointer) error {
	d := (*Decimal)(p)
	u := d.Unscaled
	if u == nil {
		u = zeroBigInt
	}
	return e.w.WriteBigDecimal(u, d.Scale)
}

// encodeNumber writes a Number or a json.Number (both strings) as the
// smallest Smile number that holds it exactly; see writeNumber.
func encodeNumber(e *encodeState, p unsafe.Pointer) error {
	return e.writeNumber(*(*string)(p))
}

// writeNumber writes the number literal s: as an integer when it parses as
// an int64, as a BigInteger when it is a larger integer, and otherwise as
// a BigDecimal with the digits and scale of its text ("1.50" keeps its
// scale 2; "1e3" is 1 with scale -3). An empty s is 0, as in
// encoding/json; any other text that is not a JSON number is an
// *UnsupportedValueError.
func (e *encodeState) writeNumber(s string) error {
	if s == "" {
		s = "0"
	}
	if i, err := strconv.ParseInt(s, 10, 64); err == nil {
		return e.w.WriteInt(i)
	}
	bad := func(why string) error {
		return &UnsupportedValueError{Value: reflect.ValueOf(s), Str: why + " " + strconv.Quote(s)}
	}
	if !isValidNumber(s) { // decode_special.go
		return bad("invalid number literal")
	}
	mant, expText, hasExp := strings.Cut(strings.ToLower(s), "e")
	intPart, frac, hasDot := strings.Cut(mant, ".")
	if !hasExp && !hasDot {
		v, _ := new(big.Int).SetString(intPart, 10)
		return e.w.WriteBigInt(v)
	}
	scale := int64(len(frac))
	if hasExp {
		exp, err := strconv.ParseInt(expText, 10, 64)
		if err != nil {
			return bad("number exponent out of range in")
		}
		scale -= exp
	}
	if scale != int64(int32(scale)) {
		return bad("number exponent out of range in")
	}
	v, _ := new(big.Int).SetString(intPart+frac, 10)
	return e.w.WriteBigDecimal(v, int32(scale))
}
