package smile

import (
	"unicode/utf8"

	"github.com/go-smile/smile/internal/rt"
)

// Keys kept from one document to the next. A service decodes document
// after document of the same shape, whose shared names fill the same
// slots in the same order; the Go strings of the last document's shared
// names are kept (d.lastKeys) and a slot whose next name has the same
// bytes gets the same string, without copying it again. A string never
// changes, so sharing one between the values of two documents is safe.
// The strings are carved from chunks of their own (d.keyArena), which
// hold nothing but keys, so that a kept key retains no value of an
// earlier document; keys longer than maxKeptKey and those of the slots
// from maxKeptKeys on are not kept (they are made as other strings are),
// which bounds what a pooled state keeps alive to about maxKeptKeys
// chunks of keyChunk bytes.
// Measured against making every document's keys anew (bench module, bash
// bench/callgrind.sh with GOGC=off, N=200; Ir per op in all / in
// go-smile's own functions): UnmarshalAny/small 14586 / 8505 ->
// 13395 / 8377, UnmarshalAny/medium 97139 / 63673 -> 96678 / 63247.
const (
	keyChunk    = 512
	maxKeptKey  = 64
	maxKeptKeys = 256
)

// newKey returns shared name b of slot slot as a new Go string, carved
// from the key chunks when it is to be kept.
func (d *decodeState) newKey(b []byte, slot int) string {
	n := len(b)
	if n > maxKeptKey || slot >= maxKeptKeys {
		return d.newString(b)
	}
	if d.cfg.opts.AllowInvalidUTF8 && !utf8.Valid(b) {
		b = replaceInvalidUTF8(b)
		n = len(b)
	}
	if n > maxKeptKey {
		return d.newString(b)
	}
	if n > cap(d.keyArena)-len(d.keyArena) {
		d.note(keyChunk)
		d.keyArena = make([]byte, 0, keyChunk)
	}
	i := len(d.keyArena)
	d.keyArena = append(d.keyArena, b...)
	return rt.String(d.keyArena[i : i+n : i+n])
}

// keepKeys makes the shared names of the document just decoded the ones
// the next document can reuse (see newKey), and leaves d.keys empty and
// zeroed, as the next document expects it.
func (d *decodeState) keepKeys() {
	if len(d.keys) == 0 {
		return // keep those of the last document that had any
	}
	if len(d.keys) > maxKeptKeys {
		clear(d.keys[maxKeptKeys:])
		d.keys = d.keys[:maxKeptKeys]
	}
	for i, k := range d.keys {
		if len(k) > maxKeptKey {
			d.keys[i] = "" // in a chunk of values: not kept
		}
	}
	// A slice of keys holds only "" beyond its length (slotString
	// lengthens d.keys over zeroed entries, and the lines above clear
	// what they cut off), so clearing the last document's keys up to its
	// length zeroes all of it. Clearing up to its capacity, which stays
	// that of the document with the most shared names, cost every later
	// document with keys a clear of that many strings (callgrind, a loop
	// of Unmarshal into an any of {"a":1.0,"b":"x"} after one document of
	// 1000 shared names, whole program, Ir per call, medians of three
	// runs: 4566 to its capacity, 3650 so; 3471 and 3554 without that
	// document).
	last := d.lastKeys
	clear(last)
	d.lastKeys, d.keys = d.keys, last[:0]
}
