// Package goldenplay drives a stream.Writer with the ops of a golden case,
// making the calls that match the Jackson generator calls the case was
// made with. It is test support shared by the packages that compare our
// output with Jackson's.
package goldenplay

import (
	"fmt"
	"math"

	"github.com/go-smile/smile/internal/golden"
	"github.com/go-smile/smile/stream"
)

// WriterOptions returns the stream options of a golden config. Jackson
// 2.18 and earlier (golden.Jackson.Float32SignExtended) write negative
// float32 values with the legacy sign bits; pass legacyFloats to match
// their bytes exactly.
func WriterOptions(c golden.Config, legacyFloats bool) stream.WriterOptions {
	return stream.WriterOptions{
		OmitHeader:            c.OmitHeader,
		DisableSharedNames:    c.DisableSharedNames,
		SharedValues:          c.SharedValues,
		RawBinary:             c.RawBinary,
		EndMarker:             c.EndMarker,
		LegacyFloat32SignBits: legacyFloats,
	}
}

// Play makes the Writer calls that match Jackson's generator calls. A
// NewDocument op ends the document, as Jackson's close() and a new
// generator on the same output do; so does the end of the ops. Like
// close(), it first ends the arrays and objects still open (EndDocument
// refuses to).
func Play(w *stream.Writer, ops []golden.Op) error {
	var p Player
	return p.Play(w, ops)
}

// Player plays ops; it keeps its stack of open containers between calls,
// so that benchmarks do not allocate.
type Player struct {
	open []golden.OpKind // EndObject or EndArray, innermost last
}

func (p *Player) endDocument(w *stream.Writer) error {
	for len(p.open) > 0 {
		end := (*stream.Writer).WriteEndArray
		if p.open[len(p.open)-1] == golden.EndObject {
			end = (*stream.Writer).WriteEndObject
		}
		if err := end(w); err != nil {
			return err
		}
		p.open = p.open[:len(p.open)-1]
	}
	return w.EndDocument()
}

// Play writes ops to w, then ends the document.
func (p *Player) Play(w *stream.Writer, ops []golden.Op) error {
	p.open = p.open[:0]
	for i := range ops {
		o := &ops[i]
		var err error
		switch o.Kind {
		case golden.StartObject:
			err = w.WriteStartObject()
			p.open = append(p.open, golden.EndObject)
		case golden.EndObject:
			err = w.WriteEndObject()
			p.open = p.open[:len(p.open)-1]
		case golden.StartArray:
			err = w.WriteStartArray()
			p.open = append(p.open, golden.EndArray)
		case golden.EndArray:
			err = w.WriteEndArray()
			p.open = p.open[:len(p.open)-1]
		case golden.Key:
			err = w.WriteKey(o.Str)
		case golden.String:
			err = w.WriteString(o.Str)
		case golden.Int:
			err = w.WriteInt(o.Int)
		case golden.BigInt:
			err = w.WriteBigInt(o.Big)
		case golden.Float32:
			err = w.WriteFloat32(math.Float32frombits(uint32(o.Bits)))
		case golden.Float64:
			err = w.WriteFloat64(math.Float64frombits(o.Bits))
		case golden.BigDecimal:
			err = w.WriteBigDecimal(o.Big, o.Scale)
		case golden.Binary:
			err = w.WriteBinary(o.Bin)
		case golden.Null:
			err = w.WriteNull()
		case golden.True:
			err = w.WriteBool(true)
		case golden.False:
			err = w.WriteBool(false)
		case golden.NewDocument:
			err = p.endDocument(w)
		default:
			err = fmt.Errorf("unknown op kind %v", o.Kind)
		}
		if err != nil {
			return fmt.Errorf("op %d (%v): %w", i, o, err)
		}
	}
	return p.endDocument(w)
}
