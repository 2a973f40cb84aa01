package smile

import (
	"math/big"
	"reflect"
	"strconv"
	"unsafe"

	"github.com/go-smile/smile/internal/rt"
	"github.com/go-smile/smile/stream"
)

// anyValue returns the value starting at d.tok as an interface value:
// map[string]any, []any, string, bool, []byte, nil, or a number as
// DecOptions.AnyNumbers says. The values inside it cannot fail to decode
// with an *UnmarshalTypeError, so it keeps no path for one.
func (d *decodeState) anyValue() (any, error) {
	// One switch over every kind, which the compiler makes a jump table.
	switch d.tok.Kind {
	case stream.KindNull:
		return nil, nil
	case stream.KindTrue:
		return true, nil
	case stream.KindFalse:
		return false, nil
	case stream.KindInt:
		if d.cfg.opts.AnyNumbers != AnyNumbersNative {
			return d.otherAnyNumber()
		}
		if v := d.tok.Int(); uint64(v) < 256 {
			return v, nil // the runtime boxes these without allocating
		}
		return d.ints.box(d.tok.Int(), &d.used), nil
	case stream.KindFloat32, stream.KindFloat64:
		if d.cfg.opts.AnyNumbers != AnyNumbersNative {
			return d.otherAnyNumber()
		}
		return d.floats.box(d.tok.Float64(), &d.used), nil
	case stream.KindString:
		return d.strAny(), nil
	case stream.KindStartObject:
		return d.objectAny()
	case stream.KindStartArray:
		return d.arrayAny()
	case stream.KindBinary:
		b := d.tok.Bytes()
		if err := d.charge(len(b)); err != nil {
			return nil, err
		}
		out := make([]byte, len(b))
		copy(out, b)
		return out, nil
	case stream.KindBigInt:
		if d.cfg.opts.AnyNumbers != AnyNumbersNative {
			return d.otherAnyNumber()
		}
		if err := d.chargeBig(); err != nil {
			return nil, err
		}
		return d.tok.BigInt(), nil
	case stream.KindBigDecimal:
		if d.cfg.opts.AnyNumbers != AnyNumbersNative {
			return d.otherAnyNumber()
		}
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
			if bs := *(*string)(rt.DataOf(v)); rt.SameString(bs, s) {
				return v
			}
		}
	} else if slot < cap(d.valAnys) {
		d.valAnys = d.valAnys[:cap(d.valAnys)] // zeroed by release
	} else {
		d.valAnys = append(d.valAnys[:cap(d.valAnys)], make([]any, len(d.vals)-cap(d.valAnys))...)
		d.valAnys = d.valAnys[:cap(d.valAnys)]
		d.note(cap(d.valAnys) * rt.AnySize)
	}
	v := d.strs.box(s, &d.used)
	d.valAnys[slot] = v
	return v
}

// otherAnyNumber returns the current number token in an interface value
// as AnyNumbersAsNumber or AnyNumbersFloat64 say.
func (d *decodeState) otherAnyNumber() (any, error) {
	if d.cfg.opts.AnyNumbers == AnyNumbersAsNumber {
		return d.numberAny()
	}
	return d.float64Any()
}

// float64Any returns the current number token as a float64 in an
// interface value (AnyNumbersFloat64), rounded to nearest as
// encoding/json's strconv.ParseFloat rounds. A BigInteger or BigDecimal
// beyond float64's range is an *UnmarshalTypeError, as encoding/json's
// error for such a number, and the value is nil, as encoding/json leaves
// it; decoding goes on.
func (d *decodeState) float64Any() (any, error) {
	var f float64
	switch d.tok.Kind {
	case stream.KindInt:
		f = float64(d.tok.Int())
	case stream.KindFloat32, stream.KindFloat64:
		f = d.tok.Float64()
	case stream.KindBigInt, stream.KindBigDecimal:
		var err error
		if d.tok.Kind == stream.KindBigInt {
			f, err = strconv.ParseFloat(d.tok.BigInt().String(), 64)
		} else {
			f, err = d.bigDecimalFloat(64)
		}
		if err != nil {
			return nil, d.typeErrorErr(float64Type, strconv.ErrRange)
		}
	}
	return d.floats.box(f, &d.used), nil
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
	return d.charge(len(d.tok.Bytes()) + int(reflect.TypeFor[big.Int]().Size()) + 16)
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
	n := 0
	for {
		k, _, ok, err := d.anyKey()
		if err != nil {
			return err
		}
		if !ok {
			return nil
		}
		if n++; n > d.maxLen() {
			return d.containerLimit(n)
		}
		if g := mapGrowth(n, mapAnySlot); g > 0 {
			if err := d.charge(g); err != nil {
				return err
			}
		}
		if err := d.next(); err != nil {
			return err
		}
		v, err := d.anyValue()
		if err != nil {
			return err
		}
		m[k] = v
	}
}

