package smile

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// outputDoc is a root type of its own for the tests of Marshal's output
// buffer (see minDirectOutput): its documents' sizes are the tests'
// alone.
type outputDoc struct {
	Name  string
	Items []string
}

// newOutputDoc returns a document of about n bytes, of items that differ.
func newOutputDoc(n int, name string) *outputDoc {
	d := &outputDoc{Name: name}
	for i := 0; len(d.Items)*40 < n; i++ {
		d.Items = append(d.Items, string(rune('a'+i%26))+strings.Repeat(string(rune('A'+i%26)), 30+i%7))
	}
	return d
}

// TestMarshalOutputBuffer marshals documents of one type past
// minDirectOutput, of steady, growing and shrinking sizes, and checks
// each result against the encoding an Encoder writes (which never
// writes into a result buffer), that no result shares memory with
// another, and that a result wastes at most an eighth of its capacity.
func TestMarshalOutputBuffer(t *testing.T) {
	sizes := []int{
		minDirectOutput * 2, minDirectOutput * 2, minDirectOutput * 2, // steady
		minDirectOutput * 3,                      // outgrows the buffer
		minDirectOutput*3 + minDirectOutput/64,   // within the room for more
		minDirectOutput / 2, minDirectOutput / 2, // far smaller, then below the bound
		minDirectOutput * 4, minDirectOutput*4 - 100, // larger again
	}
	var results [][]byte
	for i, n := range sizes {
		d := newOutputDoc(n, string(rune('a'+i)))
		got, err := Marshal(d)
		require.NoError(t, err)
		var want bytes.Buffer
		require.NoError(t, NewEncoder(&want).Encode(d))
		require.Equal(t, want.Bytes(), got, "document %d of about %d bytes", i, n)
		require.GreaterOrEqual(t, len(got), cap(got)-cap(got)/8, "document %d wastes its capacity", i)
		results = append(results, got)
	}
	// Writing into one result must not change another.
	for i, r := range results {
		keep := bytes.Clone(r)
		for j := range results {
			if j != i {
				full := results[j][:cap(results[j])]
				for k := range full {
					full[k] ^= 0xFF
				}
			}
		}
		require.Equal(t, keep, r, "result %d shares memory with another", i)
		for j := range results {
			if j != i {
				full := results[j][:cap(results[j])]
				for k := range full {
					full[k] ^= 0xFF
				}
			}
		}
	}
}

// TestMarshalOutputAllocs checks that Marshal of a document past
// minDirectOutput, of a steady size, allocates once: the buffer it
// writes into is the result.
func TestMarshalOutputAllocs(t *testing.T) {
	skipUnderRace(t)
	d := newOutputDoc(2*minDirectOutput, "steady")
	_, err := Marshal(d)
	require.NoError(t, err)
	allocs := testing.AllocsPerRun(20, func() {
		if _, err := Marshal(d); err != nil {
			t.Fatal(err)
		}
	})
	require.Equal(t, 1.0, allocs)
}
