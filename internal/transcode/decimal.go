package transcode

import (
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"

	"github.com/go-smile/smile"
)

// ParseDecimal parses a JSON number literal into an exact decimal with the
// digits and scale Java's new BigDecimal(String) gives it: "1.50" is
// (150, 2), "1e3" is (1, -3), "-0.001" is (-1, 3).
func ParseDecimal(lit string) (smile.Decimal, error) {
	bad := func() (smile.Decimal, error) {
		return smile.Decimal{}, fmt.Errorf("compat: invalid decimal number %q", lit)
	}
	mant, exp := lit, int64(0)
	if i := strings.IndexAny(lit, "eE"); i >= 0 {
		e, err := strconv.ParseInt(lit[i+1:], 10, 64)
		if err != nil {
			return bad()
		}
		mant, exp = lit[:i], e
	}
	scale := int64(0)
	if i := strings.IndexByte(mant, '.'); i >= 0 {
		frac := mant[i+1:]
		scale = int64(len(frac))
		mant = mant[:i] + frac
	}
	scale -= exp
	if scale < math.MinInt32 || scale > math.MaxInt32 {
		return smile.Decimal{}, fmt.Errorf("compat: decimal number %q has a scale outside the 32-bit range", lit)
	}
	u, ok := new(big.Int).SetString(mant, 10)
	if !ok || mant == "" || mant[0] == '+' {
		return bad()
	}
	return smile.Decimal{Unscaled: u, Scale: int32(scale)}, nil
}
