package stream_test

import (
	"bytes"
	"fmt"
	"math"
	"math/big"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/go-smile/smile/internal/golden"
	"github.com/go-smile/smile/stream"
)

// op is one call on a Writer. Method expressions such as
// (*stream.Writer).WriteStartObject are ops.
type op func(*stream.Writer) error

var (
	startObj = (*stream.Writer).WriteStartObject
	endObj   = (*stream.Writer).WriteEndObject
	startArr = (*stream.Writer).WriteStartArray
	endArr   = (*stream.Writer).WriteEndArray
	null     = (*stream.Writer).WriteNull
	endDoc   = (*stream.Writer).EndDocument
)

func key(s string) op     { return func(w *stream.Writer) error { return w.WriteKey(s) } }
func str(s string) op     { return func(w *stream.Writer) error { return w.WriteString(s) } }
func num(v int64) op      { return func(w *stream.Writer) error { return w.WriteInt(v) } }
func unum(v uint64) op    { return func(w *stream.Writer) error { return w.WriteUint(v) } }
func boolean(v bool) op   { return func(w *stream.Writer) error { return w.WriteBool(v) } }
func f32(v float32) op    { return func(w *stream.Writer) error { return w.WriteFloat32(v) } }
func f64(v float64) op    { return func(w *stream.Writer) error { return w.WriteFloat64(v) } }
func f32bits(u uint32) op { return f32(math.Float32frombits(u)) }
func f64bits(u uint64) op { return f64(math.Float64frombits(u)) }
func bin(b []byte) op     { return func(w *stream.Writer) error { return w.WriteBinary(b) } }
func bigint(s string) op {
	return func(w *stream.Writer) error { return w.WriteBigInt(mustBig(s)) }
}
func bigdec(unscaled string, scale int32) op {
	return func(w *stream.Writer) error { return w.WriteBigDecimal(mustBig(unscaled), scale) }
}

func mustBig(s string) *big.Int {
	v, ok := new(big.Int).SetString(s, 0)
	if !ok {
		panic("bad big.Int literal " + s)
	}
	return v
}

// hx parses hex bytes written with spaces, as in the digest
// (golden.ParseHex); bad hex is a mistake in the test, and panics.
func hx(s string) []byte {
	b, err := golden.ParseHex(s)
	if err != nil {
		panic(err)
	}
	return b
}

// cat joins byte slices.
func cat(parts ...[]byte) []byte { return bytes.Join(parts, nil) }

// rep returns s repeated n times, as bytes.
func rep(s string, n int) []byte { return []byte(strings.Repeat(s, n)) }

var (
	noHeader     = stream.WriterOptions{OmitHeader: true}
	defaults     = stream.WriterOptions{}
	sharedValues = stream.WriterOptions{SharedValues: true}
	legacyFloats = stream.WriterOptions{LegacyFloat32SignBits: true}
)

// play writes ops on a new Writer and then ends the document.
func play(t testing.TB, opts stream.WriterOptions, ops []op) []byte {
	t.Helper()
	w, err := stream.NewWriter(opts)
	require.NoError(t, err)
	for i, o := range ops {
		require.NoError(t, o(w), "op %d", i)
	}
	require.NoError(t, w.EndDocument())
	require.Zero(t, w.Depth())
	return w.Bytes()
}

// requireBytes compares encodings and shows both in hex on failure.
func requireBytes(t testing.TB, want, got []byte) {
	t.Helper()
	if !bytes.Equal(want, got) {
		t.Fatalf("bytes differ\n%s", hexDiff(want, got))
	}
}

// hexDiff shows where two encodings first differ, with context.
func hexDiff(want, got []byte) string {
	i := 0
	for i < len(want) && i < len(got) && want[i] == got[i] {
		i++
	}
	from := max(0, i-16)
	window := func(b []byte) string {
		to := min(len(b), i+16)
		if from >= to {
			return "(ends here)"
		}
		return fmt.Sprintf("% X", b[from:to])
	}
	return fmt.Sprintf("first difference at offset %d (want %d bytes, got %d)\nwant [%d:]: %s\ngot  [%d:]: %s",
		i, len(want), len(got), from, window(want), from, window(got))
}

type vector struct {
	name string
	opts stream.WriterOptions
	ops  []op
	want []byte
}

func runVectors(t *testing.T, vectors []vector) {
	t.Helper()
	for _, v := range vectors {
		t.Run(v.name, func(t *testing.T) {
			requireBytes(t, v.want, play(t, v.opts, v.ops))
		})
	}
}

