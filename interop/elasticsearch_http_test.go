//go:build !race

// The race detector's build leaves out the Elasticsearch clients'
// tests: compiling go-elasticsearch's typed API with -race takes minutes,
// and these tests start no goroutines of their own (.ci/run runs them
// without -race, and TestConcurrentRequests with it).

package interop

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"testing"

	"github.com/elastic/go-elasticsearch/v8"
	"github.com/elastic/go-elasticsearch/v8/esapi"
	"github.com/elastic/go-elasticsearch/v8/typedapi/core/bulk"
	"github.com/elastic/go-elasticsearch/v8/typedapi/core/get"
	"github.com/elastic/go-elasticsearch/v8/typedapi/core/search"
	"github.com/elastic/go-elasticsearch/v8/typedapi/types"
	"github.com/go-smile/smile"
	"github.com/go-smile/smile/smilehttp"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// movie is the application's document type, as a user of
// go-elasticsearch writes it.
type movie struct {
	Title  string   `json:"title"`
	Genre  string   `json:"genre"`
	Year   int      `json:"year"`
	Rating float64  `json:"rating"`
	Tags   []string `json:"tags,omitempty"`
}

// movieN returns the i-th movie of the test corpus.
func movieN(i int) movie {
	genres := []string{"sci-fi", "drama", "comedy", "western"}
	m := movie{
		Title:  fmt.Sprintf("Movie %d: the %s", i, []string{"return", "empire", "frontier"}[i%3]),
		Genre:  genres[i%len(genres)],
		Year:   1950 + i%70,
		Rating: float64(i%91)/10 + 0.5,
	}
	if i%2 == 0 {
		m.Tags = []string{"tag" + strconv.Itoa(i%5), "classic"}
	}
	return m
}

// esClient returns a go-elasticsearch client of the service.
func esClient(t *testing.T, s *service) *elasticsearch.Client {
	t.Helper()
	es, err := elasticsearch.NewClient(elasticsearch.Config{Addresses: []string{s.url}, Transport: httpClient.Transport})
	if err != nil {
		t.Fatal(err)
	}
	return es
}

// smileHeader is the header of an esapi request that sends and asks for
// Smile.
func smileHeader() http.Header {
	return http.Header{"Content-Type": {smile.MediaTypeElasticsearch}, "Accept": {smile.MediaTypeElasticsearch}}
}

// jsonHeader asks for JSON, as go-elasticsearch does by default.
func jsonHeader() http.Header {
	return http.Header{"Content-Type": {"application/json"}, "Accept": {"application/json"}}
}

// decodeES decodes an esapi response's body into v, failing the test on
// an error status or a body that is neither Smile nor JSON.
func decodeES(t *testing.T, res *esapi.Response, err error, wantType string, v any) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if got := res.Header.Get("Content-Type"); got != wantType {
		t.Fatalf("Content-Type %q, want %q (status %d)", got, wantType, res.StatusCode)
	}
	if res.IsError() {
		var e map[string]any
		_ = smilehttp.DecodeBody(res.Header.Get("Content-Type"), res.Body, &e)
		t.Fatalf("status %d: %v", res.StatusCode, e)
	}
	if err := smilehttp.DecodeBody(res.Header.Get("Content-Type"), res.Body, v); err != nil {
		t.Fatal(err)
	}
}

