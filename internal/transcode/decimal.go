package transcode

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
)

// ErrDecimalScale is wrapped by the error of ParseDecimal for a literal
// that is valid JSON but whose scale (the digits after the point less the
// exponent) lies outside the 32 bits a BigDecimal has, such as 1E9999999999;
// Java's BigDecimal refuses such a literal too.
var ErrDecimalScale = errors.New("its scale is outside the 32-bit range of a BigDecimal")

// ParseDecimal parses a JSON number literal into an exact decimal with the
// digits and scale Java's new BigDecimal(String) gives it: "1.50" is
// (150, 2), "1e3" is (1, -3), "-0.001" is (-1, 3). Its value is
// unscaled × 10^(−scale).
func ParseDecimal(lit string) (unscaled *big.Int, scale int32, err error) {
	bad := func() (*big.Int, int32, error) {
		return nil, 0, fmt.Errorf("smile: invalid decimal number %q", lit)
	}
	mant, exp := lit, int64(0)
	if i := strings.IndexAny(lit, "eE"); i >= 0 {
		e, err := strconv.ParseInt(lit[i+1:], 10, 64)
		if errors.Is(err, strconv.ErrRange) {
			return nil, 0, fmt.Errorf("smile: decimal number %q: %w", lit, ErrDecimalScale)
		}
		if err != nil {
			return bad()
		}
		mant, exp = lit[:i], e
	}
	sc := int64(0)
	if i := strings.IndexByte(mant, '.'); i >= 0 {
		frac := mant[i+1:]
		sc = int64(len(frac))
		mant = mant[:i] + frac
	}
	sc -= exp
	if sc < math.MinInt32 || sc > math.MaxInt32 {
		return nil, 0, fmt.Errorf("smile: decimal number %q: %w", lit, ErrDecimalScale)
	}
	u, ok := new(big.Int).SetString(mant, 10)
	if !ok || mant == "" || mant[0] == '+' {
		return bad()
	}
	return u, int32(sc), nil
}

// AppendDecimal appends unscaled × 10^(−scale) formatted as Java's
// BigDecimal.toString does, so that the text matches what Jackson prints:
// plain notation such as "-100.25" or "0.001" when the scale is not
// negative and the exponent is at least -6, and scientific notation such
// as "1E+3" for (1, -3) otherwise. A nil unscaled means zero. The length of
// the text is bounded by the digits and the exponent, whatever the scale.
func AppendDecimal(dst []byte, unscaled *big.Int, scale int32) []byte {
	u := unscaled
	if u == nil {
		u = new(big.Int)
	}
	if u.Sign() < 0 {
		dst = append(dst, '-')
	}
	start := len(dst)
	dst = new(big.Int).Abs(u).Append(dst, 10)
	ndigits := len(dst) - start
	sc := int64(scale)
	adjusted := -sc + int64(ndigits-1)
	if sc >= 0 && adjusted >= -6 {
		switch {
		case sc == 0:
			return dst
		case int64(ndigits) > sc:
			// Open a gap for the point before the last sc digits.
			p := start + ndigits - int(sc)
			dst = append(dst, 0)
			copy(dst[p+1:], dst[p:])
			dst[p] = '.'
			return dst
		default: // at most 6 leading zeros, since adjusted >= -6
			zeros := 2 + int(sc) - ndigits // "0." and the zeros after the point
			for range zeros {
				dst = append(dst, '0')
			}
			copy(dst[start+zeros:], dst[start:start+ndigits])
			for i := start; i < start+zeros; i++ {
				dst[i] = '0'
			}
			dst[start+1] = '.'
			return dst
		}
	}
	if ndigits > 1 {
		dst = append(dst, 0)
		copy(dst[start+2:], dst[start+1:])
		dst[start+1] = '.'
	}
	dst = append(dst, 'E')
	if adjusted >= 0 {
		dst = append(dst, '+')
	}
	return strconv.AppendInt(dst, adjusted, 10)
}
