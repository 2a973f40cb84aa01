package stream_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/go-smile/smile/stream"
)

// TestReaderKeyTags: a name keeps its last two tags, the latest first,
// while it is in the table, and loses them when the table is emptied
// (here by its 1025th name), so that the slot's next name starts without
// any.
func TestReaderKeyTags(t *testing.T) {
	data := []byte{0x3A, 0x29, 0x0A, 0x01, 0xFA, 0x80, 'a', 0xC2}
	for i := 1; i < 1024; i++ {
		data = append(data, 0x83)
		data = fmt.Appendf(data, "%04d", i)
		data = append(data, 0xC2)
	}
	data = append(data, 0x80, 'b', 0xC2, 0x40, 0xC2, 0xFB)
	for _, kind := range rdReaderKinds {
		r := rdNewTestReader(t, kind, data, stream.ReaderOptions{})
		_, err := r.ReadToken()
		require.NoError(t, err)
		name, slot, ok, err := sx.ReadKey(r)
		require.NoError(t, err)
		require.True(t, ok)
		require.Equal(t, "a", string(name))
		require.Equal(t, 0, slot)
		require.Zero(t, sx.KeyTag(r, 0))
		sx.SetKeyTag(r, 0, 7)
		sx.SetKeyTag(r, 5, 9) // no name there yet: ignored
		last, prev := sx.KeyTags(r, 0)
		require.Equal(t, [2]uint64{7, 0}, [2]uint64{last, prev})
		sx.SetKeyTag(r, 0, 8)
		last, prev = sx.KeyTags(r, 0)
		require.Equal(t, [2]uint64{8, 7}, [2]uint64{last, prev})
		sx.SetKeyTag(r, 0, 1<<63|1) // all 64 bits are kept
		last, prev = sx.KeyTags(r, 0)
		require.Equal(t, [2]uint64{1<<63 | 1, 8}, [2]uint64{last, prev}, "the oldest is forgotten")
		last, prev = sx.KeyTags(r, 5)
		require.Equal(t, [2]uint64{0, 0}, [2]uint64{last, prev})
		require.Zero(t, sx.KeyTag(r, -1))
		_, err = r.ReadToken() // a's value
		require.NoError(t, err)
		for i := 1; i < 1024; i++ {
			require.NoError(t, r.SkipValue())
			require.Equal(t, uint64(1<<63|1), sx.KeyTag(r, 0))
		}
		require.NoError(t, r.SkipValue()) // "b": the table is emptied first
		last, prev = sx.KeyTags(r, 0)
		require.Equal(t, [2]uint64{0, 0}, [2]uint64{last, prev})
		name, slot, ok, err = sx.ReadKey(r)
		require.NoError(t, err)
		require.True(t, ok)
		require.Equal(t, "b", string(name))
		require.Equal(t, 0, slot)
		require.Zero(t, sx.KeyTag(r, 0))
	}
}

