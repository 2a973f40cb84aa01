package smile

import (
	"bytes"
	"math"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/go-smile/smile/internal/golden"
)

// budgetObject returns a document holding one object of n distinct
// three-letter keys (names not shared), each with the value 1: 5 input
// bytes an entry, for a map[string]any of about 80 bytes an entry.
func budgetObject(n int) []byte {
	b := mustHex("3A 29 0A 00 FA")
	for i := range n {
		b = append(b, 0x82, byte('a'+i%26), byte('a'+i/26%26), byte('a'+i/676%26), 0xC2)
	}
	return append(b, 0xFB)
}

// tightBound is a MaxExpansion that budgetObject's members fit in when
// gathered (about 9× on 64-bit platforms), but not the map made from
// them: 16 with 8-byte pointers, 8 with 4-byte ones, as Go values halve.
const tightBound = 2 * strconv.IntSize / 8

func TestMaxExpansion(t *testing.T) {
	data := budgetObject(16384)
	m, err := DecOptions{MaxExpansion: tightBound}.DecMode()
	require.NoError(t, err)
	var v any
	err = m.Unmarshal(data, &v)
	var le *LimitError
	require.ErrorAs(t, err, &le)
	require.Equal(t, "MaxExpansion", le.Limit)
	require.Equal(t, int64(len(data)-1), le.Offset, "the end of the object, where its map is made")
	require.Equal(t, int64(tightBound*len(data)), le.Max, "tightBound × the bytes read")
	require.Greater(t, le.Got, le.Max)
	require.ErrorContains(t, err, "MaxExpansion exceeded at offset")

	// The default (64) lets it decode, and so does no bound.
	require.NoError(t, Unmarshal(data, &v))
	require.Len(t, v, 16384)
	m, err = DecOptions{MaxExpansion: math.MaxInt}.DecMode()
	require.NoError(t, err)
	require.NoError(t, m.Unmarshal(data, &v))

	// A typed map grows as entries arrive and is charged as it grows.
	m, _ = DecOptions{MaxExpansion: tightBound / 2}.DecMode()
	var typed map[string]int
	require.ErrorAs(t, m.Unmarshal(data, &typed), &le)
	require.Equal(t, "MaxExpansion", le.Limit)
	require.Less(t, le.Offset, int64(len(data)-1), "before the end: the map grows with the entries")
	require.NoError(t, Unmarshal(data, &typed))
}

func TestMaxExpansionFloor(t *testing.T) {
	// Short documents get 128 KiB whatever their size: 200 nested
	// one-member objects (600 bytes) are 200 Go maps, about 67 KB.
	data := hstCat(mustHex(dhdr), bytes.Repeat([]byte{0xFA, 0x80, 0x61}, 200), []byte{0x21}, bytes.Repeat([]byte{0xFB}, 200))
	m, _ := DecOptions{MaxExpansion: 1}.DecMode()
	var v any
	require.NoError(t, m.Unmarshal(data, &v))
	// 999 of them (3 KB, 340 KB of maps, half that on 32-bit platforms)
	// do not fit.
	data = hstCat(mustHex(dhdr), bytes.Repeat([]byte{0xFA, 0x80, 0x61}, 999), []byte{0x21}, bytes.Repeat([]byte{0xFB}, 999))
	var le *LimitError
	require.ErrorAs(t, m.Unmarshal(data, &v), &le)
	require.Equal(t, "MaxExpansion", le.Limit)
	require.Equal(t, int64(expansionFloor), le.Max)
}

