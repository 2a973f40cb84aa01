// Package smile encodes and decodes Smile, Jackson's binary JSON format
// (media type application/x-jackson-smile, MediaTypeJackson, or
// application/smile for Elasticsearch, MediaTypeElasticsearch), with
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
//	                                      integer epoch milliseconds (TimeEpochMillis),
//	                                      or BigDecimal epoch seconds with nine
//	                                      fraction digits (TimeEpochSecondsDecimal)
//	RawMessage                            the value it holds, re-encoded
//	Marshaler                             the value of the document MarshalSmile returns
//	json.Marshaler, json.RawMessage       the value of the JSON MarshalJSON returns
//	encoding.TextMarshaler                string of what MarshalText returns (so a
//	                                      UUID type such as github.com/google/uuid's
//	                                      is its text; a [16]byte without methods
//	                                      is binary)
//	encoding.BinaryMarshaler              with EncOptions.BinaryMarshalers only:
//	                                      binary of what MarshalBinary returns
//	                                      (preferred to MarshalJSON and MarshalText;
//	                                      a UUID is then 16 bytes, as Jackson
//	                                      writes java.util.UUID)
//	chan, func, complex, unsafe.Pointer   *UnsupportedTypeError
//
// Struct fields follow encoding/json's rules, with a smile tag read before
// the json tag. The key is the name in the field's smile tag, else the name
// in its json tag, else the field name: a field tagged
// `json:"user_name" smile:",omitempty"` has the key "user_name". The
// options come from the smile tag when the field has one (even an empty
// one), else from the json tag. `smile:"-"` leaves a field out; `json:"-"`
// leaves it out only when it has no smile tag, so that `json:"-"
// smile:"secret"` or `json:"-" smile:",omitempty"` puts in Smile a field
// that JSON does not show (named by the smile tag, else the field name).
// As in encoding/json, "-," names a field "-". The options
// omitempty (leave out false, 0, nil pointers and interfaces, and empty
// strings, slices, maps and arrays) and omitzero (leave out the zero
// value, or the value whose IsZero method reports true) work as in
// encoding/json. The option "string" works as in encoding/json: a bool,
// integer, float or string field, or an unnamed pointer to one, is written
// as a Smile string holding the value's JSON text ("5", "true", and for a
// string its quoted JSON literal), and decoded from one; Number and
// json.Number fields are written as their literal; types with their own
// encoding are not affected.
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
// *MarshalerError). A type implementing json.Marshaler, and not
// Marshaler, writes the JSON value its MarshalJSON returns, token by
// token, as Smile: names and strings go through the document's shared
// tables like any other, and numbers become what Jackson makes of JSON
// numbers (an integer of the smallest form, a BigInteger past int64, a
// float64 for a fraction or an exponent); invalid JSON is a
// *MarshalerError. json.RawMessage is such a type: it is written as the
// value its text holds (nil as null; an empty one is invalid JSON, as in
// encoding/json). A type implementing encoding.TextMarshaler, and neither
// of the others, is written as a string. So the order is MarshalSmile,
// MarshalBinary (only with EncOptions.BinaryMarshalers), MarshalJSON,
// MarshalText; EncOptions.IgnoreJSONMethods leaves out MarshalJSON. The
// types of the table above with a Smile form of their own (time.Time,
// big.Int, Decimal, Number, RawMessage) are written in that form
// whatever methods they have. As in encoding/json, methods
// with pointer receivers are used only for addressable values: values
// reached through a pointer or a slice, and fields of such values, but
// not a value passed to Marshal directly, held in an interface, or
// stored in a map. A nil pointer is written as null without a call,
// except, as in encoding/json, one held in a field, element or map value
// of an interface type that has one of the three methods: it is given to
// the method its type is written with, if that method has a pointer
// receiver.
//
// Errors: *UnsupportedTypeError for channels, functions, complex numbers,
// unsafe pointers and maps with other key types; *UnsupportedValueError
// for cyclic data (detected after 500 nested pointers, maps or slices,
// never by a stack overflow), for arrays and objects nested deeper than
// EncOptions.MaxDepth (1000 by default, as Jackson's writer; at most
// MaxDepthLimit), for strings that
// are not valid UTF-8 (unless EncOptions.ReplaceInvalidUTF8) and for a
// Number that is not a number; *MarshalerError wrapping an error of a
// MarshalSmile, MarshalJSON or MarshalText method, or invalid Smile or
// JSON returned by one. All of them work with errors.As, and name in
// their Field the path from the root to the value that failed (such as
// "items[3].name").
//
// An Encoder writes a sequence of documents to an io.Writer, one per
// Encode call, each with its own header and back-reference tables. It
// reuses its buffer: encoding a value of a type it has seen allocates
// nothing, maps included, beyond what methods such as MarshalText allocate
// themselves. Likewise Marshal allocates only the returned slice.
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
//     encoding/json) or MapKeysUnsorted (no promised order; faster for
//     large maps of new keys).
//   - Time: TimeRFC3339Nano (default, as encoding/json), TimeEpochMillis
//     (an integer, as Jackson writes java.util.Date by default) or
//     TimeEpochSecondsDecimal (a BigDecimal such as 1704164645.006000000,
//     as jackson-datatype-jsr310 writes java.time.Instant by default).
//   - ReplaceInvalidUTF8: write each invalid UTF-8 byte of a string or map
//     key as U+FFFD, as encoding/json does, instead of failing.
//   - BinaryMarshalers: write types implementing encoding.BinaryMarshaler
//     as Smile binary from MarshalBinary, before MarshalText.
//
// # Decoding
//
// Unmarshal reads exactly one Smile document: the 4-byte header (required
// unless DecOptions.HeaderOptional), one root value, and optionally the
// 0xFF end marker. Anything else after the root value is a *SyntaxError.
// Decoder reads a sequence of such documents from an io.Reader, one root
// value per Decode call; end markers between values are skipped and the
// clean end of the input is io.EOF. Like encoding/json's Decoder, it has
// the methods DisallowUnknownFields and UseNumber (the DecOptions of the
// same effect, for that Decoder) and Buffered (the input it read past the
// last value).
//
// Unmarshal follows encoding/json's rules for storing values:
//
//   - A pointer is allocated when nil and the value is decoded into what it
//     points to; Smile null sets it to nil.
//   - null leaves bool, number, string, struct and array values unchanged
//     and sets pointers, maps, slices and interfaces to nil.
//   - Objects decode into structs (keys matched to fields by the smile tag,
//     else the json tag, else the field name; an exact match is preferred,
//     then a case-insensitive one unless DecOptions.CaseSensitiveFields;
//     unknown keys are skipped unless DecOptions.DisallowUnknownFields;
//     promoted fields of embedded structs work, a nil embedded pointer is
//     allocated when its type is exported and is an error otherwise) and
//     into maps with string, integer or encoding.TextUnmarshaler keys. A
//     map is merged into: existing entries stay unless the input sets them,
//     and a nil map is allocated. A new map element replaces the old one
//     whole, as in encoding/json.
//   - Arrays decode into slices (the length is reset and the elements are
//     filled in; as in encoding/json, elements within the old length are
//     decoded in place, so a struct element keeps the fields the input
//     does not set; an empty array gives an empty non-nil slice) and into
//     Go arrays (extra elements are dropped, missing ones zeroed).
//   - A non-empty interface value holding a non-nil pointer is decoded into
//     what the pointer points to; any other non-empty interface is an
//     *UnmarshalTypeError. An empty interface (any) holding a non-nil
//     pointer is decoded into it too; otherwise it receives a new value:
//     map[string]any, []any, string, bool, []byte (for Smile binary), nil,
//     or a number as chosen by DecOptions.AnyNumbers.
//   - Types with an UnmarshalSmile method receive the value as a complete,
//     standalone Smile document (header included), even when the input
//     used back-references to earlier names or strings. null is passed to
//     them as a document holding null, as encoding/json passes "null" to
//     UnmarshalJSON; a pointer to such a type is set to nil instead.
//   - Types implementing encoding.BinaryUnmarshaler receive Smile binary
//     values through UnmarshalBinary, as Jackson writes java.util.UUID (16
//     bytes); their other values go to UnmarshalJSON or UnmarshalText if
//     they have it, else to the decoder of their kind. So
//     github.com/google/uuid's UUID accepts both Jackson's binary UUIDs and
//     text ones.
//   - Types implementing json.Unmarshaler, and not Unmarshaler, receive
//     the value as compact JSON text, as Jackson writes it: integers and
//     BigDecimal with every digit, floats in their shortest form with a
//     '.' or an exponent (1.0), NaN and ±Inf as the strings "NaN",
//     "Infinity" and "-Infinity", binary as a standard base64 string. null
//     is passed as "null", as encoding/json does; a pointer to such a type
//     is set to nil instead. So json.RawMessage receives the value as
//     JSON text. DecOptions.IgnoreJSONMethods leaves UnmarshalJSON out.
//   - Types implementing encoding.TextUnmarshaler, and none of the
//     others, receive Smile strings (and map keys); other Smile kinds are
//     an *UnmarshalTypeError, and null leaves them unchanged.
//   - RawMessage receives the value as a standalone Smile document (the
//     existing backing array is reused, as json.RawMessage does).
//   - A ",string" field takes a Smile string holding its JSON text, or
//     null; anything else is an *UnmarshalTypeError.
//
// Where Smile is richer than JSON, or Go types need a choice:
//
//   - Integers: every Go integer kind accepts Smile integers and
//     BigIntegers in its range; a value out of range is an
//     *UnmarshalTypeError, never a silent wrap. Floating-point and
//     BigDecimal values are not accepted by integer types (encoding/json
//     also rejects 1.5 or 1e3 for an int).
//   - float32 and float64 accept every Smile number (BigInteger and
//     BigDecimal are rounded to nearest); a value that overflows the Go
//     type is an *UnmarshalTypeError. Smile float32 values keep their exact
//     bits in a float32.
//   - In an interface value, numbers are, by default (AnyNumbersNative),
//     int64 for Smile integers (encoding/json gives float64), *big.Int for
//     BigInteger, float64 for float32 and float64 (a float32 is widened
//     exactly), and Decimal for BigDecimal. With AnyNumbersAsNumber every
//     number is a Number holding its exact text (Java's BigDecimal.toString
//     for BigDecimal, the shortest round-tripping form for floats). With
//     AnyNumbersFloat64 every number is a float64, as in encoding/json
//     (rounded to nearest; a BigInteger or BigDecimal beyond float64's
//     range is an *UnmarshalTypeError and leaves nil, as there). Such a
//     tree goes to JSON as it is: Decimal and Number have MarshalJSON and
//     MarshalText methods that write the bare JSON number (a Decimal as
//     BigDecimal.toString's text, such as 12345.678900 or 1E+3; an empty
//     Number as 0, as encoding/json writes an empty json.Number), so
//     json.Marshal writes every digit, and UnmarshalJSON and UnmarshalText
//     read a JSON number back (UnmarshalJSON also a JSON string holding
//     one, as encoding/json accepts for a json.Number). Marshal and
//     Unmarshal do not call these methods: a Decimal is a BigDecimal, a
//     Number the smallest exact Smile number, and a map key of type
//     Number is a string taken as it is, as one of type json.Number.
//   - []byte accepts Smile binary (7-bit or raw) and, like encoding/json,
//     a Smile string holding standard base64, and an array of small
//     integers; as in encoding/json, so does a slice of any uint8 kind,
//     even one whose element type has UnmarshalText (the elements'
//     methods are used only for an array). [N]byte accepts Smile binary of
//     exactly N bytes (another length is an *UnmarshalTypeError: a 16-byte
//     UUID does not silently fill a [15]byte) and arrays (extra elements
//     dropped, missing ones zeroed). A binary value in an interface
//     becomes []byte.
//   - big.Int and *big.Int accept Smile integers, BigIntegers, and
//     BigDecimals whose value is an integer, and strings (through
//     big.Int's UnmarshalText); Decimal accepts every Smile number exactly
//     (a float through its shortest decimal form) and decimal text; Number
//     and json.Number accept every Smile number, as text, and strings that
//     hold a valid number.
//   - time.Time accepts RFC 3339 text, an integer count since the Unix
//     epoch in the unit of DecOptions.IntegerTimes (IntegerTimesMillis,
//     the default, as jackson-databind writes java.util.Date;
//     IntegerTimesSeconds as jackson-datatype-jsr310 reads an Instant), and
//     a BigDecimal or float count of epoch seconds (jsr310's default form
//     of java.time.Instant, 1704164645.006000000), truncated toward zero to
//     whole nanoseconds; seconds beyond int64 are an *UnmarshalTypeError.
//     Numeric times are decoded in UTC.
//   - time.Duration is an int64 of nanoseconds, as in encoding/json. With
//     DecOptions.DecimalDurations it also accepts a BigDecimal or float
//     count of seconds, as jsr310 writes java.time.Duration (1.500000000);
//     integers stay nanoseconds, since Go and encoding/json write them so.
//   - Strings decoded from the same shared-value slot of the input share
//     one Go string, as do map keys from the same shared-name slot, so a
//     repeated string or key costs one allocation.
//
// Errors: malformed input is a *SyntaxError and a limit exceeded is a
// *LimitError, both with the byte offset; decoding stops at them. Where an
// option would accept the input, the text names it after the offset
// ("...at offset 0; set DecOptions.HeaderOptional to read headerless
// Smile", "raise DecOptions.MaxDepth only if the input is trusted"). A value
// that does not fit its Go type is an *UnmarshalTypeError naming the
// Smile kind (such as "string" or "integer 300"), the Go type, the path
// from the root (such as "items[3].name") and the byte offset. As in
// encoding/json, decoding continues past such an error, filling in what it
// can, and Unmarshal returns the first one. Unknown keys with
// DisallowUnknownFields are reported the same way, as an
// *UnmarshalTypeError wrapping ErrUnknownField, and a nil embedded
// pointer to an unexported struct type is reported (with the path) and
// skipped, as encoding/json does. An error returned by an UnmarshalSmile,
// UnmarshalJSON, UnmarshalText or UnmarshalBinary method, and a string
// that holds no number decoded into Number or json.Number, stop decoding,
// as in encoding/json (so a map does not receive the entry); the method's
// error comes back in an *UnmarshalTypeError with the path and offset
// (as encoding/json v2 wraps it), and errors.Is and errors.As reach it.
// A Decoder returns such an error again, as it does a *SyntaxError.
//
// Valid reads every token in full, so it accepts exactly the documents
// Unmarshal into an interface value accepts.
//
// Limits: depth, string, binary and big-number lengths are enforced while
// reading (see DecOptions); DecOptions.MaxContainerLen limits the
// elements of one array and the entries of one object. Nothing is
// allocated from a length read in the input before it is checked, and
// arrays grow as their elements arrive.
//
// # Streaming one large document
//
// A document whose root array holds millions of records (a query result,
// an export, a log) can be read and written one record at a time, with
// flat memory. Reading: a Decoder's Token enters the array, and More and
// Decode then go through its elements, as with encoding/json's Decoder
// (Skip passes over a value without decoding it); or, over a
// stream.Reader, UnmarshalDecode decodes the value at the Reader's
// position (DecMode.NewReader and NewReaderFrom make a Reader with the
// mode's rules and limits). Writing: MarshalEncode writes a
// value as the next element of an array open in a stream.Writer (made by
// EncMode.NewWriterTo, it has the mode's wire options and flushes by
// itself), giving the bytes Marshal gives for the whole slice.
// Back-references to shared names and strings work across the records in
// both directions. Types can take part with MarshalerTo and
// UnmarshalerFrom, whose methods write to and read from the stream
// directly.
//
// # Reading values without decoding them: Document
//
// Parse reads a document once into a Document, a flat index of its
// values (a tape of uint64 words, at most TapeWordsPerByte per byte of
// input), without building Go values; a Document parsed again with
// Document.Parse reuses its buffers and allocates nothing. Node values
// navigate it (Get, Index, At with a JSON Pointer, Path, and the
// iterators Members and Elements), read its scalars without copying what
// the input holds (String, Int64, Float64, Bytes and the others, each
// with a *KindError when the kind does not fit), and Interface gives what
// Unmarshal into an any gives. A missing key or index gives a Node that
// does not exist, never a panic. A Document keeps its input, which must
// not change while it is used; many goroutines may read one at once, and
// parsing it again invalidates its Nodes. Node.AppendJSON (and
// MarshalJSON) writes a Node's value as the JSON text compat.ToJSON
// writes for it.
//
// # Queries without a tree: Get, GetMany, Query, Scanner
//
// Get(data, pointer) and GetMany(data, pointers...) answer JSON Pointers
// in one pass over the tokens, without a Document of the whole input:
// they keep the shared-name and shared-value tables from the header on,
// skip every value that no path leads into (stream.Reader.SkipValue),
// build each value a path names into a small Document of its own (so
// the answer is an ordinary Node, a scalar or a whole subtree), and
// stop reading once every path is answered. What they did not read they
// did not check, as gjson does not; what they read gives Unmarshal's
// errors. A path that names nothing gives a Node that does not exist.
// With duplicate keys a query takes the first member, where Parse and
// Unmarshal keep the last. Compile (RFC 6901 pointers), CompilePattern
// (a token "*" is a wildcard) and CompilePaths (steps as Node.Path takes
// them, so that keys need no escaping) make a Query, which reuses its
// Document and allocates nothing in a loop; Query.Each visits every
// match of wildcards, and Query.Scan and ScanFrom return a Scanner that
// answers the paths in each element of a root array in turn, from bytes
// or an io.Reader, in memory that stays that of one element.
//
// # What the process keeps
//
// Besides what a call returns, the package keeps:
//
//   - Per Go type, the codecs built on its first use: encoders, decoders,
//     the decoders of root pointer types and the field lists of structs,
//     as encoding/json keeps its own. They are never dropped, so their
//     memory grows with the number of distinct types a program encodes
//     or decodes; only a program that makes types at run time
//     (reflect.StructOf and the like) grows it without bound. With the
//     encoder of a type given to Marshal goes the length of its last
//     document, by which a document of 512 KiB or more is written
//     straight into the slice Marshal returns.
//   - Pools (sync.Pool, which the garbage collector empties when they are
//     idle) of encoding and decoding states, each with the buffers it
//     reuses, kept only up to a size (an output buffer of 16 MiB, scratch
//     buffers of 64 KiB to 1 MiB), and the codec of the root type it
//     served last, so that goroutines decoding different types keep their
//     own; and, per slice type, scratch slices of up to 4096 elements.
//     An encoding state also keeps the key sets of the last maps with
//     string keys it wrote (up to 128 sets, 2048 keys), so that the next
//     document's maps of those keys are written without sorting them: it
//     keeps copies of the keys, at most 16 KiB of them, and none of the
//     caller's strings or values. A decoding state keeps the Go strings
//     of the last document's shared names (the first 256, each of at most
//     64 bytes), so that the next document's equal names reuse them: they
//     live in chunks of 512 bytes that hold only such keys, at most 256 of
//     them, and they are the same strings the last result's maps hold.
//     Those of up to 15 bytes that two documents in a row had in the same
//     slot are also prepared for reading (a stream.PreparedKey each, 96
//     bytes and its token), so that the next document's new
//     names are recognized by one comparison of the input.
//   - One id per struct type decoded (a counter of 64 bits), which a
//     struct's decoder records in the back-reference table of the Reader
//     (a key tag) so that a later reference to a name finds its field
//     without comparing it. Ids are not reused, so that a Reader kept
//     across UnmarshalDecode calls never takes one type's tag for
//     another's, and they cannot run out: there are 2^48 - 1 of them,
//     more than the decoders that fit in memory. The tags themselves live
//     in the Reader, not in the process: two per shared name (16 bytes;
//     a Reader holds at most 1024 names), dropped with the name when the
//     table is emptied.
//
// What a decoded value keeps: to allocate less, Unmarshal carves the
// small parts of a document's values from shared chunks: the bytes of
// strings and the arrays of short slices from chunks of up to 32 KiB
// (the size of the input, for a shorter one), small pointees and the
// numbers boxed in an any from chunks of at most 512 bytes. None of them
// refers to the input, but a part the caller keeps alive keeps its chunk
// alive with it: at most that many bytes of the neighbouring values of
// the same document. With Go 1.26 on amd64 and arm64, the maps of one
// document decoded into an any share one random hash seed, drawn for
// that document (the runtime draws one per map), so that each name is
// hashed once for all of them; a map behaves as any other, and the next
// document's maps get another seed.
//
// # The purego build tag
//
// Some fast paths of internal/rt mirror what Go does not promise: the
// layout of maps and of reflect.MapIter, and runtime.strhash, reached by
// //go:linkname. Each is claimed only for the Go releases and platforms
// whose layout was checked, and checked at start-up or by tests. Built
// with -tags purego, none of them is compiled: maps are made by make,
// filled by m[k] = v and read by range loops and reflect2's iterator.
// The output is the same; the tag costs 4-8% of the instructions per
// call (callgrind) on small and medium documents decoded into an any,
// 11-38% on twitter, citm_catalog and code decoded into an any, 2-50% on
// encoding such trees, and nothing measurable on typed structs and on
// canada (internal/rt's package doc has the figures); Marshal then also
// allocates for every map that is not a map[string]string or a
// map[string]any. (reflect2, which the codecs are built on, keeps its
// own linknames into runtime and reflect, which Go keeps for it.)
//
// # Security considerations
//
// Smile often arrives from the network, so decoding is built for hostile
// input: whatever the bytes, Unmarshal, Valid, a Decoder and the stream
// Reader return an error (a *SyntaxError or *LimitError with the byte
// offset, or an *UnmarshalTypeError) and never panic, hang, overflow the
// stack or allocate from a length before checking it against what the
// input can hold. The limits are DecOptions fields with safe defaults:
// MaxDepth (1000), MaxStringLen (64 MiB), MaxBinaryLen (256 MiB),
// MaxBigNumberLen (1000 bytes) and MaxContainerLen (16,777,216 elements).
// Decoding into Go values recurses once per level of nesting, so MaxDepth
// is at most MaxDepthLimit (10,000), at which no path uses more than
// 16 MiB of stack; the stream package, compat and the smile command do not
// recurse and read deeper documents.
// MaxExpansion (256) bounds the memory decoding allocates to
// max(128 KiB, 256 × the length of the input) (for a Decoder, of the
// document read so far): the decoder charges what it allocates and fails
// with a *LimitError past that, so that an input built to amplify
// (one-byte back-references to long strings, tiny objects that become Go
// maps) cannot cost more, while whatever Marshal writes fits. For untrusted input,
// also bound the input itself (http.MaxBytesReader) and lower the limits
// to what your documents need. Invalid UTF-8 is an error naming its
// offset unless DecOptions.AllowInvalidUTF8 is set, which replaces each
// bad byte with U+FFFD in decoded strings. SECURITY.md in the
// repository explains each limit, each error and how to choose limits.
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
//   - The JSON of MarshalJSON is typed as Jackson types JSON numbers: a
//     number with a fraction or an exponent is a float64, so digits past
//     float64's precision are lost; implement Marshaler to write a
//     BigDecimal. UnmarshalJSON receives numbers as Jackson writes them
//     (1.0 for a float, where encoding/json's input may have had 1), and
//     json.RawMessage receives compact text, not the input's bytes.
//   - A value held in an interface is written by its own type's methods,
//     in the order above, where encoding/json calls the method of the
//     interface type: a type with MarshalJSON and MarshalText held in an
//     encoding.TextMarshaler is written by MarshalJSON here.
//   - A nil pointer whose method has a value receiver, held in an
//     interface with that method, is null (encoding/json panics), and so
//     is a nil pointer to a type with a Smile form of its own, such as
//     *big.Int (encoding/json calls its MarshalText, which gives "<nil>").
//   - Integers in an interface value are int64 by default, not float64
//     (DecOptions.AnyNumbers = AnyNumbersFloat64 gives encoding/json's
//     float64).
//   - Errors of UnmarshalJSON, UnmarshalText and UnmarshalSmile methods
//     come back wrapped in an *UnmarshalTypeError with the path
//     (errors.Is reaches them), where encoding/json returns them bare;
//     Marshal errors name the path too.
//   - With ",string", every malformed string is an *UnmarshalTypeError
//     after which decoding goes on; encoding/json stops at some of them
//     (text that does not start like a number, for a number field).
//   - ",string" is ignored on a type with its own encoding (JSON, text or
//     Smile methods), on decode as on encode: a type Color with
//     MarshalJSON and UnmarshalJSON in a `json:"c,string"` field is read
//     from {"c":"red"}, what both packages write, where encoding/json
//     unquotes the string once more before its UnmarshalJSON and so
//     cannot read its own output.
//   - time.Time also accepts numbers (epoch milliseconds, or seconds; see
//     above), where encoding/json accepts only RFC 3339 text.
//   - There is no HTML escaping, indentation or compaction: Smile is
//     binary.
package smile
