package smile

import (
	"io"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// The tests of this file prove the comments that say a path does not
// allocate: each fails when the path allocates. They go through an
// Encoder (which allocates nothing per value once warm) or Unmarshal into
// a value that is already there, so that only the path itself could
// allocate. The race detector makes sync.Pool drop items: they skip
// under it.

func skipUnderRace(t *testing.T) {
	t.Helper()
	if raceEnabled {
		t.Skip("the race detector makes sync.Pool drop items and allocates")
	}
}

// requireEncodeNoAllocs requires that encoding v with a warm Encoder of m
// allocates nothing.
func requireEncodeNoAllocs(t *testing.T, m EncMode, v any) {
	t.Helper()
	enc := m.NewEncoder(io.Discard)
	require.NoError(t, enc.Encode(v))
	allocs := testing.AllocsPerRun(100, func() {
		if err := enc.Encode(v); err != nil {
			t.Fatal(err)
		}
	})
	require.Zero(t, allocs, "%T", v)
}

type allocsPoint struct{ X, Y int }

// TestEncodeWordAllocs proves encodeWord's comment: a pointer-shaped
// value held in an interface (a pointer, a map, a struct of one pointer)
// is handed to its encoder without an allocation.
func TestEncodeWordAllocs(t *testing.T) {
	skipUnderRace(t)
	n := 7
	v := []any{
		&allocsPoint{1, 2},
		map[string]int{"a": 1, "b": 2},
		struct{ P *int }{&n},
	}
	if puregoEnabled { // the map's iterator allocates (see TestEncoderMapAllocs)
		v = slices.Delete(v, 1, 2)
	}
	requireEncodeNoAllocs(t, EncMode{}, v)
	// A non-empty interface, holding a struct of one pointer.
	var s allocsStringer = allocsName{&n}
	requireEncodeNoAllocs(t, EncMode{}, struct{ S allocsStringer }{s})
}

type allocsStringer interface{ String() string }

type allocsName struct{ P *int }

func (s allocsName) String() string { return strconv.Itoa(*s.P) }

// TestStringMapEncoderAllocs proves stringMapEncoder's comment: maps with
// string keys and string or any elements, named or not, are written
// without an allocation, keys sorted or not.
func TestStringMapEncoderAllocs(t *testing.T) {
	skipUnderRace(t)
	type labels map[string]string
	type attrs map[string]any
	big := map[string]string{}
	for i := range 40 {
		big["key"+strconv.Itoa(i)] = "v"
	}
	v := struct {
		A map[string]string
		B labels
		C map[string]any
		D attrs
		E map[string]string
	}{
		A: map[string]string{"b": "2", "a": "1", "c": "3"},
		B: labels{"y": "1", "x": "2"},
		C: map[string]any{"n": 1.5, "s": "x", "m": map[string]any{"k": true, "j": nil}},
		D: attrs{"q": "r", "p": []any{"s"}},
		E: big,
	}
	for _, order := range []MapKeyOrder{MapKeysSorted, MapKeysUnsorted} {
		m, err := EncOptions{MapKeyOrder: order}.EncMode()
		require.NoError(t, err)
		requireEncodeNoAllocs(t, m, &v)
	}
}

// TestNewStringChunkAllocs proves newString's comment: the short strings
// of a document are carved from one shared chunk, not allocated one by
// one. 200 different strings decoded into a slice with room for them
// cost at most one allocation, the chunk (fewer on average, as AllocsPerRun
// counts them: a chunk's unused tail serves the next call), where one
// per string would be 200. (They are longer than 64 bytes, the
// longest a shared-value slot holds, so that none is a string that
// slotString made and kept in an earlier call.)
func TestNewStringChunkAllocs(t *testing.T) {
	skipUnderRace(t)
	in := make([]string, 200)
	for i := range in {
		in[i] = strings.Repeat("x", 64) + strconv.Itoa(1000+i)
	}
	data, err := Marshal(in)
	require.NoError(t, err)
	v := make([]string, 0, len(in))
	allocs := testing.AllocsPerRun(100, func() {
		v = v[:0]
		if err := Unmarshal(data, &v); err != nil {
			t.Fatal(err)
		}
	})
	require.Equal(t, in, v)
	require.LessOrEqual(t, allocs, 1.0, "allocations to decode 200 strings")
}

// TestMethodsToFromAllocs proves MarshalerTo's and UnmarshalerFrom's doc
// comments: a method that writes to the Writer, or reads tokens from the
// Reader, costs the call no allocation of its own.
func TestMethodsToFromAllocs(t *testing.T) {
	skipUnderRace(t)
	v := struct{ P, Q scPoint }{scPoint{1, 1 << 40}, scPoint{-3, 4}}
	requireEncodeNoAllocs(t, EncMode{}, &v)
	data, err := Marshal(&v)
	require.NoError(t, err)
	var back struct{ P, Q scPoint }
	allocs := testing.AllocsPerRun(100, func() {
		if err := Unmarshal(data, &back); err != nil {
			t.Fatal(err)
		}
	})
	require.Equal(t, v, back)
	require.Zero(t, allocs)
}

// TestEncoderMapAllocs proves the package documentation's "encoding a
// value of a type it has seen allocates nothing, maps included": maps of
// every key kind but those whose keys are marshaled by a method (whose
// MarshalText allocates its result), keys sorted or not.
func TestEncoderMapAllocs(t *testing.T) {
	skipUnderRace(t)
	if puregoEnabled {
		t.Skip("with -tags purego these maps are read by reflect2's iterator, which allocates (doc.go, The purego build tag)")
	}
	type id int64
	for _, v := range []any{
		map[int]string{1: "a", 22: "b", 333: "c"},
		map[uint8]bool{1: true, 2: false},
		map[id]float64{-1: 2, 3: 4},
		map[string]int{"a": 1, "b": 2},
		map[string][]int{"a": {1}, "b": {2, 3}},
		struct{ M map[int64]map[string]string }{map[int64]map[string]string{1: {"x": "y"}, 2: nil}},
	} {
		for _, order := range []MapKeyOrder{MapKeysSorted, MapKeysUnsorted} {
			m, err := EncOptions{MapKeyOrder: order}.EncMode()
			require.NoError(t, err)
			requireEncodeNoAllocs(t, m, v)
		}
	}
}
