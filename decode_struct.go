package smile

import (
	"fmt"
	"reflect"
	"strconv"
	"sync/atomic"
	"unsafe"

	"github.com/go-smile/smile/internal/rt"
	"github.com/go-smile/smile/stream"
)

type structDec struct {
	t      reflect.Type
	info   *structInfo
	fields []decField
	// keys[i] matches the name of field i written in full, for keys that
	// come in field order (see members); it is zero, matching nothing,
	// for a name that is not valid UTF-8 or that a tag cannot name, and
	// past the last field.
	keys []stream.PreparedKey
	// tagBits is the decoder's id in a half key tag (see the key tags below).
	tagBits uint64
	// tagSpan is the number of fields a half tag of sd can name, from
	// field 0 (0 when sd cannot tag): a latest tag t names one of them
	// when t-tagBits < tagSpan (see export.TryKeyRef).
	tagSpan uint64
}

// decField is a struct field as the decoder needs it.
type decField struct {
	name   string
	hops   []embedHop
	offset uintptr
	dec    decoderFunc
	kind   scalarKind // what the struct loop stores itself (see storeScalar)
}

func newStructDecoder(t reflect.Type) decoderFunc {
	si := cachedStructInfo(t)
	sd := &structDec{t: t, info: si, fields: make([]decField, len(si.fields)), tagBits: newTagBits()}
	sd.keys = make([]stream.PreparedKey, len(si.fields)+1)
	if sd.tagBits != noTagBits {
		sd.tagSpan = uint64(min(len(si.fields), maxTagField+1))
	}
	for i := range si.fields {
		f := &si.fields[i]
		df := decField{name: f.name, offset: f.offset, hops: f.hops}
		if k, err := stream.PrepareKey(f.name); err == nil && sd.canTag(i) {
			sd.keys[i] = *k
		}
		sd.fields[i] = df
	}
	// Field decoders last: a recursive type finds this one's placeholder.
	for i := range si.fields {
		sd.fields[i].dec = typeDecoder(si.fields[i].typ)
		sd.fields[i].kind = scalarKindOf(si.fields[i].typ)
		if si.fields[i].quoted { // tag_string.go: through dec, from a string
			sd.fields[i].dec = quotedDecoder(si.fields[i].typ, sd.fields[i].dec)
			sd.fields[i].kind = scalarNone
		}
		if len(si.fields[i].hops) > 0 { // reached through fieldPtr, after the fast paths (see decode)
			sd.fields[i].kind = scalarNone
		}
	}
	return sd.decode
}

// lookup returns the index of the field for key kb, or -1: the field at
// hint when its name matches (keys usually come in field order), else an
// exact match, else a case-insensitive one unless disabled.
func (sd *structDec) lookup(d *decodeState, kb []byte, hint int) int {
	if hint < len(sd.fields) && sd.fields[hint].name == string(kb) {
		return hint
	}
	if i, ok := sd.info.byName[string(kb)]; ok {
		return i
	}
	if d.cfg.opts.CaseSensitiveFields {
		return -1
	}
	var arr [64]byte
	if i, ok := sd.info.byFold[string(appendFoldedName(arr[:0], unsafeString(kb)))]; ok {
		return i
	}
	return -1
}

// unknownField records the error for key, which matches no field of sd,
// under DisallowUnknownFields: an *UnmarshalTypeError whose Err is
// ErrUnknownField to errors.Is and names the fields that cancel each
// other when key is the name they share.
func (sd *structDec) unknownField(d *decodeState, key string) {
	if d.err != nil {
		return // only the first error is returned
	}
	d.setKey(key)
	d.saveError(&UnmarshalTypeError{Value: "key " + strconv.Quote(key), Type: sd.t, Offset: d.offset(), Field: d.pathString(),
		Err: &unknownFieldError{key: key, clash: sd.info.clashOf(key, d.cfg.opts.CaseSensitiveFields)}})
}

// unsafeString views b as a string for a lookup that does not keep it.
func unsafeString(b []byte) string { return rt.String(b) }

