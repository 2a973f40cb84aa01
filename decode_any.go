package smile

import (
	"strconv"

	"github.com/go-smile/smile/stream"
)

// anyValue returns the value starting at d.tok as an interface value:
// map[string]any, []any, string, bool, []byte, nil, or a number as
// DecOptions.AnyNumbers says.
func (d *decodeState) anyValue() (any, error) {
	switch d.tok.Kind {
	case stream.KindNull:
		return nil, nil
	case stream.KindTrue:
		return true, nil
	case stream.KindFalse:
		return false, nil
	case stream.KindString:
		return d.str(), nil
	case stream.KindStartObject:
		return d.objectAny()
	case stream.KindStartArray:
		return d.arrayAny()
	case stream.KindBinary:
		b := d.tok.Bytes()
		out := make([]byte, len(b))
		copy(out, b)
		return out, nil
	}
	if d.cfg.opts.AnyNumbers == AnyNumbersAsNumber {
		return Number(d.numberText()), nil
	}
	switch d.tok.Kind {
	case stream.KindInt:
		return d.tok.Int(), nil
	case stream.KindFloat32, stream.KindFloat64:
		return d.tok.Float64(), nil
	case stream.KindBigInt:
		return d.tok.BigInt(), nil
	case stream.KindBigDecimal:
		u, s := d.tok.BigDecimal()
		return Decimal{Unscaled: u, Scale: s}, nil
	}
	return nil, &SyntaxError{Offset: d.off, Msg: "unexpected " + d.tok.Kind.String() + " where a value is expected"}
}

// numberText returns the exact text of the current number token.
func (d *decodeState) numberText() string {
	t := &d.tok
	switch t.Kind {
	case stream.KindInt:
		return strconv.FormatInt(t.Int(), 10)
	case stream.KindFloat32:
		return strconv.FormatFloat(float64(t.Float32()), 'g', -1, 32)
	case stream.KindFloat64:
		return strconv.FormatFloat(t.Float64(), 'g', -1, 64)
	case stream.KindBigInt:
		return t.BigInt().String()
	case stream.KindBigDecimal:
		u, s := t.BigDecimal()
		return Decimal{Unscaled: u, Scale: s}.String()
	}
	return ""
}

// objectInto decodes the members of the object whose start is d.tok into
// m, as interface values.
func (d *decodeState) objectInto(m map[string]any) error {
	max := d.cfg.opts.MaxContainerLen
	n := 0
	d.pushKey("")
	for {
		if err := d.next(); err != nil {
			return err
		}
		if d.tok.Kind == stream.KindEndObject {
			break
		}
		if n++; n > max {
			return d.containerLimit(n)
		}
		k := d.key()
		d.path[len(d.path)-1].name = k
		if err := d.nextValue(); err != nil {
			return err
		}
		v, err := d.anyValue()
		if err != nil {
			return err
		}
		m[k] = v
	}
	d.pop()
	return nil
}

// objectAny decodes the object whose start is d.tok as a new
// map[string]any. The members are gathered on d.members first, so that the
// map is made once with its final size.
func (d *decodeState) objectAny() (map[string]any, error) {
	max := d.cfg.opts.MaxContainerLen
	base := len(d.members)
	d.pushKey("")
	for {
		if err := d.next(); err != nil {
			return nil, err
		}
		if d.tok.Kind == stream.KindEndObject {
			break
		}
		if n := len(d.members) - base + 1; n > max {
			return nil, d.containerLimit(n)
		}
		k := d.key()
		d.path[len(d.path)-1].name = k
		if err := d.nextValue(); err != nil {
			return nil, err
		}
		v, err := d.anyValue()
		if err != nil {
			return nil, err
		}
		d.members = append(d.members, member{k, v})
	}
	d.pop()
	ms := d.members[base:]
	m := make(map[string]any, len(ms))
	for _, e := range ms {
		m[e.key] = e.val
	}
	clear(ms)
	d.members = d.members[:base]
	return m, nil
}

// member is an object member gathered by objectAny.
type member struct {
	key string
	val any
}

// arrayAny decodes the array whose start is d.tok as a []any, gathering
// the elements on d.elems first so that the slice is made once.
func (d *decodeState) arrayAny() ([]any, error) {
	max := d.cfg.opts.MaxContainerLen
	base := len(d.elems)
	d.pushIndex(0)
	for {
		if err := d.nextValue(); err != nil {
			return nil, err
		}
		if d.tok.Kind == stream.KindEndArray {
			break
		}
		n := len(d.elems) - base
		if n >= max {
			return nil, d.containerLimit(n + 1)
		}
		d.setIndex(n)
		v, err := d.anyValue()
		if err != nil {
			return nil, err
		}
		d.elems = append(d.elems, v)
	}
	d.pop()
	es := d.elems[base:]
	a := make([]any, len(es))
	copy(a, es)
	clear(es)
	d.elems = d.elems[:base]
	return a, nil
}
