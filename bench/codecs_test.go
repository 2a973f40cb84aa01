package bench

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/bytedance/sonic"
	"github.com/fxamacker/cbor/v2"
	"github.com/go-smile/smile"
	gojson "github.com/goccy/go-json"
	jsoniter "github.com/json-iterator/go"
	"github.com/vmihailenco/msgpack/v5"
)

// codec is one entry of the benchmark: how to marshal a value and how to
// unmarshal into a pointer. Every codec is used in its package's default
// mode, reading the models' `json` struct tags, except the map-order
// variants, which change only the order of map entries.
type codec struct {
	name      string
	marshal   func(v any) ([]byte, error)
	unmarshal func(data []byte, v any) error
	skip      string // when not empty, the codec cannot run here: tests and benchmarks skip with this reason

	// sortsKeys says whether marshal writes map entries sorted by key
	// (TestPeersMapKeyOrder checks it; cmd/report groups codecs by it).
	sortsKeys bool
	// variant marks a codec that is another codec with the opposite map
	// order, for like-for-like rows: it runs only in the Marshal benchmarks
	// (its decoding is the other codec's).
	variant bool
}

// codecs is the table every test and benchmark iterates over. Adding a codec
// is adding one entry; cmd/report lists the same names in its codecs and
// variants, and which of them sort map keys.
var codecs = []codec{
	{name: "smile", marshal: smile.Marshal, unmarshal: smile.Unmarshal, sortsKeys: true}, // go-smile, default mode (go.mod replaces it with ../)

	{name: "json", marshal: json.Marshal, unmarshal: json.Unmarshal, sortsKeys: true}, // encoding/json, the baseline
	{name: "goccy", marshal: gojson.Marshal, unmarshal: gojson.Unmarshal, sortsKeys: true},
	{name: "jsoniter", marshal: jsoniter.Marshal, unmarshal: jsoniter.Unmarshal},            // jsoniter.ConfigDefault
	{name: "sonic", marshal: sonic.Marshal, unmarshal: sonic.Unmarshal, skip: sonicProbe()}, // sonic.ConfigDefault
	{name: "cbor", marshal: cbor.Marshal, unmarshal: cborDecMode.Unmarshal},                 // reads `json` tags when there is no `cbor` tag
	{name: "msgpack", marshal: msgpackMarshal, unmarshal: msgpackUnmarshal},

	// Map-order variants, for comparing like with like.
	{name: "smile-unsorted", marshal: smileUnsorted.Marshal, unmarshal: smile.Unmarshal, variant: true},
	{name: "cbor-sorted", marshal: cborSorted.Marshal, unmarshal: cborDecMode.Unmarshal, sortsKeys: true, variant: true},
}

// smileUnsorted is go-smile's default mode with EncOptions.MapKeyOrder set
// to MapKeysUnsorted: map entries in no promised order (a remembered
// shape's, or Go's iteration order), as cbor, sonic, jsoniter and
// msgpack write them by default in iteration order.
var smileUnsorted = func() smile.EncMode {
	em, err := smile.EncOptions{MapKeyOrder: smile.MapKeysUnsorted}.EncMode()
	if err != nil {
		panic(err)
	}
	return em
}()

// cborSorted is fxamacker/cbor's default encoding mode with Sort set to
// SortBytewiseLexical (RFC 8949's core deterministic order: keys compared
// bytewise in their encoded form, head included). No cbor mode sorts as
// smile's MapKeysSorted does (bytewise on the key text alone, as
// encoding/json): the encoded head puts shorter keys of another length
// class first. The work is the same, a sort of every map's keys.
var cborSorted = func() cbor.EncMode {
	em, err := cbor.EncOptions{Sort: cbor.SortBytewiseLexical}.EncMode()
	if err != nil {
		panic(err)
	}
	return em
}()

// cborDecMode is fxamacker/cbor's default decoding mode with one change:
// MaxNestedLevels is raised from its default of 32, because the code document
// nests 33 levels deep (its tree is 16 directories deep, each a map plus an
// array) and the default mode rejects it with "cbor: exceeded max nested
// level 32". Encoding has no such limit.
var cborDecMode = func() cbor.DecMode {
	dm, err := cbor.DecOptions{MaxNestedLevels: 256}.DecMode()
	if err != nil {
		panic(err)
	}
	return dm
}()

// msgpackMarshal is msgpack.Marshal with SetCustomStructTag("json"): msgpack
// reads only `msgpack` tags otherwise. (Reset clears the tag, so it is set
// after Reset, on the pooled encoder, as msgpack.Marshal does.)
func msgpackMarshal(v any) ([]byte, error) {
	enc := msgpack.GetEncoder()
	var buf bytes.Buffer
	enc.Reset(&buf)
	enc.SetCustomStructTag("json")
	err := enc.Encode(v)
	msgpack.PutEncoder(enc)
	if err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// msgpackUnmarshal is msgpack.Unmarshal with SetCustomStructTag("json").
func msgpackUnmarshal(data []byte, v any) error {
	dec := msgpack.GetDecoder()
	dec.Reset(bytes.NewReader(data))
	dec.SetCustomStructTag("json")
	err := dec.Decode(v)
	msgpack.PutDecoder(dec)
	return err
}

// sonicProbe checks that sonic's JIT works on this Go version and machine.
// It returns "" when it does, or the exact error (or panic) otherwise, which
// then becomes the skip reason of every sonic test and benchmark.
func sonicProbe() (reason string) {
	defer func() {
		if r := recover(); r != nil {
			reason = fmt.Sprintf("sonic does not work here: panic: %v", r)
		}
	}()
	type probe struct {
		A int               `json:"a"`
		B string            `json:"b"`
		C []float64         `json:"c"`
		D map[string]string `json:"d"`
		E *probe            `json:"e"`
	}
	in := probe{A: 1, B: "é", C: []float64{0.5}, D: map[string]string{"k": "v"}, E: &probe{A: 2}}
	b, err := sonic.Marshal(&in)
	if err != nil {
		return "sonic does not work here: Marshal: " + err.Error()
	}
	var out probe
	if err := sonic.Unmarshal(b, &out); err != nil {
		return "sonic does not work here: Unmarshal: " + err.Error()
	}
	if out.A != 1 || out.B != "é" || out.E == nil || out.E.A != 2 || out.D["k"] != "v" {
		return fmt.Sprintf("sonic does not work here: round trip gave %+v from %s", out, b)
	}
	return ""
}
