package stream_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/go-smile/smile/internal/golden"
	"github.com/go-smile/smile/stream"
)

// Tests of the Reader's API beyond ReadToken: shared-table slots, SkipValue,
// PeekKind, ReadBinaryTo, Reset, InputOffset and the limits.

// TestReaderTableSlots follows every golden case with a model of the two
// tables: each full eligible string takes the next slot (the table is
// emptied before the 1025th entry), everything else has Slot -1, and each
// back-reference names a slot holding the same bytes.
func TestReaderTableSlots(t *testing.T) {
	var cases []golden.Case
	for _, sub := range []string{"tokens", "json"} {
		cases = append(cases, golden.Cases(t, sub)...)
	}
	seen := map[string]bool{}
	for _, c := range cases {
		_, docs := rdWithoutNewDocs(c.Ops)
		if docs > 0 {
			continue // tables restart per document: covered by the spec tests
		}
		seen[c.Name] = true
		for _, kind := range []string{"bytes", "chunks"} {
			r := rdNewTestReader(t, kind, c.Want, rdOptsFor(c.Config))
			var names, values [][]byte
			refs := 0
			for {
				tok, err := r.ReadToken()
				if err == io.EOF {
					break
				}
				require.NoError(t, err, c.ID())
				var table *[][]byte
				active := false
				switch tok.Kind {
				case stream.KindKey:
					table, active = &names, !c.Config.DisableSharedNames
				case stream.KindString:
					table, active = &values, c.Config.SharedValues && len(tok.Bytes()) <= 64
				default:
					require.Equal(t, -1, tok.Slot, "%s: %v", c.ID(), tok.Kind)
					require.False(t, tok.Ref)
					continue
				}
				if tok.Ref {
					refs++
					require.True(t, tok.Slot >= 0 && tok.Slot < len(*table), "%s: ref to slot %d of %d", c.ID(), tok.Slot, len(*table))
					require.Equal(t, (*table)[tok.Slot], tok.Bytes(), "%s: slot %d", c.ID(), tok.Slot)
					continue
				}
				if !active || len(tok.Bytes()) == 0 {
					require.Equal(t, -1, tok.Slot, "%s: %q", c.ID(), tok.Bytes())
					continue
				}
				if len(*table) == 1024 {
					*table = (*table)[:0]
				}
				require.Equal(t, len(*table), tok.Slot, "%s: %q", c.ID(), tok.Bytes())
				*table = append(*table, append([]byte(nil), tok.Bytes()...))
			}
			if c.Name == "names300" && !c.Config.DisableSharedNames && refs == 0 {
				t.Errorf("%s: no back-references", c.ID())
			}
		}
	}
	for _, name := range []string{"names300", "values300", "names1025", "values1025", "names2100", "values2100"} {
		if !seen[name] {
			t.Errorf("golden case %s missing", name)
		}
	}
}

// TestReaderRefsLowByteFEFF builds 300 values and names by hand and checks
// that long references whose low byte is FE or FF (which Jackson's writer
// avoids but older writers made) resolve, as do long references to small
// indices.
func TestReaderRefsLowByteFEFF(t *testing.T) {
	data := []byte{0x3A, 0x29, 0x0A, 0x03, 0xF8}
	for i := 0; i < 300; i++ {
		s := fmt.Sprintf("v%d", i)
		data = append(data, byte(0x40+len(s)-1))
		data = append(data, s...)
	}
	data = append(data, 0xEC, 0xFE, 0xEC, 0xFF, 0xED, 0x00, 0xEC, 0x05, 0x1F, 0xF9, 0xFA)
	for i := 0; i < 300; i++ {
		s := fmt.Sprintf("n%d", i)
		data = append(data, byte(0x80+len(s)-1))
		data = append(data, s...)
		data = append(data, 0xC0)
	}
	data = append(data, 0x30, 0xFE, 0xC0, 0x30, 0xFF, 0xC0, 0x31, 0x2B, 0xC0, 0x30, 0x07, 0xC0, 0x7F, 0xC0, 0x31, 0x2C, 0xC0, 0xFB)
	for _, kind := range rdReaderKinds {
		r := rdNewTestReader(t, kind, data, stream.ReaderOptions{})
		got, err := rdReadAllStr(r)
		require.Error(t, err)
		require.Contains(t, err.Error(), "invalid shared name reference 300: only 300 names")
		fields := strings.Fields(got)
		// [ v0..v299 v254 v255 v256 v5 v30 ] { (n_i 0)x300 n254 0 n255 0 n299 0 n7 0 n63 0
		require.Equal(t, `"v254" "v255" "v256" "v5" "v30" ] {`, strings.Join(fields[301:308], " "))
		require.Equal(t, `k"n254" 0 k"n255" 0 k"n299" 0 k"n7" 0 k"n63" 0`, strings.Join(fields[908:], " "))
	}
}

