package smile_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"mime"
	"net/http"
	"net/http/httptest"
	"strings"

	"github.com/go-smile/smile"
)

// smileMediaType returns the Smile media type that header (a Content-Type,
// or an Accept list) names, under either of its names, or "" when it names
// neither. A server accepts both names because clients send either:
// Elasticsearch's application/smile or Jackson's application/x-jackson-smile.
func smileMediaType(header string) string {
	for _, part := range strings.Split(header, ",") {
		mt, _, err := mime.ParseMediaType(strings.TrimSpace(part))
		if err != nil {
			continue
		}
		switch mt {
		case smile.MediaTypeJackson, smile.MediaTypeElasticsearch:
			return mt
		}
	}
	return ""
}

// An HTTP handler that reads a request body in Smile or JSON, by its
// Content-Type, and answers in Smile when the client asks for it, under the
// media type it asked for, and in JSON otherwise. The same struct serves
// both: smile reads json tags.
func Example_httpHandler() {
	type Status struct {
		Service string `json:"service"`
		Healthy bool   `json:"healthy"`
		Load    []int  `json:"load"`
	}
	handler := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var st Status
		body, err := io.ReadAll(r.Body)
		if err == nil {
			if smileMediaType(r.Header.Get("Content-Type")) != "" {
				err = smile.Unmarshal(body, &st)
			} else {
				err = json.Unmarshal(body, &st)
			}
		}
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		st.Healthy = len(st.Load) > 0
		w.Header().Set("Vary", "Accept")
		if mt := smileMediaType(r.Header.Get("Accept")); mt != "" {
			w.Header().Set("Content-Type", mt)
			if err := smile.NewEncoder(w).Encode(&st); err != nil {
				http.Error(w, err.Error(), http.StatusInternalServerError)
			}
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(&st)
	})
	srv := httptest.NewServer(handler)
	defer srv.Close()

	in, err := smile.Marshal(Status{Service: "api", Load: []int{3, 5}})
	if err != nil {
		log.Fatal(err)
	}
	for _, c := range []struct{ contentType, accept string }{
		{smile.MediaTypeElasticsearch, smile.MediaTypeElasticsearch},
		{smile.MediaTypeJackson, smile.MediaTypeJackson},
		{smile.MediaTypeJackson, "application/json"},
	} {
		req, _ := http.NewRequest("POST", srv.URL, bytes.NewReader(in))
		req.Header.Set("Content-Type", c.contentType)
		req.Header.Set("Accept", c.accept)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			log.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		fmt.Printf("%s: %d bytes, starts with %q\n", resp.Header.Get("Content-Type"), len(body), body[:3])
	}
	// Output:
	// application/smile: 36 bytes, starts with ":)\n"
	// application/x-jackson-smile: 36 bytes, starts with ":)\n"
	// application/json: 46 bytes, starts with "{\"s"
}
