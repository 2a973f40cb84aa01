package smile

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"reflect"
	"runtime"
	"sort"
	"testing"
)

// Memory: decoding a hostile input allocates at most
// max(64 KiB, DefaultMaxExpansion × the input length), measured with
// runtime.MemStats TotalAlloc around each call, for every input and
// destination; for a typed destination whose elements are larger than
// typedElemCharge, that bound times their size over typedElemCharge
// (decode_budget.go charges an element at most typedElemCharge bytes). The
// inputs are the hostile ones of hostile_test.go plus inputs built to
// amplify: many one-byte back-references, tiny containers, distinct keys,
// big numbers, binary. Destinations are any, RawMessage, Valid, the
// Decoder, and typed values, one with elements far larger than the input
// bytes they come from. Where the Go values are inherently larger than
// the bound (a 4-byte object as a 300-byte map, an empty object as a
// large struct), decoding fails with DecOptions.MaxExpansion's
// *LimitError before it allocates more.

const (
	memFloor  = 64 << 10
	memFactor = DefaultMaxExpansion
)

type memInput struct {
	name string
	data []byte
}

// memInputs returns the inputs of the memory test.
func memInputs() []memInput {
	var in []memInput
	add := func(name string, data []byte) { in = append(in, memInput{name, data}) }
	hdr := mustHex(dhdr)
	valHdr := mustHex("3A 29 0A 03") // shared names and values
	rawHdr := mustHex("3A 29 0A 05")
	const n = 1 << 16
	rep := func(b []byte, k int) []byte { return bytes.Repeat(b, k) }

	// Length claims up to 2^62 and overlong VInts.
	tail := rep([]byte{0x41}, 64)
	for _, l := range []uint64{math.MaxInt32, 1 << 31, 1 << 62} {
		v := hstVInt(l)
		add(fmt.Sprintf("7bit claims %d", l), hstCat(hdr, []byte{0xE8}, v, tail))
		add(fmt.Sprintf("raw claims %d", l), hstCat(rawHdr, []byte{0xFD}, v, tail))
		add(fmt.Sprintf("bigint claims %d", l), hstCat(hdr, []byte{0x26}, v, tail))
		add(fmt.Sprintf("bigdec claims %d", l), hstCat(hdr, []byte{0x2A, 0x80}, v, tail))
	}
	add("overlong vint", hstCat(hdr, []byte{0x25}, rep([]byte{0x7F}, 4096), []byte{0xBF}))
	add("long string unterminated", hstCat(hdr, []byte{0xE0}, rep([]byte("abcdefgh"), 8192)))
	add("long key unterminated", hstCat(hdr, []byte{0xFA, 0x34}, rep([]byte("abcdefgh"), 8192)))

	// Depth.
	add("1M open arrays", hstCat(hdr, rep([]byte{0xF8}, 1<<20)))
	add("1M open objects", hstCat(hdr, rep([]byte{0xFA, 0x80, 0x61}, 1<<20)))
	add("999 nested arrays", hstCat(hdr, rep([]byte{0xF8}, 999), rep([]byte{0xF9}, 999)))
	add("999 nested objects", hstCat(hdr, rep([]byte{0xFA, 0x40}, 999), []byte{0x21}, rep([]byte{0xFB}, 999)))
	add("999 nested objects, names off", hstCat(mustHex("3A 29 0A 00"), rep([]byte{0xFA, 0x80, 0x61}, 999), []byte{0x21}, rep([]byte{0xFB}, 999)))

	// Amplifiers: one-byte elements.
	long := rep([]byte("0123456789abcdef"), 4) // 64 bytes, the longest shared value
	add("array of value refs", hstCat(valHdr, []byte{0xF8, 0x7F}, long, rep([]byte{0x01}, n), []byte{0xF9}))
	add("array of long value refs", hstCat(valHdr, []byte{0xF8, 0x7F}, long, rep([]byte{0xEC, 0x00}, n), []byte{0xF9}))
	add("array of small ints", hstCat(hdr, []byte{0xF8}, rep([]byte{0xC2}, n), []byte{0xF9}))
	add("array of distinct ints", hstCat(hdr, []byte{0xF8}, rep([]byte{0x24, 0x01, 0x7F, 0x7F, 0xBF}, n/4), []byte{0xF9}))
	add("array of nulls", hstCat(hdr, []byte{0xF8}, rep([]byte{0x21}, n), []byte{0xF9}))
	add("array of empty strings", hstCat(hdr, []byte{0xF8}, rep([]byte{0x20}, n), []byte{0xF9}))
	add("array of 1-char strings", hstCat(hdr, []byte{0xF8}, rep([]byte{0x40, 0x61}, n), []byte{0xF9}))
	add("array of empty arrays", hstCat(hdr, []byte{0xF8}, rep([]byte{0xF8, 0xF9}, n), []byte{0xF9}))
	add("array of empty objects", hstCat(hdr, []byte{0xF8}, rep([]byte{0xFA, 0xFB}, n), []byte{0xF9}))
	add("array of one-entry objects", hstCat(hdr, []byte{0xF8, 0xFA, 0x80, 0x61, 0xC2, 0xFB}, rep([]byte{0xFA, 0x40, 0xC2, 0xFB}, n), []byte{0xF9}))
	add("array of one-entry objects, names off", hstCat(mustHex("3A 29 0A 00"), []byte{0xF8}, rep([]byte{0xFA, 0x80, 0x61, 0xC2, 0xFB}, n), []byte{0xF9}))
	// The densest objects: one-entry objects nested 900 deep around an
	// empty one, 3 bytes and one Go map each, 128 times over.
	add("array of nested one-entry objects", hstCat(hdr, []byte{0xF8, 0xFA, 0x80, 0x61, 0xC2, 0xFB},
		rep(hstCat(rep([]byte{0xFA, 0x40}, 899), []byte{0xFA}, rep([]byte{0xFB}, 900)), 128), []byte{0xF9}))
	add("array of one-element arrays", hstCat(hdr, []byte{0xF8}, rep([]byte{0xF8, 0xC2, 0xF9}, n), []byte{0xF9}))
	add("array of empty binaries", hstCat(hdr, []byte{0xF8}, rep([]byte{0xE8, 0x80}, n), []byte{0xF9}))
	add("array of 1-byte binaries", hstCat(hdr, []byte{0xF8}, rep([]byte{0xE8, 0x81, 0x00, 0x01}, n), []byte{0xF9}))
	add("array of tiny bigints", hstCat(hdr, []byte{0xF8}, rep([]byte{0x26, 0x81, 0x00, 0x01}, n), []byte{0xF9}))
	add("array of tiny bigdecimals", hstCat(hdr, []byte{0xF8}, rep([]byte{0x2A, 0x80, 0x81, 0x00, 0x01}, n), []byte{0xF9}))
	add("array of float32", hstCat(hdr, []byte{0xF8}, rep([]byte{0x28, 0x00, 0x00, 0x00, 0x00, 0x00}, n/2), []byte{0xF9}))
	add("array of 7bit zero-length claims", hstCat(hdr, []byte{0xF8}, rep([]byte{0xE8, 0x80}, n)))

	// Objects with many distinct keys.
	var keys []byte
	for i := 0; i < n/4; i++ {
		keys = append(keys, 0x81, byte('a'+i%26), byte('a'+i/26%26), 0xC2)
	}
	add("object of distinct 2-char keys", hstCat(mustHex("3A 29 0A 00"), []byte{0xFA}, keys, []byte{0xFB}))
	add("object of one repeated key ref", hstCat(hdr, []byte{0xFA, 0x80, 0x61, 0xC2}, rep([]byte{0x40, 0xC4}, n), []byte{0xFB}))
	// Big numbers at the limit.
	big := hstCat([]byte{0x26}, hstVInt(1000), rep([]byte{0x7F}, 1143), []byte{0x01})
	add("bigint of 1000 bytes", hstCat(hdr, big))
	add("array of 1000-byte bigints", hstCat(hdr, []byte{0xF8}, rep(big, 32), []byte{0xF9}))
	return in
}

