package stream_test

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/go-smile/smile/stream"
)

// TestReaderResetAfterNesting reads documents whose containers stand at
// the same depths as those of the document before, but are of the other
// kind, with a Reader that read that document and was Reset, and with a
// new one: the tokens and errors must be the same. Reset keeps the
// Reader's record of which open containers are objects (it is
// overwritten as containers open), so this catches a record left over.
func TestReaderResetAfterNesting(t *testing.T) {
	const depth = 130 // three words of the record
	hdr := hx("3A 29 0A 01")
	objects := cat(hdr, rep("\xFA\x80a", depth), hx("C2"), rep("\xFB", depth))
	arrays := cat(hdr, rep("\xF8", depth), hx("C2"), rep("\xF9", depth))
	mixed := cat(hdr, rep("\xF8\xFA\x80a", depth/2), hx("C2"), rep("\xFB\xF9", depth/2))
	wrongEnd := cat(hdr, rep("\xFA\x80a", depth-1), hx("F8 C2 FB")) // an array ended as an object
	docs := [][]byte{objects, arrays, objects, mixed, arrays, wrongEnd, objects, wrongEnd}

	reused, err := stream.NewReader(nil, stream.ReaderOptions{})
	require.NoError(t, err)
	for i, doc := range docs {
		fresh, err := stream.NewReader(doc, stream.ReaderOptions{})
		require.NoError(t, err)
		want, wantErr := rdReadAllStr(fresh)
		reused.Reset(doc)
		got, gotErr := rdReadAllStr(reused)
		require.Equal(t, want, got, "document %d", i)
		require.Equal(t, wantErr, gotErr, "document %d", i)
		if bytes.Equal(doc, wrongEnd) {
			require.Error(t, gotErr, "document %d", i)
		} else {
			require.NoError(t, gotErr, "document %d", i)
		}
	}
}
