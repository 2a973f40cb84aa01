package smile

import (
	"bytes"
	"encoding"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"math/big"
	"slices"
	"strings"
	"testing"

	"github.com/go-smile/smile/internal/golden"
	"github.com/go-smile/smile/internal/transcode"
	"github.com/go-smile/smile/stream"
	"github.com/stretchr/testify/require"
)

// The JSON-method bridge: MarshalJSON, UnmarshalJSON and json.RawMessage.
// Expected bytes come from the format digest by hand, or from the JSON
// text encoding/json writes for the same value turned into Smile by
// internal/transcode, a path independent of the reflection encoder.

// password is a secret whose MarshalJSON redacts it.
type password string

func (password) MarshalJSON() ([]byte, error) { return []byte(`"[redacted]"`), nil }

// color is an enum written and read as its name.
type color int

const (
	red color = iota
	green
	blue
)

var (
	colorNames      = []string{"red", "green", "blue"}
	errUnknownColor = errors.New("unknown color")
)

func (c color) MarshalJSON() ([]byte, error) {
	if c < 0 || int(c) >= len(colorNames) {
		return nil, fmt.Errorf("%w %d", errUnknownColor, int(c))
	}
	return json.Marshal(colorNames[c])
}

func (c *color) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	i := slices.Index(colorNames, s)
	if i < 0 {
		return fmt.Errorf("%w %q", errUnknownColor, s)
	}
	*c = color(i)
	return nil
}

// point is written as the array [X, Y].
type point struct{ X, Y int }

func (p point) MarshalJSON() ([]byte, error) { return json.Marshal([2]int{p.X, p.Y}) }

func (p *point) UnmarshalJSON(b []byte) error {
	var a [2]int
	if err := json.Unmarshal(b, &a); err != nil {
		return err
	}
	*p = point{a[0], a[1]}
	return nil
}

// smileOfJSON returns the Smile document of the JSON value js, written by
// internal/transcode with o's features.
func smileOfJSON(t *testing.T, js []byte, o stream.WriterOptions) []byte {
	t.Helper()
	w, err := stream.NewWriter(o)
	require.NoError(t, err)
	require.NoError(t, transcode.WriteValue(w, js, transcode.FromJSON{}))
	require.NoError(t, w.EndDocument())
	return w.Bytes()
}

// requireAsJSON checks that Marshal writes v as the Smile form of the
// JSON encoding/json writes for it, and returns that JSON.
func requireAsJSON(t *testing.T, m EncMode, v any) string {
	t.Helper()
	js, err := json.Marshal(v)
	require.NoError(t, err)
	got, err := m.Marshal(v)
	require.NoError(t, err)
	require.Equal(t, hex.EncodeToString(smileOfJSON(t, js, m.WriterOptions())), hex.EncodeToString(got), "encoding/json writes %s", js)
	return string(js)
}

// TestMarshalJSONMethods checks the four cases of the issue by the
// digest's bytes, and against encoding/json.
func TestMarshalJSONMethods(t *testing.T) {
	marshal := func(v any) string {
		t.Helper()
		b, err := Marshal(v)
		require.NoError(t, err)
		return hex.EncodeToString(b)
	}
	key := func(s string) string { return fmt.Sprintf("%02X %X ", 0x80+len(s)-1, s) } // short ASCII name
	want := func(s string) string { return hex.EncodeToString(mustHex(s)) }

	// A redacted secret: the secret itself is nowhere.
	type login struct {
		User     string
		Password password
	}
	require.Equal(t, want(hdr+"FA "+key("User")+shortASCII("ann")+" "+key("Password")+shortASCII("[redacted]")+" FB"),
		marshal(login{"ann", "hunter2"}))
	require.NotContains(t, marshal(login{"ann", "hunter2"}), hex.EncodeToString([]byte("hunter2")))

	// An enum as its name, not its number.
	require.Equal(t, want(hdr+shortASCII("green")), marshal(green))
	require.Equal(t, want(hdr+"FA "+key("C")+shortASCII("blue")+" FB"), marshal(struct{ C color }{blue}))

	// A struct as an array: small ints 1 and 2 are C2 and C4 (zigzag).
	require.Equal(t, want(hdr+"F8 C2 C4 F9"), marshal(point{1, 2}))
	require.Equal(t, want(hdr+"F8 C2 C4 F9"), marshal(&point{1, 2}))

	// json.RawMessage: the value it holds, not a binary blob of its text.
	type doc struct {
		ID     int
		Source json.RawMessage `json:"_source"`
	}
	require.Equal(t, want(hdr+"FA "+key("ID")+"C2 "+key("_source")+"FA "+key("a")+"F8 C2 "+shortASCII("x")+" F9 FB FB"),
		marshal(doc{1, json.RawMessage(` {"a": [1, "x"]} `)}))

	m := EncMode{}
	for _, v := range []any{
		login{"ann", "hunter2"}, &login{"ann", "hunter2"}, []password{"a", "b"},
		green, []color{red, blue}, map[string]color{"a": green}, struct{ C *color }{ptrTo(green)},
		point{1, 2}, []point{{1, 2}, {3, 4}}, map[string]point{"p": {-1, 5}},
		doc{1, json.RawMessage(`{"a":[1,2.5,"x",true,null,{}]}`)},
		doc{2, json.RawMessage(`[]`)}, doc{3, json.RawMessage(`"s"`)}, doc{4, json.RawMessage(`-12`)},
		doc{5, json.RawMessage(`1e400`)}, // past float64: what Jackson makes of it, like json.Marshal's text
		doc{6, json.RawMessage(`123456789012345678901234567890`)},
		doc{7, json.RawMessage(`null`)}, doc{8, nil},
		json.RawMessage(`{"k":"v"}`), []json.RawMessage{json.RawMessage(`1`), nil},
		map[string]json.RawMessage{"x": json.RawMessage(`{"y":[]}`)},
	} {
		requireAsJSON(t, m, v)
	}
}

