package stream

import (
	"fmt"

	"github.com/go-smile/smile/internal/hint"
)

// SyntaxError describes malformed Smile input. Offset is the byte offset
// in the input (counted from the first byte given to the Reader) of the
// byte at fault. Where an option would accept the input (HeaderOptional,
// AllowInvalidUTF8, Lenient7Bit), the text ends with advice that names it
// as the API that returned the error spells it: ReaderOptions.X from this
// package, DecOptions.X from the smile package, a flag from the smile
// command.
type SyntaxError struct {
	Offset int64
	Msg    string // what was wrong and, where it helps, what was expected
	Err    error  // an underlying cause, such as io.ErrUnexpectedEOF; may be nil

	// hint is the advice that follows the offset in Error's text, such as
	// the option that accepts the input; vocab names that option in the
	// words of the API the caller used (nil: this package's).
	hint  hint.Hint
	vocab *hint.Vocabulary
}

func (e *SyntaxError) Error() string {
	return e.hint.Append(fmt.Sprintf("smile: %s at offset %d", e.Msg, e.Offset), vocabulary(e.vocab))
}

// Unwrap returns the underlying cause, so that errors.Is(err,
// io.ErrUnexpectedEOF) reports truncated input.
func (e *SyntaxError) Unwrap() error { return e.Err }

// ReadError is a failure of the io.Reader a Reader reads from, such as a
// connection cut in the middle of a document (io.ErrUnexpectedEOF from
// net/http's body) or a deadline: Err is the source's error, which
// errors.Is and errors.As see through, and Offset the number of input
// bytes read before it. The values a Decoder returned before it are whole;
// the one being read when it came is lost.
type ReadError struct {
	Offset int64
	Err    error
}

func (e *ReadError) Error() string {
	return fmt.Sprintf("smile: reading the input failed at offset %d (the source ended or failed in the middle of the input, as a cut connection or a deadline does): %v", e.Offset, e.Err)
}

// Unwrap returns the source's error.
func (e *ReadError) Unwrap() error { return e.Err }

// LimitError reports input that exceeds one of the limits of
// ReaderOptions (or of the smile package's DecOptions, which has the same
// names and some more). Its text ends with the advice to raise the limit
// if the input is trusted, naming the option as the API that returned the
// error spells it, as for SyntaxError.
type LimitError struct {
	Offset int64
	Limit  string // the option's name, such as "MaxDepth"
	Max    int64  // the limit in force
	Got    int64  // the depth, length, count or bytes the input asked for

	vocab *hint.Vocabulary // names Limit in the caller's API (nil: this package's)
}

func (e *LimitError) Error() string {
	msg := fmt.Sprintf("smile: %s exceeded at offset %d: input asks for %d, limit is %d", e.Limit, e.Offset, e.Got, e.Max)
	return hint.Hint{Kind: hint.Raise, Option: hint.Option(e.Limit)}.Append(msg, vocabulary(e.vocab))
}

// WriterError reports a misuse of a Writer, such as a key where a value is
// due or an unbalanced end of a container.
type WriterError struct {
	Msg string
}

func (e *WriterError) Error() string { return "smile: " + e.Msg }

// vocab names the options of this package in error messages.
var vocab = &hint.Vocabulary{
	Names: hint.Merge(
		hint.GoNames("ReaderOptions.",
			hint.HeaderOptional, hint.MaxDepth, hint.MaxStringLen, hint.MaxBinaryLen, hint.MaxBigNumberLen,
			hint.AllowInvalidUTF8, hint.Lenient7Bit, hint.KeepNamesAcrossHeaders),
		// The writer's options whose names the reader's do not share.
		hint.GoNames("WriterOptions.", hint.OmitHeader, hint.SharedValues, hint.RawBinary)),
	Set:      "set",
	FromJSON: "compat.FromJSON",
}

// vocabulary returns v, or this package's vocabulary when v is nil.
func vocabulary(v *hint.Vocabulary) *hint.Vocabulary {
	if v == nil {
		return vocab
	}
	return v
}

func init() {
	hint.RegisterLabeler(func(err error, v *hint.Vocabulary) bool {
		switch e := err.(type) {
		case *SyntaxError:
			// Only an error with a hint has words to change; the others
			// may be shared values, never written.
			if e.hint.Kind != hint.None {
				e.vocab = v
			}
			return true
		case *LimitError:
			e.vocab = v
			return true
		}
		return false
	})
}
