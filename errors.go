package smile

import (
	"errors"
	"reflect"
	"strconv"
	"strings"

	"github.com/go-smile/smile/internal/hint"
	"github.com/go-smile/smile/stream"
)

// SyntaxError is malformed Smile input. Offset is the byte offset of the
// fault in the input. It is the same type as the stream package's, so
// errors.As works with either name.
type SyntaxError = stream.SyntaxError

// LimitError is input that exceeds a decoding limit (depth, string, binary,
// big-number or container length). It is the stream package's type.
type LimitError = stream.LimitError

// vocab names the options of this package in error messages: the stream
// package's errors, which name ReaderOptions and WriterOptions, name
// DecOptions and EncOptions once this package returns them (see
// decodeErr).
var vocab = &hint.Vocabulary{
	Names: hint.Merge(
		hint.GoNames("DecOptions.",
			hint.HeaderOptional, hint.MaxDepth, hint.MaxStringLen, hint.MaxBinaryLen, hint.MaxBigNumberLen,
			hint.MaxContainerLen, hint.MaxExpansion, hint.AllowInvalidUTF8, hint.Lenient7Bit, hint.KeepNamesAcrossHeaders),
		hint.GoNames("EncOptions.", hint.OmitHeader, hint.SharedValues, hint.RawBinary)),
	Set:      "set",
	FromJSON: "compat.FromJSON",
}

// decodeErr returns err, an error of decoding that is not nil, with the
// options its text names in this package's words.
func decodeErr(err error) error { return hint.Relabel(err, vocab) }

// replayVocab names no option: the Smile a MarshalSmile method returns is
// read back with fixed options that the caller of Marshal cannot change,
// so its errors give no advice.
var replayVocab = &hint.Vocabulary{}

// An UnmarshalTypeError describes a Smile value that cannot be stored in
// the Go value it was decoded into, or, under
// DecOptions.DisallowUnknownFields, an object key that matches no field of
// the struct it was decoded into: then errors.Is(err, ErrUnknownField)
// holds, Value is the key (as `key "name"`) and Field the path to it.
type UnmarshalTypeError struct {
	Value  string       // the Smile kind, such as "string", "integer 300" or "array"
	Type   reflect.Type // the Go type it could not be assigned to
	Offset int64        // byte offset of the value in the input
	Field  string       // the path from the root, such as "items[3].name"; empty at the root
	Err    error        // an underlying cause, such as a strconv range error; may be nil
}

func (e *UnmarshalTypeError) Error() string {
	var b strings.Builder
	if u, ok := e.Err.(*unknownFieldError); ok {
		// Nothing was to be stored: say which key matched nothing, in
		// which struct, at which path ("in field query.filter of Go type
		// main.Filter"); Field ends with the key.
		b.WriteString("smile: unknown field ")
		b.WriteString(strconv.Quote(u.key))
		b.WriteString(" in ")
		if in := strings.TrimSuffix(strings.TrimSuffix(e.Field, u.key), "."); in != "" {
			b.WriteString("field ")
			b.WriteString(in)
			b.WriteString(" of ")
		}
		b.WriteString("Go type ")
		b.WriteString(e.Type.String())
		b.WriteString(" at offset ")
		b.WriteString(strconv.FormatInt(e.Offset, 10))
		if len(u.clash) > 0 {
			b.WriteString(": ")
			b.WriteString(u.clashText())
		}
		return b.String()
	}
	b.WriteString("smile: cannot unmarshal ")
	b.WriteString(e.Value)
	b.WriteString(" into ")
	if e.Field != "" {
		b.WriteString("field ")
		b.WriteString(e.Field)
		b.WriteString(" of ")
	}
	b.WriteString("Go type ")
	b.WriteString(e.Type.String())
	b.WriteString(" at offset ")
	b.WriteString(strconv.FormatInt(e.Offset, 10))
	if e.Err != nil {
		b.WriteString(": ")
		b.WriteString(e.Err.Error())
	}
	return b.String()
}

// Unwrap returns the underlying cause.
func (e *UnmarshalTypeError) Unwrap() error { return e.Err }

// An InvalidUnmarshalError describes an invalid argument passed to
// Unmarshal or Decoder.Decode: it must be a non-nil pointer.
type InvalidUnmarshalError struct {
	Type reflect.Type
}

func (e *InvalidUnmarshalError) Error() string {
	if e.Type == nil {
		return "smile: Unmarshal(nil)"
	}
	if e.Type.Kind() != reflect.Pointer {
		return "smile: Unmarshal(non-pointer " + e.Type.String() + "); pass a pointer to the value to fill"
	}
	return "smile: Unmarshal(nil " + e.Type.String() + ")"
}

// An UnsupportedTypeError is returned by Marshal for a type that has no
// Smile form: channels, functions, complex numbers, unsafe pointers, and
// maps whose keys are not strings, integers or encoding.TextMarshalers.
type UnsupportedTypeError struct {
	Type  reflect.Type
	Field string // the path from the root to the value, such as "items[3].name"; empty at the root
}

