//go:build !go1.26 && !goexperiment.swissmap

package rt

// swissMaps reports whether the runtime's maps are Go 1.24's Swiss
// tables, whose layout SmallMap reads: not with GOEXPERIMENT=noswissmap.
const swissMaps = false