// TestWriterDigestHeader covers §1: the header and its flags, root-level
// sequences, the end marker and documents one after another.
func TestWriterDigestHeader(t *testing.T) {
	runVectors(t, []vector{
		{"defaults", defaults, nil, hx("3A 29 0A 01")},
		{"shared values", sharedValues, nil, hx("3A 29 0A 03")},
		{"raw binary", stream.WriterOptions{RawBinary: true}, nil, hx("3A 29 0A 05")},
		{"no shared names", stream.WriterOptions{DisableSharedNames: true}, nil, hx("3A 29 0A 00")},
		{"all flags", stream.WriterOptions{SharedValues: true, RawBinary: true}, nil, hx("3A 29 0A 07")},
		{"no header", noHeader, []op{num(1)}, hx("C2")},
		{"root sequence", defaults, []op{num(1), num(2)}, hx("3A 29 0A 01 C2 C4")},
		{"end marker", stream.WriterOptions{EndMarker: true},
			[]op{startArr, startObj, endObj, endArr}, hx("3A 29 0A 01 F8 FA FB F9 FF")},
		{"#3 true", noHeader, []op{boolean(true)}, hx("23")},
		{"#4 false", noHeader, []op{boolean(false)}, hx("22")},
		{"#4 null", noHeader, []op{null}, hx("21")},
		{"#5 true with header", defaults, []op{boolean(true)}, hx("3A 29 0A 01 23")},
		{"#6 null and end marker", stream.WriterOptions{EndMarker: true}, []op{null}, hx("3A 29 0A 01 21 FF")},
		{"#7 empty array", noHeader, []op{startArr, endArr}, hx("F8 F9")},
		{"#28 two documents", stream.WriterOptions{EndMarker: true},
			[]op{startObj, endObj, endDoc, startArr, endArr}, hx("3A 29 0A 01 FA FB FF 3A 29 0A 01 F8 F9 FF")},
		// §1.3 effect 1: each document starts with empty tables, so the
		// second document's "b" is written in full before it is referenced.
		{"tables reset per document", defaults,
			[]op{startObj, key("a"), num(1), endObj, endDoc, startObj, key("b"), startObj, key("b"), num(2), endObj, endObj},
			hx("3A 29 0A 01 FA 80 61 C2 FB 3A 29 0A 01 FA 80 62 FA 40 C4 FB FB")},
		{"empty documents", stream.WriterOptions{EndMarker: true}, []op{endDoc, endDoc}, hx("3A 29 0A 01 FF 3A 29 0A 01 FF 3A 29 0A 01 FF")},
	})
}

// TestWriterDigestStrings covers the string table of §2 and vectors 8, 34,
// 35 and 36 of §8.
func TestWriterDigestStrings(t *testing.T) {
	e := "é" // C3 A9
	runVectors(t, []vector{
		{"empty", noHeader, []op{str("")}, hx("20")},
		{"#8 abc", noHeader, []op{str("abc")}, hx("42 61 62 63")},
		{"1 ASCII", noHeader, []op{str("a")}, hx("40 61")},
		{"#34 32 ASCII", noHeader, []op{str(strings.Repeat("a", 32))}, cat(hx("5F"), rep("a", 32))},
		{"#34 33 ASCII", noHeader, []op{str(strings.Repeat("a", 33))}, cat(hx("60"), rep("a", 33))},
		{"#34 64 ASCII", noHeader, []op{str(strings.Repeat("a", 64))}, cat(hx("7F"), rep("a", 64))},
		{"#34 65 ASCII", noHeader, []op{str(strings.Repeat("a", 65))}, cat(hx("E0"), rep("a", 65), hx("FC"))},
		{"#35 33 Unicode", noHeader, []op{str(strings.Repeat(e, 16) + "a")}, cat(hx("9F"), rep(e, 16), rep("a", 1))},
		{"#35 34 Unicode", noHeader, []op{str(strings.Repeat(e, 17))}, cat(hx("A0"), rep(e, 17))},
		{"#35 64 Unicode", noHeader, []op{str(strings.Repeat(e, 32))}, cat(hx("BE"), rep(e, 32))},
		{"#35 65 Unicode", noHeader, []op{str(strings.Repeat(e, 32) + "a")}, cat(hx("E4"), rep(e, 32), rep("a", 1), hx("FC"))},
		{"#36 ö", noHeader, []op{str("ö")}, hx("80 C3 B6")},
		{"#36 €", noHeader, []op{str("€")}, hx("81 E2 82 AC")},
		{"#36 😀", noHeader, []op{str("😀")}, hx("82 F0 9F 98 80")},
		// Jackson writes ASCII strings longer than 2666 bytes as E4 (checked
		// with Jackson 2.7.8; the token depends on its 8000-byte buffer).
		{"2666 ASCII", noHeader, []op{str(strings.Repeat("a", 2666))}, cat(hx("E0"), rep("a", 2666), hx("FC"))},
		{"2667 ASCII", noHeader, []op{str(strings.Repeat("a", 2667))}, cat(hx("E4"), rep("a", 2667), hx("FC"))},
		{"long non-ASCII after 8 ASCII", noHeader, []op{str(strings.Repeat("a", 70) + e)}, cat(hx("E4"), rep("a", 70), rep(e, 1), hx("FC"))},
		{"long ASCII in shared mode is not shared", sharedValues,
			[]op{startArr, str(strings.Repeat("a", 65)), str(strings.Repeat("a", 65)), endArr},
			cat(hx("3A 29 0A 03 F8 E0"), rep("a", 65), hx("FC E0"), rep("a", 65), hx("FC F9"))},
		{"empty string is not shared", sharedValues,
			[]op{startArr, str(""), str("x"), str(""), str("x"), endArr},
			hx("3A 29 0A 03 F8 20 40 78 20 01 F9")},
	})
}

