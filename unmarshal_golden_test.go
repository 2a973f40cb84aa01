package smile

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"math"
	"math/big"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"

	"github.com/go-smile/smile/internal/golden"
)

// jsonValues decodes every root value of a JSON text with encoding/json
// (UseNumber), converting numbers the way Jackson j copied them to Smile
// (golden.JSONOps): an int64 when the value fits (with
// j.BigIntegerFrom19Digits, only up to 18 digits), else a *big.Int; with
// '.', 'e' or 'E' a float64.
func jsonValues(t testing.TB, data []byte, j golden.Jackson) []any {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var out []any
	for {
		var v any
		err := dec.Decode(&v)
		if err == io.EOF {
			return out
		}
		require.NoError(t, err)
		out = append(out, jacksonNumbers(v, j))
	}
}

func jacksonNumbers(v any, j golden.Jackson) any {
	switch v := v.(type) {
	case map[string]any:
		for k, e := range v {
			v[k] = jacksonNumbers(e, j)
		}
	case []any:
		for i, e := range v {
			v[i] = jacksonNumbers(e, j)
		}
	case json.Number:
		s := string(v)
		if strings.ContainsAny(s, ".eE") {
			f, err := v.Float64()
			if err != nil && !math.IsInf(f, 0) {
				panic(err)
			}
			return f
		}
		if i, err := v.Int64(); err == nil && (len(strings.TrimPrefix(s, "-")) <= 18 || !j.BigIntegerFrom19Digits) {
			return i
		}
		b, _ := new(big.Int).SetString(s, 10)
		return b
	}
	return v
}

// smileValues decodes every root value of a Smile input with a Decoder.
func smileValues(t testing.TB, m DecMode, data []byte) []any {
	t.Helper()
	dec := m.NewDecoder(bytes.NewReader(data))
	var out []any
	for {
		var v any
		err := dec.Decode(&v)
		if err == io.EOF {
			return out
		}
		require.NoError(t, err)
		out = append(out, v)
	}
}

// cmpOpts compares *big.Int by value and float64 NaN equal to itself.
var cmpOpts = cmp.Options{
	cmp.Comparer(func(a, b *big.Int) bool {
		if a == nil || b == nil {
			return a == b
		}
		return a.Cmp(b) == 0
	}),
	cmp.Comparer(func(a, b float64) bool {
		return a == b && math.Signbit(a) == math.Signbit(b) || math.IsNaN(a) && math.IsNaN(b)
	}),
}

// TestUnmarshalGoldenJSONAny decodes every Jackson-made golden document of
// testdata/golden/json, in all six configs, into any and compares with
// encoding/json's reading of the same JSON text.
func TestUnmarshalGoldenJSONAny(t *testing.T) {
	hdrOptional, err := DecOptions{HeaderOptional: true}.DecMode()
	require.NoError(t, err)
	for _, c := range golden.Cases(t, "json") {
		t.Run(c.ID(), func(t *testing.T) {
			want := jsonValues(t, c.JSON, c.Jackson())
			got := smileValues(t, hdrOptional, c.Want)
			requireSameAny(t, want, got)
			if len(want) == 1 {
				// One root value: Unmarshal must agree and Valid hold.
				var v any
				require.NoError(t, hdrOptional.Unmarshal(c.Want, &v))
				requireSameAny(t, want[0], v)
				require.True(t, hdrOptional.Valid(c.Want))
				if c.Config.OmitHeader {
					var e *SyntaxError
					require.True(t, errors.As(Unmarshal(c.Want, &v), &e), "headerless input must be refused by default")
				}
			}
		})
	}
}

// TestUnmarshalGoldenCorpus decodes the real-world corpora into any.
func TestUnmarshalGoldenCorpus(t *testing.T) {
	for _, c := range golden.Cases(t, "corpus") {
		t.Run(c.ID(), func(t *testing.T) {
			want := jsonValues(t, c.JSON, c.Jackson())
			require.Len(t, want, 1)
			var got any
			require.NoError(t, Unmarshal(c.Want, &got))
			requireSameAny(t, want[0], got)
		})
	}
}

