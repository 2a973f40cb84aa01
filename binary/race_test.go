//go:build race

package binary

const raceEnabled = true
