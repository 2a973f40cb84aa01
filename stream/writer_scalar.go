package stream

import (
	le "encoding/binary"
	"math"
	"math/big"
	"math/bits"
	"slices"
	"strconv"

	"github.com/go-smile/smile/binary"
)

// WriteInt writes v in the smallest integer form, as Jackson's
// writeNumber(long): a small int for -16..15, otherwise int32 when v fits
// 32 bits, otherwise int64.
func (w *Writer) WriteInt(v int64) error {
	if err := w.beforeValue(KindInt); err != nil {
		return err
	}
	w.appendInt(v)
	return nil
}

// appendInt appends the integer token of v. Small ints and int32 values,
// the usual ones, are written here (putInt written out), without a call:
// bash bench/callgrind.sh, go-smile's own Ir per Marshal, so / calling
// putInt: small (N=200) 2,502 / 2,548, twitter (N=10) 2,364,276 /
// 2,368,514.
func (w *Writer) appendInt(v int64) {
	w.reserve(maxIntLen)
	n := len(w.buf)
	d := (*[maxIntLen]byte)(w.buf[n : n+maxIntLen])
	var m int
	switch z := zigzag(v); {
	case z < 0x20:
		d[0] = tokenSmallInt + byte(z)
		m = 1
	case z < 1<<32:
		d[0] = tokenInt32
		m = 1 + putShortVInt((*[8]byte)(d[1:9]), z)
	default:
		d[0] = tokenInt64
		m = 1 + putVInt(d[1:], z)
	}
	w.buf = w.buf[:n+m]
}

// WriteIntArray writes an array of the values of v, as WriteStartArray,
// WriteInt for each value and WriteEndArray do, in one call (Jackson's
// writeArray(long[], int, int)).
func (export) WriteIntArray(w *Writer, v []int64) error {
	if err := w.beforeValue(KindStartArray); err != nil {
		return err
	}
	w.appendIntArray(v)
	return nil
}

// appendIntArray appends the tokens of an array of the values of v.
func (w *Writer) appendIntArray(v []int64) {
	if len(v) == 0 { // common: empty lists of ids, and every empty slice
		w.buf = append(w.buf, tokenStartArray, tokenEndArray)
		return
	}
	w.reserve(2 + maxIntLen*len(v))
	b := w.buf[len(w.buf):cap(w.buf)]
	b[0] = tokenStartArray
	n := 1
	for _, x := range v {
		// putInt, with its usual cases written out: it is too large to
		// be inlined. go-smile's own Ir per Marshal (BIN=<bench test>
		// N=20 sh bench/callgrind.sh Marshal/citm_catalog, whose
		// areas and events hold lists of ids): 4,386,645 -> 4,365,553
		// (-0.5%); twitter 2,213,928 -> 2,208,598, medium within its noise.
		d := (*[maxIntLen]byte)(b[n : n+maxIntLen])
		switch z := zigzag(x); {
		case z < 0x20:
			d[0] = tokenSmallInt + byte(z)
			n++
		case z < 1<<32:
			d[0] = tokenInt32
			n += 1 + putShortVInt((*[8]byte)(d[1:9]), z)
		default:
			n += putInt(d, x)
		}
	}
	b[n] = tokenEndArray
	w.buf = w.buf[:len(w.buf)+n+1]
}

// WriteUint writes v as WriteInt does when v <= math.MaxInt64, and as a
// BigInteger above.
func (w *Writer) WriteUint(v uint64) error {
	if v <= math.MaxInt64 {
		return w.WriteInt(int64(v))
	}
	if err := w.beforeValue(KindBigInt); err != nil {
		return err
	}
	// The top bit is set, so the two's-complement form needs a 00 sign
	// byte in front of the eight magnitude bytes.
	b := [9]byte{0, byte(v >> 56), byte(v >> 48), byte(v >> 40), byte(v >> 32),
		byte(v >> 24), byte(v >> 16), byte(v >> 8), byte(v)}
	w.buf = appendBigBytes(append(w.buf, tokenBigInt), b[:])
	return nil
}

