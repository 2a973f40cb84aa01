package compat

import (
	"bytes"
	"io"

	"github.com/go-smile/smile"
	"github.com/go-smile/smile/internal/hint"
	"github.com/go-smile/smile/internal/transcode"
	"github.com/go-smile/smile/stream"
)

// FromJSONOptions configures JSON -> Smile conversion. The zero value gives
// Jackson's default Smile features and Jackson's number rules, but for a
// number beyond the float64 range, which it refuses as encoding/json does
// (AllowOverflowToInfinity writes it as Jackson does).
type FromJSONOptions struct {
	// Enc selects the Smile features (header, shared names and values,
	// end marker…). Only the stream-level options are used.
	Enc smile.EncOptions

	// DecimalsAsBigDecimal writes JSON numbers with a fraction or an
	// exponent as exact BigDecimal values (digits and scale as Java's
	// new BigDecimal(String)). By default they become float64, as
	// Jackson's JSON-to-Smile copy does.
	DecimalsAsBigDecimal bool

	// BigIntegerFrom19Digits writes every JSON integer literal of 19 digits
	// or more as a BigInteger, even one that fits in an int64, as Debian
	// 12's Jackson does (its jackson-core 2.14.1-2~deb12u1 carries 2.15's
	// number parsing without 2.15's case for 19-digit longs). By default an
	// integer literal becomes the smallest Smile integer that holds its
	// value, as every upstream Jackson release writes it (2.14.1 and
	// earlier, 2.15 to 2.19, 3.0): 9223372036854775807 is an int64,
	// 9223372036854775808 a BigInteger.
	BigIntegerFrom19Digits bool

	// MaxDepth limits the nesting of the JSON input; 0 means 1000, and a
	// negative value is invalid. Deeper input is a *smile.LimitError whose
	// Limit is "MaxDepth".
	MaxDepth int

	// MaxNumberLen limits the length of a number literal in the JSON
	// input, in bytes; 0 means DefaultMaxNumberLen. Converting a literal
	// of n digits to a BigInteger or BigDecimal takes time quadratic in n.
	MaxNumberLen int

	// AllowOverflowToInfinity writes a number beyond the float64 range
	// that would become a float64 (one with a fraction or an exponent,
	// such as 1e400 or -1e400, without DecimalsAsBigDecimal) as +Inf or
	// -Inf, as Jackson does: its JSON parser reads such a literal with
	// Double.parseDouble. By default it is an *OverflowError, as
	// encoding/json refuses it, since ToJSON cannot write ±Inf back as a
	// JSON number. With DecimalsAsBigDecimal such a literal is exact and
	// always accepted, as is an integer literal of any size (a
	// BigInteger); a literal too small for float64 (1e-400) becomes 0,
	// as in encoding/json and Jackson.
	AllowOverflowToInfinity bool
}

// DefaultMaxNumberLen (2500) is the default of FromJSONOptions.MaxNumberLen.
// It admits every number that ToJSON writes of Smile read with the
// default limits (smile.DefaultMaxBigNumberLen), so that such JSON always
// converts back.
const DefaultMaxNumberLen = transcode.DefaultMaxNumberLen

// ToJSONOptions configures Smile -> JSON conversion. The zero value reads
// Smile with Jackson's defaults (header required) and the default limits,
// and writes compact JSON.
type ToJSONOptions struct {
	// Dec selects how the Smile input is read: header, limits, UTF-8
	// strictness. Only the stream-level options are used. Dec.MaxDepth
	// may exceed smile.MaxDepthLimit (which bounds decoding into Go
	// values, a recursion): ToJSON does not recurse, and reads documents
	// of any depth in memory proportional to the input.
	Dec smile.DecOptions

	// Indent, when not empty, pretty-prints with this indentation per level.
	Indent string

	// NonFiniteAsStrings writes NaN and ±Inf as the strings "NaN",
	// "Infinity" and "-Infinity", as Jackson does with
	// QUOTE_NON_NUMERIC_NUMBERS. By default they are an error, since JSON
	// has no form for them.
	NonFiniteAsStrings bool
}

// InvalidUTF8Error reports JSON input that is not valid UTF-8 (RFC 8259
// requires it; encoding/json would silently replace the bytes with
// U+FFFD, Jackson's JSON parser refuses them). Offset is that of the
// first byte of the bad sequence.
type InvalidUTF8Error = transcode.InvalidUTF8Error

