package interop

import (
	"math"
	"math/big"
	"testing"

	"github.com/go-smile/smile"
	"github.com/go-smile/smile/compat"
	"github.com/go-smile/smile/stream"
	"github.com/google/go-cmp/cmp"
	"github.com/shopspring/decimal"
)

// Jackson 2.19's SmileMapper writing java.math.BigDecimal values (printed
// by testdata/golden.sh): Smile BigDecimal tokens (0x2A).
const (
	jacksonBigDecimal    = "3a290a012a888a72766c4e073d3f1334551a04" // new BigDecimal("-12345678901234567890.0012")
	jacksonBigDecimalExp = "3a290a012ab9810701"                     // new BigDecimal("1.5E+30"), scale -29
)

// decimalEqual compares decimals by value: 19.99 and 19.990 are equal
// (decimal.Decimal keeps the exponent it was parsed with, and its fields
// are unexported).
var decimalEqual = cmp.Comparer(func(a, b decimal.Decimal) bool { return a.Equal(b) })

// setMarshalWithoutQuotes sets decimal's package-level switch for the test.
func setMarshalWithoutQuotes(t *testing.T, v bool) {
	old := decimal.MarshalJSONWithoutQuotes
	decimal.MarshalJSONWithoutQuotes = v
	t.Cleanup(func() { decimal.MarshalJSONWithoutQuotes = old })
}

type priced struct {
	Price decimal.Decimal            `json:"price"`
	Cost  *decimal.Decimal           `json:"cost,omitempty"`
	Tax   decimal.NullDecimal        `json:"tax"`
	Lines []decimal.Decimal          `json:"lines"`
	ByKey map[string]decimal.Decimal `json:"by_key"`
}

func samplePriced() priced {
	d := decimal.RequireFromString
	return priced{
		Price: d("19.990"),
		Cost:  ptr(d("-12345678901234567890.0012")),
		Tax:   decimal.NullDecimal{Decimal: d("0.07"), Valid: true},
		Lines: []decimal.Decimal{d("1"), d("0.000000000000000000000000001"), d("1.5e30")},
		ByKey: map[string]decimal.Decimal{"b": d("2.50"), "a": d("-3")},
	}
}

func TestDecimalQuoted(t *testing.T) {
	// By default decimal.Decimal's MarshalJSON writes a JSON string ("19.99"):
	// every digit survives, in Smile too, as a string.
	setMarshalWithoutQuotes(t, false)
	v := samplePriced()
	fromJSON, fromSmile := checkMarshal(t, v)
	// Strings and struct order only, and map keys sorted by both: one
	// spelling, so the bytes agree.
	if string(fromJSON) != string(fromSmile) {
		t.Errorf("bytes differ:\nencoding/json: %s\nsmile:         %s", fromJSON, fromSmile)
	}
	checkUnmarshal[priced](t, fromJSON, decimalEqual)
	checkRoundTrip(t, v, decimalEqual)
}

func TestDecimalUnquoted(t *testing.T) {
	// With MarshalJSONWithoutQuotes the JSON is a number. The bridge reads
	// it as Jackson reads JSON numbers: a fraction becomes a float64, so
	// digits past float64's precision are lost (the documented difference
	// "The JSON of MarshalJSON is typed as Jackson types JSON numbers").
	setMarshalWithoutQuotes(t, true)
	exact := priced{Price: decimal.RequireFromString("19.990"), Lines: []decimal.Decimal{decimal.RequireFromString("2.5"), decimal.RequireFromString("42")}}
	checkMarshal(t, exact)
	checkRoundTrip(t, exact, decimalEqual)

	lossy := priced{Price: decimal.RequireFromString("-12345678901234567890.0012")}
	got := smileAsJSON(t, lossy)
	want := []byte(`{"price":-1.2345678901234567E19,"tax":null,"lines":null,"by_key":null}`)
	sameJSON(t, want, got) // the float64 nearest the decimal, not the decimal
	var back priced
	doc, err := smile.Marshal(lossy)
	if err != nil {
		t.Fatal(err)
	}
	if err := smile.Unmarshal(doc, &back); err != nil {
		t.Fatal(err)
	}
	if back.Price.Equal(lossy.Price) {
		t.Errorf("expected the float64 rounding of %s, got it exactly; the documented difference is gone: update doc.go and this test", lossy.Price)
	}
	if !back.Price.Equal(decimal.NewFromFloat(-12345678901234567890.0012)) {
		t.Errorf("got %s, want the float64 nearest the value", back.Price)
	}
}

