package smile

import (
	"strconv"
	"sync"
	"unsafe"

	"github.com/go-smile/smile/internal/rt"
	"github.com/go-smile/smile/stream"
)

// startDetectingCyclesAfter is the pointer depth after which encoders
// track the pointers, maps and slices they are inside of, to report a
// cycle. encoding/json starts at 1000; here it is half the default
// EncOptions.MaxDepth, so that a cycle through containers is reported as
// a cycle before its nesting reaches that depth and is reported as too
// deep (a cycle passes at least one pointer, map or slice a turn).
const startDetectingCyclesAfter = DefaultMaxDepth / 2

// maxEncodeDepth is the nesting of pointers, maps and slices beyond which
// Marshal fails with an *UnsupportedValueError instead of overflowing the
// stack on a very deep (not cyclic) value: pointers to pointers or to
// interfaces open no container, so EncOptions.MaxDepth does not bound
// them.
const maxEncodeDepth = MaxDepthLimit

// encodeState is the per-call state of an encoding: the Writer, the mode,
// cycle tracking and scratch space. It is pooled.
type encodeState struct {
	w    *stream.Writer
	wopt stream.WriterOptions // the options w was made with
	cfg  *encConfig

	ptrLevel uint
	ptrSeen  map[cycleKey]struct{}

	// words holds pointer-shaped values taken out of interfaces, so that
	// encoders, which take a pointer to the value, can be given one
	// without an allocation (see encodeWord).
	words []unsafe.Pointer

	// entries and keyArena hold the entries of the maps being encoded, as
	// stacks shared by nested maps (see encode_map.go).
	entries  []mapEntry
	keyArena []byte

	// stringEntries and anyEntries hold the entries of the
	// map[string]string and map[string]any being encoded sorted, and
	// order their order, as stacks (see encodeStringKeyMap).
	stringEntries []keyedEntry[string]
	anyEntries    []keyedEntry[any]
	order         []uint64
	// entriesHigh bounds the entries the document's maps put on
	// stringEntries and anyEntries: clearMapEntries clears those only.
	entriesHigh int

	// shapes are the key sets of maps written before, their keys in
	// shapeKeys and the keys' shared-name tags in shapeTags, of the
	// generation shapeGen (see keyShape). The first shapeOwned keys are
	// the state's copies, in shapeBytes (see keepShapes).
	shapes     [shapeSlots]keyShape
	shapeLast  [shapeSets]uint8 // the way of each set hit or made last
	shapeKeys  []string
	shapeTags  [][2]uint64
	shapeGen   uint32
	shapeOwned int
	shapeBytes []byte
	// keyIndexes are the key indexes of the shapes, one per slot (see
	// keyIndex): 8 KiB, made at the first map of one table the state
	// writes, and kept while it is pooled.
	keyIndexes *[shapeSlots]keyIndex

	// ranges are the map iterators of the maps being encoded, a stack
	// of which the first mapRanges are in use (see startMapRange).
	ranges    []*rt.MapRange
	mapRanges int

	floats  []float64      // the elements of a []any of float64s (see encodeAnys)
	scratch []byte         // time and number formatting
	r       *stream.Reader // re-reads MarshalSmile output and RawMessages

	// root is the encoder of the type of the last value given to
	// marshalDocument, which the next one of the same type reuses without
	// a lookup in rootEncoderCache.
	root *rootEncoder
}

// cycleKey identifies a pointer, map or slice an encoder is inside of.
type cycleKey struct {
	p   unsafe.Pointer
	n   int // slice length; 0 otherwise
	typ uintptr
}

var encodeStatePool sync.Pool

// newEncodeState returns a pooled (or new) state set up for cfg.
func newEncodeState(cfg *encConfig) *encodeState {
	e, _ := encodeStatePool.Get().(*encodeState)
	if e == nil {
		e = new(encodeState)
	}
	e.setConfig(cfg)
	return e
}

// setConfig makes e write with cfg.
func (e *encodeState) setConfig(cfg *encConfig) {
	if e.cfg != cfg || e.w == nil { // not the mode of the last call, as usual
		e.switchConfig(cfg)
	}
}

