package rt

import "unsafe"

// String returns a string aliasing the bytes of b, without copying them:
// b must not change while the string is in use (a key for a lookup that
// does not keep it, or bytes that are written once and never again).
func String(b []byte) string { return unsafe.String(unsafe.SliceData(b), len(b)) }

// SameString reports whether a and b are the same bytes in memory: of the
// same length and at the same address, as a string made once and shared.
func SameString(a, b string) bool {
	return len(a) == len(b) && unsafe.StringData(a) == unsafe.StringData(b)
}
