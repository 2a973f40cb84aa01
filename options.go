package smile

import (
	"fmt"

	"github.com/go-smile/smile/internal/hint"
	"github.com/go-smile/smile/stream"
)

// Media types of Smile documents, for Content-Type and Accept headers.
// Smile has no registered media type, and two names are in use for the
// same bytes: a server that reads Smile should accept both, and a client
// should send the one its server knows.
const (
	// MediaTypeJackson is Jackson's name for Smile: the JAX-RS and
	// Jakarta-RS providers' SmileMediaTypes.APPLICATION_JACKSON_SMILE,
	// used by Apache Druid's HTTP APIs and by Spring's Smile codecs.
	MediaTypeJackson = "application/x-jackson-smile"

	// MediaTypeElasticsearch is Elasticsearch's name for Smile (its
	// XContentType.SMILE), for requests to and answers from Elasticsearch.
	MediaTypeElasticsearch = "application/smile"

	// MediaType is MediaTypeJackson, under the name of earlier versions.
	MediaType = MediaTypeJackson
)

// MapKeyOrder says in which order Marshal writes the entries of a Go map.
type MapKeyOrder int

const (
	// MapKeysSorted writes map entries sorted by key, as encoding/json
	// does, so that equal maps give equal bytes. The default.
	MapKeysSorted MapKeyOrder = iota
	// MapKeysUnsorted writes map entries in no promised order: a map of
	// string keys and up to 8 entries sorted (as cheap as any order), a
	// larger one with the keys of one written before in that map's
	// order, another in Go's iteration order. The bytes are not
	// deterministic; what it spares is sorting the keys of large maps
	// whose keys are new, so that it is faster than MapKeysSorted for
	// such maps and about as fast for records that repeat their keys.
	MapKeysUnsorted
)

// TimeFormat says how Marshal writes a time.Time.
type TimeFormat int

const (
	// TimeRFC3339Nano writes a time.Time as its RFC 3339 text with
	// nanoseconds (time.Time.MarshalText), as encoding/json does. The default.
	TimeRFC3339Nano TimeFormat = iota
	// TimeEpochMillis writes a time.Time as an integer count of
	// milliseconds since the Unix epoch, as Jackson's default
	// (WRITE_DATES_AS_TIMESTAMPS) does for java.util.Date. Unmarshal accepts
	// both forms.
	TimeEpochMillis
	// TimeEpochSecondsDecimal writes a time.Time as a BigDecimal count of
	// seconds since the Unix epoch with nine fraction digits
	// (1704164645.006000000), as jackson-datatype-jsr310 writes
	// java.time.Instant by default; the epoch itself is 0.0, as there.
	// Unmarshal accepts it whatever DecOptions.IntegerTimes says.
	TimeEpochSecondsDecimal
)

