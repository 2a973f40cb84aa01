package binary

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// goldenDir holds documents written by Jackson's SmileGenerator:
//
//	bin-<len>.bin         the raw payload
//	bin-<len>.7bit.smile  3A 29 0A 01, E8, VInt(len), the 7-bit encoding
//	bin-<len>.raw.smile   3A 29 0A 05, FD, VInt(len), the raw payload
//
// Any of them may instead be gzipped, with a further .gz suffix.
const goldenDir = "../testdata/golden/binary"

// readGolden reads name from goldenDir, or name.gz, gunzipped.
func readGolden(name string) ([]byte, error) {
	p := filepath.Join(goldenDir, name)
	b, err := os.ReadFile(p)
	if err == nil || !os.IsNotExist(err) {
		return b, err
	}
	f, gzErr := os.Open(p + ".gz")
	if gzErr != nil {
		return nil, err // report the plain name
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		return nil, fmt.Errorf("%s.gz: %w", p, err)
	}
	return io.ReadAll(z)
}

// readVInt parses a Smile VInt: big-endian groups of 7 bits in bytes with
// bit 7 clear, ending with a byte with bit 7 set that carries 6 bits.
func readVInt(b []byte) (v uint64, rest []byte, err error) {
	for i, c := range b {
		if i >= 10 {
			break
		}
		if c&0x80 != 0 {
			return v<<6 | uint64(c&0x3F), b[i+1:], nil
		}
		v = v<<7 | uint64(c)
	}
	return 0, nil, fmt.Errorf("bad VInt % X", b[:min(len(b), 10)])
}

// goldenBody checks a Jackson document's header and token and returns what
// follows the length VInt (without an optional end marker FF, which is
// only accepted when it is beyond the expected body length).
func goldenBody(data []byte, header []byte, token byte, rawLen, bodyLen int) ([]byte, error) {
	if !bytes.HasPrefix(data, header) {
		return nil, fmt.Errorf("header % X, want % X", data[:min(len(data), len(header))], header)
	}
	data = data[len(header):]
	if len(data) == 0 || data[0] != token {
		return nil, fmt.Errorf("no %02X token", token)
	}
	v, body, err := readVInt(data[1:])
	if err != nil {
		return nil, err
	}
	if v != uint64(rawLen) {
		return nil, fmt.Errorf("VInt length %d, want %d", v, rawLen)
	}
	if len(body) == bodyLen+1 && body[bodyLen] == 0xFF {
		body = body[:bodyLen]
	}
	if len(body) != bodyLen {
		return nil, fmt.Errorf("body of %d bytes, want %d", len(body), bodyLen)
	}
	return body, nil
}

// TestGolden checks both directions against Jackson's output. It fails
// when the golden files are missing.
func TestGolden(t *testing.T) {
	plain, err := filepath.Glob(filepath.Join(goldenDir, "bin-*.bin"))
	if err != nil {
		t.Fatal(err)
	}
	zipped, _ := filepath.Glob(filepath.Join(goldenDir, "bin-*.bin.gz"))
	paths := append(plain, zipped...)
	if len(paths) == 0 {
		t.Fatalf("no golden files bin-*.bin in %s: they are required", goldenDir)
	}
	var lengths []int
	for _, p := range paths {
		name := strings.TrimSuffix(strings.TrimSuffix(filepath.Base(p), ".gz"), ".bin")
		n, err := strconv.Atoi(strings.TrimPrefix(name, "bin-"))
		if err != nil {
			t.Errorf("%s: cannot parse the length: %v", p, err)
			continue
		}
		lengths = append(lengths, n)
		raw, err := readGolden(name + ".bin")
		if err != nil {
			t.Fatal(err)
		}
		if len(raw) != n {
			t.Errorf("%s: %d bytes, want %d", p, len(raw), n)
			continue
		}

		doc, err := readGolden(name + ".7bit.smile")
		if err != nil {
			t.Errorf("%v", err)
			continue
		}
		enc, err := goldenBody(doc, []byte{0x3A, 0x29, 0x0A, 0x01}, 0xE8, n, EncodedLen(n))
		if err != nil {
			t.Errorf("%s.7bit.smile: %v", name, err)
			continue
		}
		if got := AppendEncode(nil, raw); !bytes.Equal(got, enc) {
			i := 0
			for i < len(got) && got[i] == enc[i] {
				i++
			}
			t.Errorf("%s: Encode differs from Jackson at encoded offset %d", name, i)
			continue
		}
		checkRoundTrip(t, raw, enc) // both directions, guard bytes, reference

		doc, err = readGolden(name + ".raw.smile")
		if err != nil {
			t.Errorf("%v", err)
			continue
		}
		body, err := goldenBody(doc, []byte{0x3A, 0x29, 0x0A, 0x05}, 0xFD, n, n)
		if err != nil {
			t.Errorf("%s.raw.smile: %v", name, err)
		} else if !bytes.Equal(body, raw) {
			t.Errorf("%s.raw.smile: payload differs from %s.bin", name, name)
		}
	}
	sort.Ints(lengths)
	have := map[int]bool{}
	for _, n := range lengths {
		have[n] = true
	}
	for n := 0; n <= 200; n++ {
		if !have[n] {
			t.Errorf("no golden payload of length %d (0..200 are required)", n)
		}
	}
	if lengths[len(lengths)-1] < 1<<16 {
		t.Errorf("no golden payload of 64 KiB or more")
	}
	t.Logf("%d golden payloads, lengths %d..%d", len(lengths), lengths[0], lengths[len(lengths)-1])
}

// TestGoldenParser checks the small document parser above on the digest's
// documents.
func TestGoldenParser(t *testing.T) {
	h7 := []byte{0x3A, 0x29, 0x0A, 0x01}
	for _, c := range []struct {
		doc  string
		n    int
		body string
	}{
		{"E8 83 00 40 40 03", 3, "00 40 40 03"},
		{"E8 80", 0, ""},
		{"E8 84 6F 2B 37 6E 0F FF", 4, "6F 2B 37 6E 0F"},
		{"E8 01 A4" + strings.Repeat(" 00", 115), 100, strings.Repeat("00", 115)},
	} {
		doc := append(bytes.Clone(h7), unhex(t, c.doc)...)
		body, err := goldenBody(doc, h7, 0xE8, c.n, EncodedLen(c.n))
		if err != nil || !bytes.Equal(body, unhex(t, c.body)) {
			t.Errorf("goldenBody(% X) = % X, %v", doc, body, err)
		}
	}
	raw := append([]byte{0x3A, 0x29, 0x0A, 0x05}, unhex(t, "FD 83 01 02 03")...)
	if body, err := goldenBody(raw, raw[:4], 0xFD, 3, 3); err != nil || !bytes.Equal(body, []byte{1, 2, 3}) {
		t.Errorf("raw document: % X, %v", body, err)
	}
	if v, _, err := readVInt(unhex(t, "01 0C A8")); err != nil || v != 9000 {
		t.Errorf("readVInt(01 0C A8) = %d, %v, want 9000", v, err)
	}
	if _, err := goldenBody(append(bytes.Clone(h7), 0xE8, 0x83, 0, 0x40), h7, 0xE8, 3, 4); err == nil {
		t.Error("a short body was accepted")
	}
}
