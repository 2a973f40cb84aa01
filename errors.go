package smile

import (
	"errors"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/go-smile/smile/internal/hint"
	"github.com/go-smile/smile/internal/rt"
	"github.com/go-smile/smile/stream"
)

// SyntaxError is malformed Smile input. Offset is the byte offset of the
// fault in the input. It is the same type as the stream package's, so
// errors.As works with either name.
type SyntaxError = stream.SyntaxError

// LimitError is input that exceeds a decoding limit (depth, string, binary,
// big-number or container length). It is the stream package's type.
type LimitError = stream.LimitError

// ReadError is a failure of the io.Reader a Decoder reads from, such as a
// connection cut in the middle of a document, with the input offset it
// came at; it wraps the reader's error (errors.Is(err,
// io.ErrUnexpectedEOF) for a cut HTTP body). It is the stream package's
// type.
type ReadError = stream.ReadError

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
	Field  string       // the path from the root, such as "items[3].name"; empty at the root; whole, where the text shortens a long one
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
			b.WriteString(shortPath(in))
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
		b.WriteString(shortPath(e.Field))
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
	Field string // the path from the root to the value, such as "items[3].name"; empty at the root; whole, where the text shortens a long one

	path *pathBuf // builds Field (see pathBuf)
}

func (e *UnsupportedTypeError) Error() string {
	return "smile: unsupported type: " + e.Type.String() + atField(e.Field)
}

// An UnsupportedValueError is returned by Marshal for a value it cannot
// encode, such as a cyclic data structure or invalid UTF-8 in a string.
type UnsupportedValueError struct {
	Value reflect.Value
	Str   string // what is wrong with the value
	Field string // the path from the root to the value, such as "items[3].name"; empty at the root; whole, where the text shortens a long one

	path *pathBuf // builds Field (see pathBuf)
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
	Field      string   // the path from the root to the value, such as "items[3].name"; empty at the root; whole, where the text shortens a long one
	sourceFunc string   // "MarshalSmileTo", "MarshalSmile", "MarshalJSON", "MarshalText" or "MarshalBinary"
	path       *pathBuf // builds Field (see pathBuf)
}

func (e *MarshalerError) Error() string {
	src := e.sourceFunc
	if src == "" {
		src = "MarshalSmile"
	}
	return "smile: error calling " + src + " for type " + e.Type.String() + atField(e.Field) + ": " + e.Err.Error()
}

// atField returns " at field " and the path as errors show it
// (shortPath), or "" for the root.
func atField(path string) string {
	if path == "" {
		return ""
	}
	return " at field " + shortPath(path)
}

// withName returns err with the struct field or map key name put in
// front of the path of a Marshal error that has one (Marshal builds the
// path only on an error's way out, so the success path pays nothing).
func withName(err error, name string) error {
	if f, pb := errorPath(err); f != nil {
		pb.prepend(f, name)
	}
	return err
}

// withIndex is withName for the array element i.
func withIndex(err error, i int) error {
	if f, pb := errorPath(err); f != nil {
		pb.prepend(f, "["+strconv.Itoa(i)+"]")
	}
	return err
}

// A pathBuf holds the path of a Marshal error while it is built, from the
// value outward, each step put in front of the path: the path fills buf
// up to its end, and the error's Field views buf[start:], bytes that are
// never written again. A step then costs its own length, where a string
// made anew at each step would copy the whole path each time (a path of
// 10000 steps, 50 KB, fifty thousand times over). The path stays whole
// in Field; error texts show it shortened (shortPath).
type pathBuf struct {
	buf   []byte
	start int
}

// prepend puts the step seg (a name or "[i]") in front of the path
// *field, which pb built, or which was set when the error was made.
func (pb *pathBuf) prepend(field *string, seg string) {
	rest := *field
	if len(pb.buf)-pb.start != len(rest) { // not pb's yet: start from Field
		pb.buf, pb.start = make([]byte, 2*len(rest)+len(seg)+32), 0
		pb.start = len(pb.buf) - copy(pb.buf[len(pb.buf)-len(rest):], rest)
	}
	n := len(seg)
	if rest != "" && rest[0] != '[' {
		n++ // the "." between seg and rest
	}
	if pb.start < n {
		grown := make([]byte, 2*len(pb.buf)+n)
		pb.start = len(grown) - copy(grown[len(grown)-len(rest):], pb.buf[pb.start:])
		pb.buf = grown
	}
	pb.start -= n
	copy(pb.buf[pb.start:], seg)
	if n > len(seg) {
		pb.buf[pb.start+len(seg)] = '.'
	}
	*field = rt.String(pb.buf[pb.start:])
}

// errorPath returns the Field of a Marshal error that has one, and the
// pathBuf that builds it, or nil.
func errorPath(err error) (*string, *pathBuf) {
	var pb **pathBuf
	var f *string
	switch e := err.(type) {
	case *UnsupportedTypeError:
		f, pb = &e.Field, &e.path
	case *UnsupportedValueError:
		f, pb = &e.Field, &e.path
	case *MarshalerError:
		f, pb = &e.Field, &e.path
	default:
		return nil, nil
	}
	if *pb == nil {
		*pb = new(pathBuf)
	}
	return f, *pb
}

