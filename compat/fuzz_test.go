package compat

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"math/big"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/go-smile/smile"
	"github.com/go-smile/smile/internal/golden"
)

// Fuzz targets of the transcoders, seeded with the golden vectors:
//
//	go test ./compat -run XXX -fuzz FuzzToJSON -fuzztime 10m
//	go test ./compat -run XXX -fuzz FuzzJSONRoundTrip -fuzztime 10m

// fzGoldenFiles returns the small golden files of sub whose names end with
// suffix.
func fzGoldenFiles(f *testing.F, sub, suffix string) [][]byte {
	dir, err := golden.Dir(sub)
	if err != nil {
		f.Fatal(err)
	}
	names, _ := filepath.Glob(filepath.Join(dir, "*"+suffix))
	var out [][]byte
	for _, name := range names {
		if b, err := os.ReadFile(name); err == nil && len(b) <= 4096 {
			out = append(out, b)
		}
	}
	if len(out) == 0 {
		f.Fatalf("no golden files %s/*%s", sub, suffix)
	}
	return out
}

// FuzzToJSON: on any input the Smile -> JSON transcoder returns JSON or an
// error, never panics; when it succeeds its output is valid JSON, one line
// per document, and the stream version (ToJSON over an io.Reader) writes
// the same bytes. Whatever Unmarshal into any accepts, the transcoder
// accepts too (with NonFiniteAsStrings, since JSON has no NaN).
func FuzzToJSON(f *testing.F) {
	for _, sub := range []string{"json", "tokens"} {
		for _, b := range fzGoldenFiles(f, sub, ".default.smile") {
			f.Add(b, uint8(0))
		}
		for _, b := range fzGoldenFiles(f, sub, ".sharedvalues.smile") {
			f.Add(b, uint8(2))
		}
	}
	f.Fuzz(func(t *testing.T, data []byte, flags uint8) {
		opts := ToJSONOptions{NonFiniteAsStrings: flags&1 != 0}
		opts.Dec.HeaderOptional = flags&4 != 0
		opts.Dec.AllowInvalidUTF8 = flags&8 != 0
		if flags&2 != 0 {
			opts.Indent = "  "
		}
		out, err := ToJSONBytes(data, opts)
		if err == nil {
			dec := json.NewDecoder(bytes.NewReader(out))
			dec.UseNumber() // numbers beyond float64 are valid JSON
			for {
				var v any
				if derr := dec.Decode(&v); derr != nil {
					if derr.Error() != "EOF" {
						t.Fatalf("ToJSONBytes wrote invalid JSON %q: %v", out, derr)
					}
					break
				}
			}
		}
		var sout bytes.Buffer
		serr := ToJSON(&sout, bytes.NewReader(data), opts)
		if (err == nil) != (serr == nil) || (err != nil && err.Error() != serr.Error()) {
			t.Fatalf("ToJSONBytes error %v, ToJSON error %v", err, serr)
		}
		if err == nil && !bytes.Equal(out, sout.Bytes()) {
			t.Fatalf("ToJSONBytes wrote %q, ToJSON %q", out, sout.Bytes())
		}
		if opts.NonFiniteAsStrings && !opts.Dec.HeaderOptional && !opts.Dec.AllowInvalidUTF8 {
			var v any
			if smile.Unmarshal(data, &v) == nil && err != nil {
				t.Fatalf("Unmarshal accepts the input, ToJSONBytes fails: %v", err)
			}
		}
	})
}

// FuzzJSONRoundTrip: JSON -> Smile -> JSON keeps the value. Whatever JSON
// FromJSONBytes accepts, ToJSONBytes reads back (with limits large enough
// for what the JSON holds), and the two JSON texts decode to the same
// value: strings and structure exactly, integers exactly, and other
// numbers as the float64 (or, with DecimalsAsBigDecimal, the exact
// decimal) the literal denotes.
func FuzzJSONRoundTrip(f *testing.F) {
	for _, b := range fzGoldenFiles(f, "json", ".json") {
		f.Add(b, uint8(0))
		f.Add(b, uint8(1))
	}
	for _, s := range []string{`0`, `-0`, `-0.0`, `1e400`, `12345678901234567890`, `-9223372036854775808`,
		`[1.5e-7, 1e21, 0.1]`, `{"a":{"a":[]},"a":1}`, `"\ud800"`, `"\u0000\u00e9\u4e2d\ud83d\ude00"`, `1 2 [3] {}`} {
		f.Add([]byte(s), uint8(0))
		f.Add([]byte(s), uint8(1))
	}
	f.Fuzz(func(t *testing.T, data []byte, flags uint8) {
		fo := FromJSONOptions{DecimalsAsBigDecimal: flags&1 != 0}
		fo.Enc.SharedValues = flags&2 != 0
		fo.Enc.DisableSharedNames = flags&4 != 0
		fo.Enc.EndMarker = flags&8 != 0
		sm, err := FromJSONBytes(data, fo)
		if err != nil {
			return
		}
		to := ToJSONOptions{NonFiniteAsStrings: true}
		// The JSON input bounds what the Smile holds; lift the limits that
		// a big literal could exceed (depth is bounded by FromJSON's).
		to.Dec.MaxBigNumberLen = len(data) + 16
		back, err := ToJSONBytes(sm, to)
		if err != nil {
			t.Fatalf("FromJSONBytes(%q) = % X, which ToJSONBytes rejects: %v", data, sm, err)
		}
		want := fzJSONValues(t, data)
		got := fzJSONValues(t, back)
		if len(want) != len(got) {
			t.Fatalf("%d JSON values became %d: %q -> %q", len(want), len(got), data, back)
		}
		for i := range want {
			if !fzSameValue(want[i], got[i], fo.DecimalsAsBigDecimal) {
				t.Fatalf("value %d changed: %q -> %q", i, data, back)
			}
		}
	})
}

