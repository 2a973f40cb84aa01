package transcode

import (
	"fmt"
	"io"
	"unicode/utf8"
)

// InvalidUTF8Error reports JSON input that is not valid UTF-8 (RFC 8259
// requires it; encoding/json would silently replace the bytes with
// U+FFFD, Jackson's JSON parser refuses them). Offset is that of the
// first byte of the bad sequence.
type InvalidUTF8Error struct {
	Offset int64
}

func (e *InvalidUTF8Error) Error() string {
	return fmt.Sprintf("smile: the JSON input is not valid UTF-8 at offset %d", e.Offset)
}

// utf8Reader passes its source through unchanged and fails at the first
// byte that is not part of valid UTF-8. A sequence split across reads is
// held back until its end arrives.
type utf8Reader struct {
	src     io.Reader
	off     int64   // input offset of pending[0]
	pending [3]byte // the start of a sequence split by the last read
	np      int
	err     error
}

func (u *utf8Reader) Read(p []byte) (int, error) {
	if u.err != nil {
		return 0, u.err
	}
	// Return the held-back bytes first, so that the checked data is
	// always a contiguous run starting with them.
	copied := copy(p, u.pending[:u.np])
	if copied < u.np {
		return 0, io.ErrShortBuffer
	}
	n, err := u.src.Read(p[copied:])
	n += copied
	u.np = 0
	good, bad := checkUTF8(p[:n])
	if bad {
		u.err = &InvalidUTF8Error{Offset: u.off + int64(good)}
		return good, nil // the valid part; the error comes with the next call
	}
	if good < n { // an incomplete sequence at the end: hold it back
		u.np = copy(u.pending[:], p[good:n])
		n = good
	}
	u.off += int64(n)
	if err == io.EOF && u.np > 0 {
		u.err = &InvalidUTF8Error{Offset: u.off}
		return n, nil
	}
	if err != nil {
		u.err = err
	}
	return n, err
}

// checkUTF8 returns the length of the valid UTF-8 prefix of b and whether
// what follows it is invalid (bad) or only an incomplete sequence at the
// end of b (not bad).
func checkUTF8(b []byte) (good int, bad bool) {
	i := 0
	for i < len(b) {
		if b[i] < utf8.RuneSelf {
			i++
			continue
		}
		r, size := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && size == 1 {
			return i, utf8.FullRune(b[i:])
		}
		i += size
	}
	return i, false
}
