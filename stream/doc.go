// Package stream reads and writes the Smile wire format token by token.
//
// It is the only part of go-smile that knows Smile's bytes: the 4-byte
// header, every value and key token, VInts and zigzag integers, floats, big
// numbers, the shared-name and shared-value back-reference tables, the end
// marker and sequences of documents.
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
//
// # The format, as this package implements it
//
// Smile is the binary form of JSON's data model defined by FasterXML's
// "Smile Data Format" specification and written by Jackson's
// SmileGenerator. What the code relies on, in brief (format.go names
// every byte):
//
//   - A document starts with the header 3A 29 0A and a flags byte: bit 0
//     shared names, bit 1 shared string values, bit 2 raw binary may be
//     present, bits 4-7 the version (only 0 exists). Without a header a
//     reader assumes shared names on and the others off. FF ends a
//     document; several root values may follow one another.
//   - The meaning of a byte depends on the position: in value mode (the
//     root, array elements, object values) and in key mode (inside an
//     object, where a name or the end is due) the same byte is a
//     different token. Short strings and names carry their length in the
//     token byte (up to 64 bytes; 65 for UTF-8 values, 57 for UTF-8
//     names); longer ones end with FC, a byte UTF-8 never uses. Integers
//     from -16 to 15 are one byte; others are zigzag-encoded VInts
//     (big-endian groups of 7 bits, the last byte with bit 7 set and 6
//     bits of data). Floats, big numbers and the E8 binary form use a
//     7-bit encoding that keeps every byte below 0x80 (package binary).
//   - Two back-reference tables, one for names and one for string values
//     of at most 64 bytes, each hold up to 1024 strings in the order they
//     were first written; a back-reference token names an index, and the
//     table is emptied before its 1025th entry. The writer never makes a
//     reference whose bytes would be FE or FF.
//
// The tests check the Writer's bytes against documents that Jackson
// itself wrote (testdata/golden, read through internal/golden), and the
// Reader against the same documents and against malformed variants of
// them. Where Jackson's versions write different bytes, each version's
// are kept apart (testdata/golden/MANIFEST).
package stream