// TestMarshalJSONSharedNames checks that what MarshalJSON returns goes
// through the document's shared tables: a name or a string value seen
// before is a back-reference, and one first seen in it is referred to
// after it.
func TestMarshalJSONSharedNames(t *testing.T) {
	type rec struct {
		A string          `json:"a"`
		R json.RawMessage `json:"r"`
		B string          `json:"b"`
	}
	v := []rec{{"x", json.RawMessage(`{"a":"x","b":"y"}`), "y"}, {"y", json.RawMessage(`{"b":"x"}`), "x"}}
	got, err := Marshal(v)
	require.NoError(t, err)
	// By the digest: names "a", "r", "b" take slots 0, 1, 2; a repeated
	// name is 0x40 + its slot.
	require.Equal(t, hex.EncodeToString(mustHex(hdr+"F8 FA 80 61 "+shortASCII("x")+" 80 72 FA 40 "+shortASCII("x")+" 80 62 "+shortASCII("y")+" FB 42 "+shortASCII("y")+" FB"+
		" FA 40 "+shortASCII("y")+" 41 FA 42 "+shortASCII("x")+" FB 42 "+shortASCII("x")+" FB F9")), hex.EncodeToString(got))

	for _, o := range []EncOptions{{}, {SharedValues: true}, {DisableSharedNames: true}, {SharedValues: true, RawBinary: true}} {
		requireAsJSON(t, mustEncMode(t, o), v)
	}
}

// ptrJSON has MarshalJSON on its pointer receiver, which handles nil.
type ptrJSON struct{ N int }

func (p *ptrJSON) MarshalJSON() ([]byte, error) {
	if p == nil {
		return []byte(`"nil!"`), nil
	}
	return json.Marshal(fmt.Sprint("j", p.N))
}

// TestMarshalJSONAddressability checks encoding/json's rules for a
// MarshalJSON with a pointer receiver: used for addressable values only.
func TestMarshalJSONAddressability(t *testing.T) {
	type holder struct {
		P  ptrJSON
		PP *ptrJSON
	}
	m := EncMode{}
	for v, want := range map[any]string{
		ptrJSON{1}:                  `{"N":1}`,
		&ptrJSON{1}:                 `"j1"`,
		(*ptrJSON)(nil):             `null`,
		holder{ptrJSON{1}, nil}:     `{"P":{"N":1},"PP":null}`,
		&holder{ptrJSON{1}, nil}:    `{"P":"j1","PP":null}`,
		struct{ A any }{ptrJSON{2}}: `{"A":{"N":2}}`,
	} {
		require.Equal(t, want, requireAsJSON(t, m, v))
	}
	require.Equal(t, `["j1","j2"]`, requireAsJSON(t, m, []ptrJSON{{1}, {2}}))
	require.Equal(t, `[{"N":1}]`, requireAsJSON(t, m, [1]ptrJSON{{1}}))
	require.Equal(t, `{"k":{"N":1}}`, requireAsJSON(t, m, map[string]ptrJSON{"k": {1}}))
	require.Equal(t, `{"k":"j1"}`, requireAsJSON(t, m, map[string]*ptrJSON{"k": {1}}))
}

