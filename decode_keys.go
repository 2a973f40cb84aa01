package smile

import (
	"unicode/utf8"

	"github.com/go-smile/smile/internal/rt"
	"github.com/go-smile/smile/stream"
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
// zeroed, as the next document expects it. A name that the document
// before had in the same slot too is prepared for anyKey, once.
func (d *decodeState) keepKeys() {
	if len(d.keys) == 0 {
		d.expectName(0)
		return // keep those of the last document that had any
	}
	if len(d.keys) > maxKeptKeys {
		clear(d.keys[maxKeptKeys:])
		d.keys = d.keys[:maxKeptKeys]
	}
	last, prep := d.lastKeys, d.lastPrep
	if len(prep) > len(d.keys) {
		clear(prep[len(d.keys):])
		prep = prep[:len(d.keys)]
	}
	for len(prep) < len(d.keys) {
		prep = append(prep, nil)
	}
	for i, k := range d.keys {
		if i < len(last) && prep[i] != nil && rt.SameString(k, last[i]) {
			continue // the usual case, first: prepared already (own Ir per UnmarshalAny/small, N=100: 7239 -> 7166)
		}
		switch {
		case len(k) > maxKeptKey:
			d.keys[i] = "" // in a chunk of values: not kept
			prep[i] = nil
		case k == "" || len(k) > maxPreparedKey || i >= len(last) || !rt.SameString(k, last[i]):
			prep[i] = nil
		case prep[i] == nil: // the same name twice in a row: prepare it
			prep[i], _ = stream.PrepareKey(k) // valid UTF-8: newKey made it so
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
	d.lastPrep = prep
	clear(last)
	d.lastKeys, d.keys = d.keys, last[:0]
	d.expectName(0)
}

// maxPreparedKey is the longest name anyKey expects: ReadTaggedKey
// matches a prepared key whose token takes at most 16 bytes, a byte of
// token type and 15 of name.
const maxPreparedKey = 15

// anyKey is nextKeySlot for the objects of anyValue, which expects the
// document's next new name to be the one the last documents had in the
// same slot (d.lastPrep): a service decodes documents of one shape, whose
// names come in the same order. ReadTaggedKey recognizes that name by one
// comparison of the input with its token, without checking its UTF-8 and
// without adding it to d.keys by comparing its bytes with the last
// document's string. Measured against nextKeySlot (bench module, BIN=<bench
// test> sh bench/callgrind.sh, GC off, N=100 for small and medium, N=10
// for the others; Ir per op in go-smile's own functions):
// UnmarshalAny/small 8245 -> 7642, medium 60936 -> 58325, twitter 5.805M
// -> 5.631M, citm_catalog 12.303M -> 12.269M, code 33.84M -> 32.67M; in
// all, with GOGC=100 (N=1000, N=200): small 12751 -> 12521, medium 143.0K
// -> 128.8K.
func (d *decodeState) anyKey() (k string, slot int, ok bool, err error) {
	pk := d.nextPrep
	kb, slot, tag, prev, ok, err := export.ReadTaggedKey(d.r, pk, keysTag)
	if !ok {
		return "", slot, ok, err
	}
	if (tag == keysTag || prev == keysTag) && uint(slot) < uint(len(d.keys)) {
		if k := d.keys[slot]; k != "" { // "" after release: d.keys is per use of d
			return k, slot, true, nil
		}
	}
	return d.anyKeySlow(kb, slot, tag, pk)
}

// anyKeySlow is anyKey for a name it did not find in d.keys: pk, if not
// nil, is the name it expected, and kb, slot and tag what ReadTaggedKey
// returned.
func (d *decodeState) anyKeySlow(kb []byte, slot int, tag uint64, pk *stream.PreparedKey) (k string, _ int, ok bool, err error) {
	if kb == nil && pk != nil { // pk matched, or a reference to a name other decoders tagged, or ""
		if slot < 0 {
			if tag == keysTag { // a match without shared names
				return pk.Name(), slot, true, nil
			}
		} else {
			// A match read the name's whole token, a byte of type and the
			// name's, longer than a reference (1 or 2 bytes) for a name of
			// 2 bytes or more; other names are compared. Measured against
			// comparing every one (own Ir per op, N=100): UnmarshalAny/small
			// 7166 -> 6918, medium 58229 -> 57482.
			name := pk.Name()
			same := tag == keysTag && len(name) > 1 && d.r.InputOffset()-d.offset() == int64(1+len(name))
			if !same {
				kb = export.SharedName(d.r, slot)
				same = string(kb) == name
			}
			if same && slot == d.nameNext && slot == len(d.keys) && slot < cap(d.keys) {
				d.keys = append(d.keys, name) // tagged keysTag by ReadTaggedKey
				d.expectName(slot + 1)
				return name, slot, true, nil
			}
			if kb == nil {
				kb = export.SharedName(d.r, slot)
			}
		}
	}
	if slot >= d.nameNext {
		d.expectName(slot + 1)
	}
	k = d.keyString(kb, slot)
	if uint(slot) < uint(len(d.keys)) && len(k) > 0 && d.keys[slot] == k {
		export.SetKeyTag(d.r, slot, keysTag)
	}
	return k, slot, true, nil
}

// expectName records that the document's next new name is expected in
// slot i.
func (d *decodeState) expectName(i int) {
	d.nameNext, d.nextPrep = i, nil
	if i < len(d.lastPrep) {
		d.nextPrep = d.lastPrep[i]
	}
}