func TestMaxExpansionDecoder(t *testing.T) {
	// The budget of a Decode call is the bytes of its value: a small
	// document after a large one gets the floor, not what is left of the
	// large one's allowance.
	small, big := budgetObject(100), budgetObject(16384)
	m, _ := DecOptions{MaxExpansion: tightBound}.DecMode()
	dec := m.NewDecoder(bytes.NewReader(hstCat(small, big)))
	var v any
	require.NoError(t, dec.Decode(&v))
	err := dec.Decode(&v)
	var le *LimitError
	require.ErrorAs(t, err, &le)
	require.Equal(t, "MaxExpansion", le.Limit)
	require.Equal(t, int64(len(small)+len(big)-1), le.Offset, "offsets count from the start of the stream")
	require.Equal(t, int64(tightBound*len(big)), le.Max, "tightBound × the bytes of this value, header included")
	require.Equal(t, err, dec.Decode(&v), "the error is sticky")

	dec = NewDecoder(bytes.NewReader(hstCat(big, big, small)))
	for range 3 {
		require.NoError(t, dec.Decode(&v))
	}
}

func TestMaxExpansionOption(t *testing.T) {
	_, err := DecOptions{MaxExpansion: -1}.DecMode()
	require.ErrorContains(t, err, "MaxExpansion is -1")
	m, err := DecOptions{}.DecMode()
	require.NoError(t, err)
	require.Equal(t, DefaultMaxExpansion, m.DecOptions().MaxExpansion)
	m, err = DecOptions{MaxExpansion: math.MaxInt}.DecMode()
	require.NoError(t, err)
	require.Equal(t, math.MaxInt, m.DecOptions().MaxExpansion)
}

