package smile

import (
	"bytes"
	"errors"
	"io"
	"path/filepath"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/stretchr/testify/require"

	"github.com/go-smile/smile/internal/golden"
	"github.com/go-smile/smile/stream"
)

// searchHit is a hit of testdata/golden/json/search-results.json.
type searchHit struct {
	ID     string  `json:"_id"`
	Score  float64 `json:"_score"`
	Source struct {
		Title string `json:"title"`
		Year  int    `json:"year"`
	} `json:"_source"`
}

// searchResults returns Jackson's encoding of the Elasticsearch search
// response testdata/golden/json/search-results.json under config cfg.
func searchResults(t *testing.T, cfg string) []byte {
	t.Helper()
	dir, err := golden.Dir("json")
	require.NoError(t, err)
	doc, err := golden.ReadFile(filepath.Join(dir, "search-results."+cfg+".smile"))
	require.NoError(t, err)
	return doc
}

// requireToken reads a token of kind k (and, for a key, text key).
func requireToken(t *testing.T, dec *Decoder, k stream.Kind, key string) {
	t.Helper()
	tok, err := dec.Token()
	require.NoError(t, err)
	require.Equal(t, k, tok.Kind)
	if k == stream.KindKey {
		require.Equal(t, key, string(tok.Bytes()))
	}
}

// TestDecoderSkipSearchResponse walks Jackson's encoding of an
// Elasticsearch search response to hits.hits with Token, skipping every
// other member, skips the first hit and decodes the others: their keys
// are back-references to the shared names of the skipped hit, and, with
// shared values on, their _index "docs" a back-reference to the skipped
// hit's (the last hit is read member by member, decoding _index). The
// members of _shards are skipped whole, key and value, by More and Skip.
// The expected values are those of search-results.json, written out by
// hand.
func TestDecoderSkipSearchResponse(t *testing.T) {
	wantHits := []searchHit{{ID: "2", Score: 0.2876821}, {ID: "3", Score: 0.2876821}}
	wantHits[0].Source.Title, wantHits[0].Source.Year = "CBOR", 2013
	wantHits[1].Source.Title, wantHits[1].Source.Year = "MessagePack", 2008

	for _, cfg := range []string{"default", "sharedvalues", "nosharednames", "endmarker"} {
		for _, oneByte := range []bool{false, true} {
			var in io.Reader = bytes.NewReader(searchResults(t, cfg))
			if oneByte {
				in = iotest.OneByteReader(in)
			}
			dec := NewDecoder(in)
			var skipped []string
			var hits []searchHit
			var lastIndex string

			requireToken(t, dec, stream.KindStartObject, "")
			for dec.More() {
				tok, err := dec.Token()
				require.NoError(t, err)
				switch key := string(tok.Bytes()); key {
				case "_shards":
					requireToken(t, dec, stream.KindStartObject, "")
					n := 0
					for dec.More() {
						require.NoError(t, dec.Skip()) // a whole member
						n++
					}
					require.Equal(t, 4, n, "members of _shards")
					requireToken(t, dec, stream.KindEndObject, "")
				case "hits":
					requireToken(t, dec, stream.KindStartObject, "")
					for dec.More() {
						tok, err := dec.Token()
						require.NoError(t, err)
						if string(tok.Bytes()) != "hits" {
							skipped = append(skipped, "hits."+string(tok.Bytes()))
							require.NoError(t, dec.Skip())
							continue
						}
						requireToken(t, dec, stream.KindStartArray, "")
						for i := 0; dec.More(); i++ {
							switch i {
							case 0: // the first hit skipped whole
								skipped = append(skipped, "hits.hits[0]")
								require.NoError(t, dec.Skip())
								continue
							case 1:
								var h searchHit
								require.NoError(t, dec.Decode(&h))
								hits = append(hits, h)
								continue
							}
							// The last hit member by member.
							var h searchHit
							requireToken(t, dec, stream.KindStartObject, "")
							for dec.More() {
								tok, err := dec.Token()
								require.NoError(t, err)
								switch string(tok.Bytes()) {
								case "_index":
									require.NoError(t, dec.Decode(&lastIndex))
								case "_source":
									require.NoError(t, dec.Decode(&h.Source))
								case "_id":
									require.NoError(t, dec.Decode(&h.ID))
								default:
									require.NoError(t, dec.Skip())
								}
							}
							requireToken(t, dec, stream.KindEndObject, "")
							h.Score = 0.2876821 // skipped
							hits = append(hits, h)
						}
						require.Error(t, dec.Skip(), "Skip at the end of the array")
						requireToken(t, dec, stream.KindEndArray, "")
					}
					requireToken(t, dec, stream.KindEndObject, "")
				default:
					skipped = append(skipped, key)
					require.NoError(t, dec.Skip())
				}
			}
			err := dec.Skip()
			require.ErrorContains(t, err, "smile: Decoder.Skip: no value at offset", "Skip at the end of the object")
			require.ErrorContains(t, err, "the end of the object (check Decoder.More")
			requireToken(t, dec, stream.KindEndObject, "")
			require.Equal(t, io.EOF, dec.Skip(), "%s: after the document (end markers skipped)", cfg)
			require.Equal(t, io.EOF, dec.Skip())
			_, err = dec.Token()
			require.Equal(t, io.EOF, err)

			require.Equal(t, []string{"took", "timed_out", "hits.total", "hits.max_score", "hits.hits[0]"}, skipped, cfg)
			require.Equal(t, wantHits, hits, cfg)
			require.Equal(t, "docs", lastIndex, cfg)
		}
	}
}