// EncOptions configures encoding. The zero value gives Jackson's defaults:
// a header, shared property names, no shared string values, 7-bit binary,
// no end marker; map keys sorted; time.Time as RFC 3339 text.
type EncOptions struct {
	// OmitHeader leaves out the 4-byte Smile header. It cannot be combined
	// with SharedValues or RawBinary (Jackson refuses the same).
	OmitHeader bool
	// DisableSharedNames writes every property name in full instead of
	// back-referencing repeated names.
	DisableSharedNames bool
	// SharedValues back-references repeated string values of 1 to 64 bytes.
	SharedValues bool
	// RawBinary writes []byte values raw (0xFD) instead of 7-bit encoded.
	RawBinary bool
	// EndMarker ends every document with the 0xFF end marker.
	EndMarker bool
	// LegacyFloat32SignBits writes negative float32 values as Jackson 2.18
	// and earlier do (unused high bits set). Readers ignore those bits.
	LegacyFloat32SignBits bool

	// MaxDepth limits the nesting of arrays and objects that Marshal
	// writes, as Jackson's StreamWriteConstraints does: a value nested
	// deeper is an *UnsupportedValueError. 0 means 1000 (DefaultMaxDepth),
	// the depth DecOptions accepts by default, so that what Marshal writes
	// decodes with the default options; at most MaxDepthLimit (10,000) is
	// accepted. The depth counts from the root of the document, also when
	// MarshalEncode writes into a Writer that stands inside containers.
	MaxDepth int

	// MapKeyOrder is the order of map entries; default MapKeysSorted.
	MapKeyOrder MapKeyOrder
	// Time is the form of time.Time values; default TimeRFC3339Nano.
	Time TimeFormat
	// ReplaceInvalidUTF8 writes invalid UTF-8 in Go strings with each bad
	// byte replaced by U+FFFD, as encoding/json does. By default invalid
	// UTF-8 is an *UnsupportedValueError, since Smile requires UTF-8.
	ReplaceInvalidUTF8 bool
	// BinaryMarshalers writes a value whose type implements
	// encoding.BinaryMarshaler (and not Marshaler) as the Smile binary
	// value MarshalBinary returns, before its MarshalText: a UUID type
	// such as github.com/google/uuid's is then 16 bytes, as Jackson
	// writes java.util.UUID, instead of its 36-byte text. time.Time keeps
	// its own form (EncOptions.Time). By default MarshalBinary is not
	// used, as in encoding/json.
	BinaryMarshalers bool
	// IgnoreJSONMethods writes types with a MarshalJSON method (and not
	// MarshalSmile), json.RawMessage among them, as if they had none: by
	// their MarshalText method or their kind (but a slice or array of a
	// byte type with the method stays an array of its elements). By
	// default the JSON that MarshalJSON returns is written as Smile, so
	// that a type keeps the form it has with encoding/json.
	IgnoreJSONMethods bool
}

// AnyNumbers says what Smile numbers become when decoded into an interface
// value (any).
type AnyNumbers int

const (
	// AnyNumbersNative decodes Smile integers as int64, BigInteger as
	// *big.Int, float32 and float64 as float64, and BigDecimal as Decimal.
	// The default.
	AnyNumbersNative AnyNumbers = iota
	// AnyNumbersAsNumber decodes every Smile number as a Number, holding
	// its exact decimal text, like encoding/json's UseNumber.
	AnyNumbersAsNumber
	// AnyNumbersFloat64 decodes every Smile number as a float64, as
	// encoding/json does by default: integers, BigIntegers and
	// BigDecimals are rounded to the nearest float64 (so integers above
	// 2^53 may lose digits), and a BigInteger or BigDecimal beyond
	// float64's range is an *UnmarshalTypeError that leaves the value nil.
	AnyNumbersFloat64
)

// IntegerTimes says what an integer decoded into a time.Time counts since
// the Unix epoch.
type IntegerTimes int

const (
	// IntegerTimesMillis reads an integer as milliseconds, as
	// jackson-databind writes java.util.Date and as EncOptions.Time =
	// TimeEpochMillis writes. The default.
	IntegerTimesMillis IntegerTimes = iota
	// IntegerTimesSeconds reads an integer as seconds, as
	// jackson-datatype-jsr310 reads an integer into java.time.Instant by
	// default (READ_DATE_TIMESTAMPS_AS_NANOSECONDS).
	IntegerTimesSeconds
)

// Default decoding limits; see DecOptions.
const (
	DefaultMaxDepth        = stream.DefaultMaxDepth
	DefaultMaxStringLen    = stream.DefaultMaxStringLen
	DefaultMaxBinaryLen    = stream.DefaultMaxBinaryLen
	DefaultMaxBigNumberLen = stream.DefaultMaxBigNumberLen
	DefaultMaxContainerLen = 1 << 24 // elements of one array or entries of one object
	DefaultMaxExpansion    = 256     // bytes allocated per byte of input; see DecOptions.MaxExpansion
)

// MaxDepthLimit is the largest MaxDepth that DecOptions and EncOptions
// accept: the nesting that decoding into Go values and encoding them
// recurse through, once per level, with the goroutine's stack far from
// Go's limit (1 GB on 64-bit platforms, 250 MB on 32-bit ones), whatever
// the input and the Go value. It is encoding/json's own bound on nesting.
// At this depth no path needs more than 16 MiB of stack on amd64
// (TestDepthAtLimit and TestMarshalDepthAtLimit measure each, and
// SECURITY.md gives the figures), a sixtieth of the 64-bit limit and
// well within the 32-bit one. A fatal stack overflow cannot be recovered, so the bound
// is a hard one: the stream package's Reader and Writer, compat's
// transcoders and the smile command do not recurse, and read deeper
// documents (stream.ReaderOptions.MaxDepth has no such bound).
const MaxDepthLimit = 10000

