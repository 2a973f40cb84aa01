package stream_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/go-smile/smile/stream"
)

// TestReaderKeyTags: a tag stays with its name while the name is in the
// table, and goes when the table is emptied (here by its 1025th name), so
// that the slot's next name starts without one.
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
		name, slot, ok, err := r.ReadKey()
		require.NoError(t, err)
		require.True(t, ok)
		require.Equal(t, "a", string(name))
		require.Equal(t, 0, slot)
		require.Zero(t, r.KeyTag(0))
		r.SetKeyTag(0, 7)
		r.SetKeyTag(5, 9) // no name there yet: ignored
		require.Equal(t, uint64(7), r.KeyTag(0))
		require.Zero(t, r.KeyTag(5))
		require.Zero(t, r.KeyTag(-1))
		_, err = r.ReadToken() // a's value
		require.NoError(t, err)
		for i := 1; i < 1024; i++ {
			require.NoError(t, r.SkipValue())
			require.Equal(t, uint64(7), r.KeyTag(0))
		}
		require.NoError(t, r.SkipValue()) // "b": the table is emptied first
		require.Zero(t, r.KeyTag(0))
		name, slot, ok, err = r.ReadKey()
		require.NoError(t, err)
		require.True(t, ok)
		require.Equal(t, "b", string(name))
		require.Equal(t, 0, slot)
		require.Zero(t, r.KeyTag(0))
	}
}
