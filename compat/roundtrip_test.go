package compat

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"io"
	"math"
	"math/big"
	"strconv"
	"testing"
	"unicode/utf8"

	"github.com/go-smile/smile"
	"github.com/go-smile/smile/internal/golden"
	"github.com/go-smile/smile/internal/transcode"
	"github.com/go-smile/smile/stream"
)

// The round trips between Smile and JSON. JSON cannot type everything
// Smile can; each such loss has a name here, and a test says which losses
// it allows and counts them:
const (
	lossFloat32   = "float32 -> float64 of its shortest text"
	lossBinary    = "binary -> base64 string"
	lossDecimal   = "BigDecimal -> float64 (or an integer when its scale is 0)"
	lossIntForm   = "integer form (int <-> BigInteger of the same value)"
	lossNonFinite = "NaN/Infinity -> string"
	lossBadUTF8   = "invalid UTF-8 -> U+FFFD"
)

// rtToken is a Smile token with its value copied out of the Reader.
type rtToken struct {
	kind  stream.Kind
	bytes []byte   // string, key, binary
	num   *big.Int // Int, BigInt, BigDecimal's unscaled value
	scale int32
	bits  uint64 // float bits (float32 in the low 32)
}

// rtTokens reads every token of data, without the end-of-document
// markers, and counts the root values.
func rtTokens(data []byte, opts stream.ReaderOptions) (toks []rtToken, roots int, err error) {
	r, err := stream.NewReader(data, opts)
	if err != nil {
		return nil, 0, err
	}
	for {
		depth := r.Depth()
		tok, err := r.ReadToken()
		if err == io.EOF {
			return toks, roots, nil
		}
		if err != nil {
			return nil, 0, err
		}
		if tok.Kind == stream.KindEndOfDocument {
			continue
		}
		if depth == 0 {
			roots++
		}
		t := rtToken{kind: tok.Kind}
		switch tok.Kind {
		case stream.KindString, stream.KindKey, stream.KindBinary:
			t.bytes = bytes.Clone(tok.Bytes())
		case stream.KindInt:
			t.num = big.NewInt(tok.Int())
		case stream.KindBigInt:
			t.num = tok.BigInt()
		case stream.KindBigDecimal:
			t.num, t.scale = tok.BigDecimal()
		case stream.KindFloat32:
			t.bits = uint64(math.Float32bits(tok.Float32()))
		case stream.KindFloat64:
			t.bits = math.Float64bits(tok.Float64())
		}
		toks = append(toks, t)
	}
}

// sameAfterJSON compares the tokens of x with those of y, which came back
// from x's JSON text: the same tokens, or a loss from allowed, counted in
// losses. It returns a description of the first difference, or "".
func sameAfterJSON(x, y []rtToken, allowed map[string]bool, losses map[string]int) string {
	if len(x) != len(y) {
		return fmt.Sprintf("%d tokens became %d", len(x), len(y))
	}
	for i := range x {
		loss, ok := tokenLoss(x[i], y[i])
		if !ok {
			return fmt.Sprintf("token %d: %v became %v", i, x[i], y[i])
		}
		if loss != "" {
			if !allowed[loss] {
				return fmt.Sprintf("token %d: %v became %v, a loss (%s) not expected here", i, x[i], y[i], loss)
			}
			losses[loss]++
		}
	}
	return ""
}

// tokenLoss says whether b is what a becomes through JSON, and by which
// loss if they differ.
func tokenLoss(a, b rtToken) (loss string, ok bool) {
	if a.kind == b.kind {
		switch a.kind {
		case stream.KindString, stream.KindKey:
			if !utf8.Valid(a.bytes) {
				return lossBadUTF8, bytes.Equal(replaceInvalidBytes(a.bytes), b.bytes)
			}
			return "", bytes.Equal(a.bytes, b.bytes)
		case stream.KindBinary:
			return "", bytes.Equal(a.bytes, b.bytes)
		case stream.KindInt, stream.KindBigInt:
			return "", a.num.Cmp(b.num) == 0
		case stream.KindBigDecimal:
			return "", a.num.Cmp(b.num) == 0 && a.scale == b.scale
		case stream.KindFloat32, stream.KindFloat64:
			return "", a.bits == b.bits
		}
		return "", true
	}
	switch {
	case (a.kind == stream.KindInt || a.kind == stream.KindBigInt) && (b.kind == stream.KindInt || b.kind == stream.KindBigInt):
		return lossIntForm, a.num.Cmp(b.num) == 0
	case a.kind == stream.KindFloat32 && b.kind == stream.KindFloat64:
		return lossFloat32, math.Float32bits(float32(math.Float64frombits(b.bits))) == uint32(a.bits)
	case a.kind == stream.KindBinary && b.kind == stream.KindString:
		return lossBinary, string(b.bytes) == base64.StdEncoding.EncodeToString(a.bytes)
	case a.kind == stream.KindBigDecimal && (b.kind == stream.KindInt || b.kind == stream.KindBigInt):
		// Java prints a BigDecimal of scale 0 as an integer, "123".
		return lossDecimal, a.scale == 0 && a.num.Cmp(b.num) == 0
	case a.kind == stream.KindBigDecimal && b.kind == stream.KindFloat64:
		f, _ := strconv.ParseFloat(string(transcode.AppendDecimal(nil, a.num, a.scale)), 64) // ±Inf beyond the range
		return lossDecimal, math.Float64bits(f) == b.bits
	case (a.kind == stream.KindFloat64 || a.kind == stream.KindFloat32) && b.kind == stream.KindString:
		f := math.Float64frombits(a.bits)
		if a.kind == stream.KindFloat32 {
			f = float64(math.Float32frombits(uint32(a.bits)))
		}
		want := map[bool]string{true: "Infinity", false: "-Infinity"}[f > 0]
		if math.IsNaN(f) {
			want = "NaN"
		}
		return lossNonFinite, (math.IsNaN(f) || math.IsInf(f, 0)) && string(b.bytes) == want
	}
	return "", false
}

