package interop

import (
	"bytes"
	"encoding/json"
	"testing"
)

// The response to such a search: took, _shards, three hits with _source
// (one without a score, one with sort values and fields), and the
// aggregations keyed "sterms#genres" and "histogram#decades" as
// Elasticsearch returns them with typed_keys.
const esSearchResponse = `{
  "took": 12,
  "timed_out": false,
  "_shards": {"total": 5, "successful": 5, "skipped": 1, "failed": 0},
  "hits": {
    "total": {"value": 3, "relation": "eq"},
    "max_score": 2.7183,
    "hits": [
      {
        "_index": "movies",
        "_id": "1",
        "_score": 2.7183,
        "_source": {"title": "Star Wars", "genre": "sci-fi", "year": 1977, "rating": 8.6, "tags": ["space", "classic"]}
      },
      {
        "_index": "movies",
        "_id": "2",
        "_score": 1.25,
        "_source": {"title": "The Empire Strikes Back", "genre": "sci-fi", "year": 1980, "rating": 8.7, "sequel_of": "1"},
        "sort": [1980, "x"]
      },
      {
        "_index": "movies",
        "_id": "3",
        "_score": null,
        "_source": {"title": "Rogue One", "genre": "sci-fi", "year": 2016, "rating": 7.8, "director": null, "budget": 200000000},
        "fields": {"year": [2016]}
      }
    ]
  },
  "aggregations": {
    "sterms#genres": {
      "doc_count_error_upper_bound": 0,
      "sum_other_doc_count": 0,
      "buckets": [
        {"key": "sci-fi", "doc_count": 3, "avg#avg_rating": {"value": 8.366666666666667}}
      ]
    },
    "histogram#decades": {
      "buckets": [
        {"key": 1970.0, "doc_count": 1},
        {"key": 1980.0, "doc_count": 1},
        {"key": 2010.0, "doc_count": 1}
      ]
    }
  }
}`

// compactJSON returns text without insignificant whitespace, as
// Elasticsearch sends it. json.RawMessage fields (a hit's _source) keep
// the input's bytes in encoding/json, where smile gives them compact text
// (a documented difference), so the inputs are compacted first.
func compactJSON(t *testing.T, text string) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := json.Compact(&b, []byte(text)); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}