// TestWriterDigestKeys covers the key table of §3 and vector 37 of §8.
func TestWriterDigestKeys(t *testing.T) {
	e := "é"
	obj := func(name string) []op { return []op{startObj, key(name), num(1), endObj} }
	runVectors(t, []vector{
		{"#9", noHeader, []op{startObj, key("a"), num(6), endObj}, hx("FA 80 61 CC FB")},
		{"#10", noHeader, []op{startObj, key("a"), num(1), key("b"), num(2), endObj}, hx("FA 80 61 C2 80 62 C4 FB")},
		{"#37 a", noHeader, obj("a"), hx("FA 80 61 C2 FB")},
		{"#37 empty", noHeader, obj(""), hx("FA 20 C2 FB")},
		{"#37 64 ASCII", noHeader, obj(strings.Repeat("k", 64)), cat(hx("FA BF"), rep("k", 64), hx("C2 FB"))},
		{"#37 65 ASCII", noHeader, obj(strings.Repeat("k", 65)), cat(hx("FA 34"), rep("k", 65), hx("FC C2 FB"))},
		{"#37 é", noHeader, obj(e), hx("FA C0 C3 A9 C2 FB")},
		{"#37 56 Unicode", noHeader, obj(strings.Repeat(e, 28)), cat(hx("FA F6"), rep(e, 28), hx("C2 FB"))},
		{"#37 57 Unicode", noHeader, obj(strings.Repeat(e, 28) + "a"), cat(hx("FA 34"), rep(e, 28), hx("61 FC C2 FB"))},
		{"empty key is not shared", noHeader,
			[]op{startObj, key(""), num(1), key("a"), num(2), key(""), num(3), key("a"), num(4), endObj},
			hx("FA 20 C2 80 61 C4 20 C6 40 C8 FB")},
	})
}