// TestReadTaggedKey: the expected key, written in full, is matched and
// tagged; a back-reference returns its slot's tag; any other key is read
// as readKey reads it, with tag 0 and its bytes; and a match needs 16
// bytes at hand. Tagged keys may come without their bytes, which
// sharedName returns.
func TestReadTaggedKey(t *testing.T) {
	id, err := stream.PrepareKey("id")
	require.NoError(t, err)
	name, err := stream.PrepareKey("név") // a short Unicode name
	require.NoError(t, err)
	// {"id":1,"név":2,"x":3,"id":4,"név":5} with shared names, then 16
	// bytes of padding in a string value, then "id" in full near the end.
	data := []byte{':', ')', '\n', 0x01, 0xFA,
		0x81, 'i', 'd', 0xC2,
		0xC2, 'n', 0xC3, 0xA9, 'v', 0xC4,
		0x80, 'x', 0xC6,
		0x40, 0xC8,
		0x41, 0xCA,
		0x80, 'p', 0x4F, '0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'a', 'b', 'c', 'd', 'e', 'f',
		0x81, 'i', 'd', 0xC2,
		0xFB}
	type want struct {
		name string
		slot int
		tag  uint64
	}
	// A stream Reader over a bytes.Reader has the whole input at hand, as
	// the matches need; over smaller reads it may not.
	for _, kind := range []string{"bytes", "stream"} {
		t.Run(kind, func(t *testing.T) {
			r := rdNewTestReader(t, kind, data, stream.ReaderOptions{})
			_, err := r.ReadToken()
			require.NoError(t, err)
			for i, c := range []struct {
				expect *stream.PreparedKey
				want   want
			}{
				{id, want{"id", 0, 101}},    // matched: tagged
				{name, want{"név", 1, 102}}, // matched
				{id, want{"x", 2, 0}},       // another name
				{name, want{"id", 0, 101}},  // a reference: its slot's tag
				{nil, want{"név", 1, 102}},  // a reference, nothing expected
				{id, want{"p", 3, 0}},
				{id, want{"id", 4, 0}}, // fewer than 16 bytes at hand: read as new
			} {
				got, slot, tag, _, ok, err := sx.ReadTaggedKey(r, c.expect, uint64(101+i))
				require.NoError(t, err, "key %d", i)
				require.True(t, ok, "key %d", i)
				if c.want.tag == 0 || c.expect == nil {
					require.NotNil(t, got, "key %d: untagged, or nothing expected: the bytes come with the key", i)
				}
				if got == nil {
					got = sx.SharedName(r, slot)
				}
				require.Equal(t, c.want, want{string(got), slot, tag}, "key %d", i)
				require.Equal(t, c.want.tag, sx.KeyTag(r, slot), "key %d", i)
				_, err = r.ReadToken()
				require.NoError(t, err)
			}
			_, _, tag, _, ok, err := sx.ReadTaggedKey(r, id, 1)
			require.NoError(t, err)
			require.False(t, ok)
			require.Zero(t, tag)
		})
	}
}

// TestReadTaggedKeyNoTable: without shared names a matched key has no
// slot, and still returns the tag; over MaxStringLen it is the same error
// as readKey's.
func TestReadTaggedKeyNoTable(t *testing.T) {
	k, err := stream.PrepareKey("abc")
	require.NoError(t, err)
	data := append([]byte{':', ')', '\n', 0x00, 0xFA, 0x82, 'a', 'b', 'c', 0xC2}, make([]byte, 16)...)
	r := rdPastFirstToken(t, data, stream.ReaderOptions{})
	_, slot, tag, _, ok, err := sx.ReadTaggedKey(r, k, 9)
	require.NoError(t, err)
	require.True(t, ok)
	require.Equal(t, -1, slot)
	require.Equal(t, uint64(9), tag)
	require.Equal(t, int64(5), r.TokenOffset())

	r = rdPastFirstToken(t, data, stream.ReaderOptions{MaxStringLen: 2})
	_, _, _, _, _, tagErr := sx.ReadTaggedKey(r, k, 9)
	require.Error(t, tagErr)
	r = rdPastFirstToken(t, data, stream.ReaderOptions{MaxStringLen: 2})
	_, _, _, keyErr := sx.ReadKey(r)
	require.EqualError(t, tagErr, keyErr.Error())
}

// TestReadTaggedKeyWholeToken: a match takes every byte of the token, not
// only its first eight.
func TestReadTaggedKeyWholeToken(t *testing.T) {
	for _, c := range []struct {
		expect, in string
		match      bool
	}{
		{"timestamp_1", "timestamp_2", false},
		{"timestamp_2", "timestamp_2", true},
		{"sixteen_bytes_k", "sixteen_bytes_k", true}, // a 16-byte token
		{"sixteen_bytes_k", "sixteen_bytes_j", false},
		{"seventeen_bytes_k", "seventeen_bytes_k", false}, // too long to match
	} {
		k, err := stream.PrepareKey(c.expect)
		require.NoError(t, err)
		data := []byte{':', ')', '\n', 0x01, 0xFA, 0x80 + byte(len(c.in)-1)}
		data = append(append(data, c.in...), 0xC2)
		data = append(data, make([]byte, 16)...)
		r := rdPastFirstToken(t, data, stream.ReaderOptions{})
		got, slot, tag, _, ok, err := sx.ReadTaggedKey(r, k, 5)
		require.NoError(t, err)
		require.True(t, ok)
		if got == nil {
			got = sx.SharedName(r, slot)
		}
		require.Equal(t, c.in, string(got))
		require.Equal(t, 0, slot)
		require.Equal(t, c.match, tag == 5, "%s for %s", c.in, c.expect)
	}
}

