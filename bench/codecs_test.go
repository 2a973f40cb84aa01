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
// mode, reading the models' `json` struct tags.
type codec struct {
	name      string
	marshal   func(v any) ([]byte, error)
	unmarshal func(data []byte, v any) error
	skip      string // when not empty, the codec cannot run here: tests and benchmarks skip with this reason
}

// codecs is the table every test and benchmark iterates over. Adding a codec
// is adding one entry.
var codecs = []codec{
	{name: "smile", marshal: smile.Marshal, unmarshal: smile.Unmarshal}, // go-smile, default mode (go.mod replaces it with ../)

	{name: "json", marshal: json.Marshal, unmarshal: json.Unmarshal}, // encoding/json, the baseline
	{name: "goccy", marshal: gojson.Marshal, unmarshal: gojson.Unmarshal},
	{name: "jsoniter", marshal: jsoniter.Marshal, unmarshal: jsoniter.Unmarshal},            // jsoniter.ConfigDefault
	{name: "sonic", marshal: sonic.Marshal, unmarshal: sonic.Unmarshal, skip: sonicProbe()}, // sonic.ConfigDefault
	{name: "cbor", marshal: cbor.Marshal, unmarshal: cborDecMode.Unmarshal},                 // reads `json` tags when there is no `cbor` tag
	{name: "msgpack", marshal: msgpackMarshal, unmarshal: msgpackUnmarshal},
}

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
