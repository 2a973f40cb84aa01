package stream

// WriteToken writes t, a token a Reader returned, as the next token: a
// scalar value, a key, the start or end of an array or object, or an end
// marker (KindEndOfDocument), which ends the document as EndDocument
// does. Copying every token of a Reader with WriteToken copies its
// documents.
//
// Numbers keep their form and bits (int, BigInteger, float32, float64,
// BigDecimal; big numbers by the bytes they had in the input), strings,
// keys and binary values are written from their bytes. Whether a string
// or key is written in full or as a back-reference is w's choice, by its
// own options, not the input's: t.Ref and t.Slot are not used. So the
// copy of a document Jackson wrote is the same bytes when w has the
// options Jackson had.
//
// WriteToken checks t as the method for its kind would (a key only where
// a key is due, a string only if valid UTF-8 unless
// WriterOptions.AllowInvalidUTF8...), and writes nothing when it returns
// an error. The zero Token is refused.
func (w *Writer) WriteToken(t Token) error {
	switch t.Kind {
	case KindNull:
		return w.WriteNull()
	case KindFalse, KindTrue:
		return w.WriteBool(t.Kind == KindTrue)
	case KindInt:
		return w.WriteInt(t.Int())
	case KindBigInt:
		return w.writeBigBytes(KindBigInt, t.BigIntBytes(), 0)
	case KindFloat32:
		return w.WriteFloat32(t.Float32())
	case KindFloat64:
		return w.WriteFloat64(t.Float64())
	case KindBigDecimal:
		return w.writeBigBytes(KindBigDecimal, t.BigIntBytes(), int32(t.v.n>>32))
	case KindString:
		return w.writeString(bytesString(t.Bytes()))
	case KindBinary:
		return w.WriteBinary(t.Bytes())
	case KindKey:
		return w.writeKey(bytesString(t.Bytes()))
	case KindStartObject:
		return w.WriteStartObject()
	case KindEndObject:
		return w.WriteEndObject()
	case KindStartArray:
		return w.WriteStartArray()
	case KindEndArray:
		return w.WriteEndArray()
	case KindEndOfDocument:
		return w.EndDocument()
	}
	return &WriterError{Msg: "WriteToken: cannot write a token of kind " + t.Kind.String()}
}

// writeBigBytes writes a BigInteger (k KindBigInt) or a BigDecimal of
// the given scale from the two's-complement bytes of its (unscaled)
// value, as a Token holds them.
func (w *Writer) writeBigBytes(k Kind, b []byte, scale int32) error {
	if err := w.beforeValue(k); err != nil {
		return err
	}
	if k == KindBigInt {
		w.buf = append(w.buf, tokenBigInt)
	} else {
		w.buf = appendVInt(append(w.buf, tokenBigDecimal), zigzag(int64(scale)))
	}
	w.buf = appendBigBytes(w.buf, b)
	return nil
}
