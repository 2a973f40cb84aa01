package smile

import (
	"bytes"
	"encoding/json"
	"errors"
	"path/filepath"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"

	"github.com/go-smile/smile/internal/golden"
)

// The types below are decoded from the same logical document twice: by
// encoding/json from the golden JSON text and by smile from Jackson's
// Smile for that text. Both must give the same Go value and the same kind
// of error.

type apiUser struct {
	ID        int64     `json:"id"`
	Login     string    `json:"login"`
	Name      string    // matched case-insensitively to "name"
	Email     string    `json:"email"`
	Admin     bool      `json:"admin"`
	CreatedAt time.Time `json:"created_at"`
	Score     float64   `json:"score"`
	Tags      []string  `json:"tags"`
	Avatar    *string   `json:"avatar"`
	Extra     string    `json:"extra"` // not in the document: kept by in-place decoding
}

type apiResponse struct {
	Status    string            `json:"status"`
	Page      int               `json:"page"`
	PerPage   uint8             `json:"per_page"`
	Total     int32             `json:"total"`
	Data      []apiUser         `json:"data"`
	Links     map[string]string `json:"links"`
	RateLimit struct {
		Limit     int
		Remaining int
		// "reset" is unknown
	} `json:"rate_limit"`
}

type Versioned struct {
	Version int `json:"version"`
}

type RetryHolder struct {
	Retry *struct {
		Attempts int
		Backoff  map[string]float64
	} `json:"retry"`
}

type configDoc struct {
	Versioned
	*RetryHolder
	Server struct {
		Host string
		Port uint16
		TLS  *struct {
			Enabled    bool
			Cert, Key  string
			MinVersion string `json:"min_version"`
		} `json:"tls"`
	} `json:"server"`
	Database struct {
		Driver    string
		DSN       string
		MaxOpen   int8 `json:"max_open"`
		MaxIdle   int8 `json:"max_idle"`
		TimeoutMS int  `json:"timeout_ms"`
	} `json:"database"`
	Features       map[string]any
	Log            struct{ Level, Format string }
	AllowedOrigins [3]string        `json:"allowed_origins"`
	Limits         map[string]int64 `json:"limits"`
}

// intOrString decodes a number or a string, through UnmarshalJSON and
// UnmarshalSmile.
type intOrString struct {
	IsInt bool
	Int   int64
	Str   string
}

func (v *intOrString) UnmarshalJSON(b []byte) error {
	if len(b) > 0 && b[0] == '"' {
		*v = intOrString{}
		return json.Unmarshal(b, &v.Str)
	}
	*v = intOrString{IsInt: true}
	return json.Unmarshal(b, &v.Int)
}

func (v intOrString) MarshalSmile() ([]byte, error) {
	if v.IsInt {
		return Marshal(v.Int)
	}
	return Marshal(v.Str)
}

func (v *intOrString) UnmarshalSmile(b []byte) error {
	var x any
	if err := Unmarshal(b, &x); err != nil {
		return err
	}
	switch x := x.(type) {
	case string:
		*v = intOrString{Str: x}
	case int64:
		*v = intOrString{IsInt: true, Int: x}
	default:
		return errors.New("intOrString: neither")
	}
	return nil
}

type TypeMeta struct {
	APIVersion string `json:"apiVersion"`
	Kind       string `json:"kind"`
}

type objectMeta struct {
	Name, Namespace     string
	Labels, Annotations map[string]string
}

type deployment struct {
	TypeMeta `json:",inline"`
	Metadata objectMeta `json:"metadata"`
	Spec     struct {
		Replicas *int32
		Selector struct {
			MatchLabels map[string]string `json:"matchLabels"`
		}
		Strategy struct {
			Type          string
			RollingUpdate *struct{ MaxSurge, MaxUnavailable intOrString } `json:"rollingUpdate"`
		}
		Template struct {
			Metadata objectMeta
			Spec     struct {
				Containers []struct {
					Name, Image string
					Ports       []struct {
						ContainerPort int32 `json:"containerPort"`
						Protocol      string
					}
					Env []struct {
						Name, Value string
					}
					Resources struct {
						Limits, Requests map[string]string
					}
					ReadinessProbe *struct {
						HTTPGet *struct {
							Path string
							Port intOrString
						} `json:"httpGet"`
						InitialDelaySeconds, PeriodSeconds int32
					} `json:"readinessProbe"`
				}
				TerminationGracePeriodSeconds *int64 `json:"terminationGracePeriodSeconds"`
			}
		}
	}
}

