// Package seam gives this module's packages what package stream does
// not export: functions that stream sets when it is initialized, so that
// stream's public API stays the one its users need.
package seam

// BeginOneValue makes w, a *stream.Writer, accept exactly one value from
// now on, and returns what EndOneValue needs to check that it got one and
// to restore w. It returns an error, changing nothing, when a value
// cannot be written now (a key is due). The encoder calls it around a
// method that writes a value into the document's Writer.
var BeginOneValue func(w any) (saved int, err error)

// EndOneValue checks that w received exactly one complete value since
// BeginOneValue returned saved, and restores w to accept what follows that
// value.
var EndOneValue func(w any, saved int) error