// replaceInvalidBytes replaces each byte of s that is not part of valid
// UTF-8 with U+FFFD, as ToJSON does (with DecOptions.AllowInvalidUTF8).
func replaceInvalidBytes(s []byte) []byte {
	var out []byte
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRune(s[i:])
		if r == utf8.RuneError && size == 1 {
			out = append(out, "\ufffd"...)
		} else {
			out = append(out, s[i:i+size]...)
		}
		i += size
	}
	return out
}

func (t rtToken) String() string {
	switch t.kind {
	case stream.KindString, stream.KindKey, stream.KindBinary:
		return fmt.Sprintf("%v %q", t.kind, t.bytes)
	case stream.KindInt, stream.KindBigInt:
		return fmt.Sprintf("%v %v", t.kind, t.num)
	case stream.KindBigDecimal:
		return fmt.Sprintf("%v %v scale %d", t.kind, t.num, t.scale)
	case stream.KindFloat32, stream.KindFloat64:
		return fmt.Sprintf("%v bits %X", t.kind, t.bits)
	}
	return t.kind.String()
}

// goldenEnc is the encoder config of a golden case.
func goldenEnc(c golden.Config) smile.EncOptions {
	return smile.EncOptions{OmitHeader: c.OmitHeader, DisableSharedNames: c.DisableSharedNames,
		SharedValues: c.SharedValues, RawBinary: c.RawBinary, EndMarker: c.EndMarker}
}

// smileToJSONToSmile is FromJSON(ToJSON(x)) with the options of golden
// case gc: its config, and the number typing of the Jackson that wrote it.
func smileToJSONToSmile(t *testing.T, x []byte, gc golden.Case) (js, y []byte) {
	t.Helper()
	c := gc.Config
	js, err := ToJSONBytes(x, ToJSONOptions{Dec: smile.DecOptions{HeaderOptional: c.OmitHeader}, NonFiniteAsStrings: true})
	if err != nil {
		t.Fatalf("ToJSON: %v", err)
	}
	y, err = FromJSONBytes(js, FromJSONOptions{Enc: goldenEnc(c), BigIntegerFrom19Digits: gc.Jackson().BigIntegerFrom19Digits})
	if err != nil {
		t.Fatalf("FromJSON of %.200q: %v", js, err)
	}
	return js, y
}

// TestSmileJSONSmileKeepsJacksonBytes: for every Smile file Jackson made
// from a JSON document (json/ in every config, corpus/), FromJSON(ToJSON(x))
// gives x's bytes exactly. Two kinds of file cannot: those where Jackson
// copied several root values through one generator (one header, shared
// names kept; FromJSON makes each value its own document), and those
// holding ±Inf (a JSON literal beyond the float64 range), which JSON can
// only carry as a string. Those are compared token by token, the second
// with the one loss allowed.
func TestSmileJSONSmileKeepsJacksonBytes(t *testing.T) {
	exact, multiRoot, nonFinite := 0, 0, 0
	losses := map[string]int{}
	var cases []golden.Case
	for _, sub := range []string{"json", "corpus"} {
		cases = append(cases, golden.Cases(t, sub)...)
	}
	for _, c := range cases {
		_, y := smileToJSONToSmile(t, c.Want, c)
		if bytes.Equal(y, c.Want) {
			exact++
			continue
		}
		xt, yt, roots := rtTokensOfBoth(t, c, y)
		before := losses[lossNonFinite]
		if d := sameAfterJSON(xt, yt, map[string]bool{lossNonFinite: true}, losses); d != "" {
			t.Errorf("%s: %s", c.ID(), d)
			continue
		}
		switch {
		case losses[lossNonFinite] > before:
			nonFinite++
		case roots > 1:
			multiRoot++
		default:
			i := golden.FirstDiff(c.Want, y)
			t.Errorf("%s: same tokens, but the bytes differ from Jackson's at %d of %d", c.ID(), i, len(c.Want))
		}
	}
	t.Logf("%d Smile files: %d byte-exact, %d multi-root and %d with ±Inf compared by tokens (%d ±Inf values)",
		len(cases), exact, multiRoot, nonFinite, losses[lossNonFinite])
	if exact < len(cases)*9/10 {
		t.Errorf("only %d of %d files came back byte-exact", exact, len(cases))
	}
}

