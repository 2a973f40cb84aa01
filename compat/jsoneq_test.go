package compat_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"math/big"
	"strconv"
)

// jsonValues decodes every JSON value in data (whitespace-separated), with
// numbers kept as their text.
func jsonValues(data []byte) ([]any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var out []any
	for {
		var v any
		err := dec.Decode(&v)
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return out, err
		}
		out = append(out, v)
	}
}

// jsonDiff compares two JSON texts value by value and returns "" when they
// are the same document: same structure, same strings, and numbers of the
// same value whatever their notation ("1E+3" = "1000", "1.0E10" =
// "10000000000") or the same float64. With float32 set, numbers that read
// as the same float32 are equal too (for documents holding float32 values,
// which Java and Go print in different shortest forms).
func jsonDiff(want, got []byte, float32 bool) string {
	wv, err := jsonValues(want)
	if err != nil {
		return "want is not JSON: " + err.Error()
	}
	gv, err := jsonValues(got)
	if err != nil {
		return "got is not JSON: " + err.Error()
	}
	if len(wv) != len(gv) {
		return fmt.Sprintf("want %d values, got %d", len(wv), len(gv))
	}
	for i := range wv {
		if d := valueDiff("$", wv[i], gv[i], float32); d != "" {
			return fmt.Sprintf("value %d: %s", i, d)
		}
	}
	return ""
}

func valueDiff(path string, want, got any, float32 bool) string {
	switch w := want.(type) {
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok {
			return fmt.Sprintf("%s: want an object, got %T", path, got)
		}
		if len(w) != len(g) {
			return fmt.Sprintf("%s: want %d members, got %d", path, len(w), len(g))
		}
		for k, wv := range w {
			gv, ok := g[k]
			if !ok {
				return fmt.Sprintf("%s: member %q missing", path, k)
			}
			if d := valueDiff(path+"."+k, wv, gv, float32); d != "" {
				return d
			}
		}
		return ""
	case []any:
		g, ok := got.([]any)
		if !ok {
			return fmt.Sprintf("%s: want an array, got %T", path, got)
		}
		if len(w) != len(g) {
			return fmt.Sprintf("%s: want %d elements, got %d", path, len(w), len(g))
		}
		for i := range w {
			if d := valueDiff(fmt.Sprintf("%s[%d]", path, i), w[i], g[i], float32); d != "" {
				return d
			}
		}
		return ""
	case json.Number:
		if s, isString := got.(string); isString && nonFiniteText(string(w)) == s {
			return "" // 1e400 reads as +Inf, written as "Infinity"
		}
		g, ok := got.(json.Number)
		if !ok {
			return fmt.Sprintf("%s: want number %s, got %T %v", path, w, got, got)
		}
		if !sameNumber(string(w), string(g), float32) {
			return fmt.Sprintf("%s: want number %s, got %s", path, w, g)
		}
		return ""
	default:
		if want != got {
			return fmt.Sprintf("%s: want %#v, got %#v", path, want, got)
		}
		return ""
	}
}

func sameNumber(a, b string, float32 bool) bool {
	if a == b {
		return true
	}
	ra, okA := new(big.Rat).SetString(a)
	rb, okB := new(big.Rat).SetString(b)
	if okA && okB && ra.Cmp(rb) == 0 {
		return true
	}
	sizes := []int{64}
	if float32 {
		sizes = append(sizes, 32)
	}
	for _, bits := range sizes {
		fa, errA := strconv.ParseFloat(a, bits)
		fb, errB := strconv.ParseFloat(b, bits)
		if errA == nil && errB == nil && fa == fb {
			return true
		}
	}
	return false
}

// nonFiniteText returns the text Jackson writes for a number literal that
// overflows float64 ("Infinity" or "-Infinity"), or "".
func nonFiniteText(lit string) string {
	f, err := strconv.ParseFloat(lit, 64)
	switch {
	case err == nil || !math.IsInf(f, 0):
		return ""
	case f > 0:
		return "Infinity"
	default:
		return "-Infinity"
	}
}
