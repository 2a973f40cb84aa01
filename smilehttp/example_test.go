package smilehttp_test

import (
	"bytes"
	"fmt"
	"log"
	"net/http"
	"net/http/httptest"

	"github.com/go-smile/smile"
	"github.com/go-smile/smile/smilehttp"
)

// A handler that reads its request in Smile or JSON and answers in the
// type the client's Accept chooses, under the Smile name it used.
func ExampleWriteResponse() {
	type Status struct {
		Service string `json:"service"`
		Load    []int  `json:"load"`
		Healthy bool   `json:"healthy"`
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var st Status
		if err := smilehttp.ReadRequest(r, &st); err != nil {
			http.Error(w, err.Error(), http.StatusUnsupportedMediaType)
			return
		}
		st.Healthy = len(st.Load) > 0
		_ = smilehttp.WriteResponse(w, r, http.StatusOK, st)
	}))
	defer srv.Close()

	body, err := smile.Marshal(Status{Service: "api", Load: []int{3, 5}})
	if err != nil {
		log.Fatal(err)
	}
	for _, accept := range []string{
		smile.MediaTypeElasticsearch,
		"application/json;q=0.5, application/x-jackson-smile",
		"*/*",
		"text/html",
	} {
		req, _ := http.NewRequest("POST", srv.URL, bytes.NewReader(body))
		req.Header.Set("Content-Type", smile.MediaTypeJackson)
		req.Header.Set("Accept", accept)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			log.Fatal(err)
		}
		var st Status
		err = smilehttp.DecodeResponse(resp, &st)
		resp.Body.Close()
		fmt.Printf("%-52q -> %d %s: %+v %v\n", accept, resp.StatusCode, resp.Header.Get("Content-Type"), st, err != nil)
	}
	// Output:
	// "application/smile"                                  -> 200 application/smile: {Service:api Load:[3 5] Healthy:true} false
	// "application/json;q=0.5, application/x-jackson-smile" -> 200 application/x-jackson-smile: {Service:api Load:[3 5] Healthy:true} false
	// "*/*"                                                -> 200 application/json: {Service:api Load:[3 5] Healthy:true} false
	// "text/html"                                          -> 406 text/plain; charset=utf-8: {Service: Load:[] Healthy:false} true
}

// The body of an Elasticsearch _bulk request in Smile: each action and
// document a Smile document of its own, ended by 0xFF. Send it with
// Content-Type: application/smile (with go-elasticsearch, as the Body and
// Header of an esapi.BulkRequest).
func ExampleBulkWriter() {
	type Movie struct {
		Title string `json:"title"`
		Year  int    `json:"year"`
	}
	var body bytes.Buffer
	bw, err := smilehttp.NewBulkWriter(&body, smile.EncMode{})
	if err != nil {
		log.Fatal(err)
	}
	_ = bw.Index("movies", "1", Movie{"Star Wars", 1977})
	_ = bw.Index("movies", "2", Movie{"The Empire Strikes Back", 1980})
	_ = bw.Delete("movies", "3")

	// Each line decodes on its own, as Elasticsearch reads it.
	for i, line := range bytes.SplitAfter(body.Bytes(), []byte{0xFF}) {
		if len(line) == 0 {
			continue
		}
		var v any
		if err := smile.Unmarshal(line, &v); err != nil {
			log.Fatal(err)
		}
		fmt.Printf("line %d, ends with %#x: %v\n", i+1, line[len(line)-1], v)
	}
	// Output:
	// line 1, ends with 0xff: map[index:map[_id:1 _index:movies]]
	// line 2, ends with 0xff: map[title:Star Wars year:1977]
	// line 3, ends with 0xff: map[index:map[_id:2 _index:movies]]
	// line 4, ends with 0xff: map[title:The Empire Strikes Back year:1980]
	// line 5, ends with 0xff: map[delete:map[_id:3 _index:movies]]
}

