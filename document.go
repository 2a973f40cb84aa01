package smile

import (
	"errors"
	"hash/maphash"
	"iter"
	"math"
	"math/big"
	"reflect"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/go-smile/smile/internal/rt"
	"github.com/go-smile/smile/stream"
)

// Document is a Smile document parsed once into a flat index, a tape in
// simdjson's manner (see document_parse.go), for reading values by path
// or by iteration without decoding them into Go values. Parse makes one;
// Document.Parse reuses one and its buffers.
//
// A Document keeps the input it was parsed from: strings and keys are read
// from it without a copy, so data must not be modified while the Document
// or any of its Nodes, or a string read from them, is in use. Binary values
// and big numbers are decoded into the Document's own storage.
//
// The tape holds at most TapeWordsPerByte words per byte of input, and
// the whole Document at most DocumentBytesPerByte bytes per byte of
// input besides the input, charged against DecOptions.MaxExpansion.
//
// Reading a Document (its Nodes, their iterators, Interface) from many
// goroutines at once is safe. Parse is not: parsing again, with
// Document.Parse, invalidates every Node of the previous document; such a
// Node then reports that it does not exist, and its readers return an
// error that says why.
type Document struct {
	data  []byte
	tape  []uint64
	names []uint64 // input offset << 32 | length
	bin   []byte   // decoded binary values and big-number bytes
	gen   uint32   // incremented at each Parse, to tell stale Nodes
	// owned is set for a Query's Document (resetOwned): data holds copies
	// of its strings and bytes, not Smile input to decode from.
	owned bool

	cfg   *decConfig
	r     *stream.Reader
	stack []openContainer

	// By shared-name slot, the index in names of the slot's name; by
	// shared-value slot, the tape word of the slot's string. They grow to
	// the slots used (at most 1024 each), so that a Document for a small
	// input is small.
	nameSlots  []uint32
	valueSlots []uint64

	// The tape index of each shared name and shared value the input
	// defined, in input order (see document_parse.go), and whether the
	// header enabled the tables.
	nameDefs, valueDefs       []uint32
	sharedNames, sharedValues bool
	header                    stream.Header // the input's header, if hasHeader
	hasHeader                 bool

	// The key indexes of large objects (document_index.go): by ordinal,
	// where each starts in idxSlab and how far it is built; idxNeed is
	// the slab's length, idxSlab made at the first build with idxSeed,
	// idxSlabState saying how far (as an index's state).
	idxStart     []uint32
	idxState     []uint32
	idxNeed      int
	idxSlab      []uint32
	idxSeed      maphash.Seed
	idxSlabState uint32
}

// Parse parses data, one Smile document, into a new Document with the
// default DecOptions. data is kept by the Document (see there). The
// errors are those of Unmarshal for the same input: *SyntaxError and
// *LimitError with the offset.
func Parse(data []byte) (*Document, error) { return DecMode{}.Parse(data) }

// Parse is the package-level Parse with the options of m: the stream
// rules and limits, MaxContainerLen, MaxExpansion, and for
// Node.Interface AnyNumbers and AllowInvalidUTF8. A Document made here
// keeps m for its later Document.Parse calls.
func (m DecMode) Parse(data []byte) (*Document, error) {
	d := new(Document)
	if err := d.parse(m.config(), data); err != nil {
		return nil, err
	}
	return d, nil
}

// Parse parses data into d, reusing d's buffers: a Document parsed again
// and again allocates nothing once its buffers have grown to the size of
// the documents. The options are those of the DecMode d was made with
// (the default for a zero Document). Every Node of d's previous document
// becomes invalid. On error d holds no document.
func (d *Document) Parse(data []byte) error {
	cfg := d.cfg
	if cfg == nil {
		cfg = defaultDecConfig
	}
	return d.parse(cfg, data)
}

