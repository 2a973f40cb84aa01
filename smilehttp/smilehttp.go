// Package smilehttp holds the few helpers a program needs to speak Smile
// over HTTP, to Elasticsearch (application/smile), Apache Druid or a
// Spring/JAX-RS service with Jackson's Smile provider
// (application/x-jackson-smile): media-type matching and negotiation over
// both names, decoding a body whether the server chose Smile or JSON, with
// an error that says what a body is when it is neither, writing a
// response in the type the client asked for, and Elasticsearch's _bulk
// framing (BulkWriter).
//
// It is a package of its own, above the smile package, so that programs
// that do not speak HTTP do not link net/http. It is no client and no
// framework: each function works on the net/http types (or on a header
// value and an io.Reader), so that it fits any client library, such as
// go-elasticsearch's esapi, whose requests take a Body and a Header.
//
// Negotiation follows Jackson's JAX-RS providers and Spring's converters,
// which offer Smile and JSON side by side: see Negotiate.
package smilehttp

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strconv"
	"strings"

	"github.com/go-smile/smile"
)

// MediaTypeJSON is JSON's media type, the one Negotiate offers beside
// Smile's two names.
const MediaTypeJSON = "application/json"

// Accept is an Accept header that asks for Smile under both its names,
// and for JSON at a lower preference, so that a server that speaks only
// JSON still answers with something DecodeBody reads.
const Accept = smile.MediaTypeJackson + ", " + smile.MediaTypeElasticsearch + ", " + MediaTypeJSON + ";q=0.5"

// mediaType returns the lower-case type/subtype of a Content-Type or of
// one Accept range, without parameters, or "" when it has none.
func mediaType(header string) string {
	mt, _, err := mime.ParseMediaType(header)
	if err != nil {
		// mime refuses some headers that servers send (a bare "*",
		// duplicated parameters): take what stands before the first ';'.
		mt, _, _ = strings.Cut(header, ";")
		mt = strings.ToLower(strings.TrimSpace(mt))
	}
	return mt
}

// IsSmile reports whether contentType, a Content-Type header value, names
// Smile under either of its names (smile.MediaTypeJackson or
// smile.MediaTypeElasticsearch), with any parameters.
func IsSmile(contentType string) bool {
	switch mediaType(contentType) {
	case smile.MediaTypeJackson, smile.MediaTypeElasticsearch:
		return true
	}
	return false
}

// IsJSON reports whether contentType names JSON: application/json or a
// structured type application/*+json (such as Elasticsearch's
// application/vnd.elasticsearch+json), with any parameters.
func IsJSON(contentType string) bool {
	mt := mediaType(contentType)
	return mt == MediaTypeJSON || strings.HasPrefix(mt, "application/") && strings.HasSuffix(mt, "+json")
}

// Negotiate returns the media type of a response to a request whose Accept
// header is accept: smile.MediaTypeJackson or smile.MediaTypeElasticsearch
// (the name the client used), MediaTypeJSON, or "" when the client accepts
// none of them (answer 406 Not Acceptable). An empty accept accepts
// anything, as */* does.
//
// Each offer takes the q-value (default 1; q=0 refuses) of the most
// specific range that matches it: the type itself (application/*+json
// counts as JSON), then application/*, then */*. The highest q wins. At
// equal q an exact match beats a wildcard; between exact matches Smile
// wins (a client that names Smile reads it), between wildcards JSON wins
// (curl and browsers send */*). Parameters other than q are ignored.
func Negotiate(accept string) string {
	if strings.TrimSpace(accept) == "" {
		accept = "*/*"
	}
	offers := [...]string{smile.MediaTypeJackson, smile.MediaTypeElasticsearch, MediaTypeJSON}
	best, bestQ, bestSpec := "", 0.0, -1
	for _, offer := range offers {
		q, spec := -1.0, -1
		for _, r := range strings.Split(accept, ",") {
			rt, params, _ := strings.Cut(r, ";")
			rt = strings.ToLower(strings.TrimSpace(rt))
			var s int
			switch {
			case rt == offer, offer == MediaTypeJSON && strings.HasPrefix(rt, "application/") && strings.HasSuffix(rt, "+json"):
				s = 2
			case rt == "application/*":
				s = 1
			case rt == "*/*", rt == "*":
				s = 0
			default:
				continue
			}
			if s > spec {
				spec, q = s, qValue(params)
			}
		}
		if q <= 0 {
			continue
		}
		smileOffer := offer != MediaTypeJSON
		var wins bool
		switch {
		case best == "", q > bestQ:
			wins = true
		case q < bestQ:
		case spec != bestSpec:
			wins = spec > bestSpec
		case spec == 2:
			wins = smileOffer && best == MediaTypeJSON
		default:
			wins = !smileOffer && best != MediaTypeJSON
		}
		if wins {
			best, bestQ, bestSpec = offer, q, spec
		}
	}
	return best
}

