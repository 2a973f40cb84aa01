package smile

import (
	"io"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
	"unsafe"

	"github.com/go-smile/smile/internal/rt"
	"github.com/go-smile/smile/stream"
)

// pathSeg is one step of the path from the root to the value being
// decoded: an array index (idx >= 0) or an object member (idx < 0), named
// for a struct member by the struct's field number field (fields points
// to the first of them) and by name otherwise. The fields of a step are set as the
// decoders need them, so that moving to the next element or struct field
// stores an integer, not a string.
type pathSeg struct {
	idx    int
	field  int       // with fields: the struct field, or -1 for name
	fields *decField // the struct's first field, for a struct member
	name   string
}

// decodeState is the per-call state of a decoding. Its own fields are the
// ones every token touches (the reader, the options, the current token,
// the first saved error) and the decoder of the root type it served last.
// The embedded parts hold the rest, each for the
// code named in its doc comment; their fields are reached as d.field. The
// hot parts come first (the path, the strings, the budget) and the parts
// that only some documents use (captures, JSON text) last.
type decodeState struct {
	r   *stream.Reader
	cfg *decConfig

	tok stream.Token // the token being decoded (its offset: d.offset())

	err error // first non-fatal error (type errors), as encoding/json's savedError

	root rootEntry // the decoder of the root type found last (rootDecoder)

	decodePath
	decodeStrings
	decodeBudget
	decodeAlloc
	decodeCapture
	decodeJSONText
}

// decodePath is the path from the root to the value being decoded, for
// the Field of an *UnmarshalTypeError (pathString). The container decoders
// push a step when they enter an array, object or struct, move it at each
// element or member, and pop it at the end (push, setIndex, setKey,
// setField, pop).
type decodePath struct {
	path    stack[pathSeg]       // the steps
	top     *pathSeg             // its last step
	cur     *[stackChunk]pathSeg // the chunk of top
	pathMax int                  // the most steps path has held with a name since release
}

// decodeStrings makes the Go strings of a document (str, key, newString):
// those of shared-value and shared-name slots once per slot content, the
// others carved from chunks of memory shared by many strings.
type decodeStrings struct {
	vals    []string // Go strings of the shared-value slots seen (by Slot)
	valAnys []any    // the same boxed in interface values, when made (see strAny)
	keys    []string // Go strings of the shared-name slots seen (by Slot)
	// lastKeys are the keys of the last document, which keys may reuse;
	// keyArena is the unused tail of the chunk they are carved from (see
	// decode_keys.go).
	lastKeys []string
	keyArena []byte
	// lastPrep holds, by slot, the last document's names that the one
	// before had too, prepared for ReadTaggedKey; nameNext is the slot
	// the document's next new name is expected to take, and nextPrep
	// lastPrep's name of that slot or nil (see anyKey).
	lastPrep []*stream.PreparedKey
	nextPrep *stream.PreparedKey
	nameNext int

	// arena is the unused tail of a chunk that decoded strings are carved
	// from (see newString); chunk is the size of the next one.
	arena []byte
	chunk int
}

// decodeBudget is the memory budget of the document (decode_budget.go,
// DecOptions.MaxExpansion), charged by every allocation site: it starts
// at input offset start; used bytes are charged, allowed is the allowance
// in force, and whole says that it is computed from the whole input.
type decodeBudget struct {
	start, used, allowed int64
	whole                bool
}

