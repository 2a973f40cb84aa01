package stream

import (
	"encoding/binary"
	"strconv"
	"strings"
)

// Header is a decoded 4-byte Smile header (3A 29 0A, then the flags byte).
type Header struct {
	Version      int  // the high nibble of the flags byte; only 0 exists
	SharedNames  bool // bit 0: shared property-name references may be present
	SharedValues bool // bit 1: shared string-value references may be present
	RawBinary    bool // bit 2: raw 0xFD binary values may be present
	Reserved     bool // bit 3: reserved; the Reader rejects a header that sets it
}

// ParseHeader decodes the header at the start of b. It reports false when
// b is shorter than 4 bytes, does not start with 3A 29 0A, or has a version
// other than 0. It describes a set reserved bit rather than refusing it, so
// that tools can show such a header; the Reader refuses it.
func ParseHeader(b []byte) (Header, bool) {
	if len(b) < 4 || b[0] != headerByte0 || b[1] != headerByte1 || b[2] != headerByte2 {
		return Header{}, false
	}
	f := b[3]
	h := Header{
		Version:      int(f >> 4),
		SharedNames:  f&headerSharedNames != 0,
		SharedValues: f&headerSharedValues != 0,
		RawBinary:    f&headerRawBinary != 0,
		Reserved:     f&headerReservedBit != 0,
	}
	return h, h.Version == 0
}

// String describes the header's flags, such as
// "version 0, shared names, shared values".
func (h Header) String() string {
	parts := []string{"version " + strconv.Itoa(h.Version)}
	if h.SharedNames {
		parts = append(parts, "shared names")
	}
	if h.SharedValues {
		parts = append(parts, "shared values")
	}
	if h.RawBinary {
		parts = append(parts, "raw binary")
	}
	if h.Reserved {
		parts = append(parts, "reserved bit 3")
	}
	return strings.Join(parts, ", ")
}

// startHeader consumes the usual start of the input, a valid header in
// the bytes at hand, in one step, and reports whether it did: it is
// applyHeader for the tables that Reset emptied, the four bytes tested
// as one word. The Reader must be where the first header is due, with no
// error (firstHeader). (callgrind, the root package's
// BenchmarkCall/Unmarshal, Ir per call in go-smile's own functions: 813
// through readHeader and applyHeader, 759 so; then 751 testing the bytes
// one by one, 745 as a word.)
func (r *Reader) startHeader() bool {
	f, ok := headerFlags(r.buf[r.pos:])
	if !ok {
		return false
	}
	r.pos += 4
	r.sharedNames = f&headerSharedNames != 0
	r.sharedValues = f&headerSharedValues != 0
	r.namesOffForGood = r.opts.KeepNamesAcrossHeaders && !r.sharedNames
	r.started = true
	r.mode &^= rdNotReady // prepare saw no error
	return true
}

// headerFlags returns the flags byte of the header at the start of b when
// b starts with a header this Reader accepts (version 0, reserved bit
// clear), testing the four bytes as one word.
func headerFlags(b []byte) (flags byte, ok bool) {
	const mask = 0xFFFFFF | (headerVersionMask|headerReservedBit)<<24
	const want = headerByte0 | headerByte1<<8 | headerByte2<<16
	if len(b) < 4 {
		return 0, false
	}
	w := binary.LittleEndian.Uint32(b)
	return byte(w >> 24), w&mask == want
}
