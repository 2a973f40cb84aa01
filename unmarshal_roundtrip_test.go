package smile

import (
	"math/big"
	"reflect"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"
)

// TestUnmarshalRoundTrip decodes Jackson's documents into Go types,
// encodes the values with Marshal (under several modes) and decodes them
// again: the values must survive unchanged.
func TestUnmarshalRoundTrip(t *testing.T) {
	modes := map[string]EncOptions{
		"default":      {},
		"sharedvalues": {SharedValues: true, EndMarker: true},
		"rawbinary":    {RawBinary: true, DisableSharedNames: true},
	}
	for _, pc := range parityCases {
		if pc.name != "fresh" && pc.name != "embedded" {
			continue
		}
		for mname, eo := range modes {
			t.Run(pc.doc+"/"+mname, func(t *testing.T) {
				em, err := eo.EncMode()
				require.NoError(t, err)
				v := pc.new()
				require.NoError(t, Unmarshal(goldenDoc(t, pc.doc, ".default.smile"), v))
				data, err := em.Marshal(v)
				require.NoError(t, err)
				w := reflect.New(reflect.TypeOf(v).Elem()).Interface()
				require.NoError(t, Unmarshal(data, w))
				if diff := cmp.Diff(v, w, decCmpOpts); diff != "" {
					t.Fatalf("(-before +after):\n%s", diff)
				}
			})
		}
	}
	// Special types.
	type special struct {
		Big   *big.Int
		Dec   Decimal
		Num   Number
		Bytes []byte
		Arr   [4]byte
		F32   float32
		U64   uint64
		Raw   RawMessage
		Any   any
	}
	in := special{Big: bigInt("-123456789012345678901234567890"), Dec: Decimal{Unscaled: big.NewInt(-10025), Scale: 2},
		Num: "1.5", Bytes: []byte{0, 1, 0xFF}, Arr: [4]byte{1, 2, 3, 4}, F32: 29.951, U64: 1<<64 - 1,
		Raw: mustHex(dhdr + "F8 C2 F9"), Any: map[string]any{"a": []any{int64(1), "x", nil, true, 2.5}}}
	data, err := Marshal(&in)
	require.NoError(t, err)
	var out special
	require.NoError(t, Unmarshal(data, &out))
	if diff := cmp.Diff(in, out, decCmpOpts); diff != "" {
		t.Fatalf("(-before +after):\n%s", diff)
	}
}