// DecOptions configures decoding. The zero value gives Jackson's defaults
// (header required) with safe limits for untrusted input.
type DecOptions struct {
	// HeaderOptional accepts input without the Smile header, read with
	// Jackson's headerless defaults. By default the header is required.
	HeaderOptional bool
	// MaxDepth limits the nesting of arrays and objects; 0 means 1000,
	// and at most MaxDepthLimit (10,000) is accepted.
	MaxDepth int
	// MaxStringLen limits one string or key, in bytes; 0 means 64 MiB.
	MaxStringLen int
	// MaxBinaryLen limits one binary value, in bytes; 0 means 256 MiB.
	MaxBinaryLen int
	// MaxBigNumberLen limits the bytes of a BigInteger or BigDecimal; 0
	// means 1000.
	MaxBigNumberLen int
	// MaxContainerLen limits the elements of one array or the entries of
	// one object; 0 means 16,777,216.
	MaxContainerLen int
	// MaxExpansion limits the memory decoding a document may allocate to
	// max(128 KiB, MaxExpansion × L) bytes; 0 means 256. For Unmarshal
	// and Valid, L is len(data), so whether a document fits depends on it
	// as a whole and a longer document of the same shape never fails where
	// a shorter one passes; for a Decoder, L is the bytes of the value one
	// Decode call reads, counted as they are consumed. Decoding charges
	// what it allocates (strings, interface values, slices, maps,
	// pointers, byte slices, big numbers, captured RawMessage values) as
	// it goes, an element of a typed slice, a typed map value or a new
	// pointee at most 24 bytes, and fails with a *LimitError whose Limit
	// is "MaxExpansion" and whose Max and Got are bytes when the charge
	// exceeds the allowance. The default lets through everything Marshal
	// writes: its densest output, one-entry objects nested in one another
	// (3 bytes for a 320-byte Go map), needs about 117. (The JSON text
	// given to an UnmarshalJSON method, json.RawMessage's among them,
	// spells out each back-reference, and long repeated names can exceed
	// any ratio: see SECURITY.md.) Set it to
	// math.MaxInt to lift the bound for trusted input, or lower it to
	// bound memory more tightly when your documents are not that dense.
	MaxExpansion int
	// DisallowUnknownFields makes an object key that matches no field of
	// the destination struct an error, as encoding/json's Decoder option.
	DisallowUnknownFields bool
	// CaseSensitiveFields matches object keys to struct fields exactly.
	// By default a key that matches no field exactly matches a field whose
	// name equals it under Unicode case folding, as in encoding/json.
	CaseSensitiveFields bool
	// AnyNumbers is what numbers become inside an interface value.
	AnyNumbers AnyNumbers
	// IntegerTimes is the unit of an integer decoded into a time.Time;
	// default IntegerTimesMillis. (A BigDecimal or float is always
	// seconds, as jackson-datatype-jsr310 writes java.time.Instant.)
	IntegerTimes IntegerTimes
	// DecimalDurations makes time.Duration accept a BigDecimal or float
	// as a count of seconds, truncated to whole nanoseconds, as
	// jackson-datatype-jsr310 writes java.time.Duration (1.500000000 for
	// 1.5 s). Integers stay nanoseconds, as in encoding/json. By default
	// a BigDecimal or float into a time.Duration is an
	// *UnmarshalTypeError, as into any integer type.
	DecimalDurations bool
	// AllowInvalidUTF8 accepts strings and keys that are not valid UTF-8:
	// decoded into Go strings (and map keys, and strings in interface
	// values), each byte that is not part of valid UTF-8 becomes U+FFFD,
	// as with encoding/json. A RawMessage or an Unmarshaler receives the
	// bytes as they are, a json.Unmarshaler JSON text with U+FFFD in
	// their place. By default such strings are a *SyntaxError.
	AllowInvalidUTF8 bool
	// Lenient7Bit accepts 7-bit binary bytes with the high bit set, as
	// Jackson does. By default they are a *SyntaxError.
	Lenient7Bit bool
	// KeepNamesAcrossHeaders keeps the shared-name table at a header in the
	// middle of a stream, as Jackson does; by default both tables restart.
	KeepNamesAcrossHeaders bool
	// IgnoreJSONMethods decodes into types with an UnmarshalJSON method
	// (and not UnmarshalSmile), json.RawMessage among them, as if they had
	// none: by their UnmarshalText method or their kind (but a Go array of
	// a byte type with the method is decoded element by element, not from
	// Smile binary). By default UnmarshalJSON receives the value as JSON
	// text.
	IgnoreJSONMethods bool
}

