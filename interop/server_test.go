package interop

import (
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"github.com/go-smile/smile"
	"github.com/go-smile/smile/smilehttp"
)

// rowsHandler is the Go service Jackson's client calls (the client mode
// of jvm/SmileService.java):
//
//	GET  /rows?n=N&shared=none|names|all  the rows wantRow(0..N-1), in the type Accept chooses
//	POST /rows/sum                        a body of rows in Smile or JSON: each checked
//	                                      against wantRow, answered with their count and sums
func rowsHandler(t *testing.T) http.Handler {
	modes := map[string]smile.EncMode{
		"none":  encMode(t, smile.EncOptions{DisableSharedNames: true}),
		"names": encMode(t, smile.EncOptions{}),
		"all":   encMode(t, smile.EncOptions{SharedValues: true}),
	}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /rows", func(w http.ResponseWriter, r *http.Request) {
		n, err := strconv.Atoi(r.URL.Query().Get("n"))
		if err != nil || n < 0 || n > 100_000 {
			http.Error(w, "n must be a count up to 100000", http.StatusBadRequest)
			return
		}
		rows := make([]druidRow, n)
		for i := range rows {
			rows[i] = wantRow(int64(i))
		}
		mode, ok := modes[r.URL.Query().Get("shared")]
		if !ok {
			mode = modes["names"]
		}
		_ = smilehttp.WriteResponseMode(w, r, mode, http.StatusOK, rows)
	})
	mux.HandleFunc("POST /rows/sum", func(w http.ResponseWriter, r *http.Request) {
		var rows []druidRow
		if err := smilehttp.ReadRequest(r, &rows); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		type sum struct {
			Count   int   `json:"count"`
			Added   int64 `json:"added"`
			Deleted int64 `json:"deleted"`
			Checked bool  `json:"checked"`
		}
		s := sum{Count: len(rows), Checked: true}
		for i, row := range rows {
			s.Added += row.Event.Added
			s.Deleted += row.Event.Deleted
			if row != wantRow(int64(i)) {
				s.Checked = false
			}
		}
		_ = smilehttp.WriteResponse(w, r, http.StatusOK, s)
	})
	return mux
}

// TestJacksonClient serves Smile and JSON from a Go net/http handler
// (smilehttp.ReadRequest, WriteResponse) to Jackson's own client,
// java.net.http.HttpClient with ObjectMapper over SmileFactory, which
// checks the values it reads against its own computation of them (not
// ours echoed back), negotiates by Accept with q-values under both Smile
// names, and sends rows it wrote for the handler to check.
func TestJacksonClient(t *testing.T) {
	srv := httptest.NewServer(rowsHandler(t))
	defer srv.Close()
	forEachService(t, func(t *testing.T, s *service) {
		out, err := s.runClient(srv.URL)
		oks := strings.Count(out, "\nok ") + map[bool]int{true: 1}[strings.HasPrefix(out, "ok ")]
		if err != nil || strings.Contains(out, "FAIL") || oks == 0 {
			t.Fatalf("Jackson's client: %v\n%s", err, out)
		}
		t.Logf("Jackson's client passed %d checks", oks)
	})
}