// WriteBigInt writes v as a BigInteger (0x26), whatever its magnitude, as
// Jackson's writeNumber(BigInteger) does. A nil v writes null.
func (w *Writer) WriteBigInt(v *big.Int) error {
	if v == nil {
		return w.WriteNull()
	}
	if err := w.beforeValue(KindBigInt); err != nil {
		return err
	}
	w.buf = appendBigBytes(append(w.buf, tokenBigInt), w.twosComplement(v))
	return nil
}

// WriteBigDecimal writes the decimal unscaled × 10^(−scale) as a
// BigDecimal token. A nil unscaled writes null.
//
// The scale is written as a zigzag VInt of up to 5 bytes. Jackson's own
// writer corrupts scales of magnitude 2^30 or more (its VInt writer shifts
// a negative int arithmetically); this Writer writes them correctly, and
// Jackson's reader decodes them.
func (w *Writer) WriteBigDecimal(unscaled *big.Int, scale int32) error {
	if unscaled == nil {
		return w.WriteNull()
	}
	if err := w.beforeValue(KindBigDecimal); err != nil {
		return err
	}
	w.buf = appendVInt(append(w.buf, tokenBigDecimal), zigzag(int64(scale)))
	w.buf = appendBigBytes(w.buf, w.twosComplement(unscaled))
	return nil
}

// WriteFloat32 writes v as a float32 token with its exact bits: the 32
// bits right-aligned in five 7-bit groups. The three unused high bits of
// the first group are zero, or copies of the sign bit with
// WriterOptions.LegacyFloat32SignBits (Jackson 2.18 and earlier shift the
// bits arithmetically).
func (w *Writer) WriteFloat32(v float32) error {
	if err := w.beforeValue(KindFloat32); err != nil {
		return err
	}
	u := math.Float32bits(v)
	first := byte(u >> 28)
	if w.opts.LegacyFloat32SignBits {
		first = byte(int32(u)>>28) & 0x7F
	}
	w.buf = append(w.buf, tokenFloat32, first,
		byte(u>>21)&0x7F, byte(u>>14)&0x7F, byte(u>>7)&0x7F, byte(u)&0x7F)
	return nil
}

// WriteFloat64 writes v as a float64 token with its exact bits: the 64
// bits right-aligned in ten 7-bit groups.
func (w *Writer) WriteFloat64(v float64) error {
	if err := w.beforeValue(KindFloat64); err != nil {
		return err
	}
	w.appendFloat64(v)
	return nil
}

// appendFloat64 appends the float64 token of v.
func (w *Writer) appendFloat64(v float64) {
	w.reserve(float64Len)
	n := len(w.buf)
	putFloat64((*[float64Len]byte)(w.buf[n:n+float64Len]), v)
	w.buf = w.buf[:n+float64Len]
}

// WriteFloat64Array writes an array of the values of v, as
// WriteStartArray, WriteFloat64 for each value and WriteEndArray do, in
// one call (Jackson's writeArray(double[], int, int)).
func (export) WriteFloat64Array(w *Writer, v []float64) error {
	if err := w.beforeValue(KindStartArray); err != nil {
		return err
	}
	size := 2 + float64Len*len(v)
	w.reserve(size)
	n := len(w.buf)
	b := w.buf[n : n+size]
	b[0] = tokenStartArray
	d := b[1:]
	for _, x := range v {
		putFloat64((*[float64Len]byte)(d), x)
		d = d[float64Len:]
	}
	d[0] = tokenEndArray
	w.buf = w.buf[:n+size]
	return nil
}