// TestSharedName: the name in a slot, or nil for a slot with none.
func TestSharedName(t *testing.T) {
	data := []byte{':', ')', '\n', 0x01, 0xFA, 0x81, 'i', 'd', 0xC2, 0xFB}
	r := rdPastFirstToken(t, data, stream.ReaderOptions{})
	require.Nil(t, sx.SharedName(r, 0))
	_, slot, _, err := sx.ReadKey(r)
	require.NoError(t, err)
	require.Equal(t, "id", string(sx.SharedName(r, slot)))
	require.Nil(t, sx.SharedName(r, 1))
	require.Nil(t, sx.SharedName(r, -1))
}

// TestReadArrayShortcuts: tryStartArray and tryEndArray read their
// token only where ReadToken would read it without error, and otherwise
// consume nothing.
func TestReadArrayShortcuts(t *testing.T) {
	// {"a":[[]],"b":1} with a depth limit of 3: the third array is refused.
	data := []byte{':', ')', '\n', 0x00, 0xFA, 0x80, 'a', 0xF8, 0xF8, 0xF8, 0xF9, 0xF9, 0xF9, 0x80, 'b', 0xC2, 0xFB}
	r, err := stream.NewReader(data, stream.ReaderOptions{MaxDepth: 3})
	require.NoError(t, err)
	require.False(t, sx.TryStartArray(r), "at the root, before the header")
	tok, err := r.ReadToken()
	require.NoError(t, err)
	require.Equal(t, stream.KindStartObject, tok.Kind)
	require.False(t, sx.TryEndArray(r), "where a key is due")
	_, _, _, err = sx.ReadKey(r)
	require.NoError(t, err)
	require.False(t, sx.TryEndArray(r), "where a value is due in an object")
	require.True(t, sx.TryStartArray(r), "after a key")
	require.Equal(t, int64(7), r.TokenOffset())
	require.Equal(t, 2, r.Depth())
	require.True(t, sx.TryStartArray(r), "in an array")
	require.Equal(t, 3, r.Depth())
	off := r.InputOffset()
	require.False(t, sx.TryStartArray(r), "beyond MaxDepth")
	require.Equal(t, off, r.InputOffset())
	_, err = r.ReadToken()
	var le *stream.LimitError
	require.ErrorAs(t, err, &le, "ReadToken reports the limit")

	r, err = stream.NewReader(data, stream.ReaderOptions{})
	require.NoError(t, err)
	_, err = r.ReadToken()
	require.NoError(t, err)
	_, _, _, err = sx.ReadKey(r)
	require.NoError(t, err)
	for range 3 {
		require.True(t, sx.TryStartArray(r))
	}
	require.False(t, sx.TryStartArray(r), "at the end of an array")
	for i := range 3 {
		require.True(t, sx.TryEndArray(r))
		require.Equal(t, int64(10+i), r.TokenOffset())
		require.Equal(t, 3-i, r.Depth())
	}
	require.False(t, sx.TryEndArray(r), "where a key is due")
	name, _, ok, err := sx.ReadKey(r)
	require.NoError(t, err)
	require.True(t, ok)
	require.Equal(t, "b", string(name))
	require.False(t, sx.TryStartArray(r), "at a value that is no array")
	tok, err = r.ReadToken()
	require.NoError(t, err)
	require.Equal(t, int64(1), tok.Int())
}