// decodeAlloc holds the chunks and scratch space that decoded values are
// made from, reused from document to document: the boxes of interface
// values and short []any made by anyValue (decode_any.go, decode_any_box.go),
// the members and elements gathered for objectAny and arrayAny, and the
// elements without pointers gathered for a typed slice (flatSlice) with
// the chunks its arrays are carved from.
type decodeAlloc struct {
	flat []byte // elements without pointers being gathered (flatSlice)
	// flatArena is the unused tail of a chunk that the arrays of slices
	// without pointers are carved from (see flatBytes), as strings are
	// from arena; its chunks are d.chunk bytes.
	flatArena []byte
	// strSlots is the chunk that new pointers to strings and new slices
	// of strings point into (stringSlots).
	strSlots []string
	// pointees are the chunks that new pointers point into (pointee);
	// pointeesUsed says that one was taken since release, which clears
	// them only then (callgrind, BenchmarkCall/Unmarshal, Ir per call in
	// go-smile's own functions: 782 clearing them always, 751 so).
	pointees     [pointeeSlots]pointeeChunk
	pointeesUsed bool

	// Chunks that interface values from anyValue point into.
	strs   boxes[string]
	ints   boxes[int64]
	floats boxes[float64]
	arrays boxes[[]any]
	anys   []any // the chunk that short []any values are carved from

	nums boxes[Number]
	// mapSeed is the hash seed of the maps objectAny makes for the
	// document (0 until its first), and keyHashes the hashes of its
	// shared names with that seed, by slot (see putAny).
	mapSeed   uintptr
	keyHashes []keyHash
	members   stack[member] // object members being gathered (objectAny)
	// objSizes holds, by the shared-name slot of an object's first key,
	// how objectAny last found such an object (decode_any.go).
	objSizes []objSize
	elems    stack[any] // array elements being gathered (arrayAny)
}

// decodeCapture copies one value of the input into a document of its own,
// for the decoders of RawMessage, Unmarshaler and UnmarshalJSON
// (decode_methods.go: capture). Its Writer and buffer are made on first
// use and reused.
type decodeCapture struct {
	capW     *stream.Writer       // writes captured values (RawMessage, Unmarshaler)
	capWOpts stream.WriterOptions // the options capW was made with
	capBuf   []byte               // what capW writes, reused
	capOpen  []capOpen            // the containers open in a capture
	capHigh  int                  // capBuf's capacity as charged for the document (chargeCapture)
}

// decodeJSONText turns a captured value into JSON text for the decoder of
// an UnmarshalJSON method (decode_methods.go: captureJSON). Its Reader and
// buffer are made on first use and reused.
type decodeJSONText struct {
	jsonR    *stream.Reader // reads captures for captureJSON
	jsonRCfg *decConfig     // the config jsonR was made for
	jsonBuf  []byte         // the JSON text of captureJSON, reused
	jsonHigh int            // jsonBuf's capacity as charged for the document
}

var decodeStatePool sync.Pool

// newDecodeState returns a decodeState reading data with cfg, from the
// pool when possible.
func newDecodeState(cfg *decConfig, data []byte) (*decodeState, error) {
	if v := decodeStatePool.Get(); v != nil {
		d := v.(*decodeState)
		d.chunk = arenaChunk(len(data))
		if d.cfg == cfg {
			export.ResetDocument(d.r, data)
		} else {
			r, err := stream.NewReader(data, cfg.stream)
			if err != nil {
				return nil, err
			}
			d.cfg, d.r = cfg, r
		}
		d.resetBudget(0, int64(len(data)))
		return d, nil
	}
	r, err := stream.NewReader(data, cfg.stream)
	if err != nil {
		return nil, err
	}
	d := &decodeState{r: r, cfg: cfg, decodeStrings: decodeStrings{chunk: arenaChunk(len(data))}}
	d.resetBudget(0, int64(len(data)))
	return d, nil
}

// arenaChunk returns the size of the string chunks for an input of n
// bytes: the strings of a small document fit in one chunk, and a chunk
// of a large one is big enough to make its allocation rare. The short
// slices of typed decoding are carved from the same chunks (up to a
// quarter of one). 512-byte chunks, which the collector marks pointers
// into by a shorter path (see decode_any_box.go), were tried: they cut
// the Ir to mark a tree decoded into any (bench/cmd/gcmark) by 9-19%,
// but stopped the carving of slices and tripled allocations (typed
// Unmarshal, allocs/op: twitter 242 -> 726, canada 27 -> 486; any:
// twitter 3450 -> 3930), and were no faster on the clock (bench module,
// ^BenchmarkUnmarshal(Any)?$ on twitter, citm_catalog, canada and code,
// smile, -count 5 alternating on a quiet machine: geomean 2.7% slower,
// p > 0.2 for each).
func arenaChunk(n int) int {
	return min(max(n, 256), 32<<10)
}

