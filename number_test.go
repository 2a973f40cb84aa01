package smile

import (
	"encoding/json"
	"math/big"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/go-smile/smile/internal/golden"
)

// jacksonBigDecs are the values of testdata/golden/tokens/bigdecs.tok, in
// order, written by hand from that script: the unscaled value and scale
// Jackson's SmileGenerator was given, and the text Java's
// BigDecimal.toString gives for them (the JSON number each is).
var jacksonBigDecs = []struct {
	unscaled string
	scale    int32
	text     string
}{
	{"15", 1, "1.5"},
	{"0", 0, "0"},
	{"0", 1, "0.0"},
	{"123", 0, "123"},
	{"1", -3, "1E+3"},
	{"-1", 3, "-0.001"},
	{"-10025", 2, "-100.25"},
	{"-5000000000125", 11, "-50.00000000125"},
	{"1234567890123456789012345678901234567890", 20, "12345678901234567890.12345678901234567890"},
	{"5", -100, "5E+100"},
	{"-7", 1000, "-7E-1000"},
}

// jacksonBigDecsJSON is the JSON array of jacksonBigDecs' texts.
const jacksonBigDecsJSON = `[1.5,0,0.0,123,1E+3,-0.001,-100.25,-50.00000000125,12345678901234567890.12345678901234567890,5E+100,-7E-1000]`

// requireDecimal fails unless got has want's unscaled value and scale (a
// nil Unscaled is zero).
func requireDecimal(t *testing.T, want, got Decimal) {
	t.Helper()
	w, g := want.Unscaled, got.Unscaled
	if w == nil {
		w = new(big.Int)
	}
	if g == nil {
		g = new(big.Int)
	}
	if w.Cmp(g) != 0 || want.Scale != got.Scale {
		t.Fatalf("got Decimal (%v, %d), want (%v, %d)", g, got.Scale, w, want.Scale)
	}
}

func bigDecsGolden(t *testing.T) []byte {
	t.Helper()
	dir, err := golden.Dir("tokens")
	require.NoError(t, err)
	doc, err := golden.ReadFile(filepath.Join(dir, "bigdecs.default.smile"))
	require.NoError(t, err)
	return doc
}

// TestDecimalNumberJSONOfJacksonBigDecimals decodes the BigDecimals
// Jackson wrote into an interface value, as Decimals (the default) and as
// Numbers (AnyNumbersAsNumber), and checks that encoding/json writes each
// as the JSON number BigDecimal.toString gives, not as a struct.
func TestDecimalNumberJSONOfJacksonBigDecimals(t *testing.T) {
	doc := bigDecsGolden(t)
	require.True(t, json.Valid([]byte(jacksonBigDecsJSON)))

	var v any
	require.NoError(t, Unmarshal(doc, &v))
	for i, x := range v.([]any) {
		require.IsType(t, Decimal{}, x, "element %d", i)
	}
	out, err := json.Marshal(v)
	require.NoError(t, err)
	require.Equal(t, jacksonBigDecsJSON, string(out))

	m, err := DecOptions{AnyNumbers: AnyNumbersAsNumber}.DecMode()
	require.NoError(t, err)
	var n any
	require.NoError(t, m.Unmarshal(doc, &n))
	for i, x := range n.([]any) {
		require.IsType(t, Number(""), x, "element %d", i)
	}
	out, err = json.Marshal(n)
	require.NoError(t, err)
	require.Equal(t, jacksonBigDecsJSON, string(out))

	// A tree of both, as in the issue: a BigDecimal in an object.
	doc, err = Marshal(map[string]any{"bigdec": Decimal{Unscaled: big.NewInt(12345678900), Scale: 6}})
	require.NoError(t, err)
	var tree any
	require.NoError(t, Unmarshal(doc, &tree))
	out, err = json.Marshal(map[string]any{"smile": tree, "number": Number("-1.50e+7"), "empty": Number("")})
	require.NoError(t, err)
	require.Equal(t, `{"empty":0,"number":-1.50e+7,"smile":{"bigdec":12345.678900}}`, string(out))
}

// TestDecimalNumberJSONRoundTrip reads the JSON of Jackson's BigDecimals
// back with encoding/json, into Decimals (each unscaled value and scale
// as Jackson was given them) and into Numbers (each text as it is).
func TestDecimalNumberJSONRoundTrip(t *testing.T) {
	var ds []Decimal
	require.NoError(t, json.Unmarshal([]byte(jacksonBigDecsJSON), &ds))
	require.Len(t, ds, len(jacksonBigDecs))
	for i, want := range jacksonBigDecs {
		u, ok := new(big.Int).SetString(want.unscaled, 10)
		require.True(t, ok)
		requireDecimal(t, Decimal{Unscaled: u, Scale: want.scale}, ds[i])
		text, err := ds[i].MarshalText()
		require.NoError(t, err)
		require.Equal(t, want.text, string(text))
	}
	var ns []Number
	require.NoError(t, json.Unmarshal([]byte(jacksonBigDecsJSON), &ns))
	for i, want := range jacksonBigDecs {
		require.Equal(t, Number(want.text), ns[i])
	}
}