// TestWriterDigestIntegers covers §4.3-§4.5 and vectors 11-15, 18 and 40-41.
func TestWriterDigestIntegers(t *testing.T) {
	ints := []struct {
		v    int64
		want string
	}{
		{0, "C0"}, {1, "C2"}, {-1, "C1"}, {3, "C6"}, {-6, "CB"}, {15, "DE"}, {-16, "DF"},
		{16, "24 A0"}, {-17, "24 A1"}, {31, "24 BE"}, {32, "24 01 80"}, {255, "24 07 BE"},
		{-999, "24 1F 8D"}, {4095, "24 7F BE"}, {-4096, "24 7F BF"}, {4096, "24 01 00 80"},
		{500000, "24 7A 09 80"},
		{math.MaxInt32, "24 1F 7F 7F 7F BE"}, {math.MinInt32, "24 1F 7F 7F 7F BF"},
		{1 << 31, "25 20 00 00 00 80"}, {-1<<31 - 1, "25 20 00 00 00 81"},
		{1 << 40, "25 01 00 00 00 00 00 80"},
		{math.MaxInt64, "25 03 7F 7F 7F 7F 7F 7F 7F 7F BE"},
		{math.MinInt64, "25 03 7F 7F 7F 7F 7F 7F 7F 7F BF"},
	}
	var vectors []vector
	for _, c := range ints {
		vectors = append(vectors, vector{fmt.Sprint("int ", c.v), noHeader, []op{num(c.v)}, hx(c.want)})
		if c.v >= 0 {
			vectors = append(vectors, vector{fmt.Sprint("uint ", c.v), noHeader, []op{unum(uint64(c.v))}, hx(c.want)})
		}
	}
	vectors = append(vectors, []vector{
		// §4.4: BigInteger is always 0x26, with Java's toByteArray bytes.
		{"big 0", noHeader, []op{bigint("0")}, hx("26 81 00 00")},
		{"big 1", noHeader, []op{bigint("1")}, hx("26 81 00 01")},
		{"big -1", noHeader, []op{bigint("-1")}, hx("26 81 7F 01")},
		{"big 127", noHeader, []op{bigint("127")}, hx("26 81 3F 01")},
		{"#40 big 128", noHeader, []op{bigint("128")}, hx("26 82 00 20 00")},
		{"big -128", noHeader, []op{bigint("-128")}, hx("26 81 40 00")},
		{"big 2^63", noHeader, []op{bigint("0x8000000000000000")}, hx("26 89 00 20 00 00 00 00 00 00 00 00 00")},
		{"uint 2^63", noHeader, []op{unum(1 << 63)}, hx("26 89 00 20 00 00 00 00 00 00 00 00 00")},
		{"#40 big 2^64", noHeader, []op{bigint("0x10000000000000000")}, hx("26 89 00 40 00 00 00 00 00 00 00 00 00")},
		{"big -2^64", noHeader, []op{bigint("-0x10000000000000000")}, hx("26 89 7F 40 00 00 00 00 00 00 00 00 00")},
		{"big -(2^64-1)", noHeader, []op{bigint("-0xFFFFFFFFFFFFFFFF")}, hx("26 89 7F 40 00 00 00 00 00 00 00 00 01")},
		{"big 10^18", noHeader, []op{bigint("1000000000000000000")}, hx("26 88 06 78 16 6B 1D 1D 48 00 00 00")},
		{"uint 12345678901234567890", noHeader, []op{startArr, unum(12345678901234567890), endArr},
			hx("F8 26 89 00 2A 6A 4A 4C 33 56 1F 05 34 02 F9")},
		// §4.5: BigDecimal.
		{"#41 dec 1.5", noHeader, []op{bigdec("15", 1)}, hx("2A 82 81 07 01")},
		{"dec 0", noHeader, []op{bigdec("0", 0)}, hx("2A 80 81 00 00")},
		{"dec 0.0", noHeader, []op{bigdec("0", 1)}, hx("2A 82 81 00 00")},
		{"dec 123", noHeader, []op{bigdec("123", 0)}, hx("2A 80 81 3D 01")},
		{"#41 dec 1E+3", noHeader, []op{bigdec("1", -3)}, hx("2A 85 81 00 01")},
		{"dec -0.001", noHeader, []op{bigdec("-1", 3)}, hx("2A 86 81 7F 01")},
		{"#41 dec -100.25", noHeader, []op{bigdec("-10025", 2)}, hx("2A 84 82 6C 35 03")},
		{"#18 dec -50.00000000125", noHeader, []op{bigdec("-5000000000125", 11)}, hx("2A 96 86 7D 5C 7B 0C 35 3E 03")},
		// Scales beyond ±2^30 are written as uint32 zigzag VInts, not with
		// Jackson's arithmetic-shift bug.
		{"dec scale 2^30", noHeader, []op{bigdec("1", 1<<30)}, hx("2A 10 00 00 00 80 81 00 01")},
		{"dec scale MinInt32", noHeader, []op{bigdec("1", math.MinInt32)}, hx("2A 1F 7F 7F 7F BF 81 00 01")},
		{"dec scale MaxInt32", noHeader, []op{bigdec("1", math.MaxInt32)}, hx("2A 1F 7F 7F 7F BE 81 00 01")},
		{"nil big writes null", noHeader, []op{func(w *stream.Writer) error { return w.WriteBigInt(nil) }}, hx("21")},
		{"nil decimal writes null", noHeader, []op{func(w *stream.Writer) error { return w.WriteBigDecimal(nil, 3) }}, hx("21")},
	}...)
	runVectors(t, vectors)
}