// TestReadEmptyArrayShortcut: tryEmptyArray reads [] only where
// ReadToken would read its start without error, leaves the Reader where
// reading both tokens would, and otherwise consumes nothing.
func TestReadEmptyArrayShortcut(t *testing.T) {
	// {"a":[[],[1]],"b":[],"c":[]} with a depth limit of 2 for the
	// second Reader: the empty arrays in "a" are refused there.
	data := []byte{':', ')', '\n', 0x00, 0xFA, 0x80, 'a', 0xF8, 0xF8, 0xF9, 0xF8, 0xC2, 0xF9, 0xF9,
		0x80, 'b', 0xF8, 0xF9, 0x80, 'c', 0xF8, 0xF9, 0xFB}
	for _, depth := range []int{0, 2} {
		r, err := stream.NewReader(data, stream.ReaderOptions{MaxDepth: depth})
		require.NoError(t, err)
		require.False(t, sx.TryEmptyArray(r), "at the root, before the header")
		tok, err := r.ReadToken()
		require.NoError(t, err)
		require.Equal(t, stream.KindStartObject, tok.Kind)
		require.False(t, sx.TryEmptyArray(r), "where a key is due")
		_, _, _, err = sx.ReadKey(r)
		require.NoError(t, err)
		require.False(t, sx.TryEmptyArray(r), "at an array that is not empty")
		require.True(t, sx.TryStartArray(r))
		if depth == 2 {
			off := r.InputOffset()
			require.False(t, sx.TryEmptyArray(r), "beyond MaxDepth")
			require.Equal(t, off, r.InputOffset())
			_, err = r.ReadToken()
			var le *stream.LimitError
			require.ErrorAs(t, err, &le, "ReadToken reports the limit")
			continue
		}
		require.True(t, sx.TryEmptyArray(r), "in an array")
		require.Equal(t, int64(8), r.TokenOffset())
		require.Equal(t, 2, r.Depth())
		require.False(t, sx.TryEmptyArray(r), "at an array that is not empty")
		require.True(t, sx.TryStartArray(r))
		require.False(t, sx.TryEmptyArray(r), "at a value that is no array")
		v, ok := sx.TryInt(r)
		require.True(t, ok)
		require.Equal(t, int64(1), v)
		require.True(t, sx.TryEndArray(r))
		require.True(t, sx.TryEndArray(r))
		name, _, ok, err := sx.ReadKey(r)
		require.NoError(t, err)
		require.True(t, ok)
		require.Equal(t, "b", string(name))
		require.True(t, sx.TryEmptyArray(r), "after a key")
		require.Equal(t, int64(16), r.TokenOffset())
		require.Equal(t, 1, r.Depth())
		require.False(t, sx.TryEmptyArray(r), "where a key is due")
		name, _, ok, err = sx.ReadKey(r)
		require.NoError(t, err)
		require.True(t, ok)
		require.Equal(t, "c", string(name))
		require.True(t, sx.TryEmptyArray(r))
		_, _, ok, err = sx.ReadKey(r)
		require.NoError(t, err)
		require.False(t, ok, "the end of the object")
	}

	// {"b":[ with the rest of the input missing: nothing is consumed,
	// and ReadToken reads the array's start.
	r, err := stream.NewReader(data[:17], stream.ReaderOptions{})
	require.NoError(t, err)
	_, err = r.ReadToken()
	require.NoError(t, err)
	_, _, _, err = sx.ReadKey(r)
	require.NoError(t, err)
	require.True(t, sx.TryStartArray(r)) // "a"
	require.True(t, sx.TryEmptyArray(r))
	require.NoError(t, r.SkipValue())
	require.True(t, sx.TryEndArray(r))
	_, _, _, err = sx.ReadKey(r)
	require.NoError(t, err)
	off := r.InputOffset()
	require.False(t, sx.TryEmptyArray(r), "with the end not buffered")
	require.Equal(t, off, r.InputOffset())
	tok, err := r.ReadToken()
	require.NoError(t, err)
	require.Equal(t, stream.KindStartArray, tok.Kind)
}

// rdPastFirstToken returns a Reader over data that has read its first
// token.
func rdPastFirstToken(t *testing.T, data []byte, opts stream.ReaderOptions) *stream.Reader {
	t.Helper()
	r, err := stream.NewReader(data, opts)
	require.NoError(t, err)
	_, err = r.ReadToken()
	require.NoError(t, err)
	return r
}
