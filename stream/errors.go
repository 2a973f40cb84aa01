package stream

import "fmt"

// SyntaxError describes malformed Smile input. Offset is the byte offset
// in the input (counted from the first byte given to the Reader) of the
// byte at fault.
type SyntaxError struct {
	Offset int64
	Msg    string // what was wrong and, where it helps, what was expected
	Err    error  // an underlying cause, such as io.ErrUnexpectedEOF; may be nil
}

func (e *SyntaxError) Error() string {
	return fmt.Sprintf("smile: %s at offset %d", e.Msg, e.Offset)
}

// Unwrap returns the underlying cause, so that errors.Is(err,
// io.ErrUnexpectedEOF) reports truncated input.
func (e *SyntaxError) Unwrap() error { return e.Err }

// LimitError reports input that exceeds one of the limits of
// ReaderOptions (or of the smile package's DecOptions, which has the same
// names and some more).
type LimitError struct {
	Offset int64
	Limit  string // the option's name, such as "MaxDepth"
	Max    int64  // the limit in force
	Got    int64  // the depth, length, count or bytes the input asked for
}

func (e *LimitError) Error() string {
	return fmt.Sprintf("smile: %s exceeded at offset %d: input asks for %d, limit is %d (raise the %s option only if the input is trusted)",
		e.Limit, e.Offset, e.Got, e.Max, e.Limit)
}

// WriterError reports a misuse of a Writer, such as a key where a value is
// due or an unbalanced end of a container.
type WriterError struct {
	Msg string
}

func (e *WriterError) Error() string { return "smile: " + e.Msg }
