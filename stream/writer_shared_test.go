package stream_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/go-smile/smile/stream"
)

// refTable is the reference model of a writer's shared table, written as
// the format notes' pseudocode (§6.6): a map of first occurrences, skipped
// at indices ending in FE or FF, emptied when it holds 1024 entries.
type refTable struct {
	lookup map[string]int
	n      int
}

func (t *refTable) find(s string) (int, bool) { i, ok := t.lookup[s]; return i, ok }

func (t *refTable) add(s string) {
	if t.n == 1024 || t.lookup == nil {
		t.lookup, t.n = map[string]int{}, 0
	}
	if i := t.n; i&0xFF < 0xFE {
		t.lookup[s] = i
	}
	t.n++
}

// refName returns the bytes Jackson writes for name (ASCII, 1-64 bytes).
func refName(t *refTable, name string) []byte {
	if i, ok := t.find(name); ok {
		if i < 64 {
			return []byte{0x40 + byte(i)}
		}
		return []byte{0x30 | byte(i>>8), byte(i)}
	}
	t.add(name)
	return append([]byte{0x80 + byte(len(name)-1)}, name...)
}

// refValue returns the bytes Jackson writes for a shared string value
// (ASCII, 1-64 bytes).
func refValue(t *refTable, s string) []byte {
	if i, ok := t.find(s); ok {
		if i < 31 {
			return []byte{byte(1 + i)}
		}
		return []byte{0xEC | byte(i>>8), byte(i)}
	}
	t.add(s)
	return append([]byte{0x40 + byte(len(s)-1)}, s...)
}

