package stream

import le "encoding/binary"

// This file holds the field writers: a prepared key and a scalar value in
// one call, as Jackson's writeStringField, writeNumberField and
// writeBooleanField. Each is WritePreparedKey(k) followed by the matching
// value writer, with one state check instead of four; when the key is a
// reference to a name written before, as it is for all but the first
// object of a type, key and value are also written with one check of the
// buffer's capacity. A struct encoder writes most of its fields with them.

// WriteStringField writes the key k and the string value s, as
// WritePreparedKey(k) and then WriteString(s) do. When s is refused (it
// is not valid UTF-8), the key stays written and a value is still due.
func (export) WriteStringField(w *Writer, k *PreparedKey, s string) error {
	if w.state != stateKey {
		return w.misplaced(KindKey)
	}
	if i, ok := w.names.cached(k); ok {
		w.appendNameRef(i)
	} else {
		w.appendNewPreparedKey(k)
	}
	if w.opts.SharedValues && len(s) <= maxSharedValueLen || !w.appendText(s) {
		// Shared values and strings that are not valid UTF-8 take the
		// general path, as a value due after the key.
		w.state = stateValue
		return w.writeStringSlow(s)
	}
	return nil
}

// WriteIntField, WriteFloat64Field and writeTokenField repeat one frame
// (state check, key reference, one capacity check, value) on purpose.
// Against the plain code, the state check and then writeIntFieldSlow's
// two appends (and the same for the others), go-smile's own Ir per
// Marshal (BIN=<bench test> N=20 sh bench/callgrind.sh Marshal/small
// ...; plain -> this): small 2646 -> 2555 (-3.4%), medium 27904 ->
// 26771 (-4.1%), twitter 2.450M -> 2.364M (-3.5%), citm_catalog 5.554M
// -> 4.978M (-10.4%).
// For a key written before, the rare cases (a buffer without room, an
// int64) go to a general function called last (writeIntFieldSlow and the
// others), so that the usual path keeps no value across a call and saves
// and restores no register around it.

// WriteIntField writes the key k and the integer v, as WritePreparedKey(k)
// and then WriteInt(v) do.
func (export) WriteIntField(w *Writer, k *PreparedKey, v int64) error {
	if w.state != stateKey {
		return w.misplaced(KindKey)
	}
	i, ok := w.names.cached(k)
	if !ok {
		return w.writeIntFieldNew(k, v)
	}
	z := zigzag(v)
	if z >= 1<<32 || cap(w.buf)-len(w.buf) < maxNameRefLen+1+8 {
		return w.writeIntFieldSlow(k, v) // an int64 (rare) or a full buffer
	}
	n := len(w.buf)
	d := (*[maxNameRefLen + 1 + 8]byte)(w.buf[n:cap(w.buf)])
	m := putNameRef((*[maxNameRefLen]byte)(d[:maxNameRefLen]), i)
	// putInt for a small int or an int32, written out here: part of the
	// one frame measured above.
	if z < 0x20 {
		d[m] = tokenSmallInt + byte(z)
		m++
	} else {
		d[m] = tokenInt32
		m += 1 + putShortVInt((*[8]byte)(d[m+1:m+9]), z)
	}
	w.buf = w.buf[:n+m]
	return nil
}