// Root returns the document's root value; after a failed Parse, a Node
// that does not exist.
func (d *Document) Root() Node {
	if d == nil || len(d.tape) == 0 {
		return Node{}
	}
	return Node{d: d, i: 0, gen: d.gen}
}

// Kind is the kind of a Node's value.
type Kind uint8

// The kinds of Node values. KindMissing is the kind of a Node that does
// not exist (a key or index that is not there).
const (
	KindMissing    Kind = iota // no value: a key or index that does not exist
	KindNull                   // null
	KindBool                   // true or false
	KindInt                    // an integer of Smile's int32 or int64 forms
	KindBigInt                 // a BigInteger
	KindFloat                  // a float32 or float64
	KindBigDecimal             // a BigDecimal
	KindString                 // a string
	KindBinary                 // binary data
	KindObject                 // an object
	KindArray                  // an array
)

var docKindNames = [...]string{
	KindMissing: "missing", KindNull: "null", KindBool: "bool", KindInt: "integer",
	KindBigInt: "BigInteger", KindFloat: "float", KindBigDecimal: "BigDecimal",
	KindString: "string", KindBinary: "binary", KindObject: "object", KindArray: "array",
}

// String returns the kind's name, for messages.
func (k Kind) String() string {
	if int(k) < len(docKindNames) {
		return docKindNames[k]
	}
	return "Kind(" + strconv.Itoa(int(k)) + ")"
}

var tagKinds = [...]Kind{
	tNull: KindNull, tFalse: KindBool, tTrue: KindBool, tInt: KindInt, tInt64: KindInt,
	tFloat32: KindFloat, tFloat64: KindFloat, tString: KindString, tLongString: KindString,
	tBinary: KindBinary, tBigInt: KindBigInt, tBigDecimal: KindBigDecimal,
	tObject: KindObject, tArray: KindArray,
}

// Node is one value of a Document: the Document and the value's index in
// its tape, 16 bytes passed by value. Making one never allocates. The
// zero Node, and any Node of a key or index that is not there, does not
// exist: Exists reports false, Kind is KindMissing, navigation from it
// gives Nodes that do not exist, and its readers return a *KindError.
// A Node is valid until its Document is parsed again.
type Node struct {
	d   *Document
	i   uint32
	gen uint32
}

// ok reports whether n is a value of its Document's current document.
// (The index check keeps a Node 2^32 parses old from reading past the
// tape when the generation has wrapped around.)
func (n Node) ok() bool { return n.d != nil && n.gen == n.d.gen && int(n.i) < len(n.d.tape) }

func (n Node) w() uint64        { return n.d.tape[n.i] }
func (n Node) tag() uint8       { return uint8(n.d.tape[n.i] >> tagShift) }
func (n Node) at(i uint32) Node { return Node{d: n.d, i: i, gen: n.gen} }

// Exists reports whether n is a value (not a missing key or index).
func (n Node) Exists() bool { return n.ok() }

// Kind returns the kind of n's value, KindMissing if it does not exist.
func (n Node) Kind() Kind {
	if !n.ok() {
		return KindMissing
	}
	return tagKinds[n.tag()]
}

// Len returns the number of elements of an array or members of an
// object, the byte length of a string or binary value, and 0 for any
// other value or a Node that does not exist.
func (n Node) Len() int {
	if !n.ok() {
		return 0
	}
	switch n.tag() {
	case tObject, tArray, tBinary, tBigInt, tLongString:
		return int(uint32(n.d.tape[n.i+1]))
	case tString:
		return int(n.w() & strLenMask)
	}
	return 0
}

// skip returns the tape index just past the value at i.
func (d *Document) skip(i uint32) uint32 {
	w := d.tape[i]
	switch uint8(w >> tagShift) {
	case tObject, tArray:
		return uint32(w & payloadMask)
	case tInt64, tFloat64, tLongString, tBinary, tBigInt, tBigDecimal:
		return i + 2
	}
	return i + 1
}

