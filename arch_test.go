package smile

import "strconv"

// wordInt returns v as an int where int has 64 bits, and as an int64
// elsewhere (GOARCH=386), so that test tables holding values beyond the
// 32-bit range compile and mean the same on every architecture.
func wordInt(v int64) any {
	if strconv.IntSize == 64 {
		return int(v)
	}
	return v
}

// wordUint is wordInt for uint.
func wordUint(v uint64) any {
	if strconv.IntSize == 64 {
		return uint(v)
	}
	return v
}