// writeIntFieldNew is WriteIntField for a key that byKey does not know:
// usually a name new to the document (the first object of each type in
// a document has only those), written in full with a small int or an
// int32 after one capacity check, as the references are above. Other
// cases take the general path. Against appendNewPreparedKey and then
// appendInt (and the same for floats and tokens), go-smile's own Ir per
// Marshal (BIN=<bench test> sh bench/callgrind.sh, N=1000 for small,
// N=20 for the others): small,
// whose ten keys are new to each document, 2,504 -> 2,411 (-3.7%);
// twitter 2,229,693 -> 2,219,799, citm_catalog 4,449,970 -> 4,430,737,
// code 11,729,313 -> 11,704,984; medium within its noise (24,829-24,884
// -> 24,862-24,949).
func (w *Writer) writeIntFieldNew(k *PreparedKey, v int64) error {
	n, m, z := len(w.buf), len(k.token), zigzag(v)
	if m > 16 || z >= 1<<32 || cap(w.buf)-n < 16+1+8 || !w.names.addNewKey(k) {
		w.appendNewPreparedKey(k)
		w.appendInt(v)
		return nil
	}
	d := (*[16 + 1 + 8]byte)(w.buf[n:cap(w.buf)])
	k.putHead((*[16]byte)(d[:16]))
	if z < 0x20 {
		d[m] = tokenSmallInt + byte(z)
		m++
	} else {
		d[m] = tokenInt32
		m += 1 + putShortVInt((*[8]byte)(d[m+1:m+9]), z)
	}
	w.buf = w.buf[:n+m]
	return nil
}

// writeIntFieldSlow is WriteIntField after the state check.
func (w *Writer) writeIntFieldSlow(k *PreparedKey, v int64) error {
	w.appendPreparedKey(k)
	w.appendInt(v)
	return nil
}

// WriteFloat64Field writes the key k and the float64 v, as
// WritePreparedKey(k) and then WriteFloat64(v) do.
func (export) WriteFloat64Field(w *Writer, k *PreparedKey, v float64) error {
	if w.state != stateKey {
		return w.misplaced(KindKey)
	}
	i, ok := w.names.cached(k)
	if !ok {
		return w.writeFloat64FieldNew(k, v)
	}
	if cap(w.buf)-len(w.buf) < maxNameRefLen+float64Len {
		return w.writeFloat64FieldSlow(k, v)
	}
	n := len(w.buf)
	d := w.buf[n : n+maxNameRefLen+float64Len]
	m := putNameRef((*[maxNameRefLen]byte)(d), i)
	putFloat64((*[float64Len]byte)(d[m:]), v)
	w.buf = w.buf[:n+m+float64Len]
	return nil
}

// writeFloat64FieldNew is WriteFloat64Field for a key that byKey does
// not know, as writeIntFieldNew is for WriteIntField.
func (w *Writer) writeFloat64FieldNew(k *PreparedKey, v float64) error {
	n, m := len(w.buf), len(k.token)
	if m > 16 || cap(w.buf)-n < 16+float64Len || !w.names.addNewKey(k) {
		w.appendNewPreparedKey(k)
		w.appendFloat64(v)
		return nil
	}
	d := (*[16 + float64Len]byte)(w.buf[n:cap(w.buf)])
	k.putHead((*[16]byte)(d[:16]))
	putFloat64((*[float64Len]byte)(d[m:m+float64Len]), v)
	w.buf = w.buf[:n+m+float64Len]
	return nil
}

// writeFloat64FieldSlow is WriteFloat64Field after the state check.
func (w *Writer) writeFloat64FieldSlow(k *PreparedKey, v float64) error {
	w.appendPreparedKey(k)
	w.appendFloat64(v)
	return nil
}

// WriteBoolField writes the key k and true or false, as
// WritePreparedKey(k) and then WriteBool(v) do.
func (export) WriteBoolField(w *Writer, k *PreparedKey, v bool) error {
	b := byte(tokenFalse)
	if v {
		b = tokenTrue
	}
	return w.writeTokenField(k, uint16(b), 1)
}

// WriteNullField writes the key k and null, as WritePreparedKey(k) and
// then WriteNull() do.
func (export) WriteNullField(w *Writer, k *PreparedKey) error {
	return w.writeTokenField(k, tokenNull, 1)
}

// WriteIntArrayField writes the key k and an array of the values of v, as
// WritePreparedKey(k) and then WriteIntArray(v) do.
func (export) WriteIntArrayField(w *Writer, k *PreparedKey, v []int64) error {
	if w.state != stateKey {
		return w.misplaced(KindKey)
	}
	w.appendPreparedKey(k)
	w.appendIntArray(v)
	return nil
}

