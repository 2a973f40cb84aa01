package smile

import (
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// uuidLike behaves as github.com/google/uuid's UUID: a [16]byte with
// UnmarshalBinary (for the 16 bytes) and UnmarshalText (for the text
// form). Calls counts which method ran.
type uuidLike [16]byte

var uuidCalls struct{ binary, text int }

func (u *uuidLike) UnmarshalBinary(b []byte) error {
	uuidCalls.binary++
	if len(b) != 16 {
		return fmt.Errorf("invalid UUID (got %d bytes)", len(b))
	}
	copy(u[:], b)
	return nil
}

func (u *uuidLike) UnmarshalText(b []byte) error {
	uuidCalls.text++
	s := strings.ReplaceAll(string(b), "-", "")
	if len(s) != 32 {
		return errors.New("invalid UUID length")
	}
	_, err := hex.Decode(u[:], []byte(s))
	return err
}

// rawUUID is a [16]byte type without methods.
type rawUUID [16]byte

// jacksonUUIDDoc is what Jackson 2.19's SmileMapper writes for the map
// {"id": UUID.fromString("123e4567-e89b-12d3-a456-426614174000"),
// "at": new java.util.Date(1704164645006L)}: the UUID as a 16-byte binary
// value (UUIDSerializer, for a format with native binary), the Date as
// integer epoch milliseconds. Made with
// /work/shared/jackson/2.19 (jackson-databind-2.19.0-rc2 and
// jackson-dataformat-smile-databind) and SmileMapper.writeValueAsBytes.
const jacksonUUIDDoc = "3A 29 0A 01 FA 81 69 64 E8 90 09 0F 48 56 3F 22 36 12 69 69 0A 64 13 18 28 17 20 00 00 81 61 74 25 01 46 32 04 0D 44 9C FB"

var wantUUID = [16]byte{0x12, 0x3e, 0x45, 0x67, 0xe8, 0x9b, 0x12, 0xd3, 0xa4, 0x56, 0x42, 0x66, 0x14, 0x17, 0x40, 0x00}

func TestUnmarshalJacksonUUID(t *testing.T) {
	data := mustHex(jacksonUUIDDoc)
	var withMethods struct {
		ID uuidLike  `json:"id"`
		At time.Time `json:"at"`
	}
	uuidCalls.binary, uuidCalls.text = 0, 0
	require.NoError(t, Unmarshal(data, &withMethods))
	require.Equal(t, uuidLike(wantUUID), withMethods.ID)
	require.Equal(t, 1, uuidCalls.binary, "the binary value goes to UnmarshalBinary")
	require.Equal(t, 0, uuidCalls.text)
	require.True(t, time.UnixMilli(1704164645006).Equal(withMethods.At), "%v", withMethods.At)

	var plain struct {
		ID  [16]byte `json:"id"`
		At  int64    `json:"at"`
		Raw rawUUID  `json:"id2"`
	}
	require.NoError(t, Unmarshal(data, &plain))
	require.Equal(t, wantUUID, plain.ID)
	require.Equal(t, int64(1704164645006), plain.At)
	var named struct {
		ID rawUUID `json:"id"`
	}
	require.NoError(t, Unmarshal(data, &named))
	require.Equal(t, rawUUID(wantUUID), named.ID)

	// The text form goes to UnmarshalText.
	var fromText struct{ ID uuidLike }
	uuidCalls.binary, uuidCalls.text = 0, 0
	require.NoError(t, Unmarshal(mustMarshal(t, map[string]string{"ID": "123e4567-e89b-12d3-a456-426614174000"}), &fromText))
	require.Equal(t, uuidLike(wantUUID), fromText.ID)
	require.Equal(t, 0, uuidCalls.binary)
	require.Equal(t, 1, uuidCalls.text)

	// A binary of another length does not fit a byte array.
	var short struct {
		ID [15]byte `json:"id"`
		At int64    `json:"at"`
	}
	err := Unmarshal(data, &short)
	var te *UnmarshalTypeError
	require.ErrorAs(t, err, &te)
	require.Equal(t, "id", te.Field)
	require.Equal(t, int64(8), te.Offset)
	require.ErrorContains(t, err, "binary of 16 bytes for an array of 15")
	require.Equal(t, [15]byte{}, short.ID)
	require.Equal(t, int64(1704164645006), short.At, "decoding goes on")
}

func mustMarshal(t *testing.T, v any) []byte {
	t.Helper()
	b, err := Marshal(v)
	require.NoError(t, err)
	return b
}

var errBadName = errors.New("bad name")

type checkedName string

func (n *checkedName) UnmarshalText(b []byte) error {
	if string(b) == "bad" {
		return errBadName
	}
	*n = checkedName(b)
	return nil
}

type checkedDoc struct{ V int }

func (c *checkedDoc) UnmarshalSmile(b []byte) error {
	var v struct{ V int }
	if err := Unmarshal(b, &v); err != nil {
		return err
	}
	if v.V < 0 {
		return errBadName
	}
	c.V = v.V
	return nil
}

func (c *checkedDoc) UnmarshalJSON(b []byte) error {
	var v struct{ V int }
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	if v.V < 0 {
		return errBadName
	}
	c.V = v.V
	return nil
}

// TestUnmarshalMethodErrorsWrapped checks that an error of an
// UnmarshalText, UnmarshalSmile or UnmarshalBinary method comes back in an
// *UnmarshalTypeError with the path and offset, that errors.Is reaches
// it, and that decoding stops there as encoding/json stops.
func TestUnmarshalMethodErrorsWrapped(t *testing.T) {
	type item struct{ Name checkedName }
	type doc struct {
		Items []item
		Docs  map[string]checkedDoc
		Keys  map[checkedName]int
		IDs   []uuidLike
		Z     int
	}
	for _, tc := range []struct {
		name, field string
		in          any
		jsonText    string
	}{
		{"UnmarshalText", "Items[1].Name", map[string]any{"Items": []any{map[string]any{"Name": "ok"}, map[string]any{"Name": "bad"}}, "Z": 1},
			`{"Items":[{"Name":"ok"},{"Name":"bad"}],"Z":1}`},
		{"UnmarshalSmile", "Docs.x", map[string]any{"Docs": map[string]any{"x": map[string]any{"V": -1}}, "Z": 1},
			`{"Docs":{"x":{"V":-1}},"Z":1}`},
		{"map key UnmarshalText", "Keys.bad", map[string]any{"Keys": map[string]any{"bad": 1}, "Z": 1},
			`{"Keys":{"bad":1},"Z":1}`},
		{"UnmarshalBinary", "IDs[0]", map[string]any{"IDs": []any{[]byte{1, 2}}, "Z": 1}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got doc
			err := Unmarshal(mustMarshal(t, tc.in), &got)
			var te *UnmarshalTypeError
			require.ErrorAs(t, err, &te)
			require.Equal(t, tc.field, te.Field)
			require.NotZero(t, te.Offset)
			if tc.name == "UnmarshalBinary" {
				require.ErrorContains(t, err, "invalid UUID (got 2 bytes)")
			} else {
				require.ErrorIs(t, err, errBadName)
			}
			require.Zero(t, got.Z, "decoding stops at the error")
			if tc.jsonText == "" {
				return
			}
			var jgot doc
			jerr := json.Unmarshal([]byte(tc.jsonText), &jgot)
			require.ErrorIs(t, jerr, errBadName, "encoding/json returns the method's error too")
			require.Zero(t, jgot.Z, "and stops there")
		})
	}
}