// encConfig is a validated EncOptions.
type encConfig struct {
	opts   EncOptions
	stream stream.WriterOptions
}

// decConfig is a validated DecOptions.
type decConfig struct {
	opts   DecOptions
	stream stream.ReaderOptions
}

// EncMode is an immutable, validated set of EncOptions. Its methods are
// safe for concurrent use. The zero EncMode uses the default options.
type EncMode struct{ c *encConfig }

// DecMode is an immutable, validated set of DecOptions. Its methods are
// safe for concurrent use. The zero DecMode uses the default options.
type DecMode struct{ c *decConfig }

var (
	defaultEncConfig = mustEncConfig(EncOptions{})
	defaultDecConfig = mustDecConfig(DecOptions{})
)

// EncMode validates o and returns the mode that encodes with it.
func (o EncOptions) EncMode() (EncMode, error) {
	c, err := newEncConfig(o)
	if err != nil {
		return EncMode{}, err
	}
	return EncMode{c}, nil
}

// DecMode validates o and returns the mode that decodes with it.
func (o DecOptions) DecMode() (DecMode, error) {
	c, err := newDecConfig(o)
	if err != nil {
		return DecMode{}, err
	}
	return DecMode{c}, nil
}

// EncOptions returns the options m was made from.
func (m EncMode) EncOptions() EncOptions { return m.config().opts }

// DecOptions returns the options m was made from, with the defaults of the
// limits filled in.
func (m DecMode) DecOptions() DecOptions { return m.config().opts }

func (m EncMode) config() *encConfig {
	if m.c == nil {
		return defaultEncConfig
	}
	return m.c
}

func (m DecMode) config() *decConfig {
	if m.c == nil {
		return defaultDecConfig
	}
	return m.c
}

func newEncConfig(o EncOptions) (*encConfig, error) {
	if o.MapKeyOrder != MapKeysSorted && o.MapKeyOrder != MapKeysUnsorted {
		return nil, fmt.Errorf("smile: invalid EncOptions.MapKeyOrder %d", o.MapKeyOrder)
	}
	if o.Time < TimeRFC3339Nano || o.Time > TimeEpochSecondsDecimal {
		return nil, fmt.Errorf("smile: invalid EncOptions.Time %d; use TimeRFC3339Nano, TimeEpochMillis or TimeEpochSecondsDecimal", o.Time)
	}
	if err := checkMaxDepth(o.MaxDepth, encVocab); err != nil {
		return nil, err
	}
	o.MaxDepth = orDefault(o.MaxDepth, DefaultMaxDepth)
	so := stream.WriterOptions{
		OmitHeader:            o.OmitHeader,
		DisableSharedNames:    o.DisableSharedNames,
		SharedValues:          o.SharedValues,
		RawBinary:             o.RawBinary,
		EndMarker:             o.EndMarker,
		LegacyFloat32SignBits: o.LegacyFloat32SignBits,
	}
	// Let the stream package refuse the combinations Jackson refuses.
	if _, err := stream.NewWriter(so); err != nil {
		return nil, hint.Relabel(err, vocab)
	}
	return &encConfig{opts: o, stream: so}, nil
}

