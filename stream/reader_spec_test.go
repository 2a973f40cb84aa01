package stream_test

import (
	"errors"
	"fmt"
	"io"
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/go-smile/smile/stream"
)

// Every reading example of the format digest (smile-format.md §1-§9), with
// its hex, over every kind of Reader.

// rdTokStr renders a token compactly for these tests.
func rdTokStr(t stream.Token) string {
	switch t.Kind {
	case stream.KindStartObject:
		return "{"
	case stream.KindEndObject:
		return "}"
	case stream.KindStartArray:
		return "["
	case stream.KindEndArray:
		return "]"
	case stream.KindKey:
		return "k" + fmt.Sprintf("%q", t.Bytes())
	case stream.KindString:
		return fmt.Sprintf("%q", t.Bytes())
	case stream.KindInt:
		return fmt.Sprint(t.Int())
	case stream.KindFloat32:
		return fmt.Sprintf("f32:%08X", math.Float32bits(t.Float32()))
	case stream.KindFloat64:
		return fmt.Sprintf("f64:%016X", math.Float64bits(t.Float64()))
	case stream.KindBigInt:
		return "big:" + t.BigInt().String()
	case stream.KindBigDecimal:
		u, s := t.BigDecimal()
		return fmt.Sprintf("dec:%sE%d", u, -s)
	case stream.KindBinary:
		return fmt.Sprintf("bin:%X", t.Bytes())
	case stream.KindNull:
		return "null"
	case stream.KindTrue:
		return "true"
	case stream.KindFalse:
		return "false"
	case stream.KindEndOfDocument:
		return "EOD"
	}
	return "?"
}

// rdReadAllStr reads every token and returns them space-separated, with the
// error (nil at io.EOF).
func rdReadAllStr(r *stream.Reader) (string, error) {
	var out []string
	for i := 0; i < 100000; i++ {
		t, err := r.ReadToken()
		if err == io.EOF {
			return strings.Join(out, " "), nil
		}
		if err != nil {
			return strings.Join(out, " "), err
		}
		out = append(out, rdTokStr(t))
	}
	return strings.Join(out, " "), errors.New("too many tokens")
}

type rdSpecCase struct {
	name string
	hex  string
	opts stream.ReaderOptions
	want string // tokens before the error (or all of them)
	// For errors: a message fragment, the offset, and whether it is a
	// LimitError or a truncation (wraps io.ErrUnexpectedEOF).
	err   string
	off   int64
	limit bool
	eof   bool
}

var rdNoHdr = stream.ReaderOptions{HeaderOptional: true}

func rdRep(s string, n int) string { return strings.TrimSpace(strings.Repeat(s+" ", n)) }

func rdHexOf(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		fmt.Fprintf(&b, "%02X ", s[i])
	}
	return strings.TrimSpace(b.String())
}