// A Druid native query in Smile, whose answer (one root array, possibly
// of millions of rows) is read one row at a time: memory holds one row.
// A server that answers JSON or an error page instead fails CheckResponse
// with its status and Content-Type.
func Example_druid() {
	type Row struct {
		Timestamp string `json:"timestamp"`
		Event     struct {
			Country string `json:"country"`
			Added   int64  `json:"added"`
		} `json:"event"`
	}
	// A stand-in for Druid's broker: an answer of three rows.
	druid := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		row := func(ts, country string, added int64) map[string]any {
			return map[string]any{"timestamp": ts, "event": map[string]any{"country": country, "added": added}}
		}
		v := []any{
			row("2026-01-01T00:00:00Z", "FR", 7),
			row("2026-01-01T00:00:01Z", "US", 14),
			row("2026-01-01T00:00:02Z", "FR", 21),
		}
		_ = smilehttp.WriteResponse(w, r, http.StatusOK, v)
	}))
	defer druid.Close()

	query := map[string]any{
		"queryType": "groupBy", "dataSource": "wikipedia", "granularity": "second",
		"dimensions": []string{"country"}, "intervals": []string{"2026-01-01/2026-02-01"},
		"aggregations": []map[string]any{{"type": "longSum", "name": "added", "fieldName": "added"}},
	}
	body, err := smile.Marshal(query)
	if err != nil {
		log.Fatal(err)
	}
	req, _ := http.NewRequest("POST", druid.URL+"/druid/v2", bytes.NewReader(body))
	req.Header.Set("Content-Type", smile.MediaTypeJackson)
	req.Header.Set("Accept", smile.MediaTypeJackson)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		log.Fatal(err)
	}
	defer resp.Body.Close()
	if err := smilehttp.CheckResponse(resp); err != nil {
		log.Fatal(err)
	}
	dec := smile.NewDecoder(resp.Body)
	if _, err := dec.Token(); err != nil { // [
		log.Fatal(err)
	}
	added := map[string]int64{}
	for dec.More() {
		var row Row
		if err := dec.Decode(&row); err != nil {
			log.Fatal(err) // a cut connection: a *smile.ReadError wrapping io.ErrUnexpectedEOF
		}
		added[row.Event.Country] += row.Event.Added
	}
	if _, err := dec.Token(); err != nil { // ]
		log.Fatal(err)
	}
	fmt.Println(added)
	// Output:
	// map[FR:28 US:14]
}

// CheckResponse names what a response is when it is not Smile.
func ExampleCheckResponse() {
	for _, h := range []struct {
		status int
		ct     string
	}{{200, "application/json"}, {502, "text/html"}} {
		resp := &http.Response{StatusCode: h.status, Header: http.Header{"Content-Type": {h.ct}}}
		fmt.Println(smilehttp.CheckResponse(resp))
	}
	// Output:
	// smilehttp: the response (200 OK) is application/json, not Smile: the server ignored Accept, or answered an error; ask for Smile with Accept: application/x-jackson-smile (or application/smile), and check the status
	// smilehttp: the response (502 Bad Gateway) is text/html, not Smile: an error page from the server or a proxy; check the status and the URL
}

func ExampleNegotiate() {
	for _, accept := range []string{
		"application/x-jackson-smile",
		"application/smile; q=0.9, application/json; q=0.8",
		"application/json, application/smile",
		"application/*",
		"*/*",
		"",
		"text/html, application/xml",
	} {
		fmt.Printf("%q: %q\n", accept, smilehttp.Negotiate(accept))
	}
	// Output:
	// "application/x-jackson-smile": "application/x-jackson-smile"
	// "application/smile; q=0.9, application/json; q=0.8": "application/smile"
	// "application/json, application/smile": "application/smile"
	// "application/*": "application/json"
	// "*/*": "application/json"
	// "": "application/json"
	// "text/html, application/xml": ""
}