// TestWriterBigIntMatchesJava checks the two's-complement bytes against
// a reference built from big.Int arithmetic, around byte boundaries.
func TestWriterBigIntMatchesJava(t *testing.T) {
	for bits := 0; bits <= 200; bits++ {
		p := new(big.Int).Lsh(big.NewInt(1), uint(bits))
		for _, d := range []int64{-1, 0, 1} {
			for _, neg := range []bool{false, true} {
				v := new(big.Int).Add(p, big.NewInt(d))
				if neg {
					v.Neg(v)
				}
				w, err := stream.NewWriter(noHeader)
				require.NoError(t, err)
				require.NoError(t, w.WriteBigInt(v))
				want := cat(hx("26"), vint(len(javaBytes(v))), encode7(javaBytes(v)))
				requireBytes(t, want, w.Bytes())
			}
		}
	}
}

// javaBytes is Java's BigInteger.toByteArray, computed the slow way: the
// shortest length n whose two's-complement range holds v.
func javaBytes(v *big.Int) []byte {
	for n := 1; ; n++ {
		mod := new(big.Int).Lsh(big.NewInt(1), uint(8*n))
		half := new(big.Int).Rsh(mod, 1)
		if v.Cmp(half) < 0 && v.Cmp(new(big.Int).Neg(half)) >= 0 {
			u := new(big.Int).Set(v)
			if u.Sign() < 0 {
				u.Add(u, mod)
			}
			return u.FillBytes(make([]byte, n))
		}
	}
}

// vint is a reference VInt encoder for lengths.
func vint(n int) []byte {
	out := []byte{0x80 | byte(n&0x3F)}
	for n >>= 6; n > 0; n >>= 7 {
		out = append([]byte{byte(n & 0x7F)}, out...)
	}
	return out
}

// encode7 is a reference 7-bit encoder, bit by bit (§5.3).
func encode7(raw []byte) []byte {
	var out []byte
	for len(raw) > 0 {
		n := min(len(raw), 7)
		var acc uint64
		for _, b := range raw[:n] {
			acc = acc<<8 | uint64(b)
		}
		bits := 8 * n
		for bits >= 7 {
			bits -= 7
			out = append(out, byte(acc>>bits)&0x7F)
		}
		if bits > 0 {
			out = append(out, byte(acc)&(1<<bits-1))
		}
		raw = raw[n:]
	}
	return out
}

// TestWriterDigestFloats covers §5.1 and §5.2 and vectors 1, 2, 16, 17.
func TestWriterDigestFloats(t *testing.T) {
	floats := []struct {
		bits           uint32
		legacy, modern string
	}{
		{0x41EF9BA6, "28 04 0F 3E 37 26", "28 04 0F 3E 37 26"},
		{0xC1EF9BA6, "28 7C 0F 3E 37 26", "28 0C 0F 3E 37 26"},
		{0x80000000, "28 78 00 00 00 00", "28 08 00 00 00 00"},
		{0x3F800000, "28 03 7C 00 00 00", "28 03 7C 00 00 00"},
		{0xBF800000, "28 7B 7C 00 00 00", "28 0B 7C 00 00 00"},
		{0x42C88000, "28 04 16 22 00 00", "28 04 16 22 00 00"},
		{0xC2C88000, "28 7C 16 22 00 00", "28 0C 16 22 00 00"},
		{0x7FC00000, "28 07 7E 00 00 00", "28 07 7E 00 00 00"},
		{0xFF800000, "28 7F 7C 00 00 00", "28 0F 7C 00 00 00"},
	}
	var vectors []vector
	for _, f := range floats {
		vectors = append(vectors,
			vector{fmt.Sprintf("float32 %08X legacy", f.bits), stream.WriterOptions{OmitHeader: true, LegacyFloat32SignBits: true}, []op{f32bits(f.bits)}, hx(f.legacy)},
			vector{fmt.Sprintf("float32 %08X", f.bits), noHeader, []op{f32bits(f.bits)}, hx(f.modern)})
	}
	doubles := []struct {
		bits uint64
		want string
	}{
		{0xC03DF374BC6A7EFA, "29 01 40 1E 7C 6E 4B 63 29 7D 7A"},
		{0x403DF374BC6A7EFA, "29 00 40 1E 7C 6E 4B 63 29 7D 7A"},
		{0x3FC0000000000000, "29 00 3F 60 00 00 00 00 00 00 00"},
		{0x3FF0000000000000, "29 00 3F 78 00 00 00 00 00 00 00"},
		{0x8000000000000000, "29 01 00 00 00 00 00 00 00 00 00"},
		{0x400C000000000000, "29 00 40 06 00 00 00 00 00 00 00"},
		{0x7FF8000000000000, "29 00 7F 7C 00 00 00 00 00 00 00"},
	}
	for _, d := range doubles {
		vectors = append(vectors, vector{fmt.Sprintf("float64 %016X", d.bits), noHeader, []op{f64bits(d.bits)}, hx(d.want)})
	}
	vectors = append(vectors,
		vector{"#1 float32 29.951", noHeader, []op{f32(29.951)}, hx("28 04 0F 3E 37 26")},
		vector{"#2 float64 -29.951", noHeader, []op{f64(-29.951)}, hx("29 01 40 1E 7C 6E 4B 63 29 7D 7A")},
		vector{"#1 float32 -29.951 legacy with header", legacyFloats, []op{f32(-29.951)}, hx("3A 29 0A 01 28 7C 0F 3E 37 26")})
	runVectors(t, vectors)
}