// TestReaderSkipValue walks every golden case, skipping values at random
// (and keys with their values), and checks that the tokens read in between
// are exactly the corresponding ops: SkipValue must keep the shared tables
// as a full read does. PeekKind must agree with every token read.
func TestReaderSkipValue(t *testing.T) {
	var cases []golden.Case
	for _, sub := range []string{"tokens", "json"} {
		cases = append(cases, golden.Cases(t, sub)...)
	}
	rnd := rand.New(rand.NewSource(7))
	for _, c := range cases {
		ops, _ := rdWithoutNewDocs(c.Ops)
		for _, kind := range []string{"bytes", "chunks"} {
			for round := 0; round < 3; round++ {
				r := rdNewTestReader(t, kind, c.Want, rdOptsFor(c.Config))
				i := 0 // index in ops
				for {
					k, err := r.PeekKind()
					if err == io.EOF {
						break
					}
					require.NoError(t, err, c.ID())
					if k == stream.KindEndOfDocument {
						tok, err := r.ReadToken()
						require.NoError(t, err)
						require.Equal(t, stream.KindEndOfDocument, tok.Kind)
						continue
					}
					skippable := k != stream.KindEndArray && k != stream.KindEndObject
					if skippable && rnd.Intn(3) == 0 {
						depth := r.Depth()
						require.NoError(t, r.SkipValue(), "%s: skip at op %d", c.ID(), i)
						require.Equal(t, depth, r.Depth())
						i = rdSkipOps(ops, i)
						continue
					}
					tok, err := r.ReadToken()
					require.NoError(t, err, c.ID())
					require.Equal(t, k, tok.Kind, "%s: PeekKind", c.ID())
					op, _ := rdTokenOp(tok)
					require.Less(t, i, len(ops), c.ID())
					require.True(t, rdOpEqual(ops[i], op), "%s op %d: want %v, got %v", c.ID(), i, ops[i], op)
					i++
				}
				require.Equal(t, len(ops), i, c.ID())
				require.Equal(t, int64(len(c.Want)), r.InputOffset(), c.ID())
			}
		}
	}
}

// rdSkipOps returns the index after the value (or key and value) at ops[i].
func rdSkipOps(ops []golden.Op, i int) int {
	if ops[i].Kind == golden.Key {
		i++
	}
	depth := 0
	for {
		switch ops[i].Kind {
		case golden.StartArray, golden.StartObject:
			depth++
		case golden.EndArray, golden.EndObject:
			depth--
		}
		i++
		if depth == 0 {
			return i
		}
	}
}

