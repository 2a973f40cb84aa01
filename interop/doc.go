// Package interop holds tests only: it checks go-smile against the Go types
// that real, widely used modules define (github.com/google/uuid,
// github.com/shopspring/decimal and the typed API of
// github.com/elastic/go-elasticsearch/v8), whose JSON methods and
// json.RawMessage fields go through the library's JSON-method bridge.
//
// It is a module of its own so that the library's go.mod does not gain these
// modules as dependencies.
package interop
