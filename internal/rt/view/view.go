// Package view holds the byte and string views that package stream needs:
// a string over a []byte's bytes and back, and a slice rebuilt from a
// pointer and a length, each without a copy. It is the part of
// internal/rt that depends on nothing (stream imports no reflection
// library), and, with internal/rt, the only code of the module that uses
// package unsafe beyond unsafe.Pointer as a type.
//
// Every function here is a single expression the compiler inlines, so a
// view costs what writing unsafe at the call site would (go build
// -gcflags=-m ./internal/rt/view reports "can inline" for all five).
package view

import "unsafe"

// String returns a string over b's bytes, without a copy. b must not be
// changed while the string is in use.
func String(b []byte) string { return unsafe.String(unsafe.SliceData(b), len(b)) }

// Bytes returns the bytes of s as a slice, without a copy. The slice must
// not be written to.
func Bytes(s string) []byte { return unsafe.Slice(unsafe.StringData(s), len(s)) }

// Data returns the address of b's first byte (of its array when b is
// empty but not nil), or nil for a nil slice.
func Data(b []byte) *byte { return unsafe.SliceData(b) }

// Slice returns the n bytes at p as a slice with cap n. p must point into
// an array of at least n bytes that stays alive while the slice is used.
func Slice(p *byte, n uint64) []byte { return unsafe.Slice(p, n) }

// Word returns the 8 bytes at p+i as an array, for a loop of 8-byte loads
// and stores that needs no bounds checks. The caller proves that p+i+8 is
// within p's array.
func Word(p *byte, i int) *[8]byte { return (*[8]byte)(unsafe.Add(unsafe.Pointer(p), i)) }
