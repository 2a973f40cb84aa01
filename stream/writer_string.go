package stream

import "unicode/utf8"

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

// text is the UTF-8 input of the string and key writers, so that the
// string and []byte methods share one implementation without converting.
type text interface{ string | []byte }

// WriteString writes a string value, or a shared-value reference when
// shared values are enabled and s was written before. s must be valid
// UTF-8; otherwise WriteString returns an error and writes nothing.
//
// The token is the one Jackson's writeString chooses, including a quirk:
// an ASCII string longer than 2666 bytes is written as long Unicode text
// (0xE4), not long ASCII text (0xE0).
func (w *Writer) WriteString(s string) error { return writeString(w, s) }

// WriteStringBytes is WriteString for UTF-8 held in a byte slice.
func (w *Writer) WriteStringBytes(s []byte) error { return writeString(w, s) }

// WriteKey writes a property name, or a shared-name reference when shared
// names are enabled and name was written before in this document. It is
// allowed only inside an object, where a name is due. name must be valid
// UTF-8.
func (w *Writer) WriteKey(name string) error { return writeKey(w, name) }

// WriteKeyBytes is WriteKey for a name held in a byte slice.
func (w *Writer) WriteKeyBytes(name []byte) error { return writeKey(w, name) }

func writeString[T text](w *Writer, s T) error {
	n := len(s)
	if n == 0 {
		return w.writeByte(KindString, tokenEmptyString)
	}
	shared := w.opts.SharedValues && n <= maxSharedValueLen
	if shared {
		if i, ok := lookupShared(&w.values, s); ok {
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
		w.buf = append(append(append(w.buf, token), s...), tokenEndString)
	case ascii:
		w.buf = append(append(w.buf, tokenTinyASCII+byte(n-1)), s...)
	default:
		w.buf = append(append(w.buf, tokenTinyUTF8+byte(n-2)), s...)
	}
	if shared {
		addShared(&w.values, s)
	}
	return nil
}

func writeKey[T text](w *Writer, name T) error {
	if w.state != stateKey {
		return w.misplaced(KindKey)
	}
	n := len(name)
	if n == 0 {
		w.buf = append(w.buf, keyEmpty) // never shared
		w.state = stateValue
		return nil
	}
	shared := !w.opts.DisableSharedNames
	if shared {
		if i, ok := lookupShared(&w.names, name); ok {
			if i < 64 {
				w.buf = append(w.buf, keyShortRef+byte(i))
			} else {
				w.buf = append(w.buf, keyLongRef|byte(i>>8), byte(i))
			}
			w.state = stateValue
			return nil
		}
	}
	ascii, valid := checkUTF8(name)
	if !valid {
		return &WriterError{Msg: "cannot write a key that is not valid UTF-8"}
	}
	switch {
	case ascii && n <= maxShortKeyASCII:
		w.buf = append(append(w.buf, keyShortASCII+byte(n-1)), name...)
	case !ascii && n <= maxShortKeyUnicode:
		w.buf = append(append(w.buf, keyShortUTF8+byte(n-2)), name...)
	default:
		w.buf = append(append(append(w.buf, keyLong), name...), tokenEndString)
	}
	if shared {
		addShared(&w.names, name) // long (0x34) names too, as Jackson does
	}
	w.state = stateValue
	return nil
}

// checkUTF8 reports whether s is all ASCII, and whether it is valid
// UTF-8. It looks at eight bytes at a time, and validates only from the
// first block that holds a byte >= 0x80.
func checkUTF8[T text](s T) (ascii, valid bool) {
	i := 0
	for ; i+8 <= len(s); i += 8 {
		_ = s[i+7]
		block := uint64(s[i]) | uint64(s[i+1])<<8 | uint64(s[i+2])<<16 | uint64(s[i+3])<<24 |
			uint64(s[i+4])<<32 | uint64(s[i+5])<<40 | uint64(s[i+6])<<48 | uint64(s[i+7])<<56
		if block&0x8080808080808080 != 0 {
			return false, validUTF8(s[i:])
		}
	}
	for j := i; j < len(s); j++ {
		if s[j] >= 0x80 {
			return false, validUTF8(s[i:])
		}
	}
	return true, true
}

// validUTF8 reports whether s is valid UTF-8.
func validUTF8[T text](s T) bool {
	switch s := any(s).(type) {
	case string:
		return utf8.ValidString(s)
	case []byte:
		return utf8.Valid(s)
	}
	panic("unreachable")
}

// sharedTable is the Writer's half of a back-reference table: the index
// of every string that may be referenced, in the current document.
type sharedTable struct {
	// lookup maps a string to its index. Indices whose low byte is FE or
	// FF are never referenced (a long reference would contain that byte),
	// so they are counted but not recorded, as Jackson does.
	lookup map[string]int
	n      int // entries added in this document (0..tableSize)

	// items[i] is the last string added at index i, kept across
	// documents: a []byte that equals it reuses it instead of allocating,
	// so a Writer that writes documents of one shape does not allocate.
	items []string
}

// reset empties the table for a new document.
func (t *sharedTable) reset() {
	if t.n > 0 {
		clear(t.lookup)
		t.n = 0
	}
}

// lookupShared returns the index to reference for s, if any.
func lookupShared[T text](t *sharedTable, s T) (int, bool) {
	if t.n == 0 {
		return 0, false
	}
	i, ok := t.lookup[string(s)] // does not allocate
	return i, ok
}

// addShared gives s, just written in full, the next index. A full table
// is emptied first, so the new entry gets index 0.
func addShared[T text](t *sharedTable, s T) {
	if t.n == tableSize {
		clear(t.lookup)
		t.n = 0
	}
	i := t.n
	t.n++
	switch {
	case i == len(t.items):
		t.items = append(t.items, string(s))
	case t.items[i] != string(s):
		t.items[i] = string(s)
	}
	if i&0xFF >= 0xFE {
		return
	}
	if t.lookup == nil {
		t.lookup = make(map[string]int)
	}
	t.lookup[t.items[i]] = i
}
