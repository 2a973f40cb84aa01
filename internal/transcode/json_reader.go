package transcode

import (
	"errors"
	"fmt"
	"io"
	"unicode/utf8"

	"github.com/go-smile/smile/internal/hint"
	"github.com/go-smile/smile/stream"
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

// jsonReader holds JSON input for the copier: a buffer refilled from an
// io.Reader, or the whole input when it was given as a byte slice. It
// keeps buf[pos:] (the token being read and what follows it) across
// refills, so that a token is always contiguous in buf.
type jsonReader struct {
	src  io.Reader // nil once the input has ended (or when it was a slice)
	buf  []byte
	pos  int   // the next byte to read, or the start of the token being read
	base int64 // the input offset of buf[0]
	err  error // the error that ended src, if not io.EOF

	scratch []byte // the text of the last string read that held an escape
}

// readBufferSize is the initial size of the buffer of a jsonReader on an
// io.Reader; it grows only for a token longer than it.
const readBufferSize = 64 << 10

// streamReader returns a jsonReader on src.
func streamReader(src io.Reader) jsonReader {
	return jsonReader{src: src, buf: make([]byte, 0, readBufferSize)}
}

// bytesReader returns a jsonReader on the whole input data, which it does
// not modify.
func bytesReader(data []byte) jsonReader {
	return jsonReader{buf: data}
}

// offset returns the input offset of buf[i].
func (r *jsonReader) offset(i int) int64 { return r.base + int64(i) }

// fill reads more input after buf's end, first moving buf[pos:] to the
// front (or growing buf when pos is already 0 and buf is full). It returns
// how far the bytes moved (the caller subtracts it from the indexes it
// holds), and false when no byte was added: the input has ended, or
// failed (r.err).
func (r *jsonReader) fill() (shift int, ok bool) {
	if r.src == nil {
		return 0, false
	}
	shift = r.pos
	if shift > 0 {
		n := copy(r.buf[:cap(r.buf)], r.buf[shift:])
		r.buf = r.buf[:n]
		r.base += int64(shift)
		r.pos = 0
	}
	if len(r.buf) == cap(r.buf) {
		grown := make([]byte, len(r.buf), 2*cap(r.buf))
		copy(grown, r.buf)
		r.buf = grown
	}
	for tries := 0; tries < 100; tries++ {
		n, err := r.src.Read(r.buf[len(r.buf):cap(r.buf)])
		r.buf = r.buf[:len(r.buf)+n]
		if err != nil {
			r.src = nil
			if err != io.EOF {
				r.err = err
			}
			return shift, n > 0
		}
		if n > 0 {
			return shift, true
		}
	}
	r.src, r.err = nil, io.ErrNoProgress
	return shift, false
}

// endErr is the error for input that ends (or fails) where more is due.
func (r *jsonReader) endErr() error {
	if r.err != nil {
		return fmt.Errorf("smile: reading the JSON input at offset %d: %w", r.offset(len(r.buf)), r.err)
	}
	return fmt.Errorf("smile: JSON input ends inside a value at offset %d: %w", r.offset(len(r.buf)), io.ErrUnexpectedEOF)
}

// syntaxErr reports invalid JSON at buf[i]. A byte that is not valid
// UTF-8 there is an *InvalidUTF8Error instead.
func (r *jsonReader) syntaxErr(i int, what string) error {
	i = r.completeRune(i)
	if i < len(r.buf) && r.buf[i] >= utf8.RuneSelf {
		if c, size := utf8.DecodeRune(r.buf[i:]); c == utf8.RuneError && size == 1 {
			return &InvalidUTF8Error{Offset: r.offset(i)}
		}
	}
	return fmt.Errorf("smile: invalid JSON at offset %d: %s", r.offset(i), what)
}

// completeRune reads more input while the UTF-8 sequence at buf[i] (i >=
// pos) is incomplete and more may come, and returns i moved with the
// bytes, so that an error can tell a non-ASCII character from invalid
// UTF-8.
func (r *jsonReader) completeRune(i int) int {
	for i < len(r.buf) && r.buf[i] >= utf8.RuneSelf && !utf8.FullRune(r.buf[i:]) && r.src != nil {
		shift, _ := r.fill()
		i -= shift
	}
	return i
}

// unexpected describes the byte at buf[i] for a syntax error.
func (r *jsonReader) unexpected(i int, want string) error {
	i = r.completeRune(i)
	if i >= len(r.buf) {
		return r.endErr()
	}
	c := r.buf[i]
	if c < utf8.RuneSelf && c >= 0x20 {
		return r.syntaxErr(i, fmt.Sprintf("%q where %s is due", c, want))
	}
	if c < utf8.RuneSelf {
		return r.syntaxErr(i, fmt.Sprintf("byte 0x%02X where %s is due", c, want))
	}
	ch, _ := utf8.DecodeRune(r.buf[i:])
	return r.syntaxErr(i, fmt.Sprintf("%q where %s is due", ch, want))
}

// skipSpace advances pos past white space and returns the next byte, or
// false at the end of the input (r.err tells whether it failed).
func (r *jsonReader) skipSpace() (byte, bool) {
	for {
		buf := r.buf
		for i := r.pos; i < len(buf); i++ {
			switch c := buf[i]; c {
			case ' ', '\n', '\r', '\t':
			default:
				r.pos = i
				return c, true
			}
		}
		r.pos = len(buf)
		if _, ok := r.fill(); !ok {
			return 0, false
		}
	}
}

// errNeedMore is returned by the scanners when a token runs to the end of
// buf and more input may follow; the caller refills and scans again.
var errNeedMore = errors.New("need more input")

// isDelimiter reports whether c may follow a number or a literal.
func isDelimiter(c byte) bool {
	switch c {
	case ' ', '\n', '\r', '\t', ',', ']', '}':
		return true
	}
	return false
}

// literal reads the literal lit (true, false, null) at pos.
func (r *jsonReader) literal(lit string) error {
	for {
		buf := r.buf[r.pos:]
		n := min(len(buf), len(lit))
		for i := range n {
			if buf[i] != lit[i] {
				return r.unexpected(r.pos+i, fmt.Sprintf("%q (in %s)", lit[i], lit))
			}
		}
		switch {
		case len(buf) > len(lit):
			if !isDelimiter(buf[len(lit)]) {
				return r.unexpected(r.pos+len(lit), "a delimiter after "+lit)
			}
			r.pos += len(lit)
			return nil
		case len(buf) == len(lit) && r.src == nil:
			r.pos += len(lit)
			return nil
		}
		if _, ok := r.fill(); !ok && (r.err != nil || len(buf) < len(lit)) {
			return r.endErr()
		}
	}
}

// number scans the number literal at pos and returns it, whether it is an
// integer literal (no fraction, no exponent), and its count of digits
// before any fraction. pos is left after the literal. The literal aliases
// buf. A literal longer than maxLen bytes, or a run of the bytes a number
// may hold (numberRun) that is, even where it is no valid number, is a
// *stream.LimitError, found before more than maxLen bytes of it are
// buffered.
func (r *jsonReader) number(maxLen int) (lit []byte, integer bool, digits int, err error) {
	for {
		end, integer, digits, err := scanNumber(r.buf[r.pos:], r.src == nil)
		// The limit is on the run of bytes a number may hold, whatever
		// its syntax, so that the error does not depend on how the
		// input arrives in pieces: a reader given one byte at a time
		// meets the limit before it sees where the run ends.
		got := end // the length, or at least the bytes buffered
		switch {
		case err == errNeedMore:
			got = len(r.buf) - r.pos
		case err != nil:
			got = numberRun(r.buf[r.pos:])
		}
		if got > maxLen {
			// The advice names MaxNumberLen once the API layer relabels
			// the error (hint.Relabel). Got is the first length over the
			// limit, not the bytes buffered so far, so that the error
			// does not depend on how the input arrives in pieces.
			return nil, false, 0, hint.Relabel(&stream.LimitError{Offset: r.offset(r.pos), Limit: string(hint.MaxNumberLen), Max: int64(maxLen), Got: int64(maxLen) + 1}, noAdvice)
		}
		if err == errNeedMore {
			if _, ok := r.fill(); !ok && r.err != nil {
				return nil, false, 0, r.endErr()
			}
			continue
		}
		if err != nil {
			return nil, false, 0, r.syntaxErr(r.pos+end, "invalid number: "+err.Error())
		}
		lit = r.buf[r.pos : r.pos+end]
		r.pos += end
		return lit, integer, digits, nil
	}
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// numberRun returns the length of the run of bytes at the start of b that
// a JSON number may hold: digits, signs, points and exponent marks.
func numberRun(b []byte) int {
	n := 0
	for n < len(b) && (isDigit(b[n]) || b[n] == '-' || b[n] == '+' || b[n] == '.' || b[n] == 'e' || b[n] == 'E') {
		n++
	}
	return n
}

// scanNumber returns the length of the JSON number at the start of b,
// which must be followed by a delimiter or, when final, may end b. It
// returns errNeedMore when the number may go on past b's end. On a syntax
// error, end is the offset of the byte at fault.
func scanNumber(b []byte, final bool) (end int, integer bool, digits int, err error) {
	n := numberRun(b)
	if n == len(b) && !final {
		return 0, false, 0, errNeedMore
	}
	i := 0
	if i < n && b[i] == '-' {
		i++
	}
	switch {
	case i < n && b[i] == '0':
		i++
	case i < n && isDigit(b[i]):
		for i < n && isDigit(b[i]) {
			i++
		}
	default:
		return i, false, 0, errors.New("a digit is due")
	}
	digits = i
	if b[0] == '-' {
		digits--
	}
	integer = true
	if i < n && b[i] == '.' {
		integer = false
		i++
		start := i
		for i < n && isDigit(b[i]) {
			i++
		}
		if i == start {
			return i, false, 0, errors.New("a digit is due after the point")
		}
	}
	if i < n && (b[i] == 'e' || b[i] == 'E') {
		integer = false
		i++
		if i < n && (b[i] == '+' || b[i] == '-') {
			i++
		}
		start := i
		for i < n && isDigit(b[i]) {
			i++
		}
		if i == start {
			return i, false, 0, errors.New("a digit is due in the exponent")
		}
	}
	if i < n {
		return i, false, 0, fmt.Errorf("%q after %s", b[i], b[:i])
	}
	if n < len(b) && !isDelimiter(b[n]) {
		return n, false, 0, errors.New("a delimiter is due after it")
	}
	return n, integer, digits, nil
}

// plainStringByte[c] reports whether c stands for itself in a JSON string
// and is ASCII: not a quote, a backslash or a control character.
var plainStringByte = func() (t [256]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// str reads the JSON string at pos (at its opening quote) and returns its
// text, unescaped: a slice of buf when it holds no escape, else of
// r.scratch; either is valid until the next call on r. pos is left after
// the closing quote. The text is valid UTF-8: other bytes are an
// *InvalidUTF8Error.
func (r *jsonReader) str() ([]byte, error) {
	i := r.pos + 1
	run := i // the start of the bytes not yet copied to scratch
	escaped := false
	r.scratch = r.scratch[:0]
	for {
		buf := r.buf
	scan:
		for i < len(buf) {
			c := buf[i]
			if plainStringByte[c] {
				i++
				continue
			}
			switch {
			case c == '"':
				r.pos = i + 1
				if !escaped {
					return buf[run:i], nil
				}
				r.scratch = append(r.scratch, buf[run:i]...)
				return r.scratch, nil
			case c == '\\':
				r.scratch = append(r.scratch, buf[run:i]...)
				run = i
				n, err := r.escape(buf[i:])
				if err == errNeedMore {
					break scan
				}
				if err != nil {
					return nil, r.syntaxErr(i+n, err.Error())
				}
				escaped = true
				i += n
				run = i
			case c < 0x20:
				return nil, r.syntaxErr(i, fmt.Sprintf("control character 0x%02X in a string (escape it)", c))
			default:
				if r.src != nil && !utf8.FullRune(buf[i:]) {
					break scan
				}
				ch, size := utf8.DecodeRune(buf[i:])
				if ch == utf8.RuneError && size == 1 {
					return nil, &InvalidUTF8Error{Offset: r.offset(i)}
				}
				i += size
			}
		}
		shift, ok := r.fill()
		i -= shift
		run -= shift
		if !ok && (r.err != nil || i >= len(r.buf)) {
			return nil, r.endErr()
		}
	}
}

// escape appends to r.scratch the text of the escape sequence at the
// start of b (a backslash) and returns its length. A \u escape of a UTF-16
// surrogate takes the next \u escape with it when the two make a pair, and
// is otherwise U+FFFD, as in encoding/json. It returns errNeedMore when b
// ends too soon and more input may follow; on a syntax error, n is the
// offset of the byte at fault.
func (r *jsonReader) escape(b []byte) (n int, err error) {
	final := r.src == nil
	if len(b) < 2 {
		if !final {
			return 0, errNeedMore
		}
		return len(b), errors.New("the input ends inside an escape")
	}
	var c byte
	switch b[1] {
	case '"', '\\', '/':
		c = b[1]
	case 'b':
		c = '\b'
	case 'f':
		c = '\f'
	case 'n':
		c = '\n'
	case 'r':
		c = '\r'
	case 't':
		c = '\t'
	case 'u':
		if len(b) < 6 && !final {
			return 0, errNeedMore
		}
		ch, bad := hex4(b[2:])
		if bad >= 0 {
			return 2 + bad, errors.New("four hex digits are due after \\u")
		}
		if utf16IsSurrogate(ch) {
			// A pair needs \uXXXX right after; wait for it while it may come.
			if !final && len(b) < 12 && (len(b) == 6 || b[6] == '\\' && (len(b) == 7 || b[7] == 'u')) {
				return 0, errNeedMore
			}
			if len(b) >= 12 && b[6] == '\\' && b[7] == 'u' {
				if lo, bad := hex4(b[8:]); bad < 0 && ch < 0xDC00 && lo >= 0xDC00 && lo <= 0xDFFF {
					r.scratch = utf8.AppendRune(r.scratch, 0x10000+(ch-0xD800)<<10+(lo-0xDC00))
					return 12, nil
				}
			}
			ch = utf8.RuneError
		}
		r.scratch = utf8.AppendRune(r.scratch, ch)
		return 6, nil
	default:
		return 1, fmt.Errorf("invalid escape \\%c", b[1])
	}
	r.scratch = append(r.scratch, c)
	return 2, nil
}

func utf16IsSurrogate(c rune) bool { return c >= 0xD800 && c <= 0xDFFF }

// hex4 decodes the four hex digits at the start of b, or returns the
// index of the first byte that is not one (bad >= 0).
func hex4(b []byte) (c rune, bad int) {
	for i := range 4 {
		if i >= len(b) {
			return 0, i
		}
		var d byte
		switch x := b[i]; {
		case x >= '0' && x <= '9':
			d = x - '0'
		case x >= 'a' && x <= 'f':
			d = x - 'a' + 10
		case x >= 'A' && x <= 'F':
			d = x - 'A' + 10
		default:
			return 0, i
		}
		c = c<<4 | rune(d)
	}
	return c, -1
}
