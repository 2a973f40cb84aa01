package stream_test

import (
	"math"
	"testing"

	"github.com/go-smile/smile/internal/golden"
	"github.com/go-smile/smile/stream"
)

// Writer -> Reader round trip: driving the Writer with every golden case's
// ops, in every config, and reading the result back gives the same ops.

func TestReaderWriterRoundTrip(t *testing.T) {
	var cases []golden.Case
	for _, sub := range []string{"tokens", "json"} {
		cases = append(cases, golden.Cases(t, sub)...)
	}
	for _, c := range cases {
		w, err := stream.NewWriter(stream.WriterOptions{
			OmitHeader:         c.Config.OmitHeader,
			DisableSharedNames: c.Config.DisableSharedNames,
			SharedValues:       c.Config.SharedValues,
			RawBinary:          c.Config.RawBinary,
			EndMarker:          c.Config.EndMarker,
		})
		if err != nil {
			t.Fatalf("%s: %v", c.ID(), err)
		}
		for i, op := range c.Ops {
			if err := rdWriteOp(w, op); err != nil {
				t.Fatalf("%s: op %d (%v): %v", c.ID(), i, op, err)
			}
		}
		if err := w.EndDocument(); err != nil {
			t.Fatalf("%s: EndDocument: %v", c.ID(), err)
		}
		data := w.Bytes()
		for _, kind := range []string{"bytes", "chunks"} {
			r := rdNewTestReader(t, kind, data, rdOptsFor(c.Config))
			got := rdReadAllOps(r)
			t.Run(c.ID()+"/"+kind, func(t *testing.T) { rdCheckDecoded(t, got, c.Ops, c.Config) })
		}
	}
}

// rdWriteOp performs one golden op on w.
func rdWriteOp(w *stream.Writer, op golden.Op) error {
	switch op.Kind {
	case golden.StartObject:
		return w.WriteStartObject()
	case golden.EndObject:
		return w.WriteEndObject()
	case golden.StartArray:
		return w.WriteStartArray()
	case golden.EndArray:
		return w.WriteEndArray()
	case golden.Key:
		return w.WriteKey(op.Str)
	case golden.String:
		return w.WriteString(op.Str)
	case golden.Int:
		return w.WriteInt(op.Int)
	case golden.BigInt:
		return w.WriteBigInt(op.Big)
	case golden.Float32:
		return w.WriteFloat32(math.Float32frombits(uint32(op.Bits)))
	case golden.Float64:
		return w.WriteFloat64(math.Float64frombits(op.Bits))
	case golden.BigDecimal:
		return w.WriteBigDecimal(op.Big, op.Scale)
	case golden.Binary:
		return w.WriteBinary(op.Bin)
	case golden.Null:
		return w.WriteNull()
	case golden.True:
		return w.WriteBool(true)
	case golden.False:
		return w.WriteBool(false)
	case golden.NewDocument:
		return w.EndDocument()
	}
	return nil
}