// name returns the bytes of name index k.
func (d *Document) name(k uint64) []byte {
	e := d.names[k]
	off := e >> 32
	return d.data[off : off+uint64(uint32(e))]
}

// keyAt returns the bytes of the key word at tape index i.
func (d *Document) keyAt(i uint32) []byte { return d.name(d.tape[i] & payloadMask) }

// Get returns the value of the member key of an object, or a Node that
// does not exist when n is not an object or has no such member. With
// duplicate keys it returns the last, as Unmarshal keeps the last. The
// members of an object of fewer than 32 are searched in order, comparing
// bytes; a larger object gets an index of its keys, a hash table built
// at the second lookup (the first is a search, so that one lookup does
// not pay for it) and charged within DocumentBytesPerByte. Lookups from
// many goroutines at once are safe, building included.
func (n Node) Get(key string) Node {
	if !n.ok() || n.tag() != tObject {
		return Node{}
	}
	d := n.d
	w := d.tape[n.i]
	if k := uint32(w>>idxOrdShift) & idxOrdMask; k != 0 {
		if j, ok := d.lookup(n.i, k-1, key); ok {
			if j == 0 {
				return Node{}
			}
			return n.at(j + 1)
		}
	}
	end := uint32(w)
	found := Node{}
	for j := n.i + 2; j < end; {
		if string(d.keyAt(j)) == key {
			found = n.at(j + 1)
		}
		j = d.skip(j + 1)
	}
	return found
}

// Index returns element i of an array, or a Node that does not exist when
// n is not an array or i is out of range. In an array of fewer than 64
// elements it steps over the elements before i, one step each whatever
// their size; a larger array gets a table of where its elements are at
// the second call, built in one pass and charged within
// DocumentBytesPerByte, and Index then takes one step. To visit every
// element, use Elements.
func (n Node) Index(i int) Node {
	if !n.ok() || n.tag() != tArray || i < 0 || i >= int(uint32(n.d.tape[n.i+1])) {
		return Node{}
	}
	if k := uint32(n.w()>>idxOrdShift) & idxOrdMask; k != 0 {
		if j, ok := n.d.element(n.i, k-1, i); ok {
			return n.at(j)
		}
	}
	j := n.i + 2
	for ; i > 0; i-- {
		j = n.d.skip(j)
	}
	return n.at(j)
}

// At returns the value that the JSON Pointer (RFC 6901) pointer names
// within n, as Jackson's JsonNode.at: "" is n itself, "/a/0" the first
// element of member "a"; in a token "~1" stands for "/" and "~0" for "~".
// A token names an array element when it is a decimal index without
// leading zeros. A pointer that names nothing, or is not a valid pointer
// (not empty and not starting with "/"), gives a Node that does not exist.
func (n Node) At(pointer string) Node {
	if pointer == "" {
		return n
	}
	if pointer[0] != '/' {
		return Node{}
	}
	for rest := pointer[1:]; n.ok(); {
		tok, more, found := strings.Cut(rest, "/")
		switch n.tag() {
		case tObject:
			if strings.IndexByte(tok, '~') >= 0 {
				n = n.getEscaped(tok)
			} else {
				n = n.Get(tok)
			}
		case tArray:
			i, ok := pointerIndex(tok)
			if !ok {
				return Node{}
			}
			n = n.Index(i)
		default:
			return Node{}
		}
		if !found {
			return n
		}
		rest = more
	}
	return Node{}
}

// getEscaped is Get of the key that RFC 6901 token tok escapes (with
// ~0 and ~1), compared as it is unescaped, without a copy. A "~" followed
// by anything else matches no key.
func (n Node) getEscaped(tok string) Node {
	d := n.d
	end := uint32(d.tape[n.i] & payloadMask)
	found := Node{}
	for j := n.i + 2; j < end; {
		if matchEscaped(d.keyAt(j), tok) {
			found = n.at(j + 1)
		}
		j = d.skip(j + 1)
	}
	return found
}