// release returns d to the pool, dropping what it refers to in the input
// and in decoded values. It keeps d.root, a decoder of a Go type, which
// refers to neither.
func (d *decodeState) release() {
	d.endDocument()
	decodeStatePool.Put(d)
}

// endDocument readies d for the next document, as release does without
// returning d to the pool (tests decode document after document on one
// state with it). The call costs BenchmarkCall/Unmarshal about 10 Ir
// (callgrind, the method of call_bench_test.go: 788 -> 798 per call).
func (d *decodeState) endDocument() {
	if d.r != nil { // nil in a state first made to borrow a caller's Reader (UnmarshalDecode)
		export.DropInput(d.r) // newDecodeState resets it
	}
	d.tok = stream.Token{}
	d.err = nil
	d.clearPath()
	clear(d.vals)
	d.vals = d.vals[:0]
	clear(d.valAnys)
	d.valAnys = d.valAnys[:0]
	d.mapSeed = 0
	clear(d.keyHashes)
	d.keyHashes = d.keyHashes[:0]
	d.keepKeys()
	d.members.release()
	d.elems.release()
	d.releaseAny()
	if d.pointeesUsed { // most documents have no pointers to carve
		d.pointees = [pointeeSlots]pointeeChunk{}
		d.pointeesUsed = false
	}
	d.flat = d.flat[:0]
	if cap(d.flat) > 1<<20 {
		d.flat = nil
	}
	if d.capW != nil { // made at the first capture, with capBuf
		d.capBuf = d.capBuf[:0]
		if cap(d.capBuf) > 64<<10 {
			d.capBuf = nil
		}
		d.capW.Reset(nil)
	}
	if d.jsonR != nil { // made at the first JSON text, with jsonBuf
		d.jsonR.Reset(nil)
		if cap(d.jsonBuf) > 64<<10 {
			d.jsonBuf = nil
		}
	}
}

// offset returns the input offset of the token last read: d.tok, or the
// key returned by nextKey.
func (d *decodeState) offset() int64 { return d.r.TokenOffset() }

// maxLen is MaxContainerLen. The decoding loops load it where they check
// it rather than keep it in a variable: they keep more values live than
// there are registers, and one less costs less than the load. Measured
// (bash bench/callgrind.sh, N=100; Ir per Unmarshal in all / in go-smile's
// own functions): the struct loop on twitter, loaded 5.16M / 4.70M, in a
// variable 5.21M / 4.77M; the map loops on citm_catalog, 12.998M / 11.486M
// and 12.935M / 11.486M, no difference in go-smile's own count.
func (d *decodeState) maxLen() int { return d.cfg.opts.MaxContainerLen }

// nextKey reads the next key of an object as a Go string (see keyString);
// ok is false at the end of the object. A shared name whose string is
// already in d.keys carries keysTag in its key tag (see
// stream's ReadTaggedKey), and is then returned without comparing its
// bytes with the string's: the reader clears the tag when the slot gets
// another name, and d.keys changes only to hold the slot's name.
// Measured (bash bench/callgrind.sh, N=20, N=100 for medium, at commit
// 0666fc8, before the key tags' 48-bit ids; Ir per Unmarshal in
// go-smile's own functions, with the tag / comparing every key): UnmarshalAny/twitter 6.02M / 6.77M, UnmarshalAny/citm_catalog
// 13.58M / 15.02M, UnmarshalAny/medium 63.9K / 66.4K; typed maps pay for
// setting the tags: Unmarshal/citm_catalog 11.342M / 11.330M,
// Unmarshal/medium 48.0K / 47.8K.
func (d *decodeState) nextKey() (k string, ok bool, err error) {
	k, _, ok, err = d.nextKeySlot()
	return k, ok, err
}

