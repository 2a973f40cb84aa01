package stream

import "github.com/go-smile/smile/internal/hint"

// WriterOptions selects the Smile features a Writer uses. The zero value
// means Jackson's defaults: a header, shared property names, no shared
// string values, 7-bit binary and no end marker.
type WriterOptions struct {
	// OmitHeader leaves out the 4-byte header (Jackson: WRITE_HEADER off).
	// It cannot be combined with SharedValues or RawBinary, because a
	// reader of headerless data assumes both are off; NewWriter refuses
	// the combination as Jackson does.
	OmitHeader bool

	// DisableSharedNames writes every property name in full (Jackson:
	// CHECK_SHARED_NAMES off). The header's bit 0 is cleared.
	DisableSharedNames bool

	// SharedValues writes back-references for repeated short string
	// values (Jackson: CHECK_SHARED_STRING_VALUES on). Header bit 1.
	SharedValues bool

	// RawBinary writes binary values as raw 0xFD bytes instead of the
	// 7-bit 0xE8 encoding (Jackson: ENCODE_BINARY_AS_7BIT off). Header bit 2.
	RawBinary bool

	// EndMarker writes the 0xFF end-of-content marker at EndDocument
	// (Jackson: WRITE_END_MARKER on).
	EndMarker bool

	// LegacyFloat32SignBits writes negative float32 values with the unused
	// high bits of their first byte set (0x78-0x7F), as Jackson 2.18 and
	// earlier do. The default writes those bits as zero, as the
	// specification and Jackson 2.19+ do. Readers ignore the bits either way.
	LegacyFloat32SignBits bool

	// AllowInvalidUTF8 writes strings and keys that are not valid UTF-8
	// with their bytes unchanged, in the forms of non-ASCII text (a single
	// byte in the ASCII form, the only one for that length), instead of
	// refusing them. It is for copying input read with
	// ReaderOptions.AllowInvalidUTF8: only a Reader with that option reads
	// such output back. Valid text is written as usual.
	AllowInvalidUTF8 bool
}

// headerFlags returns the fourth header byte for o.
func (o WriterOptions) headerFlags() byte {
	var b byte
	if !o.DisableSharedNames {
		b |= headerSharedNames
	}
	if o.SharedValues {
		b |= headerSharedValues
	}
	if o.RawBinary {
		b |= headerRawBinary
	}
	return b
}

// validate refuses the combinations Jackson's SmileFactory refuses.
func (o WriterOptions) validate() error {
	if o.OmitHeader && o.SharedValues {
		return &hint.ConflictError{Prefix: "smile: ", A: hint.OmitHeader, B: hint.SharedValues, Why: "a headerless reader assumes no shared values", Vocab: vocab}
	}
	if o.OmitHeader && o.RawBinary {
		return &hint.ConflictError{Prefix: "smile: ", A: hint.OmitHeader, B: hint.RawBinary, Why: "a headerless reader assumes no raw binary", Vocab: vocab}
	}
	return nil
}

// Default limits of a Reader; see ReaderOptions.
const (
	DefaultMaxDepth        = 1000
	DefaultMaxStringLen    = 64 << 20 // 64 MiB
	DefaultMaxBinaryLen    = 256 << 20
	DefaultMaxBigNumberLen = 1000 // bytes of a BigInteger or BigDecimal magnitude, as Jackson 2.15+
)

// ReaderOptions configures a Reader. The zero value means Jackson's
// defaults (header required) with safe limits.
type ReaderOptions struct {
	// HeaderOptional accepts input without the 4-byte header; such input
	// is read with Jackson's headerless defaults (shared names on, shared
	// values and raw binary off). By default a missing header is an error,
	// as in Jackson (REQUIRE_HEADER on).
	HeaderOptional bool

	// MaxDepth limits the nesting of arrays and objects. 0 means
	// DefaultMaxDepth (1000); a negative value is invalid.
	MaxDepth int

	// MaxStringLen limits the UTF-8 length in bytes of one string value or
	// key. 0 means DefaultMaxStringLen (64 MiB).
	MaxStringLen int

	// MaxBinaryLen limits the decoded length of one binary value. 0 means
	// DefaultMaxBinaryLen (256 MiB). A Reader over a []byte also rejects
	// any length longer than the remaining input can hold.
	MaxBinaryLen int

	// MaxBigNumberLen limits the byte length of a BigInteger or of a
	// BigDecimal's unscaled value. 0 means DefaultMaxBigNumberLen (1000).
	MaxBigNumberLen int

	// AllowInvalidUTF8 accepts strings and keys that are not valid UTF-8
	// and passes their bytes through unchanged. By default they are an
	// error naming the offset.
	AllowInvalidUTF8 bool

	// Lenient7Bit accepts 7-bit binary bytes with the high bit set and
	// ignores that bit, as Jackson does. By default such a byte is an error.
	Lenient7Bit bool

	// KeepNamesAcrossHeaders keeps the shared-name table when a header
	// appears in the middle of a stream, as Jackson does. By default every
	// header starts a self-contained section and both tables are emptied,
	// as the specification intends.
	KeepNamesAcrossHeaders bool
}

// withDefaults validates o and fills in the default limits.
func (o ReaderOptions) withDefaults() (ReaderOptions, error) {
	for _, f := range []struct {
		name hint.Option
		v    *int
		def  int
	}{
		{hint.MaxDepth, &o.MaxDepth, DefaultMaxDepth},
		{hint.MaxStringLen, &o.MaxStringLen, DefaultMaxStringLen},
		{hint.MaxBinaryLen, &o.MaxBinaryLen, DefaultMaxBinaryLen},
		{hint.MaxBigNumberLen, &o.MaxBigNumberLen, DefaultMaxBigNumberLen},
	} {
		switch {
		case *f.v < 0:
			return o, &hint.OptionError{Prefix: "smile: ", Option: f.name, Value: *f.v, Default: f.def, Vocab: vocab}
		case *f.v == 0:
			*f.v = f.def
		}
	}
	return o, nil
}