type sparse struct {
	V *int
	W []*int
}

type unexportedEmbedPtr struct {
	*Versioned // exported type: allocated
	*retryHolderLower
}

type retryHolderLower struct {
	Status string `json:"status"`
}

// parityCase is a golden JSON document and a destination factory: new
// returns a pointer to a (possibly pre-filled) value; it is called once
// for each decoder so both start from equal values.
type parityCase struct {
	doc      string
	name     string
	new      func() any
	disallow bool
	// fix, when set, adjusts smile's result before the comparison: for
	// documents decoded into interface values, where encoding/json gives
	// float64 for every number and smile gives int64 for Smile integers
	// (a documented difference).
	fix func(any)
}

// intsToFloats replaces int64 by float64 inside maps and slices of any.
func intsToFloats(v any) any {
	switch v := v.(type) {
	case int64:
		return float64(v)
	case map[string]any:
		for k, e := range v {
			v[k] = intsToFloats(e)
		}
	case []any:
		for i, e := range v {
			v[i] = intsToFloats(e)
		}
	}
	return v
}

type anyFields struct {
	Status any
	Data   []map[string]any
	Links  any
}

var parityCases = []parityCase{
	{doc: "api-response", name: "fresh", new: func() any { return new(apiResponse) }},
	{doc: "api-response", name: "disallow unknown", new: func() any { return new(apiResponse) }, disallow: true},
	{doc: "api-response", name: "merge into filled", new: func() any {
		old := "old"
		return &apiResponse{
			Status: "stale", Page: 9,
			Data: []apiUser{
				{ID: 1, Extra: "kept0", Avatar: &old, Tags: []string{"x", "y", "z"}},
				{Extra: "kept1", Avatar: new(string)},
				{Extra: "kept2"},
				{Extra: "dropped3"},
			},
			Links: map[string]string{"prev": "/users?page=0", "self": "stale"},
		}
	}},
	{doc: "api-response", name: "into any fields", new: func() any {
		return &anyFields{Status: 5, Data: make([]map[string]any, 0, 10)}
	}, fix: func(v any) {
		for _, m := range v.(*anyFields).Data {
			intsToFloats(m)
		}
	}},
	{doc: "config", name: "embedded", new: func() any { return new(configDoc) }},
	{doc: "config", name: "embedded pointer kept", new: func() any {
		return &configDoc{RetryHolder: &RetryHolder{}, Features: map[string]any{"old": true}, Limits: map[string]int64{"x": 1}}
	}},
	{doc: "config", name: "embedded disallow", new: func() any { return new(configDoc) }, disallow: true},
	{doc: "k8s-deployment", name: "fresh", new: func() any { return new(deployment) }},
	{doc: "k8s-deployment", name: "disallow", new: func() any { return new(deployment) }, disallow: true},
	{doc: "k8s-deployment", name: "into map of structs", new: func() any {
		type named struct {
			Name     string
			Replicas *int
		}
		return &map[string]named{"spec": {Name: "replaced"}, "other": {Name: "kept"}}
	}},
	{doc: "g-sparse-nulls", name: "nulls", new: func() any {
		one := 1
		s := make([]*sparse, 4)
		s[0] = &sparse{V: &one, W: []*int{&one}}
		s[1] = &sparse{V: &one}
		return &s
	}},
	{doc: "g-sparse-nulls", name: "nulls into values", new: func() any {
		one := 1
		return &[]sparse{{V: &one}, {V: &one}, {V: &one}}
	}},
	{doc: "api-response", name: "nil unexported embedded pointer", new: func() any { return new(unexportedEmbedPtr) }},
	{doc: "config", name: "type errors", new: func() any {
		return new(struct {
			Version string                 `json:"version"`
			Server  map[string]string      `json:"server"`
			Limits  map[string]int8        `json:"limits"`
			Retry   [1]map[string]struct{} `json:"retry"`
		})
	}},
}

