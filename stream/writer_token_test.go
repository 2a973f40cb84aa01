package stream_test

import (
	"bytes"
	"io"
	"testing"

	"github.com/go-smile/smile/internal/golden"
	"github.com/go-smile/smile/stream"
)

// copyTokens reads every token of data and writes it with WriteToken on
// a Writer with opts, and returns what the Writer wrote.
func copyTokens(t *testing.T, data []byte, ropts stream.ReaderOptions, wopts stream.WriterOptions) []byte {
	t.Helper()
	r, err := stream.NewReader(data, ropts)
	if err != nil {
		t.Fatal(err)
	}
	w, err := stream.NewWriter(wopts)
	if err != nil {
		t.Fatal(err)
	}
	open := false // a document is written and not ended
	for {
		tok, err := r.ReadToken()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("read at %d: %v", r.TokenOffset(), err)
		}
		if err := w.WriteToken(tok); err != nil {
			t.Fatalf("WriteToken(%v) at input offset %d: %v", tok.Kind, r.TokenOffset(), err)
		}
		open = tok.Kind != stream.KindEndOfDocument
	}
	if open {
		// The input's last document has no end marker: end it as
		// Jackson's generator does at close.
		if err := w.EndDocument(); err != nil {
			t.Fatal(err)
		}
	}
	return w.Bytes()
}

// TestWriteTokenGolden copies every token of each golden document
// (written by Jackson) with WriteToken: the copy must read back to the
// same tokens, and, with the Writer given the options Jackson had, be
// Jackson's bytes.
func TestWriteTokenGolden(t *testing.T) {
	subs := []string{"tokens", "json", "corpus"}
	if testing.Short() {
		subs = subs[:2]
	}
	n, same, multi := 0, 0, 0
	for _, sub := range subs {
		for _, c := range golden.Cases(t, sub) {
			ropts := rdOptsFor(c.Config)
			want := rdReadAllOps(mustReader(t, c.Want, ropts))
			if want.Err != "" {
				t.Fatalf("%s: reading Jackson's bytes: %s", c.ID(), want.Err)
			}
			got := copyTokens(t, c.Want, ropts, caseOptions(c))
			back := rdReadAllOps(mustReader(t, got, ropts))
			if back.Err != "" {
				t.Errorf("%s: reading the copy: %s", c.ID(), back.Err)
				continue
			}
			if i := rdFirstOpDiff(want.Ops, back.Ops); i >= 0 || want.EODs != back.EODs {
				t.Errorf("%s: the copy's tokens differ from op %d of %d/%d (end markers %d/%d)", c.ID(), i, len(want.Ops), len(back.Ops), want.EODs, back.EODs)
				continue
			}
			n++
			if _, docs := rdWithoutNewDocs(c.Ops); docs > 0 && !c.Config.EndMarker {
				// Documents that follow one another without end markers
				// are one token stream to a Reader (a header is not a
				// token), so the copy is one document: same tokens,
				// not the same bytes.
				multi++
				continue
			}
			if bytes.Equal(got, c.Want) {
				same++
			} else {
				t.Errorf("%s (%s): the copy differs from Jackson's bytes\n%s", c.ID(), c.WantPath, hexDiff(c.Want, got))
			}
		}
	}
	if n == 0 {
		t.Fatal("no golden cases: the golden files are missing")
	}
	if same == 0 {
		t.Fatal("no copy compared byte for byte")
	}
	t.Logf("%d golden files copied to the same tokens; %d byte for byte, %d of several documents without end markers by tokens only", n, same, multi)
}

// mustReader returns a Reader over data.
func mustReader(t *testing.T, data []byte, opts stream.ReaderOptions) *stream.Reader {
	t.Helper()
	r, err := stream.NewReader(data, opts)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestWriteTokenRefusals checks that WriteToken refuses, writing nothing,
// the zero Token and a token that cannot stand where it is written.
func TestWriteTokenRefusals(t *testing.T) {
	w, err := stream.NewWriter(stream.WriterOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if err := w.WriteToken(stream.Token{}); err == nil {
		t.Error("WriteToken(Token{}): no error")
	}
	r := mustReader(t, []byte{':', ')', '\n', 0x00, 0xFA, 0x80, 'a', 0x21, 0xFB}, stream.ReaderOptions{})
	var toks []stream.Token
	for {
		tok, err := r.ReadToken()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		toks = append(toks, tok)
	}
	if len(toks) != 4 || toks[1].Kind != stream.KindKey {
		t.Fatalf("tokens %v", toks)
	}
	for _, i := range []int{1, 3} { // a key and the end of an object, at the root
		if err := w.WriteToken(toks[i]); err == nil {
			t.Errorf("WriteToken(%v) at the root: no error", toks[i].Kind)
		}
	}
	if len(w.Bytes()) != 0 {
		t.Errorf("refused tokens wrote % X", w.Bytes())
	}
}
