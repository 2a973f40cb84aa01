package smile

import (
	"errors"
	"math/big"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/go-smile/smile/stream"
)

// bigDecimalDoc returns a document holding the BigDecimal u × 10^(−scale),
// written by stream.Writer.WriteBigDecimal (whose bytes the golden tests
// check against Jackson).
func bigDecimalDoc(t *testing.T, u string, scale int32) []byte {
	t.Helper()
	v, ok := new(big.Int).SetString(u, 10)
	require.True(t, ok)
	w, err := stream.NewWriter(stream.WriterOptions{})
	require.NoError(t, err)
	require.NoError(t, w.WriteBigDecimal(v, scale))
	return w.Bytes()
}

// TestUnmarshalTimeDecimalSeconds checks the form jackson-datatype-jsr310
// writes java.time.Instant in by default: a BigDecimal of epoch seconds
// with nine fraction digits.
func TestUnmarshalTimeDecimalSeconds(t *testing.T) {
	for _, tc := range []struct {
		name  string
		doc   []byte
		want  time.Time
		error bool
	}{
		{"jsr310 Instant", bigDecimalDoc(t, "1704164645006000000", 9), time.Date(2024, 1, 2, 3, 4, 5, 6e6, time.UTC), false},
		// Spec §4.5: 1.5 is 2A 82 81 07 01, 0.0 is 2A 82 81 00 00.
		{"spec 1.5", mustHex(dhdr + "2A 82 81 07 01"), time.Unix(1, 5e8).UTC(), false},
		{"spec 0.0", mustHex(dhdr + "2A 82 81 00 00"), time.Unix(0, 0).UTC(), false},
		{"negative", bigDecimalDoc(t, "-15", 1), time.Unix(-2, 5e8).UTC(), false},
		{"whole seconds, scale 9", bigDecimalDoc(t, "1704164645000000000", 9), time.Unix(1704164645, 0).UTC(), false},
		{"negative scale", bigDecimalDoc(t, "17", -8), time.Unix(1700000000, 0).UTC(), false},
		{"digits past nanoseconds truncated", bigDecimalDoc(t, "10000000019", 10), time.Unix(1, 1).UTC(), false},
		{"negative truncated toward zero", bigDecimalDoc(t, "-10000000019", 10), time.Unix(-1, -1).UTC(), false},
		{"tiny", bigDecimalDoc(t, "1", 2000000000), time.Unix(0, 0).UTC(), false},
		{"huge", bigDecimalDoc(t, "1", -2000000000), time.Time{}, true},
		{"seconds beyond int64", bigDecimalDoc(t, "1", -19), time.Time{}, true},
		{"float64", mustFloatDoc(t, 1704164645.25), time.Unix(1704164645, 25e7).UTC(), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got time.Time
			err := Unmarshal(tc.doc, &got)
			if tc.error {
				var te *UnmarshalTypeError
				require.ErrorAs(t, err, &te)
				require.Equal(t, timeType, te.Type)
				require.ErrorIs(t, err, errTimeRange)
				return
			}
			require.NoError(t, err)
			require.True(t, tc.want.Equal(got), "got %v, want %v", got, tc.want)
			require.Equal(t, time.UTC, got.Location())
		})
	}
}

// mustFloatDoc returns a document holding float64 f, written by
// stream.Writer.
func mustFloatDoc(t *testing.T, f float64) []byte {
	t.Helper()
	w, err := stream.NewWriter(stream.WriterOptions{})
	require.NoError(t, err)
	require.NoError(t, w.WriteFloat64(f))
	return w.Bytes()
}

// TestUnmarshalTimeIntegerUnits checks DecOptions.IntegerTimes: an
// integer is milliseconds by default (java.util.Date, TimeEpochMillis)
// and seconds with IntegerTimesSeconds (jsr310's Instant default).
func TestUnmarshalTimeIntegerUnits(t *testing.T) {
	// 1704164645 as an int64 token: 25 + VInt(zigzag), from the spec's rule.
	w, _ := stream.NewWriter(stream.WriterOptions{})
	require.NoError(t, w.WriteInt(1704164645))
	doc := w.Bytes()
	var got time.Time
	require.NoError(t, Unmarshal(doc, &got))
	require.True(t, time.UnixMilli(1704164645).Equal(got), "%v", got)
	m, err := DecOptions{IntegerTimes: IntegerTimesSeconds}.DecMode()
	require.NoError(t, err)
	require.NoError(t, m.Unmarshal(doc, &got))
	require.True(t, time.Unix(1704164645, 0).Equal(got), "%v", got)
	_, err = DecOptions{IntegerTimes: 7}.DecMode()
	require.ErrorContains(t, err, "DecOptions.IntegerTimes")
}

