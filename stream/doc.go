// Package stream reads and writes the Smile wire format token by token.
//
// It is the only part of go-smile that knows Smile's bytes: the 4-byte
// header, every value and key token, VInts and zigzag integers, floats, big
// numbers, the shared-name and shared-value back-reference tables, the end
// marker and sequences of documents. The format and Jackson's exact
// behaviour are summarised in the project's specification digest.
//
// A [Writer] appends tokens to a byte slice (and can flush to an
// [io.Writer]); it chooses the same token forms as Jackson's SmileGenerator,
// so its output is byte-identical to Jackson's for the same sequence of
// calls and the same features.
//
// A [Reader] pulls tokens from a []byte without copying, or from an
// [io.Reader] through a buffer. Every length read from the input is checked
// against the remaining input and the configured limits before anything is
// allocated, and every malformed input gives a [*SyntaxError] carrying the
// byte offset: a Reader never panics.
package stream
