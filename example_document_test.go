package smile_test

import (
	"fmt"
	"log"

	"github.com/go-smile/smile"
	"github.com/go-smile/smile/compat"
)

// searchResponse returns an Elasticsearch search response in Smile, as
// Elasticsearch answers a request sent with Accept: application/smile.
func searchResponse() []byte {
	data, err := compat.FromJSONBytes([]byte(`{
		"took": 5, "timed_out": false,
		"hits": {
			"total": {"value": 2, "relation": "eq"},
			"max_score": 1.3862942,
			"hits": [
				{"_index": "tweets", "_id": "1", "_score": 1.3862942,
				 "_source": {"user": "kimchy", "message": "trying out Elasticsearch", "likes": 12}},
				{"_index": "tweets", "_id": "2", "_score": 0.2876821,
				 "_source": {"user": "jdoe", "message": "Smile on the wire", "likes": 3}}
			]
		},
		"aggregations": {
			"by_user": {
				"doc_count_error_upper_bound": 0, "sum_other_doc_count": 0,
				"buckets": [{"key": "jdoe", "doc_count": 1}, {"key": "kimchy", "doc_count": 1}]
			}
		}
	}`), compat.FromJSONOptions{})
	if err != nil {
		log.Fatal(err)
	}
	return data
}

// Read an Elasticsearch search response without declaring its types:
// parse it once, then read the hits, their _source fields and the
// aggregation's buckets by path. Nothing is decoded into Go maps; the
// strings are read from the input without a copy.
func ExampleParse_elasticsearch() {
	doc, err := smile.Parse(searchResponse())
	if err != nil {
		log.Fatal(err)
	}
	root := doc.Root()
	total, _ := root.At("/hits/total/value").Int64()
	fmt.Println("total:", total)
	for hit := range root.At("/hits/hits").Elements() {
		id, _ := hit.Get("_id").String()
		user, _ := hit.Path("_source", "user").String()
		likes, _ := hit.Path("_source", "likes").Int64()
		fmt.Printf("%s: %s, %d likes\n", id, user, likes)
	}
	for bucket := range root.At("/aggregations/by_user/buckets").Elements() {
		key, _ := bucket.Get("key").String()
		count, _ := bucket.Get("doc_count").Int64()
		fmt.Println("bucket", key, count)
	}
	// A missing member is a Node that does not exist, not a panic.
	fmt.Println(root.At("/hits/hits/5/_source").Exists(), root.Get("_shards").Kind())
	// Output:
	// total: 2
	// 1: kimchy, 12 likes
	// 2: jdoe, 3 likes
	// bucket jdoe 1
	// bucket kimchy 1
	// false missing
}

// Reuse one Document for a stream of documents: once its buffers have
// grown to the documents' size, parsing allocates nothing. Each Parse
// invalidates the Nodes of the document before.
func ExampleDocument_Parse() {
	var doc smile.Document
	for _, text := range []string{`{"id":1,"tags":["a","b"]}`, `{"id":2,"tags":[]}`} {
		data, err := compat.FromJSONBytes([]byte(text), compat.FromJSONOptions{})
		if err != nil {
			log.Fatal(err)
		}
		if err := doc.Parse(data); err != nil {
			log.Fatal(err)
		}
		id, _ := doc.Root().Get("id").Int64()
		fmt.Println(id, doc.Root().Get("tags").Len())
	}
	// Output:
	// 1 2
	// 2 0
}

// Walk the members of an object whose keys are not known in advance, in
// input order, with a Go iterator.
func ExampleNode_Members() {
	data, err := compat.FromJSONBytes([]byte(`{"fr":12,"de":7,"it":3}`), compat.FromJSONOptions{})
	if err != nil {
		log.Fatal(err)
	}
	doc, err := smile.Parse(data)
	if err != nil {
		log.Fatal(err)
	}
	for key, value := range doc.Root().Members() {
		n, _ := value.Int64()
		fmt.Println(key, n)
	}
	// Output:
	// fr 12
	// de 7
	// it 3
}