// nilText, nilJSON and nilSmile have methods on their pointer receivers
// that handle nil.
type (
	nilText  string
	nilJSON  string
	nilSmile string
	valText  string
)

func (n *nilText) MarshalText() ([]byte, error) {
	if n == nil {
		return []byte("nil!"), nil
	}
	return []byte("t:" + *n), nil
}

func (n *nilJSON) MarshalJSON() ([]byte, error) {
	if n == nil {
		return []byte(`"nil!"`), nil
	}
	return json.Marshal("j:" + string(*n))
}

func (n *nilSmile) MarshalSmile() ([]byte, error) {
	if n == nil {
		return Marshal("nil!")
	}
	return Marshal("s:" + string(*n))
}

func (valText) MarshalText() ([]byte, error) { return []byte("v"), nil }

// TestMarshalNilInMarshalerInterface checks encoding/json's rule: a nil
// pointer held in a field, element or map value whose interface type has
// a marshaling method is given to the method; held in an any, it is null.
func TestMarshalNilInMarshalerInterface(t *testing.T) {
	m := EncMode{}
	for v, want := range map[any]string{
		struct{ M encoding.TextMarshaler }{(*nilText)(nil)}: `{"M":"nil!"}`,
		struct{ M encoding.TextMarshaler }{}:                `{"M":null}`,
		struct{ M any }{(*nilText)(nil)}:                    `{"M":null}`,
		struct{ M json.Marshaler }{(*nilJSON)(nil)}:         `{"M":"nil!"}`,
		struct{ M json.Marshaler }{}:                        `{"M":null}`,
		struct{ M any }{(*nilJSON)(nil)}:                    `{"M":null}`,
		struct{ M json.Marshaler }{ptrTo(nilJSON("a"))}:     `{"M":"j:a"}`,
	} {
		require.Equal(t, want, requireAsJSON(t, m, v))
	}
	require.Equal(t, `["nil!",null,"t:a"]`, requireAsJSON(t, m, []encoding.TextMarshaler{(*nilText)(nil), nil, ptrTo(nilText("a"))}))
	require.Equal(t, `{"a":"nil!"}`, requireAsJSON(t, m, map[string]encoding.TextMarshaler{"a": (*nilText)(nil)}))
	require.Equal(t, `["nil!"]`, requireAsJSON(t, m, []json.Marshaler{(*nilJSON)(nil)}))

	// MarshalSmile alike; and a value receiver, which a nil pointer cannot
	// be given to (encoding/json panics), is null.
	b, err := Marshal(struct{ M Marshaler }{(*nilSmile)(nil)})
	require.NoError(t, err)
	require.Equal(t, hex.EncodeToString(mustHex(hdr+"FA 80 4D "+shortASCII("nil!")+" FB")), hex.EncodeToString(b))
	b, err = Marshal(struct{ M encoding.TextMarshaler }{(*valText)(nil)})
	require.NoError(t, err)
	require.Equal(t, hex.EncodeToString(mustHex(hdr+"FA 80 4D 21 FB")), hex.EncodeToString(b))
	// And the types with a Smile form of their own: null, as a nil *big.Int
	// is anywhere else.
	b, err = Marshal([]encoding.TextMarshaler{(*big.Int)(nil)})
	require.NoError(t, err)
	require.Equal(t, hex.EncodeToString(mustHex(hdr+"F8 21 F9")), hex.EncodeToString(b))
}

// smileFirst has all three methods; jsonFirst has MarshalJSON and
// MarshalText.
type (
	smileFirst struct{}
	jsonFirst  struct{}
)

func (smileFirst) MarshalSmile() ([]byte, error) { return Marshal("smile") }
func (smileFirst) MarshalJSON() ([]byte, error)  { return []byte(`"json"`), nil }
func (smileFirst) MarshalText() ([]byte, error)  { return []byte("text"), nil }
func (jsonFirst) MarshalJSON() ([]byte, error)   { return []byte(`"json"`), nil }
func (jsonFirst) MarshalText() ([]byte, error)   { return []byte("text"), nil }

// unmarshaledBy records which of its methods decoded it.
type unmarshaledBy struct{ By string }

type (
	smileFirstU struct{ unmarshaledBy }
	jsonFirstU  struct{ unmarshaledBy }
)

