package stream_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/go-smile/smile/stream"
)

// TestTryKeyRef: a short reference to a name whose latest tag is in
// [base, base+span) is read and its tag returned; anything else (a name
// in full, a reference to an untagged name, to a name tagged outside the
// range or tagged only before, a long reference, the end of the object, a
// value where a key is due) is left for ReadTaggedKey, nothing consumed.
// Over a []byte, whose bytes are all at hand (a stream Reader may not
// hold the next byte yet, and then reports false too).
func TestTryKeyRef(t *testing.T) {
	// {"a":1,"b":2,"a":3,"b":4,"a":5,"a":6} with shared names.
	data := []byte{':', ')', '\n', 0x01, 0xFA,
		0x80, 'a', 0xC2,
		0x80, 'b', 0xC4,
		0x40, 0xC6,
		0x41, 0xC8,
		0x40, 0xCA,
		0x40, 0xCC,
		0xFB}
	const base, span = 100 << 16, 3
	{
		r := rdNewTestReader(t, "bytes", data, stream.ReaderOptions{})
		_, ok := sx.TryKeyRef(r, base, span)
		require.False(t, ok, "before the object")
		_, err := r.ReadToken()
		require.NoError(t, err)
		for _, want := range []string{"a", "b"} { // names in full
			_, ok = sx.TryKeyRef(r, base, span)
			require.False(t, ok)
			name, _, ok, err := sx.ReadKey(r)
			require.NoError(t, err)
			require.True(t, ok)
			require.Equal(t, want, string(name))
			_, ok = sx.TryKeyRef(r, base, span)
			require.False(t, ok, "a value is due")
			require.NoError(t, r.SkipValue())
		}
		sx.SetKeyTag(r, 0, base+2)
		sx.SetKeyTag(r, 1, base+span) // outside the range
		off := r.InputOffset()
		tag, ok := sx.TryKeyRef(r, base, span)
		require.True(t, ok, "a")
		require.Equal(t, uint64(base+2), tag)
		require.Equal(t, off, r.TokenOffset())
		require.Equal(t, off+1, r.InputOffset())
		v, err := r.ReadToken()
		require.NoError(t, err)
		require.Equal(t, int64(3), v.Int())
		_, ok = sx.TryKeyRef(r, base, span)
		require.False(t, ok, "b: tagged outside the range")
		require.Equal(t, off+2, r.InputOffset(), "nothing consumed")
		_, slot, ok, err := sx.ReadKey(r)
		require.NoError(t, err)
		require.True(t, ok)
		require.Equal(t, 1, slot)
		require.NoError(t, r.SkipValue())
		sx.SetKeyTag(r, 0, 7) // base+2 is now the tag before: not enough
		_, ok = sx.TryKeyRef(r, base, span)
		require.False(t, ok, "a: tagged in range only before")
		_, _, ok, err = sx.ReadKey(r)
		require.NoError(t, err)
		require.True(t, ok)
		require.NoError(t, r.SkipValue())
		sx.SetKeyTag(r, 0, base)
		_, ok = sx.TryKeyRef(r, base, 0)
		require.False(t, ok, "an empty range")
		tag, ok = sx.TryKeyRef(r, base, span)
		require.True(t, ok)
		require.Equal(t, uint64(base), tag)
		require.NoError(t, r.SkipValue())
		_, ok = sx.TryKeyRef(r, base, span)
		require.False(t, ok, "the end of the object")
		_, _, ok, err = sx.ReadKey(r)
		require.NoError(t, err)
		require.False(t, ok)
	}
}

// TestTryKeyRefLong: a long reference is left for ReadTaggedKey, which
// reads it.
func TestTryKeyRefLong(t *testing.T) {
	data := []byte{':', ')', '\n', 0x01, 0xFA}
	for i := range 65 { // 65 names: the 65th is referred to by a long reference
		data = append(data, 0x81, byte('A'+i/26), byte('a'+i%26), 0xC2)
	}
	data = append(data, 0x30, 64, 0xC4, 0xFB)
	r := rdNewTestReader(t, "bytes", data, stream.ReaderOptions{})
	_, err := r.ReadToken()
	require.NoError(t, err)
	for range 65 {
		require.NoError(t, r.SkipValue())
	}
	sx.SetKeyTag(r, 64, 5)
	_, ok := sx.TryKeyRef(r, 0, 10)
	require.False(t, ok)
	_, slot, ok, err := sx.ReadKey(r)
	require.NoError(t, err)
	require.True(t, ok)
	require.Equal(t, 64, slot)
}
