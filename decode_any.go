package smile

import (
	"slices"
	"strconv"

	"github.com/go-smile/smile/internal/rt"
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
		return d.strs.box(d.str()), nil
	case stream.KindStartObject:
		return d.objectAny()
	case stream.KindStartArray:
		a, err := d.arrayAny()
		if err != nil {
			return nil, err
		}
		return d.arrays.box(a), nil
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
		if v := d.tok.Int(); v >= 0 && v < 256 {
			return v, nil // the runtime boxes these without allocating
		}
		return d.ints.box(d.tok.Int()), nil
	case stream.KindFloat32, stream.KindFloat64:
		return d.floats.box(d.tok.Float64()), nil
	case stream.KindBigInt:
		return d.tok.BigInt(), nil
	case stream.KindBigDecimal:
		u, s := d.tok.BigDecimal()
		return Decimal{Unscaled: u, Scale: s}, nil
	}
	return nil, &SyntaxError{Offset: d.offset(), Msg: "unexpected " + d.tok.Kind.String() + " where a value is expected"}
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
		kb, slot, ok, err := d.nextKey()
		if err != nil {
			return err
		}
		if !ok {
			break
		}
		if n++; n > max {
			return d.containerLimit(n)
		}
		k := d.keyString(kb, slot)
		d.setKey(k)
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
		kb, slot, ok, err := d.nextKey()
		if err != nil {
			return nil, err
		}
		if !ok {
			break
		}
		if n := len(d.members) - base + 1; n > max {
			return nil, d.containerLimit(n)
		}
		k := d.keyString(kb, slot)
		d.setKey(k)
		if err := d.nextValue(); err != nil {
			return nil, err
		}
		v, err := d.anyValue()
		if err != nil {
			return nil, err
		}
		if len(d.members) == cap(d.members) {
			// Double, rather than append's 1.25× for large slices, so
			// that hostile input of tiny values costs 2× the scratch
			// space, not 5× (see memory_test.go).
			d.members = slices.Grow(d.members, len(d.members))
		}
		d.members = append(d.members, member{k, v})
	}
	d.pop()
	ms := d.members[base:]
	// The size hint is capped: an object repeating one key must not size
	// its map for entries it never holds.
	m := make(map[string]any, min(len(ms), 64))
	for _, e := range ms {
		m[e.key] = e.val
	}
	clear(ms)
	d.members = d.members[:base]
	return m, nil
}

// boxes makes interface values holding a T without an allocation each:
// the values are stored in chunks, and each interface points to its own
// element, which is never written again. A value kept alive keeps its
// chunk alive.
type boxes[T any] struct {
	buf []T
}

// boxChunk is the number of values in a chunk of boxes.
const boxChunk = 128

func (b *boxes[T]) box(v T) any {
	if len(b.buf) == cap(b.buf) {
		b.buf = make([]T, 0, boxChunk)
	}
	b.buf = append(b.buf, v)
	return rt.Box(&b.buf[len(b.buf)-1])
}

// anySlice returns a new []any of length and capacity n. Short ones are
// carved from a shared chunk, as boxes does: with the capacity set to n,
// appending to one never writes into the next.
func (d *decodeState) anySlice(n int) []any {
	if n == 0 || n > boxChunk/8 {
		return make([]any, n) // n == 0: empty, not nil
	}
	if cap(d.anys)-len(d.anys) < n {
		d.anys = make([]any, 0, boxChunk)
	}
	i := len(d.anys)
	d.anys = d.anys[:i+n]
	return d.anys[i : i+n : i+n]
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
		if len(d.elems) == cap(d.elems) {
			// Double, rather than append's 1.25× for large slices, so
			// that hostile input of tiny values costs 2× the scratch
			// space, not 5× (see memory_test.go).
			d.elems = slices.Grow(d.elems, len(d.elems))
		}
		d.elems = append(d.elems, v)
	}
	d.pop()
	es := d.elems[base:]
	a := d.anySlice(len(es))
	copy(a, es)
	clear(es)
	d.elems = d.elems[:base]
	return a, nil
}