func TestReaderSkipValueCases(t *testing.T) {
	for _, kind := range rdReaderKinds {
		// Names inside a skipped value are stored.
		r := rdNewTestReader(t, kind, hx("FA 80 61 FA 81 62 63 C2 FB 40 C4 41 C6 FB"), rdNoHdr)
		tok, err := r.ReadToken()
		require.NoError(t, err)
		require.Equal(t, stream.KindStartObject, tok.Kind)
		require.NoError(t, r.SkipValue())
		got, err := rdReadAllStr(r)
		require.NoError(t, err)
		require.Equal(t, `k"a" 2 k"bc" 3 }`, got)

		// Values inside a skipped value are stored.
		r = rdNewTestReader(t, kind, hx("3A 29 0A 03 F8 F8 40 61 F9 01 F9"), stream.ReaderOptions{})
		_, err = r.ReadToken()
		require.NoError(t, err)
		require.NoError(t, r.SkipValue())
		got, err = rdReadAllStr(r)
		require.NoError(t, err)
		require.Equal(t, `"a" ]`, got)

		// A skipped string is checked as it is skipped, not when a
		// reference uses it.
		r = rdNewTestReader(t, kind, hx("3A 29 0A 03 F8 F8 40 FF F9 01 F9"), stream.ReaderOptions{})
		_, err = r.ReadToken()
		require.NoError(t, err)
		err = r.SkipValue()
		require.ErrorContains(t, err, "invalid UTF-8 in a string value (byte 0xFF)")
		require.Equal(t, int64(7), rdErrOffset(err))

		// So are strings that are not stored, and 7-bit payloads.
		r = rdNewTestReader(t, kind, hx("F8 E4 FF FC E8 81 7F 7F F9"), rdNoHdr)
		_, err = r.ReadToken()
		require.NoError(t, err)
		err = r.SkipValue()
		require.ErrorContains(t, err, "invalid UTF-8 in a long string value (byte 0xFF)")
		require.Equal(t, int64(2), rdErrOffset(err))
		r = rdNewTestReader(t, kind, hx("F8 E8 81 7F FF F9"), rdNoHdr)
		_, err = r.ReadToken()
		require.NoError(t, err)
		err = r.SkipValue()
		require.ErrorContains(t, err, "invalid 7-bit encoded byte 0xFF")
		require.Equal(t, int64(4), rdErrOffset(err))

		// The options that allow them allow them when skipping too.
		lenient := stream.ReaderOptions{HeaderOptional: true, AllowInvalidUTF8: true, Lenient7Bit: true}
		r = rdNewTestReader(t, kind, hx("F8 E4 FF FC E8 81 7F FF 40 FF F9"), lenient)
		_, err = r.ReadToken()
		require.NoError(t, err)
		require.NoError(t, r.SkipValue())
		require.NoError(t, r.SkipValue())
		require.NoError(t, r.SkipValue())
		tok, err = r.ReadToken()
		require.NoError(t, err)
		require.Equal(t, stream.KindEndArray, tok.Kind)

		// The end of a container is not a value: nothing is consumed.
		r = rdNewTestReader(t, kind, hx("F8 F9"), rdNoHdr)
		_, err = r.ReadToken()
		require.NoError(t, err)
		require.Error(t, r.SkipValue())
		tok, err = r.ReadToken()
		require.NoError(t, err)
		require.Equal(t, stream.KindEndArray, tok.Kind)
		require.Equal(t, io.EOF, r.SkipValue())

		// Skipping a malformed value reports its error.
		r = rdNewTestReader(t, kind, hx("F8 F8 27 F9 F9"), rdNoHdr)
		_, err = r.ReadToken()
		require.NoError(t, err)
		err = r.SkipValue()
		require.Error(t, err)
		require.Equal(t, int64(2), rdErrOffset(err))

		// Skipping a truncated value.
		r = rdNewTestReader(t, kind, hx("F8 E0 61 62"), rdNoHdr)
		err = r.SkipValue()
		require.True(t, errors.Is(err, io.ErrUnexpectedEOF), "%v", err)
	}
}

func TestReaderPeekKind(t *testing.T) {
	data := hx("3A 29 0A 03 F8 21 22 23 C2 24 A0 26 81 00 01 28 04 0F 3E 37 26 29 00 40 06 00 00 00 00 00 00 00 2A 82 81 07 01 40 61 01 E8 80 FA 80 61 C2 FB F9 FF 3A 29 0A 01 C2")
	want := []stream.Kind{stream.KindStartArray, stream.KindNull, stream.KindFalse, stream.KindTrue, stream.KindInt, stream.KindInt,
		stream.KindBigInt, stream.KindFloat32, stream.KindFloat64, stream.KindBigDecimal, stream.KindString, stream.KindString,
		stream.KindBinary, stream.KindStartObject, stream.KindKey, stream.KindInt, stream.KindEndObject, stream.KindEndArray,
		stream.KindEndOfDocument, stream.KindInt}
	for _, kind := range rdReaderKinds {
		r := rdNewTestReader(t, kind, data, stream.ReaderOptions{})
		for i, w := range want {
			k, err := r.PeekKind()
			require.NoError(t, err)
			require.Equal(t, w, k, "token %d", i)
			k2, err := r.PeekKind()
			require.NoError(t, err)
			require.Equal(t, k, k2)
			tok, err := r.ReadToken()
			require.NoError(t, err)
			require.Equal(t, w, tok.Kind, "token %d", i)
		}
		_, err := r.PeekKind()
		require.Equal(t, io.EOF, err)
		_, err = r.ReadToken()
		require.Equal(t, io.EOF, err)
	}
}

