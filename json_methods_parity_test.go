package smile

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/go-smile/smile/internal/transcode"
	"github.com/go-smile/smile/stream"
	"github.com/stretchr/testify/require"
)

// Cases in the manner of encoding/json's own tests of methods and
// RawMessage, each run through encoding/json and through Smile: Marshal
// must write the Smile of the JSON encoding/json writes (or fail where it
// fails), and Unmarshal of the Smile of a JSON text must give what
// json.Unmarshal gives for the text.

// refJ, valJ, refT and valT have MarshalJSON or MarshalText with a pointer
// or a value receiver; refJ and refT decode any value as 12 and 13.
type (
	refJ int
	valJ int
	refT int
	valT int
)

func (*refJ) MarshalJSON() ([]byte, error) { return []byte(`"ref"`), nil }
func (r *refJ) UnmarshalJSON([]byte) error { *r = 12; return nil }
func (valJ) MarshalJSON() ([]byte, error)  { return []byte(`"val"`), nil }
func (*refT) MarshalText() ([]byte, error) { return []byte("ref"), nil }
func (r *refT) UnmarshalText([]byte) error { *r = 13; return nil }
func (valT) MarshalText() ([]byte, error)  { return []byte("val"), nil }

func TestMarshalJSONParity(t *testing.T) {
	type (
		omitRaw struct {
			M json.RawMessage `json:",omitempty"`
		}
		omitRawPtr struct {
			M *json.RawMessage `json:",omitempty"`
		}
		refVal struct {
			R0 refJ
			R1 *refJ
			R2 refT
			R3 *refT
			V0 valJ
			V1 *valJ
			V2 valT
			V3 *valT
		}
	)
	rawNil, rawEmpty, rawText := json.RawMessage(nil), json.RawMessage{}, json.RawMessage(`"foo"`)
	var cases []any
	for _, raw := range []json.RawMessage{rawNil, rawEmpty, rawText} {
		cases = append(cases,
			raw, &raw, []any{raw}, &[]any{raw}, []any{&raw}, &[]any{&raw},
			struct{ M json.RawMessage }{raw}, &struct{ M json.RawMessage }{raw},
			struct{ M *json.RawMessage }{&raw}, &struct{ M *json.RawMessage }{&raw},
			map[string]any{"M": raw}, &map[string]any{"M": raw},
			map[string]any{"M": &raw}, &map[string]any{"M": &raw},
			omitRaw{raw}, &omitRaw{raw}, omitRawPtr{&raw}, &omitRawPtr{&raw},
			[]json.RawMessage{raw}, map[string]json.RawMessage{"M": raw},
		)
	}
	r := refVal{R0: 12, R1: new(refJ), R2: 14, R3: new(refT), V0: 13, V1: new(valJ), V2: 15, V3: new(valT)}
	cases = append(cases, r, &r, []refVal{r}, map[string]refVal{"k": r}, []any{r, &r})

	m := EncMode{}
	for _, v := range cases {
		js, jerr := json.Marshal(v)
		got, err := m.Marshal(v)
		if jerr != nil {
			var me *MarshalerError
			require.ErrorAs(t, err, &me, "%#v: encoding/json fails with %v", v, jerr)
			continue
		}
		require.NoError(t, err, "%#v", v)
		w, err := stream.NewWriter(m.WriterOptions())
		require.NoError(t, err)
		require.NoError(t, transcode.WriteValue(w, js, transcode.FromJSON{}))
		require.NoError(t, w.EndDocument())
		require.Equal(t, w.Bytes(), got, "%#v: encoding/json writes %s", v, js)
	}
}

func TestUnmarshalJSONParity(t *testing.T) {
	type refs struct {
		R0 refJ
		R1 *refJ
		R2 refT
		R3 *refT
	}
	type rawHolder struct {
		A json.RawMessage
		B *json.RawMessage
		C []json.RawMessage
		D map[string]json.RawMessage
	}
	for _, c := range []struct {
		js  string
		new func() any
	}{
		{`{"R0":"ref","R1":"ref","R2":"ref","R3":"ref"}`, func() any { return new(refs) }},
		{`{"R0":1,"R1":[1],"R3":"x"}`, func() any { return new(refs) }},
		{`{"R1":null,"R3":null}`, func() any { return &refs{R1: new(refJ), R3: new(refT)} }},
		{`[{"R0":{}}]`, func() any { return new([]refs) }},
		{`{"k":"ref"}`, func() any { return new(map[string]refJ) }},
		{`{"k":"ref","n":null}`, func() any { return new(map[string]*refJ) }},
		{`["a",1,null,{}]`, func() any { return new([]refJ) }},
		{`{"A":{"x":[1,"y"]},"B":[true],"C":[1,"s",null],"D":{"k":{"z":null}}}`, func() any { return new(rawHolder) }},
		{`{"A":null,"B":null,"C":null,"D":null}`, func() any { return new(rawHolder) }},
		{`{"A":null,"B":null,"C":null,"D":null}`, func() any { return &rawHolder{B: new(json.RawMessage)} }},
		{`{"C":[null],"D":{"k":null}}`, func() any { return new(rawHolder) }},
		{`"s"`, func() any { return new(json.RawMessage) }},
		{`-12`, func() any { return new(json.RawMessage) }},
	} {
		want, got := c.new(), c.new()
		require.NoError(t, json.Unmarshal([]byte(c.js), want), c.js)
		w, err := stream.NewWriter(stream.WriterOptions{})
		require.NoError(t, err)
		require.NoError(t, transcode.WriteValue(w, []byte(c.js), transcode.FromJSON{}))
		require.NoError(t, w.EndDocument())
		require.NoError(t, Unmarshal(w.Bytes(), got), c.js)
		require.True(t, reflect.DeepEqual(want, got), "%s: encoding/json gives %#v, Unmarshal %#v", c.js, want, got)
	}
}