func (u *smileFirstU) UnmarshalSmile([]byte) error { u.By = "smile"; return nil }
func (u *smileFirstU) UnmarshalJSON([]byte) error  { u.By = "json"; return nil }
func (u *smileFirstU) UnmarshalText([]byte) error  { u.By = "text"; return nil }
func (u *jsonFirstU) UnmarshalJSON([]byte) error   { u.By = "json"; return nil }
func (u *jsonFirstU) UnmarshalText([]byte) error   { u.By = "text"; return nil }

// TestJSONMethodsPrecedence checks the order MarshalSmile, MarshalJSON,
// MarshalText (UnmarshalSmile, UnmarshalJSON, UnmarshalText), and that
// IgnoreJSONMethods skips the JSON ones only.
func TestJSONMethodsPrecedence(t *testing.T) {
	ignore := mustEncMode(t, EncOptions{IgnoreJSONMethods: true})
	str := func(s string) string { return hex.EncodeToString(mustHex(hdr + shortASCII(s))) }
	for _, c := range []struct {
		v                 any
		byDefault, noJSON string
	}{
		{smileFirst{}, "smile", "smile"},
		{&smileFirst{}, "smile", "smile"},
		{jsonFirst{}, "json", "text"},
		{&jsonFirst{}, "json", "text"},
	} {
		b, err := Marshal(c.v)
		require.NoError(t, err)
		require.Equal(t, str(c.byDefault), hex.EncodeToString(b), "%T", c.v)
		b, err = ignore.Marshal(c.v)
		require.NoError(t, err)
		require.Equal(t, str(c.noJSON), hex.EncodeToString(b), "%T with IgnoreJSONMethods", c.v)
	}

	// Held in an interface, a value is written by its own type's order,
	// where encoding/json calls the interface type's method.
	b, err := Marshal(struct{ M encoding.TextMarshaler }{jsonFirst{}})
	require.NoError(t, err)
	require.Equal(t, hex.EncodeToString(mustHex(hdr+"FA 80 4D "+shortASCII("json")+" FB")), hex.EncodeToString(b))
	js, err := json.Marshal(struct{ M encoding.TextMarshaler }{jsonFirst{}})
	require.NoError(t, err)
	require.Equal(t, `{"M":"text"}`, string(js))

	noJSON, err := DecOptions{IgnoreJSONMethods: true}.DecMode()
	require.NoError(t, err)
	doc := mustHex(hdr + shortASCII("x"))
	var s smileFirstU
	require.NoError(t, Unmarshal(doc, &s))
	require.Equal(t, "smile", s.By)
	var j jsonFirstU
	require.NoError(t, Unmarshal(doc, &j))
	require.Equal(t, "json", j.By)
	require.NoError(t, noJSON.Unmarshal(doc, &j))
	require.Equal(t, "text", j.By)
}

// TestIgnoreJSONMethods checks that the option restores the forms of the
// types' kinds, by the digest's bytes.
func TestIgnoreJSONMethods(t *testing.T) {
	m := mustEncMode(t, EncOptions{IgnoreJSONMethods: true})
	marshal := func(v any) string {
		t.Helper()
		b, err := m.Marshal(v)
		require.NoError(t, err)
		return hex.EncodeToString(b)
	}
	want := func(s string) string { return hex.EncodeToString(mustHex(s)) }
	require.Equal(t, want(hdr+"C2"), marshal(green))
	require.Equal(t, want(hdr+shortASCII("hunter2")), marshal(password("hunter2")))
	require.Equal(t, want(hdr+"FA 80 58 C2 80 59 C4 FB"), marshal(point{1, 2}))
	// json.RawMessage is a []byte again: 7-bit binary (E8, length 1, then
	// the byte '1' in two 7-bit groups).
	require.Equal(t, want(hdr+"E8 81 18 01"), marshal(json.RawMessage("1")))
	require.Equal(t, want(hdr+"FA 80 4D C2 FB"), marshal(struct{ M json.Marshaler }{green}))
	require.Equal(t, want(hdr+"FA 80 4D 21 FB"), marshal(struct{ M json.Marshaler }{(*nilJSON)(nil)}))

	d, err := DecOptions{IgnoreJSONMethods: true}.DecMode()
	require.NoError(t, err)
	var c color
	require.NoError(t, d.Unmarshal(mustHex(hdr+"C4"), &c))
	require.Equal(t, blue, c)
	var p point
	require.NoError(t, d.Unmarshal(mustHex(hdr+"FA 80 58 C2 80 59 C4 FB"), &p))
	require.Equal(t, point{1, 2}, p)
	var r json.RawMessage
	require.NoError(t, d.Unmarshal(mustHex(hdr+"E8 81 18 01"), &r))
	require.Equal(t, "1", string(r))
}

