package stream

import (
	"math"
	"math/big"
	"strconv"

	"github.com/go-smile/smile/internal/rt/view"
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
type Token struct {
	Kind Kind

	// Ref reports whether the token was a back-reference to a table entry
	// rather than written in full.
	Ref bool

	// Slot is the index in the shared-name table (for KindKey) or the
	// shared-value table (for KindString) that this token was stored in, or
	// that it referenced; -1 when the token is not in a table.
	Slot int

	v tokenValue
}

// tokenValue is a Token's value: the bytes of a string, key, binary value
// or big number as a pointer and a length, or the bits of an integer or
// float in n with p nil. A BigDecimal's scale is the high half of n, its
// magnitude's length the low half (lengths of big numbers fit 31 bits).
//
// (A pointer and a word rather than a slice, a number and a scale: a
// struct of at most four fields and 32 bytes is one the compiler keeps in
// registers, so next and ReadToken return a Token without a store and the
// caller reads it without a copy, where the 48-byte Token went through
// memory at every step. With next returning the Token rather than filling
// *t, callgrind Ir per loop, bench/cmd/tokenloop/callgrind.sh:
// citm_catalog 9.52M -> 8.11M, twitter 4.27M -> 3.74M, canada 23.93M ->
// 19.98M.)
type tokenValue struct {
	_ [0]func() // Tokens are not comparable, as when they held a slice
	p *byte
	n uint64
}

// spanOf returns the tokenValue of the bytes s, which must have cap(s) ==
// len(s), as every slice a Token returns has.
func spanOf(s []byte) tokenValue {
	return tokenValue{p: view.Data(s), n: uint64(len(s))}
}

// bytes returns the slice of n bytes at v.p, or nil when v.p is nil.
func (v tokenValue) bytes(n uint64) []byte {
	if v.p == nil {
		return nil
	}
	return view.Slice(v.p, n)
}

// The constructors of Tokens, one per shape of token, for next and
// nextSlow.

// keyToken is a key, full (ref false) or a back-reference, in slot.
func keyToken(slot int, ref bool, name []byte) Token {
	return Token{Kind: KindKey, Ref: ref, Slot: slot, v: spanOf(name)}
}

// stringToken is a string value, full or a back-reference, in slot.
func stringToken(slot int, ref bool, s []byte) Token {
	return Token{Kind: KindString, Ref: ref, Slot: slot, v: spanOf(s)}
}

// intToken is a KindInt token.
func intToken(v int64) Token {
	return Token{Kind: KindInt, Slot: -1, v: tokenValue{n: uint64(v)}}
}

// floatToken is a KindFloat32 or KindFloat64 token with the float's bits.
func floatToken(k Kind, bits uint64) Token {
	return Token{Kind: k, Slot: -1, v: tokenValue{n: bits}}
}

// bytesToken is a KindBinary or KindBigInt token with its bytes.
func bytesToken(k Kind, b []byte) Token {
	return Token{Kind: k, Slot: -1, v: spanOf(b)}
}

// bigDecimalToken is a KindBigDecimal token.
func bigDecimalToken(unscaled []byte, scale int32) Token {
	v := spanOf(unscaled)
	v.n |= uint64(uint32(scale)) << 32
	return Token{Kind: KindBigDecimal, Slot: -1, v: v}
}

// markToken is a token without a value: a literal, the start or end of an
// array or object, or an end-of-document marker.
func markToken(k Kind) Token { return Token{Kind: k, Slot: -1} }

// Bytes returns the UTF-8 bytes of a string or key token, or the decoded
// payload of a binary token. The slice aliases the Reader's storage: copy it
// to keep it past the next Reader call.
func (t Token) Bytes() []byte {
	if t.Kind == KindBigDecimal {
		return t.BigIntBytes()
	}
	return t.v.bytes(t.v.n)
}

// String returns the text of a string or key token. It allocates a new
// string; for other kinds it returns a description of the token.
func (t Token) String() string {
	switch t.Kind {
	case KindString, KindKey: // p is nil only when n is 0
		return string(view.Slice(t.v.p, t.v.n))
	}
	return "<" + t.Kind.String() + ">"
}

// Bool returns the value of a KindTrue or KindFalse token.
func (t Token) Bool() bool { return t.Kind == KindTrue }

// Int returns the value of a KindInt token.
func (t Token) Int() int64 {
	if t.v.p != nil {
		return 0
	}
	return int64(t.v.n)
}

// Float32 returns the value of a KindFloat32 token, with its exact bits.
func (t Token) Float32() float32 {
	if t.v.p != nil {
		return 0
	}
	return math.Float32frombits(uint32(t.v.n))
}

// Float64 returns the value of a KindFloat64 token, with its exact bits, or
// of a KindFloat32 token widened to float64.
func (t Token) Float64() float64 {
	if t.Kind == KindFloat32 {
		return float64(t.Float32())
	}
	if t.v.p != nil {
		return 0
	}
	return math.Float64frombits(t.v.n)
}

// BigInt returns the value of a KindBigInt token, or the unscaled value of a
// KindBigDecimal token, as a new big.Int. It allocates.
func (t Token) BigInt() *big.Int { return twosComplementToBig(t.BigIntBytes()) }

// BigIntBytes returns the minimal big-endian two's-complement bytes of a
// KindBigInt token or of a KindBigDecimal token's unscaled value, as they
// stood in the input (an empty slice means zero). The slice aliases the
// Reader's storage.
func (t Token) BigIntBytes() []byte {
	n := t.v.n
	if t.Kind == KindBigDecimal {
		n = uint64(uint32(n))
	}
	return t.v.bytes(n)
}

// BigDecimal returns the unscaled value and the scale of a KindBigDecimal
// token: its value is unscaled × 10^(−scale). It allocates.
func (t Token) BigDecimal() (unscaled *big.Int, scale int32) {
	if t.Kind != KindBigDecimal {
		return twosComplementToBig(t.BigIntBytes()), 0
	}
	return twosComplementToBig(t.BigIntBytes()), int32(t.v.n >> 32)
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