var rdSpecCases = []rdSpecCase{
	// §1.2 header
	{name: "empty", hex: "", want: ""},
	{name: "header-only", hex: "3A 29 0A 01", want: ""},
	{name: "bad-signature-1", hex: "3A 20", err: "0x3A followed by 0x20, not 0x29", off: 1},
	{name: "bad-signature-2", hex: "3A 29 20 01", err: "followed by 0x20, not 0x0A", off: 2},
	{name: "short-header", hex: "3A 29 0A", err: "end of input in the header", off: 0, eof: true},
	{name: "version-1", hex: "3A 29 0A 10 21", err: "version 1 is not supported", off: 3},
	// Jackson ignores bit 3; we refuse it (SECURITY.md).
	{name: "reserved-bit", hex: "3A 29 0A 08 21", err: "reserved bit 3", off: 3},
	{name: "reserved-bit-mid-stream", hex: "3A 29 0A 01 21 3A 29 0A 09 21", want: "null", err: "reserved bit 3", off: 8},
	{name: "no-header-required", hex: "21", err: "does not start with the Smile header", off: 0},
	{name: "json-hint", hex: "7B 22 61 22 7D", err: "starts with '{': JSON text, not Smile", off: 0},
	{name: "json-hint-array", hex: "5B 31 5D", err: "starts with '[': JSON text, not Smile", off: 0},
	{name: "html-hint", hex: "3C 21 44 4F 43 54 59 50 45", err: "starts with '<': HTML or XML", off: 0},
	{name: "no-header-optional", hex: "21", opts: rdNoHdr, want: "null"},
	{name: "s8-19-names-headerless", hex: "F8 FA 82 61 62 63 C2 FB FA 40 C4 FB F9", opts: rdNoHdr, want: `[ { k"abc" 1 } { k"abc" 2 } ]`},
	{name: "s8-20-no-shared-names", hex: "F8 FA 82 61 62 63 C2 FB FA 82 61 62 63 C4 FB F9", opts: rdNoHdr, want: `[ { k"abc" 1 } { k"abc" 2 } ]`},
	{name: "name-ref-names-off", hex: "3A 29 0A 00 FA 80 61 C2 FB FA 40 C4 FB", want: `{ k"a" 1 } {`, err: "declared no shared names", off: 10},
	{name: "value-ref-values-off", hex: "3A 29 0A 01 F8 40 61 01 F9", want: `[ "a"`, err: "did not declare shared string values", off: 7},
	{name: "value-ref-headerless", hex: "40 61 01", opts: rdNoHdr, want: `"a"`, err: "did not declare shared string values", off: 2},
	{name: "raw-binary-without-bit-2", hex: "3A 29 0A 01 FD 83 01 02 03", want: "bin:010203"},

	// §1.3 documents
	{name: "root-sequence", hex: "3A 29 0A 01 C2 C4", want: "1 2"},
	{name: "autoclose-endmarker", hex: "3A 29 0A 01 F8 FA FB F9 FF", want: "[ { } ] EOD"},
	{name: "eod-between-values", hex: "3A 29 0A 01 C2 FF C4", want: "1 EOD 2"},
	{name: "eod-keeps-tables", hex: "3A 29 0A 03 40 61 FF 01", want: `"a" EOD "a"`},
	{name: "eod-in-array", hex: "F8 FF F9", opts: rdNoHdr, want: "[", err: "end-of-content marker (0xFF) inside an array", off: 1},
	{name: "eod-in-object", hex: "FA 80 61 FF", opts: rdNoHdr, want: `{ k"a"`, err: "inside an object", off: 3},
	{name: "s8-28-two-docs", hex: "3A 29 0A 01 FA FB FF 3A 29 0A 01 F8 F9 FF", want: "{ } EOD [ ] EOD"},
	{name: "concat-docs-reset", hex: "3A 29 0A 01 FA 80 61 C2 FB 3A 29 0A 01 FA 80 62 FA 40 C4 FB FB", want: `{ k"a" 1 } { k"b" { k"b" 2 } }`},
	{name: "concat-docs-jackson", hex: "3A 29 0A 01 FA 80 61 C2 FB 3A 29 0A 01 FA 80 62 FA 40 C4 FB FB",
		opts: stream.ReaderOptions{KeepNamesAcrossHeaders: true}, want: `{ k"a" 1 } { k"b" { k"a" 2 } }`},
	{name: "writeheader-effect2", hex: "3A 29 0A 03 FA 80 6B 41 76 76 FB 3A 29 0A 03 FA 40 01 FB",
		want: `{ k"k" "vv" } {`, err: "invalid shared name reference 0: only 0 names", off: 16},
	{name: "writeheader-effect2-jackson", hex: "3A 29 0A 03 FA 80 6B 41 76 76 FB 3A 29 0A 03 FA 40 01 FB",
		opts: stream.ReaderOptions{KeepNamesAcrossHeaders: true},
		want: `{ k"k" "vv" } { k"k"`, err: "invalid shared string value reference 0: only 0 values", off: 17},
	{name: "jackson-names-off-for-good", hex: "3A 29 0A 01 FA 80 61 C2 FB 3A 29 0A 00 FA 80 61 C2 FB 3A 29 0A 01 FA 40 C2 FB",
		opts: stream.ReaderOptions{KeepNamesAcrossHeaders: true},
		want: `{ k"a" 1 } { k"a" 1 } {`, err: "declared no shared names", off: 23},
	{name: "header-in-array", hex: "3A 29 0A 01 F8 3A 29 0A 01 F9", want: "[", err: "header (0x3A) inside an array", off: 5},
	{name: "header-in-object-value", hex: "3A 29 0A 01 FA 80 61 3A 29 0A 01", want: `{ k"a"`, err: "header (0x3A) inside an object", off: 7},
	{name: "header-in-key-position", hex: "3A 29 0A 01 FA 3A 29 0A 01", want: "{", err: "0x3A for expected key", off: 5},
	{name: "s8-31-repeated-headers", hex: rdRep("3A 29 0A 00", 10) + " 20", want: `""`},
	{name: "mid-header-malformed", hex: "3A 29 0A 01 C2 3A 20", want: "1", err: "0x3A followed by 0x20", off: 6},
	{name: "mid-header-truncated", hex: "3A 29 0A 01 C2 3A 29", want: "1", err: "end of input in the header", off: 5, eof: true},
	{name: "mid-header-resets-values", hex: "3A 29 0A 03 40 61 01 3A 29 0A 03 01", want: `"a" "a"`, err: "invalid shared string value reference 0", off: 11},
	{name: "mid-header-applies-flags", hex: "3A 29 0A 01 40 61 3A 29 0A 03 40 62 01", want: `"a" "b" "b"`},
	{name: "mid-header-after-eod", hex: "3A 29 0A 01 C2 FF 3A 29 0A 01 C4 FF", want: "1 EOD 2 EOD"},

	// §2 value tokens
	{name: "s8-26-invalid-00", hex: "F8 00 F9", opts: rdNoHdr, want: "[", err: "invalid type marker byte 0x00 for expected value token", off: 1},
	{name: "fb-in-value-mode", hex: "3A 29 0A 01 FB", err: "0xFB in value mode", off: 4},
	{name: "fc-in-value-mode", hex: "3A 29 0A 01 FC", err: "0xFC for expected value token", off: 4},
	{name: "literals", hex: "3A 29 0A 01 21 22 23 20", want: `null false true ""`},
	{name: "empty-string-not-shared", hex: "3A 29 0A 03 20 01", want: `""`, err: "invalid shared string value reference 0: only 0 values", off: 5},
	{name: "s8-08-abc", hex: "42 61 62 63", opts: rdNoHdr, want: `"abc"`},
	{name: "s8-25-ascii-as-unicode", hex: "82 64 61 74 61", opts: rdNoHdr, want: `"data"`},
	{name: "s8-36-unicode", hex: "80 C3 B6 81 E2 82 AC 82 F0 9F 98 80", opts: rdNoHdr, want: `"ö" "€" "😀"`},
	{name: "s8-34-32a", hex: "5F " + rdRep("61", 32), opts: rdNoHdr, want: fmt.Sprintf("%q", strings.Repeat("a", 32))},
	{name: "s8-34-33a", hex: "60 " + rdRep("61", 33), opts: rdNoHdr, want: fmt.Sprintf("%q", strings.Repeat("a", 33))},
	{name: "s8-34-64a", hex: "7F " + rdRep("61", 64), opts: rdNoHdr, want: fmt.Sprintf("%q", strings.Repeat("a", 64))},
	{name: "s8-34-65a", hex: "E0 " + rdRep("61", 65) + " FC", opts: rdNoHdr, want: fmt.Sprintf("%q", strings.Repeat("a", 65))},
	{name: "s8-35-e9x17", hex: "A0 " + rdHexOf(strings.Repeat("é", 17)), opts: rdNoHdr, want: fmt.Sprintf("%q", strings.Repeat("é", 17))},
	{name: "s8-35-e9x32-a", hex: "E4 " + rdHexOf(strings.Repeat("é", 32)+"a") + " FC", opts: rdNoHdr, want: fmt.Sprintf("%q", strings.Repeat("é", 32)+"a")},
	{name: "long-ascii-as-e4", hex: "E4 " + rdRep("61", 70) + " FC", opts: rdNoHdr, want: fmt.Sprintf("%q", strings.Repeat("a", 70))},
	{name: "long-short-content", hex: "E0 61 FC E4 FC", opts: rdNoHdr, want: `"a" ""`},
	{name: "bf-65-bytes-shared", hex: "3A 29 0A 03 BF " + rdHexOf(strings.Repeat("é", 32)+"a") + " 01",
		want: fmt.Sprintf("%q %q", strings.Repeat("é", 32)+"a", strings.Repeat("é", 32)+"a")},
	{name: "long-values-not-shared", hex: "3A 29 0A 03 E0 61 FC 01", want: `"a"`, err: "only 0 values", off: 7},
	{name: "long-missing-fc", hex: "E0 61 62 63", opts: rdNoHdr, err: "end of input in a long string value (no 0xFC terminator)", off: 0, eof: true},
	{name: "short-truncated", hex: "43 61 62", opts: rdNoHdr, err: "end of input in a string value", off: 0, eof: true},

	// §3 key tokens
	{name: "s8-09-obj", hex: "FA 80 61 CC FB", opts: rdNoHdr, want: `{ k"a" 6 }`},
	{name: "s8-10-obj2", hex: "FA 80 61 C2 80 62 C4 FB", opts: rdNoHdr, want: `{ k"a" 1 k"b" 2 }`},
	{name: "s8-37-empty-name", hex: "FA 20 C2 FB", opts: rdNoHdr, want: `{ k"" 1 }`},
	{name: "empty-name-not-shared", hex: "FA 20 C2 40 C2 FB", opts: rdNoHdr, want: `{ k"" 1`, err: "invalid shared name reference 0: only 0 names", off: 3},
	{name: "s8-37-64k", hex: "FA BF " + rdRep("6B", 64) + " C2 FB", opts: rdNoHdr, want: fmt.Sprintf("{ k%q 1 }", strings.Repeat("k", 64))},
	{name: "s8-37-65k", hex: "FA 34 " + rdRep("6B", 65) + " FC C2 FB", opts: rdNoHdr, want: fmt.Sprintf("{ k%q 1 }", strings.Repeat("k", 65))},
	{name: "s8-37-e9", hex: "FA C0 C3 A9 C2 FB", opts: rdNoHdr, want: `{ k"é" 1 }`},
	{name: "s8-37-e9x28", hex: "FA F6 " + rdHexOf(strings.Repeat("é", 28)) + " C2 FB", opts: rdNoHdr, want: fmt.Sprintf("{ k%q 1 }", strings.Repeat("é", 28))},
	{name: "f7-57-byte-name", hex: "FA F7 " + rdHexOf(strings.Repeat("é", 28)+"a") + " C2 FB", opts: rdNoHdr, want: fmt.Sprintf("{ k%q 1 }", strings.Repeat("é", 28)+"a")},
	{name: "s8-37-e9x28a-long", hex: "FA 34 " + rdHexOf(strings.Repeat("é", 28)+"a") + " FC C2 FB", opts: rdNoHdr, want: fmt.Sprintf("{ k%q 1 }", strings.Repeat("é", 28)+"a")},
	{name: "short-name-as-34", hex: "FA 34 41 42 FC C2 FB", opts: rdNoHdr, want: `{ k"AB" 1 }`},
	{name: "s8-33-long-name-shared", hex: "F8 FA 34 " + rdRep("6B", 65) + " FC C2 FB FA 40 C4 FB F9", opts: rdNoHdr,
		want: fmt.Sprintf("[ { k%q 1 } { k%[1]q 2 } ]", strings.Repeat("k", 65))},
	{name: "long-name-missing-fc", hex: "FA 34 61 62", opts: rdNoHdr, want: "{", err: "end of input in a long key", off: 1, eof: true},
	{name: "key-f8", hex: "FA F8", opts: rdNoHdr, want: "{", err: "invalid type marker byte 0xF8 for expected key (or end of object)", off: 1},
	{name: "key-value-token", hex: "FA 21", opts: rdNoHdr, want: "{", err: "0x21 for expected key", off: 1},
	{name: "long-name-ref-small", hex: "FA 80 61 C2 30 00 C4 FB", opts: rdNoHdr, want: `{ k"a" 1 k"a" 2 }`},

	// §4 integers
	{name: "s8-11-small", hex: "C6 C0 CB DE DF", opts: rdNoHdr, want: "3 0 -6 15 -16"},
	{name: "s8-12-ints", hex: "24 A0 24 A1 24 7F BE 24 7F BF 24 01 00 80 24 7A 09 80", opts: rdNoHdr, want: "16 -17 4095 -4096 4096 500000"},
	{name: "int-rule", hex: "24 BE 24 01 80 24 07 BE 24 1F 8D", opts: rdNoHdr, want: "31 32 255 -999"},
	{name: "s8-13-int32-bounds", hex: "24 1F 7F 7F 7F BE 24 1F 7F 7F 7F BF", opts: rdNoHdr, want: "2147483647 -2147483648"},
	{name: "s8-14-int64-bounds", hex: "25 03 7F 7F 7F 7F 7F 7F 7F 7F BE 25 03 7F 7F 7F 7F 7F 7F 7F 7F BF", opts: rdNoHdr, want: "9223372036854775807 -9223372036854775808"},
	{name: "s8-15-border-longs", hex: "25 20 00 00 00 81 25 20 00 00 00 80 25 01 00 00 00 00 00 80", opts: rdNoHdr, want: "-2147483649 2147483648 1099511627776"},
	{name: "non-minimal-vint", hex: "24 00 82", opts: rdNoHdr, want: "1"},
	{name: "int64-short-vint", hex: "25 81 25 00 00 00 82 C2", opts: rdNoHdr, want: "-1 1 1"},
	{name: "int32-truncated", hex: "24 05", opts: rdNoHdr, err: "end of input in a 32-bit integer", off: 0, eof: true},
	{name: "int32-6-bytes", hex: "24 01 01 01 01 01 81", opts: rdNoHdr, err: "longer than 5 bytes", off: 5},
	{name: "int32-34-bits", hex: "24 7F 7F 7F 7F BF", opts: rdNoHdr, err: "VInt overflow in a 32-bit integer", off: 1},
	{name: "int64-11-bytes", hex: "25 01 01 01 01 01 01 01 01 01 01 81", opts: rdNoHdr, err: "longer than 10 bytes", off: 10},
	{name: "int64-overflow", hex: "25 7F 7F 7F 7F 7F 7F 7F 7F 7F BF", opts: rdNoHdr, err: "does not fit 64 bits", off: 1},
	{name: "vint-bad-end", hex: "24 C5", opts: rdNoHdr, err: "invalid last byte 0xC5", off: 1},
	{name: "s8-40-bigint", hex: "26 81 00 00 26 81 00 01 26 81 7F 01 26 81 3F 01 26 82 00 20 00 26 81 40 00", opts: rdNoHdr, want: "big:0 big:1 big:-1 big:127 big:128 big:-128"},
	{name: "bigint-2^64", hex: "26 89 00 40 00 00 00 00 00 00 00 00 00 26 89 7F 40 00 00 00 00 00 00 00 00 01", opts: rdNoHdr, want: "big:18446744073709551616 big:-18446744073709551615"},
	{name: "bigint-19-digits", hex: "26 88 06 78 16 6B 1D 1D 48 00 00 00", opts: rdNoHdr, want: "big:1000000000000000000"},
	{name: "bigint-copy", hex: "F8 26 89 00 2A 6A 4A 4C 33 56 1F 05 34 02 F9", opts: rdNoHdr, want: "[ big:12345678901234567890 ]"},
	{name: "bigint-zero-length", hex: "26 80", opts: rdNoHdr, want: "big:0"},
	{name: "s8-41-bigdec", hex: "2A 82 81 07 01 2A 85 81 00 01 2A 84 82 6C 35 03", opts: rdNoHdr, want: "dec:15E-1 dec:1E3 dec:-10025E-2"},
	{name: "bigdec-more", hex: "2A 80 81 00 00 2A 82 81 00 00 2A 80 81 3D 01 2A 86 81 7F 01", opts: rdNoHdr, want: "dec:0E0 dec:0E-1 dec:123E0 dec:-1E-3"},
	{name: "s8-18-bigdec", hex: "2A 96 86 7D 5C 7B 0C 35 3E 03", opts: rdNoHdr, want: "dec:-5000000000125E-11"},
	{name: "s8-29-bigdec-zero-length", hex: "3A 29 0A 00 2A BF 80", want: "dec:0E32"},
	{name: "bigint-truncated", hex: "26 82 00 20", opts: rdNoHdr, err: "end of input in a BigInteger", off: 0, eof: true},
	{name: "bigint-high-bit", hex: "26 81 80 01", opts: rdNoHdr, err: "invalid 7-bit encoded byte 0x80", off: 2},
	{name: "bigint-high-bit-lenient", hex: "26 81 80 01", opts: stream.ReaderOptions{HeaderOptional: true, Lenient7Bit: true}, want: "big:1"},
	{name: "bigint-limit", hex: "26 88 06 78 16 6B 1D 1D 48 00 00 00", opts: stream.ReaderOptions{HeaderOptional: true, MaxBigNumberLen: 7}, err: "MaxBigNumberLen", off: 0, limit: true},
	{name: "s8-27-length-max", hex: "E8 0F 7F 7F 7F BF", opts: rdNoHdr, err: "MaxBinaryLen", off: 0, limit: true},
	{name: "s8-27-length-overflow", hex: "E8 7F 7F 7F 7F BF", opts: rdNoHdr, err: "VInt overflow in a 7-bit binary value", off: 1},
	{name: "s8-27-length-too-long", hex: "E8 7F 7F 7F 7F 7F", opts: rdNoHdr, err: "longer than 5 bytes", off: 5},
	{name: "s8-32-binary-bad-vint", hex: "3A 29 0A 00 E8 35 20 20 20 FF", err: "invalid last byte 0xFF", off: 9},

	// §5 floats and binary
	{name: "s8-01-float", hex: "28 04 0F 3E 37 26", opts: rdNoHdr, want: "f32:41EF9BA6"},
	{name: "float32-legacy-sign", hex: "28 7C 0F 3E 37 26 28 0C 0F 3E 37 26 28 78 00 00 00 00 28 08 00 00 00 00", opts: rdNoHdr, want: "f32:C1EF9BA6 f32:C1EF9BA6 f32:80000000 f32:80000000"},
	{name: "float32-table", hex: "28 03 7C 00 00 00 28 7B 7C 00 00 00 28 04 16 22 00 00 28 7C 16 22 00 00 28 07 7E 00 00 00 28 7F 7C 00 00 00", opts: rdNoHdr,
		want: "f32:3F800000 f32:BF800000 f32:42C88000 f32:C2C88000 f32:7FC00000 f32:FF800000"},
	{name: "s8-02-double", hex: "29 01 40 1E 7C 6E 4B 63 29 7D 7A 29 00 40 1E 7C 6E 4B 63 29 7D 7A", opts: rdNoHdr, want: "f64:C03DF374BC6A7EFA f64:403DF374BC6A7EFA"},
	{name: "double-table", hex: "29 00 3F 60 00 00 00 00 00 00 00 29 00 3F 78 00 00 00 00 00 00 00 29 01 00 00 00 00 00 00 00 00 00 29 00 40 06 00 00 00 00 00 00 00 29 00 7F 7C 00 00 00 00 00 00 00", opts: rdNoHdr,
		want: "f64:3FC0000000000000 f64:3FF0000000000000 f64:8000000000000000 f64:400C000000000000 f64:7FF8000000000000"},
	{name: "double-unused-bits", hex: "29 7F 40 1E 7C 6E 4B 63 29 7D 7A", opts: rdNoHdr, want: "f64:C03DF374BC6A7EFA"},
	{name: "float-truncated", hex: "29 01 40 1E", opts: rdNoHdr, err: "end of input in a float64", off: 0, eof: true},
	{name: "s8-38-binary", hex: "E8 83 00 40 40 03 E8 84 6F 2B 37 6E 0F", opts: rdNoHdr, want: "bin:010203 bin:DEADBEEF"},
	{name: "binary-table", hex: "E8 80 E8 81 00 01 E8 81 7F 01 E8 87 00 40 40 30 20 14 0C 07 E8 88 00 40 40 30 20 14 0C 07 04 00 E8 87 00 40 40 3F 78 20 00 2A E8 86 7F 7F 7F 7F 7F 7F 3F", opts: rdNoHdr,
		want: "bin: bin:01 bin:FF bin:01020304050607 bin:0102030405060708 bin:010203FF08002A bin:FFFFFFFFFFFF"},
	{name: "binary-dirty-padding-masked", hex: "E8 81 00 7F", opts: rdNoHdr, want: "bin:01"},
	{name: "s8-39-raw-binary", hex: "3A 29 0A 05 FD 83 01 02 03", want: "bin:010203"},
	{name: "raw-binary-empty-at-end", hex: "3A 29 0A 05 FD 80", want: "bin:"},
	{name: "raw-binary-with-ff", hex: "3A 29 0A 05 FD 82 FF FF C2", want: "bin:FFFF 1"},
	{name: "raw-binary-truncated", hex: "3A 29 0A 05 FD 83 01 02", err: "end of input in a raw binary value", off: 4, eof: true},
	{name: "huge-raw-length-short-input", hex: "FD 0F 7F 7F 7F BF 00", opts: stream.ReaderOptions{HeaderOptional: true, MaxBinaryLen: math.MaxInt32}, err: "end of input in a raw binary value", off: 0, eof: true},
	{name: "huge-7bit-length-short-input", hex: "E8 0F 7F 7F 7F BF 00", opts: stream.ReaderOptions{HeaderOptional: true, MaxBinaryLen: math.MaxInt32}, err: "end of input in a 7-bit binary value", off: 0, eof: true},
	{name: "binary-high-bit", hex: "E8 83 00 C0 40 03", opts: rdNoHdr, err: "invalid 7-bit encoded byte 0xC0", off: 3},
	{name: "binary-high-bit-lenient", hex: "E8 83 00 C0 40 03", opts: stream.ReaderOptions{HeaderOptional: true, Lenient7Bit: true}, want: "bin:010203"},

	// §6 shared tables
	{name: "s8-21-no-shared-values", hex: "3A 29 0A 01 F8 49 61 62 63 64 65 31 32 33 34 35 49 61 62 63 64 65 31 32 33 34 35 F9", want: `[ "abcde12345" "abcde12345" ]`},
	{name: "s8-22-shared-values", hex: "3A 29 0A 03 F8 49 61 62 63 64 65 31 32 33 34 35 01 F9", want: `[ "abcde12345" "abcde12345" ]`},
	{name: "s8-23-empty-key", hex: "3A 29 0A 03 FA 82 66 6F 6F FA 20 42 62 61 72 FB FB", want: `{ k"foo" { k"" "bar" } }`},
	{name: "s8-24-both-shared", hex: "3A 29 0A 03 F8 FA 82 6B 65 79 44 76 61 6C 75 65 FB FA 40 01 FB F9", want: `[ { k"key" "value" } { k"key" "value" } ]`},
	{name: "long-value-ref-small", hex: "3A 29 0A 03 40 61 EC 00", want: `"a" "a"`},
	{name: "value-ref-out-of-range", hex: "3A 29 0A 03 40 61 02", want: `"a"`, err: "invalid shared string value reference 1: only 1 values", off: 6},
	{name: "long-value-ref-out-of-range", hex: "3A 29 0A 03 40 61 EF FF", want: `"a"`, err: "invalid shared string value reference 1023", off: 6},
	{name: "name-ref-out-of-range", hex: "FA 80 61 C2 41 C4 FB", opts: rdNoHdr, want: `{ k"a" 1`, err: "invalid shared name reference 1: only 1 names", off: 4},
	{name: "long-name-ref-truncated", hex: "FA 80 61 C2 30", opts: rdNoHdr, want: `{ k"a" 1`, err: "end of input in a shared name reference", off: 4, eof: true},
	{name: "s8-42-libsmile", hex: "3A 29 0A 03 FA 87 74 65 73 74 20 6B 65 79 23 88 6E 75 6C 6C 46 69 65 6C 64 21 82 66 6F 6F C2 83 66 6F 6F 32 FA 80 61 C6 FB C2 61 C3 A3 62 24 0A 85 80 32 F8 C2 C4 C6 F9 84 22 66 6F 6F 22 46 66 6F 6F 0A 62 61 72 FB",
		want: `{ k"test key" true k"nullField" null k"foo" 1 k"foo2" { k"a" 3 } k"aãb" -323 k"2" [ 1 2 3 ] k"\"foo\"" "foo\nbar" }`},
	{name: "s8-43-mixed", hex: "3A 29 0A 03 FA 81 69 64 24 1E 12 80 83 6E 61 6D 65 82 5A 6F C3 AB 83 74 61 67 73 F8 40 61 02 F9 81 6F 6B 23 80 78 21 81 70 69 29 00 40 06 00 00 00 00 00 00 00 80 6E C1 85 6E 65 73 74 65 64 FA 40 CE FB FB",
		want: `{ k"id" 123456 k"name" "Zoë" k"tags" [ "a" "a" ] k"ok" true k"x" null k"pi" f64:400C000000000000 k"n" -1 k"nested" { k"id" 7 } }`},

	// §9 malformed input
	{name: "unicode-bad-continuation", hex: "80 C3 28", opts: rdNoHdr, err: "invalid UTF-8 in a string value (byte 0xC3)", off: 1},
	{name: "unicode-bad-lead", hex: "80 FF 41", opts: rdNoHdr, err: "invalid UTF-8 in a string value (byte 0xFF)", off: 1},
	{name: "unicode-cut-char", hex: "80 41 C3", opts: rdNoHdr, err: "invalid UTF-8", off: 2},
	{name: "overlong", hex: "80 C0 80", opts: rdNoHdr, err: "invalid UTF-8", off: 1},
	{name: "surrogate", hex: "81 ED A0 80", opts: rdNoHdr, err: "invalid UTF-8", off: 1},
	{name: "invalid-utf8-allowed", hex: "80 C3 28 40 FF", opts: stream.ReaderOptions{HeaderOptional: true, AllowInvalidUTF8: true}, want: `"\xc3(" "\xff"`},
	{name: "ascii-token-high-byte", hex: "40 FF", opts: rdNoHdr, err: "invalid UTF-8", off: 1},
	{name: "ascii-token-valid-utf8", hex: "41 C3 A9", opts: rdNoHdr, want: `"é"`},
	{name: "long-bad-utf8", hex: "E4 61 62 C3 28 FC", opts: rdNoHdr, err: "invalid UTF-8 in a long string value", off: 3},
	{name: "key-bad-utf8", hex: "FA C0 C3 28 C2 FB", opts: rdNoHdr, want: "{", err: "invalid UTF-8 in a key", off: 2},
	{name: "long-key-bad-utf8", hex: "FA 34 FF FC C2 FB", opts: rdNoHdr, want: "{", err: "invalid UTF-8 in a long key", off: 2},
	{name: "close-object-with-array", hex: "FA F9", opts: rdNoHdr, want: "{", err: "0xF9 for expected key", off: 1},
	{name: "close-array-with-object", hex: "F8 FB", opts: rdNoHdr, want: "[", err: "0xFB in value mode", off: 1},
	{name: "root-close", hex: "C2 F9", opts: rdNoHdr, want: "1", err: "end of array (0xF9) at the root level", off: 1},
	{name: "close-after-key", hex: "FA 80 61 F9", opts: rdNoHdr, want: `{ k"a"`, err: "expected a value for the key", off: 3},
	{name: "eof-in-array", hex: "F8 C2", opts: rdNoHdr, want: "[ 1", err: "unexpected end of input: expected a value or the end of an array", off: 2, eof: true},
	{name: "eof-in-object", hex: "3A 29 0A 01 FA", want: "{", err: "expected a key or the end of an object", off: 5, eof: true},
	{name: "eof-after-key", hex: "FA 80 61", opts: rdNoHdr, want: `{ k"a"`, err: "expected a value for the key", off: 3, eof: true},
	{name: "string-limit", hex: "45 61 62 63 64 65 66", opts: stream.ReaderOptions{HeaderOptional: true, MaxStringLen: 5}, err: "MaxStringLen", off: 0, limit: true},
	{name: "long-string-limit", hex: "E0 " + rdRep("61", 100) + " FC", opts: stream.ReaderOptions{HeaderOptional: true, MaxStringLen: 50}, err: "input asks for 51, limit is 50", off: 0, limit: true},
	{name: "long-string-at-limit", hex: "E0 " + rdRep("61", 50) + " FC", opts: stream.ReaderOptions{HeaderOptional: true, MaxStringLen: 50}, want: fmt.Sprintf("%q", strings.Repeat("a", 50))},
	{name: "long-string-unlimited", hex: "E0 " + rdRep("61", 100) + " FC E0 61", opts: stream.ReaderOptions{HeaderOptional: true, MaxStringLen: math.MaxInt}, want: fmt.Sprintf("%q", strings.Repeat("a", 100)), err: "no 0xFC terminator", off: 102, eof: true},
	{name: "long-key-limit", hex: "FA 34 " + rdRep("61", 100) + " FC", opts: stream.ReaderOptions{HeaderOptional: true, MaxStringLen: 50}, want: "{", err: "MaxStringLen", off: 1, limit: true},
	{name: "depth-limit", hex: rdRep("F8", 4), opts: stream.ReaderOptions{HeaderOptional: true, MaxDepth: 3}, want: "[ [ [", err: "MaxDepth exceeded at offset 3: input asks for 4, limit is 3", off: 3, limit: true},
}