// TestDecimalNumberSmileUnchangedByJSONMethods checks that the JSON and
// text methods are not what Marshal and Unmarshal use: a Decimal is still
// the BigDecimal Jackson writes, byte for byte, and keys of type Number
// are still strings taken as they are.
func TestDecimalNumberSmileUnchangedByJSONMethods(t *testing.T) {
	doc := bigDecsGolden(t)
	ds := make([]Decimal, len(jacksonBigDecs))
	ptrs := make([]*Decimal, len(jacksonBigDecs))
	anys := make([]any, len(jacksonBigDecs))
	for i, c := range jacksonBigDecs {
		u, _ := new(big.Int).SetString(c.unscaled, 10)
		ds[i] = Decimal{Unscaled: u, Scale: c.scale}
		ptrs[i] = &ds[i]
		anys[i] = ds[i]
	}
	for _, v := range []any{ds, &ds, ptrs, anys} {
		out, err := Marshal(v)
		require.NoError(t, err, "%T", v)
		require.Equal(t, golden.Hex(doc), golden.Hex(out), "%T", v)
	}
	var back []Decimal
	require.NoError(t, Unmarshal(doc, &back))
	require.Len(t, back, len(ds))
	for i := range ds {
		requireDecimal(t, ds[i], back[i])
	}

	// Number keys, like json.Number's, hold any text.
	keys, err := Marshal(map[string]int{"abc": 1, "1.50": 2})
	require.NoError(t, err)
	var nm map[Number]int
	require.NoError(t, Unmarshal(keys, &nm))
	require.Equal(t, map[Number]int{"abc": 1, "1.50": 2}, nm)
	var na map[Number]any
	require.NoError(t, Unmarshal(keys, &na))
	require.Equal(t, map[Number]any{"abc": int64(1), "1.50": int64(2)}, na)
	out, err := Marshal(nm)
	require.NoError(t, err)
	require.Equal(t, golden.Hex(keys), golden.Hex(out))

	// A root nil *Decimal is still null.
	out, err = Marshal((*Decimal)(nil))
	require.NoError(t, err)
	require.Equal(t, golden.Hex(mustHex(dhdr+"21")), golden.Hex(out))
}

