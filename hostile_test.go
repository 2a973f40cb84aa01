package smile

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"math/big"
	"os"
	"os/exec"
	"reflect"
	"strings"
	"testing"
	"testing/iotest"
	"unicode/utf8"

	"github.com/go-smile/smile/internal/golden"
	"github.com/stretchr/testify/require"
)

// Hostile input: whatever bytes arrive, Unmarshal, Valid and the Decoder
// return a clear error (*SyntaxError or *LimitError with a byte offset
// inside the input), never a panic, a hang, a stack overflow or a large
// allocation (memory_test.go checks that part).

// hstVInt returns the Smile VInt of v: 7-bit groups, big-endian, the last
// byte 0x80 | the low 6 bits.
func hstVInt(v uint64) []byte {
	out := []byte{0x80 | byte(v&0x3F)}
	for v >>= 6; v != 0; v >>= 7 {
		out = append([]byte{byte(v & 0x7F)}, out...)
	}
	return out
}

func hstCat(parts ...[]byte) []byte { return bytes.Join(parts, nil) }

// hstErrOffset returns the offset of a *SyntaxError or *LimitError, or -1.
func hstErrOffset(err error) int64 {
	var se *SyntaxError
	var le *LimitError
	switch {
	case errors.As(err, &se):
		return se.Offset
	case errors.As(err, &le):
		return le.Offset
	}
	return -1
}

// hstCheckErr checks that err is a *SyntaxError or *LimitError with an
// offset inside data.
func hstCheckErr(t *testing.T, err error, data []byte, what string) {
	t.Helper()
	require.Error(t, err, what)
	off := hstErrOffset(err)
	require.True(t, off >= 0 && off <= int64(len(data)), "%s: error %v (%T) has offset %d outside the %d-byte input", what, err, err, off, len(data))
	require.Contains(t, err.Error(), fmt.Sprintf("offset %d", off), what)
}

// hstDecodeAll decodes data with Unmarshal into any, Valid, and a Decoder
// reading one byte at a time, checks that they agree (Valid builds no
// values, so it passes what only the MaxExpansion budget refuses), and
// returns Unmarshal's result.
func hstDecodeAll(t *testing.T, m DecMode, data []byte, what string) (any, error) {
	t.Helper()
	var v any
	err := m.Unmarshal(data, &v)
	require.Equal(t, err == nil || isExpansionLimit(err), m.Valid(data), "%s: Valid disagrees with Unmarshal (%v)", what, err)
	var w any
	derr := m.NewDecoder(iotest.OneByteReader(bytes.NewReader(data))).Decode(&w)
	if err == nil {
		require.NoError(t, derr, "%s: Decoder", what)
		require.True(t, hstSame(v, w), "%s: Decoder value differs", what)
	} else {
		hstCheckErr(t, err, data, what)
	}
	return v, err
}

// hstSame compares decoded values, NaN equal to NaN.
func hstSame(a, b any) bool {
	switch a := a.(type) {
	case map[string]any:
		bm, ok := b.(map[string]any)
		if !ok || len(a) != len(bm) {
			return false
		}
		for k, v := range a {
			if w, ok := bm[k]; !ok || !hstSame(v, w) {
				return false
			}
		}
		return true
	case []any:
		bs, ok := b.([]any)
		if !ok || len(a) != len(bs) {
			return false
		}
		for i := range a {
			if !hstSame(a[i], bs[i]) {
				return false
			}
		}
		return true
	case float64:
		bf, ok := b.(float64)
		return ok && (a == bf || a != a && bf != bf)
	case *big.Int:
		bb, ok := b.(*big.Int)
		return ok && a.Cmp(bb) == 0
	case Decimal:
		bd, ok := b.(Decimal)
		return ok && a.Scale == bd.Scale && a.Unscaled.Cmp(bd.Unscaled) == 0
	}
	return reflect.DeepEqual(a, b)
}