// TestSmileJSONSmileTokens: for every token script Jackson wrote
// (tokens/, every config), FromJSON(ToJSON(x)) holds the same values:
// the same tokens, or one of the losses JSON cannot avoid, counted.
// Where no token was lost and there is one root value, the bytes are
// Jackson's exactly.
func TestSmileJSONSmileTokens(t *testing.T) {
	allowed := map[string]bool{lossFloat32: true, lossBinary: true, lossDecimal: true, lossIntForm: true, lossNonFinite: true}
	losses := map[string]int{}
	cases := golden.Cases(t, "tokens")
	exact, lossy, multiDoc := 0, 0, 0
	for _, c := range cases {
		_, y := smileToJSONToSmile(t, c.Want, c)
		xt, yt, roots := rtTokensOfBoth(t, c, y)
		mine := map[string]int{}
		if d := sameAfterJSON(xt, yt, allowed, mine); d != "" {
			t.Errorf("%s: %s", c.ID(), d)
			continue
		}
		n := 0
		for k, v := range mine {
			losses[k] += v
			n += v
		}
		switch {
		case n > 0:
			lossy++
		case roots > 1:
			multiDoc++
		case bytes.Equal(y, c.Want):
			exact++
		default:
			t.Errorf("%s: no token lost, but the bytes differ from Jackson's at %d", c.ID(), golden.FirstDiff(c.Want, y))
		}
	}
	t.Logf("%d token files: %d byte-exact, %d with several root values compared by tokens, %d with losses %v",
		len(cases), exact, multiDoc, lossy, losses)
}

// TestJSONSmileJSONGolden: ToJSON(FromJSON(j)) of every golden JSON
// document (json/ and corpus/), in every encoder config and with and
// without DecimalsAsBigDecimal, decodes to the same values as j, numbers
// compared by their text (fzSameNumber): integers exactly, other literals
// as the same float64 or decimal and still written as floats. The one
// loss: a literal beyond the float64 range is ±Inf (as Jackson writes it,
// with AllowOverflowToInfinity), written as a string.
func TestJSONSmileJSONGolden(t *testing.T) {
	var cases []golden.Case
	for _, sub := range []string{"json", "corpus"} {
		cases = append(cases, golden.Cases(t, sub)...)
	}
	docs := map[string]bool{}
	for _, c := range cases {
		docs[c.Input] = true
		want := fzJSONValues(t, c.JSON)
		for _, decimals := range []bool{false, true} {
			sm, err := FromJSONBytes(c.JSON, FromJSONOptions{Enc: goldenEnc(c.Config), DecimalsAsBigDecimal: decimals, AllowOverflowToInfinity: true})
			if err != nil {
				t.Fatalf("%s: FromJSON: %v", c.ID(), err)
			}
			back, err := ToJSONBytes(sm, ToJSONOptions{Dec: smile.DecOptions{HeaderOptional: c.Config.OmitHeader}, NonFiniteAsStrings: true})
			if err != nil {
				t.Fatalf("%s: ToJSON: %v", c.ID(), err)
			}
			got := fzJSONValues(t, back)
			if len(want) != len(got) {
				t.Errorf("%s (decimals %v): %d values became %d", c.ID(), decimals, len(want), len(got))
				continue
			}
			for i := range want {
				if !fzSameValue(want[i], got[i], decimals) {
					t.Errorf("%s (decimals %v): value %d changed", c.ID(), decimals, i)
				}
			}
		}
	}
	t.Logf("%d JSON documents, %d (document, config) cases, each with and without DecimalsAsBigDecimal", len(docs), len(cases))
}

// rtTokensOfBoth reads the tokens of Jackson's bytes for c and of y, what
// FromJSON made of their JSON, and the count of root values in c's.
func rtTokensOfBoth(t *testing.T, c golden.Case, y []byte) (xt, yt []rtToken, roots int) {
	t.Helper()
	opts := stream.ReaderOptions{HeaderOptional: c.Config.OmitHeader}
	xt, roots, err := rtTokens(c.Want, opts)
	if err != nil {
		t.Fatalf("%s: %v", c.ID(), err)
	}
	yt, _, err = rtTokens(y, opts)
	if err != nil {
		t.Fatalf("%s: reading FromJSON's output: %v", c.ID(), err)
	}
	return xt, yt, roots
}