func TestDecimalTextMethods(t *testing.T) {
	for _, tc := range []struct {
		d    Decimal
		text string
	}{
		{Decimal{}, "0"},
		{Decimal{Unscaled: big.NewInt(0), Scale: -3}, "0E+3"},
		{Decimal{Unscaled: big.NewInt(0), Scale: 10}, "0E-10"},
		{Decimal{Unscaled: big.NewInt(12345678900), Scale: 6}, "12345.678900"},
		{Decimal{Unscaled: big.NewInt(-15), Scale: 8}, "-1.5E-7"},
	} {
		for _, m := range []func() ([]byte, error){tc.d.MarshalText, tc.d.MarshalJSON} {
			b, err := m()
			require.NoError(t, err)
			require.Equal(t, tc.text, string(b))
			require.True(t, json.Valid(b), tc.text)
		}
	}
	for _, tc := range []struct {
		in       string
		unscaled int64
		scale    int32
	}{
		{"1.50", 150, 2},
		{"-0.001", -1, 3},
		{"1E+3", 1, -3},
		{"1e3", 1, -3},
		{"2.5E-3", 25, 4},
		{"0", 0, 0},
	} {
		var d Decimal
		require.NoError(t, d.UnmarshalText([]byte(tc.in)), tc.in)
		requireDecimal(t, Decimal{Unscaled: big.NewInt(tc.unscaled), Scale: tc.scale}, d)
		d = Decimal{}
		require.NoError(t, d.UnmarshalJSON([]byte(tc.in)), tc.in)
		requireDecimal(t, Decimal{Unscaled: big.NewInt(tc.unscaled), Scale: tc.scale}, d)
		d = Decimal{}
		require.NoError(t, d.UnmarshalJSON([]byte(strconv.Quote(tc.in))), tc.in)
		requireDecimal(t, Decimal{Unscaled: big.NewInt(tc.unscaled), Scale: tc.scale}, d)
	}
	// null leaves the value as it was, as encoding/json's convention.
	d := Decimal{Unscaled: big.NewInt(7), Scale: 1}
	require.NoError(t, d.UnmarshalJSON([]byte("null")))
	requireDecimal(t, Decimal{Unscaled: big.NewInt(7), Scale: 1}, d)
	var fromJSON struct{ D *Decimal }
	require.NoError(t, json.Unmarshal([]byte(`{"D":"0.10"}`), &fromJSON))
	require.NotNil(t, fromJSON.D)
	requireDecimal(t, Decimal{Unscaled: big.NewInt(10), Scale: 2}, *fromJSON.D)

	for _, bad := range []string{"", "abc", "1.", ".5", "+1", "01", "1e", "0x10", " 1", "Infinity", "NaN"} {
		err := d.UnmarshalText([]byte(bad))
		require.ErrorIs(t, err, strconv.ErrSyntax, "%q", bad)
		require.ErrorContains(t, err, "Decimal.UnmarshalText: invalid number literal")
		require.Error(t, d.UnmarshalJSON([]byte(strconv.Quote(bad))), "%q", bad)
	}
	for _, bad := range []string{"1e99999999999", "1e-2147483649"} {
		require.ErrorIs(t, d.UnmarshalText([]byte(bad)), strconv.ErrRange, bad)
	}
	for _, bad := range []string{`true`, `{}`, `[1]`, `""`, `"abc"`, ``, `'1'`} {
		err := d.UnmarshalJSON([]byte(bad))
		require.ErrorContains(t, err, "smile: Decimal.UnmarshalJSON", "%q", bad)
	}
	require.EqualError(t, d.UnmarshalJSON([]byte(`{"a":1}`)),
		"smile: Decimal.UnmarshalJSON: cannot unmarshal a JSON object into a Decimal: want a JSON number such as 12.50 or a string holding one")
	requireDecimal(t, Decimal{Unscaled: big.NewInt(7), Scale: 1}, d) // unchanged by the errors
}

func TestNumberTextMethods(t *testing.T) {
	for _, tc := range []struct{ n, text string }{
		{"", "0"}, // as encoding/json writes an empty json.Number
		{"0", "0"},
		{"-1.50e+7", "-1.50e+7"},
		{"12345678901234567890123", "12345678901234567890123"},
	} {
		for _, m := range []func() ([]byte, error){Number(tc.n).MarshalText, Number(tc.n).MarshalJSON} {
			b, err := m()
			require.NoError(t, err)
			require.Equal(t, tc.text, string(b))
		}
		want, err := json.Marshal(json.Number(tc.n))
		require.NoError(t, err)
		got, err := json.Marshal(Number(tc.n))
		require.NoError(t, err)
		require.Equal(t, string(want), string(got), "json.Marshal of %q", tc.n)
	}
	for _, bad := range []Number{"abc", "1.", "+1", "NaN"} {
		_, err := bad.MarshalJSON()
		require.ErrorContains(t, err, "smile: invalid number literal", string(bad))
		_, err = json.Marshal(bad)
		require.Error(t, err, string(bad))
		_, jerr := json.Marshal(json.Number(bad))
		require.Error(t, jerr, "json.Number(%q) is refused too", bad)
	}

	var n Number
	require.NoError(t, n.UnmarshalText([]byte("1E+3")))
	require.Equal(t, Number("1E+3"), n)
	require.NoError(t, n.UnmarshalJSON([]byte(`-0.50`)))
	require.Equal(t, Number("-0.50"), n)
	require.NoError(t, n.UnmarshalJSON([]byte(`"12.5"`)))
	require.Equal(t, Number("12.5"), n)
	require.NoError(t, n.UnmarshalJSON([]byte(`null`)))
	require.Equal(t, Number("12.5"), n)
	for _, bad := range []string{"", "abc", `"1"`, "1.", "-"} {
		require.ErrorIs(t, n.UnmarshalText([]byte(bad)), strconv.ErrSyntax, "%q", bad)
	}
	for _, bad := range []string{`true`, `[]`, `"abc"`, `""`, `"1 "`, `1.`} {
		err := n.UnmarshalJSON([]byte(bad))
		require.ErrorContains(t, err, "smile: Number.UnmarshalJSON", "%q", bad)
	}
	require.Equal(t, Number("12.5"), n, "unchanged by errors")

	// encoding/json's ",string" gives UnmarshalJSON the unquoted text.
	var s struct {
		N Number `json:",string"`
	}
	require.NoError(t, json.Unmarshal([]byte(`{"N":"42"}`), &s))
	require.Equal(t, Number("42"), s.N)
}