// hstCuts returns the lengths at which to cut an n-byte document: every
// one up to 400 bytes, else the first and last 100 and 100 more spread
// between them.
func hstCuts(n int) []int {
	var cuts []int
	for i := 0; i < n; i++ {
		if n <= 400 || i < 100 || i >= n-100 || i%((n-200)/100+1) == 0 {
			cuts = append(cuts, i)
		}
	}
	return cuts
}

// TestHostileTruncatedGolden: every golden document cut at every byte
// offset gives an error wrapping io.ErrUnexpectedEOF, or, when the prefix
// is itself a complete document (only end markers or a following document
// were cut), the value of the first document.
func TestHostileTruncatedGolden(t *testing.T) {
	hdrOptional, err := DecOptions{HeaderOptional: true}.DecMode()
	require.NoError(t, err)
	limit := 2000
	if testing.Short() || raceEnabled {
		limit = 300
	}
	cases := append(golden.Cases(t, "tokens"), golden.Cases(t, "json")...)
	tested := 0
	for _, c := range cases {
		if len(c.Want) > limit {
			continue
		}
		tested++
		m := DecMode{}
		if c.Config.OmitHeader {
			m = hdrOptional
		}
		var first any
		ferr := m.NewDecoder(bytes.NewReader(c.Want)).Decode(&first)
		if ferr != nil {
			// Some token scripts hold values Unmarshal refuses (such as
			// invalid surrogates Jackson writes); their prefixes must
			// still fail cleanly.
			first = nil
		}
		for _, n := range hstCuts(len(c.Want)) {
			what := fmt.Sprintf("%s cut at %d/%d", c.ID(), n, len(c.Want))
			v, err := hstDecodeAll(t, m, c.Want[:n], what)
			if err == nil {
				require.NoError(t, ferr, what)
				require.True(t, hstSame(first, v), "%s: a prefix decodes to a different value", what)
				continue
			}
			if ferr == nil && !errors.Is(err, io.ErrUnexpectedEOF) {
				// The only other error a prefix may give is a second
				// document after the first.
				require.Contains(t, err.Error(), "after the root value", "%s: %v", what, err)
			}
		}
	}
	require.Greater(t, tested, 250)
}