// WriteFloat64Arrays writes an array of arrays of float64s: v holds the
// inner arrays one after another, each width long. It writes what
// WriteStartArray, WriteFloat64Array for each inner array and
// WriteEndArray write, in one call, for data such as GeoJSON's
// coordinates (a Go [][2]float64). width must be positive and divide
// len(v).
func (export) WriteFloat64Arrays(w *Writer, v []float64, width int) error {
	if width <= 0 || len(v)%width != 0 {
		return &WriterError{Msg: "writeFloat64Arrays: width " + strconv.Itoa(width) +
			" is not positive or does not divide len(v) " + strconv.Itoa(len(v))}
	}
	if err := w.beforeValue(KindStartArray); err != nil {
		return err
	}
	row := 2 + float64Len*width
	size := 2 + row*(len(v)/width)
	w.reserve(size)
	n := len(w.buf)
	b := w.buf[n : n+size]
	b[0] = tokenStartArray
	d := b[1:]
	for len(v) >= width {
		d[0] = tokenStartArray
		d = d[1:]
		for _, x := range v[:width] {
			putFloat64((*[float64Len]byte)(d), x)
			d = d[float64Len:]
		}
		d[0] = tokenEndArray
		d = d[1:]
		v = v[width:]
	}
	d[0] = tokenEndArray
	w.buf = w.buf[:n+size]
	return nil
}

// Lengths of the number forms, token included.
const (
	maxIntLen  = 1 + maxVIntLen // int64: token and up to 10 VInt bytes
	maxVIntLen = 10             // a VInt of 64 bits
	float64Len = 11
)

// putFloat64 writes the float64 token of v at the start of dst: the sign
// bit, then nine 7-bit groups, most significant first. The eight groups
// of the low 56 bits are spread into the bytes of one word. It is kept
// within the compiler's inlining budget: inlined, it lets
// WriteFloat64Array's loop keep its values in registers. go-smile's own
// Ir per Marshal/canada, with //go:noinline on it -> inlined
// (BIN=<bench test> N=10 sh bench/callgrind.sh Marshal/canada, at
// 12d33ff): 9.085M -> 7.528M (-17.1%).
func putFloat64(dst *[float64Len]byte, v float64) {
	u := math.Float64bits(v)
	dst[0], dst[1], dst[2] = tokenFloat64, byte(u>>63), byte(u>>56)&0x7F
	le.LittleEndian.PutUint64(dst[3:], bits.ReverseBytes64(spread7(u)))
}

// spread7 returns the eight 7-bit groups of the low 56 bits of u, one per
// byte, the lowest group in the lowest byte: by halving, 28-bit halves
// into 32-bit lanes, then 14-bit quarters into 16-bit lanes, then groups
// into bytes.
func spread7(u uint64) uint64 {
	x := u&0x0FFFFFFF | u&0x00FFFFFFF0000000<<4 // the bits above 56 drop out
	x = x&0x00003FFF00003FFF | x&0x0FFFC0000FFFC000<<2
	return x&0x007F007F007F007F | x&0x3F803F803F803F80<<1
}

// putInt writes the integer token Jackson chooses for v at the start of
// dst and returns its length: a small int (0xC0 + zigzag) for -16..15,
// 0x24 with a zigzag VInt when v fits 32 bits, and 0x25 with a zigzag
// VInt (always 5 bytes or more) otherwise.
func putInt(dst *[maxIntLen]byte, v int64) int {
	z := zigzag(v)
	switch {
	case z < 0x20:
		dst[0] = tokenSmallInt + byte(z)
		return 1
	case z < 1<<32: // the zigzag of an int32
		dst[0] = tokenInt32
		return 1 + putShortVInt((*[8]byte)(dst[1:9]), z)
	}
	dst[0] = tokenInt64
	return 1 + putVInt(dst[1:], z)
}

// zigzag maps signed to unsigned integers so that small magnitudes give
// small values: 0, -1, 1, -2 become 0, 1, 2, 3. For an int32 it is the
// 32-bit zigzag.
func zigzag(v int64) uint64 { return uint64(v<<1 ^ v>>63) }

// appendVInt appends u as a minimal VInt; see putVInt.
func appendVInt(b []byte, u uint64) []byte {
	b = slices.Grow(b, maxVIntLen)
	n := len(b)
	return b[:n+putVInt(b[n:n+maxVIntLen], u)]
}