func TestReaderReadBinaryTo(t *testing.T) {
	for _, kind := range rdReaderKinds {
		// Not a binary value: nothing consumed.
		r := rdNewTestReader(t, kind, hx("C2 E8 83 00 40 40 03"), rdNoHdr)
		_, err := r.ReadBinaryTo(io.Discard)
		require.Error(t, err)
		tok, err := r.ReadToken()
		require.NoError(t, err)
		require.Equal(t, int64(1), tok.Int())
		var buf bytes.Buffer
		n, err := r.ReadBinaryTo(&buf)
		require.NoError(t, err)
		require.Equal(t, int64(3), n)
		require.Equal(t, []byte{1, 2, 3}, buf.Bytes())

		// A failing writer.
		r = rdNewTestReader(t, kind, hx("FD 83 01 02 03"), rdNoHdr)
		_, err = r.ReadBinaryTo(rdFailWriter{})
		require.ErrorIs(t, err, errRdWrite)

		// Truncated payloads.
		r = rdNewTestReader(t, kind, hx("E8 88 00 40 40 30 20 14 0C 07 04"), rdNoHdr)
		_, err = r.ReadBinaryTo(io.Discard)
		require.ErrorIs(t, err, io.ErrUnexpectedEOF)
		require.Equal(t, int64(0), rdErrOffset(err))

		// Invalid 7-bit bytes.
		r = rdNewTestReader(t, kind, hx("E8 83 00 C0 40 03"), rdNoHdr)
		_, err = r.ReadBinaryTo(io.Discard)
		require.Error(t, err)
		require.Equal(t, int64(3), rdErrOffset(err))
	}
}

var errRdWrite = errors.New("write failed")

type rdFailWriter struct{}

func (rdFailWriter) Write(p []byte) (int, error) { return 0, errRdWrite }

func TestReaderResetAndOffsets(t *testing.T) {
	a := hx("3A 29 0A 01 FA 80 61 C2 FB")
	b := hx("3A 29 0A 01 FA 40 C2 FB")
	r, err := stream.NewReader(a, stream.ReaderOptions{})
	require.NoError(t, err)
	require.Equal(t, int64(0), r.InputOffset())
	got, err := rdReadAllStr(r)
	require.NoError(t, err)
	require.Equal(t, `{ k"a" 1 }`, got)
	require.Equal(t, int64(len(a)), r.InputOffset())
	r.Reset(b) // the table is empty again
	_, err = rdReadAllStr(r)
	require.ErrorContains(t, err, "invalid shared name reference 0: only 0 names")
	require.Equal(t, int64(5), rdErrOffset(err))
	r.Reset(a)
	got, err = rdReadAllStr(r)
	require.NoError(t, err)
	require.Equal(t, `{ k"a" 1 }`, got)

	// A stream Reader reset to a []byte.
	s, err := stream.NewReaderFrom(bytes.NewReader(b), stream.ReaderOptions{})
	require.NoError(t, err)
	s.Reset(a)
	got, err = rdReadAllStr(s)
	require.NoError(t, err)
	require.Equal(t, `{ k"a" 1 }`, got)

	// Depth and offsets while reading.
	r.Reset(hx("3A 29 0A 01 F8 FA 80 61 F8 F9 FB F9"))
	depths := []int{1, 2, 2, 3, 2, 1, 0}
	offs := []int64{5, 6, 8, 9, 10, 11, 12}
	for i := range depths {
		_, err := r.ReadToken()
		require.NoError(t, err)
		require.Equal(t, depths[i], r.Depth(), "token %d", i)
		require.Equal(t, offs[i], r.InputOffset(), "token %d", i)
	}

	_, err = stream.NewReader(nil, stream.ReaderOptions{MaxDepth: -1})
	require.Error(t, err)
	_, err = stream.NewReaderFrom(nil, stream.ReaderOptions{})
	require.Error(t, err)
}

// TestReaderDepthLimit: 1000 nested arrays are fine by default, 1001 are not.
func TestReaderDepthLimit(t *testing.T) {
	for _, kind := range []string{"bytes", "chunks"} {
		nest := func(n int) []byte {
			return append(bytes.Repeat([]byte{0xF8}, n), bytes.Repeat([]byte{0xF9}, n)...)
		}
		r := rdNewTestReader(t, kind, nest(1000), rdNoHdr)
		_, err := rdReadAllStr(r)
		require.NoError(t, err)
		r = rdNewTestReader(t, kind, nest(1001), rdNoHdr)
		_, err = rdReadAllStr(r)
		var le *stream.LimitError
		require.ErrorAs(t, err, &le)
		require.Equal(t, "MaxDepth", le.Limit)
		require.Equal(t, int64(1000), le.Offset)
		require.Equal(t, int64(1001), le.Got)
		r = rdNewTestReader(t, kind, nest(1001), stream.ReaderOptions{HeaderOptional: true, MaxDepth: 2000})
		_, err = rdReadAllStr(r)
		require.NoError(t, err)
		// SkipValue obeys the limit too.
		r = rdNewTestReader(t, kind, nest(1001), rdNoHdr)
		require.ErrorAs(t, r.SkipValue(), &le)
	}
}