// TestWriterSharedTablesModel writes long random runs of names and values
// drawn from more than 1024 distinct strings, through every key method
// (WriteKey, WriteKeyBytes with the slice overwritten after each call, and
// WritePreparedKey, half the time) and both string methods, over several documents and a
// Reset, and checks every byte against the reference model.
func TestWriterSharedTablesModel(t *testing.T) {
	const distinct = 1500
	names := make([]string, distinct)
	// Two PreparedKeys per name, as two struct types with a field of the
	// same name have: one with an id (the encoder's, from the seam) and
	// one without (the public PrepareKey's), which must find each other's
	// records.
	prepared := make([][2]*stream.PreparedKey, distinct)
	for i := range names {
		names[i] = fmt.Sprintf("k%d", i)
		for j := range prepared[i] {
			var err error
			prepared[i][j], err = [2]func(string) (*stream.PreparedKey, error){sx.PrepareKey, stream.PrepareKey}[j](names[i])
			require.NoError(t, err)
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	w, err := stream.NewWriter(stream.WriterOptions{SharedValues: true})
	require.NoError(t, err)
	scratch := make([]byte, 0, 16)
	for doc := range 6 {
		if doc == 3 {
			w.Reset(nil)
		}
		var rn, rv refTable
		start := len(w.Bytes())
		want := []byte{':', ')', '\n', 0x03, 0xFA}
		require.NoError(t, w.WriteStartObject())
		// Skewed draws: a few hot strings and a long tail, so that both
		// references and the resets at 1024 happen often.
		draw := func() int {
			if rng.IntN(2) == 0 {
				return rng.IntN(40)
			}
			return rng.IntN(distinct)
		}
		for range 5000 {
			i := draw()
			want = append(want, refName(&rn, names[i])...)
			switch rng.IntN(4) {
			case 0:
				require.NoError(t, w.WriteKey(names[i]))
			case 1:
				scratch = append(scratch[:0], names[i]...)
				require.NoError(t, w.WriteKeyBytes(scratch))
				copy(scratch, "XXXXXXXXXXXXXXXX") // the Writer must have kept a copy
			default:
				require.NoError(t, w.WritePreparedKey(prepared[i][rng.IntN(2)]))
			}
			j := draw()
			want = append(want, refValue(&rv, names[j])...)
			if rng.IntN(2) == 0 {
				require.NoError(t, w.WriteString(names[j]))
			} else {
				scratch = append(scratch[:0], names[j]...)
				require.NoError(t, w.WriteStringBytes(scratch))
				copy(scratch, "YYYYYYYYYYYYYYYY")
			}
		}
		require.NoError(t, w.WriteEndObject())
		require.NoError(t, w.EndDocument())
		want = append(want, 0xFB)
		requireBytes(t, want, w.Bytes()[start:])
	}
}

// TestPreparedKeyForms checks that WritePreparedKey writes what WriteKey
// writes for every key form (empty, short ASCII and Unicode, long), with
// and without shared names, and that PrepareKey refuses invalid UTF-8.
func TestPreparedKeyForms(t *testing.T) {
	names := []string{"", "a", "é", string(rep("a", 64)), string(rep("a", 65)),
		string(rep("é", 28)), string(rep("é", 29)) + "x", "héllo"}
	for _, c := range []struct {
		opts    stream.WriterOptions
		prepare func(string) (*stream.PreparedKey, error)
	}{
		{stream.WriterOptions{}, stream.PrepareKey},
		{stream.WriterOptions{DisableSharedNames: true}, stream.PrepareKey},
		{stream.WriterOptions{}, sx.PrepareKey},
		{stream.WriterOptions{DisableSharedNames: true}, sx.PrepareKey},
	} {
		opts := c.opts
		var ops, prepOps []op
		for range 2 {
			for _, n := range names {
				k, err := c.prepare(n)
				require.NoError(t, err)
				require.Equal(t, n, k.Name())
				ops = append(ops, key(n), null)
				prepOps = append(prepOps, func(w *stream.Writer) error { return w.WritePreparedKey(k) }, null)
			}
		}
		wrap := func(body []op) []op { return append(append([]op{startObj}, body...), endObj) }
		requireBytes(t, play(t, opts, wrap(ops)), play(t, opts, wrap(prepOps)))
	}
	_, err := stream.PrepareKey("a\xffb")
	require.Error(t, err)

	w, err := stream.NewWriter(stream.WriterOptions{})
	require.NoError(t, err)
	k, err := stream.PrepareKey("a")
	require.NoError(t, err)
	require.Error(t, w.WritePreparedKey(k), "a key at the root")
	require.Empty(t, w.Bytes())
}

// TestWriterPreparedThenByValue writes a document whose first keys are
// all PreparedKeys (with ids, from the seam, as the encoder's), more distinct names than the table holds (so that it
// is emptied while they are recorded only by id), and whose later keys
// mix PreparedKeys with WriteKey: the names recorded by id must be found
// by value, and the other way around. Every byte is checked against the
// reference model.
func TestWriterPreparedThenByValue(t *testing.T) {
	const distinct = 1300
	names := make([]string, distinct)
	prepared := make([]*stream.PreparedKey, distinct)
	for i := range names {
		names[i] = fmt.Sprintf("p%d", i)
		var err error
		prepared[i], err = sx.PrepareKey(names[i])
		require.NoError(t, err)
	}
	rng := rand.New(rand.NewPCG(7, 8))
	w, err := stream.NewWriter(stream.WriterOptions{})
	require.NoError(t, err)
	for doc := range 3 {
		var rn refTable
		start := len(w.Bytes())
		want := []byte{':', ')', '\n', 0x01, 0xFA}
		require.NoError(t, w.WriteStartObject())
		for j := range 4000 {
			i := rng.IntN(distinct)
			if j < 1000*(doc+1) { // all prepared; the last document crosses 1024 new names
				i = j % distinct
			}
			want = append(want, refName(&rn, names[i])...)
			if j < 1000*(doc+1) || rng.IntN(2) == 0 {
				require.NoError(t, w.WritePreparedKey(prepared[i]))
			} else {
				require.NoError(t, w.WriteKey(names[i]))
			}
			want = append(want, 0x21)
			require.NoError(t, w.WriteNull())
		}
		require.NoError(t, w.WriteEndObject())
		require.NoError(t, w.EndDocument())
		requireBytes(t, append(want, 0xFB), w.Bytes()[start:])
	}
}

// TestWriterSharedOneByteApart writes, as names and as shared values,
// strings of every length from 1 to 20 bytes that differ from each other
// in one byte, at every position, and checks the bytes against the
// reference model: the Writer compares strings of up to 16 bytes by two
// words that may overlap, which must still tell every byte apart.
func TestWriterSharedOneByteApart(t *testing.T) {
	var strs []string
	for n := 1; n <= 20; n++ {
		base := []byte("abcdefghijklmnopqrst"[:n])
		strs = append(strs, string(base))
		for i := range n {
			b := append([]byte(nil), base...)
			b[i] = 'Z'
			strs = append(strs, string(b))
		}
	}
	prepared := make([]*stream.PreparedKey, len(strs))
	for i, s := range strs {
		var err error
		prepared[i], err = stream.PrepareKey(s)
		require.NoError(t, err)
	}
	w, err := stream.NewWriter(stream.WriterOptions{SharedValues: true})
	require.NoError(t, err)
	var rn, rv refTable
	want := []byte{':', ')', '\n', 0x03, 0xFA}
	require.NoError(t, w.WriteStartObject())
	for round := range 3 {
		for i, s := range strs {
			want = append(want, refName(&rn, s)...)
			if round == 1 {
				require.NoError(t, w.WritePreparedKey(prepared[i]))
			} else {
				require.NoError(t, w.WriteKey(s))
			}
			s = strs[len(strs)-1-i]
			want = append(want, refValue(&rv, s)...)
			require.NoError(t, w.WriteString(s))
		}
	}
	require.NoError(t, w.WriteEndObject())
	require.NoError(t, w.EndDocument())
	want = append(want, 0xFB)
	requireBytes(t, want, w.Bytes())
}
