package main

import (
	"bufio"
	"encoding/hex"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/go-smile/smile"
	"github.com/go-smile/smile/stream"
)

// maxDumpBytes is how many raw bytes a dump line shows before "…".
const maxDumpBytes = 12

// maxDumpText is how many characters of a string a dump line shows.
const maxDumpText = 60

func dumpFlags(fs *flag.FlagSet) runFunc {
	var dec decFlags
	dec.declare(fs)
	return func(in io.Reader, out io.Writer) error {
		mode, err := dec.mode()
		if err != nil {
			return err
		}
		data, err := io.ReadAll(in)
		if err != nil {
			return err
		}
		r, err := stream.NewReader(data, mode.ReaderOptions())
		if err != nil {
			return err
		}
		w := bufio.NewWriter(out)
		defer w.Flush()
		return dump(w, r, data)
	}
}

// dump writes one line per token: offset, raw bytes, meaning, indented by
// nesting. Headers (which are not tokens) get a line of their own.
func dump(w io.Writer, r *stream.Reader, data []byte) error {
	prev := r.InputOffset()
	for {
		tok, err := r.ReadToken()
		if err == io.EOF {
			if end := r.InputOffset(); end > prev {
				dumpLine(w, data, prev, end, 0, headerMeaning(data[prev:end]))
			}
			return nil
		}
		if err != nil {
			return err
		}
		start, end := r.TokenOffset(), r.InputOffset()
		if start > prev {
			dumpLine(w, data, prev, start, 0, headerMeaning(data[prev:start]))
		}
		depth := r.Depth()
		if tok.Kind == stream.KindStartObject || tok.Kind == stream.KindStartArray {
			depth--
		}
		dumpLine(w, data, start, end, depth, meaning(tok))
		prev = end
	}
}

func dumpLine(w io.Writer, data []byte, start, end int64, depth int, what string) {
	raw := data[start:end]
	more := ""
	if len(raw) > maxDumpBytes {
		raw, more = raw[:maxDumpBytes], " …"
	}
	hexText := spacedHex(raw) + more
	fmt.Fprintf(w, "%08x  %-38s %s%s\n", start, hexText, strings.Repeat("  ", depth), what)
}

func spacedHex(b []byte) string {
	var sb strings.Builder
	for i, c := range b {
		if i > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(hex.EncodeToString([]byte{c}))
	}
	return sb.String()
}

func headerMeaning(b []byte) string {
	h, ok := stream.ParseHeader(b)
	if !ok {
		return "(not a token)"
	}
	return "header: " + h.String()
}

// meaning describes a token for a person.
func meaning(t stream.Token) string {
	switch t.Kind {
	case stream.KindStartObject:
		return "{"
	case stream.KindEndObject:
		return "}"
	case stream.KindStartArray:
		return "["
	case stream.KindEndArray:
		return "]"
	case stream.KindNull, stream.KindTrue, stream.KindFalse:
		return t.Kind.String()
	case stream.KindInt:
		return "int " + strconv.FormatInt(t.Int(), 10)
	case stream.KindBigInt:
		return "BigInteger " + t.BigInt().String()
	case stream.KindFloat32:
		return "float32 " + strconv.FormatFloat(float64(t.Float32()), 'g', -1, 32)
	case stream.KindFloat64:
		return "float64 " + strconv.FormatFloat(t.Float64(), 'g', -1, 64)
	case stream.KindBigDecimal:
		u, scale := t.BigDecimal()
		return fmt.Sprintf("BigDecimal %s (unscaled %s, scale %d)", smile.Decimal{Unscaled: u, Scale: scale}, u, scale)
	case stream.KindBinary:
		return fmt.Sprintf("binary, %d bytes", len(t.Bytes()))
	case stream.KindEndOfDocument:
		return "end of document (0xFF)"
	case stream.KindKey:
		return "key " + quoteShort(t.Bytes()) + tableNote("name", t)
	case stream.KindString:
		return "string " + quoteShort(t.Bytes()) + tableNote("value", t)
	}
	return t.Kind.String()
}

// tableNote says which shared-table slot a key or string took or named.
func tableNote(table string, t stream.Token) string {
	switch {
	case t.Slot < 0:
		return ""
	case t.Ref:
		return fmt.Sprintf("  <- shared %s #%d", table, t.Slot)
	default:
		return fmt.Sprintf("  (shared %s #%d)", table, t.Slot)
	}
}

func quoteShort(b []byte) string {
	s := string(b)
	if utf8.RuneCountInString(s) > maxDumpText {
		r := []rune(s)
		return strconv.Quote(string(r[:maxDumpText])) + fmt.Sprintf("… (%d bytes)", len(b))
	}
	return strconv.Quote(s)
}