// maxPathText bounds the length of a path in the text of an error (about;
// see shortPath): a cycle is found hundreds of levels deep, a document
// may nest a thousand levels, and a path of a thousand steps says no
// more than its first and last few.
const maxPathText = 100

// maxStepText bounds the length of a name in a path shown shortened: a
// map key may be megabytes long.
const maxStepText = 32

// shortPath returns path, the Field of an error, as the error's text
// shows it: whole when it is at most maxPathText bytes long, else made
// shorter in two ways, so that its start and its end stay readable.
// First, a run of one step, or of a group of up to 4 steps, repeated 3
// times or more is written once with its count: "next×1000" for
// next.next…next, "(children[0])×300" for children[0].children[0]…,
// "[0]×50" for [0][0]…; names longer than maxStepText bytes are cut,
// with "…". Then, if the path is still too long, the steps in its middle
// are left out and counted: "a.b.…(990 more).y.z".
func shortPath(path string) string {
	if len(path) <= maxPathText {
		return path
	}
	steps := splitPath(path)
	for i, s := range steps {
		if len(s) > maxStepText {
			steps[i] = strings.ToValidUTF8(s[:maxStepText-3], "") + "…"
		}
	}
	var items []pathItem
	for i := 0; i < len(steps); {
		l, r := repeatAt(steps, i)
		if r == 1 {
			items = append(items, pathItem{text: steps[i], name: isName(steps[i]), steps: 1})
			i++
			continue
		}
		unit := joinSteps(steps[i : i+l])
		if l > 1 {
			unit = "(" + unit + ")"
		}
		items = append(items, pathItem{text: unit + "×" + strconv.Itoa(r), name: isName(steps[i]), steps: l * r})
		i += l * r
	}
	total := 0
	for _, it := range items {
		total += len(it.text) + 1
	}
	if total > maxPathText && len(items) > 2 {
		// Keep items from each end up to half the bound, one at least.
		head, n := 1, len(items[0].text)
		for head < len(items)-1 && n+len(items[head].text) < maxPathText/2 {
			n += len(items[head].text) + 1
			head++
		}
		tail, n := len(items)-1, len(items[len(items)-1].text)
		for tail > head && n+len(items[tail-1].text) < maxPathText/2 {
			tail--
			n += len(items[tail].text) + 1
		}
		// Cut before names, so that a name keeps its indexes.
		if h := head; h > 1 {
			for h > 1 && !items[h].name {
				h--
			}
			if items[h].name {
				head = h
			}
		}
		if t := tail; t < len(items)-1 {
			for t < len(items)-1 && !items[t].name {
				t++
			}
			if items[t].name {
				tail = t
			}
		}
		if tail > head {
			left := 0
			for _, it := range items[head:tail] {
				left += it.steps
			}
			gap := pathItem{text: "…(" + strconv.Itoa(left) + " more)", name: true}
			items = append(append(items[:head:head], gap), items[tail:]...)
		}
	}
	var b strings.Builder
	for i, it := range items {
		if i > 0 && it.name {
			b.WriteByte('.')
		}
		b.WriteString(it.text)
	}
	return b.String()
}

// A pathItem is a part of a path as shortPath shows it: a step, a run of
// repeated steps, or the count of steps left out.
type pathItem struct {
	text  string
	name  bool // a name comes first in text: a "." separates it from what comes before
	steps int  // the steps of the path it stands for
}

// splitPath returns the steps of path: the names (without their ".") and
// the indexes ("[3]"). A name with a "." or a "[" in it comes out as
// several steps, which joinSteps puts back as they were.
func splitPath(path string) []string {
	var steps []string
	for i := 0; i < len(path); {
		switch {
		case path[i] == '[':
			j := strings.IndexByte(path[i:], ']') + 1
			if j == 0 {
				j = len(path) - i
			}
			steps = append(steps, path[i:i+j])
			i += j
			continue
		case path[i] == '.' && len(steps) > 0:
			i++ // a name follows, maybe empty
		}
		j := strings.IndexAny(path[i:], ".[")
		if j < 0 {
			j = len(path) - i
		}
		steps = append(steps, path[i:i+j])
		i += j
	}
	if strings.HasSuffix(path, ".") {
		steps = append(steps, "")
	}
	return steps
}

// isName reports whether the step s is a name, not an index.
func isName(s string) bool { return s == "" || s[0] != '[' }

// joinSteps writes steps as a path: names separated by ".".
func joinSteps(steps []string) string {
	var b strings.Builder
	for i, s := range steps {
		if i > 0 && isName(s) {
			b.WriteByte('.')
		}
		b.WriteString(s)
	}
	return b.String()
}

// repeatAt returns the run at steps[i:] that covers the most steps: a
// group of l steps repeated r times (r >= 3), the shortest such group
// first; or 1, 1.
func repeatAt(steps []string, i int) (l, r int) {
	l, r = 1, 1
	for n := 1; n <= 4 && i+3*n <= len(steps); n++ {
		k := 1
		for i+(k+1)*n <= len(steps) && slices.Equal(steps[i:i+n], steps[i+k*n:i+(k+1)*n]) {
			k++
		}
		if k >= 3 && k*n > l*r {
			l, r = n, k
		}
	}
	return l, r
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
