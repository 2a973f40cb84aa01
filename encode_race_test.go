//go:build race

package smile

const raceEnabled = true
