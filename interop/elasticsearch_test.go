//go:build !race

// The race detector's build leaves out the Elasticsearch clients'
// tests: compiling go-elasticsearch's typed API with -race takes minutes,
// and these tests start no goroutines of their own (.ci/run runs them
// without -race, and TestConcurrentRequests with it).

package interop

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/elastic/go-elasticsearch/v8/typedapi/core/search"
	"github.com/elastic/go-elasticsearch/v8/typedapi/types"
	"github.com/go-smile/smile"
	"github.com/go-smile/smile/compat"
	"github.com/google/go-cmp/cmp"
)

// The typed API of github.com/elastic/go-elasticsearch/v8 has custom
// UnmarshalJSON on most of its types (union types such as Query and
// SourceConfig, aggregations keyed by "type#name" in responses) and
// MarshalJSON on many (Request, Query, Aggregations, Float64). Through Smile
// each of them is called by the JSON-method bridge.

// A search with a bool query (must, filter with term and range, should,
// must_not), a terms aggregation with an avg sub-aggregation, a histogram,
// sort, _source filtering and highlighting.
const esSearchRequest = `{
  "from": 0,
  "size": 3,
  "track_total_hits": true,
  "_source": ["title", "genre", "year", "rating"],
  "query": {
    "bool": {
      "must": [
        {"match": {"title": {"query": "star wars", "operator": "and"}}}
      ],
      "filter": [
        {"term": {"status": {"value": "published"}}},
        {"range": {"year": {"gte": 1977, "lte": 2019}}}
      ],
      "should": [
        {"match_phrase": {"title": {"query": "empire strikes", "slop": 2}}}
      ],
      "must_not": [
        {"exists": {"field": "deleted_at"}}
      ],
      "minimum_should_match": 1,
      "boost": 1.5
    }
  },
  "aggregations": {
    "genres": {
      "terms": {"field": "genre.keyword", "size": 10, "min_doc_count": 1},
      "aggregations": {
        "avg_rating": {"avg": {"field": "rating"}}
      }
    },
    "decades": {
      "histogram": {"field": "year", "interval": 10}
    }
  },
  "sort": [
    {"year": {"order": "desc"}},
    "_score"
  ],
  "highlight": {"fields": {"title": {}}},
  "timeout": "2s"
}`

func TestElasticsearchSearchRequest(t *testing.T) {
	text := compactJSON(t, esSearchRequest)

	// JSON -> Go and Smile -> Go give the same Request.
	req := checkUnmarshal[search.Request](t, text)
	if req.Query == nil || req.Query.Bool == nil || len(req.Query.Bool.Filter) != 2 {
		t.Fatalf("the bool query was not decoded: %+v", req.Query)
	}
	if agg, ok := req.Aggregations["genres"]; !ok || agg.Terms == nil || agg.Aggregations["avg_rating"].Avg == nil {
		t.Fatalf("the terms aggregation and its sub-aggregation were not decoded: %+v", req.Aggregations)
	}

	// Go -> JSON and Go -> Smile -> JSON give the same JSON. Request's
	// MarshalJSON and the maps inside it fix the key order, but numbers
	// such as boost 1.5 go through the bridge as float64 and come back as
	// Jackson spells them, so the texts are compared as JSON values.
	checkMarshal(t, &req)
	checkMarshal(t, req)

	// Go -> Smile -> Go gives what Go -> JSON -> Go gives.
	checkRoundTrip(t, req)

	// The short forms the union types' UnmarshalJSON methods accept: a
	// term and a match query given as a bare value, "aggs" for
	// "aggregations", _source as a bool, a sort given as a string.
	short := []byte(`{"query":{"bool":{"must":{"match":{"title":"star wars"}},"filter":[{"term":{"lang":"go"}},{"terms":{"tags":["a","b"]}}]}},"aggs":{"by_year":{"date_histogram":{"field":"released","calendar_interval":"year"},"aggs":{"top":{"top_hits":{"size":1}}}}},"_source":false,"sort":"year","search_after":[1980,"x",true]}`)
	shortReq := checkUnmarshal[search.Request](t, short)
	if shortReq.Query == nil || shortReq.Query.Bool == nil || len(shortReq.Query.Bool.Must) != 1 || shortReq.Query.Bool.Must[0].Match["title"].Query != "star wars" {
		t.Errorf("the short match query was not decoded: %+v", shortReq.Query)
	}
	if _, ok := shortReq.Aggregations["by_year"]; !ok {
		t.Errorf("aggs was not decoded: %+v", shortReq.Aggregations)
	}
	checkMarshal(t, shortReq)
	checkRoundTrip(t, shortReq)

	// A kNN search ([]float32 query vector, down to float32's largest
	// value), script parameters (map[string]json.RawMessage, one integer
	// past int64, which Smile keeps as a BigInteger), a geo filter, a
	// rescorer, boosts.
	knn := []byte(`{"knn":{"field":"vec","query_vector":[0.1,0.2,-0.3,1e-7,3.4028235e38],"k":10,"num_candidates":100,"similarity":0.75},"script_fields":{"double":{"script":{"source":"doc['x'].value * params.f","params":{"f":2.5,"big":12345678901234567890123,"nested":{"a":[1,"b"]}}}}},"runtime_mappings":{"day":{"type":"keyword","script":{"source":"emit(doc['ts'].value.dayOfWeekEnum)"}}},"min_score":0.5,"indices_boost":[{"a":1.5},{"b":2}],"post_filter":{"geo_distance":{"distance":"12km","pin.location":{"lat":40.12,"lon":-71.34}}},"rescore":[{"window_size":50,"query":{"rescore_query":{"match_phrase":{"title":{"query":"x","slop":1}}},"query_weight":0.7}}]}`)
	knnReq := checkUnmarshal[search.Request](t, knn)
	if len(knnReq.Knn) != 1 || len(knnReq.Knn[0].QueryVector) != 5 || string(knnReq.ScriptFields["double"].Script.Params["big"]) != "12345678901234567890123" {
		t.Errorf("the kNN search was not decoded: %+v", knnReq)
	}
	checkMarshal(t, knnReq)
	checkRoundTrip(t, knnReq)

	// Built with the typed API rather than decoded.
	built := search.Request{
		Size: ptr(10),
		Query: &types.Query{
			Bool: &types.BoolQuery{
				Must:   []types.Query{{Match: map[string]types.MatchQuery{"title": {Query: "smile"}}}},
				Filter: []types.Query{{Term: map[string]types.TermQuery{"lang": {Value: "go"}}}},
			},
		},
		Aggregations: map[string]types.Aggregations{
			"langs": {
				Terms:        &types.TermsAggregation{Field: ptr("lang"), Size: ptr(5)},
				Aggregations: map[string]types.Aggregations{"stars": {Max: &types.MaxAggregation{Field: ptr("stars")}}},
			},
		},
	}
	checkMarshal(t, built)
	checkRoundTrip(t, built)
}

