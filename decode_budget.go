package smile

import (
	"math"
	"math/bits"
)

// The decode memory budget (DecOptions.MaxExpansion): what decoding a
// document may allocate is at most
//
//	max(expansionFloor, MaxExpansion × L)
//
// where L is the length of the input for Unmarshal and Valid (known before
// decoding starts, so the allowance is computed once and pass or fail
// depends on the whole document, never on where in it an allocation
// falls), and for a Decoder the bytes of the document consumed so far
// (recomputed when the charges pass the allowance in force).
//
// Each allocation site charges its bytes before it allocates (or, for the
// few sites that cannot fail, notes them for the next charge to check): an
// add and a compare. The sites, with what they charge:
//
//   - strings: the chunks they are carved from, or their own bytes (noted);
//   - interface values (boxes) and short []any: their chunks (noted);
//   - scratch space that gathers elements and members: each chunk of it a
//     document uses, counted from zero for each document so that a pooled
//     decoder charges as a new one does;
//   - []any, maps (mapBytes), typed slices as they grow, new pointers,
//     []byte values, big numbers and captured values (RawMessage,
//     Unmarshaler): their size, except that an element of a typed slice,
//     the pointee of a new pointer and the entry of a typed map are charged
//     at most typedElemCharge bytes (see there).
//
// # Choosing DefaultMaxExpansion
//
// Shared names make Smile dense: a one-entry object is 3 bytes when its
// value is an object (FA, a one-byte name reference, FB), and it becomes a
// Go map of 320 bytes. The densest shapes Marshal writes, 10,000 elements
// each (999 for the deep one), decoded with the bound lifted, in bytes
// per byte of Smile (TestMaxExpansionShapes prints this table; linux/amd64,
// Go 1.26; charged is d.used, alloc the least TotalAlloc of three decodes,
// which reuse pooled scratch space):
//
//	shape                                    Smile B  into              charged  alloc
//	[]map[string]int{{"id": 1000+i}}           66912  any                 59.0   53.6
//	                                                  []map[string]int    47.7   45.1
//	{"items":[{"ok":true} ...]}                40016  any                 95.8   87.7
//	                                                  struct              79.7   73.7
//	[]string, one 60-byte string, shared       10066  any                 32.0   30.7
//	                                                  []string            43.7   42.5
//	[]string, 26 64-byte strings, shared       11670  any                 27.8   31.3
//	                                                  []string            37.7   36.7
//	[]string of ""                             10006  any                 48.2   46.9
//	                                                  []string            44.0   42.8
//	[][]byte of nil (nulls)                    10006  any                 32.2   30.9
//	                                                  [][]byte            58.9   56.5
//	[]map[string]any of {}                     20006  any                 43.1   41.5
//	                                                  []map[string]any    35.4   34.9
//	[][]int of []                              20006  any                 16.1   15.5
//	                                                  [][]int             29.4   28.3
//	[]map[string]any of {"a": 1}               40007  any                 96.6   87.7
//	                                                  []map[string]any    96.5   89.4
//	[]any of 9 nested one-entry maps          260007  any                111.4  101.5
//	999 nested one-entry maps                   3001  any                116.7  106.5
//	                                                  map[string]any     116.7  106.5
//	[]shapeText of "" (32-byte, MarshalText)   10006  []shapeText        151.0   32.8
//	[]shapeOmit of {} (128-byte structs)       20006  []shapeOmit         47.2  242.4
//
// The densest shape into any or maps is the one-entry map whose value is
// an object: mapAnyBytes(1), 351 bytes, charged for 3 bytes of Smile,
// 117×; no object is denser in maps (n > 1 entries take at least n+2
// bytes for the same map; an empty one is 2 bytes for 54). Typed slices
// are charged what append allocates: growth of the scratch array by
// doubling, then the final copy, at most about 6.3 × the elements, each at
// most typedElemCharge bytes and at least one byte of Smile: 151× for
// one-byte elements of 24 bytes or more. DefaultMaxExpansion, 256, is 2.2×
// the densest map shape and 1.7× the densest typed one, so that a change
// of Go's map layout or of the allocator's size classes does not refuse
// real data. The last row is what typedElemCharge is for: 128-byte
// structs charged in full would be 640×.
//
// For hostile input, memory is at most max(128 KiB, 256 × the input) into
// any, maps and typed elements of up to typedElemCharge bytes, and that
// times size/typedElemCharge into a typed destination whose elements have
// size bytes. memory_test.go measures it: its worst cases are 107× into
// any (nested one-entry objects), 152× into [][3]int64 (one-byte
// elements) and 235× into []hstNested (56-byte elements, bound 597×).