// TestMarshalTimeEpochSecondsDecimal checks the bytes of
// TimeEpochSecondsDecimal against jsr310's form and that the default
// decoder reads them back.
func TestMarshalTimeEpochSecondsDecimal(t *testing.T) {
	m, err := EncOptions{Time: TimeEpochSecondsDecimal}.EncMode()
	require.NoError(t, err)
	for _, tc := range []struct {
		in   time.Time
		want []byte
	}{
		{time.Date(2024, 1, 2, 3, 4, 5, 6e6, time.UTC), bigDecimalDoc(t, "1704164645006000000", 9)},
		{time.Unix(5, 0), bigDecimalDoc(t, "5000000000", 9)},
		{time.Unix(0, 0), mustHex(dhdr + "2A 82 81 00 00")}, // 0.0, spec §4.5
		{time.Unix(-2, 5e8), bigDecimalDoc(t, "-1500000000", 9)},
	} {
		got, err := m.Marshal(tc.in)
		require.NoError(t, err)
		require.Equal(t, tc.want, got, "%v", tc.in)
		var back time.Time
		require.NoError(t, Unmarshal(got, &back))
		require.True(t, tc.in.Equal(back), "%v != %v", tc.in, back)
	}
}

// TestUnmarshalDecimalDurations checks DecOptions.DecimalDurations, the
// form jsr310 writes java.time.Duration in, and that integers stay
// nanoseconds with and without it.
func TestUnmarshalDecimalDurations(t *testing.T) {
	type timeout struct{ D time.Duration }
	m, err := DecOptions{DecimalDurations: true}.DecMode()
	require.NoError(t, err)
	doc := bigDecimalDoc(t, "1500000000", 9) // 1.500000000
	var d time.Duration
	var te *UnmarshalTypeError
	require.ErrorAs(t, Unmarshal(doc, &d), &te, "by default a decimal is not a Duration")
	require.NoError(t, m.Unmarshal(doc, &d))
	require.Equal(t, 1500*time.Millisecond, d)

	// In a struct field, and next to an integer (nanoseconds).
	w, _ := stream.NewWriter(stream.WriterOptions{})
	_ = w.WriteStartArray()
	for _, v := range []int64{25, 250} {
		_ = w.WriteStartObject()
		_ = w.WriteKey("D")
		if v == 25 {
			_ = w.WriteBigDecimal(big.NewInt(v), 1) // 2.5 s
		} else {
			_ = w.WriteInt(v) // 250 ns
		}
		_ = w.WriteEndObject()
	}
	_ = w.WriteEndArray()
	var ts []timeout
	require.NoError(t, m.Unmarshal(w.Bytes(), &ts))
	require.Equal(t, []timeout{{2500 * time.Millisecond}, {250}}, ts)

	// In a slice and an array: the integer and decimal elements alike.
	w.Reset(nil)
	_ = w.WriteStartArray()
	_ = w.WriteInt(5)
	_ = w.WriteBigDecimal(big.NewInt(25), 1)
	_ = w.WriteEndArray()
	var ds []time.Duration
	require.NoError(t, m.Unmarshal(w.Bytes(), &ds))
	require.Equal(t, []time.Duration{5, 2500 * time.Millisecond}, ds)
	var da [2]time.Duration
	require.NoError(t, m.Unmarshal(w.Bytes(), &da))
	require.Equal(t, [2]time.Duration{5, 2500 * time.Millisecond}, da)

	require.NoError(t, m.Unmarshal(mustFloatDoc(t, -0.25), &d))
	require.Equal(t, -250*time.Millisecond, d)
	// 9223372037 s does not fit a Duration (about 292 years).
	err = m.Unmarshal(bigDecimalDoc(t, "9223372037", 0), &d)
	require.ErrorAs(t, err, &te)
	require.True(t, errors.Is(err, strconv.ErrRange), "%v", err)
	err = m.Unmarshal(bigDecimalDoc(t, "9223372036854775808", 9), &d)
	require.ErrorIs(t, err, strconv.ErrRange)
	require.NoError(t, m.Unmarshal(bigDecimalDoc(t, "9223372036854775807", 9), &d))
	require.Equal(t, time.Duration(1<<63-1), d)
}
