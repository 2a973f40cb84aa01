package stream_test

import (
	"fmt"
	"math/big"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/go-smile/smile/stream"
)

// status is a tweet-like record, the shape of the usual twitter.json
// benchmark: nested objects, repeated keys, short and long strings,
// small and large integers, booleans and nulls.
type status struct {
	ID, RetweetCount, FavoriteCount int64
	Text, Source, Lang              string
	Favorited, Truncated            bool
	UserID, Followers, Friends      int64
	UserName, ScreenName, Location  string
	Hashtags                        []string
}

func statuses(n int) []status {
	s := make([]status, n)
	for i := range s {
		s[i] = status{
			ID:            505874924095815681 + int64(i),
			RetweetCount:  int64(i % 7),
			FavoriteCount: int64(i * 13),
			Text:          fmt.Sprintf("@aym0566x \n\n名前:前田あゆみ\n第一印象:なんか怖っ！\n今の印象:とりあえずキモい。噛み合わない\n好きなところ:ぶすでキモいとこ😋✨✨ #%d", i),
			Source:        `<a href="http://twitter.com/download/iphone" rel="nofollow">Twitter for iPhone</a>`,
			Lang:          "ja",
			Favorited:     i%2 == 0,
			UserID:        1186275104 + int64(i),
			Followers:     int64(262 + i),
			Friends:       int64(252 - i),
			UserName:      "AYUMI",
			ScreenName:    fmt.Sprintf("ayuu0123_%d", i%5),
			Location:      "",
			Hashtags:      []string{"news", "tag" + fmt.Sprint(i%3)},
		}
	}
	return s
}

// writeStatuses writes {"statuses":[...],"count":n}.
func writeStatuses(w *stream.Writer, ss []status) error {
	try := func(errs ...error) error {
		for _, err := range errs {
			if err != nil {
				return err
			}
		}
		return nil
	}
	if err := try(w.WriteStartObject(), w.WriteKey("statuses"), w.WriteStartArray()); err != nil {
		return err
	}
	for i := range ss {
		s := &ss[i]
		err := try(
			w.WriteStartObject(),
			w.WriteKey("id"), w.WriteInt(s.ID),
			w.WriteKey("text"), w.WriteString(s.Text),
			w.WriteKey("source"), w.WriteString(s.Source),
			w.WriteKey("truncated"), w.WriteBool(s.Truncated),
			w.WriteKey("in_reply_to_status_id"), w.WriteNull(),
			w.WriteKey("user"), w.WriteStartObject(),
			w.WriteKey("id"), w.WriteInt(s.UserID),
			w.WriteKey("name"), w.WriteString(s.UserName),
			w.WriteKey("screen_name"), w.WriteString(s.ScreenName),
			w.WriteKey("location"), w.WriteString(s.Location),
			w.WriteKey("followers_count"), w.WriteInt(s.Followers),
			w.WriteKey("friends_count"), w.WriteInt(s.Friends),
			w.WriteEndObject(),
			w.WriteKey("entities"), w.WriteStartObject(),
			w.WriteKey("hashtags"), w.WriteStartArray(),
		)
		if err != nil {
			return err
		}
		for _, h := range s.Hashtags {
			if err := w.WriteString(h); err != nil {
				return err
			}
		}
		err = try(
			w.WriteEndArray(), w.WriteEndObject(),
			w.WriteKey("retweet_count"), w.WriteInt(s.RetweetCount),
			w.WriteKey("favorite_count"), w.WriteInt(s.FavoriteCount),
			w.WriteKey("favorited"), w.WriteBool(s.Favorited),
			w.WriteKey("lang"), w.WriteString(s.Lang),
			w.WriteEndObject(),
		)
		if err != nil {
			return err
		}
	}
	return try(w.WriteEndArray(), w.WriteKey("count"), w.WriteInt(int64(len(ss))), w.WriteEndObject())
}

func benchmarkStatuses(b *testing.B, opts stream.WriterOptions) {
	ss := statuses(100)
	w, err := stream.NewWriter(opts)
	require.NoError(b, err)
	require.NoError(b, writeStatuses(w, ss))
	require.NoError(b, w.EndDocument())
	b.SetBytes(int64(len(w.Bytes())))
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		w.Reset(w.Bytes()[:0])
		if err := writeStatuses(w, ss); err != nil {
			b.Fatal(err)
		}
		if err := w.EndDocument(); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkWriterStatuses(b *testing.B) { benchmarkStatuses(b, stream.WriterOptions{}) }
func BenchmarkWriterStatusesSharedValues(b *testing.B) {
	benchmarkStatuses(b, stream.WriterOptions{SharedValues: true})
}

func BenchmarkWriterInts(b *testing.B) {
	w, err := stream.NewWriter(stream.WriterOptions{})
	require.NoError(b, err)
	b.ReportAllocs()
	for b.Loop() {
		w.Reset(w.Bytes()[:0])
		_ = w.WriteStartArray()
		for i := int64(-500); i < 500; i++ {
			_ = w.WriteInt(i * i * i)
		}
		_ = w.WriteEndArray()
	}
}

// TestWriterNoAllocs checks that a Writer reused through Reset does not
// allocate in the steady state (documents of one shape), for every kind of
// token, including keys and shared values given as []byte and big numbers.
func TestWriterNoAllocs(t *testing.T) {
	ss := statuses(20)
	keys := [][]byte{[]byte("alpha"), []byte("βeta"), []byte("a_long_key_name_that_is_longer_than_sixty_four_bytes_of_ascii_text")}
	vals := [][]byte{[]byte("one"), []byte("twö"), []byte("one")}
	bi := new(big.Int).Lsh(big.NewInt(-3), 100)
	bin := make([]byte, 1000)
	for _, opts := range []stream.WriterOptions{{}, {SharedValues: true, EndMarker: true}, {SharedValues: true, RawBinary: true}} {
		w, err := stream.NewWriter(opts)
		require.NoError(t, err)
		run := func() {
			w.Reset(w.Bytes()[:0])
			require.NoError(t, writeStatuses(w, ss))
			require.NoError(t, w.WriteStartObject()) // a second root value
			for i, k := range keys {
				require.NoError(t, w.WriteKeyBytes(k))
				require.NoError(t, w.WriteStringBytes(vals[i]))
			}
			require.NoError(t, w.WriteKey("n"))
			require.NoError(t, w.WriteStartArray())
			require.NoError(t, w.WriteBigInt(bi))
			require.NoError(t, w.WriteBigDecimal(bi, -7))
			require.NoError(t, w.WriteUint(1<<63+5))
			require.NoError(t, w.WriteFloat32(1.5))
			require.NoError(t, w.WriteFloat64(-2.5))
			require.NoError(t, w.WriteBinary(bin))
			require.NoError(t, w.WriteEndArray())
			require.NoError(t, w.WriteEndObject())
			require.NoError(t, w.EndDocument())
		}
		run()
		if allocs := testing.AllocsPerRun(20, run); allocs != 0 {
			t.Errorf("%+v: %v allocations per document, want 0", opts, allocs)
		}
	}
}