// TestElasticsearchLive indexes, gets and searches documents through
// go-elasticsearch's esapi against the live Jackson service, in Smile
// (bodies written by our Encoder, _bulk framed by smilehttp.BulkWriter)
// and in JSON, and compares the typed API's responses and the decoded
// documents of the two. Each Smile exchange runs with and without shared
// names and values, on our side and on Jackson's.
func TestElasticsearchLive(t *testing.T) {
	const n = 200
	ctx := context.Background()
	forEachService(t, func(t *testing.T, s *service) {
		es := esClient(t, s)
		for vi, v := range encVariants {
			t.Run(v.name, func(t *testing.T) {
				mode := encMode(t, v.opts)
				shared := jacksonShared[vi%len(jacksonShared)]
				smileIndex, jsonIndex := "movies-smile-"+v.name, "movies-json-"+v.name

				// _bulk, in Smile and in NDJSON.
				sb, jb := bulkBodies(t, mode, n)
				h := smileHeader()
				h.Set("X-Smile-Shared", shared)
				var fromSmile, fromJSON bulk.Response
				res, err := esapi.BulkRequest{Index: smileIndex, Body: sb, Header: h}.Do(ctx, es)
				decodeES(t, res, err, smile.MediaTypeElasticsearch, &fromSmile)
				res, err = esapi.BulkRequest{Index: jsonIndex, Body: jb, Header: jsonHeader()}.Do(ctx, es)
				decodeES(t, res, err, "application/json", &fromJSON)
				if fromSmile.Errors || len(fromSmile.Items) != n {
					t.Fatalf("bulk in Smile: errors %v, %d items, want %d", fromSmile.Errors, len(fromSmile.Items), n)
				}
				ignore := cmp.Options{
					cmpopts.IgnoreFields(bulk.Response{}, "Took"),
					cmpopts.IgnoreFields(types.ResponseItem{}, "Index_", "SeqNo_"),
				}
				if d := cmp.Diff(fromJSON, fromSmile, ignore); d != "" {
					t.Errorf("bulk: Smile and JSON responses differ (-json +smile):\n%s", d)
				}

				// _doc/{id}: the typed response and the user's struct.
				for _, id := range []string{"0", "7", strconv.Itoa(n - 1)} {
					var gs, gj get.Response
					res, err := esapi.GetRequest{Index: smileIndex, DocumentID: id, Header: h}.Do(ctx, es)
					decodeES(t, res, err, smile.MediaTypeElasticsearch, &gs)
					res, err = esapi.GetRequest{Index: jsonIndex, DocumentID: id, Header: jsonHeader()}.Do(ctx, es)
					decodeES(t, res, err, "application/json", &gj)
					if d := cmp.Diff(gj, gs, cmpopts.IgnoreFields(get.Response{}, "Index_", "Source_")); d != "" {
						t.Errorf("_doc/%s: Smile and JSON responses differ (-json +smile):\n%s", id, d)
					}
					var ms, mj movie
					if err := json.Unmarshal(gs.Source_, &ms); err != nil {
						t.Fatal(err)
					}
					if err := json.Unmarshal(gj.Source_, &mj); err != nil {
						t.Fatal(err)
					}
					i, _ := strconv.Atoi(id)
					checkEqual(t, movieN(i), ms)
					checkEqual(t, mj, ms)
				}
				var missing get.Response
				res, err = esapi.GetRequest{Index: smileIndex, DocumentID: "nope", Header: h}.Do(ctx, es)
				if err != nil || res.StatusCode != 404 {
					t.Fatalf("_doc/nope: %v, status %v", err, res)
				}
				if err := smilehttp.DecodeBody(res.Header.Get("Content-Type"), res.Body, &missing); err != nil || missing.Found {
					t.Fatalf("_doc/nope: %v, found %v", err, missing.Found)
				}
				res.Body.Close()

				// _search with the typed API's request: a bool query, a terms
				// aggregation with an avg sub-aggregation, typed keys.
				req := search.Request{
					Size: ptr(5),
					Query: &types.Query{Bool: &types.BoolQuery{
						Filter: []types.Query{{Term: map[string]types.TermQuery{"genre.keyword": {Value: "drama"}}}},
					}},
					Aggregations: map[string]types.Aggregations{
						"genres": {
							Terms:        &types.TermsAggregation{Field: ptr("genre.keyword"), Size: ptr(10)},
							Aggregations: map[string]types.Aggregations{"avg_rating": {Avg: &types.AverageAggregation{Field: ptr("rating")}}},
						},
					},
				}
				sbody, err := mode.Marshal(req)
				if err != nil {
					t.Fatal(err)
				}
				jbody, err := json.Marshal(req)
				if err != nil {
					t.Fatal(err)
				}
				var ss, sj search.Response
				res, err = esapi.SearchRequest{Index: []string{smileIndex}, Body: bytes.NewReader(sbody), TypedKeys: ptr(true), Header: h}.Do(ctx, es)
				decodeES(t, res, err, smile.MediaTypeElasticsearch, &ss)
				res, err = esapi.SearchRequest{Index: []string{jsonIndex}, Body: bytes.NewReader(jbody), TypedKeys: ptr(true), Header: jsonHeader()}.Do(ctx, es)
				decodeES(t, res, err, "application/json", &sj)
				if ss.Hits.Total == nil || ss.Hits.Total.Value != n/4 || len(ss.Hits.Hits) != 5 {
					t.Fatalf("_search: total %+v, %d hits; want %d, 5", ss.Hits.Total, len(ss.Hits.Hits), n/4)
				}
				genres, ok := ss.Aggregations["genres"].(*types.StringTermsAggregate)
				if !ok {
					t.Fatalf("genres is %T, want *types.StringTermsAggregate", ss.Aggregations["genres"])
				}
				var buckets []types.StringTermsBucket
				if b, ok := genres.Buckets.([]types.StringTermsBucket); ok {
					buckets = b
				}
				if len(buckets) != 1 || buckets[0].Key != "drama" || buckets[0].DocCount != n/4 {
					t.Fatalf("genres buckets: %+v", genres.Buckets)
				}
				avg, ok := buckets[0].Aggregations["avg_rating"].(*types.AvgAggregate)
				if !ok || avg.Value == nil {
					t.Fatalf("avg_rating: %#v", buckets[0].Aggregations["avg_rating"])
				}
				var sum float64
				for i := 1; i < n; i += 4 {
					sum += movieN(i).Rating
				}
				// Jackson sums in the same order as this loop: the same float64.
				if got, want := float64(*avg.Value), sum/float64(n/4); got != want {
					t.Errorf("avg_rating = %v, want %v", got, want)
				}
				if d := cmp.Diff(sj, ss, cmpopts.IgnoreFields(search.Response{}, "Took"), cmpopts.IgnoreFields(types.Hit{}, "Index_", "Source_")); d != "" {
					t.Errorf("_search: Smile and JSON responses differ (-json +smile):\n%s", d)
				}
				for i, hit := range ss.Hits.Hits {
					var ms, mj movie
					if err := json.Unmarshal(hit.Source_, &ms); err != nil {
						t.Fatal(err)
					}
					if err := json.Unmarshal(sj.Hits.Hits[i].Source_, &mj); err != nil {
						t.Fatal(err)
					}
					id, _ := strconv.Atoi(*hit.Id_)
					checkEqual(t, movieN(id), ms)
					checkEqual(t, mj, ms)
				}
			})
		}
	})
}