func (sd *structDec) decode(d *decodeState, p unsafe.Pointer) error {
	switch d.tok.Kind {
	case stream.KindStartObject:
	case stream.KindNull:
		return nil
	default:
		return d.typeError(sd.t)
	}
	n, hint := 0, 0
	d.pushStruct(sd.fields)
	for {
		// Most keys are short references to names whose latest tag
		// is one of sd's fields: they are read first, without a call
		// (TryKeyRef inlines), and the rest by ReadTaggedKey. Keys
		// usually come in field order, so there the next field's name
		// is matched in the input as it stands. go-smile's own Ir per
		// Unmarshal (BIN=... sh bench/callgrind.sh, N=20, N=1000 for
		// small and medium), every key through ReadTaggedKey -> as
		// here: twitter 4.347M -> 3.982M, code 25.14M -> 21.12M, medium
		// 45425 -> 43237; but small 4646 -> 4857 (its keys are all new
		// names, and the loop keeps more values on the stack) and
		// citm_catalog 9.718M -> 10.239M (its names are past the 64
		// that short references reach). Trying TryKeyRef only until it
		// fails once in an object: small 4798, twitter 4.462M,
		// citm_catalog 10.193M; long references too, by a second method
		// (not inlined): citm_catalog 9.707M, small 5201.
		var i int
		if t, ok := export.TryKeyRef(d.r, sd.tagBits, sd.tagSpan); ok {
			i = int(t - sd.tagBits) // a field (see tagSpan)
			if n++; n > d.maxLen() {
				return d.containerLimit(n)
			}
		} else {
			kb, slot, tag, prev, ok, err := export.ReadTaggedKey(d.r, &sd.keys[hint], sd.halfTag(hint))
			if err != nil {
				return err
			}
			if !ok {
				break
			}
			var known bool
			if i, known = sd.fieldOfTag(tag, prev); !known {
				if kb == nil { // a reference to a name other decoders tagged
					kb = export.SharedName(d.r, slot)
				}
				i = sd.field(d, kb, slot, hint)
			}
			if n++; n > d.maxLen() {
				return d.containerLimit(n)
			}
			if uint(i) >= uint(len(sd.fields)) { // no such field
				if d.cfg.opts.DisallowUnknownFields {
					if kb == nil { // a reference to a name known to be unknown
						kb = export.SharedName(d.r, slot)
					}
					sd.unknownField(d, string(kb))
				}
				if err := d.r.SkipValue(); err != nil {
					return d.fatal(err)
				}
				continue
			}
		}
		hint = i + 1
		f := &sd.fields[i]
		fp := rt.Add(p, f.offset)
		// readScalar, written out: the loop's calls cost the most, since
		// every value live across one is kept on the stack, and this
		// saves one per scalar field. go-smile's own Ir per Unmarshal,
		// calling readScalar -> written out (BIN=<bench test> N=20 sh
		// bench/callgrind.sh Unmarshal/twitter ...): twitter 4.860M ->
		// 4.651M (-4.3%), citm_catalog 11.513M -> 11.337M (-1.5%),
		// code 28.914M -> 27.582M (-4.6%).
		switch f.kind {
		case scalarString:
			// A string that strOf would copy into d.arena is copied
			// there by the Reader, in one call (TryStringAppend); the
			// rest as before. go-smile's own Ir per Unmarshal (BIN=...
			// sh bench/callgrind.sh, N=2000 for small and medium, N=20
			// for the others), TryString and strOf -> as here, in this
			// loop and the slice, map and readScalar ones: small 4581
			// -> 4446, medium 41692 -> 40570, twitter 3.810M -> 3.733M,
			// code 20.197M -> 19.920M, citm_catalog 9.925M -> 9.909M.
			if b, ok := export.TryStringAppend(d.r, &d.arena); ok {
				*(*string)(fp) = rt.String(b)
				continue
			}
			if b, slot, ok, err := export.TryString(d.r); err != nil {
				return err
			} else if ok {
				*(*string)(fp) = d.strOf(b, slot)
				continue
			}
		case scalarInt64:
			if v, ok := export.TryInt(d.r); ok {
				*(*int64)(fp) = v
				continue
			}
		case scalarFloat64:
			if v, ok := export.TryFloat64(d.r); ok {
				*(*float64)(fp) = v
				continue
			}
		case scalarBool:
			if v, ok := export.TryBool(d.r); ok {
				*(*bool)(fp) = v
				continue
			}
		case scalarPointer:
			if export.TryNull(d.r) {
				rt.SetPointer(fp, nil)
				continue
			}
		case scalarSlice:
			// An empty array is read whole, the start of another
			// without a token (then the decoder's own test for an
			// empty array fails at once). Ir per Unmarshal, all /
			// go-smile's own (BIN=... sh bench/callgrind.sh, N=20,
			// N=1000 for medium), every slice field through d.next and
			// its decoder -> as here: citm_catalog 12.442M / 11.319M ->
			// 11.571M / 10.405M (9000 empty blockIds), code 29.798M / 27.934M -> 28.471M / 26.676M,
			// twitter 5.111M / 4.659M -> 4.946M / 4.589M, medium
			// 54,146 / 47,973 -> 54,958 / 48,443 (its slices are never
			// empty). Reading [] alone (TryEmptyArray, then d.next):
			// citm_catalog 11.515M / 10.478M, medium 55,483 / 48,833;
			// the start alone (TryStartArray, then TryEndArray): citm_catalog
			// 12.122M / 11.031M, medium 54,053 / 48,312.
			if export.TryEmptyArray(d.r) {
				rt.SetEmptySlice(fp)
				continue
			}
			if export.TryStartArray(d.r) {
				d.tok = stream.Token{Kind: stream.KindStartArray, Slot: -1}
				d.setField(i)
				if err := f.dec(d, fp); err != nil {
					return err
				}
				continue
			}
		}
		// The path names the field only from here on: the fast paths
		// above record no error that carries it (a field reached
		// through embedded pointers, whose kind is scalarNone, takes
		// none of them). go-smile's own Ir per Unmarshal (BIN=... sh
		// bench/callgrind.sh, N=1000 for small and medium), setting the
		// field and testing f.hops for every field -> as here: small 4665
		// -> 4646, medium 45540 -> 45425.
		d.setField(i)
		if len(f.hops) > 0 {
			var err error
			if fp, err = d.fieldPtr(p, f); err != nil {
				d.saveError(err)
				if err := d.r.SkipValue(); err != nil {
					return d.fatal(err)
				}
				continue
			}
		}
		if err := d.next(); err != nil {
			return err
		}
		if f.kind != scalarNone && d.storeScalar(f.kind, fp) {
			continue
		}
		if err := f.dec(d, fp); err != nil {
			return err
		}
	}
	d.pop()
	return nil
}

