package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"strconv"
	"unicode/utf8"

	"github.com/go-smile/smile"
	"github.com/go-smile/smile/stream"
)

// maxDumpBytes is how many raw bytes a dump line shows before "…".
const maxDumpBytes = 12

// maxDumpText is how many characters of a string a dump line shows.
const maxDumpText = 60

// dumpHexWidth is the width, in characters, of a dump line's raw-bytes
// column.
const dumpHexWidth = 38

func dumpFlags(fs *flag.FlagSet) runFunc {
	var dec decFlags
	dec.declare(fs)
	return func(in io.Reader, out io.Writer) error {
		mode, err := dec.mode()
		if err != nil {
			return err
		}
		win := newInputWindow(in)
		r, err := stream.NewStreamReader(win, mode.ReaderOptions())
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
		if start > prev {
			raw, herr := in.head(start)
			if herr != nil {
				return herr
			}
			if werr := d.header(w, prev, raw, start-prev); werr != nil {
				return werr
			}
		}
		if err == io.EOF {
			return nil
		}
		if err := in.setMark(start); err != nil {
			return err
		}
		tok, err := r.ReadToken()
		if err != nil {
			return err
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

// dumper builds dump lines in buffers it reuses, so that a line costs no
// allocation in the common case.
type dumper struct {
	line []byte // the line being built
	text []byte // the shown part of a long string
}

// header writes the line of the n bytes of headers at input offset start,
// of which raw holds the first.
func (d *dumper) header(w *bufio.Writer, start int64, raw []byte, n int64) error {
	b := appendLineStart(d.line[:0], start, raw, n, 0)
	if h, ok := stream.ParseHeader(raw); ok {
		b = append(b, "header: "...)
		b = append(b, h.String()...)
	} else {
		b = append(b, "(not a token)"...)
	}
	d.line = append(b, '\n')
	_, err := w.Write(d.line)
	return err
}

// token writes the line of token t, which took the n bytes at input offset
// start, of which raw holds the first; depth is its nesting.
func (d *dumper) token(w *bufio.Writer, start int64, raw []byte, n int64, depth int, t stream.Token) error {
	b := appendLineStart(d.line[:0], start, raw, n, depth)
	b = d.appendMeaning(b, t)
	d.line = append(b, '\n')
	_, err := w.Write(d.line)
	return err
}

// appendLineStart appends what a dump line shows before the meaning: the
// offset in hex, at least 8 digits; raw, the first of n bytes, in hex,
// with " …" when n is more, padded to dumpHexWidth; a space; and two
// spaces per level of depth.
func appendLineStart(b []byte, start int64, raw []byte, n int64, depth int) []byte {
	const digits = "0123456789abcdef"
	var num [16]byte
	off := strconv.AppendInt(num[:0], start, 16)
	for i := len(off); i < 8; i++ {
		b = append(b, '0')
	}
	b = append(b, off...)
	b = append(b, "  "...)
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
	for ; width < dumpHexWidth; width++ {
		b = append(b, ' ')
	}
	b = append(b, ' ')
	for range depth {
		b = append(b, "  "...)
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
// "… (N bytes)".
func (d *dumper) appendQuoteShort(b, s []byte) []byte {
	if utf8.RuneCount(s) <= maxDumpText {
		return strconv.AppendQuote(b, string(s))
	}
	text, n := d.text[:0], 0
	for _, c := range string(s) {
		if n == maxDumpText {
			break
		}
		text = utf8.AppendRune(text, c)
		n++
	}
	d.text = text
	b = strconv.AppendQuote(b, string(text))
	b = append(b, "… ("...)
	b = strconv.AppendInt(b, int64(len(s)), 10)
	return append(b, " bytes)"...)
}