// TestDecoderSkipRoot skips root values, end markers between them, and
// values of every kind, and checks where the Decoder stands after each.
func TestDecoderSkipRoot(t *testing.T) {
	var buf bytes.Buffer
	enc := NewEncoder(&buf)
	values := []any{1, "two", []any{3, []any{4, map[string]any{"five": 5}}}, map[string]any{"six": []byte("6")}, nil, 7.5}
	for _, v := range values {
		require.NoError(t, enc.Encode(v))
		buf.WriteByte(0xff)
	}
	buf.WriteByte(0xff)
	for skip := range values {
		dec := NewDecoder(bytes.NewReader(buf.Bytes()))
		for i := range values {
			if i == skip {
				require.NoError(t, dec.Skip())
				continue
			}
			var v any
			require.NoError(t, dec.Decode(&v))
		}
		require.Equal(t, io.EOF, dec.Skip())
		require.Equal(t, int64(buf.Len()), dec.InputOffset())
	}

	// Each of them skipped in turn; the last decoded.
	dec := NewDecoder(bytes.NewReader(buf.Bytes()))
	for range len(values) - 1 {
		require.NoError(t, dec.Skip())
	}
	var last float64
	require.NoError(t, dec.Decode(&last))
	require.Equal(t, 7.5, last)

	// An empty input, and a header alone, are the end of the input.
	require.Equal(t, io.EOF, NewDecoder(bytes.NewReader(nil)).Skip())
	require.Equal(t, io.EOF, NewDecoder(bytes.NewReader(mustHex(dhdr))).Skip())

	// An end marker inside an array is no value, for Skip as for Decode.
	var errs []error
	for _, f := range []func(*Decoder) error{(*Decoder).Skip, func(d *Decoder) error { return d.Decode(new(any)) }} {
		dec := NewDecoder(bytes.NewReader(mustHex(dhdr + "F8 FF F9")))
		requireToken(t, dec, stream.KindStartArray, "")
		var se *SyntaxError
		err := f(dec)
		require.ErrorAs(t, err, &se)
		require.Equal(t, int64(5), se.Offset)
		require.Equal(t, err, dec.Skip(), "sticky")
		errs = append(errs, err)
	}
	require.Equal(t, errs[1].Error(), errs[0].Error())
}