// matchEscaped reports whether key is the unescaped form of tok.
func matchEscaped(key []byte, tok string) bool {
	k := 0
	for i := 0; i < len(tok); i++ {
		c := tok[i]
		if c == '~' {
			if i+1 == len(tok) {
				return false
			}
			switch tok[i+1] {
			case '0':
				c = '~'
			case '1':
				c = '/'
			default:
				return false
			}
			i++
		}
		if k == len(key) || key[k] != c {
			return false
		}
		k++
	}
	return k == len(key)
}

// pointerIndex parses an RFC 6901 array index: "0", or digits without a
// leading zero.
func pointerIndex(tok string) (int, bool) {
	if tok == "" || len(tok) > 1 && tok[0] == '0' || len(tok) > 10 {
		return 0, false
	}
	i := 0
	for _, c := range []byte(tok) {
		if c < '0' || c > '9' {
			return 0, false
		}
		i = i*10 + int(c-'0')
	}
	return i, true
}

// Path returns the value that steps name within n: each step a string
// (a member of an object) or an int (an element of an array), as sonic's
// GetByPath. Keys with "/" or "~" need no escaping here. A step of any
// other type, or one that names nothing, gives a Node that does not
// exist.
func (n Node) Path(steps ...any) Node {
	for _, s := range steps {
		switch s := s.(type) {
		case string:
			n = n.Get(s)
		case int:
			n = n.Index(s)
		default:
			return Node{}
		}
	}
	return n
}

// Members returns an iterator over the members of an object, in input
// order, each key with its value; nothing for any other value. The keys
// are read from the input without a copy (see Document).
//
// (It is small enough to inline, so that the function it returns is
// called directly and a range over it allocates nothing.)
func (n Node) Members() iter.Seq2[string, Node] {
	return func(yield func(string, Node) bool) { n.members(yield) }
}

func (n Node) members(yield func(string, Node) bool) {
	if !n.ok() || n.tag() != tObject {
		return
	}
	d := n.d
	end := uint32(d.tape[n.i] & payloadMask)
	for j := n.i + 2; j < end; {
		if !yield(d.keyString(d.keyAt(j)), n.at(j+1)) {
			return
		}
		j = d.skip(j + 1)
	}
}

// Elements returns an iterator over the elements of an array, in order;
// nothing for any other value.
func (n Node) Elements() iter.Seq[Node] {
	return func(yield func(Node) bool) { n.elements(yield) }
}

func (n Node) elements(yield func(Node) bool) {
	if !n.ok() || n.tag() != tArray {
		return
	}
	d := n.d
	end := uint32(d.tape[n.i] & payloadMask)
	for j := n.i + 2; j < end; j = d.skip(j) {
		if !yield(n.at(j)) {
			return
		}
	}
}

// keyString returns the text of key or string bytes b: a view of the
// input, or with DecOptions.AllowInvalidUTF8 and invalid UTF-8, a new
// string with U+FFFD for each invalid byte, as Unmarshal makes it.
func (d *Document) keyString(b []byte) string {
	if d.cfg.opts.AllowInvalidUTF8 && !utf8.Valid(b) {
		return string(replaceInvalidUTF8(b))
	}
	return rt.String(b)
}

// KindError is the error of a Node reader called on a value of another
// kind, or of a number out of the range of the type asked for.
type KindError struct {
	Method string // the reader called, as "Node.Int64"
	Kind   Kind   // the kind of the value (KindMissing: no value)
	Stale  bool   // the Node's Document was parsed again since
	Err    error  // the cause, for a number out of range (strconv.ErrRange)
}

