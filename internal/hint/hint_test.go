package hint

import (
	"errors"
	"fmt"
	"testing"
)

var (
	goVocab   = &Vocabulary{Names: GoNames("DecOptions.", HeaderOptional, MaxDepth), Set: "set", FromJSON: "compat.FromJSON"}
	flagVocab = &Vocabulary{Names: map[Option]string{HeaderOptional: "--require-header=false"}, Set: "use", FromJSON: "smile fromjson"}
)

func TestRender(t *testing.T) {
	enable := Hint{Kind: Enable, Option: HeaderOptional, Purpose: "to read headerless Smile"}
	raise := Hint{Kind: Raise, Option: MaxDepth}
	json := Hint{Kind: NotSmile, Text: JSON, First: '{'}
	html := Hint{Kind: NotSmile, Text: HTML, First: '<'}
	// The header an HTTP client sends for Smile, by its media types
	// (Jackson's, Elasticsearch's).
	const accept = "Accept: application/x-jackson-smile (or application/smile)"
	for _, c := range []struct {
		h    Hint
		v    *Vocabulary
		want string
	}{
		{enable, goVocab, "set DecOptions.HeaderOptional to read headerless Smile"},
		{enable, flagVocab, "use --require-header=false to read headerless Smile"},
		{raise, goVocab, "raise DecOptions.MaxDepth only if the input is trusted"},
		{raise, flagVocab, ""}, // no flag for it: no advice rather than a wrong one
		{raise, nil, ""},
		{json, goVocab, "the input starts with '{': JSON text, not Smile; over HTTP, ask for Smile with " + accept +
			" and check the response's Content-Type; for a JSON file, convert it with compat.FromJSON"},
		{json, flagVocab, "the input starts with '{': JSON text, not Smile; over HTTP, ask for Smile with " + accept +
			" and check the response's Content-Type; for a JSON file, convert it with smile fromjson"},
		{json, &Vocabulary{}, "the input starts with '{': JSON text, not Smile"}, // input the program made: no remedy
		{Hint{Kind: NotSmile, Text: JSON, First: '[', Space: true}, nil, "the input starts with white space and '[': JSON text, not Smile"},
		{html, goVocab, "the input starts with '<': HTML or XML, such as an error page, not Smile; over HTTP, check the response's status and Content-Type, and ask for Smile with " + accept},
		{html, flagVocab, "the input starts with '<': HTML or XML, such as an error page, not Smile; over HTTP, check the response's status and Content-Type, and ask for Smile with " + accept},
		{Hint{}, goVocab, ""},
	} {
		if got := c.h.Render(c.v); got != c.want {
			t.Errorf("%+v.Render: got %q, want %q", c.h, got, c.want)
		}
	}
	if got := (Hint{}).Append("smile: bad", goVocab); got != "smile: bad" {
		t.Errorf("Append without advice: %q", got)
	}
	if got := raise.Append("smile: deep", goVocab); got != "smile: deep; raise DecOptions.MaxDepth only if the input is trusted" {
		t.Errorf("Append: %q", got)
	}
}

func TestOptionError(t *testing.T) {
	e := &OptionError{Prefix: "smile: ", Option: MaxDepth, Value: -1, Default: 1000}
	if got, want := e.Error(), "smile: MaxDepth is -1; it must be 0 (the default, 1000) or positive"; got != want {
		t.Errorf("without a vocabulary: %q, want %q", got, want)
	}
	e.Vocab = goVocab
	e.Note = "see the docs"
	if got, want := e.Error(), "smile: DecOptions.MaxDepth is -1; it must be 0 (the default, 1000) or positive (see the docs)"; got != want {
		t.Errorf("%q, want %q", got, want)
	}
}

func TestConflictError(t *testing.T) {
	e := &ConflictError{Prefix: "smile: ", A: OmitHeader, B: SharedValues, Why: "because"}
	if got, want := e.Error(), "smile: inconsistent options: OmitHeader with SharedValues (because)"; got != want {
		t.Errorf("%q, want %q", got, want)
	}
	Relabel(fmt.Errorf("w: %w", e), &Vocabulary{Names: map[Option]string{OmitHeader: "--no-header", SharedValues: "--shared-values"}})
	if got, want := e.Error(), "smile: inconsistent options: --no-header with --shared-values (because)"; got != want {
		t.Errorf("%q, want %q", got, want)
	}
}

// TestRelabel checks that Relabel reaches the errors that carry a
// vocabulary through wrapping, joined errors and registered labelers.
func TestRelabel(t *testing.T) {
	cause := errors.New("cause")
	inner := &Error{Msg: "x: bad", Hint: Hint{Kind: Enable, Option: HeaderOptional}, Err: cause}
	opt := &OptionError{Prefix: "x: ", Option: MaxDepth, Value: -2, Default: 1}
	err := fmt.Errorf("wrapped: %w", errors.Join(inner, fmt.Errorf("again: %w", opt)))

	if got := Relabel(err, flagVocab); got != err {
		t.Fatal("Relabel returned another error")
	}
	if inner.Vocab != flagVocab || opt.Vocab != flagVocab {
		t.Fatalf("not relabeled: %v / %v", inner.Vocab, opt.Vocab)
	}
	if got, want := inner.Error(), "x: bad; use --require-header=false"; got != want {
		t.Errorf("%q, want %q", got, want)
	}
	if !errors.Is(err, cause) {
		t.Error("the cause is lost")
	}
	if Relabel(nil, goVocab) != nil {
		t.Error("Relabel(nil) is not nil")
	}

	type custom struct{ error }
	var seen *Vocabulary
	RegisterLabeler(func(err error, v *Vocabulary) bool {
		if _, ok := err.(custom); ok {
			seen = v
			return true
		}
		return false
	})
	Relabel(fmt.Errorf("w: %w", custom{cause}), goVocab)
	if seen != goVocab {
		t.Error("a registered labeler was not applied")
	}
}