// TestHostileLengthClaims: binary (7-bit and raw), BigInteger, BigDecimal
// and long strings and keys claiming lengths up to 2^62, VInts longer than
// their maximum, and long strings without their 0xFC terminator fail fast,
// with the default limits and with every limit at its maximum.
func TestHostileLengthClaims(t *testing.T) {
	huge, err := DecOptions{MaxStringLen: math.MaxInt, MaxBinaryLen: math.MaxInt, MaxBigNumberLen: math.MaxInt, MaxContainerLen: math.MaxInt}.DecMode()
	require.NoError(t, err)
	hdr := mustHex(dhdr)
	rawHdr := mustHex("3A 29 0A 05")
	tail := bytes.Repeat([]byte{0x41}, 64)
	var inputs []struct {
		name string
		data []byte
	}
	add := func(name string, data []byte) {
		inputs = append(inputs, struct {
			name string
			data []byte
		}{name, data})
	}
	for _, n := range []uint64{1 << 20, math.MaxInt32, 1 << 31, 1 << 32, 1 << 40, 1 << 62, math.MaxUint64} {
		v := hstVInt(n)
		add(fmt.Sprintf("7bit %d", n), hstCat(hdr, []byte{0xE8}, v, tail))
		add(fmt.Sprintf("raw %d", n), hstCat(rawHdr, []byte{0xFD}, v, tail))
		add(fmt.Sprintf("bigint %d", n), hstCat(hdr, []byte{0x26}, v, tail))
		add(fmt.Sprintf("bigdec %d", n), hstCat(hdr, []byte{0x2A, 0x80}, v, tail))
		add(fmt.Sprintf("bigdec scale %d", n), hstCat(hdr, []byte{0x2A}, v, []byte{0x81, 0x01}))
		add(fmt.Sprintf("in array 7bit %d", n), hstCat(hdr, []byte{0xF8, 0xE8}, v, tail))
		add(fmt.Sprintf("in object raw %d", n), hstCat(rawHdr, []byte{0xFA, 0x80, 0x61, 0xFD}, v, tail))
	}
	// VInts longer than their maximum (a length is at most 5 bytes, an
	// int32 5, an int64 10): continuation bytes that never end.
	for _, n := range []int{6, 11, 64, 4096} {
		cont := bytes.Repeat([]byte{0x7F}, n)
		add(fmt.Sprintf("7bit len vint %d", n), hstCat(hdr, []byte{0xE8}, cont, []byte{0xBF}))
		add(fmt.Sprintf("int32 vint %d", n), hstCat(hdr, []byte{0x24}, cont, []byte{0xBF}))
		if n > 10 {
			add(fmt.Sprintf("int64 vint %d", n), hstCat(hdr, []byte{0x25}, cont, []byte{0xBF}))
		}
		add(fmt.Sprintf("bigint len vint %d", n), hstCat(hdr, []byte{0x26}, cont, []byte{0xBF}))
		add(fmt.Sprintf("bigdec scale vint %d", n), hstCat(hdr, []byte{0x2A}, cont, []byte{0x81, 0x80}))
		add(fmt.Sprintf("unterminated vint %d", n), hstCat(hdr, []byte{0x25}, cont))
	}
	// Long strings and keys without their terminator.
	long := bytes.Repeat([]byte("abcdefgh"), 1024)
	add("long ascii unterminated", hstCat(hdr, []byte{0xE0}, long))
	add("long unicode unterminated", hstCat(hdr, []byte{0xE4}, bytes.Repeat([]byte("é"), 4096)))
	add("long key unterminated", hstCat(hdr, []byte{0xFA, 0x34}, long))
	add("long string then end of array", hstCat(hdr, []byte{0xF8, 0xE0}, long, []byte{0xF9}))
	add("long string FF terminator", hstCat(hdr, []byte{0xE0}, long, []byte{0xFF}))
	add("long key in value position", hstCat(hdr, []byte{0x34}, long, []byte{0xFC}))

	for _, in := range inputs {
		for _, m := range []DecMode{{}, huge} {
			what := fmt.Sprintf("%s (huge limits %v)", in.name, m.c != nil)
			_, err := hstDecodeAll(t, m, in.data, what)
			hstCheckErr(t, err, in.data, what)
			for _, dst := range []any{new([]byte), new(string), new(struct{ A []byte }), new(RawMessage), new(Number), new(Decimal), new([]smileU)} {
				err := m.Unmarshal(in.data, dst)
				hstCheckErr(t, err, in.data, fmt.Sprintf("%s into %T", what, dst))
			}
		}
	}
}

// hstDepthEnv makes the test binary run TestHostileDepthChild's body.
const hstDepthEnv = "SMILE_HOSTILE_DEPTH_CHILD"

// TestHostileDepth: a million nested arrays or objects fail with a
// *LimitError naming MaxDepth (default 1000; configurable), for
// Unmarshal into any and into a recursive type, Valid and the Decoder. It
// runs in a child process, so that a stack overflow (which no recover can
// catch) fails the test instead of killing the test binary.
func TestHostileDepth(t *testing.T) {
	if os.Getenv(hstDepthEnv) != "" {
		t.Skip("in the child")
	}
	hstRunChild(t, "TestHostileDepthChild", hstDepthEnv)
}

// hstRunChild runs test name alone in a child test binary with env set,
// and fails unless it passes: a stack overflow there fails this test
// instead of killing the test binary.
func hstRunChild(t *testing.T, name, env string) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^"+name+"$", "-test.v")
	cmd.Env = append(os.Environ(), env+"=1")
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "child process failed:\n%s", hstTail(out))
	require.Contains(t, string(out), "--- PASS: "+name)
}