// TestWriterDigestBinary covers §5.3 and vectors 38-39.
func TestWriterDigestBinary(t *testing.T) {
	raw := stream.WriterOptions{RawBinary: true}
	runVectors(t, []vector{
		{"empty", noHeader, []op{bin(nil)}, hx("E8 80")},
		{"01", noHeader, []op{bin(hx("01"))}, hx("E8 81 00 01")},
		{"FF", noHeader, []op{bin(hx("FF"))}, hx("E8 81 7F 01")},
		{"#38 010203", noHeader, []op{bin(hx("01 02 03"))}, hx("E8 83 00 40 40 03")},
		{"#38 DEADBEEF", noHeader, []op{bin(hx("DE AD BE EF"))}, hx("E8 84 6F 2B 37 6E 0F")},
		{"7 bytes", noHeader, []op{bin(hx("01 02 03 04 05 06 07"))}, hx("E8 87 00 40 40 30 20 14 0C 07")},
		{"8 bytes", noHeader, []op{bin(hx("01 02 03 04 05 06 07 08"))}, hx("E8 88 00 40 40 30 20 14 0C 07 04 00")},
		{"7 bytes with FF", noHeader, []op{bin(hx("01 02 03 FF 08 00 2A"))}, hx("E8 87 00 40 40 3F 78 20 00 2A")},
		{"6 FF", noHeader, []op{bin(hx("FF FF FF FF FF FF"))}, hx("E8 86 7F 7F 7F 7F 7F 7F 3F")},
		{"#39 raw", raw, []op{bin(hx("01 02 03"))}, hx("3A 29 0A 05 FD 83 01 02 03")},
		{"raw empty", raw, []op{bin(nil)}, hx("3A 29 0A 05 FD 80")},
	})
	// Lengths: the VInt holds the raw length, and the encoded size follows §5.3.
	for _, c := range []struct {
		n      int
		prefix string
		size   int
	}{{100, "E8 01 A4", 118}, {9000, "E8 01 0C A8", 4 + 10286}} {
		got := play(t, noHeader, []op{bin(make([]byte, c.n))})
		require.Len(t, got, c.size)
		requireBytes(t, hx(c.prefix), got[:len(hx(c.prefix))])
	}
}