func newDecConfig(o DecOptions) (*decConfig, error) {
	if o.AnyNumbers < AnyNumbersNative || o.AnyNumbers > AnyNumbersFloat64 {
		return nil, fmt.Errorf("smile: invalid DecOptions.AnyNumbers %d; use AnyNumbersNative, AnyNumbersAsNumber or AnyNumbersFloat64", o.AnyNumbers)
	}
	if o.IntegerTimes != IntegerTimesMillis && o.IntegerTimes != IntegerTimesSeconds {
		return nil, fmt.Errorf("smile: invalid DecOptions.IntegerTimes %d; use IntegerTimesMillis or IntegerTimesSeconds", o.IntegerTimes)
	}
	if err := checkMaxDepth(o.MaxDepth, vocab); err != nil {
		return nil, err
	}
	switch {
	case o.MaxContainerLen < 0:
		return nil, &hint.OptionError{Prefix: "smile: ", Option: hint.MaxContainerLen, Value: o.MaxContainerLen, Default: DefaultMaxContainerLen, Vocab: vocab}
	case o.MaxContainerLen == 0:
		o.MaxContainerLen = DefaultMaxContainerLen
	}
	switch {
	case o.MaxExpansion < 0:
		return nil, &hint.OptionError{Prefix: "smile: ", Option: hint.MaxExpansion, Value: o.MaxExpansion, Default: DefaultMaxExpansion, Note: "math.MaxInt for no bound", Vocab: vocab}
	case o.MaxExpansion == 0:
		o.MaxExpansion = DefaultMaxExpansion
	}
	so := stream.ReaderOptions{
		HeaderOptional:         o.HeaderOptional,
		MaxDepth:               o.MaxDepth,
		MaxStringLen:           o.MaxStringLen,
		MaxBinaryLen:           o.MaxBinaryLen,
		MaxBigNumberLen:        o.MaxBigNumberLen,
		AllowInvalidUTF8:       o.AllowInvalidUTF8,
		Lenient7Bit:            o.Lenient7Bit,
		KeepNamesAcrossHeaders: o.KeepNamesAcrossHeaders,
	}
	// Validate the limits once, through the stream package's rules.
	if _, err := stream.NewReader(nil, so); err != nil {
		return nil, hint.Relabel(err, vocab)
	}
	o.MaxDepth, o.MaxStringLen, o.MaxBinaryLen, o.MaxBigNumberLen =
		orDefault(o.MaxDepth, DefaultMaxDepth), orDefault(o.MaxStringLen, DefaultMaxStringLen),
		orDefault(o.MaxBinaryLen, DefaultMaxBinaryLen), orDefault(o.MaxBigNumberLen, DefaultMaxBigNumberLen)
	return &decConfig{opts: o, stream: so}, nil
}

// encVocab names EncOptions' own limit, MaxDepth, which DecOptions has
// too (vocab names the DecOptions one).
var encVocab = &hint.Vocabulary{Names: hint.GoNames("EncOptions.", hint.MaxDepth)}

// checkMaxDepth refuses a MaxDepth that is negative or above
// MaxDepthLimit, naming the option in v's words.
func checkMaxDepth(depth int, v *hint.Vocabulary) error {
	if depth < 0 {
		return &hint.OptionError{Prefix: "smile: ", Option: hint.MaxDepth, Value: depth, Default: DefaultMaxDepth, Vocab: v}
	}
	if depth > MaxDepthLimit {
		return &hint.OptionError{Prefix: "smile: ", Option: hint.MaxDepth, Value: depth, Default: DefaultMaxDepth, Max: MaxDepthLimit,
			Note: "smile.MaxDepthLimit, which keeps decoding and encoding Go values, a recursion, within the stack", Vocab: v}
	}
	return nil
}

func orDefault(v, def int) int {
	if v == 0 {
		return def
	}
	return v
}

func mustEncConfig(o EncOptions) *encConfig {
	c, err := newEncConfig(o)
	if err != nil {
		panic(err)
	}
	return c
}

func mustDecConfig(o DecOptions) *decConfig {
	c, err := newDecConfig(o)
	if err != nil {
		panic(err)
	}
	return c
}

// WriterOptions returns the stream-level options of m, for code that writes
// Smile tokens with a stream.Writer under the same features.
func (m EncMode) WriterOptions() stream.WriterOptions { return m.config().stream }

// ReaderOptions returns the stream-level options of m, for code that reads
// Smile tokens with a stream.Reader under the same rules and limits.
func (m DecMode) ReaderOptions() stream.ReaderOptions { return m.config().stream }