func hstTail(b []byte) string {
	if len(b) > 4000 {
		b = b[len(b)-4000:]
	}
	return string(b)
}

type hstNested struct {
	A []hstNested          `smile:"a"`
	M map[string]hstNested `smile:"m"`
	P *hstNested           `smile:"p"`
	X any                  `smile:"x"`
}

func TestHostileDepthChild(t *testing.T) {
	if os.Getenv(hstDepthEnv) == "" {
		t.Skip("runs as a child of TestHostileDepth")
	}
	const n = 1_000_000
	hdr := mustHex(dhdr)
	arrays := hstCat(hdr, bytes.Repeat([]byte{0xF8}, n), bytes.Repeat([]byte{0xF9}, n))
	objects := hstCat(hdr, bytes.Repeat([]byte{0xFA, 0x80, 0x61}, n)) // {"a":{"a":... unterminated
	objArr := hstCat(hdr, bytes.Repeat([]byte{0xFA, 0x80, 0x61, 0xF8}, n/2))
	mixed := hstCat(hdr, bytes.Repeat([]byte{0xFA, 0x80, 0x78}, n/2)) // {"x":{"x":...
	deep, err := DecOptions{MaxDepth: 5000}.DecMode()
	require.NoError(t, err)
	for name, data := range map[string][]byte{"arrays": arrays, "objects": objects, "objects and arrays": objArr, "x": mixed} {
		for _, m := range []DecMode{{}, deep} {
			maxDepth := m.DecOptions().MaxDepth
			check := func(err error, what string) {
				t.Helper()
				var le *LimitError
				require.ErrorAs(t, err, &le, "%s %s", name, what)
				require.Equal(t, "MaxDepth", le.Limit)
				require.Equal(t, int64(maxDepth), le.Max)
				require.Equal(t, int64(maxDepth+1), le.Got)
			}
			var v any
			check(m.Unmarshal(data, &v), "into any")
			var s hstNested
			check(m.Unmarshal(data, &s), "into a recursive struct")
			var sl [][][]any
			err := m.Unmarshal(data, &sl)
			require.Error(t, err)
			var r RawMessage
			check(m.Unmarshal(data, &r), "into RawMessage")
			require.False(t, m.Valid(data))
			check(m.NewDecoder(bytes.NewReader(data)).Decode(&v), "Decoder")
		}
	}
	// Within the limit, deep documents decode.
	ok := hstCat(hdr, bytes.Repeat([]byte{0xF8}, 4000), bytes.Repeat([]byte{0xF9}, 4000))
	var v any
	require.NoError(t, deep.Unmarshal(ok, &v))
	var s hstNested
	require.NoError(t, deep.Unmarshal(hstCat(hdr, bytes.Repeat([]byte{0xFA, 0x80, 0x70}, 4000), []byte{0x21}, bytes.Repeat([]byte{0xFB}, 4000)), &s))
}

