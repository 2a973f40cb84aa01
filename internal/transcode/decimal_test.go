package transcode

import (
	"math/big"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestAppendDecimal checks the examples of Java's BigDecimal.toString
// documentation ([unscaled, scale] -> text) and the edges of the plain
// notation (exponent -6, a nil unscaled value).
func TestAppendDecimal(t *testing.T) {
	for _, c := range []struct {
		u     int64
		scale int32
		want  string
	}{
		{123, 0, "123"}, {-123, 0, "-123"}, {123, -1, "1.23E+3"}, {123, -3, "1.23E+5"},
		{123, 1, "12.3"}, {123, 5, "0.00123"}, {123, 10, "1.23E-8"}, {-123, 12, "-1.23E-10"},
		{1, 6, "0.000001"}, {1, 7, "1E-7"}, {-15, 7, "-0.0000015"}, {15, 8, "1.5E-7"},
		{0, 0, "0"}, {0, 2, "0.00"}, {0, -2, "0E+2"}, {1, -3, "1E+3"}, {-12, 1, "-1.2"},
	} {
		got := string(AppendDecimal([]byte("x"), big.NewInt(c.u), c.scale))
		require.Equal(t, "x"+c.want, got, "[%d, %d]", c.u, c.scale)
	}
	require.Equal(t, "0.0", string(AppendDecimal(nil, nil, 1)))
}

func TestParseDecimal(t *testing.T) {
	for _, c := range []struct {
		lit   string
		u     string
		scale int32
	}{
		{"1.50", "150", 2}, {"1e3", "1", -3}, {"-0.001", "-1", 3}, {"12.5E-2", "125", 3}, {"0", "0", 0},
	} {
		u, scale, err := ParseDecimal(c.lit)
		require.NoError(t, err, c.lit)
		require.Equal(t, c.u, u.String(), c.lit)
		require.Equal(t, c.scale, scale, c.lit)
	}
	for _, lit := range []string{"", "+1", "1e", "1.2.3"} {
		_, _, err := ParseDecimal(lit)
		require.Error(t, err, lit)
		require.NotErrorIs(t, err, ErrDecimalScale, lit)
	}
	// Valid JSON numbers whose scale a BigDecimal cannot hold.
	for _, lit := range []string{"1e99999999999", "1e-2147483649", "923372036854E8854775806", "1e99999999999999999999"} {
		_, _, err := ParseDecimal(lit)
		require.ErrorIs(t, err, ErrDecimalScale, lit)
	}
	// The scale's limits themselves.
	for lit, scale := range map[string]int32{"1e-2147483647": 2147483647, "1e2147483648": -2147483648} {
		_, got, err := ParseDecimal(lit)
		require.NoError(t, err, lit)
		require.Equal(t, scale, got, lit)
	}
}