func (e *UnsupportedTypeError) Error() string {
	return "smile: unsupported type: " + e.Type.String() + atField(e.Field)
}

// An UnsupportedValueError is returned by Marshal for a value it cannot
// encode, such as a cyclic data structure or invalid UTF-8 in a string.
type UnsupportedValueError struct {
	Value reflect.Value
	Str   string // what is wrong with the value
	Field string // the path from the root to the value, such as "items[3].name"; empty at the root
}

func (e *UnsupportedValueError) Error() string {
	return "smile: unsupported value" + atField(e.Field) + ": " + e.Str
}

// A MarshalerError wraps an error returned by a MarshalSmileTo,
// MarshalSmile, MarshalJSON, MarshalText or MarshalBinary method, or the error in the
// invalid Smile or JSON one returned.
type MarshalerError struct {
	Type       reflect.Type
	Err        error
	Field      string // the path from the root to the value, such as "items[3].name"; empty at the root
	sourceFunc string // "MarshalSmileTo", "MarshalSmile", "MarshalJSON", "MarshalText" or "MarshalBinary"
}

func (e *MarshalerError) Error() string {
	src := e.sourceFunc
	if src == "" {
		src = "MarshalSmile"
	}
	return "smile: error calling " + src + " for type " + e.Type.String() + atField(e.Field) + ": " + e.Err.Error()
}

// atField returns " at field " and the path, or "" for the root.
func atField(path string) string {
	if path == "" {
		return ""
	}
	return " at field " + path
}

// withName returns err with the struct field or map key name put in
// front of the path of a Marshal error that has one (Marshal builds the
// path only on an error's way out, so the success path pays nothing).
func withName(err error, name string) error {
	if p := errorPath(err); p != nil {
		prependPath(p, name)
	}
	return err
}

// withIndex is withName for the array element i.
func withIndex(err error, i int) error {
	if p := errorPath(err); p != nil {
		prependPath(p, "["+strconv.Itoa(i)+"]")
	}
	return err
}

// maxErrorPath bounds the length of the path of a Marshal error: a cycle
// is found 1000 levels deep, and a path of 1000 steps says less than its
// first few. Past it, the steps nearest the value are cut, with "...".
const maxErrorPath = 256

// prependPath puts the step seg (a name or "[i]") in front of the path *p.
func prependPath(p *string, seg string) {
	rest := *p
	if len(rest) > maxErrorPath {
		rest = strings.TrimSuffix(strings.ToValidUTF8(rest[:maxErrorPath], ""), "...") + "..."
	}
	switch {
	case rest == "":
		*p = seg
	case rest[0] == '[':
		*p = seg + rest
	default:
		*p = seg + "." + rest
	}
}

// errorPath returns the Field of a Marshal error that has one, or nil.
func errorPath(err error) *string {
	switch e := err.(type) {
	case *UnsupportedTypeError:
		return &e.Field
	case *UnsupportedValueError:
		return &e.Field
	case *MarshalerError:
		return &e.Field
	}
	return nil
}

// Unwrap returns the error returned by the method.
func (e *MarshalerError) Unwrap() error { return e.Err }

// ErrUnknownField is matched by errors.Is for the *UnmarshalTypeError
// reported for an object key that matches no struct field when
// DecOptions.DisallowUnknownFields is set.
var ErrUnknownField = errors.New("unknown field")

// An unknownFieldError is the Err of the *UnmarshalTypeError for an
// unknown key: ErrUnknownField, with the key and, when the key is a name
// that fields of equal depth share (and so cancel each other, by
// encoding/json's rule), those fields.
type unknownFieldError struct {
	key   string
	clash []string // the Go selectors of the clashing fields, such as "A.Name"; empty when the key is no such name
}

func (e *unknownFieldError) Error() string {
	s := "unknown field " + strconv.Quote(e.key)
	if len(e.clash) > 0 {
		s += ": " + e.clashText()
	}
	return s
}

// Is reports whether target is ErrUnknownField.
func (e *unknownFieldError) Is(target error) bool { return target == ErrUnknownField }

// clashText says that the key matches fields of equal depth that cancel
// each other, naming them when there are two or more.
func (e *unknownFieldError) clashText() string {
	n := len(e.clash)
	switch n {
	case 1: // one embedded struct type promoted twice at one depth: its second path is not known
		return "it matches fields of equal depth that cancel each other (encoding/json drops them)"
	case 2:
		return "it matches " + e.clash[0] + " and " + e.clash[1] + ", two fields of equal depth that cancel each other (encoding/json drops both)"
	}
	return "it matches " + strings.Join(e.clash[:n-1], ", ") + " and " + e.clash[n-1] + ", " + strconv.Itoa(n) +
		" fields of equal depth that cancel each other (encoding/json drops all " + strconv.Itoa(n) + ")"
}
