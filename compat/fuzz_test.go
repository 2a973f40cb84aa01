package compat

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"math"
	"math/big"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"testing/iotest"
	"unicode/utf8"

	"github.com/go-smile/smile"
	"github.com/go-smile/smile/internal/golden"
	"github.com/go-smile/smile/internal/transcode"
	"github.com/go-smile/smile/stream"
)

// Fuzz targets of the transcoders, seeded with the golden vectors:
//
//	go test ./compat -run XXX -fuzz FuzzToJSON -fuzztime 10m
//	go test ./compat -run XXX -fuzz FuzzJSONRoundTrip -fuzztime 10m

// fzGoldenFiles returns the small golden files of sub whose names match
// "*"+suffix, a glob (".default*.smile" also takes the files named for the
// Jackson versions that wrote them, .default@2.7.8.smile).
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
// per document, the stream version (ToJSON over an io.Reader) writes the
// same bytes, and FromJSON reads the JSON back to the same tokens, but for
// the losses JSON cannot avoid (sameAfterJSON). Whatever Unmarshal into
// any accepts, the transcoder accepts too (with NonFiniteAsStrings, since
// JSON has no NaN).
func FuzzToJSON(f *testing.F) {
	for _, sub := range []string{"json", "tokens"} {
		for _, b := range fzGoldenFiles(f, sub, ".default*.smile") {
			f.Add(b, uint8(0))
		}
		for _, b := range fzGoldenFiles(f, sub, ".sharedvalues*.smile") {
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
		if err == nil {
			fzCheckSmileJSONSmile(t, data, out, opts)
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

// FuzzJSONRoundTrip: JSON -> Smile -> JSON keeps the value, and FromJSON
// gives the same result however its input is split. Whatever JSON
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
		`[1.5e-7, 1e21, 0.1]`, `[0.0, 1.0, -0.0, 100.0, 1e21, 1.5e1, 1e7, 9.999e-4]`, `{"a":{"a":[]},"a":1}`, `"\ud800"`, `"\u0000\u00e9\u4e2d\ud83d\ude00"`, `1 2 [3] {}`} {
		f.Add([]byte(s), uint8(0))
		f.Add([]byte(s), uint8(1))
	}
	f.Fuzz(func(t *testing.T, data []byte, flags uint8) {
		fo := FromJSONOptions{DecimalsAsBigDecimal: flags&1 != 0}
		fo.Enc.SharedValues = flags&2 != 0
		fo.Enc.DisableSharedNames = flags&4 != 0
		fo.Enc.EndMarker = flags&8 != 0
		sm, err := FromJSONBytes(data, fo)
		fzAgreeWithEncodingJSON(t, data, err)
		// Read one byte at a time, every token meets the end of the
		// buffer: the same bytes, or the same error.
		var split bytes.Buffer
		serr := FromJSON(&split, iotest.OneByteReader(bytes.NewReader(data)), fo)
		if (err == nil) != (serr == nil) || err != nil && err.Error() != serr.Error() {
			t.Fatalf("%q: FromJSONBytes error %v, FromJSON one byte at a time %v", data, err, serr)
		}
		if err == nil && !bytes.Equal(sm, split.Bytes()) {
			t.Fatalf("%q: FromJSONBytes wrote % X, FromJSON one byte at a time % X", data, sm, split.Bytes())
		}
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
		// And back to Smile: the same bytes, unless a value has no JSON
		// form of its own (±Inf; a BigDecimal of scale 0 is an integer).
		sm2, err := FromJSONBytes(back, fo)
		if err != nil {
			t.Fatalf("FromJSONBytes(ToJSONBytes(FromJSONBytes(%q))) fails: %v", data, err)
		}
		if !bytes.Equal(sm, sm2) {
			ro := stream.ReaderOptions{MaxBigNumberLen: len(data) + 16}
			x, _, err1 := rtTokens(sm, ro)
			y, _, err2 := rtTokens(sm2, ro)
			if err1 != nil || err2 != nil {
				t.Fatalf("reading the Smile of %q: %v, %v", data, err1, err2)
			}
			losses := map[string]int{}
			if d := sameAfterJSON(x, y, map[string]bool{lossNonFinite: true, lossDecimal: true}, losses); d != "" {
				t.Fatalf("%q -> %q: %s", data, back, d)
			}
			if len(losses) == 0 {
				t.Fatalf("%q -> %q: the same tokens, other bytes: % X and % X", data, back, sm, sm2)
			}
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

// fzSameNumber says whether b is what the JSON literal lit becomes:
// integers the same integer, other literals the same float64 (or, with
// decimals, the same decimal value), written as a float (with a '.' or an
// exponent) so that they read back as one. The exception is a decimal of
// scale 0 such as 1.5e1, which Java's BigDecimal.toString writes "15".
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
		if !strings.ContainsAny(string(bn), ".eE") && (err1 != nil || x.Scale != 0) {
			return false
		}
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
		return err == nil && math.Float64bits(got) == math.Float64bits(want) && strings.ContainsAny(string(bv), ".eE")
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

// fzCheckSmileJSONSmile checks that FromJSON reads out, the JSON that
// ToJSON made of the Smile data, back to data's tokens, but for the
// losses JSON cannot avoid.
func fzCheckSmileJSONSmile(t *testing.T, data, out []byte, opts ToJSONOptions) {
	mode, err := opts.Dec.DecMode()
	if err != nil {
		t.Fatal(err)
	}
	x, _, err := rtTokens(data, mode.ReaderOptions())
	if err != nil {
		t.Fatalf("ToJSON accepts % X, the token reader does not: %v", data, err)
	}
	// A BigDecimal beyond the float64 range is written as its digits,
	// which read back as ±Inf (lossDecimal) only with
	// AllowOverflowToInfinity.
	sm, err := FromJSONBytes(out, FromJSONOptions{AllowOverflowToInfinity: true})
	if err != nil {
		t.Fatalf("FromJSON refuses ToJSON's %q: %v", out, err)
	}
	y, _, err := rtTokens(sm, stream.ReaderOptions{MaxBigNumberLen: len(data) + 16})
	if err != nil {
		t.Fatalf("reading FromJSON's output: %v", err)
	}
	all := map[string]bool{lossFloat32: true, lossBinary: true, lossDecimal: true, lossIntForm: true, lossNonFinite: true, lossBadUTF8: true}
	if d := sameAfterJSON(x, y, all, map[string]int{}); d != "" {
		t.Fatalf("% X -> %q: %s", data, out, d)
	}
}

// fzAgreeWithEncodingJSON checks that FromJSON accepts a document of one
// value (err == nil) exactly when encoding/json finds it valid, where the
// input is valid UTF-8 (which encoding/json does not check), not nested
// beyond FromJSON's default depth (encoding/json allows 10000), and holds
// no number literal beyond DefaultMaxNumberLen (encoding/json has no
// bound; FromJSON refuses such a literal with a *LimitError that names
// FromJSONOptions.MaxNumberLen, which the caller can raise). A number
// beyond the float64 range is valid JSON that FromJSON refuses by default
// (an *OverflowError), as encoding/json's Unmarshal into any refuses it.
func fzAgreeWithEncodingJSON(t *testing.T, data []byte, err error) {
	if !utf8.Valid(data) || bytes.Count(data, []byte("["))+bytes.Count(data, []byte("{")) >= smile.DefaultMaxDepth {
		return
	}
	valid := json.Valid(data)
	var le *stream.LimitError
	if valid && errors.As(err, &le) && le.Limit == "MaxNumberLen" && longestNumberRun(data) > DefaultMaxNumberLen {
		return
	}
	var oe *OverflowError
	if valid && errors.As(err, &oe) {
		var v any
		if uerr := json.Unmarshal(data, &v); uerr == nil {
			t.Fatalf("FromJSON refuses %q (%v), which encoding/json's Unmarshal accepts", data, err)
		}
		return
	}
	if valid && err != nil && !errors.Is(err, transcode.ErrDecimalScale) {
		// A number whose scale does not fit a BigDecimal's 32 bits
		// (DecimalsAsBigDecimal) is refused, as Java's BigDecimal
		// refuses it; any other refusal of valid JSON is a bug.
		t.Fatalf("encoding/json accepts %q, FromJSON fails: %v", data, err)
	}
	if !valid && err == nil {
		// FromJSON also accepts several values in a row (JSON Lines),
		// but not none (empty input, or only white space).
		dec := json.NewDecoder(bytes.NewReader(data))
		n := 0
		for {
			var v json.RawMessage
			if derr := dec.Decode(&v); derr == io.EOF {
				break
			} else if derr != nil {
				t.Fatalf("FromJSON accepts %q, encoding/json fails: %v", data, derr)
			}
			n++
		}
		if n < 2 { // several are fine
			t.Fatalf("FromJSON accepts %q, which encoding/json finds invalid", data)
		}
	}
}

// longestNumberRun returns the length of the longest run of data's bytes
// that can be part of a JSON number literal.
func longestNumberRun(data []byte) int {
	longest, run := 0, 0
	for _, c := range data {
		if '0' <= c && c <= '9' || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E' {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	return longest
}