// TestHostileStructure: references, misplaced tokens, unbalanced or
// mismatched end markers, reserved bytes and bad headers are each a
// *SyntaxError at the offset of the offending byte.
func TestHostileStructure(t *testing.T) {
	noNames := "3A 29 0A 00 "
	values := "3A 29 0A 03 "
	cases := []struct {
		name string
		hex  string
		off  int64
		msg  string
	}{
		{"name ref before any name", dhdr + "FA 40 C2 FB", 5, "reference"},
		{"name ref past the table", dhdr + "FA 80 61 C2 41 C4 FB", 8, "reference"},
		{"long name ref before any name", dhdr + "FA 30 05 C2 FB", 5, "reference"},
		{"long name ref past the table", dhdr + "FA 80 61 C2 33 FF C4 FB", 8, "reference"},
		{"name ref when names are off", noNames + "FA 80 61 C2 40 C4 FB", 8, "reference"},
		{"value ref before any value", values + "01", 4, "reference"},
		{"value ref past the table", values + "F8 40 61 02 F9", 7, "reference"},
		{"long value ref before any value", values + "EC 05", 4, "reference"},
		{"value ref when values are off", dhdr + "F8 40 61 01 F9", 7, "reference"},
		{"0x20 is the empty string, not a reference", dhdr + "20", -2, ""},
		{"key token in value position", dhdr + "F8 34 61 FC F9", 5, "0x34"},
		{"long key token at the root", dhdr + "34 61 FC", 4, "0x34"},
		{"value token in key position: int", dhdr + "FA 24 80 FB", 5, "0x24"},
		{"value token in key position: null", dhdr + "FA 21 FB", 5, "0x21"},
		{"value token in key position: array", dhdr + "FA F8 F9 FB", 5, "0xF8"},
		{"value token in key position: object", dhdr + "FA FA FB FB", 5, "0xFA"},
		{"value token in key position: end marker", dhdr + "FA FC FB", 5, "0xFC"},
		{"value token in key position: raw binary", dhdr + "FA FD 81 00 FB", 5, "0xFD"},
		{"end of array at the root", dhdr + "F9", 4, "0xF9"},
		{"end of object at the root", dhdr + "FB", 4, "0xFB"},
		{"end of object in an array", dhdr + "F8 FB", 5, "0xFB"},
		{"end of array in an object", dhdr + "FA F9", 5, "0xF9"},
		{"end of array after a key", dhdr + "FA 80 61 F9", 7, "0xF9"},
		{"end of object after a key", dhdr + "FA 80 61 FB", 7, "0xFB"},
		{"end marker in an array", dhdr + "F8 FF F9", 5, "0xFF"},
		{"end marker in an object", dhdr + "FA FF FB", 5, "0xFF"},
		{"end marker after a key", dhdr + "FA 80 61 FF", 7, "0xFF"},
		{"header in an array", dhdr + "F8 3A 29 0A 01 F9", 5, ""},
		{"header in an object", dhdr + "FA 80 61 3A 29 0A 01 FB", 7, ""},
		{"unknown version", "3A 29 0A 11 C2", 3, "version"},
		{"unknown version 0xF", "3A 29 0A F1 C2", 3, "version"},
		{"reserved header bit (Jackson ignores it)", "3A 29 0A 09 C2", 3, "reserved bit 3"},
		{"bad third header byte", "3A 29 0B 01 C2", 2, ""},
		{"header cut short", "3A 29", 0, ""},
		{"no header", "C2", 0, "header"},
		{"missing end of array", dhdr + "F8 C2", 6, ""},
		{"missing end of object", dhdr + "FA 80 61 C2", 8, ""},
		{"two root values", dhdr + "C2 C4", 5, "after the root value"},
		{"end marker then a value", dhdr + "C2 FF C4", 6, "after the root value"},
		{"only an end marker", dhdr + "FF", -1, ""},
		{"empty input", "", 0, ""},
	}
	reserved := []byte{0x00, 0x27, 0x2B, 0x2C, 0x2D, 0x2E, 0x2F, 0x30, 0x35, 0x3F, 0xE1, 0xE3, 0xE5, 0xE7, 0xE9, 0xEB, 0xF0, 0xF7, 0xFC, 0xFE}
	for _, b := range reserved {
		cases = append(cases,
			struct {
				name string
				hex  string
				off  int64
				msg  string
			}{fmt.Sprintf("reserved value byte 0x%02X at the root", b), dhdr + fmt.Sprintf("%02X", b), 4, fmt.Sprintf("0x%02X", b)},
			struct {
				name string
				hex  string
				off  int64
				msg  string
			}{fmt.Sprintf("reserved value byte 0x%02X in an object", b), dhdr + fmt.Sprintf("FA 80 61 %02X FB", b), 7, fmt.Sprintf("0x%02X", b)})
	}
	for _, c := range cases {
		data := mustHex(c.hex)
		_, err := hstDecodeAll(t, DecMode{}, data, c.name)
		if c.off == -2 {
			require.NoError(t, err)
			continue
		}
		require.Error(t, err, c.name)
		var se *SyntaxError
		require.ErrorAs(t, err, &se, "%s: %v", c.name, err)
		if c.off >= 0 {
			require.Equal(t, c.off, se.Offset, "%s: %v", c.name, err)
		}
		if c.msg != "" {
			require.Contains(t, err.Error(), c.msg, c.name)
		}
		for _, dst := range []any{new(hstNested), new(map[string]int), new([]RawMessage), new(smileU)} {
			hstCheckErr(t, DecMode{}.Unmarshal(data, dst), data, fmt.Sprintf("%s into %T", c.name, dst))
		}
	}
}

