package smile

import "reflect"

// stack is a stack of values kept in chunks that never move: holding n
// values takes n slots, where a slice grown by doubling takes up to 4n
// over its copies, and the chunks stay for the next use and, with the
// decodeState, for the next document. The decoders of arrays and objects
// into interface values gather elements and members on one before they
// make the container with its final size; the path is another.
type stack[T any] struct {
	chunks []*[stackChunk]T
	n      int // values held
	// high is the number of chunks the document being decoded has used:
	// the budget charges each chunk once per document, whether or not it
	// was left by an earlier one, so that a pooled decodeState charges
	// what a new one would allocate.
	high int
}

const (
	stackChunkBits = 7
	stackChunk     = 1 << stackChunkBits
	maxStackChunks = 16 // kept from document to document
)

// len returns the number of values held.
func (s *stack[T]) len() int { return s.n }

// newChunk reports whether the next push starts a chunk the document has
// not used yet; its chunkBytes are then to be charged first.
func (s *stack[T]) newChunk() bool {
	return s.n&(stackChunk-1) == 0 && s.n>>stackChunkBits >= s.high
}

// chunkBytes returns the size of a chunk.
func (s *stack[T]) chunkBytes() int {
	return stackChunk * int(reflect.TypeFor[T]().Size())
}

// push adds v on top.
func (s *stack[T]) push(v T) {
	c, i := s.n>>stackChunkBits, s.n&(stackChunk-1)
	if i == 0 {
		s.enter(c)
	}
	s.chunks[c][i] = v
	s.n++
}

// pushSlot adds the value left in the next slot (zero, or one removed
// without truncate) and returns a pointer to it.
func (s *stack[T]) pushSlot() *T {
	c, i := s.n>>stackChunkBits, s.n&(stackChunk-1)
	if i == 0 {
		s.enter(c)
	}
	s.n++
	return &s.chunks[c][i]
}

// enter makes chunk c ready for values.
func (s *stack[T]) enter(c int) {
	if c == len(s.chunks) {
		s.chunks = append(s.chunks, new([stackChunk]T))
	}
	s.high = max(s.high, c+1)
}

// at returns a pointer to the value at index i.
func (s *stack[T]) at(i int) *T { return &s.chunks[i>>stackChunkBits][i&(stackChunk-1)] }

// seg returns the values from index i to the end of i's chunk or of the
// stack, whichever comes first.
func (s *stack[T]) seg(i int) []T {
	c, lo := i>>stackChunkBits, i&(stackChunk-1)
	hi := stackChunk
	if s.n-i < stackChunk-lo {
		hi = lo + s.n - i
	}
	return s.chunks[c][lo:hi]
}

// moveTo copies the values from index base up into dst, which has room
// for them, and removes them.
func (s *stack[T]) moveTo(base int, dst []T) {
	for i := base; i < s.n; {
		seg := s.seg(i)
		copy(dst[i-base:], seg)
		i += len(seg)
	}
	s.truncate(base)
}

// truncate removes the values from index base up, zeroing their slots so
// that the stack keeps no decoded value alive.
func (s *stack[T]) truncate(base int) {
	for i := base; i < s.n; {
		seg := s.seg(i)
		clear(seg)
		i += len(seg)
	}
	s.n = base
}

// resetHigh starts the count of chunks used for a new document.
func (s *stack[T]) resetHigh() { s.high = 0 }

// release empties the stack for the next document, keeping at most
// maxStackChunks chunks. It returns at once when there is nothing to do,
// as after most documents, where the gatherers have emptied their stacks:
// a test the compiler inlines instead of a call. (callgrind,
// BenchmarkCall/Unmarshal, Ir per call in go-smile's own functions: 848
// calling truncate for both stacks, 805 so.)
func (s *stack[T]) release() {
	if s.n != 0 || len(s.chunks) > maxStackChunks {
		s.empty()
	}
}

// empty is release when there is something to do.
func (s *stack[T]) empty() {
	s.truncate(0)
	if len(s.chunks) > maxStackChunks {
		clear(s.chunks[maxStackChunks:])
		s.chunks = s.chunks[:maxStackChunks]
	}
}