// memDest is one way of decoding an input.
type memDest struct {
	name   string
	decode func(data []byte) error
	elem   uintptr // the size of the destination's largest typed element, if more than typedElemCharge
}

func memDests() []memDest {
	into := func(newV func() any) func([]byte) error {
		return func(data []byte) error { return Unmarshal(data, newV()) }
	}
	return []memDest{
		{"any", into(func() any { return new(any) }), 0},
		{"Valid", func(data []byte) error { Valid(data); return nil }, 0},
		{"Decoder", func(data []byte) error {
			var v any
			return NewDecoder(bytes.NewReader(data)).Decode(&v)
		}, 0},
		{"RawMessage", into(func() any { return new(RawMessage) }), 0},
		{"[]any", into(func() any { return new([]any) }), 0},
		{"[]string", into(func() any { return new([]string) }), 0},
		{"[]int64", into(func() any { return new([]int64) }), 0},
		{"map[string]int", into(func() any { return new(map[string]int) }), 0},
		{"[]map[string]any", into(func() any { return new([]map[string]any) }), 0},
		{"[][]byte", into(func() any { return new([][]byte) }), 0},
		{"[]Number", into(func() any { return new([]Number) }), 0},
		{"[][3]int64", into(func() any { return new([][3]int64) }), 0}, // elements of typedElemCharge bytes
		{"[]hstNested", into(func() any { return new([]hstNested) }), reflect.TypeFor[hstNested]().Size()},
		{"AnyNumbersAsNumber", func(data []byte) error {
			m, _ := DecOptions{AnyNumbers: AnyNumbersAsNumber}.DecMode()
			var v any
			return m.Unmarshal(data, &v)
		}, 0},
	}
}

