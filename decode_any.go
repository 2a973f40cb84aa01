package smile

import (
	"math/big"
	"strconv"
	"unsafe"

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
		return d.strAny(), nil
	case stream.KindStartObject:
		return d.objectAny()
	case stream.KindStartArray:
		a, err := d.arrayAny()
		if err != nil {
			return nil, err
		}
		return d.arrays.box(a, &d.used), nil
	case stream.KindBinary:
		b := d.tok.Bytes()
		if err := d.charge(len(b)); err != nil {
			return nil, err
		}
		out := make([]byte, len(b))
		copy(out, b)
		return out, nil
	}
	if d.cfg.opts.AnyNumbers == AnyNumbersAsNumber {
		return d.numberAny()
	}
	switch d.tok.Kind {
	case stream.KindInt:
		if v := d.tok.Int(); v >= 0 && v < 256 {
			return v, nil // the runtime boxes these without allocating
		}
		return d.ints.box(d.tok.Int(), &d.used), nil
	case stream.KindFloat32, stream.KindFloat64:
		return d.floats.box(d.tok.Float64(), &d.used), nil
	case stream.KindBigInt:
		if err := d.chargeBig(); err != nil {
			return nil, err
		}
		return d.tok.BigInt(), nil
	case stream.KindBigDecimal:
		if err := d.chargeBig(); err != nil {
			return nil, err
		}
		u, s := d.tok.BigDecimal()
		return Decimal{Unscaled: u, Scale: s}, nil
	}
	return nil, &SyntaxError{Offset: d.offset(), Msg: "unexpected " + d.tok.Kind.String() + " where a value is expected"}
}

// strAny returns the current string token in an interface value. A string
// of a shared-value slot is boxed once per slot content, so that each
// one-byte reference to it costs no allocation.
func (d *decodeState) strAny() any {
	s := d.str()
	slot := d.tok.Slot
	if slot < 0 || slot >= len(d.vals) || len(s) == 0 {
		return d.strs.box(s, &d.used)
	}
	// s is d.vals[slot]: the box of the slot holds it when it holds the
	// same bytes (a string made for a later content of the slot is carved
	// elsewhere).
	if slot < len(d.valAnys) {
		if v := d.valAnys[slot]; v != nil {
			if bs := *(*string)(rt.DataOf(v)); unsafe.StringData(bs) == unsafe.StringData(s) && len(bs) == len(s) {
				return v
			}
		}
	} else if slot < cap(d.valAnys) {
		d.valAnys = d.valAnys[:cap(d.valAnys)] // zeroed by release
	} else {
		d.valAnys = append(d.valAnys[:cap(d.valAnys)], make([]any, len(d.vals)-cap(d.valAnys))...)
		d.valAnys = d.valAnys[:cap(d.valAnys)]
		d.note(cap(d.valAnys) * int(unsafe.Sizeof(any(nil))))
	}
	v := d.strs.box(s, &d.used)
	d.valAnys[slot] = v
	return v
}

// numberAny returns the current number token as a Number in an interface
// value (AnyNumbersAsNumber).
func (d *decodeState) numberAny() (any, error) {
	s := d.numberText()
	if err := d.charge(len(s)); err != nil {
		return nil, err
	}
	return d.nums.box(Number(s), &d.used), nil
}

// chargeBig charges the current BigInteger or BigDecimal token: its bytes
// and the big.Int that holds them.
func (d *decodeState) chargeBig() error {
	return d.charge(len(d.tok.Bytes()) + int(unsafe.Sizeof(big.Int{})) + 16)
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
		if g := mapGrowth(n, mapAnySlot); g > 0 {
			if err := d.charge(g); err != nil {
				return err
			}
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

// mapAnySlot is the size of an entry of a map[string]any.
const mapAnySlot = int(unsafe.Sizeof("") + unsafe.Sizeof(any(nil)))

// objectAny decodes the object whose start is d.tok as a new
// map[string]any. The members are gathered first (the first ones locally,
// as by arrayAny, the rest on d.members), so that the map is made once
// with its final size.
func (d *decodeState) objectAny() (map[string]any, error) {
	max := d.cfg.opts.MaxContainerLen
	var head [arrayHead]member
	base := d.members.len()
	n := 0
	d.pushKey("")
	for {
		kb, slot, ok, err := d.nextKey()
		if err != nil {
			return nil, err
		}
		if !ok {
			break
		}
		if n >= max {
			return nil, d.containerLimit(n + 1)
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
		if n < arrayHead {
			head[n] = member{k, v}
		} else {
			if d.members.newChunk() {
				if err := d.charge(d.members.chunkBytes()); err != nil {
					return nil, err
				}
			}
			d.members.push(member{k, v})
		}
		n++
	}
	d.pop()
	if err := d.charge(mapBytes(n, mapAnySlot)); err != nil {
		return nil, err
	}
	m := make(map[string]any, n)
	for _, e := range head[:min(n, arrayHead)] {
		m[e.key] = e.val
	}
	for i := base; i < d.members.len(); {
		seg := d.members.seg(i)
		for _, e := range seg {
			m[e.key] = e.val
		}
		i += len(seg)
	}
	d.members.truncate(base)
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

// box returns v in an interface value; a new chunk is noted in *used, the
// bytes charged for the document (see budget.go).
func (b *boxes[T]) box(v T, used *int64) any {
	if len(b.buf) == cap(b.buf) {
		b.buf = make([]T, 0, boxChunk)
		*used += int64(unsafe.Sizeof(v)) * boxChunk
	}
	b.buf = append(b.buf, v)
	return rt.Box(&b.buf[len(b.buf)-1])
}

// anySlice returns a new []any of length and capacity n. Short ones are
// carved from a shared chunk, as boxes does: with the capacity set to n,
// appending to one never writes into the next.
func (d *decodeState) anySlice(n int) []any {
	if n == 0 || n > boxChunk/8 {
		return make([]any, n) // n == 0: empty, not nil; the caller charges a long one
	}
	if cap(d.anys)-len(d.anys) < n {
		d.note(boxChunk * int(unsafe.Sizeof(any(nil))))
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

// arrayHead is the number of elements arrayAny keeps in a local array
// before it gathers them on d.elems: most arrays are short, and a local
// array costs no write barriers and needs no clearing.
const arrayHead = 8

// arrayAny decodes the array whose start is d.tok as a []any, gathering
// the elements (the first ones locally, the rest on d.elems) so that the
// slice is made once.
func (d *decodeState) arrayAny() ([]any, error) {
	max := d.cfg.opts.MaxContainerLen
	var head [arrayHead]any
	base := d.elems.len()
	n := 0
	d.pushIndex(0)
	for {
		if err := d.nextValue(); err != nil {
			return nil, err
		}
		if d.tok.Kind == stream.KindEndArray {
			break
		}
		if n >= max {
			return nil, d.containerLimit(n + 1)
		}
		d.setIndex(n)
		v, err := d.anyValue()
		if err != nil {
			return nil, err
		}
		if n < arrayHead {
			head[n] = v
		} else {
			if d.elems.newChunk() {
				if err := d.charge(d.elems.chunkBytes()); err != nil {
					return nil, err
				}
			}
			d.elems.push(v)
		}
		n++
	}
	d.pop()
	if n > boxChunk/8 {
		if err := d.charge(n * int(unsafe.Sizeof(any(nil)))); err != nil {
			return nil, err
		}
	}
	a := d.anySlice(n)
	if n <= arrayHead {
		for i, v := range head[:n] {
			a[i] = v
		}
	} else {
		copy(a, head[:])
		d.elems.moveTo(base, a[arrayHead:])
	}
	return a, nil
}