// sameAny reports whether two decoded interface values are equal, with
// the comparisons of cmpOpts; it is linear, unlike cmp.Diff on values that
// differ deep down.
func sameAny(a, b any) bool {
	switch a := a.(type) {
	case map[string]any:
		b, ok := b.(map[string]any)
		if !ok || len(a) != len(b) {
			return false
		}
		for k, v := range a {
			w, ok := b[k]
			if !ok || !sameAny(v, w) {
				return false
			}
		}
		return true
	case []any:
		b, ok := b.([]any)
		if !ok || len(a) != len(b) {
			return false
		}
		for i := range a {
			if !sameAny(a[i], b[i]) {
				return false
			}
		}
		return true
	case *big.Int:
		b, ok := b.(*big.Int)
		return ok && a.Cmp(b) == 0
	case float64:
		b, ok := b.(float64)
		return ok && (a == b && math.Signbit(a) == math.Signbit(b) || math.IsNaN(a) && math.IsNaN(b))
	}
	return cmp.Equal(a, b, cmpOpts)
}

// requireSameAny fails with a cmp.Diff report when want and got differ.
func requireSameAny(t testing.TB, want, got any) {
	t.Helper()
	if !sameAny(want, got) {
		t.Fatalf("mismatch (-want +got):\n%s", cmp.Diff(want, got, cmpOpts))
	}
}

// opsValues returns the root values a token script writes, as decoding
// into any must give them with the default AnyNumbers.
func opsValues(ops []golden.Op) []any {
	type frame struct {
		arr []any
		obj map[string]any
		key string
	}
	var stack []*frame
	var out []any
	emit := func(v any) {
		if len(stack) == 0 {
			out = append(out, v)
			return
		}
		f := stack[len(stack)-1]
		if f.obj != nil {
			f.obj[f.key] = v
		} else {
			f.arr = append(f.arr, v)
		}
	}
	for _, op := range ops {
		switch op.Kind {
		case golden.StartObject:
			stack = append(stack, &frame{obj: map[string]any{}})
		case golden.StartArray:
			stack = append(stack, &frame{arr: []any{}})
		case golden.EndObject, golden.EndArray:
			f := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if f.obj != nil {
				emit(f.obj)
			} else {
				emit(f.arr)
			}
		case golden.Key:
			stack[len(stack)-1].key = op.Str
		case golden.String:
			emit(op.Str)
		case golden.Int:
			emit(op.Int)
		case golden.BigInt:
			emit(new(big.Int).Set(op.Big))
		case golden.Float32:
			emit(float64(math.Float32frombits(uint32(op.Bits))))
		case golden.Float64:
			emit(math.Float64frombits(op.Bits))
		case golden.BigDecimal:
			emit(Decimal{Unscaled: new(big.Int).Set(op.Big), Scale: op.Scale})
		case golden.Binary:
			emit(append([]byte{}, op.Bin...))
		case golden.Null:
			emit(nil)
		case golden.True:
			emit(true)
		case golden.False:
			emit(false)
		}
	}
	return out
}

// TestUnmarshalGoldenTokens decodes every Jackson-made token script
// output of testdata/golden/tokens, in all six configs, with a Decoder,
// and compares with the values the script wrote.
func TestUnmarshalGoldenTokens(t *testing.T) {
	hdrOptional, err := DecOptions{HeaderOptional: true}.DecMode()
	require.NoError(t, err)
	for _, c := range golden.Cases(t, "tokens") {
		t.Run(c.ID(), func(t *testing.T) {
			if c.Config.OmitHeader && slices.ContainsFunc(c.Ops, func(o golden.Op) bool { return o.Kind == golden.NewDocument }) {
				// Without headers nothing tells the reader that a new
				// generator (with empty back-reference tables) started.
				t.Skip("headerless concatenation of documents")
			}
			want := opsValues(c.Ops)
			got := smileValues(t, hdrOptional, c.Want)
			if !sameDecoded(want, got) {
				t.Fatalf("mismatch (-want +got):\n%s", cmp.Diff(want, got, decCmpOpts))
			}
		})
	}
}

// sameDecoded is sameAny that also compares Decimals by value and scale.
func sameDecoded(a, b any) bool {
	if da, ok := a.(Decimal); ok {
		db, ok := b.(Decimal)
		return ok && da.Scale == db.Scale && da.Unscaled.Cmp(db.Unscaled) == 0
	}
	switch a := a.(type) {
	case map[string]any:
		b, ok := b.(map[string]any)
		if !ok || len(a) != len(b) {
			return false
		}
		for k, v := range a {
			w, ok := b[k]
			if !ok || !sameDecoded(v, w) {
				return false
			}
		}
		return true
	case []any:
		b, ok := b.([]any)
		if !ok || len(a) != len(b) {
			return false
		}
		for i := range a {
			if !sameDecoded(a[i], b[i]) {
				return false
			}
		}
		return true
	}
	return sameAny(a, b)
}