// memAlloc returns the bytes f allocates, the least of three runs (other
// goroutines of the runtime may allocate too).
func memAlloc(f func()) uint64 {
	best := uint64(math.MaxUint64)
	for range 3 {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		f()
		runtime.ReadMemStats(&after)
		best = min(best, after.TotalAlloc-before.TotalAlloc)
	}
	return best
}

func TestHostileMemory(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector changes allocation")
	}
	if testing.Short() {
		t.Skip("measures the memory of 1,500 decodings, a collection before each (50 s); run without -short, as CI does")
	}
	type result struct {
		what  string
		ratio float64
		alloc uint64
		err   error
	}
	var all []result
	for _, in := range memInputs() {
		for _, d := range memDests() {
			var err error
			alloc := memAlloc(func() { err = d.decode(in.data) })
			bound := max(uint64(memFloor), uint64(memFactor*len(in.data)))
			if d.elem > typedElemCharge {
				bound = bound * uint64(d.elem) / typedElemCharge
			}
			r := result{fmt.Sprintf("%s into %s (%d bytes)", in.name, d.name, len(in.data)), float64(alloc) / float64(len(in.data)), alloc, err}
			all = append(all, r)
			if alloc > bound {
				t.Errorf("%s allocated %d bytes, %.1f× the input; the bound is %d (error: %v)", r.what, alloc, r.ratio, bound, err)
			}
		}
	}
	// Log the worst cases above the floor, and how many the bound stopped.
	sort.Slice(all, func(i, j int) bool { return all[i].ratio > all[j].ratio })
	logged, stopped := 0, 0
	for _, r := range all {
		outcome := "decoded"
		var le *LimitError
		if errors.As(r.err, &le) && le.Limit == "MaxExpansion" {
			outcome = "MaxExpansion"
			stopped++
		} else if r.err != nil {
			outcome = "other error"
		}
		if r.alloc > memFloor && logged < 24 {
			t.Logf("%6.1f× %9d B  %s (%s)", r.ratio, r.alloc, r.what, outcome)
			logged++
		}
	}
	t.Logf("%d of %d cases failed with MaxExpansion", stopped, len(all))
}
