package smile

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/go-smile/smile/internal/golden"
	"github.com/go-smile/smile/stream"
)

// TestEncModeWriterWireOptions writes the root arrays Jackson wrote in
// testdata/golden, element by element with MarshalEncode, into Writers
// made by the mode of each case's config (m.NewWriterTo and m.NewWriter),
// and compares the bytes with Jackson's: shared values, the end marker,
// the missing header, raw binary and unshared names come from the mode.
// A Writer made with the default stream options writes other bytes for
// the configs that differ from the defaults on the wire.
func TestEncModeWriterWireOptions(t *testing.T) {
	checked := map[string]int{}
	defaultDiffers := map[string]int{}
	for _, sub := range []string{"tokens", "json"} {
		for _, c := range golden.Cases(t, sub) {
			b := &opsBuilder{ops: c.Ops}
			docs, err := b.documents()
			if _, ok := err.(errSkip); ok {
				continue
			}
			require.NoError(t, err, c.ID())
			elems, ok := docs[0].([]any)
			if len(docs) != 1 || !ok {
				continue
			}
			m := goldenEncMode(t, c)
			write := func(w *stream.Writer) {
				t.Helper()
				require.NoError(t, w.WriteStartArray(), c.ID())
				for _, e := range elems {
					require.NoError(t, m.MarshalEncode(w, e), c.ID())
				}
				require.NoError(t, w.WriteEndArray(), c.ID())
				require.NoError(t, w.EndDocument(), c.ID())
				require.NoError(t, w.Flush(), c.ID())
			}
			var out bytes.Buffer
			write(m.NewWriterTo(&out))
			require.Equal(t, golden.Hex(c.Want), golden.Hex(out.Bytes()), "%s: m.NewWriterTo", c.ID())
			w := m.NewWriter()
			write(w)
			require.Equal(t, golden.Hex(c.Want), golden.Hex(w.Bytes()), "%s: m.NewWriter", c.ID())
			checked[c.Config.Name]++

			// What MarshalEncode wrote before the mode made the Writer.
			var plain bytes.Buffer
			pw, err := stream.NewWriterTo(&plain, stream.WriterOptions{LegacyFloat32SignBits: m.EncOptions().LegacyFloat32SignBits})
			require.NoError(t, err)
			write(pw)
			if !bytes.Equal(plain.Bytes(), c.Want) {
				defaultDiffers[c.Config.Name]++
			}
		}
	}
	t.Logf("root arrays written per config: %v; of them, differing with the default Writer: %v", checked, defaultDiffers)
	for _, cfg := range golden.Configs {
		require.NotZero(t, checked[cfg.Name], cfg.Name)
		if cfg.Name != "default" {
			// Each of these wire options changes the bytes of some case.
			require.NotZero(t, defaultDiffers[cfg.Name], cfg.Name)
		} else {
			require.Zero(t, defaultDiffers[cfg.Name])
		}
	}
}

// TestEncModeWriterSharedValuesEndMarker is the case of the issue: a mode
// with SharedValues and EndMarker, whose Writer writes the header flags
// of the specification (0x03: shared names and shared values), a
// back-reference for the repeated value and the 0xFF end marker.
func TestEncModeWriterSharedValuesEndMarker(t *testing.T) {
	m, err := EncOptions{SharedValues: true, EndMarker: true}.EncMode()
	require.NoError(t, err)
	var out bytes.Buffer
	w := m.NewWriterTo(&out)
	require.NoError(t, w.WriteStartArray())
	for range 2 {
		require.NoError(t, m.MarshalEncode(w, "abc"))
	}
	require.NoError(t, w.WriteEndArray())
	require.NoError(t, w.EndDocument())
	require.NoError(t, w.Flush())
	// As the spec digest's vector 22 (shared values on, a value written
	// twice): the header with flags 0x03, [, "abc" in full (tiny ASCII
	// 0x42), the back-reference to shared value 0 (0x01), ], and the end
	// marker 0xFF.
	require.Equal(t, "3A 29 0A 03 F8 42 61 62 63 01 F9 FF", golden.Hex(out.Bytes()))
}

// TestDecModeReaderOptions checks that the Readers a DecMode makes read
// with its rules and limits, where one made with the default stream
// options does not.
func TestDecModeReaderOptions(t *testing.T) {
	// A headerless document Jackson wrote: only a mode with
	// HeaderOptional reads it.
	dir, err := golden.Dir("tokens")
	require.NoError(t, err)
	noHeader, err := golden.ReadFile(dir + "/abc-twice.noheader.smile")
	require.NoError(t, err)
	opt, err := DecOptions{HeaderOptional: true}.DecMode()
	require.NoError(t, err)
	var want any
	require.NoError(t, opt.Unmarshal(noHeader, &want))
	for name, r := range map[string]*stream.Reader{
		"NewReader":     opt.NewReader(noHeader),
		"NewReaderFrom": opt.NewReaderFrom(bytes.NewReader(noHeader)),
	} {
		var got any
		require.NoError(t, opt.UnmarshalDecode(r, &got), name)
		require.Equal(t, want, got, name)
	}
	plain, err := stream.NewReader(noHeader, stream.ReaderOptions{})
	require.NoError(t, err)
	var got any
	require.Error(t, opt.UnmarshalDecode(plain, &got), "a Reader with the default options requires the header")

	// A string longer than the mode's MaxStringLen.
	doc, err := Marshal([]string{"short", strings.Repeat("x", 100)})
	require.NoError(t, err)
	small, err := DecOptions{MaxStringLen: 10}.DecMode()
	require.NoError(t, err)
	for name, r := range map[string]*stream.Reader{
		"NewReader":     small.NewReader(doc),
		"NewReaderFrom": small.NewReaderFrom(bytes.NewReader(doc)),
	} {
		var s []string
		var le *LimitError
		require.ErrorAs(t, small.UnmarshalDecode(r, &s), &le, name)
		require.ErrorContains(t, le, "MaxStringLen", name)
	}
	plain, err = stream.NewReader(doc, stream.ReaderOptions{})
	require.NoError(t, err)
	var s []string
	require.NoError(t, small.UnmarshalDecode(plain, &s), "the default Reader's limit is 64 MiB")

	// A nil io.Reader is an error at the first read, not a panic.
	var v any
	err = DecMode{}.UnmarshalDecode(DecMode{}.NewReaderFrom(nil), &v)
	require.Error(t, err)
	require.ErrorContains(t, err, "NewReaderFrom was given a nil io.Reader")
}