// Error describes the mismatch and what to call instead.
func (e *KindError) Error() string {
	switch {
	case e.Stale:
		return "smile: " + e.Method + ": the Node's Document was parsed again since the Node was made; look the value up again"
	case e.Kind == KindMissing:
		return "smile: " + e.Method + ": no value: the key or index looked up does not exist (check Node.Exists)"
	case e.Err != nil:
		return "smile: " + e.Method + ": the " + e.Kind.String() + " does not fit: " + e.Err.Error() + " (read it with Node.BigInt, Node.Decimal or Node.Float64)"
	}
	return "smile: " + e.Method + ": the value is " + article(e.Kind) + e.Kind.String() + "; check Node.Kind and use its reader" + readerFor(e.Kind)
}

// Unwrap returns the cause.
func (e *KindError) Unwrap() error { return e.Err }

func article(k Kind) string {
	switch k {
	case KindNull:
		return ""
	case KindInt, KindObject, KindArray:
		return "an "
	}
	return "a "
}

func readerFor(k Kind) string {
	switch k {
	case KindNull:
		return " (Node.IsNull)"
	case KindBool:
		return " (Node.Bool)"
	case KindInt:
		return " (Node.Int64, Node.Uint64, Node.Float64)"
	case KindBigInt:
		return " (Node.BigInt)"
	case KindFloat:
		return " (Node.Float64)"
	case KindBigDecimal:
		return " (Node.Decimal, Node.Float64)"
	case KindString:
		return " (Node.String)"
	case KindBinary:
		return " (Node.Bytes)"
	case KindObject:
		return " (Node.Members, Node.Get)"
	case KindArray:
		return " (Node.Elements, Node.Index)"
	}
	return ""
}

func (n Node) kindErr(method string) error {
	if n.d != nil && n.gen != n.d.gen {
		return &KindError{Method: method, Stale: true}
	}
	return &KindError{Method: method, Kind: n.Kind()}
}

// String returns the text of a string value, a view of the input that is
// not copied (see Document); with DecOptions.AllowInvalidUTF8, each byte
// of invalid UTF-8 becomes U+FFFD, as Unmarshal makes it, in a new
// string. Any other kind is a *KindError.
func (n Node) String() (string, error) {
	if !n.ok() {
		return "", n.kindErr("Node.String")
	}
	switch n.tag() {
	case tString:
		w := n.w() & payloadMask
		off := w >> strLenBits
		return n.d.keyString(n.d.data[off : off+w&strLenMask]), nil
	case tLongString:
		off := n.w() & payloadMask
		return n.d.keyString(n.d.data[off : off+n.d.tape[n.i+1]]), nil
	}
	return "", n.kindErr("Node.String")
}

// Bool returns the value of a true or false value; any other kind is a
// *KindError.
func (n Node) Bool() (bool, error) {
	if n.ok() {
		switch n.tag() {
		case tTrue:
			return true, nil
		case tFalse:
			return false, nil
		}
	}
	return false, n.kindErr("Node.Bool")
}

// IsNull reports whether n is a null value.
func (n Node) IsNull() bool { return n.ok() && n.tag() == tNull }

// int64Of returns an integer value, ok false when n is not an integer
// (tInt, tInt64).
func (n Node) int64Of() (int64, bool) {
	switch n.tag() {
	case tInt:
		return int64(n.w()<<(64-tagShift)) >> (64 - tagShift), true
	case tInt64:
		return int64(n.d.tape[n.i+1]), true
	}
	return 0, false
}

// bigBytes returns the two's-complement bytes of a BigInteger or of a
// BigDecimal's unscaled value.
func (n Node) bigBytes() []byte {
	off := n.w() & payloadMask
	return n.d.bin[off : off+uint64(uint32(n.d.tape[n.i+1]))]
}

// Int64 returns an integer value, or a BigInteger that fits an int64. A
// float, a BigDecimal or a BigInteger out of range is a *KindError (its
// Err strconv.ErrRange for a BigInteger): read those with Float64,
// Decimal or BigInt.
func (n Node) Int64() (int64, error) {
	if n.ok() {
		if v, ok := n.int64Of(); ok {
			return v, nil
		}
		if n.tag() == tBigInt {
			b := twosComplement(n.bigBytes())
			if b.IsInt64() {
				return b.Int64(), nil
			}
			return 0, &KindError{Method: "Node.Int64", Kind: KindBigInt, Err: strconv.ErrRange}
		}
	}
	return 0, n.kindErr("Node.Int64")
}

