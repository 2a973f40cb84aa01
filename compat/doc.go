// Package compat converts between Smile and JSON text, streaming, in both
// directions, with Jackson's rules for numbers, binary and non-finite
// floats. It is how go-smile agrees with the outside world: the command
// line tool and the differential tests against Jackson are built on it.
//
// Conversions never build a whole-document tree: memory stays flat on
// large inputs, and the depth and length limits of the options apply.
package compat
