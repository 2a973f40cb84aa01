// Package interop holds tests only: it checks go-smile against the Go types
// that real, widely used modules define (github.com/google/uuid,
// github.com/shopspring/decimal and the typed API of
// github.com/elastic/go-elasticsearch/v8), whose JSON methods and
// json.RawMessage fields go through the library's JSON-method bridge.
//
// It also talks Smile over HTTP to a live Jackson service,
// jvm/SmileService.java (its comment documents the endpoints, the
// negotiation and the faults), which service_test.go compiles with javac
// (cached under os.TempDir by the hash of the source and classpath) and
// starts once per Jackson version: 2.19 from the shared folder, and
// Debian's 2.7.8 where installed. It listens on 127.0.0.1 at a free port,
// and stops when its standard input closes or its watchdog fires. The
// tests: go-elasticsearch's esapi (_bulk, _doc, _search) in Smile beside
// JSON (elasticsearch_http_test.go), Druid answers streamed row by row
// and their memory (druid_test.go), Jackson's readTree view of our bytes
// (echo_test.go), Jackson's HTTP client against a Go handler
// (server_test.go), and the faults.
//
// It is a module of its own so that the library's go.mod does not gain these
// modules as dependencies.
package interop
