//go:build !go1.26 || go1.27

package rt

// NewStringAnyMap returns a new empty map[string]any (see map_any.go).
func NewStringAnyMap() map[string]any { return make(map[string]any) }
