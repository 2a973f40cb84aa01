//go:build purego || !go1.26 || go1.27 || !amd64

package rt

// NewStringAnyMap returns a new empty map[string]any (see map_any.go);
// the runtime draws its seed.
func NewStringAnyMap(seed uintptr) map[string]any { return make(map[string]any) }

// NewStringAnyMapSized returns a new empty map[string]any made for n
// entries (see map_any.go); the runtime draws its seed.
func NewStringAnyMapSized(n int, seed uintptr) map[string]any { return make(map[string]any, n) }

// MapSeed returns 0: maps here are made by make, which seeds them (see
// map_put.go).
func MapSeed() uintptr { return 0 }

// StringHash returns 0 (see map_put.go): PutStringAny puts nothing here.
func StringHash(k string, seed uintptr) uintptr { return 0 }

// PutStringAny reports false: the caller writes m[k] = v (see map_put.go).
func PutStringAny(m map[string]any, seed uintptr, k string, hash uintptr, v any) bool { return false }