// switchConfig is setConfig for another mode: it makes a new Writer (which
// takes over the old one's buffer) when the stream options differ from
// those of the current one.
func (e *encodeState) switchConfig(cfg *encConfig) {
	e.cfg = cfg
	e.forgetShapes() // tagged for another Writer
	if e.w == nil || e.wopt != cfg.stream {
		var buf []byte
		if e.w != nil {
			buf = e.w.Bytes()[:0]
		}
		// The options were validated when cfg was made.
		e.w, _ = stream.NewWriter(cfg.stream)
		e.w.Reset(buf)
		e.wopt = cfg.stream
	}
}

// reset readies e, which an Encoder keeps, for the next document after
// one was written, failed or panicked: an empty Writer, which keeps its
// buffer, and no pointers, words or map iterations left over.
func (e *encodeState) reset() {
	e.w.Reset(e.keptBuffer())
	e.ptrLevel = 0
	if len(e.ptrSeen) != 0 {
		clear(e.ptrSeen)
	}
	e.words = e.words[:0]
	e.keepShapes()
	e.clearMapEntries()
	for e.mapRanges > 0 { // after a panic
		e.mapRanges--
		e.ranges[e.mapRanges].Stop()
	}
}

// keptBuffer returns e.w's buffer emptied, or nil when it grew too large
// to keep.
func (e *encodeState) keptBuffer() []byte {
	b := e.w.Bytes()
	if cap(b) > maxKeepOutput {
		return nil
	}
	return b[:0]
}

// release readies e for the next Marshal after one returned, and returns
// it to the pool, dropping buffers that grew too large to keep. Encoders
// undo their own words, cycle tracking and map iterations when they
// return, even with an error, so only the Writer is left to reset. A
// Marshal that panics does not return its state, which may be inside a
// document, to the pool.
func (e *encodeState) release() {
	e.w.Reset(e.keptBuffer())
	e.keepShapes()
	e.clearMapEntries()
	if e.r != nil {
		e.r.Reset(nil) // do not keep the last MarshalSmile output alive
	}
	if cap(e.keyArena) > maxKeep {
		e.keyArena = nil
	}
	if cap(e.entries) > maxKeep/32 {
		e.entries = nil
	}
	if cap(e.stringEntries) > maxKeep/32 {
		e.stringEntries = nil
	}
	if cap(e.anyEntries) > maxKeep/32 {
		e.anyEntries = nil
	}
	if cap(e.order) > maxKeep/8 {
		e.order = nil
	}
	if cap(e.floats) > maxKeep/8 {
		e.floats = nil
	}
	encodeStatePool.Put(e)
}

// Buffers larger than these are dropped after use rather than kept for
// the next one. The output buffer is kept up to maxKeepOutput, so that a
// program marshaling documents of a few megabytes does not grow a new one
// each time (the pool lets go of it after two idle garbage collections).
const (
	maxKeep       = 1 << 20
	maxKeepOutput = 16 << 20
)

// writeStartArray writes the start of an array, unless that would nest
// the document deeper than EncOptions.MaxDepth. Every array an encoder of
// a Go value opens goes through it, and every object through
// writeStartObject, so that no Go value, however deep, makes Marshal
// recurse past MaxDepth levels of containers (MaxDepthLimit at most).
func (e *encodeState) writeStartArray() error {
	if e.w.Depth() >= e.cfg.opts.MaxDepth {
		return e.tooDeep()
	}
	return e.w.WriteStartArray()
}

// writeStartObject is writeStartArray for an object.
func (e *encodeState) writeStartObject() error {
	if e.w.Depth() >= e.cfg.opts.MaxDepth {
		return e.tooDeep()
	}
	return e.w.WriteStartObject()
}

// tooDeep is the error of a container nested deeper than
// EncOptions.MaxDepth.
func (e *encodeState) tooDeep() error {
	max := e.cfg.opts.MaxDepth
	s := "nested deeper than " + strconv.Itoa(max) + " arrays and objects (EncOptions.MaxDepth"
	if max < MaxDepthLimit {
		s += "; raise it, up to MaxDepthLimit, " + strconv.Itoa(MaxDepthLimit) + ", together with the readers' DecOptions.MaxDepth"
	}
	return &UnsupportedValueError{Str: s + ")"}
}