// TestUnmarshalJSONMethods decodes what Jackson writes for the issue's
// cases, by the digest's bytes.
func TestUnmarshalJSONMethods(t *testing.T) {
	key := func(s string) string { return fmt.Sprintf("%02X %X ", 0x80+len(s)-1, s) }

	// {"color":"green"}: Jackson's enum form.
	var v struct {
		Color color `json:"color"`
	}
	require.NoError(t, Unmarshal(mustHex(hdr+"FA "+key("color")+shortASCII("green")+" FB"), &v))
	require.Equal(t, green, v.Color)
	var cs []color
	require.NoError(t, Unmarshal(mustHex(hdr+"F8 "+shortASCII("blue")+" "+shortASCII("red")+" F9"), &cs))
	require.Equal(t, []color{blue, red}, cs)
	var cp *color
	require.NoError(t, Unmarshal(mustHex(hdr+shortASCII("blue")), &cp))
	require.Equal(t, blue, *cp)
	require.NoError(t, Unmarshal(mustHex(hdr+"21"), &cp)) // null sets a pointer to nil, as in encoding/json
	require.Nil(t, cp)

	// [1, 2] into a point, and an array of them.
	var p point
	require.NoError(t, Unmarshal(mustHex(hdr+"F8 C2 C4 F9"), &p))
	require.Equal(t, point{1, 2}, p)
	var ps []point
	require.NoError(t, Unmarshal(mustHex(hdr+"F8 F8 C2 C4 F9 F8 C6 C8 F9 F9"), &ps))
	require.Equal(t, []point{{1, 2}, {3, 4}}, ps)
	var pm map[string]*point
	require.NoError(t, Unmarshal(mustHex(hdr+"FA "+key("p")+"F8 C2 C4 F9 FB"), &pm))
	require.Equal(t, map[string]*point{"p": {1, 2}}, pm)
}

// TestUnmarshalRawMessageJSON decodes values into a json.RawMessage
// field: it receives compact JSON text, in the form Jackson writes it.
func TestUnmarshalRawMessageJSON(t *testing.T) {
	w, err := stream.NewWriter(stream.WriterOptions{SharedValues: true})
	require.NoError(t, err)
	var want []string
	add := func(js string, write func()) {
		want = append(want, js)
		require.NoError(t, w.WriteStartObject())
		require.NoError(t, w.WriteKey("_source"))
		write()
		require.NoError(t, w.WriteEndObject())
	}
	must := func(err error) { require.NoError(t, err) }
	require.NoError(t, w.WriteStartArray())
	add(`{"a":[1,"x",true,null]}`, func() {
		must(w.WriteStartObject())
		must(w.WriteKey("a"))
		must(w.WriteStartArray())
		must(w.WriteInt(1))
		must(w.WriteString("x"))
		must(w.WriteBool(true))
		must(w.WriteNull())
		must(w.WriteEndArray())
		must(w.WriteEndObject())
	})
	add(`[]`, func() { must(w.WriteStartArray()); must(w.WriteEndArray()) })
	add(`"x"`, func() { must(w.WriteString("x")) }) // a back-reference to "x" in the input
	add(`"a\"b\n"`, func() { must(w.WriteString("a\"b\n")) })
	add(`-7`, func() { must(w.WriteInt(-7)) })
	add(`2.5`, func() { must(w.WriteFloat64(2.5)) })
	add(`"NaN"`, func() { must(w.WriteFloat64(math.NaN())) })
	add(`12345678901234567890`, func() { must(w.WriteUint(12345678901234567890)) })
	add(`"AQID"`, func() { must(w.WriteBinary([]byte{1, 2, 3})) })
	add(`null`, func() { must(w.WriteNull()) })
	require.NoError(t, w.WriteEndArray())
	require.NoError(t, w.EndDocument())

	type doc struct {
		Source json.RawMessage `json:"_source"`
	}
	var got []doc
	require.NoError(t, Unmarshal(w.Bytes(), &got))
	require.Len(t, got, len(want))
	for i := range want {
		require.Equal(t, want[i], string(got[i].Source))
		require.True(t, json.Valid(got[i].Source), "%s", got[i].Source)
	}

	// Pointers: null sets it to nil, as in encoding/json.
	var pd struct {
		Source *json.RawMessage `json:"_source"`
	}
	require.NoError(t, Unmarshal(mustHex(hdr+"FA 86 5F 73 6F 75 72 63 65 21 FB"), &pd))
	require.Nil(t, pd.Source)
	require.NoError(t, Unmarshal(mustHex(hdr+"FA 86 5F 73 6F 75 72 63 65 C2 FB"), &pd))
	require.Equal(t, "1", string(*pd.Source))

	// The round trip of encoding/json's text for the same value.
	src := `{"took":3,"hits":{"total":2,"hits":[{"_id":"1","_source":{"user":"ann","tags":["a","b"],"score":1.5}}]}}`
	var r json.RawMessage
	b, err := Marshal(json.RawMessage(src))
	require.NoError(t, err)
	require.NoError(t, Unmarshal(b, &r))
	require.Equal(t, src, string(r))
}

