package transcode

// AppendQuoted appends s as a JSON string, as AppendValue writes string
// values and keys: with valid, s is known to be valid UTF-8; without,
// each byte of invalid UTF-8 becomes U+FFFD.
func AppendQuoted(dst, s []byte, valid bool) []byte { return appendQuoted(dst, s, valid) }

// AppendFloat appends the finite float f (a float64, or a float32 widened
// when bits is 32) as AppendValue writes it, in the layout of Java's
// Double.toString and Float.toString.
func AppendFloat(dst []byte, f float64, bits int) []byte { return appendFloat(dst, f, bits) }