// Uint64 returns a non-negative integer value, or a BigInteger that fits
// a uint64. A negative integer is a *KindError with Err strconv.ErrRange;
// other kinds are as for Int64.
func (n Node) Uint64() (uint64, error) {
	if n.ok() {
		if v, ok := n.int64Of(); ok {
			if v >= 0 {
				return uint64(v), nil
			}
			return 0, &KindError{Method: "Node.Uint64", Kind: KindInt, Err: strconv.ErrRange}
		}
		if n.tag() == tBigInt {
			b := twosComplement(n.bigBytes())
			if b.IsUint64() {
				return b.Uint64(), nil
			}
			return 0, &KindError{Method: "Node.Uint64", Kind: KindBigInt, Err: strconv.ErrRange}
		}
	}
	return 0, n.kindErr("Node.Uint64")
}

// Float64 returns a float value (a float32 widened exactly), or any other
// number converted to the nearest float64. A BigInteger or BigDecimal
// beyond float64's range is a *KindError with Err strconv.ErrRange.
func (n Node) Float64() (float64, error) {
	if n.ok() {
		if v, ok := n.int64Of(); ok {
			return float64(v), nil
		}
		switch n.tag() {
		case tFloat32:
			return float64(math.Float32frombits(uint32(n.w()))), nil
		case tFloat64:
			return math.Float64frombits(n.d.tape[n.i+1]), nil
		case tBigInt, tBigDecimal:
			var s string
			if n.tag() == tBigInt {
				s = twosComplement(n.bigBytes()).String()
			} else {
				s = n.decimal().String()
			}
			f, err := strconv.ParseFloat(s, 64)
			if err != nil {
				return f, &KindError{Method: "Node.Float64", Kind: n.Kind(), Err: strconv.ErrRange}
			}
			return f, nil
		}
	}
	return 0, n.kindErr("Node.Float64")
}

// BigInt returns an integer or BigInteger value as a new big.Int; any
// other kind is a *KindError. It allocates.
func (n Node) BigInt() (*big.Int, error) {
	if n.ok() {
		if v, ok := n.int64Of(); ok {
			return big.NewInt(v), nil
		}
		if n.tag() == tBigInt {
			return twosComplement(n.bigBytes()), nil
		}
	}
	return nil, n.kindErr("Node.BigInt")
}

func (n Node) decimal() Decimal {
	return Decimal{Unscaled: twosComplement(n.bigBytes()), Scale: int32(n.d.tape[n.i+1] >> 32)}
}

// Decimal returns a BigDecimal value, with its exact unscaled value and
// scale, or an integer or BigInteger with scale 0; any other kind is a
// *KindError. It allocates.
func (n Node) Decimal() (Decimal, error) {
	if n.ok() {
		if n.tag() == tBigDecimal {
			return n.decimal(), nil
		}
		if b, err := n.BigInt(); err == nil {
			return Decimal{Unscaled: b}, nil
		}
	}
	return Decimal{}, n.kindErr("Node.Decimal")
}

// Bytes returns the bytes of a binary value, decoded from the 7-bit form
// when the input had it: a view of the Document's storage, valid until it
// is parsed again, which must not be written to. An empty value is an
// empty slice, not nil, as Unmarshal into any gives it. Any other kind is
// a *KindError.
func (n Node) Bytes() ([]byte, error) {
	if n.ok() && n.tag() == tBinary {
		off := n.w() & payloadMask
		ln := n.d.tape[n.i+1]
		if ln == 0 {
			return []byte{}, nil // d.bin may be nil; a zero-length literal does not allocate
		}
		return n.d.bin[off : off+ln : off+ln], nil
	}
	return nil, n.kindErr("Node.Bytes")
}