// TestHostileUTF8: invalid UTF-8 in every kind of string and key is a
// *SyntaxError naming the offset of the first bad byte; with
// AllowInvalidUTF8 each bad byte becomes U+FFFD in the decoded string, as
// with encoding/json (documented: DecOptions.AllowInvalidUTF8).
func TestHostileUTF8(t *testing.T) {
	allow, err := DecOptions{AllowInvalidUTF8: true}.DecMode()
	require.NoError(t, err)
	bad := map[string]string{
		"overlong 2-byte":          "\xC0\x80",
		"overlong 3-byte":          "\xE0\x80\x80",
		"overlong 4-byte":          "\xF0\x80\x80\x80",
		"surrogate":                "\xED\xA0\x80",
		"low surrogate":            "\xED\xBF\xBF",
		"lone continuation":        "\x80",
		"continuation run":         "\xBF\xBF",
		"truncated 2-byte at end":  "\xC3",
		"truncated 3-byte at end":  "\xE4\xB8",
		"truncated 4-byte at end":  "\xF0\x9F\x98",
		"beyond U+10FFFF":          "\xF4\x90\x80\x80",
		"5-byte form":              "\xF8\x88\x80\x80\x80",
		"0xFE":                     "\xFE",
		"0xFF":                     "\xFF",
		"bad second byte":          "\xE4\x41\x80",
		"truncated before a space": "\xE4\xB8 ",
	}
	for name, s := range bad {
		for _, prefix := range []string{"", "ok ", "é"} {
			str := prefix + s
			n := len(str)
			badAt := int64(0)
			for badAt < int64(n) {
				r, size := utf8.DecodeRuneInString(str[badAt:])
				if r == utf8.RuneError && size <= 1 {
					break
				}
				badAt += int64(size)
			}
			var forms []struct {
				name  string
				data  []byte
				start int64 // offset of the string's first byte
			}
			addForm := func(form string, data []byte, start int) {
				forms = append(forms, struct {
					name  string
					data  []byte
					start int64
				}{form, data, int64(start)})
			}
			hdr := mustHex(dhdr)
			if n <= 32 {
				addForm("short value ascii form", hstCat(hdr, []byte{0x40 + byte(n-1)}, []byte(str)), 5)
				addForm("short key ascii form", hstCat(hdr, []byte{0xFA, 0x80 + byte(n-1)}, []byte(str), []byte{0xC2, 0xFB}), 6)
			}
			if n >= 2 && n <= 33 {
				addForm("short value unicode form", hstCat(hdr, []byte{0x80 + byte(n-2)}, []byte(str)), 5)
				addForm("short key unicode form", hstCat(hdr, []byte{0xFA, 0xC0 + byte(n-2)}, []byte(str), []byte{0xC2, 0xFB}), 6)
			}
			addForm("long value", hstCat(hdr, []byte{0xE4}, []byte(str), []byte{0xFC}), 5)
			addForm("long key", hstCat(hdr, []byte{0xFA, 0x34}, []byte(str), []byte{0xFC, 0xC2, 0xFB}), 6)
			addForm("in an array", hstCat(hdr, []byte{0xF8, 0xE4}, []byte(str), []byte{0xFC, 0xF9}), 6)
			for _, f := range forms {
				what := fmt.Sprintf("%s %q %s", name, prefix, f.name)
				_, err := hstDecodeAll(t, DecMode{}, f.data, what)
				var se *SyntaxError
				require.ErrorAs(t, err, &se, what)
				require.Equal(t, f.start+badAt, se.Offset, "%s: %v", what, err)
				require.Contains(t, err.Error(), "UTF-8", what)
				var sv string
				require.Error(t, DecMode{}.Unmarshal(f.data, &sv), what)

				// Accepted by option, each bad byte replaced.
				var v any
				require.NoError(t, allow.Unmarshal(f.data, &v), "%s with AllowInvalidUTF8", what)
				var got string
				switch v := v.(type) {
				case string:
					got = v
				case []any:
					got = v[0].(string)
				case map[string]any:
					for k := range v {
						got = k
					}
				}
				var want strings.Builder
				for i := 0; i < len(str); {
					r, size := utf8.DecodeRuneInString(str[i:])
					want.WriteRune(r) // RuneError, U+FFFD, for a bad byte
					i += size
				}
				require.Equal(t, want.String(), got, what)
				require.True(t, utf8.ValidString(got), what)
			}
		}
	}
}