// TestElasticsearchBulkLarge sends 100,000 documents through _bulk in
// Smile, which Jackson reads line by line (each a Smile document ended by
// 0xFF), and the same in NDJSON; it reports the two body sizes.
func TestElasticsearchBulkLarge(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: 100,000 documents through _bulk take seconds")
	}
	const n = 100_000
	ctx := context.Background()
	forEachService(t, func(t *testing.T, s *service) {
		if s.jackson != "2.19" {
			// The interop step's time bound: TestElasticsearchLive sends
			// _bulk bodies to every version.
			t.Skipf("100,000 documents run on Jackson 2.19 only; TestElasticsearchLive covers %s", s.jackson)
		}
		es := esClient(t, s)
		// One sharing variant: each line is a document of its own, so that
		// shared values (which span one document) change nothing here;
		// TestElasticsearchLive runs every variant.
		for _, v := range []int{0} {
			sb, jb := bulkBodies(t, encMode(t, encVariants[v].opts), n)
			smileLen, jsonLen := sb.Len(), jb.Len()
			for _, c := range []struct {
				body   *bytes.Buffer
				header http.Header
				index  string
			}{{sb, smileHeader(), "big-smile"}, {jb, jsonHeader(), "big-json"}} {
				res, err := esapi.BulkRequest{Index: c.index + strconv.Itoa(v), Body: c.body, Header: c.header}.Do(ctx, es)
				if err != nil {
					t.Fatal(err)
				}
				if got := res.Header.Get("X-Bulk-Documents"); got != strconv.Itoa(n) {
					t.Fatalf("%s: Jackson read %s documents, want %d (status %d)", c.index, got, n, res.StatusCode)
				}
				var r bulk.Response
				if err := smilehttp.DecodeBody(res.Header.Get("Content-Type"), res.Body, &r); err != nil {
					t.Fatal(err)
				}
				res.Body.Close()
				if r.Errors || len(r.Items) != n {
					t.Fatalf("%s: errors %v, %d items", c.index, r.Errors, len(r.Items))
				}
			}
			t.Logf("_bulk of %d documents (%s): Smile %d bytes, NDJSON %d bytes (%.1f%%)", n, encVariants[v].name, smileLen, jsonLen, 100*float64(smileLen)/float64(jsonLen))
		}
	})
}

// bulkBodies returns the _bulk bodies that index movies 0 to n-1 by id:
// in Smile, written by smilehttp.BulkWriter with mode, and in NDJSON,
// written by hand with encoding/json.
func bulkBodies(t *testing.T, mode smile.EncMode, n int) (sb, jb *bytes.Buffer) {
	t.Helper()
	sb, jb = new(bytes.Buffer), new(bytes.Buffer)
	bw, err := smilehttp.NewBulkWriter(sb, mode)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < n; i++ {
		if err := bw.Index("", strconv.Itoa(i), movieN(i)); err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(jb, "{\"index\":{\"_id\":%q}}\n", strconv.Itoa(i))
		line, _ := json.Marshal(movieN(i))
		jb.Write(append(line, '\n'))
	}
	return sb, jb
}