// nextKeySlot is nextKey that also returns the key's shared-name slot (or
// -1).
func (d *decodeState) nextKeySlot() (k string, slot int, ok bool, err error) {
	kb, slot, tag, prev, ok, err := export.ReadTaggedKey(d.r, nil, 0)
	if !ok {
		return "", slot, ok, err
	}
	if (tag == keysTag || prev == keysTag) && uint(slot) < uint(len(d.keys)) {
		if k := d.keys[slot]; k != "" { // "" after release: d.keys is per use of d
			return k, slot, true, nil
		}
	}
	k = d.keyString(kb, slot)
	if uint(slot) < uint(len(d.keys)) && len(k) > 0 && d.keys[slot] == k {
		export.SetKeyTag(d.r, slot, keysTag)
	}
	return k, slot, true, nil
}

// keysTag is the half key tag (see decode_struct.go) that says d.keys
// holds a shared name's Go string: the id of no struct decoder, and
// field 0.
var keysTag = newTagBits()

// next reads the next token into d.tok (left zero on error): at the root,
// or the first token of a value in an array or after a key (where the
// reader rejects an end-of-document marker). It assigns what ReadToken
// returns, which fits the inlining budget where ReadTokenInto, which keeps
// *t on error, does not.
func (d *decodeState) next() (err error) {
	d.tok, err = d.r.ReadToken()
	return err
}

// saveError keeps err if it is the first non-fatal error.
func (d *decodeState) saveError(err error) {
	if d.err == nil {
		d.err = err
	}
}

// typeError records an *UnmarshalTypeError for the current token and Go
// type t, and skips the rest of the value.
func (d *decodeState) typeError(t reflect.Type) error {
	if d.err != nil {
		// Only the first error is returned: build no other (an array of
		// mismatched elements would otherwise cost an error each).
		return d.skipRest()
	}
	d.saveError(&UnmarshalTypeError{Value: d.tokDesc(), Type: t, Offset: d.offset(), Field: d.pathString()})
	return d.skipRest()
}

// typeErrorErr is typeError with an underlying cause.
func (d *decodeState) typeErrorErr(t reflect.Type, cause error) error {
	if d.err != nil {
		// Only the first error is returned: build no other (an array of
		// mismatched elements would otherwise cost an error each).
		return d.skipRest()
	}
	d.saveError(&UnmarshalTypeError{Value: d.tokDesc(), Type: t, Offset: d.offset(), Field: d.pathString(), Err: cause})
	return d.skipRest()
}

// skipRest skips what is left of the value whose first token is d.tok:
// nothing for a scalar, the members or elements and the end for an object
// or array.
func (d *decodeState) skipRest() error {
	switch d.tok.Kind {
	case stream.KindStartArray, stream.KindStartObject:
	default:
		return nil
	}
	for {
		k, err := d.r.PeekKind()
		if err != nil {
			return d.fatal(err)
		}
		switch k {
		case stream.KindEndArray, stream.KindEndObject:
			_, err := d.r.ReadToken()
			return d.fatal(err)
		case stream.KindEndOfDocument:
			return d.fatal(d.next()) // the reader reports it where it is not allowed
		}
		if err := d.r.SkipValue(); err != nil {
			return d.fatal(err)
		}
	}
}

// fatal turns an io.EOF inside a value into a *SyntaxError.
func (d *decodeState) fatal(err error) error {
	if err == io.EOF {
		return &SyntaxError{Offset: d.r.InputOffset(), Msg: "unexpected end of input", Err: io.ErrUnexpectedEOF}
	}
	return err
}