// namedByte is a byte type with its own UnmarshalText, as in
// encoding/json's issue 12921.
type namedByte byte

func (b *namedByte) UnmarshalText(text []byte) error {
	*b = namedByte(len(text))
	return nil
}

// TestUnmarshalNamedByteSlice checks encoding/json's rule that a slice of
// a uint8 kind decodes from base64 even when its element type has
// UnmarshalText, and that Smile binary does the same.
func TestUnmarshalNamedByteSlice(t *testing.T) {
	var want []namedByte
	require.NoError(t, json.Unmarshal([]byte(`"AQID"`), &want))
	require.Equal(t, []namedByte{1, 2, 3}, want)
	var got []namedByte
	require.NoError(t, Unmarshal(mustMarshal(t, "AQID"), &got))
	require.Equal(t, want, got)
	got = nil
	require.NoError(t, Unmarshal(mustMarshal(t, []byte{1, 2, 3}), &got))
	require.Equal(t, want, got)
	// An array goes element by element, through UnmarshalText: strings.
	require.NoError(t, json.Unmarshal([]byte(`["a","bb"]`), &want))
	require.NoError(t, Unmarshal(mustMarshal(t, []string{"a", "bb"}), &got))
	require.Equal(t, want, got)
	require.Equal(t, []namedByte{1, 2}, got)
}

