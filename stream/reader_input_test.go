package stream

import (
	"bytes"
	"reflect"
	"testing"
)

// TestResetDocument checks that ResetDocument, which sets the Reader's
// fields itself when data starts with a valid header, leaves the Reader
// exactly as Reset followed by startHeader does, whatever the Reader read
// before: every field is compared. A field added to resetState and
// forgotten in ResetDocument fails here.
func TestResetDocument(t *testing.T) {
	docs := map[string][]byte{
		"no flags":         {0x3A, 0x29, 0x0A, 0x00, 0xFA, 0x80, 'a', 0xC2, 0xFB},
		"shared names":     {0x3A, 0x29, 0x0A, 0x01, 0xFA, 0x80, 'a', 0xC2, 0x40, 0xC4, 0xFB},
		"shared both":      {0x3A, 0x29, 0x0A, 0x03, 0x41, 'x', 0x41, 'x', 0x01},
		"raw binary flag":  {0x3A, 0x29, 0x0A, 0x07, 0xC2},
		"header only":      {0x3A, 0x29, 0x0A, 0x01},
		"no header":        {0xFA, 0x80, 'a', 0xC2, 0xFB},
		"version 1":        {0x3A, 0x29, 0x0A, 0x11, 0xC2},
		"reserved bit":     {0x3A, 0x29, 0x0A, 0x08, 0xC2},
		"bad second byte":  {0x3A, 0x28, 0x0A, 0x00, 0xC2},
		"short header":     {0x3A, 0x29, 0x0A},
		"empty":            {},
		"end marker first": {0xFF, 0x3A, 0x29, 0x0A, 0x00},
	}
	// What the Reader read before: a document read in part, read to an
	// error, or read to its end.
	before := [][]byte{
		nil,
		{0x3A, 0x29, 0x0A, 0x03, 0xF8, 0xFA, 0x80, 'a', 0x41, 'x', 0x40, 0x01},
		{0x3A, 0x29, 0x0A, 0x01, 0xFA, 0x80, 'a', 0xC2, 0x40, 0xC4, 0xFB, 0xFF},
		{0x3A, 0x29, 0x0A, 0x00, 0xF8, 0xF8, 0xE5},
	}
	for _, keep := range []bool{false, true} {
		opts := ReaderOptions{KeepNamesAcrossHeaders: keep, HeaderOptional: true}
		for bi, prev := range before {
			for name, doc := range docs {
				mk := func() *Reader {
					r, err := NewReader(prev, opts)
					if err != nil {
						t.Fatal(err)
					}
					for i := 0; i < 5; i++ { // part of prev, or all of it and its error
						if _, err := r.ReadToken(); err != nil {
							break
						}
					}
					return r
				}
				got, want := mk(), mk()
				export{}.ResetDocument(got, doc)
				want.Reset(doc)
				want.startHeader()
				if !reflect.DeepEqual(got, want) {
					t.Errorf("keep %v, after document %d, %s: ResetDocument left\n%+v\nReset and startHeader\n%+v", keep, bi, name, *got, *want)
					continue
				}
				// The same tokens and errors follow.
				for i := 0; ; i++ {
					gt, gerr := got.ReadToken()
					wt, werr := want.ReadToken()
					if gt.Kind != wt.Kind || !bytes.Equal(gt.Bytes(), wt.Bytes()) || (gerr == nil) != (werr == nil) ||
						(gerr != nil && gerr.Error() != werr.Error()) {
						t.Errorf("keep %v, after document %d, %s, token %d: got %v %v, want %v %v", keep, bi, name, i, gt.Kind, gerr, wt.Kind, werr)
					}
					if gerr != nil || werr != nil || i > 20 {
						break
					}
				}
			}
		}
	}
}