// mapAnySlot is the size of an entry of a map[string]any.
const mapAnySlot = rt.StringSize + rt.AnySize

// mapAnyBytes returns the bytes to charge for a map[string]any made for n
// entries: mapBytes, plus, for a map of one group (n <= 8), the
// allocator's rounding up to its size class, which mapBytes leaves out
// (rt.NewStringAnyMap's header and group, 312 bytes, to 320; make's
// group, 264 bytes, to 288).
func mapAnyBytes(n int) int {
	b := mapBytes(n, mapAnySlot)
	if n <= 8 {
		b += b / 8
	}
	return b
}

// member is an object member gathered by objectAny.
type member struct {
	key string
	val any
}

// objectAny decodes the object whose start is d.tok as a new
// map[string]any. An object like the last one whose first key was the
// same shared name (objSizes) is stored in the map as its members arrive
// (objectAnyFilled), in a map made for as many members as that one had;
// any other is gathered first (objectAnyGathered).
func (d *decodeState) objectAny() (any, error) {
	k, slot, ok, err := d.anyKey()
	if err != nil {
		return nil, err
	}
	if !ok {
		if err := d.charge(mapAnyBytes(0)); err != nil {
			return nil, err
		}
		return make(map[string]any), nil
	}
	if uint(slot) < uint(len(d.objSizes)) {
		if n := int(d.objSizes[slot]); n != int(objUnknown) && n != int(objVaried) {
			// A map made for more than a group's members is charged for
			// them all, and the object may have fewer: the size of the
			// last such object (of this document or the one before) is
			// taken only where at least 2 bytes of input are left for
			// each member (a name reference and a one-byte value), and
			// while the charges stay within a quarter of the allowance.
			// The other three quarters hold what the document needs
			// whatever was taken, of the default 256 bytes per byte of
			// Smile: at most 117 in a whole document (decode_budget.go),
			// and 176 in a prefix read by a Decoder, whose nested
			// objects are charged a map of 351 bytes for each 2 bytes
			// read (the object's start and a name reference). Taken up
			// to the whole allowance, a wide object followed by a chain
			// of nested one-member objects with the same first name made
			// every level's map for the wide one, and the default
			// refused documents our Marshal writes
			// (TestMaxExpansionStaleObjectSizes).
			if n <= arrayHead || n <= len(d.r.Buffered())/2 && d.used+int64(mapAnyBytes(n)) <= d.allowed/4 {
				return d.objectAnyFilled(k, slot, n)
			}
		}
	}
	return d.objectAnyGathered(k, slot)
}

