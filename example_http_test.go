package smile_test

import (
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

// wantsSmile reports whether the request's Accept header lists the Smile
// media type.
func wantsSmile(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept"), ",") {
		if mt, _, err := mime.ParseMediaType(strings.TrimSpace(part)); err == nil && mt == smile.MediaType {
			return true
		}
	}
	return false
}

// An HTTP handler that answers in Smile when the client asks for it, and in
// JSON otherwise. The same struct serves both: smile reads json tags.
func Example_httpHandler() {
	type Status struct {
		Service string `json:"service"`
		Healthy bool   `json:"healthy"`
		Load    []int  `json:"load"`
	}
	handler := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		st := Status{Service: "api", Healthy: true, Load: []int{3, 5}}
		w.Header().Set("Vary", "Accept")
		if wantsSmile(r) {
			w.Header().Set("Content-Type", smile.MediaType)
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

	for _, accept := range []string{smile.MediaType, "application/json"} {
		req, _ := http.NewRequest("GET", srv.URL, nil)
		req.Header.Set("Accept", accept)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			log.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		fmt.Printf("%s: %d bytes, starts with %q\n", resp.Header.Get("Content-Type"), len(body), body[:3])
	}
	// Output:
	// application/x-jackson-smile: 36 bytes, starts with ":)\n"
	// application/json: 46 bytes, starts with "{\"s"
}