func TestElasticsearchSearchResponse(t *testing.T) {
	text := compactJSON(t, esSearchResponse)

	// JSON -> Go and Smile -> Go (the Smile form an Elasticsearch node
	// sends with Accept: application/smile) give the same Response, with
	// the typed aggregations and each hit's _source as JSON text.
	resp := checkUnmarshal[search.Response](t, text)
	if len(resp.Hits.Hits) != 3 {
		t.Fatalf("got %d hits, want 3", len(resp.Hits.Hits))
	}
	if _, ok := resp.Aggregations["genres"].(*types.StringTermsAggregate); !ok {
		t.Errorf("genres is %T, want *types.StringTermsAggregate", resp.Aggregations["genres"])
	}
	if _, ok := resp.Aggregations["decades"].(*types.HistogramAggregate); !ok {
		t.Errorf("decades is %T, want *types.HistogramAggregate", resp.Aggregations["decades"])
	}
	want := `{"title":"Star Wars","genre":"sci-fi","year":1977,"rating":8.6,"tags":["space","classic"]}`
	if got := string(resp.Hits.Hits[0].Source_); got != want {
		t.Errorf("_source of hit 1 = %s, want %s", got, want)
	}

	// Decoding a hit's _source into the application's own type.
	type movie struct {
		Title  string   `json:"title"`
		Year   int      `json:"year"`
		Rating float64  `json:"rating"`
		Tags   []string `json:"tags"`
	}
	var fromJSON, fromSmile search.Response
	if err := json.Unmarshal(text, &fromJSON); err != nil {
		t.Fatal(err)
	}
	if err := smile.Unmarshal(jsonToSmile(t, text), &fromSmile); err != nil {
		t.Fatal(err)
	}
	for i := range fromJSON.Hits.Hits {
		var a, b movie
		if err := json.Unmarshal(fromJSON.Hits.Hits[i].Source_, &a); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(fromSmile.Hits.Hits[i].Source_, &b); err != nil {
			t.Fatal(err)
		}
		checkEqual(t, a, b)
	}

	// Go -> JSON and Go -> Smile -> JSON give the same JSON. Response has
	// no MarshalJSON, so it is marshaled field by field; the aggregations
	// lose their "type#" prefix in both (encoding/json writes the map's
	// keys), so this JSON does not decode back into a Response: the round
	// trip is checked on the hits.
	// Sort values are held as any, so 1980 is a float64: Smile writes it
	// as a float, and compat.ToJSON spells it 1980.0 as Jackson does,
	// where encoding/json writes 1980; checkMarshal compares values.
	checkMarshal(t, resp)
	checkRoundTrip(t, resp.Hits)
	checkRoundTrip(t, resp.Shards_)
}

func TestElasticsearchResponseDecoder(t *testing.T) {
	// A client reading the response body with smile.NewDecoder, as an
	// http.Client user does, gets what json.NewDecoder gives.
	text := compactJSON(t, esSearchResponse)
	var fromJSON, fromSmile search.Response
	if err := json.NewDecoder(bytes.NewReader(text)).Decode(&fromJSON); err != nil {
		t.Fatal(err)
	}
	if err := smile.NewDecoder(bytes.NewReader(jsonToSmile(t, text))).Decode(&fromSmile); err != nil {
		t.Fatal(err)
	}
	checkEqual(t, fromJSON, fromSmile)
}

func TestElasticsearchResponseSmileFeatures(t *testing.T) {
	// Elasticsearch writes Smile with raw binary (ENCODE_BINARY_AS_7BIT
	// off); other producers share string values or write an end marker.
	// The decoded Response must not depend on the features the producer
	// chose, since JSON text for UnmarshalJSON is rebuilt from the tokens.
	text := compactJSON(t, esSearchResponse)
	var want search.Response
	if err := json.Unmarshal(text, &want); err != nil {
		t.Fatal(err)
	}
	for _, enc := range []smile.EncOptions{
		{RawBinary: true},
		{SharedValues: true},
		{DisableSharedNames: true},
		{EndMarker: true, SharedValues: true, RawBinary: true},
	} {
		doc, err := compat.FromJSONBytes(text, compat.FromJSONOptions{Enc: enc})
		if err != nil {
			t.Fatal(err)
		}
		var got search.Response
		if err := smile.Unmarshal(doc, &got); err != nil {
			t.Fatalf("%+v: %v", enc, err)
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%+v: decoded values differ (-encoding/json +smile):\n%s", enc, diff)
		}
	}
}
