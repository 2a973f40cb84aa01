package smilehttp

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/go-smile/smile"
	"github.com/stretchr/testify/require"
)

func TestIsSmileIsJSON(t *testing.T) {
	for _, c := range []struct {
		ct          string
		smile, json bool
	}{
		{"application/x-jackson-smile", true, false},
		{"application/smile", true, false},
		{"Application/Smile; charset=binary", true, false},
		{"application/smile;", true, false},
		{"application/json", false, true},
		{"application/json; charset=UTF-8", false, true},
		{"application/vnd.elasticsearch+json;compatible-with=8", false, true},
		{"text/html", false, false},
		{"", false, false},
		{"application/x-jackson-smile-like", false, false},
	} {
		require.Equal(t, c.smile, IsSmile(c.ct), "IsSmile(%q)", c.ct)
		require.Equal(t, c.json, IsJSON(c.ct), "IsJSON(%q)", c.ct)
	}
}

func TestNegotiate(t *testing.T) {
	for accept, want := range map[string]string{
		"application/x-jackson-smile": smile.MediaTypeJackson,
		"application/smile":           smile.MediaTypeElasticsearch,
		"APPLICATION/SMILE":           smile.MediaTypeElasticsearch,
		"application/json":            MediaTypeJSON,
		"application/vnd.elasticsearch+json;compatible-with=8": MediaTypeJSON,
		"application/smile;q=0, */*":                           MediaTypeJSON,
		"application/json;q=0, */*":                            smile.MediaTypeJackson, // */* gives Smile q=1, JSON is refused
		"application/json;q=0.9, application/smile;q=0.95":     smile.MediaTypeElasticsearch,
		"application/smile;q=0.5, */*;q=0.6":                   MediaTypeJSON, // the exact range's q counts, not */*'s
		"*/*;q=0.1, application/x-jackson-smile;q=0.1":         smile.MediaTypeJackson,
		"application/x-jackson-smile, application/smile":       smile.MediaTypeJackson,
		"application/json;q=abc, application/smile;q=0.1":      smile.MediaTypeElasticsearch,
		"text/html":                           "",
		"text/html;q=1, application/json;q=0": "",
		"":                                    MediaTypeJSON,
		" ":                                   MediaTypeJSON,
		"*":                                   MediaTypeJSON,
	} {
		require.Equal(t, want, Negotiate(accept), "Negotiate(%q)", accept)
	}
}

func TestDecodeBodyErrors(t *testing.T) {
	var v any
	err := DecodeBody("text/html", strings.NewReader("<html>"), &v)
	var mte *MediaTypeError
	require.ErrorAs(t, err, &mte)
	require.ErrorContains(t, err, "is text/html, not Smile or JSON")

	err = DecodeBody(smile.MediaTypeJackson, strings.NewReader(""), &v)
	require.True(t, errors.Is(err, ErrEmptyBody), "%v", err)

	err = DecodeBody(smile.MediaTypeJackson, strings.NewReader(`{"a":1}`), &v)
	require.ErrorContains(t, err, "'{': JSON text, not Smile")

	require.NoError(t, DecodeBody("application/json", strings.NewReader(`{"a":1}`), &v))
	require.Equal(t, map[string]any{"a": 1.0}, v)
}

func TestReadRequest(t *testing.T) {
	var v map[string]int
	r := httptest.NewRequest("POST", "/", strings.NewReader(`{"a":1}`))
	require.NoError(t, ReadRequest(r, &v)) // no Content-Type: JSON
	require.Equal(t, map[string]int{"a": 1}, v)

	r = httptest.NewRequest("POST", "/", strings.NewReader(`a=1`))
	r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	err := ReadRequest(r, &v)
	require.ErrorContains(t, err, "smilehttp: the request body is application/x-www-form-urlencoded, not Smile or JSON: send it with Content-Type: application/x-jackson-smile")
}

func TestWriteResponseUnencodable(t *testing.T) {
	w := httptest.NewRecorder()
	r := httptest.NewRequest("GET", "/", nil)
	r.Header.Set("Accept", smile.MediaTypeJackson)
	err := WriteResponse(w, r, http.StatusOK, map[string]any{"f": func() {}})
	require.Error(t, err)
	require.Equal(t, http.StatusInternalServerError, w.Code)
}