// OverflowError reports a JSON number literal beyond the float64 range,
// such as 1e400, which FromJSON refuses unless
// FromJSONOptions.AllowOverflowToInfinity: it would be written as a
// float64 ±Inf, which JSON has no number for. Offset is that of the
// literal's first byte, Literal its text. Its message names the options
// that accept the literal: DecimalsAsBigDecimal (exact) and
// AllowOverflowToInfinity (±Inf, as Jackson writes it).
type OverflowError = transcode.OverflowError

// FromJSON converts JSON text to Smile. Each JSON value in r (values may
// follow one another, separated by white space, as in JSON Lines) becomes
// one Smile document in w. Input beyond MaxDepth or MaxNumberLen is a
// *smile.LimitError; a number beyond the float64 range that would be
// written as a float64 is an *OverflowError, unless
// FromJSONOptions.AllowOverflowToInfinity.
//
// Input with no value (empty, or only white space) is an error, as for
// encoding/json's Unmarshal ("unexpected end of JSON input"): a
// *smile.SyntaxError at the offset where the input ends, wrapping
// io.ErrUnexpectedEOF. So FromJSON never succeeds without writing a
// Smile document (and ToJSON refuses Smile input with no value alike).
//
// The input must be valid UTF-8: other bytes are an *InvalidUTF8Error
// with their offset, as Jackson's JSON parser refuses them (encoding/json
// would replace them with U+FFFD). An escaped lone surrogate such as
// "\ud800" is valid JSON and becomes U+FFFD, as in encoding/json.
func FromJSON(w io.Writer, r io.Reader, opts FromJSONOptions) error {
	if err := fromJSON(w, r, opts); err != nil {
		return hint.Relabel(err, fromJSONVocab)
	}
	return nil
}

func fromJSON(w io.Writer, r io.Reader, opts FromJSONOptions) error {
	if opts.MaxDepth < 0 {
		return &hint.OptionError{Prefix: "smile: ", Option: hint.MaxDepth, Value: opts.MaxDepth, Default: smile.DefaultMaxDepth}
	}
	if opts.MaxNumberLen < 0 {
		return &hint.OptionError{Prefix: "smile: ", Option: hint.MaxNumberLen, Value: opts.MaxNumberLen, Default: DefaultMaxNumberLen}
	}
	mode, err := opts.Enc.EncMode()
	if err != nil {
		return err
	}
	sw, err := stream.NewWriterTo(w, mode.WriterOptions())
	if err != nil {
		return err
	}
	return transcode.CopyFromJSON(sw, r, transcode.FromJSON{
		DecimalsAsBigDecimal:   opts.DecimalsAsBigDecimal,
		BigIntegerFrom19Digits: opts.BigIntegerFrom19Digits,
		MaxDepth:               opts.MaxDepth,
		MaxNumberLen:           opts.MaxNumberLen,
		RefuseOverflow:         !opts.AllowOverflowToInfinity,
	})
}

// fromJSONVocab names the options of FromJSON in error messages.
var fromJSONVocab = &hint.Vocabulary{
	Names: hint.Merge(
		hint.GoNames("FromJSONOptions.Enc.", hint.OmitHeader, hint.SharedValues, hint.RawBinary),
		hint.GoNames("FromJSONOptions.", hint.MaxDepth, hint.MaxNumberLen, hint.DecimalsAsBigDecimal, hint.AllowOverflowToInfinity)),
	Set: "set",
}

