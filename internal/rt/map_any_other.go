//go:build !go1.26 || go1.27 || !(amd64 || arm64)

package rt

// NewStringAnyMap returns a new empty map[string]any (see map_any.go).
func NewStringAnyMap() map[string]any { return make(map[string]any) }

// NewStringAnyMapSized returns a new empty map[string]any made for n
// entries (see map_any.go).
func NewStringAnyMapSized(n int) map[string]any { return make(map[string]any, n) }
