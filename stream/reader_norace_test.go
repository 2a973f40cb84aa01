//go:build !race

package stream_test

// rdRace is true under the race detector, where the exhaustive tests
// sample fewer cases.
const rdRace = false
