package transcode

// bitStack is a stack of bits: which open containers are objects. The
// first 64 levels are the bits of an
// integer, so that converting a value of ordinary depth allocates
// nothing (with the reader held by value, BenchmarkWriteValue went from 2
// allocations to 0 and BenchmarkAppendValue from 1 to 0:
// go test ./internal/transcode -run XXX -bench Value -benchmem); deeper
// levels go to a slice.
type bitStack struct {
	n    int      // the number of bits
	low  uint64   // bit i is level i
	high []uint64 // levels 64 and up
}

// reset empties the stack.
func (s *bitStack) reset() { s.n = 0 }

// push adds a level holding bit.
func (s *bitStack) push(bit bool) {
	s.n++
	s.setTop(bit)
}

// pop removes the innermost level.
func (s *bitStack) pop() { s.n-- }

// top returns the bit of the innermost level; the stack must not be
// empty.
func (s *bitStack) top() bool {
	i := s.n - 1
	if i < 64 {
		return s.low&(1<<i) != 0
	}
	i -= 64
	return s.high[i/64]&(1<<(i%64)) != 0
}

// setTop sets the bit of the innermost level.
func (s *bitStack) setTop(bit bool) {
	var b uint64
	if bit {
		b = 1
	}
	i := s.n - 1
	if i < 64 {
		s.low = s.low&^(1<<i) | b<<i
		return
	}
	i -= 64
	for i/64 >= len(s.high) {
		s.high = append(s.high, 0)
	}
	s.high[i/64] = s.high[i/64]&^(1<<(i%64)) | b<<(i%64)
}
