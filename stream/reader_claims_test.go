package stream_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"runtime"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/go-smile/smile/stream"
)

// TestReaderLengthClaimsUpTo2p62: binary (7-bit and raw), BigInteger,
// BigDecimal lengths from 2^31 up to 2^62 and 2^64-1, with every limit
// lifted to its maximum, fail at once — a *SyntaxError for a VInt that is
// longer or larger than a length may be, an unexpected end otherwise —
// without allocating anything near the claim, for each kind of Reader
// (over []byte, over an io.Reader in one piece and in random short
// chunks), reading and skipping.
func TestReaderLengthClaimsUpTo2p62(t *testing.T) {
	lifted := stream.ReaderOptions{MaxBinaryLen: math.MaxInt, MaxStringLen: math.MaxInt, MaxBigNumberLen: math.MaxInt}
	tail := bytes.Repeat([]byte{0x41}, 100)
	// vint writes v as a Smile VInt: 7 bits per byte, 6 in the last one,
	// for any uint64 (rdVInt is limited to int).
	vint := func(v uint64) []byte {
		out := []byte{byte(v&0x3F) | 0x80}
		for v >>= 6; v > 0; v >>= 7 {
			out = append([]byte{byte(v & 0x7F)}, out...)
		}
		return out
	}
	for _, claim := range []uint64{1 << 31, 1 << 32, 1 << 40, 1 << 62, math.MaxUint64} {
		for name, prefix := range map[string][]byte{
			"7bit":   hx("3A 29 0A 00 E8"),
			"raw":    hx("3A 29 0A 04 FD"),
			"bigint": hx("3A 29 0A 00 26"),
			"bigdec": hx("3A 29 0A 00 2A 80"),
		} {
			data := bytes.Join([][]byte{prefix, vint(claim), tail}, nil)
			for _, kind := range []string{"bytes", "chunks", "stream"} {
				for _, skip := range []bool{false, true} {
					what := fmt.Sprintf("%s claiming %d, %s reader, skip %v", name, claim, kind, skip)
					var before, after runtime.MemStats
					runtime.GC()
					runtime.ReadMemStats(&before)
					r := rdNewTestReader(t, kind, data, lifted)
					var err error
					if skip {
						err = r.SkipValue()
					} else {
						_, err = r.ReadToken()
					}
					runtime.ReadMemStats(&after)
					require.Error(t, err, what)
					var se *stream.SyntaxError
					require.True(t, errors.As(err, &se), "%s: %T %v", what, err, err)
					require.GreaterOrEqual(t, se.Offset, int64(len(prefix)), "%s: the offset points into the length or after it: %v", what, err)
					if !errors.Is(err, io.ErrUnexpectedEOF) {
						require.Contains(t, err.Error(), "VInt", what)
					}
					require.Less(t, after.TotalAlloc-before.TotalAlloc, uint64(1<<20), "%s allocated too much", what)
				}
			}
		}
	}
}
