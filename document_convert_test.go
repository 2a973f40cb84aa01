package smile

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/go-smile/smile/internal/golden"
)

// nodeWalk calls f for every value of the Document under n, with the
// part of the any tree (Unmarshal's) that it stands for and its pointer.
// Of duplicate keys only the last is visited, as the any tree keeps it.
func nodeWalk(n Node, v any, pointer string, f func(n Node, v any, pointer string)) {
	f(n, v, pointer)
	switch v := v.(type) {
	case map[string]any:
		for k, e := range v {
			nodeWalk(n.Get(k), e, pointer+"/"+escapePointer(k), f)
		}
	case []any:
		i := 0
		for c := range n.Elements() {
			nodeWalk(c, v[i], fmt.Sprintf("%s/%d", pointer, i), f)
			i++
		}
	}
}

// goldenDocs returns every golden document of tokens/, json/ and corpus/
// with the DecMode that reads it, except in -short mode the large ones.
func goldenDocs(t *testing.T) (ids []string, modes []DecMode, docs [][]byte) {
	for _, sub := range []string{"tokens", "json", "corpus"} {
		for _, c := range golden.Cases(t, sub) {
			if testing.Short() && len(c.Want) > 64<<10 && sub != "corpus" {
				continue
			}
			ids, modes, docs = append(ids, c.ID()), append(modes, docMode(t, c)), append(docs, c.Want)
		}
	}
	return ids, modes, docs
}

// TestNodeDecodeGolden: for every golden document, Decode of every node
// into an any gives the part of Unmarshal's any tree it stands for, and
// so does Unmarshal of the node's AppendSmile document, which is Valid.
func TestNodeDecodeGolden(t *testing.T) {
	ids, modes, docs := goldenDocs(t)
	for k, data := range docs {
		m, id := modes[k], ids[k]
		var want any
		if m.Unmarshal(data, &want) != nil {
			continue // several root values: not one document (TestDocumentGolden checks Parse's error)
		}
		d, err := m.Parse(data)
		require.NoError(t, err, id)
		count := 0
		nodeWalk(d.Root(), want, "", func(n Node, v any, pointer string) {
			count++
			if raceEnabled && count > 200 {
				return
			}
			var got any
			if err := n.Decode(&got); err != nil {
				t.Fatalf("%s %s: Decode: %v", id, pointer, err)
			}
			if !sameAny(v, got) {
				t.Logf("%s %s", id, pointer)
				requireSameAny(t, v, got)
			}
			b, err := n.AppendSmile(nil)
			require.NoError(t, err, "%s %s", id, pointer)
			require.True(t, m.Valid(b), "%s %s: AppendSmile's output is not Valid: % X", id, pointer, b)
			var again any
			require.NoError(t, m.Unmarshal(b, &again), "%s %s", id, pointer)
			if !sameAny(v, again) {
				t.Logf("%s %s: Unmarshal of AppendSmile", id, pointer)
				requireSameAny(t, v, again)
			}
		})
	}
}
