package stream

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestWriteKeyTaggedStaleAfterWrap holds a tag through 2^22-1 emptyings of
// the name table, after which the table's 22-bit generation is back where
// the tag was made and index 0 names another string: the tag must be seen
// as stale, so that the Writer writes what WriteKey writes (here the name
// in full, where a stale tag would write a reference to index 0).
func TestWriteKeyTaggedStaleAfterWrap(t *testing.T) {
	write := func(tagged bool) []byte {
		w, err := NewWriter(WriterOptions{})
		require.NoError(t, err)
		var tag [2]uint64
		key := func(name string) {
			if tagged {
				require.NoError(t, w.writeKeyTagged(name, &tag))
			} else {
				require.NoError(t, w.WriteKey(name))
			}
		}
		require.NoError(t, w.WriteStartObject())
		key("alpha")
		require.NoError(t, w.WriteInt(1))
		if tagged {
			require.NotZero(t, tag, "a new name gets a tag")
		}
		gen := w.names.gen
		for range 1<<22 - 1 { // emptyings, as by 1024 names each: gen wraps from 1<<22 - 1 to 1
			w.names.n = 1
			w.names.reset()
		}
		require.Equal(t, gen, w.names.gen, "the generation has wrapped around to the tag's")
		require.NoError(t, w.WriteKey("bravo")) // index 0 again, now another name
		require.NoError(t, w.WriteInt(2))
		key("alpha")
		require.NoError(t, w.WriteInt(3))
		require.NoError(t, w.WriteEndObject())
		require.NoError(t, w.EndDocument())
		return w.Bytes()
	}
	plain := write(false)
	require.Contains(t, string(plain[len(plain)-12:]), "alpha", "WriteKey writes the name in full")
	require.Equal(t, plain, write(true))
}

// TestWriteKeyTaggedAcrossReset writes documents of the same names through
// tags kept across Reset (stale then, but knowing the names' UTF-8) and
// through WriteKey: the bytes must be the same, for ASCII, non-ASCII,
// long and invalid names.
func TestWriteKeyTaggedAcrossReset(t *testing.T) {
	names := []string{"id", "clé", "a_name_longer_than_sixty_four_bytes_which_takes_the_long_key_form_0123", "id", "", "\xff\xfe", "clé", "名前"}
	for _, o := range []WriterOptions{{}, {AllowInvalidUTF8: true}, {DisableSharedNames: true}} {
		tagged, err := NewWriter(o)
		require.NoError(t, err)
		plain, err := NewWriter(o)
		require.NoError(t, err)
		tags := make([][2]uint64, len(names))
		for doc := range 3 {
			tagged.Reset(nil)
			plain.Reset(nil)
			require.NoError(t, tagged.WriteStartObject())
			require.NoError(t, plain.WriteStartObject())
			for i, name := range names {
				errT := tagged.writeKeyTagged(name, &tags[i])
				errP := plain.WriteKey(name)
				require.Equal(t, errP == nil, errT == nil, "%+v doc %d name %q: %v vs %v", o, doc, name, errT, errP)
				if errP != nil {
					continue
				}
				require.NoError(t, tagged.WriteInt(int64(i)))
				require.NoError(t, plain.WriteInt(int64(i)))
			}
			require.NoError(t, tagged.WriteEndObject())
			require.NoError(t, plain.WriteEndObject())
			require.NoError(t, tagged.EndDocument())
			require.NoError(t, plain.EndDocument())
			require.Equal(t, plain.Bytes(), tagged.Bytes(), "%+v doc %d", o, doc)
		}
	}
}

// TestWriteKeyTaggedManyNames writes documents of more names than the
// table holds (so that it grows, skips the indices whose low byte is FE
// or FF, and empties itself when full), each name twice, through tags
// kept across Reset, whose hashes place new names by addAt, and through
// WriteKey: the bytes must be the same.
func TestWriteKeyTaggedManyNames(t *testing.T) {
	var names []string
	for i := range 1500 {
		names = append(names, fmt.Sprintf("n%d", i), fmt.Sprintf("a_longer_name_%d", i))
	}
	tagged, err := NewWriter(WriterOptions{})
	require.NoError(t, err)
	plain, err := NewWriter(WriterOptions{})
	require.NoError(t, err)
	tags := make([][2]uint64, len(names))
	for doc := range 3 {
		tagged.Reset(nil)
		plain.Reset(nil)
		require.NoError(t, tagged.WriteStartObject())
		require.NoError(t, plain.WriteStartObject())
		for round := range 2 {
			for i, name := range names {
				require.NoError(t, tagged.writeKeyTagged(name, &tags[i]))
				require.NoError(t, plain.WriteKey(name))
				require.NoError(t, tagged.WriteInt(int64(round)))
				require.NoError(t, plain.WriteInt(int64(round)))
			}
		}
		require.NoError(t, tagged.WriteEndObject())
		require.NoError(t, plain.WriteEndObject())
		require.NoError(t, tagged.EndDocument())
		require.NoError(t, plain.EndDocument())
		require.Equal(t, plain.Bytes(), tagged.Bytes(), "doc %d", doc)
	}
}

// TestWriteKeyShortForms writes names of every length up to maxWordsLen
// and one past it, ASCII and not, each new to its document, through
// WriteKey and through writeKeyTagged (with fresh tags, then with the
// tags of the document before, which know the names' hashes and take
// appendShortKey's stores): each must be its short key token (0x80 +
// length - 1 for ASCII, 0xC0 + length - 2 otherwise, §4 of the format
// notes) followed by the name's bytes.
func TestWriteKeyShortForms(t *testing.T) {
	var names []string
	for n := 1; n <= maxWordsLen+1; n++ {
		ascii := make([]byte, n)
		for i := range ascii {
			ascii[i] = byte('a' + i)
		}
		names = append(names, string(ascii))
		if n >= 2 {
			names = append(names, "é"+string(ascii[:n-2])) // n bytes, the first two one letter
			names = append(names, string(ascii[:n-2])+"ü")
		}
	}
	var want []byte
	for _, name := range names {
		token := byte(0x80 + len(name) - 1)
		if strings.ContainsFunc(name, func(r rune) bool { return r >= 0x80 }) {
			token = byte(0xC0 + len(name) - 2)
		}
		want = append(append(append(want, token), name...), 0x21) // the value, null
	}
	tags := make([][2]uint64, len(names))
	plain, err := NewWriter(WriterOptions{})
	require.NoError(t, err)
	tagged, err := NewWriter(WriterOptions{})
	require.NoError(t, err)
	for doc := range 3 {
		for _, w := range []*Writer{plain, tagged} {
			w.Reset(nil)
			require.NoError(t, w.WriteStartObject())
			start := len(w.Bytes())
			for i, name := range names {
				if w == tagged {
					require.NoError(t, w.writeKeyTagged(name, &tags[i]))
				} else {
					require.NoError(t, w.WriteKey(name))
				}
				require.NoError(t, w.WriteNull())
			}
			require.Equal(t, want, w.Bytes()[start:], "document %d, tagged %v", doc, w == tagged)
			require.NoError(t, w.WriteEndObject())
			require.NoError(t, w.EndDocument())
		}
	}
}