// qValue returns the q parameter of the parameters of an Accept range
// (what follows its first ';'), 1 when there is none, 0 when it is not a
// number.
func qValue(params string) float64 {
	for _, p := range strings.Split(params, ";") {
		k, v, ok := strings.Cut(strings.TrimSpace(p), "=")
		if ok && strings.EqualFold(strings.TrimSpace(k), "q") {
			q, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
			if err != nil || q < 0 {
				return 0
			}
			return q
		}
	}
	return 1
}

// A MediaTypeError is a body whose Content-Type is neither Smile nor JSON
// (DecodeBody, DecodeResponse, ReadRequest), or not Smile where Smile is
// required (CheckResponse).
type MediaTypeError struct {
	ContentType string // the header's value; "" when there was none
	Status      int    // the response's status code; 0 for a request
	Want        string // what was required: "Smile", or "Smile or JSON"
}

func (e *MediaTypeError) Error() string {
	var b strings.Builder
	b.WriteString("smilehttp: ")
	if e.Status != 0 {
		b.WriteString("the response (")
		b.WriteString(strconv.Itoa(e.Status))
		if t := http.StatusText(e.Status); t != "" {
			b.WriteString(" ")
			b.WriteString(t)
		}
		b.WriteString(")")
	} else {
		b.WriteString("the request body")
	}
	if e.ContentType == "" {
		b.WriteString(" has no Content-Type")
	} else {
		b.WriteString(" is ")
		b.WriteString(e.ContentType)
	}
	b.WriteString(", not ")
	b.WriteString(e.Want)
	mt := mediaType(e.ContentType)
	switch {
	case e.Status == 0:
		b.WriteString(": send it with Content-Type: " + smile.MediaTypeJackson + " (or " + smile.MediaTypeElasticsearch + ")")
	case IsJSON(e.ContentType):
		b.WriteString(": the server ignored Accept, or answered an error; ask for Smile with Accept: " + smile.MediaTypeJackson + " (or " + smile.MediaTypeElasticsearch + "), and check the status")
	case mt == "text/html", mt == "text/plain", mt == "application/xml", mt == "text/xml":
		b.WriteString(": an error page from the server or a proxy; check the status and the URL")
	default:
		b.WriteString(": check the status, and ask for Smile with Accept: " + smile.MediaTypeJackson + " (or " + smile.MediaTypeElasticsearch + ")")
	}
	return b.String()
}

// ErrEmptyBody is matched by errors.Is for the error DecodeBody returns
// for a body with no bytes.
var ErrEmptyBody = errors.New("smilehttp: the body is empty")

// emptyBodyError is ErrEmptyBody, with what the body was labeled.
type emptyBodyError struct{ contentType string }

func (e *emptyBodyError) Error() string {
	return "smilehttp: the body is empty (Content-Type " + strconv.Quote(e.contentType) + "): no value to decode; the server sent no body (a 204, a HEAD, or an error), check the status"
}

func (e *emptyBodyError) Is(target error) bool { return target == ErrEmptyBody }

// DecodeBody decodes the one value of body into v, in Smile when
// contentType names Smile (IsSmile), with the default smile.DecOptions,
// in JSON with encoding/json when it names JSON (IsJSON). For other types
// it returns a *MediaTypeError and reads nothing. A body that is not what
// its Content-Type says fails with the smile package's error, which says
// what it is (JSON text, or HTML such as an error page) and what to check.
// An empty body fails with an error matching ErrEmptyBody.
func DecodeBody(contentType string, body io.Reader, v any) error {
	return decodeBody(smile.DecMode{}, contentType, 0, body, v)
}