// putVInt writes u as a minimal VInt at the start of dst, which has room
// for maxVIntLen bytes, and returns its length: 7-bit groups, most
// significant first, with bit 7 clear, then a last byte with bit 7 set
// carrying the low 6 bits.
func putVInt(dst []byte, u uint64) int {
	if u < 1<<34 {
		return putShortVInt((*[8]byte)(dst[:8]), u)
	}
	_ = dst[maxVIntLen-1]
	n := 1 + bits.Len64(u)/7 // 6 bits in the last byte, 7 in each other
	dst[n-1] = vintLast | byte(u)&0x3F
	u >>= 6
	for i := n - 2; i >= 0; i-- {
		dst[i] = byte(u) & 0x7F
		u >>= 7
	}
	return n
}

// vintLast marks the last byte of a VInt, which carries 6 bits.
const vintLast = 0x80

// putShortVInt is putVInt for u < 1<<34 (32-bit values and all lengths),
// which take 1 to 5 bytes: it writes them with one 8-byte store, without
// a loop or a branch on the length. The bytes of dst after the VInt are
// overwritten, with bits of u: the term u<<40 fills the top three bytes
// of x, which would otherwise be known zero, so that the compiler makes
// the store one 8-byte move rather than a byte, a word and three zero
// bytes (go tool objdump of export.WriteIntField). go-smile's own Ir per
// Marshal (BIN=<bench test> sh bench/callgrind.sh, N=20, N=1000 for
// small): citm_catalog 4,431,193 -> 4,386,645 (-1.0%), twitter
// 2,219,799 -> 2,213,928, small 2,411 -> 2,402.
func putShortVInt(dst *[8]byte, u uint64) int {
	// The five-byte form, first byte lowest, then shifted right by its
	// leading bytes that are zero.
	x := u>>27 | (u>>20&0x7F)<<8 | (u>>13&0x7F)<<16 | (u>>6&0x7F)<<24 | (vintLast|u&0x3F)<<32 | u<<40
	shift := shortVIntShift[bits.Len64(u)] // 8 bits for each leading zero byte
	le.LittleEndian.PutUint64(dst[:], x>>(shift&63))
	return 5 - int(shift/8)
}

// shortVIntShift[bits.Len64(u)] is 8 times the number of bytes by which
// the VInt of u < 1<<34 is shorter than 5: it has (bits.Len64(u)+7)/7
// bytes, 6 bits in the last, 7 in each other.
var shortVIntShift = [65]uint8{
	32, 32, 32, 32, 32, 32, 32, 24, 24, 24, 24, 24, 24, 24, 16, 16, 16, 16, 16, 16, 16,
	8, 8, 8, 8, 8, 8, 8,
}

// appendBigBytes appends VInt(len(raw)) and the 7-bit encoding of raw, the
// two's-complement bytes of a BigInteger or of a BigDecimal's unscaled
// value.
func appendBigBytes(b []byte, raw []byte) []byte {
	return binary.AppendEncode(appendVInt(b, uint64(len(raw))), raw)
}

// twosComplement returns the minimal big-endian two's-complement bytes of
// v, as Java's BigInteger.toByteArray: at least one byte, with a sign byte
// in front when the top bit would say the wrong sign. The bytes live in
// the Writer's scratch buffer until its next use.
func (w *Writer) twosComplement(v *big.Int) []byte {
	// BitLen is the magnitude's length; one more bit holds the sign.
	n := v.BitLen()/8 + 1
	if cap(w.scratch) < n {
		w.scratch = make([]byte, n)
	}
	b := v.FillBytes(w.scratch[:n])
	if v.Sign() >= 0 {
		return b // BitLen/8+1 bytes is exactly Java's length for v >= 0
	}
	// Negate the magnitude: invert every byte, then add one.
	carry := true
	for i := len(b) - 1; i >= 0; i-- {
		b[i] = ^b[i]
		if carry {
			b[i]++
			carry = b[i] == 0
		}
	}
	// -2^k for k = 7, 15, 23, ... fits one byte less than its magnitude
	// suggests (-128 is 80, not FF 80).
	if len(b) > 1 && b[0] == 0xFF && b[1]&0x80 != 0 {
		b = b[1:]
	}
	return b
}
