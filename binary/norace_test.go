//go:build !race

package binary

const raceEnabled = false