// twosComplement converts big-endian two's-complement bytes to a new
// big.Int; no bytes are zero.
func twosComplement(b []byte) *big.Int {
	z := new(big.Int).SetBytes(b)
	if len(b) > 0 && b[0]&0x80 != 0 {
		z.Sub(z, new(big.Int).Lsh(big.NewInt(1), uint(8*len(b))))
	}
	return z
}

// errNodeMissing is Interface's error for a Node that does not exist.
var errNodeMissing = errors.New("smile: Node.Interface: no value: the key or index looked up does not exist (check Node.Exists)")

// Interface returns n's value as Unmarshal into an any returns it, with
// the Document's DecOptions: map[string]any, []any, string, bool, nil,
// []byte, and numbers as AnyNumbers says (by default int64, float64,
// *big.Int and Decimal). Everything is new: it aliases neither the input
// nor the Document. It is charged against DecOptions.MaxExpansion as
// Unmarshal is, for the whole input; the *LimitError's Offset is then 0
// (the tape keeps no offsets of containers).
func (n Node) Interface() (any, error) {
	if !n.ok() {
		if n.d != nil {
			return nil, n.kindErr("Node.Interface")
		}
		return nil, errNodeMissing
	}
	doc := n.d
	ds, ownR, ownCfg := borrowDecodeState(doc.cfg, doc.r)
	ds.chunk = arenaChunk(doc.inputLen())
	ds.resetBudget(0, int64(doc.inputLen()))
	b := anyBuilder{d: doc, ds: ds}
	v, _, err := b.value(n.i)
	ds.giveBack(ownR, ownCfg)
	return v, err
}

// anyBuilder builds the any tree of a Document's values with the chunks
// and the memory budget of a pooled decodeState, as Unmarshal does.
type anyBuilder struct {
	d    *Document
	ds   *decodeState
	keys []string // the Go string of each name, made at its first use
}

// key returns the Go string of name k, made once per Interface call.
func (b *anyBuilder) key(k uint64) string {
	if b.keys == nil {
		b.keys = make([]string, len(b.d.names))
		b.ds.note(len(b.keys) * rt.StringSize)
	}
	if s := b.keys[k]; s != "" {
		return s
	}
	s := b.ds.newString(b.d.name(k))
	b.keys[k] = s
	return s
}

// value returns the value at tape index i and the index past it.
func (b *anyBuilder) value(i uint32) (any, uint32, error) {
	d, ds := b.d, b.ds
	w := d.tape[i]
	switch uint8(w >> tagShift) {
	case tNull:
		return nil, i + 1, nil
	case tFalse:
		return false, i + 1, nil
	case tTrue:
		return true, i + 1, nil
	case tInt:
		if ds.cfg.opts.AnyNumbers != AnyNumbersNative {
			break
		}
		v := int64(w<<(64-tagShift)) >> (64 - tagShift)
		if uint64(v) < 256 {
			return v, i + 1, nil // the runtime boxes these without allocating
		}
		return ds.ints.box(v, &ds.used), i + 1, nil
	case tFloat64:
		if ds.cfg.opts.AnyNumbers != AnyNumbersNative {
			break
		}
		return ds.floats.box(math.Float64frombits(d.tape[i+1]), &ds.used), i + 2, nil
	case tString:
		off := w & payloadMask >> strLenBits
		return ds.strs.box(ds.newString(d.data[off:off+w&strLenMask]), &ds.used), i + 1, nil
	case tLongString:
		off := w & payloadMask
		return ds.strs.box(ds.newString(d.data[off:off+d.tape[i+1]]), &ds.used), i + 2, nil
	case tObject:
		return b.object(i)
	case tArray:
		return b.array(i)
	case tBinary:
		off := w & payloadMask
		ln := d.tape[i+1]
		if err := ds.charge(int(ln)); err != nil {
			return nil, 0, err
		}
		out := make([]byte, ln)
		copy(out, d.bin[off:off+ln])
		return out, i + 2, nil
	}
	v, err := b.number(Node{d: d, i: i, gen: d.gen})
	return v, d.skip(i), err
}