// tokDesc describes the current token for an *UnmarshalTypeError.
func (d *decodeState) tokDesc() string {
	t := &d.tok
	switch t.Kind {
	case stream.KindNull:
		return "null"
	case stream.KindTrue, stream.KindFalse:
		return "bool"
	case stream.KindInt:
		return "integer " + strconv.FormatInt(t.Int(), 10)
	case stream.KindBigInt:
		return "BigInteger " + truncDesc(t.BigInt().String())
	case stream.KindFloat32:
		return "float32 " + strconv.FormatFloat(float64(t.Float32()), 'g', -1, 32)
	case stream.KindFloat64:
		return "float64 " + strconv.FormatFloat(t.Float64(), 'g', -1, 64)
	case stream.KindBigDecimal:
		u, s := t.BigDecimal()
		return "BigDecimal " + truncDesc(Decimal{Unscaled: u, Scale: s}.String())
	case stream.KindString:
		return "string"
	case stream.KindBinary:
		return "binary"
	case stream.KindStartArray:
		return "array"
	case stream.KindStartObject:
		return "object"
	}
	return t.Kind.String()
}

// truncDesc shortens a long number in an error message.
func truncDesc(s string) string {
	if len(s) > 40 {
		return s[:37] + "..."
	}
	return s
}

// pathString formats d.path as "items[3].name".
func (d *decodeState) pathString() string {
	if d.path.len() == 0 {
		return ""
	}
	var b strings.Builder
	for i := range d.path.len() {
		s := d.path.at(i)
		if s.idx >= 0 {
			b.WriteByte('[')
			b.WriteString(strconv.Itoa(s.idx))
			b.WriteByte(']')
			continue
		}
		if i > 0 {
			b.WriteByte('.')
		}
		if s.fields != nil && s.field >= 0 {
			b.WriteString(rt.Slice(s.fields, s.field+1)[s.field].name)
		} else {
			b.WriteString(s.name)
		}
	}
	return b.String()
}

// push adds a step to the path and returns it; its fields other than idx
// are left as they were. The path is a stack of chunks, each noted for the
// memory budget once per document: its depth is bounded by MaxDepth, and
// it costs that depth in steps, not twice that as a slice grown by
// doubling would. Within a chunk, push and pop move top to the next or
// the last slot of cur; pushChunk and pop cross chunks. Only the
// steps named by setKey can refer to a document's strings, so only they
// count in pathMax, the steps whose names clearPath drops.
//
// Measured (BIN=... sh bench/callgrind.sh, N=20, N=1000 for medium; Ir
// per Unmarshal, all / go-smile's own; push through the stack's pushSlot
// and updating pathMax at each push, pop through stack.at -> as here):
// citm_catalog 12.547M / 11.522M -> 12.442M / 11.319M, medium 54,930 /
// 48,316 -> 54,146 / 47,973, twitter 5.078M / 4.684M -> 5.111M / 4.659M
// (its totals vary by about 1% from run to run).
func (d *decodeState) push(idx int) *pathSeg {
	n := d.path.n
	if i := n & (stackChunk - 1); i != 0 { // the slot after top, in cur
		s := &d.cur[i]
		d.path.n = n + 1
		d.top = s
		s.idx = idx
		return s
	}
	return d.pushChunk(idx)
}

// pushChunk is push where the new step starts a chunk.
func (d *decodeState) pushChunk(idx int) *pathSeg {
	if d.path.newChunk() {
		d.note(d.path.chunkBytes())
	}
	s := d.path.pushSlot()
	d.cur = d.path.chunks[(d.path.n-1)>>stackChunkBits]
	d.top = s
	s.idx = idx
	return s
}

// pop removes the last step of the path. It calls nothing, so that it
// inlines (push, which cannot, calls pushChunk): Ir per Unmarshal, all /
// go-smile's own (BIN=... sh bench/callgrind.sh, N=20, N=1000 for
// medium), calling a popChunk to cross chunks -> as here: citm_catalog
// 11.571M / 10.405M -> 11.352M / 10.368M, twitter 4.946M / 4.589M ->
// 4.961M / 4.584M, medium 54,958 / 48,443 -> 54,181 / 48,291.
func (d *decodeState) pop() {
	n := d.path.n - 1
	d.path.n = n
	if n&(stackChunk-1) == 0 && n > 0 { // the new top is in the chunk before
		d.cur = d.path.chunks[(n-1)>>stackChunkBits]
	}
	if n > 0 {
		d.top = &d.cur[(n-1)&(stackChunk-1)]
	} else {
		d.top = nil
	}
}

