package smile

import (
	"math/big"
	"strconv"
)

// Decimal is an exact decimal number, Smile's BigDecimal: its value is
// Unscaled × 10^(−Scale). Like Java's BigDecimal it keeps its scale, so 1.5
// (15, 1) and 1.50 (150, 2) are different values that encode differently.
// A nil Unscaled means zero.
type Decimal struct {
	Unscaled *big.Int
	Scale    int32
}

// String formats d in plain decimal notation, such as "-100.25", "1000"
// for (1, -3), or "0.001".
func (d Decimal) String() string {
	u := d.Unscaled
	if u == nil {
		u = new(big.Int)
	}
	digits := new(big.Int).Abs(u).String()
	sign := ""
	if u.Sign() < 0 {
		sign = "-"
	}
	switch {
	case d.Scale <= 0:
		if u.Sign() == 0 {
			return "0"
		}
		return sign + digits + zeros(int(-int64(d.Scale)))
	case int64(len(digits)) > int64(d.Scale):
		p := len(digits) - int(d.Scale)
		return sign + digits[:p] + "." + digits[p:]
	default:
		return sign + "0." + zeros(int(d.Scale)-len(digits)) + digits
	}
}

func zeros(n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = '0'
	}
	return string(b)
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
