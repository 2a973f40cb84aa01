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
//
// # The API
//
// A Reader's core is PeekKind, ReadToken and SkipValue, with Depth,
// InputOffset and TokenOffset to say where it stands, SharedTables for
// the header's flags, ReadBinaryTo for binary values too large to hold,
// Buffered and Reset. A Writer's is one method per kind of token
// (WriteNull ... WriteEndArray, WriteKey, WritePreparedKey), WriteToken
// for a token a Reader returned (copying a document token by token), and
// Bytes, Flush, EndDocument, Depth and Reset. To decode a value into a Go
// type at a Reader's position, or encode one at a Writer's, use the root
// package's UnmarshalDecode and MarshalEncode.
//
// The decoder and encoder of the root package use further methods (keys
// matched against a prepared one, whole fields and arrays in one call);
// they are reached through Internal, which only go-smile's own packages
// can use, and are not part of this API.
//
// # What the process keeps
//
// Besides the Readers and Writers themselves and constant lookup tables,
// stream keeps two things for
// the life of the process: the seed of its table hash, and a registry
// that gives the keys of the root package's struct fields ids, so that
// each Writer finds their table index by id. The registry holds at most
// 65536 names of at most 1 MiB in all; names beyond are looked up as
// WriteKey's are, with the same output. The keys returned by PrepareKey
// are not recorded in it.
package stream
