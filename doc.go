// Package smile encodes and decodes Smile, Jackson's binary JSON format
// (media type application/x-jackson-smile), with an API modelled on
// encoding/json.
//
// The wire format lives in package stream; the 7-bit binary kernel in
// package binary.
package smile
