//go:build !race

// The race detector's build leaves out the Elasticsearch clients'
// tests: compiling go-elasticsearch's typed API with -race takes minutes,
// and these tests start no goroutines of their own (.ci/run runs them
// without -race, and TestConcurrentRequests with it).

package interop_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log"
	"net/http"

	"github.com/elastic/go-elasticsearch/v8"
	"github.com/elastic/go-elasticsearch/v8/esapi"
	"github.com/elastic/go-elasticsearch/v8/typedapi/core/bulk"
	"github.com/elastic/go-elasticsearch/v8/typedapi/core/search"
	"github.com/elastic/go-elasticsearch/v8/typedapi/types"
	"github.com/go-smile/smile"
	"github.com/go-smile/smile/smilehttp"
)

// Elasticsearch in Smile with go-elasticsearch's esapi: index documents
// through _bulk (smilehttp.BulkWriter frames them), then search with the
// typed API's request and response types. The headers ask for Smile; the
// responses decode whether the node answered Smile or JSON
// (smilehttp.DecodeBody). TestElasticsearchLive runs the same calls
// against the live Jackson service. (Not run here: it needs a node at
// localhost:9200.)
func Example_elasticsearch() {
	type Movie struct {
		Title string `json:"title"`
		Genre string `json:"genre"`
		Year  int    `json:"year"`
	}
	es, err := elasticsearch.NewDefaultClient()
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	header := http.Header{"Content-Type": {smile.MediaTypeElasticsearch}, "Accept": {smile.MediaTypeElasticsearch}}

	var body bytes.Buffer
	bw, _ := smilehttp.NewBulkWriter(&body, smile.EncMode{})
	for i, m := range []Movie{{"Star Wars", "sci-fi", 1977}, {"Alien", "sci-fi", 1979}} {
		if err := bw.Index("", fmt.Sprint(i+1), m); err != nil {
			log.Fatal(err)
		}
	}
	res, err := esapi.BulkRequest{Index: "movies", Body: &body, Header: header}.Do(ctx, es)
	if err != nil {
		log.Fatal(err)
	}
	var indexed bulk.Response
	err = smilehttp.DecodeBody(res.Header.Get("Content-Type"), res.Body, &indexed)
	res.Body.Close()
	if err != nil || indexed.Errors {
		log.Fatal(res.Status(), err)
	}

	req, err := smile.Marshal(search.Request{
		Query: &types.Query{Term: map[string]types.TermQuery{"genre.keyword": {Value: "sci-fi"}}},
	})
	if err != nil {
		log.Fatal(err)
	}
	res, err = esapi.SearchRequest{Index: []string{"movies"}, Body: bytes.NewReader(req), Header: header}.Do(ctx, es)
	if err != nil {
		log.Fatal(err)
	}
	defer res.Body.Close()
	var found search.Response
	if err := smilehttp.DecodeBody(res.Header.Get("Content-Type"), res.Body, &found); err != nil {
		log.Fatal(res.Status(), err)
	}
	for _, hit := range found.Hits.Hits {
		var m Movie
		if err := json.Unmarshal(hit.Source_, &m); err != nil { // _source is JSON text, as with JSON
			log.Fatal(err)
		}
		fmt.Println(*hit.Id_, m.Title, m.Year)
	}
}