func TestReaderSpecExamples(t *testing.T) {
	for _, c := range rdSpecCases {
		t.Run(c.name, func(t *testing.T) {
			data := hx(c.hex)
			for _, kind := range rdReaderKinds {
				r := rdNewTestReader(t, kind, data, c.opts)
				got, err := rdReadAllStr(r)
				require.Equal(t, c.want, got, "%s reader: tokens", kind)
				if c.err == "" {
					require.NoError(t, err, "%s reader", kind)
					continue
				}
				require.Error(t, err, "%s reader", kind)
				require.Contains(t, err.Error(), c.err, "%s reader", kind)
				require.Equal(t, c.off, rdErrOffset(err), "%s reader: offset of %v", kind, err)
				var le *stream.LimitError
				require.Equal(t, c.limit, errors.As(err, &le), "%s reader: LimitError? %v", kind, err)
				if !c.limit {
					var se *stream.SyntaxError
					require.True(t, errors.As(err, &se), "%s reader: %T %v", kind, err, err)
				}
				require.Equal(t, c.eof, errors.Is(err, io.ErrUnexpectedEOF), "%s reader: wraps io.ErrUnexpectedEOF? %v", kind, err)
				// Errors are sticky.
				_, err2 := r.ReadToken()
				require.Equal(t, err, err2, "%s reader: second error", kind)
			}
		})
	}
}

