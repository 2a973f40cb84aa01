package smile

import (
	"reflect"

	"github.com/go-smile/smile/internal/rt"
)

// Interface values made by anyValue point into chunks instead of owning an
// allocation each. The first chunk is minChunk bytes, and each next one
// twice the last, up to boxChunk: a short document allocates little, and
// the garbage collector marks pointers into objects of up to 512 bytes by
// a shorter path than pointers into larger ones (Go 1.26: the inline mark
// bits of a span of small objects). Arrays
// of float pairs, as in GeoJSON, hold little but such pointers. Measured on
// canada, boxChunk 512 / 4096: Ir to mark one decoded tree
// (bench/cmd/gcmark, K=3) 28.2M / 51.0M; Ir per UnmarshalAny (bash
// bench/callgrind.sh, N=20) run with GOGC=100 instead of off 72.9M /
// 112.8M (32768: 89.9M), and with GC off go-smile's own 40.4M / 40.1M
// (the totals, 42.5M / 50.7M, vary by as much from run to run).
const (
	minChunk = 64
	boxChunk = 512
)

// nextChunk returns the size in bytes of the chunk that follows one of
// last bytes (0 for none).
func nextChunk(last int) int { return min(max(2*last, minChunk), boxChunk) }

// boxes makes interface values holding a T without an allocation each:
// the values are stored in chunks, and each interface points to its own
// element, which is never written again. A value kept alive keeps its
// chunk alive.
type boxes[T any] struct {
	buf []T
	typ rt.BoxType[T]
}

// box returns v in an interface value; a new chunk is noted in *used, the
// bytes charged for the document (see decode_budget.go).
func (b *boxes[T]) box(v T, used *int64) any {
	if len(b.buf) == cap(b.buf) {
		size := int(reflect.TypeFor[T]().Size())
		n := nextChunk(cap(b.buf) * size)
		b.buf = make([]T, 0, n/size)
		b.typ = rt.BoxTypeOf[T]()
		*used += int64(n)
	}
	b.buf = append(b.buf, v)
	return b.typ.Box(&b.buf[len(b.buf)-1])
}

// maxCarved is the length of the longest []any carved from a chunk.
const maxCarved = boxChunk / rt.AnySize / 4

// anySlice returns a new []any of length and capacity n, 0 < n. Short ones
// are carved from a shared chunk, as boxes does: with the capacity set to
// n, appending to one never writes into the next. The caller charges a
// long one.
func (d *decodeState) anySlice(n int) []any {
	if n > maxCarved {
		return make([]any, n)
	}
	if cap(d.anys)-len(d.anys) < n {
		const size = rt.AnySize
		c := max(nextChunk(cap(d.anys)*size)/size, n)
		d.note(c * size)
		d.anys = make([]any, 0, c)
	}
	i := len(d.anys)
	d.anys = d.anys[:i+n]
	return d.anys[i : i+n : i+n]
}

// emptyArray is the value of every empty array: an empty, non-nil []any of
// capacity 0, which no append can write into, and which nothing else can
// change through an interface value.
var emptyArray any = []any{}

// releaseAny drops the chunks of []any values and of their boxes, which
// point into the values of the document. Shared with the next document,
// such a chunk would link its values to this one's, and a value kept from
// any document would keep every earlier one alive. The chunks of strings
// and numbers point to no other value and are kept.
func (d *decodeState) releaseAny() {
	d.arrays.buf = nil
	d.anys = nil
}