// clearPath empties the path and drops the names of its steps, which may
// be keys of the last document. The other fields of a step refer to
// nothing of a document, and each push sets those that are read (see
// pathString) before they are. (callgrind, BenchmarkCall/Unmarshal, Ir
// per call in go-smile's own functions: 711 zeroing the steps, 694 so.)
func (d *decodeState) clearPath() {
	for i := range d.pathMax {
		d.path.at(i).name = ""
	}
	d.path.n, d.pathMax, d.top, d.cur = 0, 0, nil, nil
}

// pushKey, pushStruct and pushIndex add a step to the path: a map key or
// other named member, a member of a struct with the given fields, an
// array element. pop removes it.
func (d *decodeState) pushKey(name string) {
	d.push(-1).fields = nil
	d.setKey(name)
}
func (d *decodeState) pushStruct(fields []decField) {
	s := d.push(-1)
	s.fields = rt.SliceData(fields)
	s.field = -1
}
func (d *decodeState) pushIndex(i int) { d.push(i) }
func (d *decodeState) setIndex(i int)  { d.top.idx = i }
func (d *decodeState) setKey(name string) {
	s := d.top
	s.field = -1
	s.name = name
	d.pathMax = max(d.pathMax, d.path.n)
}
func (d *decodeState) setField(i int) { d.top.field = i }

// containerLimit returns the *LimitError for an array or object with more
// than DecOptions.MaxContainerLen elements.
func (d *decodeState) containerLimit(n int) error {
	return &LimitError{Offset: d.offset(), Limit: "MaxContainerLen", Max: int64(d.cfg.opts.MaxContainerLen), Got: int64(n)}
}

// str returns the current string token as a Go string. A string stored in
// (or read back from) a shared-value slot is made once per slot content.
func (d *decodeState) str() string { return d.strOf(d.tok.Bytes(), d.tok.Slot) }

// strOf returns string b, read from shared-value slot s (or -1), as a Go
// string; see str.
func (d *decodeState) strOf(b []byte, s int) string {
	// The common case, a string without a slot that fits in the chunk,
	// is newString's fast path written here, so that it costs one call,
	// not two. go-smile's own Ir per Unmarshal (BIN=... N=1000 sh
	// bench/callgrind.sh), calling newString -> as here: small 4821 ->
	// 4775, medium 47022 -> 46538. d.arena is resliced in place, so that
	// only its length is stored: storing a copy stored its pointer too,
	// with a write barrier while the collector runs, and kept six values
	// on the stack across the copy, where this keeps two (go build
	// -gcflags=-S). Own Ir per Unmarshal, storing a copy -> as here
	// (N=1000, N=20 for the large sets): small 4644 -> 4581, medium
	// 42293 -> 41691, twitter 3.861M -> 3.810M, code 20.338M -> 20.197M,
	// citm_catalog 9.933M -> 9.925M, canada unchanged.
	if i := len(d.arena); s < 0 && uint(len(b)-1) < uint(cap(d.arena)-i) && !d.cfg.opts.AllowInvalidUTF8 {
		d.arena = d.arena[:i+len(b)]
		a := d.arena[i:]
		copy(a, b)
		return rt.String(a)
	}
	return d.strSlow(b, s)
}

// strSlow is strOf but for its fast path.
func (d *decodeState) strSlow(b []byte, s int) string {
	if s < 0 || len(b) == 0 {
		return d.newString(b)
	}
	return d.slotString(&d.vals, false, s, b)
}

