package smilehttp

import (
	"io"

	"github.com/go-smile/smile"
)

// A BulkWriter writes the body of an Elasticsearch _bulk request in Smile:
// each line of the NDJSON form (an action, then the document for index and
// create) is a Smile document of its own, header included, ended by the
// end marker 0xFF, which Elasticsearch splits the body on, as it splits
// NDJSON on '\n'. Send the body with Content-Type: application/smile.
//
// It is a type, not only an example, because the framing is easy to get
// wrong in ways Elasticsearch reports only as a parse error of some line:
// one Smile document for the whole body, back-references across lines (each
// line must start with fresh tables), or a missing 0xFF after the last
// line. A BulkWriter is not safe for concurrent use.
type BulkWriter struct {
	enc *smile.Encoder
}

// bulkAction is the action line of the bulk API.
type bulkAction struct {
	Index  *bulkMeta `json:"index,omitempty"`
	Create *bulkMeta `json:"create,omitempty"`
	Delete *bulkMeta `json:"delete,omitempty"`
}

type bulkMeta struct {
	Index string `json:"_index,omitempty"`
	ID    string `json:"_id,omitempty"`
}

// NewBulkWriter returns a BulkWriter that writes to w with the Smile
// options of m, with m's EncOptions.EndMarker set (the framing needs it)
// and OmitHeader cleared (Elasticsearch reads each line as a document of
// its own, which starts with a header).
func NewBulkWriter(w io.Writer, m smile.EncMode) (*BulkWriter, error) {
	opts := m.EncOptions()
	opts.EndMarker = true
	opts.OmitHeader = false
	mode, err := opts.EncMode()
	if err != nil {
		return nil, err
	}
	return &BulkWriter{enc: mode.NewEncoder(w)}, nil
}

// Index writes an index action for the document doc, with the index and
// id given (either may be empty: the request's index, an id Elasticsearch
// chooses), then doc.
func (b *BulkWriter) Index(index, id string, doc any) error {
	return b.Add(bulkAction{Index: &bulkMeta{index, id}}, doc)
}

// Create is Index with a create action, which fails for an id that exists.
func (b *BulkWriter) Create(index, id string, doc any) error {
	return b.Add(bulkAction{Create: &bulkMeta{index, id}}, doc)
}

// Delete writes a delete action, which has no document.
func (b *BulkWriter) Delete(index, id string) error {
	return b.Add(bulkAction{Delete: &bulkMeta{index, id}}, nil)
}

// Add writes the action line action (any value: an update with its
// options, say) and, unless doc is nil, the document line doc.
func (b *BulkWriter) Add(action, doc any) error {
	if err := b.enc.Encode(action); err != nil {
		return err
	}
	if doc == nil {
		return nil
	}
	return b.enc.Encode(doc)
}
