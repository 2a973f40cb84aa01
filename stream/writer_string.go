package stream

import (
	le "encoding/binary"
	"sync/atomic"
	"unsafe"
)

// Length limits of the short string and key forms a Writer uses, in bytes
// of UTF-8. Longer strings and keys use the FC-terminated long forms.
const (
	maxShortValue      = 64 // 0x40-0x7F ASCII (1-64) and 0x80-0xBF Unicode (2-64; Jackson never writes the 65-byte 0xBF)
	maxShortKeyASCII   = 64 // 0x80-0xBF
	maxShortKeyUnicode = 56 // 0xC0-0xF6; Jackson writes 57 bytes (0xF7) as a long name

	// maxLongASCII is the longest string Jackson writes with the long
	// ASCII token E0. It encodes a longer string in pieces, so it cannot
	// go back and change the token once it knows the string is ASCII:
	// it writes E4 (long Unicode) for every string of n UTF-16 units when
	// 3n+2 exceeds its 8000-byte output buffer, i.e. n > 2666.
	maxLongASCII = (8000 - 2) / 3
)

// WriteString writes a string value, or a shared-value reference when
// shared values are enabled and s was written before. s must be valid
// UTF-8; otherwise WriteString returns an error and writes nothing.
//
// The token is the one Jackson's writeString chooses, including a quirk:
// an ASCII string longer than 2666 bytes is written as long Unicode text
// (0xE4), not long ASCII text (0xE0).
func (w *Writer) WriteString(s string) error { return w.writeString(s) }

// WriteStringBytes is WriteString for UTF-8 held in a byte slice.
func (w *Writer) WriteStringBytes(s []byte) error { return w.writeString(bytesString(s)) }

// WriteKey writes a property name, or a shared-name reference when shared
// names are enabled and name was written before in this document. It is
// allowed only inside an object, where a name is due. name must be valid
// UTF-8.
func (w *Writer) WriteKey(name string) error { return w.writeKey(name) }

// WriteKeyBytes is WriteKey for a name held in a byte slice.
func (w *Writer) WriteKeyBytes(name []byte) error { return w.writeKey(bytesString(name)) }

// bytesString returns the bytes of b as a string without copying them.
// The string is only valid while b is not changed; the shared tables keep
// copies of the strings they record.
func bytesString(b []byte) string { return unsafe.String(unsafe.SliceData(b), len(b)) }

// writeString is WriteString.
func (w *Writer) writeString(s string) error {
	n := len(s)
	if n == 0 {
		return w.writeByte(KindString, tokenEmptyString)
	}
	shared := w.opts.SharedValues && n <= maxSharedValueLen
	var h uint64
	if shared {
		h = hashShared(s)
		if i, ok := w.values.find(s, h); ok {
			if err := w.beforeValue(KindString); err != nil {
				return err
			}
			if i < 31 {
				w.buf = append(w.buf, byte(1+i))
			} else {
				w.buf = append(w.buf, tokenLongValRef|byte(i>>8), byte(i))
			}
			return nil
		}
	}
	ascii, valid := checkUTF8(s)
	if !valid {
		if !w.canWriteValue() {
			return w.misplaced(KindString)
		}
		return &WriterError{Msg: "cannot write a string that is not valid UTF-8"}
	}
	if err := w.beforeValue(KindString); err != nil {
		return err
	}
	switch {
	case n > maxShortValue:
		token := byte(tokenLongUTF8)
		if ascii && n <= maxLongASCII {
			token = tokenLongASCII
		}
		w.buf = append(w.buf, token)
		w.appendString(s)
		w.buf = append(w.buf, tokenEndString)
	case ascii:
		w.buf = append(w.buf, tokenTinyASCII+byte(n-1))
		w.appendString(s)
	default:
		w.buf = append(w.buf, tokenTinyUTF8+byte(n-2))
		w.appendString(s)
	}
	if shared {
		w.values.add(s, h)
	}
	return nil
}