// key returns the current key token as a Go string, made once per
// shared-name slot content.
func (d *decodeState) key() string { return d.keyString(d.tok.Bytes(), d.tok.Slot) }

// keyString returns key b, read from shared-name slot s (or -1), as a Go
// string, made once per slot content.
func (d *decodeState) keyString(b []byte, s int) string {
	if s < 0 || len(b) == 0 {
		return d.newString(b)
	}
	return d.slotString(&d.keys, true, s, b)
}

// slotString returns the string cached in (*cache)[slot] when it equals b,
// else stores and returns another: for a key, the last document's key of
// the slot when it equals b (see decode_keys.go), else a new one.
func (d *decodeState) slotString(cache *[]string, key bool, slot int, b []byte) string {
	c := *cache
	if slot < len(c) {
		if c[slot] == string(b) {
			return c[slot]
		}
	} else if slot < 1<<12 {
		if slot < cap(c) {
			c = c[:slot+1]
		} else {
			c = append(c[:cap(c)], make([]string, slot+1-cap(c))...)
			c = c[:cap(c)]
			d.note(cap(c) * rt.StringSize)
		}
		*cache = c
	} else {
		return d.newString(b)
	}
	var s string
	switch {
	case !key:
		s = d.newString(b)
	case slot < len(d.lastKeys) && d.lastKeys[slot] == string(b):
		s = d.lastKeys[slot]
	default:
		s = d.newKey(b, slot)
	}
	c[slot] = s
	return s
}

// newString returns b as a new Go string. Short strings are copied into a
// shared chunk, so that most strings of a document cost no allocation of
// their own (a string kept alive keeps its whole chunk alive, as with
// strings aliasing the input in other decoders). The bytes of a string
// are written before the string is made, and never again (the Reader's
// TryStringAppend copies by words, which may write the unused bytes after
// it: those of the next strings, written again before they are made).
// TestNewStringChunkAllocs fails if strings are allocated one by one.
func (d *decodeState) newString(b []byte) string {
	if d.cfg.opts.AllowInvalidUTF8 && !utf8.Valid(b) {
		b = replaceInvalidUTF8(b)
	}
	n := len(b)
	if n == 0 {
		return ""
	}
	if n > cap(d.arena)-len(d.arena) {
		if n > d.chunk/4 {
			d.note(n)
			return string(b)
		}
		d.note(d.chunk)
		d.arena = make([]byte, 0, d.chunk)
	}
	i := len(d.arena)
	d.arena = append(d.arena, b...)
	return rt.String(d.arena[i : i+n : i+n])
}

// replaceInvalidUTF8 returns b with each byte that is not part of valid
// UTF-8 replaced by U+FFFD, as encoding/json decodes such strings.
func replaceInvalidUTF8(b []byte) []byte {
	out := make([]byte, 0, len(b)+8)
	for len(b) > 0 {
		r, size := utf8.DecodeRune(b)
		if r == utf8.RuneError && size == 1 {
			out = utf8.AppendRune(out, utf8.RuneError)
		} else {
			out = append(out, b[:size]...)
		}
		b = b[size:]
	}
	return out
}

// value decodes the next value into the value at p with dec. At the
// root, end markers before the value are skipped when skipMarkers is set;
// with nothing left, value returns io.EOF.
func (d *decodeState) value(dec decoderFunc, p unsafe.Pointer, skipMarkers bool) error {
	for {
		// Prepare first, so that a header is consumed and the first
		// token is read by the Reader's fast path.
		if err := export.Prepare(d.r); err != nil {
			if err == io.EOF {
				return err
			}
			return d.fatal(err)
		}
		if err := d.next(); err != nil {
			return err
		}
		if d.tok.Kind != stream.KindEndOfDocument || !skipMarkers {
			break
		}
	}
	if d.tok.Kind == stream.KindEndOfDocument {
		return &SyntaxError{Offset: d.offset(), Msg: "end-of-document marker where a value is expected"}
	}
	return d.fatal(dec(d, p))
}