// TestDecoderSkipTruncated feeds every prefix of the search response to
// two Decoders that walk it alike, one skipping every value after a key
// and one decoding it: both fail with the same error, a *SyntaxError
// wrapping io.ErrUnexpectedEOF at the same offset, returned again by the
// next call.
func TestDecoderSkipTruncated(t *testing.T) {
	for _, cfg := range []string{"default", "sharedvalues"} {
		doc := searchResults(t, cfg)
		for n := range len(doc) {
			walk := func(value func(*Decoder) error) error {
				dec := NewDecoder(iotest.HalfReader(bytes.NewReader(doc[:n])))
				if n == 0 || n == 4 { // nothing, or the header alone
					return dec.Skip()
				}
				if _, err := dec.Token(); err != nil {
					return err
				}
				for dec.More() {
					if _, err := dec.Token(); err != nil {
						return err
					}
					if err := value(dec); err != nil {
						again := dec.Skip()
						require.Equal(t, err, again, "prefix %d: the error again", n)
						return err
					}
				}
				_, err := dec.Token()
				return err
			}
			skipErr := walk((*Decoder).Skip)
			decodeErr := walk(func(d *Decoder) error { var v any; return d.Decode(&v) })
			if n == 0 || n == 4 {
				require.Equal(t, io.EOF, skipErr)
				require.Equal(t, io.EOF, decodeErr)
				continue
			}
			var se, de *SyntaxError
			require.ErrorAs(t, skipErr, &se, "%s prefix %d of %d", cfg, n, len(doc))
			require.ErrorAs(t, decodeErr, &de, "%s prefix %d", cfg, n)
			require.ErrorIs(t, skipErr, io.ErrUnexpectedEOF, "%s prefix %d", cfg, n)
			require.Equal(t, de.Offset, se.Offset, "%s prefix %d: %v / %v", cfg, n, skipErr, decodeErr)
			require.LessOrEqual(t, se.Offset, int64(n), "%s prefix %d", cfg, n)
		}
	}
}

// TestDecoderSkipErrors checks the errors Skip shares with Decode: a limit
// of the mode's Reader, and a malformed value, with their offsets.
func TestDecoderSkipErrors(t *testing.T) {
	doc, err := Marshal(map[string]any{"a": strings.Repeat("x", 100), "b": 1})
	require.NoError(t, err)
	m, err := DecOptions{MaxStringLen: 10}.DecMode()
	require.NoError(t, err)
	dec := m.NewDecoder(bytes.NewReader(doc))
	requireToken(t, dec, stream.KindStartObject, "")
	requireToken(t, dec, stream.KindKey, "a")
	var le *LimitError
	err = dec.Skip()
	require.ErrorAs(t, err, &le)
	require.ErrorContains(t, err, "DecOptions.MaxStringLen", "the advice names the option of the API used")
	require.Equal(t, err, dec.Skip(), "sticky")
	require.False(t, dec.More())

	// A byte no value starts with, inside a skipped array.
	dec = NewDecoder(bytes.NewReader(mustHex(dhdr + "F8 C2 00 F9")))
	skipErr := dec.Skip()
	var se *SyntaxError
	require.ErrorAs(t, skipErr, &se)
	dec = NewDecoder(bytes.NewReader(mustHex(dhdr + "F8 C2 00 F9")))
	var v any
	decodeErr := dec.Decode(&v)
	var de *SyntaxError
	require.ErrorAs(t, decodeErr, &de)
	require.Equal(t, de.Offset, se.Offset)

	// A failed read.
	boom := errors.New("boom")
	dec = NewDecoder(io.MultiReader(bytes.NewReader(doc[:8]), iotest.ErrReader(boom)))
	require.ErrorIs(t, dec.Skip(), boom)
}

// TestDecoderSkipChargesNothing checks that a skipped value, which builds
// nothing, is not charged against DecOptions.MaxExpansion: a value Decode
// refuses as too dense is skipped, and the value after it decodes.
func TestDecoderSkipChargesNothing(t *testing.T) {
	dense := make([]any, 200_000)
	for i := range dense {
		dense[i] = map[string]any{}
	}
	var buf bytes.Buffer
	enc := NewEncoder(&buf)
	require.NoError(t, enc.Encode(dense))
	require.NoError(t, enc.Encode(map[string]any{"after": dense[:10]}))
	require.NoError(t, enc.Encode(7))
	m, err := DecOptions{MaxExpansion: 1}.DecMode()
	require.NoError(t, err)

	var le *LimitError
	var v any
	require.ErrorAs(t, m.NewDecoder(bytes.NewReader(buf.Bytes())).Decode(&v), &le, "Decode of the dense value")

	dec := m.NewDecoder(bytes.NewReader(buf.Bytes()))
	require.NoError(t, dec.Skip())
	requireToken(t, dec, stream.KindStartObject, "")
	requireToken(t, dec, stream.KindKey, "after")
	require.NoError(t, dec.Skip())
	requireToken(t, dec, stream.KindEndObject, "")
	var seven int
	require.NoError(t, dec.Decode(&seven))
	require.Equal(t, 7, seven)
}
