// Package transcode converts between JSON text and Smile tokens, in both
// directions, with Jackson's rules for numbers, binary and non-finite
// floats. It sits between package stream and the root package, so that
// both the root package (MarshalJSON, UnmarshalJSON, json.RawMessage) and
// package compat (whole-document conversion, the command line tool) use
// one implementation:
//
//   - WriteValue and AppendValue convert one value inside a document that
//     a stream.Writer or stream.Reader is in the middle of;
//   - CopyFromJSON and CopyToJSON convert whole streams of documents with
//     flat memory.
//
// It may import only the standard library, stream and binary, never the
// root package.
package transcode
