// Package hint lets an error name the option that would change its
// outcome in the words of the API the caller used: stream's
// ReaderOptions.HeaderOptional, the smile package's
// DecOptions.HeaderOptional, compat's ToJSONOptions.Dec.HeaderOptional,
// the command's --require-header=false.
//
// An error records what to advise as a Hint (an Option and what kind of
// advice) and renders it with a Vocabulary. The package that makes the
// error gives it its own vocabulary; each API layer that returns an error
// made below it relabels the error with Relabel, so that the text names the
// layer's own options. The errors' types stay as they are, so errors.As
// works as before.
//
// It is internal because only go-smile's packages need it: the exported
// error types keep their fields, and the hint rides in unexported ones.
package hint

import (
	"errors"
	"strconv"
	"strings"
)

// Option is an option an error message can name, by its Go field name in
// stream.ReaderOptions, stream.WriterOptions, smile.DecOptions or
// smile.EncOptions (the same name in each), or in compat's options. The
// Limit field of a stream.LimitError holds one.
type Option string

// The options the library's errors name.
const (
	HeaderOptional         Option = "HeaderOptional"
	MaxDepth               Option = "MaxDepth"
	MaxStringLen           Option = "MaxStringLen"
	MaxBinaryLen           Option = "MaxBinaryLen"
	MaxBigNumberLen        Option = "MaxBigNumberLen"
	MaxNumberLen           Option = "MaxNumberLen" // compat's FromJSONOptions: one JSON number literal
	MaxContainerLen        Option = "MaxContainerLen"
	MaxExpansion           Option = "MaxExpansion"
	AllowInvalidUTF8       Option = "AllowInvalidUTF8"
	Lenient7Bit            Option = "Lenient7Bit"
	KeepNamesAcrossHeaders Option = "KeepNamesAcrossHeaders"
	NonFiniteAsStrings     Option = "NonFiniteAsStrings"
	OmitHeader             Option = "OmitHeader"
	SharedValues           Option = "SharedValues"
	RawBinary              Option = "RawBinary"
)

// The options of compat's FromJSONOptions that the errors of a JSON number
// name: the two ways to convert a literal beyond the float64 range.
const (
	DecimalsAsBigDecimal    Option = "DecimalsAsBigDecimal"
	AllowOverflowToInfinity Option = "AllowOverflowToInfinity"
)

// A Vocabulary is how one API names the options and the tools it offers.
type Vocabulary struct {
	// Names maps an option to the way the caller writes it: a Go
	// expression such as "DecOptions.MaxDepth", or a flag. For a boolean
	// option it is the setting that turns the option on, such as
	// "--require-header=false" for HeaderOptional. An option missing from
	// the map has no name in this API, and advice to set it is left out.
	Names map[Option]string

	// Set is the verb that turns a boolean option on: "set" for Go
	// fields, "use" for flags.
	Set string

	// FromJSON names the way to convert JSON text to Smile, such as
	// "compat.FromJSON" or "smile fromjson". It is empty in the
	// vocabulary of input the program made itself (the Smile a
	// MarshalSmile method returned), which the advice for input that is
	// not Smile (NotSmile) then does not ask where it came from.
	FromJSON string
}

// GoNames returns the Names of a Go API whose options are fields of the
// struct type prefix names (such as "DecOptions."), for opts.
func GoNames(prefix string, opts ...Option) map[Option]string {
	m := make(map[Option]string, len(opts))
	for _, o := range opts {
		m[o] = prefix + string(o)
	}
	return m
}

// Merge returns the union of the Names maps ms; a later map wins.
func Merge(ms ...map[Option]string) map[Option]string {
	out := map[Option]string{}
	for _, m := range ms {
		for o, n := range m {
			out[o] = n
		}
	}
	return out
}

// Name returns how v names o, or "" when it has no name for it.
func (v *Vocabulary) Name(o Option) string {
	if v == nil {
		return ""
	}
	return v.Names[o]
}

// Kind is the kind of advice a Hint gives.
type Kind uint8

const (
	// None gives no advice.
	None Kind = iota
	// Enable advises turning on a boolean option, for Purpose.
	Enable
	// Raise advises raising a limit if the input is trusted.
	Raise
	// NotSmile says that the input is text of another format (Text),
	// what it starts with, and how to get Smile instead: over HTTP, by
	// asking for it; from a JSON file, by converting it (FromJSON).
	NotSmile
)

// Text is a text format that input given as Smile can be in, for NotSmile.
type Text uint8

const (
	// JSON is JSON text: an object or an array.
	JSON Text = iota
	// HTML is HTML or XML, as in the error pages of HTTP servers: Smile
	// has no token 0x3C ('<').
	HTML
)

// A Hint is the advice at the end of an error message.
type Hint struct {
	Kind    Kind
	Option  Option // for Enable and Raise
	Purpose string // for Enable: what the option would do, such as "to read headerless Smile"
	Text    Text   // for NotSmile: the format of the input
	First   byte   // for NotSmile: the byte the text starts with, after any white space
	Space   bool   // for NotSmile: white space comes before First
}

// accept is the header with which an HTTP client asks for Smile: with
// Jackson's media type, or Elasticsearch's.
const accept = "Accept: application/x-jackson-smile (or application/smile)"