// expansionFloor is the allowance of any document, however short: it
// covers the chunks decoding allocates ahead of need (a 32 KiB string
// chunk, the first chunks of scratch space) and lets a short document
// through with any MaxExpansion.
const expansionFloor = 128 << 10

// typedElemCharge is the most an element of a typed slice, the pointee
// of a new pointer or the value of a typed map entry is charged: the size
// of a slice header, the largest Go value that Marshal writes in one byte
// (null) without a Marshaler of its own. Each element takes at least one
// byte of input, so memory stays linear in the input; what a larger
// element costs beyond this is the size of the destination type the
// caller chose (`[{}, {}, …]` into a slice of 1 KiB structs), which
// MaxExpansion, a factor of the input, cannot tell from amplification.
// Marshal writes such elements in two bytes (`{}`, all fields omitted),
// so charging their full size would refuse its output.
const typedElemCharge = 24

// typedCharge returns the bytes charged for a typed element of size n.
func typedCharge(n int) int { return min(n, typedElemCharge) }

// resetBudget starts the budget of a document that begins at input offset
// start and, when it is known (Unmarshal), is n bytes long; n < 0 when it
// is not (a Decoder).
func (d *decodeState) resetBudget(start, n int64) {
	d.start = start
	d.whole = n >= 0
	d.used = 0
	d.allowed = expansionFloor
	if d.whole {
		d.allowed = allowance(d.cfg.opts.MaxExpansion, n)
	}
	d.capHigh = 0
	d.jsonHigh = 0
	d.elems.resetHigh()
	d.members.resetHigh()
	d.path.resetHigh()
}

// note counts n bytes allocated where decoding cannot fail; the next
// charge checks them.
func (d *decodeState) note(n int) { d.used += int64(n) }

// charge counts n bytes about to be allocated and fails with a *LimitError
// when the document's budget does not allow them.
func (d *decodeState) charge(n int) error {
	d.used += int64(n)
	if d.used <= d.allowed {
		return nil
	}
	return d.overAllowance()
}

// overAllowance returns the *LimitError when the bytes charged exceed the
// allowance: for a Decoder, once more computed from the input consumed so
// far.
func (d *decodeState) overAllowance() error {
	if !d.whole {
		d.allowed = allowance(d.cfg.opts.MaxExpansion, d.r.InputOffset()-d.start)
	}
	if d.used <= d.allowed {
		return nil
	}
	return &LimitError{Offset: d.offset(), Limit: "MaxExpansion", Max: d.allowed, Got: d.used}
}

// allowance returns max(expansionFloor, r × n), without overflow: the
// full product tells it, where dividing MaxInt64 by r would cost a
// division per document.
func allowance(r int, n int64) int64 {
	hi, lo := bits.Mul64(uint64(r), uint64(n))
	if hi != 0 || lo > math.MaxInt64 {
		return math.MaxInt64
	}
	return max(expansionFloor, int64(lo))
}

// mapBytes estimates the bytes of a Go map made for n entries whose key
// and element take slot bytes, as Go 1.24's maps lay them out: a header,
// then groups of 8 slots with 8 control bytes, filled to at most 7/8, in
// tables of up to 1024 slots. The estimate allows a quarter more for the
// rounding of the allocator; measured, it is within that of the truth.
func mapBytes(n, slot int) int {
	const header, table = 48, 64
	switch {
	case n == 0:
		return header
	case n <= 8:
		return header + 8 + 8*slot
	}
	slots := 16
	for slots*7/8 < n {
		slots *= 2
	}
	groups := slots / 8
	return header + (slots/1024+1)*table + groups*(8+8*slot)*5/4
}

// mapGrowth returns the bytes to charge when an entry is added to a map
// that grows as entries arrive (one not made with its final size) and now
// holds n entries: at the first entry and at each power of two from 8 on,
// the map of n+1 entries, else 0. Each growth doubles the table, so the
// charges add up to about twice the final map, as its allocations do.
func mapGrowth(n, slot int) int {
	if n == 1 || n >= 8 && n&(n-1) == 0 {
		return mapBytes(n+1, slot)
	}
	return 0
}

// appendGrowth returns the bytes append allocates when it grows a slice of
// capacity c, with elements of esz bytes, to hold n: the capacity the
// runtime picks (twice c for short slices, else c grown by about 1.25×
// until it holds n), and what the allocator's rounding up to its sizes
// may add.
func appendGrowth(c, n, esz int) int {
	nc := c
	switch {
	case n > 2*c:
		nc = n
	case c < 256:
		nc = 2 * c
	default:
		for nc < n {
			nc += (nc + 3*256) >> 2
		}
	}
	// The allocator rounds small sizes up by at most an eighth, and
	// sizes past 32 KiB up to whole 8 KiB pages.
	b := nc * esz
	return b + min(b/8, 8<<10)
}
