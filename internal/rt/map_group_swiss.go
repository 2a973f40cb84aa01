//go:build !purego && (go1.26 || goexperiment.swissmap)

package rt

// swissMaps reports whether the runtime's maps are Go 1.24's Swiss
// tables, whose layout SmallMap reads (the only maps from Go 1.26 on).
const swissMaps = true
