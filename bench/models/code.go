package models

// Code is the root of testdata/code.json.gz, the tree used by the Go
// encoding/json benchmarks (codeResponse in encoding/json's bench_test.go).
type Code struct {
	Tree     *CodeNode `json:"tree"`
	Username string    `json:"username"`
}

// CodeNode is a directory or file of the Go source tree with its change
// statistics; Kids recurse.
type CodeNode struct {
	Name     string      `json:"name"`
	Kids     []*CodeNode `json:"kids"`
	CLWeight float64     `json:"cl_weight"`
	Touches  int         `json:"touches"`
	MinT     int64       `json:"min_t"`
	MaxT     int64       `json:"max_t"`
	MeanT    int64       `json:"mean_t"`
}
