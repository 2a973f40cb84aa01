package smile

import "math"

// The decode memory budget (DecOptions.MaxExpansion): what decoding a
// document may allocate is at most max(expansionFloor, MaxExpansion × the
// bytes of the document consumed so far).
//
// Each allocation site charges its bytes before it allocates (or, for the
// few sites that cannot fail, notes them for the next charge to check): an
// add and a compare. Only when the running total passes the allowance
// computed last is the allowance recomputed from the input consumed, and
// decoding fails when the total still exceeds it. The sites, with what
// they charge:
//
//   - strings: the chunks they are carved from, or their own bytes (noted);
//   - interface values (boxes) and short []any: their chunks (noted);
//   - scratch space that gathers elements and members: each chunk of it a
//     document uses, counted from zero for each document so that a pooled
//     decoder charges as a new one does;
//   - []any, maps (mapBytes), typed slices as they grow, new pointers,
//     []byte values, big numbers and captured values (RawMessage,
//     Unmarshaler): their size.

// expansionFloor is the allowance of any document, however short. A
// short document can need more than 64 × its size: 200 nested one-member
// objects (a golden vector of about 500 bytes) are 200 Go maps, 67 KB.
const expansionFloor = 128 << 10

// resetBudget starts the budget of a document that begins at input offset
// start.
func (d *decodeState) resetBudget(start int64) {
	d.start = start
	d.used = 0
	d.allowed = expansionFloor
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

// overAllowance recomputes the allowance from the input consumed so far
// and returns the *LimitError when the bytes charged exceed it.
func (d *decodeState) overAllowance() error {
	in := d.r.InputOffset() - d.start
	r := int64(d.cfg.opts.MaxExpansion)
	allowed := int64(math.MaxInt64)
	if in <= math.MaxInt64/r {
		allowed = max(expansionFloor, r*in)
	}
	d.allowed = allowed
	if d.used <= allowed {
		return nil
	}
	return &LimitError{Offset: d.offset(), Limit: "MaxExpansion", Max: allowed, Got: d.used}
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