func goldenDoc(t *testing.T, name, ext string) []byte {
	t.Helper()
	dir, err := golden.Dir("json")
	require.NoError(t, err)
	b, err := golden.ReadFile(filepath.Join(dir, name+ext))
	require.NoError(t, err)
	return b
}

// errClass maps an error of either package to a comparable class.
func errClass(err error) string {
	var jute *json.UnmarshalTypeError
	var sute *UnmarshalTypeError
	switch {
	case err == nil:
		return "nil"
	case errors.As(err, &sute) && errors.Is(sute.Err, ErrUnknownField):
		return "unknown field"
	case errors.As(err, &jute), errors.As(err, &sute):
		return "type"
	case bytes.Contains([]byte(err.Error()), []byte("unknown field")):
		return "unknown field"
	case bytes.Contains([]byte(err.Error()), []byte("embedded pointer to unexported struct")):
		return "unexported embedded"
	}
	return "other: " + err.Error()
}

func TestUnmarshalParityWithEncodingJSON(t *testing.T) {
	disallow, err := DecOptions{DisallowUnknownFields: true}.DecMode()
	require.NoError(t, err)
	for _, pc := range parityCases {
		t.Run(pc.doc+"/"+pc.name, func(t *testing.T) {
			jsonText := goldenDoc(t, pc.doc, ".json")
			smileDoc := goldenDoc(t, pc.doc, ".default.smile")

			want := pc.new()
			jd := json.NewDecoder(bytes.NewReader(jsonText))
			mode := DecMode{}
			if pc.disallow {
				jd.DisallowUnknownFields()
				mode = disallow
			}
			jerr := jd.Decode(want)

			got := pc.new()
			serr := mode.Unmarshal(smileDoc, got)

			require.Equal(t, errClass(jerr), errClass(serr), "json: %v\nsmile: %v", jerr, serr)
			if pc.fix != nil {
				pc.fix(got)
			}
			if diff := cmp.Diff(want, got, decCmpOpts, cmp.AllowUnexported(unexportedEmbedPtr{})); diff != "" {
				t.Fatalf("(-encoding/json +smile):\n%s", diff)
			}
		})
	}
}

// TestUnmarshalCaseSensitive checks exact-match preference and the
// CaseSensitiveFields option.
func TestUnmarshalCaseSensitive(t *testing.T) {
	// {"name":1,"NAME":2,"Other":3}
	data := mustHex(dhdr + "FA 83 6E 61 6D 65 C2 83 4E 41 4D 45 C4 84 4F 74 68 65 72 C6 FB")
	type both struct {
		Name  int `json:"name"`
		Upper int `json:"NAME"`
		Other int `json:"other"`
	}
	var b both
	require.NoError(t, Unmarshal(data, &b))
	require.Equal(t, both{Name: 1, Upper: 2, Other: 3}, b)

	var j both
	require.NoError(t, json.Unmarshal([]byte(`{"name":1,"NAME":2,"Other":3}`), &j))
	require.Equal(t, j, b)

	type one struct{ Name, Other int }
	var o one
	require.NoError(t, Unmarshal(data, &o))
	var jo one
	require.NoError(t, json.Unmarshal([]byte(`{"name":1,"NAME":2,"Other":3}`), &jo))
	require.Equal(t, jo, o) // the last folded match wins, as in encoding/json

	cs, err := DecOptions{CaseSensitiveFields: true}.DecMode()
	require.NoError(t, err)
	o = one{}
	require.NoError(t, cs.Unmarshal(data, &o))
	require.Equal(t, one{Other: 3}, o)
}