func decodeBody(m smile.DecMode, contentType string, status int, body io.Reader, v any) error {
	var err error
	switch {
	case IsSmile(contentType):
		err = m.NewDecoder(body).Decode(v)
	case IsJSON(contentType):
		err = json.NewDecoder(body).Decode(v)
	default:
		return &MediaTypeError{ContentType: contentType, Status: status, Want: "Smile or JSON"}
	}
	if err == io.EOF {
		return &emptyBodyError{contentType}
	}
	return err
}

// DecodeResponse decodes the body of resp into v, in Smile or JSON by its
// Content-Type, as DecodeBody does, whatever its status: Elasticsearch and
// Druid answer errors in the type asked for, so the error's body decodes
// too (into a struct of its fields). It does not close resp.Body. A body
// of another type gives a *MediaTypeError with the status.
func DecodeResponse(resp *http.Response, v any) error {
	return decodeBody(smile.DecMode{}, resp.Header.Get("Content-Type"), resp.StatusCode, resp.Body, v)
}

// CheckResponse returns nil when resp's Content-Type names Smile, and a
// *MediaTypeError with the status and what the response is otherwise. A
// program that streams a large Smile answer with a smile.Decoder (Druid's
// root array of rows) calls it first, so that a JSON answer (the server
// ignored Accept) or an error page fails with its Content-Type and status,
// not at offset 0 of the body.
func CheckResponse(resp *http.Response) error {
	ct := resp.Header.Get("Content-Type")
	if IsSmile(ct) {
		return nil
	}
	return &MediaTypeError{ContentType: ct, Status: resp.StatusCode, Want: "Smile"}
}

// ReadRequest decodes the body of r into v, in Smile or JSON by its
// Content-Type, as DecodeBody does; a request without a Content-Type is
// read as JSON, as JAX-RS and Spring do. A body of another type gives a
// *MediaTypeError: answer 415 Unsupported Media Type.
func ReadRequest(r *http.Request, v any) error {
	ct := r.Header.Get("Content-Type")
	if strings.TrimSpace(ct) == "" {
		ct = MediaTypeJSON
	}
	return decodeBody(smile.DecMode{}, ct, 0, r.Body, v)
}

// WriteResponse writes v as the body of a response to r with status, in
// the type r's Accept header chooses (Negotiate): Smile, with the default
// smile.EncOptions, under the name the client asked for, or JSON with
// encoding/json. It sets Content-Type and Vary: Accept. When the client
// accepts neither it answers 406 Not Acceptable with a text body, and
// returns an error. v is encoded before the header is written, so that a
// value that cannot be encoded is answered 500 and its error returned.
func WriteResponse(w http.ResponseWriter, r *http.Request, status int, v any) error {
	return WriteResponseMode(w, r, smile.EncMode{}, status, v)
}

// WriteResponseMode is WriteResponse with the Smile options of m (shared
// string values, say).
func WriteResponseMode(w http.ResponseWriter, r *http.Request, m smile.EncMode, status int, v any) error {
	w.Header().Add("Vary", "Accept")
	mt := Negotiate(r.Header.Get("Accept"))
	var body []byte
	var err error
	switch mt {
	case "":
		http.Error(w, "406 Not Acceptable: this resource is "+smile.MediaTypeJackson+", "+smile.MediaTypeElasticsearch+" or "+MediaTypeJSON, http.StatusNotAcceptable)
		return fmt.Errorf("smilehttp: the client accepts none of Smile and JSON (Accept: %q)", r.Header.Get("Accept"))
	case MediaTypeJSON:
		body, err = json.Marshal(v)
	default:
		body, err = m.Marshal(v)
	}
	if err != nil {
		http.Error(w, "500 Internal Server Error", http.StatusInternalServerError)
		return err
	}
	w.Header().Set("Content-Type", mt)
	w.Header().Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(status)
	_, err = w.Write(body)
	return err
}
