module github.com/go-smile/smile/interop

go 1.24

// The library under test, from this working tree.
replace github.com/go-smile/smile => ../

require (
	github.com/elastic/go-elasticsearch/v8 v8.19.7
	github.com/go-smile/smile v0.0.0-00010101000000-000000000000
	github.com/google/go-cmp v0.7.0
	github.com/google/uuid v1.6.0
	github.com/shopspring/decimal v1.6.0
)

require (
	github.com/elastic/elastic-transport-go/v8 v8.9.0 // indirect
	github.com/go-logr/logr v1.4.3 // indirect
	github.com/go-logr/stdr v1.2.2 // indirect
	github.com/modern-go/reflect2 v1.0.2 // indirect
	go.opentelemetry.io/otel v1.29.0 // indirect
	go.opentelemetry.io/otel/metric v1.29.0 // indirect
	go.opentelemetry.io/otel/trace v1.29.0 // indirect
)