// newMapAny returns a new map[string]any made for n members, 0 < n, as
// make(map[string]any, n) makes it, in one allocation where make makes
// several: for up to 8 members, the header with its group
// (rt.NewStringAnyMap), where make allocates the header, then the group
// at the first member; for up to 112, the header with its one table and
// its groups (rt.NewStringAnyMapSized), where make allocates four
// objects. Measured against make (bench module, BIN=... N=20 sh
// bench/callgrind.sh, GC off; Ir per op in all / go-smile's own; objects
// per op from -benchmem): UnmarshalAny/citm_catalog 24.43M / 11.99M ->
// 21.71M / 12.29M with maps of up to 8 members made in one allocation ->
// 21.10M / 12.32M with those up to 112 too, 23485 -> 12789 -> 12133
// objects; code 55.38M / 31.84M -> 51.65M / 32.20M -> 51.43M / 32.14M,
// 27087 -> 14279 -> 14285; twitter 9.10M / 5.32M -> 8.90M / 5.35M ->
// 8.57M / 5.39M, 3456 -> 2549 -> 1501; medium (-test.benchtime 2000x,
// whole run, per op) 123.3K -> 119.7K for the first step, 41 -> 29 -> 26
// objects. With GOGC=100, in all: citm_catalog 39.72M -> 37.83M ->
// 37.07M, twitter 15.95M -> 15.70M -> 13.92M, code 84.99M -> 85.19M ->
// 85.40M (its collections cost as much: the bytes hardly change).
// Its maps share the document's hash seed, drawn at its first map, so
// that putAny can hash each of the document's names once for all of them.
func (d *decodeState) newMapAny(n int) map[string]any {
	if d.mapSeed == 0 {
		d.mapSeed = rt.MapSeed()
	}
	return rt.NewStringAnyMapSized(n, d.mapSeed)
}

// keyHash is the hash of a shared name with the document's map seed.
type keyHash struct {
	key  string
	hash uintptr
}

// putAny sets m[k] = v in a map of up to 8 entries made by newMapAny,
// k being the name of shared-name slot slot (or -1). It hashes a name once
// per slot content and document (d.keyHashes) and puts the entry in the
// map's group itself (rt.PutStringAny), where m[k] = v hashes k at every
// insert; m[k] = v does the rest (a larger map, a key of no slot or "").
// Two extensions measured no faster and were left out: putting entries
// in maps of one table too (probing its groups as the runtime does;
// twitter, whose large objects are gathered, 8.27M Ir per op either way)
// and putting the members of gathered objects of up to 8 (twitter 8.22M
// -> 8.41M). Tried again together, with the gathered members of every
// size keeping their keys' slots: more instructions (bash
// bench/callgrind.sh UnmarshalAny/<set>, in all: small 10,299 -> 11,282,
// medium 81.4K -> 83.5K, twitter 8.79M -> 8.97M) and no change on the
// clock (8 alternated runs of both builds, GOMAXPROCS=1, benchstat: p >
// 0.16 on small, medium, twitter, citm_catalog and code). The runtime's
// insert into a table costs about what the same probe spelled out costs,
// so only the hashing is saved, and the lookup of the key's hash takes
// that back.
// Measured against m[k] = v with a seed drawn per map (bench module,
// callgrind of BenchmarkUnmarshalAny/<set>/smile at N and 2N runs, GC
// off, -test.memprofilerate 2^62; whole program, Ir per op): small 10099
// -> 10225, medium 82198 -> 81107, twitter 8.374M -> 8.265M,
// citm_catalog 20.86M -> 19.48M, code 50.41M -> 47.50M.
func (d *decodeState) putAny(m map[string]any, k string, slot int, v any) {
	if uint(slot) < uint(len(d.keyHashes)) && len(k) != 0 {
		// The usual case, first, spelled out: against one path for all
		// (callgrind as below) code 48.56M -> 47.31M, citm_catalog 19.92M
		// -> 19.74M, small 10228 -> 10254.
		if e := &d.keyHashes[slot]; rt.SameString(e.key, k) {
			if !rt.PutStringAny(m, d.mapSeed, k, e.hash, v) {
				m[k] = v
			}
			return
		}
	}
	if uint(slot) >= 1<<12 || len(k) == 0 {
		m[k] = v
		return
	}
	if slot >= len(d.keyHashes) {
		if slot >= cap(d.keyHashes) {
			d.keyHashes = append(d.keyHashes[:cap(d.keyHashes)], make([]keyHash, slot+1-cap(d.keyHashes))...)
			d.note(cap(d.keyHashes) * (rt.StringSize + rt.WordSize))
		}
		d.keyHashes = d.keyHashes[:cap(d.keyHashes)] // zeroed by endDocument
	}
	e := &d.keyHashes[slot]
	if !rt.SameString(e.key, k) {
		e.key, e.hash = k, rt.StringHash(k, d.mapSeed)
	}
	if !rt.PutStringAny(m, d.mapSeed, k, e.hash, v) {
		m[k] = v
	}
}

// objSize is what objectAny last found of an object by its first key:
// its number of members, objUnknown or objVaried.
type objSize uint16

