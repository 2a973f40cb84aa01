package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"strconv"
	"unicode/utf8"

	"github.com/go-smile/smile"
	"github.com/go-smile/smile/internal/transcode"
	"github.com/go-smile/smile/stream"
)

// maxDumpBytes is how many raw bytes a dump line shows before "…".
const maxDumpBytes = 12

// maxDumpText is how many characters of a string a dump line shows.
const maxDumpText = 60

// dumpHexWidth is the width, in characters, of a dump line's raw-bytes
// column.
const dumpHexWidth = 38

// maxDumpIndent is the deepest nesting a dump line shows by indentation,
// two spaces a level (128 columns). A deeper line is indented as deep and
// shows its depth as a number before the meaning, "(depth 65) [", so that
// a line stays under 200 bytes and the dump proportional to its input:
// indenting every level wrote n² spaces for n nested arrays (1.8 GB for
// the 60 KB of 30,000 levels). 64 is about twice the deepest document of
// the golden corpora (code.json, 33 levels), so that real documents keep
// their indentation.
const maxDumpIndent = 64

func dumpFlags(fs *flag.FlagSet) runFunc {
	var dec decFlags
	dec.declare(fs)
	return func(in io.Reader, out io.Writer) error {
		mode, err := dec.mode()
		if err != nil {
			return err
		}
		win := newInputWindow(in)
		r, err := stream.NewReaderFrom(win, dec.readerOptions(mode))
		if err != nil {
			return err
		}
		w := bufio.NewWriterSize(out, 64<<10)
		err = dump(w, r, win)
		if ferr := w.Flush(); err == nil {
			err = ferr
		}
		return err
	}
}

// dump writes one line per token: offset, raw bytes, meaning, indented by
// nesting. Headers (which are not tokens) get a line of their own. It reads
// the input once, through r, which reads from in; it holds no more of the
// input than r's buffer and in's window, whatever the input's size.
func dump(w *bufio.Writer, r *stream.Reader, in *inputWindow) error {
	var d dumper
	var headers [maxDumpBytes]byte // the first bytes of the headers before a token
	prev := r.InputOffset()
	for {
		// Peeking consumes the headers before the next token, if any: the
		// mark keeps their first bytes, then those of the token.
		if err := in.setMark(prev); err != nil {
			return err
		}
		_, err := r.PeekKind()
		if err != nil && err != io.EOF {
			return err
		}
		start := r.InputOffset()
		marked, herr := in.head(start)
		if herr != nil {
			return herr
		}
		hdr := headers[:copy(headers[:], marked)]
		if err == io.EOF {
			if start > prev {
				return d.header(w, prev, hdr, start-prev)
			}
			if start == 0 {
				// Nothing at all: refused, as by the other commands.
				return transcode.NoValueError(0, "the input is empty")
			}
			return nil
		}
		if err := in.setMark(start); err != nil {
			return err
		}
		tok, err := r.ReadToken()
		if err != nil {
			return err
		}
		if start > prev {
			// Shown once the token after them is read, so that a bad
			// token's error comes alone.
			if err := d.header(w, prev, hdr, start-prev); err != nil {
				return err
			}
		}
		end := r.InputOffset()
		if r.TokenOffset() != start {
			return fmt.Errorf("internal error: the token peeked at offset %d was read at offset %d", start, r.TokenOffset())
		}
		raw, err := in.head(end)
		if err != nil {
			return err
		}
		depth := r.Depth()
		if tok.Kind == stream.KindStartObject || tok.Kind == stream.KindStartArray {
			depth--
		}
		if err := d.token(w, start, raw, end-start, depth, tok); err != nil {
			return err
		}
		prev = end
	}
}

// dumper builds each dump line in the free space of the output's buffer
// (bufio.Writer.AvailableBuffer) and the shown part of a long string in a
// buffer it reuses, so that a line rarely allocates.
type dumper struct {
	text []byte // the shown part of a long string
}

// header writes the line of the n bytes of headers at input offset start,
// of which raw holds the first.
func (d *dumper) header(w *bufio.Writer, start int64, raw []byte, n int64) error {
	b := appendLineStart(w.AvailableBuffer(), start, raw, n, 0)
	if h, ok := stream.ParseHeader(raw); ok {
		b = append(b, "header: "...)
		b = append(b, h.String()...)
	} else {
		b = append(b, "(not a token)"...)
	}
	_, err := w.Write(append(b, '\n'))
	return err
}

// token writes the line of token t, which took the n bytes at input offset
// start, of which raw holds the first; depth is its nesting.
func (d *dumper) token(w *bufio.Writer, start int64, raw []byte, n int64, depth int, t stream.Token) error {
	b := appendLineStart(w.AvailableBuffer(), start, raw, n, depth)
	b = d.appendMeaning(b, t)
	_, err := w.Write(append(b, '\n'))
	return err
}

// blanks is a run of spaces for padding and indentation.
const blanks = "                                                                "

