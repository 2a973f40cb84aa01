package smile

import (
	"fmt"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/go-smile/smile/stream"
)

// indexDoc writes an object of n members named k0...k(n-1), then again
// the first dup of them with other values (Unmarshal keeps those), each
// value its position among the members.
func indexDoc(t testing.TB, n, dup int) []byte {
	w, err := stream.NewWriter(stream.WriterOptions{})
	require.NoError(t, err)
	require.NoError(t, w.WriteStartObject())
	for i := range n + dup {
		require.NoError(t, w.WriteKey(fmt.Sprintf("k%d", i%n)))
		require.NoError(t, w.WriteInt(int64(i)))
	}
	require.NoError(t, w.WriteEndObject())
	require.NoError(t, w.EndDocument())
	return w.Bytes()
}

// TestDocumentIndex: Get on objects around the index's threshold, with
// duplicate keys, gives what Unmarshal's map holds at the first lookup
// (linear), the second (which builds the index) and later ones (the
// index), and missing keys are missing; Document.Parse resets the index.
func TestDocumentIndex(t *testing.T) {
	var reused Document
	for _, n := range []int{3, indexMinMembers*3/4 - 1, indexMinMembers * 3 / 4, 100, 1000} {
		data := indexDoc(t, n, n/3)
		var want map[string]any
		require.NoError(t, Unmarshal(data, &want))
		require.NoError(t, reused.Parse(data))
		for _, d := range []*Document{&reused, must(Parse(data))} {
			root := d.Root()
			for round := range 3 {
				for k, v := range want {
					got, err := root.Get(k).Int64()
					require.NoError(t, err, "n=%d round %d key %s", n, round, k)
					require.Equal(t, v, got, "n=%d round %d key %s", n, round, k)
				}
				for _, k := range []string{"", "k", "nope", fmt.Sprintf("k%d", n)} {
					require.False(t, root.Get(k).Exists(), "n=%d round %d key %q", n, round, k)
				}
			}
			built := len(d.idxState) == 1 && d.idxState[0] == idxBuilt
			require.Equal(t, n+n/3 >= indexMinMembers, built, "n=%d", n)
		}
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// TestDocumentIndexConcurrent: goroutines look keys up in the same large
// objects at once, racing to build their indexes (run with -race).
func TestDocumentIndexConcurrent(t *testing.T) {
	data, err := Marshal([]any{
		map[string]any{"a": must(Unmarshal2(indexDoc(t, 200, 10)))},
		must(Unmarshal2(indexDoc(t, 64, 0))),
	})
	require.NoError(t, err)
	var want any
	require.NoError(t, Unmarshal(data, &want))
	for range 3 {
		d, err := Parse(data)
		require.NoError(t, err)
		var wg sync.WaitGroup
		for g := range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := range 300 {
					k := fmt.Sprintf("k%d", (i*7+g)%210)
					obj := d.Root().At("/0/a")
					if i%2 == 1 {
						obj = d.Root().Index(1)
					}
					w, ok := want.([]any)[i%2].(map[string]any)
					if i%2 == 0 {
						w = w["a"].(map[string]any)
					}
					v, exists := w[k]
					got := obj.Get(k)
					if got.Exists() != exists {
						t.Errorf("key %s: exists %v, want %v", k, got.Exists(), exists)
						return
					}
					if exists {
						if x, _ := got.Int64(); x != v.(int64) || !ok {
							t.Errorf("key %s: %d, want %v", k, x, v)
							return
						}
					}
				}
			}()
		}
		wg.Wait()
	}
}

// Unmarshal2 returns the any of data.
func Unmarshal2(data []byte) (any, error) {
	var v any
	err := Unmarshal(data, &v)
	return v, err
}

// TestDocumentIndexArrays: Index on arrays around the table's threshold
// gives the elements Elements gives, at the first call (stepping), the
// second (which builds the table) and later ones.
func TestDocumentIndexArrays(t *testing.T) {
	for _, n := range []int{indexMinElements - 1, indexMinElements, 1000} {
		elems := make([]any, n)
		for i := range elems {
			if i%3 == 0 {
				elems[i] = []any{i, map[string]any{"x": i}}
			} else {
				elems[i] = i
			}
		}
		data, err := Marshal(elems)
		require.NoError(t, err)
		d, err := Parse(data)
		require.NoError(t, err)
		var want []Node
		for e := range d.Root().Elements() {
			want = append(want, e)
		}
		for round := range 3 {
			for i := range n {
				require.Equal(t, want[i], d.Root().Index(i), "n=%d round %d index %d", n, round, i)
			}
			require.False(t, d.Root().Index(n).Exists())
			require.False(t, d.Root().Index(-1).Exists())
		}
		built := len(d.idxState) == 1 && d.idxState[0] == idxBuilt
		require.Equal(t, n >= indexMinElements, built, "n=%d", n)
	}
}
