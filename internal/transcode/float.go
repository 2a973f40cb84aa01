package transcode

import "strconv"

// appendFloat appends the finite float f (a float64, or a float32 widened
// to float64 when bits is 32) as JSON text in the layout of Java's
// Double.toString and Float.toString, which Jackson writes: plain notation
// with at least one digit after the point when 1e-3 <= |f| < 1e7 ("100.0",
// "0.001", "-0.0"), otherwise one digit, the point, at least one more
// digit and an exponent ("1.0E21", "1.5E-7"). The text therefore always
// reads back as a floating-point number, never as an integer.
//
// The digits are the shortest that read back to the same float of the
// given size (strconv's), so a float32 0.1 is "0.1". Java 19 and later
// print the same digits; older Javas sometimes print one more (Java 17
// writes 1e23 as "9.999999999999999E22" where this writes "1.0E23") or, for
// subnormals, two where one is enough ("4.9E-324" here "5.0E-324"); every
// such text reads back to the same bits in Java and in Go.
func appendFloat(dst []byte, f float64, bits int) []byte {
	if f == 0 {
		if 1/f < 0 {
			return append(dst, "-0.0"...)
		}
		return append(dst, "0.0"...)
	}
	// The shortest digits in the form [-]d[.ddd]e±dd.
	var scratch [32]byte
	s := strconv.AppendFloat(scratch[:0], f, 'e', -1, bits)
	if s[0] == '-' {
		dst = append(dst, '-')
		s = s[1:]
	}
	e := len(s) - 4 // the exponent has two or three digits
	for s[e] != 'e' {
		e--
	}
	exp := 0
	for _, c := range s[e+2:] {
		exp = exp*10 + int(c-'0')
	}
	if s[e+1] == '-' {
		exp = -exp
	}
	lead, frac := s[0], s[1:e] // frac is empty or '.' and the other digits
	if len(frac) > 0 {
		frac = frac[1:]
	}
	switch {
	case exp >= 0 && exp < 7:
		// Plain, with the point after the first exp+1 digits.
		dst = append(dst, lead)
		if len(frac) > exp {
			dst = append(dst, frac[:exp]...)
			dst = append(dst, '.')
			return append(dst, frac[exp:]...)
		}
		dst = append(dst, frac...)
		for range exp - len(frac) {
			dst = append(dst, '0')
		}
		return append(dst, '.', '0')
	case exp < 0 && exp >= -3:
		dst = append(dst, '0', '.')
		for range -exp - 1 {
			dst = append(dst, '0')
		}
		dst = append(dst, lead)
		return append(dst, frac...)
	}
	dst = append(dst, lead, '.')
	if len(frac) == 0 {
		dst = append(dst, '0')
	} else {
		dst = append(dst, frac...)
	}
	dst = append(dst, 'E')
	return strconv.AppendInt(dst, int64(exp), 10)
}
