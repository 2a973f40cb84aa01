package smile

import (
	"bytes"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"
	"testing"

	"github.com/go-smile/smile/internal/golden"
	"github.com/stretchr/testify/require"
)

// The golden tests marshal Go values equivalent to the documents Jackson
// wrote in testdata/golden and compare the bytes with Jackson's. The Go
// values are built from the op streams Jackson was driven with: objects
// become structs made with reflect.StructOf (one field per key, in the
// document's order, named by a smile tag) or, when their keys are sorted,
// maps, whose keys Marshal sorts.

// goldenEncMode returns the mode that writes like the Jackson of c.
func goldenEncMode(t testing.TB, gc golden.Case) EncMode {
	c := gc.Config
	m, err := EncOptions{
		OmitHeader:            c.OmitHeader,
		DisableSharedNames:    c.DisableSharedNames,
		SharedValues:          c.SharedValues,
		RawBinary:             c.RawBinary,
		EndMarker:             c.EndMarker,
		LegacyFloat32SignBits: gc.Jackson().Float32SignExtended, // Jackson 2.18 and earlier
	}.EncMode()
	require.NoError(t, err)
	return m
}

// opsBuilder turns golden ops into Go values.
type opsBuilder struct {
	ops     []golden.Op
	i       int
	preferM bool // use a map for objects whose keys are sorted
}

// errSkip marks a document that has no Go equivalent Marshal can write.
type errSkip string

func (e errSkip) Error() string { return string(e) }

// documents splits the ops into documents (at NewDocument) and returns the
// root value of each.
func (b *opsBuilder) documents() ([]any, error) {
	var docs []any
	for b.i < len(b.ops) {
		if b.ops[b.i].Kind == golden.NewDocument {
			return nil, errSkip("empty document")
		}
		v, err := b.value()
		if err != nil {
			return nil, err
		}
		docs = append(docs, v)
		if b.i < len(b.ops) {
			if b.ops[b.i].Kind != golden.NewDocument {
				return nil, errSkip("several root values in one document")
			}
			b.i++
			if b.i == len(b.ops) {
				return nil, errSkip("empty last document")
			}
		}
	}
	return docs, nil
}

func (b *opsBuilder) value() (any, error) {
	op := b.ops[b.i]
	b.i++
	switch op.Kind {
	case golden.Null:
		return nil, nil
	case golden.True:
		return true, nil
	case golden.False:
		return false, nil
	case golden.String:
		return op.Str, nil
	case golden.Int:
		return op.Int, nil
	case golden.BigInt:
		return op.Big, nil
	case golden.Float32:
		return math.Float32frombits(uint32(op.Bits)), nil
	case golden.Float64:
		return math.Float64frombits(op.Bits), nil
	case golden.BigDecimal:
		return Decimal{Unscaled: op.Big, Scale: op.Scale}, nil
	case golden.Binary:
		return op.Bin, nil
	case golden.StartArray:
		arr := []any{}
		for b.ops[b.i].Kind != golden.EndArray {
			v, err := b.value()
			if err != nil {
				return nil, err
			}
			arr = append(arr, v)
		}
		b.i++
		return arr, nil
	case golden.StartObject:
		var keys []string
		var vals []any
		for b.ops[b.i].Kind != golden.EndObject {
			keys = append(keys, b.ops[b.i].Str)
			b.i++
			v, err := b.value()
			if err != nil {
				return nil, err
			}
			vals = append(vals, v)
		}
		b.i++
		return b.object(keys, vals)
	}
	return nil, fmt.Errorf("unexpected op %v", op)
}

// object returns a struct or a map with the keys and values.
func (b *opsBuilder) object(keys []string, vals []any) (any, error) {
	sorted := slices.IsSorted(keys) && len(slices.Compact(slices.Clone(keys))) == len(keys)
	if b.preferM && sorted {
		m := make(map[string]any, len(keys))
		for i, k := range keys {
			m[k] = vals[i]
		}
		return m, nil
	}
	seen := map[string]bool{}
	fields := make([]reflect.StructField, len(keys))
	for i, k := range keys {
		if !isValidTag(k) || seen[k] {
			if sorted {
				b.preferM = true
				defer func() { b.preferM = false }()
				return b.object(keys, vals)
			}
			return nil, errSkip("object with unsorted keys that are not valid tags: " + strconv.Quote(k))
		}
		seen[k] = true
		tag := k
		if k == "-" {
			tag = "-,"
		}
		fields[i] = reflect.StructField{
			Name: "F" + strconv.Itoa(i),
			Type: reflect.TypeFor[any](),
			Tag:  reflect.StructTag(`smile:` + strconv.Quote(tag)),
		}
	}
	sv := reflect.New(reflect.StructOf(fields)).Elem()
	for i, v := range vals {
		if v != nil {
			sv.Field(i).Set(reflect.ValueOf(v))
		}
	}
	return sv.Interface(), nil
}

// marshalGolden encodes the documents as Jackson did: one Marshal call, or
// one Encoder.Encode per document.
func marshalGolden(t testing.TB, m EncMode, docs []any) []byte {
	if len(docs) == 1 {
		got, err := m.Marshal(docs[0])
		require.NoError(t, err)
		return got
	}
	var buf bytes.Buffer
	enc := m.NewEncoder(&buf)
	for _, d := range docs {
		require.NoError(t, enc.Encode(d))
	}
	return buf.Bytes()
}

func testGoldenDir(t *testing.T, sub string) {
	skipped := map[string]string{}
	checked := 0
	for _, c := range golden.Cases(t, sub) {
		for _, preferMap := range []bool{false, true} {
			b := &opsBuilder{ops: c.Ops, preferM: preferMap}
			docs, err := b.documents()
			if _, ok := err.(errSkip); ok {
				skipped[c.Name] = err.Error()
				continue
			}
			require.NoError(t, err, c.ID())
			got := marshalGolden(t, goldenEncMode(t, c), docs)
			if !bytes.Equal(got, c.Want) {
				i := golden.FirstDiff(got, c.Want)
				t.Errorf("%s (maps=%v): differs from Jackson at byte %d of %d\n got: %s\nwant: %s", c.ID(), preferMap, i, len(c.Want),
					golden.Hex(got[max(0, i-8):min(len(got), i+24)]), golden.Hex(c.Want[max(0, i-8):min(len(c.Want), i+24)]))
			}
			checked++
		}
	}
	t.Logf("%d encodings compared with Jackson; skipped: %v", checked, skipped)
	require.NotZero(t, checked)
}

func TestMarshalGoldenTokens(t *testing.T) { testGoldenDir(t, "tokens") }
func TestMarshalGoldenJSON(t *testing.T)   { testGoldenDir(t, "json") }

func TestMarshalGoldenCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("large documents")
	}
	testGoldenDir(t, "corpus")
}
