package transcode

import (
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestAppendFloatJavaLayout checks texts printed by OpenJDK 17's
// Double.toString and Float.toString for the same values (run by hand:
// System.out.println(Double.toString(d))). The two values where Java 17
// prints more digits than needed are listed with both texts.
func TestAppendFloatJavaLayout(t *testing.T) {
	for _, c := range []struct {
		f    float64
		java string
	}{
		{0.0, "0.0"}, {math.Copysign(0, -1), "-0.0"}, {1.0, "1.0"}, {100.0, "100.0"}, {1e21, "1.0E21"},
		{1e7, "1.0E7"}, {9999999.0, "9999999.0"}, {1e-3, "0.001"}, {9.999e-4, "9.999E-4"},
		{1234567.0, "1234567.0"}, {1e-5, "1.0E-5"}, {9.223372036854775807e18, "9.223372036854776E18"},
		{123456789012.0, "1.23456789012E11"}, {0.1, "0.1"}, {-29.951, "-29.951"}, {1e300, "1.0E300"}, {2e-3, "0.002"},
	} {
		require.Equal(t, c.java, string(appendFloat(nil, c.f, 64)), "%v", c.f)
	}
	// Java 17 prints 9.999999999999999E22 and 4.9E-324: not the shortest
	// digits, the same doubles.
	require.Equal(t, "1.0E23", string(appendFloat(nil, 1e23, 64)))
	require.Equal(t, "5.0E-324", string(appendFloat(nil, math.SmallestNonzeroFloat64, 64)))

	for _, c := range []struct {
		f    float32
		java string
	}{
		{0.1, "0.1"}, {1.0, "1.0"}, {1e7, "1.0E7"}, {1e-3, "0.001"}, {math.MaxFloat32, "3.4028235E38"},
		{float32(math.Copysign(0, -1)), "-0.0"}, {16777216, "1.6777216E7"}, {1e10, "1.0E10"},
	} {
		require.Equal(t, c.java, string(appendFloat(nil, float64(c.f), 32)), "%v", c.f)
	}
	// Java: 1.4E-45, two digits where one reads back.
	require.Equal(t, "1.0E-45", string(appendFloat(nil, float64(math.SmallestNonzeroFloat32), 32)))
}

// TestAppendFloatReadsBack checks on random bit patterns (and the values
// around the layout thresholds) that the text reads back to the same
// float, always as a float (a '.' in every text), with strconv's
// shortest digits.
func TestAppendFloatReadsBack(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	check64 := func(f float64) {
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return
		}
		s := string(appendFloat([]byte("x"), f, 64))[1:]
		g, err := strconv.ParseFloat(s, 64)
		require.NoError(t, err, s)
		require.Equal(t, math.Float64bits(f), math.Float64bits(g), "%s", s)
		require.Contains(t, s, ".")
		require.Equal(t, digits(strconv.FormatFloat(f, 'e', -1, 64)), digits(s), "%s", s)
	}
	check32 := func(f float32) {
		if math.IsNaN(float64(f)) || math.IsInf(float64(f), 0) {
			return
		}
		s := string(appendFloat(nil, float64(f), 32))
		g, err := strconv.ParseFloat(s, 32)
		require.NoError(t, err, s)
		require.Equal(t, math.Float32bits(f), math.Float32bits(float32(g)), "%s", s)
		require.Contains(t, s, ".")
		require.Equal(t, digits(strconv.FormatFloat(float64(f), 'e', -1, 32)), digits(s), "%s", s)
	}
	for range 20000 {
		check64(math.Float64frombits(rng.Uint64()))
		check32(math.Float32frombits(rng.Uint32()))
	}
	for _, edge := range []float64{1e-3, 1e7, 1e21, 1, 10, 0.01} {
		for _, f := range []float64{edge, math.Nextafter(edge, 0), math.Nextafter(edge, math.Inf(1))} {
			check64(f)
			check64(-f)
			check32(float32(f))
		}
	}
}

// digits returns the significant digits of a float's text, without sign,
// point, exponent, or leading and trailing zeros.
func digits(s string) string {
	if i := strings.IndexAny(s, "eE"); i >= 0 {
		s = s[:i]
	}
	s = strings.NewReplacer("-", "", ".", "").Replace(s)
	return strings.Trim(s, "0")
}