// appendLineStart appends what a dump line shows before the meaning: the
// offset in hex, at least 8 digits; raw, the first of n bytes, in hex,
// with " …" when n is more, padded to dumpHexWidth; a space; and two
// spaces per level of depth, up to maxDumpIndent levels, then, for a
// deeper line, "(depth N) ".
func appendLineStart(b []byte, start int64, raw []byte, n int64, depth int) []byte {
	const digits = "0123456789abcdef"
	var num [16]byte
	off := strconv.AppendInt(num[:0], start, 16)
	b = append(b, "00000000"[min(len(off), 8):]...)
	b = append(b, off...)
	b = append(b, ' ', ' ')
	width := 0
	for i, c := range raw {
		if i > 0 {
			b = append(b, ' ')
			width++
		}
		b = append(b, digits[c>>4], digits[c&0xF])
		width += 2
	}
	if n > int64(len(raw)) {
		b = append(b, " …"...)
		width += 2
	}
	b = append(b, blanks[:max(dumpHexWidth-width, 0)+1]...)
	for indent := 2 * min(depth, maxDumpIndent); indent > 0; {
		k := min(indent, len(blanks))
		b = append(b, blanks[:k]...)
		indent -= k
	}
	if depth > maxDumpIndent {
		b = append(b, "(depth "...)
		b = strconv.AppendInt(b, int64(depth), 10)
		b = append(b, ") "...)
	}
	return b
}

// appendMeaning appends a description of a token for a person.
func (d *dumper) appendMeaning(b []byte, t stream.Token) []byte {
	switch t.Kind {
	case stream.KindStartObject:
		return append(b, '{')
	case stream.KindEndObject:
		return append(b, '}')
	case stream.KindStartArray:
		return append(b, '[')
	case stream.KindEndArray:
		return append(b, ']')
	case stream.KindInt:
		return strconv.AppendInt(append(b, "int "...), t.Int(), 10)
	case stream.KindBigInt:
		return t.BigInt().Append(append(b, "BigInteger "...), 10)
	case stream.KindFloat32:
		return strconv.AppendFloat(append(b, "float32 "...), float64(t.Float32()), 'g', -1, 32)
	case stream.KindFloat64:
		return strconv.AppendFloat(append(b, "float64 "...), t.Float64(), 'g', -1, 64)
	case stream.KindBigDecimal:
		u, scale := t.BigDecimal()
		return fmt.Appendf(b, "BigDecimal %s (unscaled %s, scale %d)", smile.Decimal{Unscaled: u, Scale: scale}, u, scale)
	case stream.KindBinary:
		b = strconv.AppendInt(append(b, "binary, "...), int64(len(t.Bytes())), 10)
		return append(b, " bytes"...)
	case stream.KindEndOfDocument:
		return append(b, "end of document (0xFF)"...)
	case stream.KindKey:
		b = d.appendQuoteShort(append(b, "key "...), t.Bytes())
		return appendTableNote(b, "name", t)
	case stream.KindString:
		b = d.appendQuoteShort(append(b, "string "...), t.Bytes())
		return appendTableNote(b, "value", t)
	}
	return append(b, t.Kind.String()...) // null, true, false
}

// appendTableNote appends which shared-table slot a key or string took or
// named.
func appendTableNote(b []byte, table string, t stream.Token) []byte {
	switch {
	case t.Slot < 0:
		return b
	case t.Ref:
		b = append(b, "  <- shared "...)
	default:
		b = append(b, "  (shared "...)
	}
	b = append(b, table...)
	b = append(b, " #"...)
	b = strconv.AppendInt(b, int64(t.Slot), 10)
	if !t.Ref {
		b = append(b, ')')
	}
	return b
}

// appendQuoteShort appends s as a Go string literal, or, when it is longer
// than maxDumpText characters, the literal of its first maxDumpText
// characters (each invalid byte among them shown as U+FFFD) followed by
// "… (N bytes)". Characters are counted as utf8.RuneCount counts them.
func (d *dumper) appendQuoteShort(b, s []byte) []byte {
	cut, n := 0, 0 // the end of the first n characters
	for cut < len(s) && n < maxDumpText {
		if s[cut] < utf8.RuneSelf {
			cut++
		} else {
			_, size := utf8.DecodeRune(s[cut:])
			cut += size
		}
		n++
	}
	if cut == len(s) {
		return appendQuote(b, s)
	}
	text := d.text[:0]
	for i := 0; i < cut; {
		r, size := utf8.DecodeRune(s[i:])
		text = utf8.AppendRune(text, r)
		i += size
	}
	d.text = text
	b = appendQuote(b, text)
	b = append(b, "… ("...)
	b = strconv.AppendInt(b, int64(len(s)), 10)
	return append(b, " bytes)"...)
}

// appendQuote appends what strconv.AppendQuote appends for string(s),
// without converting s to a string (a conversion that allocates when s is
// longer than 32 bytes, as most dumped strings are): printable runes as
// they are, the escapes of the others as strconv.AppendQuoteRune writes
// them, and an invalid byte as \xHH. Against strconv.AppendQuote(b,
// string(s)): 1676 -> 38 allocs/op in BenchmarkDumpTwitter, and 0.68x the
// CPU time of "smile dump" on 59 MB of twitter statuses (median of 8
// alternating whole-process runs).
func appendQuote(b, s []byte) []byte {
	const digits = "0123456789abcdef"
	b = append(b, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c >= ' ' && c < 0x7F && c != '"' && c != '\\' {
			b = append(b, c)
			i++
			continue
		}
		r, size := rune(c), 1
		if c >= utf8.RuneSelf {
			r, size = utf8.DecodeRune(s[i:])
		}
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, '\\', 'x', digits[c>>4], digits[c&0xF])
		case r == '"' || r == '\\':
			b = append(b, '\\', byte(r))
		case r >= utf8.RuneSelf && strconv.IsPrint(r):
			b = append(b, s[i:i+size]...)
		default:
			// strconv.AppendQuoteRune appends 'ESCAPE': keep ESCAPE.
			q := strconv.AppendQuoteRune(b, r)
			b = append(q[:len(b)], q[len(b)+1:len(q)-1]...)
		}
		i += size
	}
	return append(b, '"')
}
