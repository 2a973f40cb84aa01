package stream

import (
	le "encoding/binary"
	"strings"

	"github.com/go-smile/smile/internal/rt/view"
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
func bytesString(b []byte) string { return view.String(b) }

// writeString is WriteString. In the usual places of a value it writes
// s with one pass over its bytes (appendText); writeStringSlow does the
// rest.
func (w *Writer) writeString(s string) error {
	if w.opts.SharedValues && len(s) <= maxSharedValueLen {
		return w.writeStringSlow(s)
	}
	switch w.state {
	case stateValue:
		if !w.appendText(s) && !w.appendInvalidText(s) {
			return errInvalidString()
		}
		w.state = stateKey
		return nil
	case stateArray, stateRoot:
		if !w.appendText(s) && !w.appendInvalidText(s) {
			return errInvalidString()
		}
		return nil
	}
	return w.writeStringSlow(s)
}

// errInvalidString returns the error of WriteString for invalid UTF-8.
func errInvalidString() error {
	return &WriterError{Msg: "cannot write a string that is not valid UTF-8 (WriterOptions.AllowInvalidUTF8 copies such bytes)"}
}

// appendInvalidText appends the string value token of s, which is not
// valid UTF-8, and reports whether it could: only with AllowInvalidUTF8,
// and, for a long string, only when its bytes hold no end marker 0xFC.
// The token is the first form that holds a string of that length,
// whatever its bytes: tiny or short ASCII (1-64), short Unicode (65),
// long Unicode.
func (w *Writer) appendInvalidText(s string) bool {
	if !w.canWriteInvalidText(s) {
		return false
	}
	switch n := len(s); {
	case n <= 32:
		w.buf = append(w.buf, tokenTinyASCII+byte(n-1))
	case n <= 64:
		w.buf = append(w.buf, tokenShortASCII+byte(n-33))
	case n == 65:
		w.buf = append(w.buf, tokenShortUTF8+byte(n-34))
	default:
		w.buf = append(w.buf, tokenLongUTF8)
		w.appendString(s)
		w.buf = append(w.buf, tokenEndString)
		return true
	}
	w.appendString(s)
	return true
}

// canWriteInvalidText reports whether appendInvalidText can write s.
func (w *Writer) canWriteInvalidText(s string) bool {
	return w.opts.AllowInvalidUTF8 && (len(s) <= 65 || strings.IndexByte(s, tokenEndString) < 0)
}

// writeStringSlow is writeString at the start of a document, where a key
// is due, and with shared values.
func (w *Writer) writeStringSlow(s string) error {
	n := len(s)
	shared := w.opts.SharedValues && n > 0 && n <= maxSharedValueLen
	var h uint64
	if shared {
		var i int
		var ok bool
		h, i, ok = w.values.lookup(s)
		if ok {
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
	_, valid := checkUTF8(s)
	if !valid && !w.canWriteInvalidText(s) {
		if !w.canWriteValue() {
			return w.misplaced(KindString)
		}
		return errInvalidString()
	}
	if err := w.beforeValue(KindString); err != nil {
		return err
	}
	if valid {
		w.appendText(s)
	} else {
		w.appendInvalidText(s)
	}
	if shared {
		w.values.add(s, h)
	}
	return nil
}

// appendText appends the string value token of s and reports whether s is
// valid UTF-8; it appends nothing when it is not. Short strings, the most
// common, are checked and copied in one pass, eight bytes at a time; the
// token, which depends on whether s is ASCII, is written last. Measured
// against checkUTF8 followed by appendString (bash bench/callgrind.sh,
// go-smile's own Ir per Marshal): small (N=200) 2,502 one pass / 2,800
// two, twitter (N=10) 2,364,276 / 2,513,826.
func (w *Writer) appendText(s string) bool {
	n := len(s)
	if n > maxShortValue {
		return w.appendLongText(s)
	}
	if n == 0 {
		w.buf = append(w.buf, tokenEmptyString)
		return true
	}
	// Room for the longest short string, so that the stores below need
	// no bound checks.
	w.reserve(1 + maxShortValue)
	at := len(w.buf)
	d := (*[1 + maxShortValue]byte)(w.buf[at : at+1+maxShortValue])
	dst := d[1 : 1+n]
	src := view.Bytes(s)[:n]
	var or uint64 // the bits of every byte, ORed, for the ASCII test
	switch {
	case n >= 8:
		// The words before the last eight bytes, read and written
		// through array pointers: i+8 < n, so both are in bounds, and
		// the loop needs no bounds checks.
		p, q := &src[0], &dst[0]
		for i := 0; i < n-8; i += 8 {
			x := le.LittleEndian.Uint64(view.Word(p, i)[:])
			le.LittleEndian.PutUint64(view.Word(q, i)[:], x)
			or |= x
		}
		x := le.LittleEndian.Uint64(src[n-8:]) // the last eight, which may overlap
		le.LittleEndian.PutUint64(dst[n-8:], x)
		or |= x
	case n >= 4:
		x, y := le.LittleEndian.Uint32(src), le.LittleEndian.Uint32(src[n-4:])
		le.LittleEndian.PutUint32(dst, x)
		le.LittleEndian.PutUint32(dst[n-4:], y)
		or = uint64(x | y)
	default:
		for i, c := range src {
			dst[i] = c
			or |= uint64(c)
		}
	}
	token := tokenTinyASCII + byte(n-1)
	if or&0x8080808080808080 != 0 {
		if !rdValidUTF8(src) {
			return false
		}
		token = tokenTinyUTF8 + byte(n-2) // valid and not ASCII: n >= 2
	}
	d[0] = token
	w.buf = w.buf[:at+1+n]
	return true
}

// appendLongText is appendText for strings longer than maxShortValue,
// written as long ASCII or long Unicode text ended by FC.
func (w *Writer) appendLongText(s string) bool {
	ascii, valid := checkUTF8(s)
	if !valid {
		return false
	}
	token := byte(tokenLongUTF8)
	if ascii && len(s) <= maxLongASCII {
		token = tokenLongASCII
	}
	w.buf = append(w.buf, token)
	w.appendString(s)
	w.buf = append(w.buf, tokenEndString)
	return true
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
	var a, b uint64 // name's shortWords, when words
	words := false
	if shared {
		// w.names.lookup, written out: one call fewer per name
		// (BenchmarkWriteKey, callgrind: 56,178 instructions per op
		// calling lookup, 54,240 so).
		var i int
		var ok bool
		if len(name) <= maxWordsLen {
			h, a, b = hashWords(name)
			words = true
			i, ok = w.names.findWords(a, b, len(name), h)
		} else {
			h = hashShared(name)
			i, ok = w.names.findByValue(name, h)
		}
		if !ok && w.names.mayBePrepared(h) {
			i, ok = w.names.findPrepared(name, h)
		}
		if ok {
			w.appendNameRef(i)
			w.state = stateValue
			return nil
		}
	}
	ascii, valid := checkUTF8(name)
	if !valid {
		// With AllowInvalidUTF8, in the short ASCII form (1-64 bytes),
		// which holds any bytes, or the long form if they hold no 0xFC.
		if !w.opts.AllowInvalidUTF8 || len(name) > maxShortKeyASCII && strings.IndexByte(name, tokenEndString) >= 0 {
			return &WriterError{Msg: "cannot write a key that is not valid UTF-8 (WriterOptions.AllowInvalidUTF8 copies such bytes)"}
		}
		ascii = true
	}
	if words {
		w.appendShortKey(name, a, b, ascii)
	} else {
		w.appendKeyToken(name, ascii)
	}
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

// appendShortKey is appendKeyToken for a name of 1 to maxWordsLen bytes
// whose shortWords are a and b: the words are stored as they are, the
// way appendText copies a short value, rather than the name's bytes
// copied by a call to memmove. The words overlap for a name of other
// than 8 or 16 bytes (see shortWords), so the second store writes some
// of the first one's bytes again, the same; a name of 1 to 3 bytes is
// the three bytes that a holds, of which two are one for a name of 1 or
// 2 bytes. callgrind, whole program,
// Ir per op of bench's BenchmarkMarshalAny/<set>/smile (N=20000, 2000
// for medium), appendKeyToken -> so: small 8,030 -> 7,886 (its ten keys
// are new to every document), medium 55,725 -> 55,380; names of up to
// 3 bytes by memmove -> from a, with probeWords' slot for a document's
// first name: small 7,775 -> 7,686, medium 48,239 -> 47,939.
func (w *Writer) appendShortKey(name string, a, b uint64, ascii bool) {
	n := len(name)
	token := keyShortASCII + byte(n-1)
	if !ascii { // so n >= 2: a one-byte name that is not ASCII is not UTF-8
		token = keyShortUTF8 + byte(n-2)
	}
	// Room for the longest such name, so that the stores need no bound
	// checks.
	w.reserve(1 + maxWordsLen)
	at := len(w.buf)
	d := (*[1 + maxWordsLen]byte)(w.buf[at : at+1+maxWordsLen])
	d[0] = token
	dst := d[1 : 1+n]
	switch {
	case n >= 8:
		le.LittleEndian.PutUint64(dst, a)
		le.LittleEndian.PutUint64(dst[n-8:], b)
	case n >= 4:
		le.LittleEndian.PutUint32(dst, uint32(a))
		le.LittleEndian.PutUint32(dst[n-4:], uint32(b))
	default: // the bytes a holds, as shortWords reads them
		dst[0], dst[n>>1], dst[n-1] = byte(a>>16), byte(a>>8), byte(a)
	}
	w.buf = w.buf[:at+1+n]
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
// immutable, and may be shared by any number of Writers and goroutines;
// a copy of a PreparedKey value is the same key. The zero PreparedKey is
// not usable with a Writer.
type PreparedKey struct {
	name  string
	hash  uint64
	words [2]uint64 // shortWords of name when it has at most maxWordsLen bytes
	token string    // the name written in full (keyEmpty alone for "")
	// head is token zero-padded to 16 bytes, as two little-endian words,
	// when it fits: most do, and are then appended by two 8-byte stores.
	head [2]uint64
	// mask selects the bytes of head that hold token, for a short name
	// (0x80-0xF7) of at most 16 bytes with its token; it is zero for the
	// other keys, which export.ReadTaggedKey does not match.
	mask [2]uint64
	// id is the number of its name in preparedNames, for the Writers'
	// caches; maxCachedKeys for a name without one.
	id uint32
}

// PrepareKey returns name prepared for WritePreparedKey, or an error when
// name is not valid UTF-8. The key is recorded nowhere: the process keeps
// nothing of it once it is dropped.
func PrepareKey(name string) (*PreparedKey, error) { return prepareKey(name, false) }

// prepareKey is PrepareKey; when register is set, the name gets an id in
// preparedNames, within its bounds.
func prepareKey(name string, register bool) (*PreparedKey, error) {
	ascii, valid := checkUTF8(name)
	if !valid {
		return nil, &WriterError{Msg: "cannot prepare a key that is not valid UTF-8"}
	}
	k := &PreparedKey{name: name, hash: hashShared(name), token: string(rune(keyEmpty))}
	if len(name) <= maxWordsLen {
		k.words[0], k.words[1] = shortWords(name)
	}
	if name != "" {
		var w Writer
		w.appendKeyToken(name, ascii)
		k.token = string(w.buf)
	}
	if n := len(k.token); n <= 16 {
		var b [16]byte
		copy(b[:], k.token)
		k.head = [2]uint64{le.LittleEndian.Uint64(b[:8]), le.LittleEndian.Uint64(b[8:])}
		if k.token[0] >= keyShortASCII {
			for i := range b {
				b[i] = 0
				if i < n {
					b[i] = 0xFF
				}
			}
			k.mask = [2]uint64{le.LittleEndian.Uint64(b[:8]), le.LittleEndian.Uint64(b[8:])}
		}
	}
	k.id = maxCachedKeys // out of the caches ("" is never shared)
	if register && name != "" {
		k.id = preparedNames.id(k)
	}
	return k, nil
}

// Name returns the name k was prepared from.
func (k *PreparedKey) Name() string { return k.name }

// WritePreparedKey is WriteKey(k.Name()), faster: the bytes and the hash
// of the name were computed by PrepareKey. The output is the same.
// (BenchmarkWriteKey and BenchmarkWritePreparedKey, 200 keys of 20 names,
// callgrind: 54,240 and 50,171 instructions per op.)
func (w *Writer) WritePreparedKey(k *PreparedKey) error { return w.writePreparedKey(k) }

// writePreparedKey is WritePreparedKey.
func (w *Writer) writePreparedKey(k *PreparedKey) error {
	if w.state != stateKey {
		return w.misplaced(KindKey)
	}
	w.state = stateValue
	if i, ok := w.names.cached(k); ok {
		w.appendNameRef(i)
		return nil
	}
	w.appendNewPreparedKey(k)
	return nil
}

// appendPreparedKey appends k: a reference when the byKey cache records
// its name, else as appendNewPreparedKey does.
func (w *Writer) appendPreparedKey(k *PreparedKey) {
	if i, ok := w.names.cached(k); ok {
		w.appendNameRef(i)
		return
	}
	w.appendNewPreparedKey(k)
}

// appendNewPreparedKey is WritePreparedKey for a name not in the byKey
// cache: a reference when the name was written by value, else the name in
// full.
func (w *Writer) appendNewPreparedKey(k *PreparedKey) {
	if w.names.addNewKey(k) {
		if n := len(w.buf); len(k.token) <= 16 && cap(w.buf)-n >= 16 {
			// The usual case, a name new to the document, first and
			// without a call. bash bench/callgrind.sh Marshal/small
			// (N=200, ten names new to each document), go-smile's own
			// Ir per Marshal: 2,502 so, 2,513 through the general
			// path below.
			k.putHead((*[16]byte)(w.buf[n : n+16]))
			w.buf = w.buf[:n+len(k.token)]
			return
		}
	} else if !w.opts.DisableSharedNames && k.name != "" {
		if i, ok := w.names.lookupKey(k); ok {
			w.appendNameRef(i)
			return
		}
	}
	if len(k.token) > 16 {
		w.appendString(k.token)
		return
	}
	w.reserve(16)
	n := len(w.buf)
	k.putHead((*[16]byte)(w.buf[n : n+16]))
	w.buf = w.buf[:n+len(k.token)]
}

// putHead writes k.head, the token of a key of at most 16 bytes with its
// token, zero-padded, at the start of dst.
func (k *PreparedKey) putHead(dst *[16]byte) {
	le.LittleEndian.PutUint64(dst[:8], k.head[0])
	le.LittleEndian.PutUint64(dst[8:], k.head[1])
}

// checkUTF8 reports whether s is all ASCII, and whether it is valid
// UTF-8. It looks at sixteen bytes at a time, and validates only from the
// first block that holds a byte >= 0x80, with the Reader's validator
// (faster than utf8.ValidString on non-ASCII text: BenchmarkCheckUTF8 and
// BenchmarkUTF8ValidString, a tweet's 180 bytes of Japanese, emoji and
// accented Latin, callgrind: 1,388 and 3,260 instructions).
func checkUTF8(s string) (ascii, valid bool) {
	const hi = 0x8080808080808080
	b := view.Bytes(s)
	n := len(b)
	if n < 8 {
		var or byte
		for _, c := range b {
			or |= c
		}
		if or < 0x80 {
			return true, true
		}
		return false, rdValidUTF8(b)
	}
	i := 0
	for ; i < n-16; i += 16 {
		if (le.LittleEndian.Uint64(b[i:])|le.LittleEndian.Uint64(b[i+8:]))&hi != 0 {
			return false, rdValidUTF8(b[i:])
		}
	}
	// The last 1-16 bytes, as two words that may overlap each other and
	// the ASCII before i.
	if (le.LittleEndian.Uint64(b[min(i, n-8):])|le.LittleEndian.Uint64(b[n-8:]))&hi != 0 {
		return false, rdValidUTF8(b[i:])
	}
	return true, true
}