// WriteEmptyArrayField writes the key k and [], as WritePreparedKey(k)
// and then an empty WriteIntArray do: as a null or a bool is written,
// the key and the two tokens with one capacity check. go-smile's own Ir
// per Marshal (BIN=<bench test> N=20 sh bench/callgrind.sh
// Marshal/citm_catalog ..., on 2026-12-01), WriteIntArrayField for an
// empty []int64 -> this, in a frame of its own below
// WriteIntArrayField: citm_catalog, whose 8,685 areas each have an
// empty blockIds, 4,669,081 -> 4,549,854 (-2.6%), twitter 2,268,649 ->
// 2,271,622; then called by the struct loop itself, inlined, for empty
// slices: citm_catalog 4,567,328 -> 4,463,273 (-2.3%), code 11,910,927
// -> 11,729,312 (-1.5%), twitter 2,240,843 -> 2,231,349 (-0.4%).
func (export) WriteEmptyArrayField(w *Writer, k *PreparedKey) error {
	return w.writeTokenField(k, tokenStartArray|tokenEndArray<<8, 2)
}

// writeTokenField writes the key k and a value made of the n (1 or 2)
// token bytes of v, little-endian: null, false, true or [].
func (w *Writer) writeTokenField(k *PreparedKey, v uint16, n int) error {
	if w.state != stateKey {
		return w.misplaced(KindKey)
	}
	i, ok := w.names.cached(k)
	if !ok {
		return w.writeTokenFieldNew(k, v, n)
	}
	if cap(w.buf)-len(w.buf) < maxNameRefLen+2 {
		return w.writeTokenFieldSlow(k, v, n)
	}
	at := len(w.buf)
	d := w.buf[at : at+maxNameRefLen+2]
	m := putNameRef((*[maxNameRefLen]byte)(d), i)
	le.LittleEndian.PutUint16(d[m:], v)
	w.buf = w.buf[:at+m+n]
	return nil
}

// writeTokenFieldNew is writeTokenField for a key that byKey does not
// know, as writeIntFieldNew is for WriteIntField.
func (w *Writer) writeTokenFieldNew(k *PreparedKey, v uint16, n int) error {
	at, m := len(w.buf), len(k.token)
	if m > 16 || cap(w.buf)-at < 16+2 || !w.names.addNewKey(k) {
		w.appendNewPreparedKey(k)
		w.appendTokens(v, n)
		return nil
	}
	d := (*[16 + 2]byte)(w.buf[at:cap(w.buf)])
	k.putHead((*[16]byte)(d[:16]))
	le.LittleEndian.PutUint16(d[m:], v)
	w.buf = w.buf[:at+m+n]
	return nil
}

// writeTokenFieldSlow is writeTokenField after the state check.
func (w *Writer) writeTokenFieldSlow(k *PreparedKey, v uint16, n int) error {
	w.appendPreparedKey(k)
	w.appendTokens(v, n)
	return nil
}

// appendTokens appends the n (1 or 2) token bytes of v, little-endian.
func (w *Writer) appendTokens(v uint16, n int) {
	if n == 1 {
		w.buf = append(w.buf, byte(v))
	} else {
		w.buf = append(w.buf, byte(v), byte(v>>8))
	}
}

// maxNameRefLen is the length of the longest shared-name reference.
const maxNameRefLen = 2

// putNameRef writes the reference to shared name i at the start of dst and
// returns its length, as appendNameRef appends it.
func putNameRef(dst *[maxNameRefLen]byte, i int) int {
	if i < 64 {
		dst[0] = keyShortRef + byte(i)
		return 1
	}
	dst[0], dst[1] = keyLongRef|byte(i>>8), byte(i)
	return 2
}
