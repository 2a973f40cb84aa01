package smile

import (
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