// fieldPtr returns a pointer to field f of the struct at p, allocating
// nil embedded pointers on the way when their types are exported, as
// encoding/json does.
func (d *decodeState) fieldPtr(p unsafe.Pointer, f *decField) (unsafe.Pointer, error) {
	for i := range f.hops {
		h := &f.hops[i]
		pp := rt.Add(p, h.offset)
		if rt.Deref(pp) == nil {
			if !h.exported {
				return nil, fmt.Errorf("smile: cannot set embedded pointer to unexported struct %v (field %s at offset %d)", h.elem.Type(), shortPath(d.pathString()), d.offset())
			}
			rt.SetPointer(pp, h.elem.New())
		}
		p = rt.Deref(pp)
	}
	return rt.Add(p, f.offset), nil
}

// A struct decoder remembers which of its fields a shared name names in
// the name's key tags (see stream's ReadTaggedKey), so that a
// back-reference to the name finds its field without reading or
// comparing it. A Reader keeps the last two tags attached to a name, for
// the last two struct types that met it, so that names common to two
// types, such as "id" in a user and in a post, stay known to both. A
// half tag (one of the two) is
//
//	decoder id (48 bits, from 1) | field index (16 bits; all ones: no such field)
//
// An empty half is 0, which no decoder's id matches. Fields beyond the
// 16-bit indices (a struct of more than 65534 fields) are looked up by
// name every time.
//
// Ids are never reused and never run out. Each is taken once per Go
// struct type, by the decoder that decoderCache keeps for the life of
// the process (cachedFunc builds a type's decoder once, even when
// goroutines race on it or the build panics), and by keysTag. A
// structDec takes 88 bytes before its fields (52 on 32-bit platforms),
// and the Go heap spans at most 2^48 bytes (the runtime's heapAddrBits:
// 48 on 64-bit platforms, 32 or fewer on 32-bit ones), so fewer than
// 2^42 decoders can ever exist: the process runs out of memory long
// before the 2^48-1 ids. The fallback below for decoders without an id
// (they find every key by name, with the same results) is there for the
// tests, which lower the bound, and so that an impossible count could
// cost speed, never a wrong field.
//
// Wider ids were chosen over reusing them by epochs (a Reader clearing
// its tags when the ids' epoch moves on, decoders taking new ids): a
// decoder shared by goroutines could not take a new id while another
// goroutine still decodes with its old one into a Reader of the old
// epoch, so each decoding would have to check its decoders' epoch, a
// cost in the loop and a proof of its own; wider ids need neither.
//
// Until 2026-12 a half took 32 bits, ids 20 of them: after 2^20-1 struct
// types, all later decoders silently lost the tags. The wider tags cost
// each entry of a Reader's tables 8 bytes (32 instead of 24 on 64-bit
// platforms; at most 1024 names and 1024 values), one more store per
// new name and one more result per key; with the name references'
// entry taken before the stores to the Reader (ReadTaggedKey), own
// instructions per Unmarshal went (BIN=... N=20 sh bench/callgrind.sh,
// N=1000 for the small documents; 20 bits -> 48 bits): twitter 4.676M ->
// 4.655M, citm_catalog 11.342M -> 11.337M, medium 47,997 -> 47,935,
// small 5,163 -> 5,189 (+0.5%: 11 keys, 10 of them new names).
//
// Measured (BIN=... N=20 sh bench/callgrind.sh Unmarshal/twitter
// Unmarshal/citm_catalog, with 48-bit ids; Ir per Unmarshal in
// go-smile's own functions, the stabler count; the totals, runtime
// included, moved by up to 3% between runs): no key tags (tagIDLimit 0:
// every key of a struct looked up by name) twitter 5.85M, citm_catalog
// 13.79M; one half (fieldOfTag reading the latest tag only) 4.85M and
// 11.31M; two halves 4.66M and 11.34M. The second half saves 4% on
// twitter and costs 0.2% on citm_catalog.
const (
	tagFieldBits = 16
	tagFieldMask = 1<<tagFieldBits - 1
	noTagField   = tagFieldMask   // the field index of a name that is no field
	maxTagField  = noTagField - 1 // the last field index a half can hold
	maxTagID     = 1<<(64-tagFieldBits) - 1
	noTagBits    = ^uint64(0) // the tagBits of decoders that cannot tag: matches no half
)

