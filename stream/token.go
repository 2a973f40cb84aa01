package stream

import (
	"math"
	"math/big"
	"strconv"
)

// Kind is the kind of a Smile token.
type Kind uint8

// The token kinds a Reader returns.
const (
	KindInvalid       Kind = iota // the zero Kind; never returned with a nil error
	KindNull                      // 0x21
	KindFalse                     // 0x22
	KindTrue                      // 0x23
	KindInt                       // small int 0xC0-0xDF, int32 0x24 or int64 0x25; value in Token.Int
	KindBigInt                    // BigInteger 0x26; value in Token.BigInt
	KindFloat32                   // 0x28; value in Token.Float32
	KindFloat64                   // 0x29; value in Token.Float64
	KindBigDecimal                // 0x2A; value in Token.BigDecimal
	KindString                    // any string value token, or a shared-value reference
	KindBinary                    // 7-bit 0xE8 or raw 0xFD binary; payload in Token.Bytes
	KindKey                       // a property name, full or a shared-name reference
	KindStartObject               // 0xFA
	KindEndObject                 // 0xFB
	KindStartArray                // 0xF8
	KindEndArray                  // 0xF9
	KindEndOfDocument             // the 0xFF end marker
)

var kindNames = [...]string{
	KindInvalid:       "invalid",
	KindNull:          "null",
	KindFalse:         "false",
	KindTrue:          "true",
	KindInt:           "integer",
	KindBigInt:        "BigInteger",
	KindFloat32:       "float32",
	KindFloat64:       "float64",
	KindBigDecimal:    "BigDecimal",
	KindString:        "string",
	KindBinary:        "binary",
	KindKey:           "key",
	KindStartObject:   "start of object",
	KindEndObject:     "end of object",
	KindStartArray:    "start of array",
	KindEndArray:      "end of array",
	KindEndOfDocument: "end-of-document marker",
}

// String returns a short English name for k, for error messages.
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "Kind(" + strconv.Itoa(int(k)) + ")"
}

// IsScalar reports whether k is a complete value on its own (not a key, a
// container start or end, or an end-of-document marker).
func (k Kind) IsScalar() bool { return k >= KindNull && k <= KindBinary }

// Token is one token read by a Reader. It is a plain value: reading a token
// does not allocate, except where an accessor's documentation says so.
//
// Bytes returned by a Token alias the Reader's input or internal buffer and
// are valid only until the next call on the Reader that produced it.
//
// (Kind, Ref and scale share the first word, so that a Token is 48 bytes,
// not 64: ReadToken zeroes and copies one per token. Callgrind Ir per loop,
// bench/cmd/tokenloop/callgrind.sh: citm_catalog 13.07M -> 12.65M, twitter
// 4.80M -> 4.64M, canada 32.35M -> 31.24M.)
type Token struct {
	Kind Kind

	// Ref reports whether the token was a back-reference to a table entry
	// rather than written in full.
	Ref bool

	scale int32 // BigDecimal scale

	// Slot is the index in the shared-name table (for KindKey) or the
	// shared-value table (for KindString) that this token was stored in, or
	// that it referenced; -1 when the token is not in a table.
	Slot int

	bytes []byte // string/key UTF-8, binary payload, big-number magnitude bytes
	num   uint64 // integer (two's complement) or float bits
}

// Bytes returns the UTF-8 bytes of a string or key token, or the decoded
// payload of a binary token. The slice aliases the Reader's storage: copy it
// to keep it past the next Reader call.
func (t Token) Bytes() []byte { return t.bytes }

// String returns the text of a string or key token. It allocates a new
// string; for other kinds it returns a description of the token.
func (t Token) String() string {
	switch t.Kind {
	case KindString, KindKey:
		return string(t.bytes)
	}
	return "<" + t.Kind.String() + ">"
}

// Bool returns the value of a KindTrue or KindFalse token.
func (t Token) Bool() bool { return t.Kind == KindTrue }

// Int returns the value of a KindInt token.
func (t Token) Int() int64 { return int64(t.num) }

// Float32 returns the value of a KindFloat32 token, with its exact bits.
func (t Token) Float32() float32 { return math.Float32frombits(uint32(t.num)) }

// Float64 returns the value of a KindFloat64 token, with its exact bits, or
// of a KindFloat32 token widened to float64.
func (t Token) Float64() float64 {
	if t.Kind == KindFloat32 {
		return float64(t.Float32())
	}
	return math.Float64frombits(t.num)
}

// BigInt returns the value of a KindBigInt token, or the unscaled value of a
// KindBigDecimal token, as a new big.Int. It allocates.
func (t Token) BigInt() *big.Int { return twosComplementToBig(t.bytes) }

// BigIntBytes returns the minimal big-endian two's-complement bytes of a
// KindBigInt token or of a KindBigDecimal token's unscaled value, as they
// stood in the input (an empty slice means zero). The slice aliases the
// Reader's storage.
func (t Token) BigIntBytes() []byte { return t.bytes }

// BigDecimal returns the unscaled value and the scale of a KindBigDecimal
// token: its value is unscaled × 10^(−scale). It allocates.
func (t Token) BigDecimal() (unscaled *big.Int, scale int32) {
	return twosComplementToBig(t.bytes), t.scale
}

// twosComplementToBig converts big-endian two's-complement bytes to a
// big.Int. An empty slice is zero.
func twosComplementToBig(b []byte) *big.Int {
	z := new(big.Int).SetBytes(b)
	if len(b) > 0 && b[0]&0x80 != 0 {
		// Negative: subtract 2^(8·len(b)).
		z.Sub(z, new(big.Int).Lsh(big.NewInt(1), uint(8*len(b))))
	}
	return z
}