// TestWriterDigestShared covers §6 and vectors 19-24, 33, 42 and 43.
func TestWriterDigestShared(t *testing.T) {
	both := stream.WriterOptions{SharedValues: true}
	noShared := stream.WriterOptions{OmitHeader: true, DisableSharedNames: true}
	k65 := strings.Repeat("k", 65)
	twoABC := []op{startArr, startObj, key("abc"), num(1), endObj, startObj, key("abc"), num(2), endObj, endArr}
	sharedStrings := []op{startArr, str("abcde12345"), str("abcde12345"), endArr}
	keyValue := []op{startArr, startObj, key("key"), str("value"), endObj, startObj, key("key"), str("value"), endObj, endArr}
	test1 := []op{startObj,
		key("test key"), boolean(true),
		key("nullField"), null,
		key("foo"), num(1),
		key("foo2"), startObj, key("a"), num(3), endObj,
		key("aãb"), num(-323),
		key("2"), startArr, num(1), num(2), num(3), endArr,
		key(`"foo"`), str("foo\nbar"),
		endObj}
	example43 := []op{startObj,
		key("id"), num(123456),
		key("name"), str("Zoë"),
		key("tags"), startArr, str("a"), str("a"), endArr,
		key("ok"), boolean(true),
		key("x"), null,
		key("pi"), f64(3.5),
		key("n"), num(-1),
		key("nested"), startObj, key("id"), num(7), endObj,
		endObj}
	runVectors(t, []vector{
		{"#19 shared name", noHeader, twoABC, hx("F8 FA 82 61 62 63 C2 FB FA 40 C4 FB F9")},
		{"#20 shared names off", noShared, twoABC, hx("F8 FA 82 61 62 63 C2 FB FA 82 61 62 63 C4 FB F9")},
		{"#21 shared strings, defaults", defaults, sharedStrings,
			hx("3A 29 0A 01 F8 49 61 62 63 64 65 31 32 33 34 35 49 61 62 63 64 65 31 32 33 34 35 F9")},
		{"#22 shared strings, shared values", both, sharedStrings,
			hx("3A 29 0A 03 F8 49 61 62 63 64 65 31 32 33 34 35 01 F9")},
		{"#23 empty key", both, []op{startObj, key("foo"), startObj, key(""), str("bar"), endObj, endObj},
			hx("3A 29 0A 03 FA 82 66 6F 6F FA 20 42 62 61 72 FB FB")},
		{"#24 key and value", both, keyValue, hx("3A 29 0A 03 F8 FA 82 6B 65 79 44 76 61 6C 75 65 FB FA 40 01 FB F9")},
		{"#33 long shared name", noHeader,
			[]op{startArr, startObj, key(k65), num(1), endObj, startObj, key(k65), num(2), endObj, endArr},
			cat(hx("F8 FA 34"), rep("k", 65), hx("FC C2 FB FA 40 C4 FB F9"))},
		{"#42 libsmile test1", both, test1, hx("3A 29 0A 03 FA 87 74 65 73 74 20 6B 65 79 23 88 6E 75 6C 6C 46 69 65 6C 64 21 " +
			"82 66 6F 6F C2 83 66 6F 6F 32 FA 80 61 C6 FB C2 61 C3 A3 62 24 0A 85 80 32 F8 C2 C4 C6 F9 84 22 66 6F 6F 22 " +
			"46 66 6F 6F 0A 62 61 72 FB")},
		{"#43 shared values", both, example43, hx("3A 29 0A 03 FA 81 69 64 24 1E 12 80 83 6E 61 6D 65 82 5A 6F C3 AB " +
			"83 74 61 67 73 F8 40 61 02 F9 81 6F 6B 23 80 78 21 81 70 69 29 00 40 06 00 00 00 00 00 00 00 80 6E C1 " +
			"85 6E 65 73 74 65 64 FA 40 CE FB FB")},
		{"#43 defaults", defaults, example43, hx("3A 29 0A 01 FA 81 69 64 24 1E 12 80 83 6E 61 6D 65 82 5A 6F C3 AB " +
			"83 74 61 67 73 F8 40 61 40 61 F9 81 6F 6B 23 80 78 21 81 70 69 29 00 40 06 00 00 00 00 00 00 00 80 6E C1 " +
			"85 6E 65 73 74 65 64 FA 40 CE FB FB")},
	})
}

// tokenBytes returns what one op appends.
func tokenBytes(t *testing.T, w *stream.Writer, o op) []byte {
	t.Helper()
	before := len(w.Bytes())
	require.NoError(t, o(w))
	return bytes.Clone(w.Bytes()[before:])
}

// TestWriterSharedNamesFEFF is §6.4 with 300 names: indices whose low
// byte is FE or FF are never referenced.
func TestWriterSharedNamesFEFF(t *testing.T) {
	w, err := stream.NewWriter(defaults)
	require.NoError(t, err)
	require.NoError(t, w.WriteStartArray())
	require.NoError(t, w.WriteStartObject())
	for i := range 300 {
		require.NoError(t, w.WriteKey(fmt.Sprint("f_", i)))
		require.NoError(t, w.WriteNull())
	}
	require.NoError(t, w.WriteEndObject())
	require.NoError(t, w.WriteStartObject())
	want := map[int]string{
		0: "40", 63: "7F", 64: "30 40", 253: "30 FD",
		254: "84 66 5F 32 35 34", 255: "84 66 5F 32 35 35", 256: "31 00", 299: "31 2B",
	}
	for i := range 300 {
		got := tokenBytes(t, w, key(fmt.Sprint("f_", i)))
		if h, ok := want[i]; ok {
			requireBytes(t, hx(h), got)
		}
		require.NoError(t, w.WriteNull())
	}
	require.NoError(t, w.WriteEndObject())
	require.NoError(t, w.WriteEndArray())
	require.NoError(t, w.EndDocument())
	require.NotContains(t, w.Bytes(), byte(0xFE))
	require.NotContains(t, w.Bytes(), byte(0xFF))
}