// TestUnmarshalJSONFloatText checks that UnmarshalJSON receives a Smile
// float as text that reads back as a float of the same value: with a '.'
// or an exponent, as Jackson writes doubles, and float32 values with
// float32's shortest digits.
func TestUnmarshalJSONFloatText(t *testing.T) {
	for _, c := range []struct {
		js    string
		write func(w *stream.Writer) error
	}{
		{`1.0`, func(w *stream.Writer) error { return w.WriteFloat64(1) }},
		{`-0.0`, func(w *stream.Writer) error { return w.WriteFloat64(math.Copysign(0, -1)) }},
		{`0.1`, func(w *stream.Writer) error { return w.WriteFloat32(0.1) }},
		{`"-Infinity"`, func(w *stream.Writer) error { return w.WriteFloat64(math.Inf(-1)) }},
	} {
		w, err := stream.NewWriter(stream.WriterOptions{})
		require.NoError(t, err)
		require.NoError(t, c.write(w))
		var r json.RawMessage
		require.NoError(t, Unmarshal(w.Bytes(), &r))
		require.Equal(t, c.js, string(r))
	}
}

// TestJSONMethodErrors checks that errors of MarshalJSON and UnmarshalJSON
// and invalid JSON from MarshalJSON are reported with the type, and that
// errors.Is and errors.As reach the method's error.
func TestJSONMethodErrors(t *testing.T) {
	_, err := Marshal(struct{ C color }{color(7)})
	var me *MarshalerError
	require.ErrorAs(t, err, &me)
	require.Equal(t, "smile.color", me.Type.String())
	require.ErrorIs(t, err, errUnknownColor)
	require.Contains(t, err.Error(), "MarshalJSON")

	for _, bad := range []string{``, `{`, `[1,]`, `1 2`, `{"a":1}x`, "\"\xff\"", `nul`} {
		_, err := Marshal([]any{1, badJSON(bad)})
		require.ErrorAs(t, err, &me, "%q", bad)
		require.Equal(t, "smile.badJSON", me.Type.String())
		require.Contains(t, err.Error(), "error calling MarshalJSON for type smile.badJSON", "%q", bad)
	}
	// The JSON is read with options the caller of Marshal cannot set: the
	// error names none.
	_, err = Marshal(badJSON(strings.Repeat("[", 1001) + strings.Repeat("]", 1001)))
	require.EqualError(t, err, "smile: error calling MarshalJSON for type smile.badJSON: smile: MaxDepth exceeded at offset 1000: input asks for 1001, limit is 1000")
	var le *LimitError
	require.ErrorAs(t, err, &le)

	// An empty json.RawMessage is invalid JSON, as for encoding/json.
	_, err = Marshal(json.RawMessage{})
	require.ErrorAs(t, err, &me)
	_, jerr := json.Marshal(json.RawMessage{})
	require.Error(t, jerr)

	// An UnmarshalJSON error stops decoding and names the type, the path
	// and the offset of the value.
	var v struct {
		Colors []color `json:"colors"`
	}
	doc := mustHex(hdr + "FA 85 636F6C6F7273 F8 " + shortASCII("red") + " " + shortASCII("pink") + " F9 FB")
	err = Unmarshal(doc, &v)
	require.ErrorIs(t, err, errUnknownColor)
	var ute *UnmarshalTypeError
	require.ErrorAs(t, err, &ute)
	require.Equal(t, "smile.color", ute.Type.String())
	require.Equal(t, "colors[1]", ute.Field)
	require.Equal(t, int64(17), ute.Offset) // header 4, FA, key 7, F8, "red" 4: the first byte of "pink"
	require.Equal(t, byte(0x43), doc[ute.Offset])
}

