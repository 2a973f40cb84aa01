package stream

// Bytes of the Smile format shared by the Writer and the Reader. Token
// ranges are documented where they are decoded and encoded.
const (
	headerByte0 = 0x3A // ':'
	headerByte1 = 0x29 // ')'
	headerByte2 = 0x0A // '\n'

	headerVersionMask  = 0xF0
	headerReservedBit  = 0x08
	headerRawBinary    = 0x04
	headerSharedValues = 0x02
	headerSharedNames  = 0x01

	tokenEmptyString = 0x20
	tokenNull        = 0x21
	tokenFalse       = 0x22
	tokenTrue        = 0x23
	tokenInt32       = 0x24
	tokenInt64       = 0x25
	tokenBigInt      = 0x26
	tokenFloat32     = 0x28
	tokenFloat64     = 0x29
	tokenBigDecimal  = 0x2A
	tokenTinyASCII   = 0x40 // 0x40-0x5F: 1-32 bytes
	tokenShortASCII  = 0x60 // 0x60-0x7F: 33-64 bytes
	tokenTinyUTF8    = 0x80 // 0x80-0x9F: 2-33 bytes
	tokenShortUTF8   = 0xA0 // 0xA0-0xBF: 34-65 bytes
	tokenSmallInt    = 0xC0 // 0xC0-0xDF: zigzag -16..15
	tokenLongASCII   = 0xE0
	tokenLongUTF8    = 0xE4
	tokenBinary7Bit  = 0xE8
	tokenLongValRef  = 0xEC // 0xEC-0xEF + 1 byte
	tokenStartArray  = 0xF8
	tokenEndArray    = 0xF9
	tokenStartObject = 0xFA
	tokenEndObject   = 0xFB
	tokenEndString   = 0xFC // terminates long strings and long names
	tokenRawBinary   = 0xFD
	tokenEndOfData   = 0xFF

	keyEmpty      = 0x20
	keyLongRef    = 0x30 // 0x30-0x33 + 1 byte
	keyLong       = 0x34 // name bytes, then 0xFC
	keyShortRef   = 0x40 // 0x40-0x7F: index 0-63
	keyShortASCII = 0x80 // 0x80-0xBF: 1-64 bytes
	keyShortUTF8  = 0xC0 // 0xC0-0xF7: 2-57 bytes

	// tableSize is the capacity of each back-reference table; adding an
	// entry to a full table empties it first.
	tableSize = 1024
	// maxSharedValueLen is the longest string value that goes into the
	// shared-value table.
	maxSharedValueLen = 64
)