// TestReaderHugeLengthsDoNotAllocate: lengths claiming up to 2^31-1 bytes
// with a short input fail without allocating anything near that size, for
// both readers (a stream Reader only grows its buffer as bytes arrive).
func TestReaderHugeLengthsDoNotAllocate(t *testing.T) {
	big := stream.ReaderOptions{HeaderOptional: true, MaxBinaryLen: math.MaxInt32, MaxStringLen: math.MaxInt32, MaxBigNumberLen: math.MaxInt32}
	tail := bytes.Repeat([]byte{0x20}, 100)
	inputs := map[string][]byte{
		"7bit":      append(hx("E8 0F 7F 7F 7F BF"), tail...),
		"raw":       append(hx("FD 0F 7F 7F 7F BF"), tail...),
		"bigint":    append(hx("26 0F 7F 7F 7F BF"), tail...),
		"bigdec":    append(hx("2A 80 0F 7F 7F 7F BF"), tail...),
		"long":      append([]byte{0xE0}, tail...),
		"long-key":  append([]byte{0xFA, 0x34}, tail...),
		"nest-1M":   bytes.Repeat([]byte{0xF8}, 1<<20),
		"7bit-skip": append(hx("E8 0F 7F 7F 7F BF"), tail...),
	}
	for name, data := range inputs {
		for _, kind := range []string{"bytes", "chunks", "stream"} {
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			r := rdNewTestReader(t, kind, data, big)
			var err error
			if strings.HasSuffix(name, "-skip") {
				err = r.SkipValue()
			} else {
				_, err = rdReadAllStr(r)
			}
			runtime.ReadMemStats(&after)
			require.Error(t, err, "%s %s", name, kind)
			if name != "nest-1M" {
				require.ErrorIs(t, err, io.ErrUnexpectedEOF, "%s %s", name, kind)
			}
			require.Less(t, after.TotalAlloc-before.TotalAlloc, uint64(2<<20), "%s %s allocated too much", name, kind)
		}
	}
}

// TestReaderStreamGrowsWithInput: a stream Reader reading a large binary
// value holds about what has arrived, and returns the right payload.
func TestReaderStreamGrowsWithInput(t *testing.T) {
	payload := make([]byte, 3<<20)
	for i := range payload {
		payload[i] = byte(i * 7)
	}
	data := append(append(hx("3A 29 0A 05 FD"), rdVInt(len(payload))...), payload...)
	r, err := stream.NewReaderFrom(bytes.NewReader(data), stream.ReaderOptions{})
	require.NoError(t, err)
	tok, err := r.ReadToken()
	require.NoError(t, err)
	require.Equal(t, payload, tok.Bytes())
}

// rdVInt encodes n as a Smile VInt.
func rdVInt(n int) []byte {
	last := byte(0x80 | n&0x3F)
	n >>= 6
	var groups []byte
	for n != 0 {
		groups = append([]byte{byte(n & 0x7F)}, groups...)
		n >>= 7
	}
	return append(groups, last)
}

func TestReaderTokenOffsetAndParseHeader(t *testing.T) {
	data := hx("3A 29 0A 01 FA 80 61 24 A0 FB 3A 29 0A 03 C2 FF")
	for _, kind := range rdReaderKinds {
		r := rdNewTestReader(t, kind, data, stream.ReaderOptions{})
		var spans []string
		for {
			_, err := r.ReadToken()
			if err == io.EOF {
				break
			}
			require.NoError(t, err)
			spans = append(spans, fmt.Sprintf("%d-%d", r.TokenOffset(), r.InputOffset()))
		}
		require.Equal(t, "4-5 5-7 7-9 9-10 14-15 15-16", strings.Join(spans, " "))
		r = rdNewTestReader(t, kind, data, stream.ReaderOptions{})
		require.NoError(t, r.SkipValue())
		require.Equal(t, int64(4), r.TokenOffset())
		require.Equal(t, int64(10), r.InputOffset())
	}
	h, ok := stream.ParseHeader(hx("3A 29 0A 0F"))
	require.True(t, ok)
	require.Equal(t, stream.Header{SharedNames: true, SharedValues: true, RawBinary: true, Reserved: true}, h)
	require.Equal(t, "version 0, shared names, shared values, raw binary, reserved bit 3", h.String())
	_, ok = stream.ParseHeader(hx("3A 29 0A 10"))
	require.False(t, ok)
	_, ok = stream.ParseHeader(hx("3A 29 0A"))
	require.False(t, ok)
	_, ok = stream.ParseHeader(hx("3A 29 0B 00"))
	require.False(t, ok)
}