func TestDecimalFromJacksonBigDecimal(t *testing.T) {
	// A Smile BigDecimal reaches decimal.Decimal's UnmarshalJSON as the JSON
	// text of its value with every digit (Java's BigDecimal.toString, so
	// 1.5E+30 keeps its exponent form), which decimal parses exactly.
	for _, c := range []struct{ doc, want string }{
		{jacksonBigDecimal, "-12345678901234567890.0012"},
		{jacksonBigDecimalExp, "1.5E+30"},
	} {
		var got decimal.Decimal
		if err := smile.Unmarshal(unhex(t, c.doc), &got); err != nil {
			t.Fatalf("%s: %v", c.want, err)
		}
		if want := decimal.RequireFromString(c.want); !got.Equal(want) {
			t.Errorf("got %s, want %s", got, want)
		}
		// And the same document as JSON, through encoding/json.
		text, err := compat.ToJSONBytes(unhex(t, c.doc), compat.ToJSONOptions{})
		if err != nil {
			t.Fatal(err)
		}
		var viaJSON decimal.Decimal
		if err := viaJSON.UnmarshalJSON(trimNL(text)); err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		if !viaJSON.Equal(got) {
			t.Errorf("JSON text %s gives %s, Smile gives %s", text, viaJSON, got)
		}
	}

	// Inside Jackson's {"id": UUID, "price": 19.990}, the scale is kept.
	var rec struct {
		Price decimal.Decimal `json:"price"`
	}
	if err := smile.Unmarshal(unhex(t, jacksonUUIDAndPrice), &rec); err != nil {
		t.Fatal(err)
	}
	if rec.Price.String() != "19.99" || rec.Price.Exponent() != -3 {
		t.Errorf("got %s (exponent %d), want 19.990 (exponent -3)", rec.Price, rec.Price.Exponent())
	}
}

func TestDecimalFromJSONNumbers(t *testing.T) {
	// JSON numbers, converted to Smile as Jackson converts them (fractions
	// as float64), decode to the same decimal values as encoding/json gives
	// when the literal is exact in float64's shortest form.
	checkUnmarshal[priced](t, []byte(`{"price":19.990,"lines":[1,2.5,-0.125,1e3],"by_key":{"a":7}}`), decimalEqual)
	checkUnmarshal[priced](t, []byte(`{"price":"19.990","tax":null,"lines":["1","2.5"]}`), decimalEqual)

	// A literal with more digits than float64 holds keeps them only when
	// the JSON is converted with DecimalsAsBigDecimal.
	text := []byte(`{"price":-12345678901234567890.0012}`)
	var fromJSON, exact, rounded priced
	if err := decodeJSON(text, &fromJSON); err != nil {
		t.Fatal(err)
	}
	doc, err := compat.FromJSONBytes(text, compat.FromJSONOptions{DecimalsAsBigDecimal: true})
	if err != nil {
		t.Fatal(err)
	}
	if err := smile.Unmarshal(doc, &exact); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(fromJSON, exact, decimalEqual); diff != "" {
		t.Errorf("with DecimalsAsBigDecimal (-encoding/json +smile):\n%s", diff)
	}
	if err := smile.Unmarshal(jsonToSmile(t, text), &rounded); err != nil {
		t.Fatal(err)
	}
	if rounded.Price.Equal(fromJSON.Price) || !rounded.Price.Equal(decimal.NewFromFloat(-12345678901234567890.0012)) {
		t.Errorf("default FromJSON: got %s, want the float64 rounding of %s", rounded.Price, fromJSON.Price)
	}
}

func TestDecimalFromSmileNumbers(t *testing.T) {
	// Every Smile number token reaches decimal.Decimal's UnmarshalJSON as
	// JSON text that holds its exact value (a float in its shortest form,
	// as Java's Float.toString and Double.toString give it), and NaN as the
	// string "NaN", which decimal refuses.
	bi, _ := new(big.Int).SetString("-123456789012345678901234567890", 10)
	for _, c := range []struct {
		name  string
		write func(*stream.Writer) error
		want  string // "" for an error
	}{
		{"int", func(w *stream.Writer) error { return w.WriteInt(-7) }, "-7"},
		{"float32", func(w *stream.Writer) error { return w.WriteFloat32(1.1) }, "1.1"},
		{"float64", func(w *stream.Writer) error { return w.WriteFloat64(0.1) }, "0.1"},
		{"BigInteger", func(w *stream.Writer) error { return w.WriteBigInt(bi) }, "-123456789012345678901234567890"},
		{"BigDecimal negative scale", func(w *stream.Writer) error { return w.WriteBigDecimal(big.NewInt(15), -2) }, "1500"},
		{"BigDecimal scale 30", func(w *stream.Writer) error { return w.WriteBigDecimal(big.NewInt(15), 30) }, "0.000000000000000000000000000015"},
		{"string", func(w *stream.Writer) error { return w.WriteString("12.5") }, "12.5"},
		{"NaN", func(w *stream.Writer) error { return w.WriteFloat64(math.NaN()) }, ""},
	} {
		w, err := stream.NewWriter(stream.WriterOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if err := c.write(w); err != nil {
			t.Fatal(err)
		}
		if err := w.EndDocument(); err != nil {
			t.Fatal(err)
		}
		var got decimal.Decimal
		err = smile.Unmarshal(w.Bytes(), &got)
		if c.want == "" {
			if err == nil {
				t.Errorf("%s: got %s, want an error", c.name, got)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
		} else if want := decimal.RequireFromString(c.want); !got.Equal(want) {
			t.Errorf("%s: got %s, want %s", c.name, got, want)
		}
	}
}
