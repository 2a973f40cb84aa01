package stream_test

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/go-smile/smile/stream"
)

// TestWriterArrayMethods checks that writeIntArray and writeFloat64Array
// write what WriteStartArray, one WriteInt or WriteFloat64 per value and
// WriteEndArray write, at the root, inside arrays and as object values,
// and that they are refused where a value is not allowed.
func TestWriterArrayMethods(t *testing.T) {
	ints := []int64{0, 1, -1, 15, -16, 16, -17, 63, 64, 1 << 12, 1 << 13, 1 << 19, 1 << 20, 1 << 26, 1 << 27,
		math.MaxInt32, math.MinInt32, math.MaxInt32 + 1, math.MinInt32 - 1, 1 << 40, math.MaxInt64, math.MinInt64}
	floats := []float64{0, math.Copysign(0, -1), 1.5, -2.25, math.MaxFloat64, math.SmallestNonzeroFloat64,
		math.Inf(1), math.Inf(-1), math.NaN()}
	one := func(vs []int64, fs []float64) []op {
		ops := []op{startArr}
		for _, v := range vs {
			ops = append(ops, num(v))
		}
		for _, f := range fs {
			ops = append(ops, f64(f))
		}
		return append(ops, endArr)
	}
	intArr := func(vs []int64) op { return func(w *stream.Writer) error { return sx.WriteIntArray(w, vs) } }
	floatArr := func(fs []float64) op { return func(w *stream.Writer) error { return sx.WriteFloat64Array(w, fs) } }
	for _, vs := range [][]int64{nil, {7}, ints} {
		want := append(append([]op{startArr}, one(vs, nil)...), startObj, key("k"))
		want = append(append(want, one(vs, nil)...), endObj, endArr)
		got := []op{startArr, intArr(vs), startObj, key("k"), intArr(vs), endObj, endArr}
		requireBytes(t, play(t, defaults, want), play(t, defaults, got))
		requireBytes(t, play(t, defaults, one(vs, nil)), play(t, defaults, []op{intArr(vs)}))
	}
	for _, fs := range [][]float64{nil, {0.5}, floats} {
		want := append(append([]op{startArr}, one(nil, fs)...), startObj, key("k"))
		want = append(append(want, one(nil, fs)...), endObj, endArr)
		got := []op{startArr, floatArr(fs), startObj, key("k"), floatArr(fs), endObj, endArr}
		requireBytes(t, play(t, defaults, want), play(t, defaults, got))
		requireBytes(t, play(t, defaults, one(nil, fs)), play(t, defaults, []op{floatArr(fs)}))
	}

	w, err := stream.NewWriter(defaults)
	require.NoError(t, err)
	require.NoError(t, w.WriteStartObject())
	before := len(w.Bytes())
	require.Error(t, sx.WriteIntArray(w, ints), "an array where a key is due")
	require.Error(t, sx.WriteFloat64Array(w, floats), "an array where a key is due")
	require.Equal(t, before, len(w.Bytes()))
}

// TestWriterFloat64Arrays checks that writeFloat64Arrays writes what
// WriteStartArray, one writeFloat64Array per inner array and
// WriteEndArray write, and that it refuses a width that does not divide
// its values, and an array where a value is not allowed.
func TestWriterFloat64Arrays(t *testing.T) {
	floats := []float64{0, math.Copysign(0, -1), 1.5, -2.25, math.MaxFloat64, math.SmallestNonzeroFloat64,
		math.Inf(1), math.Inf(-1), math.NaN(), 1e-300, 12.5, -7}
	for _, width := range []int{1, 2, 3, 4, 6, 12} {
		for _, fs := range [][]float64{nil, floats[:width], floats} {
			var rows []op
			for i := 0; i < len(fs); i += width {
				rows = append(rows, func(w *stream.Writer) error { return sx.WriteFloat64Array(w, fs[i:i+width]) })
			}
			arrays := func(w *stream.Writer) error { return sx.WriteFloat64Arrays(w, fs, width) }
			want := append(append([]op{startArr, startArr}, rows...), endArr, startObj, key("k"), startArr)
			want = append(append(want, rows...), endArr, endObj, endArr)
			got := []op{startArr, arrays, startObj, key("k"), arrays, endObj, endArr}
			requireBytes(t, play(t, defaults, want), play(t, defaults, got))
		}
	}

	w, err := stream.NewWriter(defaults)
	require.NoError(t, err)
	require.NoError(t, w.WriteStartArray())
	before := len(w.Bytes())
	require.Error(t, sx.WriteFloat64Arrays(w, floats, 5), "5 does not divide 12")
	require.Error(t, sx.WriteFloat64Arrays(w, floats, 0), "width 0")
	require.Error(t, sx.WriteFloat64Arrays(w, nil, -1), "negative width")
	require.NoError(t, w.WriteStartObject())
	require.Error(t, sx.WriteFloat64Arrays(w, floats, 2), "an array where a key is due")
	require.Equal(t, before+1, len(w.Bytes()))
}