// FromJSONBytes is FromJSON on a byte slice.
func FromJSONBytes(data []byte, opts FromJSONOptions) ([]byte, error) {
	var out bytes.Buffer
	if err := FromJSON(&out, bytes.NewReader(data), opts); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// ToJSON converts Smile to JSON text. Each Smile document (each root
// value) in r becomes one JSON value on its own line in w. Input with no
// value (empty, or only headers and end markers) is an error, as for
// FromJSON: a *smile.SyntaxError at the offset where the input ends,
// wrapping io.ErrUnexpectedEOF.
//
// Numbers are written as Jackson writes them, so that FromJSON reads each
// back to the same type: integers as digits, BigInteger and BigDecimal
// with every digit, and floats with the shortest digits that read back to
// the same value, always with a '.' ("1.0", "-0.0", "1.0E21"). What JSON
// cannot type is lost on the way back: a float32 becomes the float64
// nearest its shortest text (0.1f is written "0.1"), binary becomes its
// base64 string, a BigDecimal a float64 unless
// FromJSONOptions.DecimalsAsBigDecimal is set (and one beyond the float64
// range an *OverflowError, unless FromJSONOptions.AllowOverflowToInfinity),
// and an integer's Smile form follows its digit count (FromJSON's rule),
// not the original token.
func ToJSON(w io.Writer, r io.Reader, opts ToJSONOptions) error {
	mode, ro, err := opts.readerOptions()
	if err != nil {
		return hint.Relabel(err, toJSONVocab)
	}
	sr, err := stream.NewReaderFrom(r, ro)
	if err != nil {
		return hint.Relabel(err, toJSONVocab)
	}
	if err := transcode.CopyToJSON(w, sr, opts.transcode(mode)); err != nil {
		return hint.Relabel(err, toJSONVocab)
	}
	return nil
}

// ToJSONBytes is ToJSON on a byte slice.
func ToJSONBytes(data []byte, opts ToJSONOptions) ([]byte, error) {
	mode, ro, err := opts.readerOptions()
	if err != nil {
		return nil, hint.Relabel(err, toJSONVocab)
	}
	sr, err := stream.NewReader(data, ro)
	if err != nil {
		return nil, hint.Relabel(err, toJSONVocab)
	}
	var out bytes.Buffer
	if err := transcode.CopyToJSON(&out, sr, opts.transcode(mode)); err != nil {
		return nil, hint.Relabel(err, toJSONVocab)
	}
	return out.Bytes(), nil
}

// readerOptions validates o.Dec and returns its mode and the options of
// the Reader ToJSON reads with. Dec.MaxDepth may exceed
// smile.MaxDepthLimit, which bounds the recursion of decoding into Go
// values: ToJSON copies tokens in a loop, and keeps only a bit a level.
func (o ToJSONOptions) readerOptions() (smile.DecMode, stream.ReaderOptions, error) {
	dec, depth := o.Dec, o.Dec.MaxDepth
	if depth > smile.MaxDepthLimit {
		dec.MaxDepth = 0 // the Reader's own rules accept any positive depth
	}
	mode, err := dec.DecMode()
	if err != nil {
		return mode, stream.ReaderOptions{}, err
	}
	ro := mode.ReaderOptions()
	if depth > smile.MaxDepthLimit {
		ro.MaxDepth = depth
	}
	return mode, ro, nil
}

// toJSONVocab names the options of ToJSON in error messages.
var toJSONVocab = &hint.Vocabulary{
	Names: hint.Merge(
		hint.GoNames("ToJSONOptions.Dec.",
			hint.HeaderOptional, hint.MaxDepth, hint.MaxStringLen, hint.MaxBinaryLen, hint.MaxBigNumberLen,
			hint.MaxContainerLen, hint.MaxExpansion, hint.AllowInvalidUTF8, hint.Lenient7Bit, hint.KeepNamesAcrossHeaders),
		hint.GoNames("ToJSONOptions.", hint.NonFiniteAsStrings)),
	Set:      "set",
	FromJSON: "compat.FromJSON",
}

// transcode returns the options of the transcoder for a Reader in mode.
func (o ToJSONOptions) transcode(mode smile.DecMode) transcode.ToJSON {
	return transcode.ToJSON{Indent: o.Indent, NonFiniteAsStrings: o.NonFiniteAsStrings,
		ValidUTF8: !mode.ReaderOptions().AllowInvalidUTF8}
}

// ParseDecimal parses a JSON number literal into an exact decimal with the
// digits and scale Java's new BigDecimal(String) gives it: "1.50" is
// (150, 2), "1e3" is (1, -3), "-0.001" is (-1, 3).
func ParseDecimal(lit string) (smile.Decimal, error) {
	u, scale, err := transcode.ParseDecimal(lit)
	if err != nil {
		return smile.Decimal{}, err
	}
	return smile.Decimal{Unscaled: u, Scale: scale}, nil
}