// writeKey is WriteKey.
func (w *Writer) writeKey(name string) error {
	if w.state != stateKey {
		return w.misplaced(KindKey)
	}
	if len(name) == 0 {
		w.buf = append(w.buf, keyEmpty) // never shared
		w.state = stateValue
		return nil
	}
	shared := !w.opts.DisableSharedNames
	var h uint64
	if shared {
		h = hashShared(name)
		if i, ok := w.names.find(name, h); ok {
			w.appendNameRef(i)
			w.state = stateValue
			return nil
		}
	}
	ascii, valid := checkUTF8(name)
	if !valid {
		return &WriterError{Msg: "cannot write a key that is not valid UTF-8"}
	}
	w.appendKeyToken(name, ascii)
	if shared {
		w.names.add(name, h) // long (0x34) names too, as Jackson does
	}
	w.state = stateValue
	return nil
}

// appendKeyToken appends name, not empty, written in full: the short
// ASCII or Unicode key token and its bytes, or the long form.
//
// The Writer's hot paths append to w.buf in place (w.buf = append(w.buf,
// ...)), which the compiler turns into a length update, without a write
// barrier, when the capacity suffices.
func (w *Writer) appendKeyToken(name string, ascii bool) {
	n := len(name)
	switch {
	case ascii && n <= maxShortKeyASCII:
		w.buf = append(w.buf, keyShortASCII+byte(n-1))
	case !ascii && n <= maxShortKeyUnicode:
		w.buf = append(w.buf, keyShortUTF8+byte(n-2))
	default:
		w.buf = append(w.buf, keyLong)
		w.appendString(name)
		w.buf = append(w.buf, tokenEndString)
		return
	}
	w.appendString(name)
}

// appendNameRef appends a reference to shared name i.
func (w *Writer) appendNameRef(i int) {
	if i < 64 {
		w.buf = append(w.buf, keyShortRef+byte(i))
	} else {
		w.buf = append(w.buf, keyLongRef|byte(i>>8), byte(i))
	}
}

// A PreparedKey is a property name made ready to be written many times
// with WritePreparedKey: its full token and its table hash are computed
// once, so that writing it costs a table probe and a copy. It is
// immutable, and may be shared by any number of Writers and goroutines; a
// copy of a PreparedKey value is the same key.
type PreparedKey struct {
	name  string
	hash  uint64
	token string // the name written in full (keyEmpty alone for "")
	id    uint32 // a number of its own, for the Writers' caches
}

// preparedKeys counts the PreparedKeys made, to give each its id. Ids stop
// at maxCachedKeys, the id of all the keys the caches leave out.
var preparedKeys atomic.Uint64

// PrepareKey returns name prepared for WritePreparedKey, or an error when
// name is not valid UTF-8.
func PrepareKey(name string) (*PreparedKey, error) {
	ascii, valid := checkUTF8(name)
	if !valid {
		return nil, &WriterError{Msg: "cannot prepare a key that is not valid UTF-8"}
	}
	k := &PreparedKey{name: name, hash: hashShared(name), token: string(rune(keyEmpty)),
		id: uint32(min(preparedKeys.Add(1)-1, maxCachedKeys))}
	if name != "" {
		var w Writer
		w.appendKeyToken(name, ascii)
		k.token = string(w.buf)
	}
	return k, nil
}

// Name returns the name k was prepared from.
func (k *PreparedKey) Name() string { return k.name }

// WritePreparedKey is WriteKey(k.Name()), faster: the bytes and the hash
// of the name were computed by PrepareKey. The output is the same.
func (w *Writer) WritePreparedKey(k *PreparedKey) error {
	if w.state != stateKey {
		return w.misplaced(KindKey)
	}
	w.state = stateValue
	if !w.opts.DisableSharedNames && k.name != "" {
		i, ok := w.names.cached(k)
		if !ok {
			i, ok = w.names.findKey(k)
		}
		if ok {
			w.appendNameRef(i)
			return nil
		}
		w.names.addKey(k)
	}
	w.appendString(k.token)
	return nil
}

// checkUTF8 reports whether s is all ASCII, and whether it is valid
// UTF-8. It looks at eight bytes at a time, and validates only from the
// first block that holds a byte >= 0x80, with the Reader's table-driven
// validator (faster than utf8.ValidString on non-ASCII text).
func checkUTF8(s string) (ascii, valid bool) {
	b := unsafe.Slice(unsafe.StringData(s), len(s))
	for len(b) >= 8 {
		if le.LittleEndian.Uint64(b)&0x8080808080808080 != 0 {
			return false, rdValidUTF8(b)
		}
		b = b[8:]
	}
	var or byte
	for _, c := range b {
		or |= c
	}
	if or < 0x80 {
		return true, true
	}
	return false, rdValidUTF8(b)
}
