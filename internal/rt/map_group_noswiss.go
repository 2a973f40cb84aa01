//go:build purego || (!go1.26 && !goexperiment.swissmap)

package rt

// swissMaps reports whether the runtime's maps are Go 1.24's Swiss
// tables, whose layout SmallMap reads: not with GOEXPERIMENT=noswissmap,
// and never read as such with -tags purego (map_purego.go).
const swissMaps = false