// TestWriterSharedValuesFEFF is §6.4 with 300 string values.
func TestWriterSharedValuesFEFF(t *testing.T) {
	w, err := stream.NewWriter(sharedValues)
	require.NoError(t, err)
	require.NoError(t, w.WriteStartArray())
	for i := range 300 {
		require.NoError(t, w.WriteString(fmt.Sprint("f_", i)))
	}
	want := map[int]string{
		0: "01", 30: "1F", 31: "EC 1F", 253: "EC FD",
		254: "44 66 5F 32 35 34", 255: "44 66 5F 32 35 35", 256: "ED 00", 299: "ED 2B",
	}
	for i := range 300 {
		got := tokenBytes(t, w, str(fmt.Sprint("f_", i)))
		if h, ok := want[i]; ok {
			requireBytes(t, hx(h), got)
		}
	}
	require.NoError(t, w.WriteEndArray())
	require.NoError(t, w.EndDocument())
	require.NotContains(t, w.Bytes(), byte(0xFE))
	require.NotContains(t, w.Bytes(), byte(0xFF))
}

// TestWriterTableReset is §6.3: a full table is emptied before the 1025th
// entry, which gets index 0.
func TestWriterTableReset(t *testing.T) {
	t.Run("names, 1024 entries", func(t *testing.T) {
		w, err := stream.NewWriter(defaults)
		require.NoError(t, err)
		require.NoError(t, w.WriteStartObject())
		for i := range 1024 {
			require.NoError(t, w.WriteKey(fmt.Sprint("n", i)))
			require.NoError(t, w.WriteNull())
		}
		requireBytes(t, hx("45"), tokenBytes(t, w, key("n5")))
	})
	t.Run("names, 1025 entries", func(t *testing.T) {
		w, err := stream.NewWriter(defaults)
		require.NoError(t, err)
		require.NoError(t, w.WriteStartObject())
		for i := range 1025 {
			require.NoError(t, w.WriteKey(fmt.Sprint("n", i)))
			require.NoError(t, w.WriteNull())
		}
		for _, c := range []struct{ name, want string }{
			{"n0", "81 6E 30"}, {"n1024", "40"}, {"n1", "81 6E 31"}, {"n0", "41"},
		} {
			requireBytes(t, hx(c.want), tokenBytes(t, w, key(c.name)))
			require.NoError(t, w.WriteNull())
		}
	})
	t.Run("values, 1025 entries", func(t *testing.T) {
		w, err := stream.NewWriter(sharedValues)
		require.NoError(t, err)
		require.NoError(t, w.WriteStartArray())
		for i := range 1025 {
			require.NoError(t, w.WriteString(fmt.Sprint("v", i)))
		}
		requireBytes(t, hx("01"), tokenBytes(t, w, str("v1024")))
		requireBytes(t, hx("41 76 30"), tokenBytes(t, w, str("v0")))
		requireBytes(t, hx("02"), tokenBytes(t, w, str("v0")))
	})
}

// TestWriterBytesVariants checks that the []byte methods write what the
// string methods write, including shared references.
func TestWriterBytesVariants(t *testing.T) {
	names := []string{"", "a", "é", strings.Repeat("k", 65), strings.Repeat("é", 30), "a", "é", strings.Repeat("k", 65)}
	values := []string{"", "x", "ü", strings.Repeat("v", 65), strings.Repeat("ü", 40), "x", "ü", strings.Repeat("ü", 40)}
	write := func(useBytes bool) []byte {
		w, err := stream.NewWriter(sharedValues)
		require.NoError(t, err)
		for doc := range 2 {
			require.NoError(t, w.WriteStartObject())
			for i, n := range names {
				if useBytes {
					require.NoError(t, w.WriteKeyBytes([]byte(n)))
					require.NoError(t, w.WriteStringBytes([]byte(values[i])))
				} else {
					require.NoError(t, w.WriteKey(n))
					require.NoError(t, w.WriteString(values[i]))
				}
			}
			require.NoError(t, w.WriteEndObject())
			require.NoError(t, w.EndDocument(), "doc %d", doc)
		}
		return w.Bytes()
	}
	requireBytes(t, write(false), write(true))
}