// badJSON's MarshalJSON returns it.
type badJSON string

func (b badJSON) MarshalJSON() ([]byte, error) { return []byte(b), nil }

// TestJSONMethodsRoundTrip checks that values whose types have JSON
// methods come back equal, through every encoding option.
func TestJSONMethodsRoundTrip(t *testing.T) {
	type rec struct {
		Name   string
		C      color
		P      *point
		Ps     []point
		Raw    json.RawMessage
		Colors map[string]color
	}
	in := []rec{
		{"a", green, &point{1, -2}, []point{{3, 4}}, json.RawMessage(`{"k":[1,2.5,"s",{"k":null}]}`), map[string]color{"x": blue}},
		{"b", red, nil, nil, json.RawMessage(`"a"`), nil},
	}
	for _, o := range []EncOptions{{}, {SharedValues: true}, {DisableSharedNames: true, EndMarker: true}} {
		b, err := mustEncMode(t, o).Marshal(in)
		require.NoError(t, err)
		var out []rec
		require.NoError(t, Unmarshal(b, &out))
		require.Equal(t, in, out)
	}
}

// TestRawMessageSharedTables checks that a json.RawMessage whose text
// repeats names and strings, which Marshal writes as one- and two-byte
// back-references, decodes under the default limits.
func TestRawMessageSharedTables(t *testing.T) {
	var b strings.Builder
	b.WriteString("[")
	for i := range 20000 {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `{"name_of_thirty_two_bytes_%05d":"value_%03d","id":%d}`, i%1000, i%1000, i)
	}
	b.WriteString("]")
	js := b.String()
	for _, o := range []EncOptions{{}, {SharedValues: true}} {
		doc, err := mustEncMode(t, o).Marshal(struct{ R json.RawMessage }{json.RawMessage(js)})
		require.NoError(t, err)
		var v struct{ R json.RawMessage }
		require.NoError(t, Unmarshal(doc, &v), "%d bytes of Smile, %d of JSON", len(doc), len(js))
		require.Equal(t, js, string(v.R))
	}
}

// pairJ and pairS are array types decoded by their methods, which store
// the pair reversed.
type (
	pairJ [2]int
	pairS [2]int
)

func (p *pairJ) UnmarshalJSON(b []byte) error {
	var a [2]int
	err := json.Unmarshal(b, &a)
	*p = pairJ{a[1], a[0]}
	return err
}

func (p *pairS) UnmarshalSmile(b []byte) error {
	var a [2]int
	err := Unmarshal(b, &a)
	*p = pairS{a[1], a[0]}
	return err
}

// TestUnmarshalArrayTypeMethods checks that the elements of a slice of an
// array type with a decoding method go to the method.
func TestUnmarshalArrayTypeMethods(t *testing.T) {
	doc := mustHex(hdr + "F8 F8 C2 C4 F9 F8 C6 C8 F9 F9") // [[1,2],[3,4]]
	var j []pairJ
	require.NoError(t, Unmarshal(doc, &j))
	require.Equal(t, []pairJ{{2, 1}, {4, 3}}, j)
	var s []pairS
	require.NoError(t, Unmarshal(doc, &s))
	require.Equal(t, []pairS{{2, 1}, {4, 3}}, s)
}

// TestDecoderJSONMethods decodes a stream of documents with JSON methods
// through one Decoder, with the modes alternating on the pooled state.
func TestDecoderJSONMethods(t *testing.T) {
	var in bytes.Buffer
	enc := NewEncoder(&in)
	for i := range 3 {
		require.NoError(t, enc.Encode(struct {
			C color
			R json.RawMessage
		}{color(i), json.RawMessage(fmt.Sprintf(`{"i":%d}`, i))}))
	}
	dec := NewDecoder(bytes.NewReader(in.Bytes()))
	noJSON, err := DecOptions{IgnoreJSONMethods: true}.DecMode()
	require.NoError(t, err)
	for i := range 3 {
		var v struct {
			C color
			R json.RawMessage
		}
		require.NoError(t, dec.Decode(&v))
		require.Equal(t, color(i), v.C)
		require.Equal(t, fmt.Sprintf(`{"i":%d}`, i), string(v.R))
		// The same value without the methods fails: a string into an int.
		var w struct{ C color }
		b, err := Marshal(struct{ C color }{color(i)})
		require.NoError(t, err)
		require.Error(t, noJSON.Unmarshal(b, &w))
	}
	var end struct{}
	require.Equal(t, io.EOF, dec.Decode(&end))
}

