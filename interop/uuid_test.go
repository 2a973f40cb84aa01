package interop

import (
	"encoding/hex"
	"errors"
	"testing"

	"github.com/google/uuid"

	"github.com/go-smile/smile"
	"github.com/go-smile/smile/internal/golden"
)

// Smile documents written by Jackson 2.19's SmileMapper (databind), printed
// by testdata/golden.sh. Databind writes a java.util.UUID as 16 bytes of
// binary when the generator writes binary natively, as Smile's does.
const (
	// UUID.fromString("123e4567-e89b-12d3-a456-426614174000")
	jacksonUUID = "3a290a01e890090f48563f22361269690a6413182817200000"
	// {"id": that UUID, "price": new BigDecimal("19.990")}
	jacksonUUIDAndPrice = "3a290a01fa816964e890090f48563f22361269690a64131828172000008470726963652a8682270502fb"
)

var sampleUUID = uuid.MustParse("123e4567-e89b-12d3-a456-426614174000")

// unhex parses hex bytes, with or without spaces (golden.ParseHex).
func unhex(t *testing.T, s string) []byte {
	t.Helper()
	b, err := golden.ParseHex(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestUUIDFromJacksonBinary(t *testing.T) {
	var got uuid.UUID
	if err := smile.Unmarshal(unhex(t, jacksonUUID), &got); err != nil {
		t.Fatal(err)
	}
	if got != sampleUUID {
		t.Errorf("got %s, want %s", got, sampleUUID)
	}

	// Inside an object, and through a pointer.
	var rec struct {
		ID *uuid.UUID `json:"id"`
	}
	if err := smile.Unmarshal(unhex(t, jacksonUUIDAndPrice), &rec); err != nil {
		t.Fatal(err)
	}
	if rec.ID == nil || *rec.ID != sampleUUID {
		t.Errorf("got %v, want %s", rec.ID, sampleUUID)
	}
}

func TestUUIDFromStreamWriterBinary(t *testing.T) {
	// The same binary value written by our stream.Writer decodes the same
	// way; other UUIDs than the golden one are covered here.
	for _, id := range []uuid.UUID{uuid.Nil, sampleUUID, uuid.Max, uuid.MustParse("6ba7b810-9dad-11d1-80b4-00c04fd430c8")} {
		doc := smileBinary(t, id[:])
		var got uuid.UUID
		if err := smile.Unmarshal(doc, &got); err != nil {
			t.Fatalf("%s: %v", id, err)
		}
		if got != id {
			t.Errorf("got %s, want %s", got, id)
		}
	}
}

func TestUUIDBinaryWrongLength(t *testing.T) {
	// uuid.UUID.UnmarshalBinary refuses anything but 16 bytes; the error
	// comes back (wrapped with the path), never a panic or a partial UUID.
	for _, n := range []int{0, 15, 17} {
		doc := smileBinary(t, make([]byte, n))
		got := sampleUUID
		err := smile.Unmarshal(doc, &got)
		var te *smile.UnmarshalTypeError
		if err == nil || !errors.As(err, &te) {
			t.Errorf("%d bytes: err = %v, want an *UnmarshalTypeError", n, err)
		}
	}
}

func TestUUIDText(t *testing.T) {
	// By default uuid.UUID is written as MarshalText gives it, a string,
	// which is what encoding/json writes.
	type rec struct {
		ID   uuid.UUID     `json:"id"`
		Ptr  *uuid.UUID    `json:"ptr"`
		Null uuid.NullUUID `json:"null"`
		Set  uuid.NullUUID `json:"set"`
		List []uuid.UUID   `json:"list"`
	}
	v := rec{ID: sampleUUID, Set: uuid.NullUUID{UUID: uuid.Max, Valid: true}, List: []uuid.UUID{uuid.Nil, sampleUUID}}
	fromJSON, fromSmile := checkMarshal(t, v)
	if string(fromJSON) != string(fromSmile) {
		t.Errorf("bytes differ:\nencoding/json: %s\nsmile:         %s", fromJSON, fromSmile)
	}
	checkUnmarshal[rec](t, fromJSON)
	checkRoundTrip(t, v)
	// A map keyed by UUID (encoding.TextMarshaler keys).
	checkMarshal(t, map[uuid.UUID]int{sampleUUID: 1, uuid.Nil: 2})
	checkUnmarshal[map[uuid.UUID]int](t, []byte(`{"123e4567-e89b-12d3-a456-426614174000":1,"00000000-0000-0000-0000-000000000000":2}`))
	// uuid's UnmarshalText also takes the urn: and braced forms.
	checkUnmarshal[uuid.UUID](t, []byte(`"urn:uuid:123e4567-e89b-12d3-a456-426614174000"`))
	checkUnmarshal[uuid.UUID](t, []byte(`"{123e4567-e89b-12d3-a456-426614174000}"`))
}

func TestUUIDBinaryMarshalersAsJackson(t *testing.T) {
	// With EncOptions.BinaryMarshalers a uuid.UUID is written through
	// MarshalBinary: the bytes Jackson writes for java.util.UUID.
	em, err := smile.EncOptions{BinaryMarshalers: true}.EncMode()
	if err != nil {
		t.Fatal(err)
	}
	doc, err := em.Marshal(sampleUUID)
	if err != nil {
		t.Fatal(err)
	}
	if got := hex.EncodeToString(doc); got != jacksonUUID {
		t.Errorf("got  %s\nwant %s (Jackson)", got, jacksonUUID)
	}
}
