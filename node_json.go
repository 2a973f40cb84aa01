package smile

import (
	"encoding/base64"
	"math"
	"reflect"
	"strconv"

	"github.com/go-smile/smile/internal/transcode"
)

// AppendJSON appends n's value to dst as compact JSON text, the bytes
// that compat.ToJSON writes for the same value with the Document's
// DecOptions: integers and big numbers exactly, floats in the layout of
// Java's Double.toString ("1.0", "1.0E21") with the shortest digits,
// binary values as padded standard base64 strings, and, with
// DecOptions.AllowInvalidUTF8, each byte of invalid UTF-8 in a string
// or key as U+FFFD. Members keep their order, duplicate keys included.
// NaN and infinities have no JSON form: they are an
// *UnsupportedValueError, as are Nodes that do not exist (a
// *KindError). On error it returns dst as it was.
func (n Node) AppendJSON(dst []byte) ([]byte, error) {
	if !n.ok() {
		return dst, n.kindErr("Node.AppendJSON")
	}
	b, _, err := n.d.appendJSON(dst, n.i, !n.d.cfg.opts.AllowInvalidUTF8)
	if err != nil {
		return dst, err
	}
	return b, nil
}

// MarshalJSON returns AppendJSON's text, so that encoding/json writes a
// Node (a field of a struct, say) as its value.
func (n Node) MarshalJSON() ([]byte, error) { return n.AppendJSON(nil) }

// appendJSON appends the value at tape index i as JSON text and returns
// the index past it. valid says that strings and keys are valid UTF-8.
func (d *Document) appendJSON(b []byte, i uint32, valid bool) ([]byte, uint32, error) {
	w := d.tape[i]
	switch uint8(w >> tagShift) {
	case tNull:
		return append(b, "null"...), i + 1, nil
	case tFalse:
		return append(b, "false"...), i + 1, nil
	case tTrue:
		return append(b, "true"...), i + 1, nil
	case tInt:
		return strconv.AppendInt(b, int64(w<<(64-tagShift))>>(64-tagShift), 10), i + 1, nil
	case tInt64:
		return strconv.AppendInt(b, int64(d.tape[i+1]), 10), i + 2, nil
	case tFloat32:
		f := float64(math.Float32frombits(uint32(w)))
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return b, 0, nonFiniteErr(f)
		}
		return transcode.AppendFloat(b, f, 32), i + 1, nil
	case tFloat64:
		f := math.Float64frombits(d.tape[i+1])
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return b, 0, nonFiniteErr(f)
		}
		return transcode.AppendFloat(b, f, 64), i + 2, nil
	case tString:
		off := w & payloadMask >> strLenBits
		return transcode.AppendQuoted(b, d.data[off:off+w&strLenMask], valid), i + 1, nil
	case tLongString:
		off := w & payloadMask
		return transcode.AppendQuoted(b, d.data[off:off+d.tape[i+1]], valid), i + 2, nil
	case tBinary:
		off := w & payloadMask
		b = append(b, '"')
		b = base64.StdEncoding.AppendEncode(b, d.bin[off:off+d.tape[i+1]])
		return append(b, '"'), i + 2, nil
	case tBigInt:
		n := Node{d: d, i: i, gen: d.gen}
		return twosComplement(n.bigBytes()).Append(b, 10), i + 2, nil
	case tBigDecimal:
		n := Node{d: d, i: i, gen: d.gen}
		dec := n.decimal()
		return transcode.AppendDecimal(b, dec.Unscaled, dec.Scale), i + 2, nil
	case tObject:
		end := uint32(w & payloadMask)
		b = append(b, '{')
		for j := i + 2; j < end; {
			if j > i+2 {
				b = append(b, ',')
			}
			b = transcode.AppendQuoted(b, d.keyAt(j), valid)
			b = append(b, ':')
			var err error
			if b, j, err = d.appendJSON(b, j+1, valid); err != nil {
				return b, 0, err
			}
		}
		return append(b, '}'), end, nil
	case tArray:
		end := uint32(w & payloadMask)
		b = append(b, '[')
		for j := i + 2; j < end; {
			if j > i+2 {
				b = append(b, ',')
			}
			var err error
			if b, j, err = d.appendJSON(b, j, valid); err != nil {
				return b, 0, err
			}
		}
		return append(b, ']'), end, nil
	}
	return b, 0, &SyntaxError{Msg: "unexpected tape word"} // unreachable
}

// nonFiniteErr is AppendJSON's error for NaN and ±Inf.
func nonFiniteErr(f float64) error {
	return &UnsupportedValueError{Value: reflect.ValueOf(f), Str: strconv.FormatFloat(f, 'g', -1, 64) + " has no JSON form (JSON has no NaN or infinity)"}
}