const (
	objUnknown objSize = 0         // no such object yet
	objVaried  objSize = 1<<16 - 1 // objects whose maps had different sizes
)

// noteObjSize records that an object whose first key was read from
// shared-name slot slot (or -1) had n members. Objects whose maps were of
// different sizes (mapBytes) are gathered from then on: objects of
// different sizes that begin with the same name (a root object and one
// nested in it, both with an "id" first) would each make a map of the
// wrong size for the next.
func (d *decodeState) noteObjSize(slot, n int) {
	if uint(slot) >= 1<<12 {
		return
	}
	if slot >= len(d.objSizes) {
		d.objSizes = append(d.objSizes, make([]objSize, slot+1-len(d.objSizes))...)
	}
	switch last := d.objSizes[slot]; {
	case last == objVaried || int(last) == n:
	case n >= int(objVaried) || last != objUnknown && mapBytes(n, mapAnySlot) != mapBytes(int(last), mapAnySlot):
		d.objSizes[slot] = objVaried
	default:
		d.objSizes[slot] = objSize(n)
	}
}

// objectAnyFilled is objectAny for an object expected to have about
// hint members, whose first key k has been read: its map is made for
// hint members (of one group, by newMapAny, for up to arrayHead) and
// filled as the members arrive, and grows if more come. It saves gathering the members (clearing the local
// array, copying them twice). Measured against gathering every object
// (bench module, bash bench/callgrind.sh with GOGC=off, N=20, N=200 for
// medium; Ir per op in all / in go-smile's own functions), for objects
// of up to arrayHead members: UnmarshalAny/citm_catalog 26.09M / 13.60M
// -> 25.46M / 12.83M, code 59.70M / 36.65M -> 58.18M / 35.03M, twitter
// 9.74M / 6.00M -> 9.74M / 5.96M, medium 96.7K / 63.2K -> 95.0K / 62.0K.
// Filling larger objects too, in maps made for the last one's size, saves
// gathering them where they come alike (go-smile's own Ir per op, GC off,
// N=100 for small and medium, N=10 for the others; gathering them ->
// filling): small 7642 -> 7239, twitter 5.631M -> 5.482M (with GOGC=100,
// N=30, in all: 15.64M -> 15.58M), medium 58325 -> 58444, citm_catalog
// 12.269M -> 12.312M, code 32.67M -> 32.77M; B/op unchanged (twitter
// 1244014 -> 1245500).
func (d *decodeState) objectAnyFilled(k string, slot, hint int) (any, error) {
	ks := slot // the slot of k
	var m map[string]any
	expected := hint
	if hint <= arrayHead {
		if err := d.charge(mapAnyBytes(1)); err != nil {
			return nil, err
		}
		m = d.newMapAny(1)
		hint = 1 // charged for: growth past one group is charged as in objectInto
	} else {
		if err := d.charge(mapAnyBytes(hint)); err != nil {
			return nil, err
		}
		m = d.newMapAny(hint)
	}
	n := 0
	for {
		if n >= d.maxLen() {
			return nil, d.containerLimit(n + 1)
		}
		if n++; n > hint {
			if g := mapGrowth(n, mapAnySlot); g > 0 {
				if err := d.charge(g); err != nil {
					return nil, err
				}
			}
		}
		if err := d.next(); err != nil {
			return nil, err
		}
		v, err := d.anyValue()
		if err != nil {
			return nil, err
		}
		if n <= rt.MapGroupSlots && hint <= rt.MapGroupSlots { // a map of one group
			d.putAny(m, k, ks, v)
		} else {
			m[k] = v
		}
		var ok bool
		if k, ks, ok, err = d.anyKey(); err != nil {
			return nil, err
		} else if !ok {
			break
		}
	}
	if n != expected && (n > arrayHead || expected > arrayHead) {
		d.noteObjSize(slot, n)
	}
	return m, nil
}