// fzJSONValues decodes every JSON value in data, numbers as json.Number.
func fzJSONValues(t *testing.T, data []byte) []any {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var out []any
	for {
		var v any
		if err := dec.Decode(&v); err != nil {
			if err.Error() == "EOF" {
				return out
			}
			t.Fatalf("invalid JSON %q: %v", data, err)
		}
		out = append(out, v)
	}
}

// fzSameValue compares decoded JSON values semantically.
func fzSameValue(a, b any, decimals bool) bool {
	switch a := a.(type) {
	case map[string]any:
		bm, ok := b.(map[string]any)
		if !ok || len(a) != len(bm) {
			return false
		}
		for k, v := range a {
			w, ok := bm[k]
			if !ok || !fzSameValue(v, w, decimals) {
				return false
			}
		}
		return true
	case []any:
		bs, ok := b.([]any)
		if !ok || len(a) != len(bs) {
			return false
		}
		for i := range a {
			if !fzSameValue(a[i], bs[i], decimals) {
				return false
			}
		}
		return true
	case json.Number:
		return fzSameNumber(string(a), b, decimals)
	default:
		return a == b
	}
}

// fzSameNumber says whether b is what the JSON literal lit becomes.
func fzSameNumber(lit string, b any, decimals bool) bool {
	if !strings.ContainsAny(lit, ".eE") {
		bn, ok := b.(json.Number)
		if !ok {
			return false
		}
		x, _ := new(big.Int).SetString(lit, 10)
		y, ok := new(big.Int).SetString(string(bn), 10)
		return ok && x.Cmp(y) == 0
	}
	if decimals {
		bn, ok := b.(json.Number)
		if !ok {
			return false
		}
		x, err1 := ParseDecimal(lit)
		y, err2 := ParseDecimal(string(bn))
		if err2 != nil && !strings.ContainsAny(string(bn), ".eE") {
			var ok bool
			y.Unscaled, ok = new(big.Int).SetString(string(bn), 10)
			err2 = nil
			if !ok {
				return false
			}
		}
		if err1 != nil || err2 != nil {
			return false
		}
		return fzDecCmp(x, y) == 0
	}
	want, err := strconv.ParseFloat(lit, 64)
	if err != nil && !errors.Is(err, strconv.ErrRange) {
		return false
	}
	switch bv := b.(type) {
	case string: // NonFiniteAsStrings
		return math.IsInf(want, 1) && bv == "Infinity" || math.IsInf(want, -1) && bv == "-Infinity"
	case json.Number:
		got, err := strconv.ParseFloat(string(bv), 64)
		return err == nil && math.Float64bits(got) == math.Float64bits(want)
	}
	return false
}

// fzDecCmp compares two decimals by value.
func fzDecCmp(x, y smile.Decimal) int {
	// Bring both to the larger scale (scales are int32, so the difference
	// fits an int64; the literals are short, so the powers stay small
	// enough for a fuzz input).
	xs, ys := int64(x.Scale), int64(y.Scale)
	xu, yu := new(big.Int).Set(x.Unscaled), new(big.Int).Set(y.Unscaled)
	if xu.Sign() == 0 || yu.Sign() == 0 {
		return xu.Sign() - yu.Sign()
	}
	if xu.Sign() != yu.Sign() {
		return xu.Sign() - yu.Sign()
	}
	// Compare exponent magnitudes first to avoid huge powers.
	xd, yd := int64(len(xu.Text(10))), int64(len(yu.Text(10)))
	if xu.Sign() < 0 {
		xd--
		yd--
	}
	if xm, ym := xd-xs, yd-ys; xm != ym {
		if (xm > ym) == (xu.Sign() > 0) {
			return 1
		}
		return -1
	}
	if xs < ys {
		xu.Mul(xu, new(big.Int).Exp(big.NewInt(10), big.NewInt(ys-xs), nil))
	} else if ys < xs {
		yu.Mul(yu, new(big.Int).Exp(big.NewInt(10), big.NewInt(xs-ys), nil))
	}
	return xu.Cmp(yu)
}
