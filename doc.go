// Editing note (not part of the package documentation): the decoding side
// owns the section "# Decoding" below, from its heading up to the heading
// "# Differences from encoding/json"; replace its placeholder paragraph
// with the decoding notes (decode.go keeps a draft). Every other section is
// the encoding side's.

// Package smile encodes and decodes Smile, Jackson's binary JSON format
// (media type application/x-jackson-smile, the MediaType constant), with
// the API of encoding/json: Marshal, Unmarshal, NewEncoder, NewDecoder,
// struct tags, Marshaler and Unmarshaler interfaces. A type that works
// with encoding/json works here unchanged; the json struct tag is used
// when a field has no smile tag.
//
//	type Event struct {
//		ID      int64     `smile:"id"`
//		Name    string    `smile:"name,omitempty"`
//		Payload []byte    `smile:"payload"` // Smile binary, not base64
//		At      time.Time `json:"at"`       // json tags work too
//	}
//	data, err := smile.Marshal(&Event{ID: 1, Name: "start"})
//
// The wire format lives in package stream (a token Writer and Reader that
// choose the same token forms as Jackson's SmileGenerator, so Marshal
// writes the bytes Jackson writes for the same document), and the 7-bit
// binary kernel in package binary.
//
// # Encoding
//
// Marshal writes one complete Smile document: the 4-byte header (unless
// EncOptions.OmitHeader), the value, and the 0xFF end marker when
// EncOptions.EndMarker is set. Go values map to Smile as follows:
//
//	Go value                              Smile
//	--------------------------------------------------------------------------
//	nil pointer, interface, map, slice    null
//	bool                                  true / false
//	int, int8 … int64, uint8 … uint32     integer (small int, int32 or int64 token,
//	                                      the smallest that holds the value)
//	uint, uint64, uintptr                 integer; above math.MaxInt64, BigInteger
//	float32                               float32 (exact bits)
//	float64                               float64 (exact bits; NaN and ±Inf too)
//	string                                string (must be valid UTF-8, see below)
//	[]byte, [N]byte                       binary (7-bit, or raw with RawBinary);
//	                                      never base64 text
//	other slices and arrays               array
//	map with string, integer or           object; entries sorted by the key's
//	  encoding.TextMarshaler keys           text unless MapKeysUnsorted
//	struct                                object of its exported fields (below)
//	pointer                               what it points to
//	interface                             its dynamic value
//	big.Int, *big.Int                     BigInteger
//	Decimal, *Decimal                     BigDecimal (unscaled value and scale)
//	Number, json.Number                   the smallest exact form: integer if it
//	                                      fits int64, else BigInteger for an
//	                                      integer literal, else BigDecimal with
//	                                      the literal's digits and scale
//	time.Time                             RFC 3339 text with nanoseconds, or
//	                                      integer epoch milliseconds (TimeEpochMillis)
//	RawMessage                            the value it holds, re-encoded
//	Marshaler                             the value of the document MarshalSmile returns
//	encoding.TextMarshaler                string of what MarshalText returns
//	chan, func, complex, unsafe.Pointer   *UnsupportedTypeError
//
// Struct fields follow encoding/json's rules exactly. The key is the name
// in the field's smile tag, else in its json tag, else the field name.
// The tag "-" leaves a field out, and "-," names it "-". The options
// omitempty (leave out false, 0, nil pointers and interfaces, and empty
// strings, slices, maps and arrays) and omitzero (leave out the zero
// value, or the value whose IsZero method reports true) work as in
// encoding/json. The json option "string" is not supported and is ignored.
// Unexported fields are left out. The fields of embedded structs, and of
// embedded pointers to structs, are promoted: among fields of the same
// name, the shallowest wins, then the one named by a tag; two fields that
// still tie are both left out, silently. A field promoted through a nil
// embedded pointer is left out.
//
// Methods: a type implementing Marshaler writes what its MarshalSmile
// returns. That must be one complete Smile document, as Marshal makes it
// (the header may be left out); it is re-read and its tokens are written
// into the document being encoded, so shared names and values are
// renumbered correctly and invalid output is caught (as a
// *MarshalerError). A type implementing encoding.TextMarshaler, and not
// Marshaler, is written as a string. As in encoding/json, methods with
// pointer receivers are used only for addressable values: values reached
// through a pointer or a slice, and fields of such values, but not a
// value passed to Marshal directly, held in an interface, or stored in a
// map. MarshalJSON methods are not used.
//
// Errors: *UnsupportedTypeError for channels, functions, complex numbers,
// unsafe pointers and maps with other key types; *UnsupportedValueError
// for cyclic data (detected as encoding/json does, after 1000 nested
// pointers, maps or slices, never by a stack overflow), for strings that
// are not valid UTF-8 (unless EncOptions.ReplaceInvalidUTF8) and for a
// Number that is not a number; *MarshalerError wrapping an error of a
// MarshalSmile or MarshalText method, or invalid Smile returned by one.
// All of them work with errors.As.
//
// An Encoder writes a sequence of documents to an io.Writer, one per
// Encode call, each with its own header and back-reference tables. It
// reuses its buffer: encoding a value of a type it has seen allocates
// nothing, except for maps (iterating a Go map through reflection costs a
// few small allocations per map). Likewise Marshal allocates only the
// returned slice, plus those of maps.
//
// # Options
//
// EncOptions and DecOptions are plain structs whose zero values mean
// Jackson's defaults. EncOptions.EncMode and DecOptions.DecMode validate
// them once and return an immutable EncMode or DecMode, with the same
// methods as the package-level functions (Marshal, NewEncoder; Unmarshal,
// NewDecoder), safe for concurrent use. There are no process-wide
// settings. The per-type encoders and decoders are built once, by
// reflection, and shared by every mode.
//
// Encoding options (EncOptions), each defaulting to its zero value:
//
//   - OmitHeader: leave out the 4-byte header (Jackson: WRITE_HEADER off).
//     Cannot be combined with SharedValues or RawBinary.
//   - DisableSharedNames: write every property name in full instead of
//     back-referencing names repeated within a document.
//   - SharedValues: back-reference repeated string values of up to 64
//     bytes (Jackson: CHECK_SHARED_STRING_VALUES).
//   - RawBinary: write []byte raw (0xFD) instead of 7-bit encoded (0xE8).
//   - EndMarker: end every document with the 0xFF marker.
//   - LegacyFloat32SignBits: write negative float32 values as Jackson 2.18
//     and earlier did (readers ignore the difference).
//   - MapKeyOrder: MapKeysSorted (default; deterministic output, as
//     encoding/json) or MapKeysUnsorted (faster, Go's iteration order).
//   - Time: TimeRFC3339Nano (default, as encoding/json) or TimeEpochMillis
//     (an integer, as Jackson writes dates by default).
//   - ReplaceInvalidUTF8: write each invalid UTF-8 byte of a string or map
//     key as U+FFFD, as encoding/json does, instead of failing.
//
// # Decoding
//
// Unmarshal and Decoder mirror encoding/json; see Unmarshal and DecOptions.
//
// # Differences from encoding/json
//
// Smile has types JSON lacks, so a few Go values are written differently
// from encoding/json's JSON:
//
//   - []byte and [N]byte are Smile binary, not base64 strings ([N]byte is a
//     JSON array of numbers in encoding/json).
//   - Integers keep their Go type's precision on the wire: uint64 values
//     above math.MaxInt64 are BigIntegers; big.Int is a BigInteger, not a
//     JSON number; Decimal is a BigDecimal.
//   - Number and json.Number are written as Smile numbers of the smallest
//     exact form, not as their literal text.
//   - NaN and ±Inf are valid float values, where encoding/json fails.
//   - Invalid UTF-8 in a string is an error unless ReplaceInvalidUTF8 is
//     set (encoding/json always replaces it).
//   - MarshalJSON and UnmarshalJSON methods are ignored; implement
//     Marshaler and Unmarshaler, or encoding.TextMarshaler and
//     encoding.TextUnmarshaler, which both packages use.
//   - There is no HTML escaping, indentation or compaction: Smile is
//     binary.
package smile