// tagIDs counts the ids given to struct decoders (see the key tags
// above). Ids are not reused: a tag written by one decoder stays in a
// Reader's table as long as its name, and Readers outlive any one
// decoding (UnmarshalDecode reads many values from the caller's), so an
// id given again could make a tag of one type name a field of another.
var tagIDs atomic.Uint64

// tagIDLimit is the last id given: maxTagID, lowered by tests to reach
// the bound.
var tagIDLimit uint64 = maxTagID

// newTagBits returns the id of a new struct decoder, shifted into place
// in a half tag, or noTagBits past tagIDLimit, which only a test reaches
// (see the key tags above).
func newTagBits() uint64 {
	if id := tagIDs.Add(1); id <= tagIDLimit {
		return id << tagFieldBits
	}
	tagIDs.Store(tagIDLimit + 1) // stop counting before the counter wraps
	return noTagBits
}

// canTag reports whether a half tag can name field i of sd.
func (sd *structDec) canTag(i int) bool { return sd.tagBits != noTagBits && i <= maxTagField }

// halfTag is the half tag that says a shared name is field i, or no field
// when i is -1. It is meaningful only when sd.canTag(i).
func (sd *structDec) halfTag(i int) uint64 { return sd.tagBits | uint64(i)&tagFieldMask }

// fieldOfTag returns the field index that the tags of a shared name, the
// latest and the one before (as ReadTaggedKey returns them), record for
// sd, which is out of range for no field, and whether they record one.
func (sd *structDec) fieldOfTag(last, prev uint64) (int, bool) {
	if last&^tagFieldMask == sd.tagBits {
		return int(last & tagFieldMask), true
	}
	if prev&^tagFieldMask == sd.tagBits {
		return int(prev & tagFieldMask), true
	}
	return 0, false
}

// field returns the index of the field for key kb, or -1, when its slot's
// tags do not say. A key with a slot in the shared-name table is looked
// up once: the result becomes the slot's latest tag, and the latest
// before it the one before.
func (sd *structDec) field(d *decodeState, kb []byte, slot int, hint int) int {
	i := sd.lookup(d, kb, hint)
	if slot >= 0 && sd.canTag(i) {
		export.SetKeyTag(d.r, slot, sd.halfTag(i))
	}
	return i
}