// TestReaderReservedBytes checks that every reserved byte is an error
// naming the byte and the mode, in value mode and in key mode.
func TestReaderReservedBytes(t *testing.T) {
	var valueReserved, keyReserved []byte
	valueReserved = append(valueReserved, 0x00, 0x27, 0x2B, 0x2C, 0x2D, 0x2E, 0x2F)
	for b := 0x30; b <= 0x3F; b++ {
		if b != 0x3A {
			valueReserved = append(valueReserved, byte(b))
		}
	}
	valueReserved = append(valueReserved, 0xE1, 0xE2, 0xE3, 0xE5, 0xE6, 0xE7, 0xE9, 0xEA, 0xEB)
	for b := 0xF0; b <= 0xF7; b++ {
		valueReserved = append(valueReserved, byte(b))
	}
	valueReserved = append(valueReserved, 0xFC, 0xFE)
	for b := 0x00; b <= 0x1F; b++ {
		keyReserved = append(keyReserved, byte(b))
	}
	for b := 0x21; b <= 0x2F; b++ {
		keyReserved = append(keyReserved, byte(b))
	}
	for b := 0x35; b <= 0x3F; b++ {
		keyReserved = append(keyReserved, byte(b))
	}
	keyReserved = append(keyReserved, 0xF8, 0xF9, 0xFA, 0xFC, 0xFD, 0xFE, 0xFF)

	for _, b := range valueReserved {
		for _, kind := range rdReaderKinds {
			r := rdNewTestReader(t, kind, []byte{0x3A, 0x29, 0x0A, 0x01, 0xF8, b, 0xF9}, stream.ReaderOptions{})
			k, err := r.PeekKind()
			require.NoError(t, err)
			require.Equal(t, stream.KindStartArray, k)
			_, err = r.ReadToken()
			require.NoError(t, err)
			_, perr := r.PeekKind()
			require.Error(t, perr, "byte 0x%02X", b)
			_, err = r.ReadToken()
			require.Equal(t, perr, err, "PeekKind and ReadToken agree")
			require.Contains(t, err.Error(), fmt.Sprintf("invalid type marker byte 0x%02X for expected value token", b))
			require.Equal(t, int64(5), rdErrOffset(err))
		}
	}
	for _, b := range keyReserved {
		r := rdNewTestReader(t, "bytes", []byte{0x3A, 0x29, 0x0A, 0x01, 0xFA, b, 0xFB}, stream.ReaderOptions{})
		_, err := r.ReadToken()
		require.NoError(t, err)
		_, err = r.ReadToken()
		require.Error(t, err, "byte 0x%02X", b)
		require.Contains(t, err.Error(), fmt.Sprintf("invalid type marker byte 0x%02X for expected key (or end of object)", b))
		require.Equal(t, int64(5), rdErrOffset(err))
	}
}
