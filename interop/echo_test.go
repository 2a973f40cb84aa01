package interop

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"testing"
	"time"

	"github.com/go-smile/smile"
	"github.com/go-smile/smile/smilehttp"
)

// httpClient is the client of every exchange with the service: bounded
// in time, so that no test hangs on a server that stops answering.
var httpClient = &http.Client{Timeout: 60 * time.Second}

// encVariants are the Smile options every exchange runs with: with and
// without shared names and shared string values.
var encVariants = []struct {
	name string
	opts smile.EncOptions
}{
	{"shared-names", smile.EncOptions{}},
	{"shared-names-values", smile.EncOptions{SharedValues: true}},
	{"no-sharing", smile.EncOptions{DisableSharedNames: true}},
	{"shared-values-only", smile.EncOptions{DisableSharedNames: true, SharedValues: true}},
}

// jacksonShared are the SmileGenerator settings the service writes its
// Smile answers with (X-Smile-Shared).
var jacksonShared = []string{"none", "names", "all"}

func encMode(t *testing.T, o smile.EncOptions) smile.EncMode {
	t.Helper()
	m, err := o.EncMode()
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// exchange sends body with contentType and accept (and any extra header
// pairs) and returns the response's status, Content-Type and body.
func exchange(t *testing.T, method, url, contentType, accept string, body []byte, header ...string) (int, string, []byte) {
	t.Helper()
	req, err := http.NewRequest(method, url, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	if accept != "" {
		req.Header.Set("Accept", accept)
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := httpClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, resp.Header.Get("Content-Type"), b
}

// TestJacksonEcho sends Smile that our Encoder wrote to Jackson, which
// reads it with ObjectMapper.readTree: Jackson's JSON view of it must be
// the JSON encoding/json writes for the same value, and Jackson's Smile
// answer (written with and without shared names and values) must decode
// to what encoding/json decodes from that JSON.
func TestJacksonEcho(t *testing.T) {
	text := compactJSON(t, esSearchResponse)
	var value any
	if err := json.Unmarshal(text, &value); err != nil {
		t.Fatal(err)
	}
	forEachService(t, func(t *testing.T, s *service) {
		t.Log(s.banner)
		for _, v := range encVariants {
			body, err := encMode(t, v.opts).Marshal(value)
			if err != nil {
				t.Fatal(err)
			}
			for _, ct := range []string{smile.MediaTypeJackson, smile.MediaTypeElasticsearch} {
				status, rct, got := exchange(t, "POST", s.url+"/_echo", ct, "application/json", body)
				if status != 200 || !smilehttp.IsJSON(rct) {
					t.Fatalf("%s, %s: status %d, Content-Type %q: %s", v.name, ct, status, rct, got)
				}
				sameJSON(t, text, got)
			}
			for _, shared := range jacksonShared {
				status, rct, got := exchange(t, "POST", s.url+"/_echo", smile.MediaTypeJackson, smile.MediaTypeJackson, body, "X-Smile-Shared", shared)
				if status != 200 || rct != smile.MediaTypeJackson {
					t.Fatalf("%s, Jackson shared %s: status %d, Content-Type %q", v.name, shared, status, rct)
				}
				var fromSmile any
				if err := smile.Unmarshal(got, &fromSmile); err != nil {
					t.Fatalf("%s, Jackson shared %s: %v", v.name, shared, err)
				}
				back, err := json.Marshal(fromSmile)
				if err != nil {
					t.Fatal(err)
				}
				sameJSON(t, text, back)
			}
		}
	})
}