// TestJSONTextHostileMemory checks the memory bound of memory_test.go for
// values given to UnmarshalJSON: their JSON text spells out every
// back-reference and escape, so the inputs built to amplify are refused
// before the text is made, not after.
func TestJSONTextHostileMemory(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector changes allocation")
	}
	// The inputs of memory_test.go whose text is longest per input byte.
	var inputs []memInput
	for _, in := range memInputs() {
		switch in.name {
		case "array of value refs", "array of long value refs", "array of 1-char strings", "array of one-entry objects",
			"object of one repeated key ref", "array of 1-byte binaries", "array of tiny bigdecimals", "array of 1000-byte bigints":
			inputs = append(inputs, in)
		}
	}
	require.Len(t, inputs, 8)
	ctl := bytes.Repeat([]byte{0x01}, 64) // \u0001 in JSON: six times longer
	inputs = append(inputs,
		memInput{"array of refs to control characters", hstCat(mustHex("3A 29 0A 03 F8 7F"), ctl, bytes.Repeat([]byte{0x01}, 1<<16), []byte{0xF9})},
		memInput{"array of long name refs", hstCat(mustHex(dhdr+"F8 FA 34"), bytes.Repeat([]byte("n"), 4096), mustHex("FC C2 FB"), bytes.Repeat(mustHex("FA 40 C2 FB"), 1<<14), []byte{0xF9})})
	for _, in := range inputs {
		for _, dst := range []func() any{
			func() any { return new(json.RawMessage) }, // one text for the whole input
			func() any { return new([]color) },         // one per element
		} {
			var err error
			alloc := memAlloc(func() { err = Unmarshal(in.data, dst()) })
			bound := max(uint64(memFloor), uint64(memFactor*len(in.data)))
			if alloc > bound {
				t.Errorf("%s into %T allocated %d bytes, %.1f× the input; the bound is %d (error: %v)", in.name, dst(), alloc, float64(alloc)/float64(len(in.data)), bound, err)
			}
		}
	}
}

// TestJSONTextBound checks that jsonTextBound, which the memory budget
// charges before a value becomes JSON text, is at least the length of the
// text, for every value of every golden document Jackson wrote.
func TestJSONTextBound(t *testing.T) {
	values := 0
	for _, sub := range []string{"tokens", "json", "corpus"} {
		for _, c := range golden.Cases(t, sub) {
			ro := stream.ReaderOptions{HeaderOptional: c.Config.OmitHeader}
			a, err := stream.NewReader(c.Want, ro)
			require.NoError(t, err)
			b, err := stream.NewReader(c.Want, ro)
			require.NoError(t, err)
			for {
				bound, err := jsonTextBound(a)
				if err == io.EOF {
					break
				}
				require.NoError(t, err, c.ID())
				for k, err := b.PeekKind(); k == stream.KindEndOfDocument && err == nil; k, err = b.PeekKind() {
					_, _ = b.ReadToken()
				}
				text, err := transcode.AppendValue(nil, b, transcode.ToJSON{NonFiniteAsStrings: true})
				require.NoError(t, err, c.ID())
				require.GreaterOrEqual(t, bound, len(text), "%s: %s", c.ID(), text)
				values++
			}
		}
	}
	require.Greater(t, values, 1000)
	t.Logf("%d values", values)
}

// fzCheckJSONTextBound checks jsonTextBound against the JSON text of the
// root value of data, a document that decodes.
func fzCheckJSONTextBound(t *testing.T, data []byte) {
	a, err := stream.NewReader(data, stream.ReaderOptions{})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := stream.NewReader(data, stream.ReaderOptions{})
	bound, err := jsonTextBound(a)
	if err != nil {
		t.Fatalf("jsonTextBound of a document that decodes: %v", err)
	}
	text, err := transcode.AppendValue(nil, b, transcode.ToJSON{NonFiniteAsStrings: true})
	if err != nil {
		t.Fatalf("AppendValue of a document that decodes: %v", err)
	}
	if bound < len(text) {
		t.Fatalf("jsonTextBound %d < %d bytes of text %s", bound, len(text), text)
	}
}