// TestUnmarshalInvalidNumberInMap checks that a string holding no number
// stops decoding into a map of json.Number before the entry is stored,
// as encoding/json does.
func TestUnmarshalInvalidNumberInMap(t *testing.T) {
	for _, typ := range []reflect.Type{reflect.TypeFor[map[string]json.Number](), reflect.TypeFor[map[string]Number]()} {
		// encoding/json checks the text of json.Number only.
		want := reflect.New(reflect.TypeFor[map[string]json.Number]())
		jerr := json.Unmarshal([]byte(`{"A":"x","B":"1"}`), want.Interface())
		require.ErrorContains(t, jerr, "invalid number literal")
		got := reflect.New(typ)
		// Marshal sorts the keys: A, then B, as in the JSON text.
		err := Unmarshal(mustMarshal(t, map[string]string{"A": "x", "B": "1"}), got.Interface())
		var te *UnmarshalTypeError
		require.ErrorAs(t, err, &te)
		require.Equal(t, "A", te.Field)
		require.ErrorContains(t, err, `invalid number literal "x"`)
		require.Equal(t, 0, want.Elem().Len(), "encoding/json: %v", want.Elem())
		require.Equal(t, 0, got.Elem().Len(), "%v", got.Elem())
	}
}

func (u uuidLike) MarshalBinary() ([]byte, error) { return u[:], nil }

func (u uuidLike) MarshalText() ([]byte, error) {
	var b [36]byte
	hex.Encode(b[:8], u[:4])
	b[8] = '-'
	hex.Encode(b[9:13], u[4:6])
	b[13] = '-'
	hex.Encode(b[14:18], u[6:8])
	b[18] = '-'
	hex.Encode(b[19:23], u[8:10])
	b[23] = '-'
	hex.Encode(b[24:], u[10:])
	return b[:], nil
}

// binInt is an integer kind with MarshalBinary, which the struct
// encoder's fast path for integers must not bypass.
type binInt int64

func (b binInt) MarshalBinary() ([]byte, error) { return []byte{byte(b)}, nil }

// TestMarshalBinaryMarshalers checks EncOptions.BinaryMarshalers against
// Jackson's bytes for a UUID (and a Date as epoch milliseconds), and that
// by default MarshalText is used, as in encoding/json.
func TestMarshalBinaryMarshalers(t *testing.T) {
	type event struct {
		ID uuidLike  `json:"id"`
		At time.Time `json:"at"`
	}
	v := event{ID: wantUUID, At: time.UnixMilli(1704164645006)}
	m, err := EncOptions{BinaryMarshalers: true, Time: TimeEpochMillis}.EncMode()
	require.NoError(t, err)
	got, err := m.Marshal(&v)
	require.NoError(t, err)
	require.Equal(t, mustHex(jacksonUUIDDoc), got)

	// By default: the text, as encoding/json writes it.
	def, err := Marshal(v)
	require.NoError(t, err)
	var asText map[string]any
	require.NoError(t, Unmarshal(def, &asText))
	text, err := json.Marshal(v)
	require.NoError(t, err)
	var jtext map[string]any
	require.NoError(t, json.Unmarshal(text, &jtext))
	require.Equal(t, jtext["id"], asText["id"])
	require.Equal(t, "123e4567-e89b-12d3-a456-426614174000", asText["id"])

	type other struct {
		N  binInt
		P  *uuidLike
		Ns []binInt
	}
	w := other{N: 7, Ns: []binInt{1, 2}}
	got, err = m.Marshal(w)
	require.NoError(t, err)
	var back map[string]any
	require.NoError(t, Unmarshal(got, &back))
	require.Equal(t, map[string]any{"N": []byte{7}, "P": nil, "Ns": []any{[]byte{1}, []byte{2}}}, back)
	got, err = Marshal(w)
	require.NoError(t, err)
	require.NoError(t, Unmarshal(got, &back))
	require.Equal(t, map[string]any{"N": int64(7), "P": nil, "Ns": []any{int64(1), int64(2)}}, back)
}