// TestHostileEncoder: values Marshal cannot write give a clear error,
// never a crash: cycles through pointers, maps and slices, invalid UTF-8,
// unsupported kinds; NaN and ±Inf are written exactly.
func TestHostileEncoder(t *testing.T) {
	type node struct {
		Next *node
		V    int
	}
	cyc := &node{V: 1}
	cyc.Next = cyc
	m := map[string]any{}
	m["self"] = m
	s := []any{nil}
	s[0] = s
	type sliceSelf []sliceSelf
	ss := sliceSelf{nil}
	ss[0] = ss
	type mapSelf map[string]mapSelf
	ms := mapSelf{}
	ms["x"] = ms
	var iface any
	iface = &iface
	for name, v := range map[string]any{
		"pointer cycle": cyc, "map contains itself": m, "slice contains itself": s,
		"typed slice contains itself": ss, "typed map contains itself": ms,
		"interface points to itself": &iface, "struct field cycle": struct{ N *node }{cyc},
	} {
		_, err := Marshal(v)
		var uve *UnsupportedValueError
		require.ErrorAs(t, err, &uve, name)
		require.Contains(t, err.Error(), "cycle", name)
		var buf bytes.Buffer
		require.ErrorAs(t, NewEncoder(&buf).Encode(v), &uve, name)
	}

	// Invalid UTF-8 in strings, map keys and struct values: an error by
	// default, U+FFFD by option.
	repl, err := EncOptions{ReplaceInvalidUTF8: true}.EncMode()
	require.NoError(t, err)
	for name, v := range map[string]any{
		"string": "a\xffb", "map key": map[string]int{"a\xffb": 1}, "in any": []any{"a\xC0\x80b"},
		"struct field": struct{ S string }{"a\xED\xA0\x80b"}, "long": strings.Repeat("x", 100) + "\xff",
	} {
		_, err := Marshal(v)
		var uve *UnsupportedValueError
		require.ErrorAs(t, err, &uve, name)
		require.Contains(t, err.Error(), "UTF-8", name)
		data, err := repl.Marshal(v)
		require.NoError(t, err, name)
		var back any
		require.NoError(t, Unmarshal(data, &back), name)
		require.Contains(t, fmt.Sprint(back), "\uFFFD", name)
	}

	// NaN and ±Inf keep their exact bits.
	for _, f := range []float64{math.NaN(), math.Inf(1), math.Inf(-1), math.Copysign(0, -1), math.Float64frombits(0x7FF8000000000001)} {
		data, err := Marshal(f)
		require.NoError(t, err)
		var back float64
		require.NoError(t, Unmarshal(data, &back))
		require.Equal(t, math.Float64bits(f), math.Float64bits(back))
		data, err = Marshal(float32(f))
		require.NoError(t, err)
		var back32 float32
		require.NoError(t, Unmarshal(data, &back32))
		if !math.IsNaN(f) {
			require.Equal(t, math.Float32bits(float32(f)), math.Float32bits(back32))
		} else {
			require.True(t, math.IsNaN(float64(back32)))
		}
	}

	// Unsupported kinds, at the root, in a field, in an interface.
	ch := make(chan int)
	for name, v := range map[string]any{
		"chan": ch, "func": func() {}, "complex64": complex64(1), "complex128": complex(1, 2),
		"field": struct{ C chan int }{ch}, "in any": []any{1, func() {}}, "map of funcs": map[string]func(){"a": nil},
		"map with struct keys": map[struct{ A int }]int{{1}: 1}, "map with float keys": map[float64]int{1: 1},
		"map with array keys": map[[2]int]int{{1, 2}: 1}, "pointer to complex": new(complex128),
	} {
		_, err := Marshal(v)
		var ute *UnsupportedTypeError
		require.ErrorAs(t, err, &ute, "%s: %v", name, err)
	}
}

