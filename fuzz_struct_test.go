package smile

import (
	"encoding/json"
	"math/big"
	"testing"
	"time"
)

// fzAllKinds has a field of every kind Unmarshal handles.
type fzAllKinds struct {
	B    bool             `smile:"b"`
	I    int              `smile:"i"`
	I8   int8             `smile:"i8"`
	I16  int16            `smile:"i16"`
	I32  int32            `smile:"i32"`
	I64  int64            `smile:"i64"`
	U    uint             `smile:"u"`
	U8   uint8            `smile:"u8"`
	U16  uint16           `smile:"u16"`
	U32  uint32           `smile:"u32"`
	U64  uint64           `smile:"u64"`
	UP   uintptr          `smile:"up"`
	F32  float32          `smile:"f32"`
	F64  float64          `smile:"f64"`
	S    string           `smile:"s"`
	Bs   []byte           `smile:"bs"`
	Ba   [4]byte          `smile:"ba"`
	A    [3]int           `smile:"a"`
	Sl   []string         `smile:"sl"`
	M    map[string]int   `smile:"m"`
	MI   map[int]string   `smile:"mi"`
	MT   map[int8]bool    `smile:"mt"`
	P    *int             `smile:"p"`
	PP   **string         `smile:"pp"`
	Any  any              `smile:"any"`
	St   *fzAllKinds      `smile:"st"`
	BI   big.Int          `smile:"bi"`
	BIP  *big.Int         `smile:"bip"`
	D    Decimal          `smile:"d"`
	N    Number           `smile:"n"`
	JN   json.Number      `smile:"jn"`
	T    time.Time        `smile:"t"`
	Raw  RawMessage       `smile:"raw"`
	JRaw json.RawMessage  `smile:"jraw"`
	C    color            `smile:"c"`
	SU   smileU           `smile:"su"`
	TU   textU            `smile:"tu"`
	SlSt []fzAllKinds     `smile:"slst"`
	MSt  map[string]*int8 `smile:"mst"`
	If   interface{ M() } `smile:"if"`
	fzEmb
	Omit string `smile:"-"`
}

// fzEmb is embedded in fzAllKinds.
type fzEmb struct {
	E  int    `smile:"e"`
	E2 string `json:"e2"`
}

// FuzzUnmarshalStruct: Unmarshal into a struct with every field kind
// never panics; its errors are typed; what it accepts, Valid accepts; and
// what it decodes Marshal writes as a valid document (or refuses with a
// typed error).
func FuzzUnmarshalStruct(f *testing.F) {
	fzAddGoldenSeeds(f)
	seed, err := Marshal(fzAllKinds{I: -1, U64: 1 << 63, S: "é", Bs: []byte{1}, M: map[string]int{"a": 1}, Any: []any{1.5, "x"},
		St: &fzAllKinds{F32: 1.5}, D: Decimal{Unscaled: big.NewInt(15), Scale: 1}, N: "1e3", T: time.Unix(1, 0).UTC(), fzEmb: fzEmb{E: 3},
		JRaw: json.RawMessage(`{"a":[1,2.5,"s"]}`), C: blue})
	if err != nil {
		f.Fatal(err)
	}
	f.Add(seed)
	f.Fuzz(func(t *testing.T, data []byte) {
		var v fzAllKinds
		err := Unmarshal(data, &v)
		if err != nil {
			hstCheckFuzzErr(t, err, data)
			return
		}
		// Values under keys that match no field are skipped, and skipping
		// checks what reading checks: what Unmarshal accepts is valid.
		if !Valid(data) {
			t.Fatalf("Unmarshal into a struct accepts what Valid refuses")
		}
		again, err := Marshal(&v)
		if err != nil {
			// A decoded value may hold what Marshal refuses (invalid
			// UTF-8 cannot arrive, but a RawMessage or Number may be
			// odd); it must be a typed error.
			switch err.(type) {
			case *UnsupportedValueError, *UnsupportedTypeError, *MarshalerError:
				return
			}
			t.Fatalf("Marshal of a decoded value: %T %v", err, err)
		}
		// The test's Unmarshaler types have no matching Marshal methods, so
		// the output is re-read as a document, not into the struct.
		var w any
		if err := Unmarshal(again, &w); err != nil {
			t.Fatalf("re-decoding what Marshal wrote: %v", err)
		}
	})
}

// hstCheckFuzzErr checks that a decoding error is one of the documented
// types, with an offset inside the input for the syntax and limit ones.
func hstCheckFuzzErr(t *testing.T, err error, data []byte) {
	t.Helper()
	switch e := err.(type) {
	case *SyntaxError:
		if e.Offset < 0 || e.Offset > int64(len(data)) {
			t.Fatalf("offset %d outside the %d-byte input: %v", e.Offset, len(data), err)
		}
	case *LimitError:
		if e.Offset < 0 || e.Offset > int64(len(data)) {
			t.Fatalf("offset %d outside the %d-byte input: %v", e.Offset, len(data), err)
		}
	case *UnmarshalTypeError, *InvalidUnmarshalError:
	default:
		// Errors of UnmarshalSmile and UnmarshalText methods are returned
		// as they are; the test types' methods return none, but the
		// standard types' (time.Time, big.Int) do.
		if _, ok := err.(interface{ Unwrap() error }); !ok && err.Error() == "" {
			t.Fatalf("error of type %T without text", err)
		}
	}
}
