package compat

import (
	"io"

	"github.com/go-smile/smile"
	"github.com/go-smile/smile/internal/transcode"
)

// FromJSONOptions configures JSON -> Smile conversion.
type FromJSONOptions = transcode.FromJSONOptions

// ToJSONOptions configures Smile -> JSON conversion.
type ToJSONOptions = transcode.ToJSONOptions

// InvalidUTF8Error reports JSON input that is not valid UTF-8.
type InvalidUTF8Error = transcode.InvalidUTF8Error

// FromJSON converts JSON text to Smile.
func FromJSON(w io.Writer, r io.Reader, opts FromJSONOptions) error {
	return transcode.FromJSON(w, r, opts)
}

// FromJSONBytes is FromJSON on a byte slice.
func FromJSONBytes(data []byte, opts FromJSONOptions) ([]byte, error) {
	return transcode.FromJSONBytes(data, opts)
}

// ToJSON converts Smile to JSON text.
func ToJSON(w io.Writer, r io.Reader, opts ToJSONOptions) error {
	return transcode.ToJSON(w, r, opts)
}

// ToJSONBytes is ToJSON on a byte slice.
func ToJSONBytes(data []byte, opts ToJSONOptions) ([]byte, error) {
	return transcode.ToJSONBytes(data, opts)
}

// ParseDecimal parses a JSON number literal into an exact decimal.
func ParseDecimal(lit string) (smile.Decimal, error) { return transcode.ParseDecimal(lit) }