// object returns the object at tape index i as a new map[string]any,
// made for its number of members, and the index past it.
func (b *anyBuilder) object(i uint32) (any, uint32, error) {
	d, ds := b.d, b.ds
	end := uint32(d.tape[i] & payloadMask)
	n := int(uint32(d.tape[i+1]))
	if err := ds.charge(mapAnyBytes(n)); err != nil {
		return nil, 0, err
	}
	if n == 0 {
		return make(map[string]any), end, nil
	}
	m := ds.newMapAny(n)
	small := n <= rt.MapGroupSlots
	for j := i + 2; j < end; {
		k := d.tape[j] & payloadMask
		v, next, err := b.value(j + 1)
		if err != nil {
			return nil, 0, err
		}
		if small {
			ds.putAny(m, b.key(k), int(k), v)
		} else {
			m[b.key(k)] = v
		}
		j = next
	}
	return m, end, nil
}

// array returns the array at tape index i as a new []any and the index
// past it.
func (b *anyBuilder) array(i uint32) (any, uint32, error) {
	d, ds := b.d, b.ds
	end := uint32(d.tape[i] & payloadMask)
	n := int(uint32(d.tape[i+1]))
	if n == 0 {
		return emptyArray, end, nil
	}
	if n > maxCarved {
		if err := ds.charge(n * rt.AnySize); err != nil {
			return nil, 0, err
		}
	}
	a := ds.anySlice(n)
	j := i + 2
	for k := range a {
		v, next, err := b.value(j)
		if err != nil {
			return nil, 0, err
		}
		a[k] = v
		j = next
	}
	return ds.arrays.box(a, &ds.used), end, nil
}

// number returns number n as AnyNumbers says, charged as Unmarshal
// charges it.
func (b *anyBuilder) number(n Node) (any, error) {
	ds := b.ds
	switch ds.cfg.opts.AnyNumbers {
	case AnyNumbersFloat64:
		f, err := n.Float64()
		if err != nil {
			return nil, &UnmarshalTypeError{Value: "number", Type: float64Type, Err: strconv.ErrRange}
		}
		return ds.floats.box(f, &ds.used), nil
	case AnyNumbersAsNumber:
		s := n.numberText()
		if err := ds.charge(len(s)); err != nil {
			return nil, err
		}
		return ds.nums.box(Number(s), &ds.used), nil
	}
	switch n.tag() {
	case tInt64:
		v, _ := n.int64Of()
		return ds.ints.box(v, &ds.used), nil
	case tFloat32:
		f, _ := n.Float64()
		return ds.floats.box(f, &ds.used), nil
	case tBigInt, tBigDecimal:
		if err := ds.charge(len(n.bigBytes()) + int(reflect.TypeFor[big.Int]().Size()) + 16); err != nil {
			return nil, err
		}
		if n.tag() == tBigInt {
			return twosComplement(n.bigBytes()), nil
		}
		return n.decimal(), nil
	}
	return nil, &SyntaxError{Msg: "unexpected tape word"} // unreachable
}

// numberText returns the exact text of a number, as Unmarshal writes it
// for AnyNumbersAsNumber.
func (n Node) numberText() string {
	switch n.tag() {
	case tInt, tInt64:
		v, _ := n.int64Of()
		return strconv.FormatInt(v, 10)
	case tFloat32:
		return strconv.FormatFloat(float64(math.Float32frombits(uint32(n.w()))), 'g', -1, 32)
	case tFloat64:
		return strconv.FormatFloat(math.Float64frombits(n.d.tape[n.i+1]), 'g', -1, 64)
	case tBigInt:
		return twosComplement(n.bigBytes()).String()
	case tBigDecimal:
		return n.decimal().String()
	}
	return ""
}