// TestMaxExpansionCorpus decodes real documents (Jackson's Smile of the
// JSON benchmark corpora) with the default bound, and logs what they
// allocate per input byte, charged and measured.
func TestMaxExpansionCorpus(t *testing.T) {
	dir, err := golden.Dir("corpus")
	if err != nil {
		t.Skip(err)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.smile*"))
	require.NotEmpty(t, files)
	dests := map[string]func() any{
		"any":            func() any { return new(any) },
		"map[string]any": func() any { return new(map[string]any) },
		"RawMessage":     func() any { return new(RawMessage) },
	}
	for _, f := range files {
		data, err := golden.ReadFile(f)
		require.NoError(t, err)
		name := strings.TrimSuffix(filepath.Base(f), ".gz")
		for dn, newV := range dests {
			d, err := newDecodeState(defaultDecConfig, data)
			require.NoError(t, err)
			fn, p, err := d.rootDecoder(newV())
			require.NoError(t, err)
			require.NoError(t, d.value(fn, p, false), "%s into %s", name, dn)
			charged := d.used
			d.release()
			var alloc uint64
			if !raceEnabled {
				alloc = memAlloc(func() { require.NoError(t, Unmarshal(data, newV())) })
			}
			t.Logf("%-30s into %-15s charged %5.1f×, allocated %5.1f× (%d bytes)", name, dn,
				float64(charged)/float64(len(data)), float64(alloc)/float64(len(data)), len(data))
		}
	}
}

func TestCaptureKeepsSharedValues(t *testing.T) {
	// ["abc", ref 0, ref 0] with shared values: the copy refers back too.
	data := mustHex("3A 29 0A 03 F8 42 61 62 63 01 01 F9")
	var r RawMessage
	require.NoError(t, Unmarshal(data, &r))
	require.Equal(t, data, []byte(r))

	// {"k": ["abc", "abc"]} with a reference: the value of "k" alone.
	data = mustHex("3A 29 0A 03 FA 80 6B F8 42 61 62 63 01 F9 FB")
	var s struct {
		K RawMessage `smile:"k"`
	}
	require.NoError(t, Unmarshal(data, &s))
	require.Equal(t, mustHex("3A 29 0A 03 F8 42 61 62 63 01 F9"), []byte(s.K))

	// A Decoder copies each value with the tables of the header before it:
	// none, then names and values.
	plain := mustHex("3A 29 0A 00 F8 42 61 62 63 42 61 62 63 F9")
	dec := NewDecoder(bytes.NewReader(hstCat(plain, data)))
	var d RawMessage
	require.NoError(t, dec.Decode(&d))
	require.Equal(t, plain, []byte(d))
	require.NoError(t, dec.Decode(&d))
	require.Equal(t, data, []byte(d))
}

func TestCaptureMaxContainerLen(t *testing.T) {
	m, _ := DecOptions{MaxContainerLen: 2}.DecMode()
	for _, tc := range []struct {
		name string
		hex  string
		off  int64
	}{
		{"array", "F8 C2 C4 C6 F9", 7},
		{"object", "FA 80 61 C2 80 62 C4 80 63 C6 FB", 11},
		{"nested array", "F8 F8 C2 C4 C6 F9 F9", 8},
		{"array in object", "FA 80 61 F8 C2 C4 C6 F9 FB", 10},
	} {
		t.Run(tc.name, func(t *testing.T) {
			data := mustHex(dhdr + tc.hex)
			var r RawMessage
			err := m.Unmarshal(data, &r)
			var le *LimitError
			require.ErrorAs(t, err, &le)
			require.Equal(t, "MaxContainerLen", le.Limit)
			require.Equal(t, int64(3), le.Got)
			require.Equal(t, tc.off, le.Offset)
			var v any
			require.Equal(t, err, m.Unmarshal(data, &v), "as decoding into any")
		})
	}
	// Two elements, and an object of two members holding them, fit.
	var r RawMessage
	require.NoError(t, m.Unmarshal(mustHex(dhdr+"FA 80 61 F8 C2 C4 F9 80 62 21 FB"), &r))
}

func TestCaptureInvalidUTF8(t *testing.T) {
	m, err := DecOptions{AllowInvalidUTF8: true}.DecMode()
	require.NoError(t, err)
	for _, tc := range []struct {
		name, in, want string // hex after the header
	}{
		// Strings of 1-32 and 33-64 bytes take the ASCII forms, 65 the
		// short Unicode form, longer ones the long form.
		{"tiny", "FA 80 61 80 C3 28 FB", "FA 80 61 41 C3 28 FB"},
		{"short", "F8 " + "7F" + strings.Repeat("FE ", 64) + "F9", "F8 7F" + strings.Repeat(" FE", 64) + " F9"},
		{"65 bytes", "BF" + strings.Repeat(" FE", 65), "BF" + strings.Repeat(" FE", 65)},
		{"long", "E4 " + strings.Repeat("FF ", 70) + "FC", "E4 " + strings.Repeat("FF ", 70) + "FC"},
		{"key", "FA C0 C3 28 C2 FB", "FA 81 C3 28 C2 FB"},
		{"long key", "FA 34 " + strings.Repeat("FF ", 70) + "FC C2 FB", "FA 34 " + strings.Repeat("FF ", 70) + "FC C2 FB"},
		{"root 1 byte", "40 FF", "40 FF"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			data := mustHex("3A 29 0A 00 " + tc.in)
			var r RawMessage
			require.NoError(t, m.Unmarshal(data, &r))
			require.Equal(t, mustHex("3A 29 0A 00 "+tc.want), []byte(r), "no shared names or values, as the input")
			var want, got any
			require.NoError(t, m.Unmarshal(data, &want))
			require.NoError(t, m.Unmarshal(r, &got))
			require.Equal(t, want, got)
			var syn *SyntaxError
			require.ErrorAs(t, Unmarshal(data, &r), &syn, "refused by default")
		})
	}
}

func TestCaptureInvalidUTF8Unmarshaler(t *testing.T) {
	// An Unmarshaler receives the same document.
	m, _ := DecOptions{AllowInvalidUTF8: true}.DecMode()
	var v struct{ A smileU }
	require.NoError(t, m.Unmarshal(mustHex(dhdr+"FA 80 41 80 C3 28 FB"), &v))
	require.Equal(t, "3A290A0141C328", v.A.Doc, "with the input's shared names")
}

func TestCaptureInvalidUTF8Shared(t *testing.T) {
	// Invalid strings are shared like valid ones: the reference stays one.
	m, _ := DecOptions{AllowInvalidUTF8: true}.DecMode()
	data := mustHex("3A 29 0A 03 F8 80 C3 28 01 F9")
	var r RawMessage
	require.NoError(t, m.Unmarshal(data, &r))
	require.Equal(t, mustHex("3A 29 0A 03 F8 41 C3 28 01 F9"), []byte(r))
}