// hstDeepEnv makes the test binary run TestHostileEncoderDeepChild.
const hstDeepEnv = "SMILE_HOSTILE_DEEP_CHILD"

// TestHostileEncoderDeep: Marshal of very deep (not cyclic) values, a
// million levels of pointers, slices, maps and interfaces, gives an error
// or a document, never a stack overflow (in a child process, so that one
// would fail the test rather than kill the test binary). What it writes
// beyond DefaultMaxDepth, Unmarshal refuses with a *LimitError.
func TestHostileEncoderDeep(t *testing.T) {
	if os.Getenv(hstDeepEnv) != "" {
		t.Skip("in the child")
	}
	hstRunChild(t, "TestHostileEncoderDeepChild", hstDeepEnv)
}

func TestHostileEncoderDeepChild(t *testing.T) {
	if os.Getenv(hstDeepEnv) == "" {
		t.Skip("runs as a child of TestHostileEncoderDeep")
	}
	const n = 1_000_000
	type node struct {
		Next *node `smile:"n"`
	}
	var list *node
	var sl any
	var mp any = map[string]any{}
	for i := 0; i < n; i++ {
		list = &node{Next: list}
		sl = []any{sl}
		mp = map[string]any{"m": mp}
	}
	for name, v := range map[string]any{"pointers": list, "slices": sl, "maps": mp} {
		_, err := Marshal(v)
		var uve *UnsupportedValueError
		require.ErrorAs(t, err, &uve, name)
		require.Contains(t, err.Error(), "nested deeper than", name)
	}
	// 5000 levels are refused by default and written with a larger
	// EncOptions.MaxDepth; Unmarshal refuses them by default and accepts
	// them with the same DecOptions.MaxDepth.
	list = nil
	for i := 0; i < 5000; i++ {
		list = &node{Next: list}
	}
	_, err := Marshal(list)
	require.ErrorContains(t, err, "nested deeper than 1000 arrays and objects")
	em, err := EncOptions{MaxDepth: 6000}.EncMode()
	require.NoError(t, err)
	data, err := em.Marshal(list)
	require.NoError(t, err)
	var back any
	var le *LimitError
	require.ErrorAs(t, Unmarshal(data, &back), &le)
	require.Equal(t, "MaxDepth", le.Limit)
	deep, err := DecOptions{MaxDepth: 6000}.DecMode()
	require.NoError(t, err)
	var got *node
	require.NoError(t, deep.Unmarshal(data, &got))
}
