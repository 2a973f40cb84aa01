//go:build !purego

package smile

// puregoEnabled says that the build has none of internal/rt's mirrors of
// the runtime (the purego tag): maps other than map[string]string and
// map[string]any are then read by reflect2's iterator, which allocates.
const puregoEnabled = false