// A reader called on a value of another kind says what the value is.
func ExampleKindError() {
	data, err := compat.FromJSONBytes([]byte(`{"count":"12"}`), compat.FromJSONOptions{})
	if err != nil {
		log.Fatal(err)
	}
	doc, err := smile.Parse(data)
	if err != nil {
		log.Fatal(err)
	}
	_, err = doc.Root().Get("count").Int64()
	fmt.Println(err)
	// Output:
	// smile: Node.Int64: the value is a string; check Node.Kind and use its reader (Node.String)
}

// Read one value without parsing the rest: Get reads only as far as the
// answer, skipping what comes before it without building anything.
func ExampleGet() {
	user, err := smile.Get(searchResponse(), "/hits/hits/1/_source/user")
	if err != nil {
		log.Fatal(err)
	}
	s, _ := user.String()
	fmt.Println(s)
	// Output:
	// jdoe
}

// Query a Druid result row by row: the Scanner answers the paths in each
// element of the root array in turn, in memory that holds one row, however
// many rows the result has. The query is compiled once; the paths are
// relative to each row.
func ExampleQuery_Scan() {
	q, err := smile.Compile("/page", "/edits")
	if err != nil {
		log.Fatal(err)
	}
	s := q.Scan(druidResult()) // q.ScanFrom(resp.Body) reads from a stream
	for s.Next() {
		page, _ := s.Node(0).String()
		edits, _ := s.Node(1).Int64()
		fmt.Println(s.Index(), page, edits)
	}
	if err := s.Err(); err != nil {
		log.Fatal(err)
	}
	// Output:
	// 0 Main_Page 10
	// 1 Main_Page 11
	// 2 Main_Page 12
}

// The same question three ways: which users wrote the hits, and how many
// hits there are. (The costs are those of bench/RESULTS.md, "generic
// documents", on twitter and citm_catalog.)
//
//   - Unmarshal into structs decodes every declared field, and needs the
//     types: the right choice when the program uses most of the document.
//   - Parse builds a flat index of the whole document in one pass, with no
//     Go values, and reads any value from it, as often as needed.
//   - A compiled Query reads only as far as its answers and builds only
//     them: the fastest for a few values, and it allocates nothing once
//     reused.
func Example_threeWays() {
	data := searchResponse()

	// 1. Unmarshal into structs.
	var resp struct {
		Hits struct {
			Total struct {
				Value int64 `json:"value"`
			} `json:"total"`
			Hits []struct {
				Source struct {
					User string `json:"user"`
				} `json:"_source"`
			} `json:"hits"`
		} `json:"hits"`
	}
	if err := smile.Unmarshal(data, &resp); err != nil {
		log.Fatal(err)
	}
	fmt.Print(resp.Hits.Total.Value)
	for _, h := range resp.Hits.Hits {
		fmt.Print(" ", h.Source.User)
	}
	fmt.Println()

	// 2. Parse, then read by path.
	doc, err := smile.Parse(data)
	if err != nil {
		log.Fatal(err)
	}
	total, _ := doc.Root().At("/hits/total/value").Int64()
	fmt.Print(total)
	for hit := range doc.Root().At("/hits/hits").Elements() {
		user, _ := hit.Path("_source", "user").String()
		fmt.Print(" ", user)
	}
	fmt.Println()

	// 3. A query without a tree; "*" matches every element.
	q, err := smile.CompilePattern("/hits/total/value", "/hits/hits/*/_source/user")
	if err != nil {
		log.Fatal(err)
	}
	err = q.Each(data, func(path int, n smile.Node) bool {
		if path == 0 {
			v, _ := n.Int64()
			fmt.Print(v)
		} else {
			user, _ := n.String()
			fmt.Print(" ", user)
		}
		return true
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println()
	// Output:
	// 2 kimchy jdoe
	// 2 kimchy jdoe
	// 2 kimchy jdoe
}