// objectAnyGathered is objectAny for an object whose first key k has been
// read, gathering the members first (the first ones locally, as by
// arrayAny, the rest on d.members), so that the map is made once with its
// final size. Filling the map as the members arrive, and letting it grow,
// measured slower where objects are larger than a map group of 8 (Ir per
// op, bash bench/callgrind.sh, GC off, N=20 and for small and medium
// N=200; gathered / filled): twitter 9.78M / 12.88M, medium 93.7K /
// 102.1K, small 13.6K / 16.8K; only citm_catalog, nearly all objects of 2
// or 3 members, gains from filling (26.02M / 25.38M), which
// objectAnyFilled does for objects like a small one before.
func (d *decodeState) objectAnyGathered(k string, slot int) (any, error) {
	var head [arrayHead]member
	base := d.members.len()
	n := 0
	for {
		if n >= d.maxLen() {
			return nil, d.containerLimit(n + 1)
		}
		if err := d.next(); err != nil {
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
		var ok bool
		if k, _, ok, err = d.anyKey(); err != nil {
			return nil, err
		} else if !ok {
			break
		}
	}
	d.noteObjSize(slot, n)
	if err := d.charge(mapAnyBytes(n)); err != nil {
		return nil, err
	}
	m := d.newMapAny(n)
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

// arrayHead is the number of elements arrayAny keeps in a local array
// before it gathers them on d.elems: most arrays are short, and a local
// array costs no write barriers and needs no clearing.
const arrayHead = 8

// arrayAny decodes the array whose start is d.tok as a []any in an
// interface value, gathering the elements (the first ones locally, the
// rest on d.elems) so that the slice is made once.
func (d *decodeState) arrayAny() (any, error) {
	var head [arrayHead]any
	base := d.elems.len()
	n := 0
	for {
		if err := d.next(); err != nil {
			return nil, err
		}
		if d.tok.Kind == stream.KindEndArray {
			break
		}
		if n >= d.maxLen() {
			return nil, d.containerLimit(n + 1)
		}
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
	if n == 0 {
		return emptyArray, nil
	}
	if n > maxCarved {
		if err := d.charge(n * rt.AnySize); err != nil {
			return nil, err
		}
	}
	a := d.anySlice(n)
	copy(a, head[:min(n, arrayHead)])
	if n > arrayHead {
		d.elems.moveTo(base, a[arrayHead:])
	}
	return d.arrays.box(a, &d.used), nil
}

// ifaceDecoder is the decoder of non-empty interface types: a non-nil
// pointer held by the interface is decoded into; null sets the interface
// to nil; anything else is an *UnmarshalTypeError.
func ifaceDecoder(t reflect.Type) decoderFunc {
	typ := rt.TypeOf(t)
	return func(d *decodeState, p unsafe.Pointer) error {
		if rt.IfaceIsNil(p) {
			if d.tok.Kind == stream.KindNull {
				return nil
			}
			return d.typeError(t)
		}
		if ok, err := d.intoHeldPointer(rt.Iface(p), p); ok {
			return err
		}
		if d.tok.Kind == stream.KindNull {
			typ.Zero(p)
			return nil
		}
		return d.typeError(t)
	}
}

// intoHeldPointer decodes into the value pointed to by v, the value of the
// interface at p, when v is a non-nil pointer (encoding/json's indirect). A
// null decodes into it only when it points to a pointer. It reports false
// when it did nothing.
func (d *decodeState) intoHeldPointer(v any, p unsafe.Pointer) (bool, error) {
	vt := reflect.TypeOf(v)
	if vt == nil || vt.Kind() != reflect.Pointer {
		return false, nil
	}
	_, data := rt.Unpack(v)
	if data == nil || data == p { // data == p: an interface holding its own address
		return false, nil
	}
	if d.tok.Kind == stream.KindNull && vt.Elem().Kind() != reflect.Pointer {
		return false, nil
	}
	return true, typeDecoder(vt.Elem())(d, data)
}

// decodeEmptyInterface is the decoder of any: a non-nil pointer held is
// decoded into, otherwise the interface receives a new value.
func decodeEmptyInterface(d *decodeState, p unsafe.Pointer) error {
	ep := (*any)(p)
	if *ep != nil {
		if ok, err := d.intoHeldPointer(*ep, p); ok {
			return err
		}
	}
	v, err := d.anyValue()
	if err != nil {
		return err
	}
	*ep = v
	return nil
}