// Render returns h's advice in v's words, or "" when h gives none or v
// has no name for its option.
func (h Hint) Render(v *Vocabulary) string {
	switch h.Kind {
	case Enable:
		if n := v.Name(h.Option); n != "" {
			s := v.Set + " " + n
			if h.Purpose != "" {
				s += " " + h.Purpose
			}
			return s
		}
	case Raise:
		if n := v.Name(h.Option); n != "" {
			return "raise " + n + " only if the input is trusted"
		}
	case NotSmile:
		return h.notSmile(v)
	}
	return ""
}

// notSmile renders a NotSmile hint: what the input starts with and looks
// like, then, unless v is the vocabulary of input the program made, the
// remedies, the ones for HTTP first (a program given JSON or an error page
// where it expected Smile most often fetched it).
func (h Hint) notSmile(v *Vocabulary) string {
	s := "the input starts with "
	if h.Space {
		s += "white space and "
	}
	s += "'" + string(rune(h.First)) + "': "
	var remedy string
	switch h.Text {
	case HTML:
		s += "HTML or XML, such as an error page, not Smile"
		remedy = "over HTTP, check the response's status and Content-Type, and ask for Smile with " + accept
	default:
		s += "JSON text, not Smile"
		remedy = "over HTTP, ask for Smile with " + accept + " and check the response's Content-Type"
		if v != nil && v.FromJSON != "" {
			remedy += "; for a JSON file, convert it with " + v.FromJSON
		}
	}
	if v == nil || v.FromJSON == "" {
		return s
	}
	return s + "; " + remedy
}

// Append returns msg followed by h's advice in v's words, after "; ".
func (h Hint) Append(msg string, v *Vocabulary) string {
	if a := h.Render(v); a != "" {
		return msg + "; " + a
	}
	return msg
}

// An OptionError is an option set to a value it cannot take.
type OptionError struct {
	Prefix  string // the package's prefix, such as "smile: "
	Option  Option
	Value   int
	Default int
	Max     int    // the largest valid value, or 0 for none
	Note    string // more about the valid values, such as "math.MaxInt for no bound"; may be empty
	Vocab   *Vocabulary
}

func (e *OptionError) Error() string {
	var b strings.Builder
	b.WriteString(e.Prefix)
	b.WriteString(e.Vocab.nameOr(e.Option))
	b.WriteString(" is ")
	b.WriteString(strconv.Itoa(e.Value))
	b.WriteString("; it must be 0 (the default, ")
	b.WriteString(strconv.Itoa(e.Default))
	b.WriteString(") or positive")
	if e.Max > 0 {
		b.WriteString(", at most ")
		b.WriteString(strconv.Itoa(e.Max))
	}
	if e.Note != "" {
		b.WriteString(" (")
		b.WriteString(e.Note)
		b.WriteString(")")
	}
	return b.String()
}

// A ConflictError is two options that cannot be set together.
type ConflictError struct {
	Prefix string // the package's prefix, such as "smile: "
	A, B   Option
	Why    string // the reason, such as "a headerless reader assumes no shared values"
	Vocab  *Vocabulary
}

func (e *ConflictError) Error() string {
	return e.Prefix + "inconsistent options: " + e.Vocab.nameOr(e.A) + " with " + e.Vocab.nameOr(e.B) + " (" + e.Why + ")"
}

// nameOr returns how v names o, or o's Go name when v has none for it.
func (v *Vocabulary) nameOr(o Option) string {
	if n := v.Name(o); n != "" {
		return n
	}
	return string(o)
}

// An Error is a message followed by a hint, for errors that have no type
// of their own.
type Error struct {
	Msg   string // the whole message before the hint, with its prefix
	Hint  Hint
	Vocab *Vocabulary
	Err   error // an underlying cause; may be nil
}

func (e *Error) Error() string { return e.Hint.Append(e.Msg, e.Vocab) }

// Unwrap returns the underlying cause.
func (e *Error) Unwrap() error { return e.Err }

// labelers set the vocabulary of the error types of other packages: a
// labeler reports whether err is one of its types, after relabeling it.
var labelers []func(err error, v *Vocabulary) bool

// RegisterLabeler adds f to the functions Relabel applies. A package whose
// error types carry a vocabulary in an unexported field registers one, in
// an init function.
func RegisterLabeler(f func(err error, v *Vocabulary) bool) {
	labelers = append(labelers, f)
}

// Relabel sets the vocabulary of every error in err's chain that carries
// one, and returns err. A layer calls it on the errors it returns, which
// the caller then owns; it changes them in place (they are made for each
// failure and not shared).
func Relabel(err error, v *Vocabulary) error {
	relabel(err, v, 0)
	return err
}

func relabel(err error, v *Vocabulary, depth int) {
	for ; err != nil && depth < 100; depth++ {
		switch e := err.(type) {
		case *OptionError:
			e.Vocab = v
		case *ConflictError:
			e.Vocab = v
		case *Error:
			e.Vocab = v
		default:
			for _, f := range labelers {
				if f(err, v) {
					break
				}
			}
		}
		if j, ok := err.(interface{ Unwrap() []error }); ok {
			for _, e := range j.Unwrap() {
				relabel(e, v, depth+1)
			}
			return
		}
		err = errors.Unwrap(err)
	}
}
