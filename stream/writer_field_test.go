package stream_test

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/go-smile/smile/stream"
)

// TestWriterFieldsMatchKeyThenValue checks that each field writer writes
// the bytes of WritePreparedKey followed by the matching value writer, with
// every table option, for keys written in full and as references, and
// values of every length class.
func TestWriterFieldsMatchKeyThenValue(t *testing.T) {
	names := []string{"id", "name", "", "ключ", strings.Repeat("k", 70), "id", "name", "ключ"}
	strs := []string{"", "a", "short", "ümlaut", strings.Repeat("x", 64), strings.Repeat("y", 65),
		strings.Repeat("é", 40), strings.Repeat("z", 3000), "short", "ümlaut"}
	ints := []int64{0, -16, 15, 16, -17, 1 << 13, 1 << 20, 1 << 27, math.MaxInt32, math.MinInt32,
		1 << 31, math.MaxInt64, math.MinInt64}
	// With 70 other names written first, the fields' names take
	// shared-name indices past 63: two-byte references.
	for _, tc := range []struct {
		opts   stream.WriterOptions
		others int
	}{
		{stream.WriterOptions{}, 0},
		{stream.WriterOptions{}, 70},
		{stream.WriterOptions{SharedValues: true}, 0},
		{stream.WriterOptions{SharedValues: true}, 70},
		{stream.WriterOptions{DisableSharedNames: true}, 0},
		{stream.WriterOptions{DisableSharedNames: true, SharedValues: true}, 70},
	} {
		opts := tc.opts
		t.Run(fmt.Sprintf("%+v/%d other names first", opts, tc.others), func(t *testing.T) {
			var fields, pairs []func(w *stream.Writer, k *stream.PreparedKey) error
			add := func(field, pair func(w *stream.Writer, k *stream.PreparedKey) error) {
				fields, pairs = append(fields, field), append(pairs, pair)
			}
			for _, s := range strs {
				add(func(w *stream.Writer, k *stream.PreparedKey) error { return sx.WriteStringField(w, k, s) },
					keyThen(func(w *stream.Writer) error { return w.WriteString(s) }))
			}
			for _, v := range ints {
				add(func(w *stream.Writer, k *stream.PreparedKey) error { return sx.WriteIntField(w, k, v) },
					keyThen(func(w *stream.Writer) error { return w.WriteInt(v) }))
			}
			for _, v := range []float64{0, -1.5, math.Inf(1), math.NaN()} {
				add(func(w *stream.Writer, k *stream.PreparedKey) error { return sx.WriteFloat64Field(w, k, v) },
					keyThen(func(w *stream.Writer) error { return w.WriteFloat64(v) }))
			}
			for _, v := range []bool{true, false} {
				add(func(w *stream.Writer, k *stream.PreparedKey) error { return sx.WriteBoolField(w, k, v) },
					keyThen(func(w *stream.Writer) error { return w.WriteBool(v) }))
			}
			add(func(w *stream.Writer, k *stream.PreparedKey) error { return sx.WriteNullField(w, k) },
				keyThen(func(w *stream.Writer) error { return w.WriteNull() }))
			add(func(w *stream.Writer, k *stream.PreparedKey) error { return sx.WriteEmptyArrayField(w, k) },
				keyThen(func(w *stream.Writer) error {
					if err := w.WriteStartArray(); err != nil {
						return err
					}
					return w.WriteEndArray()
				}))
			for _, v := range [][]int64{nil, {}, ints} {
				add(func(w *stream.Writer, k *stream.PreparedKey) error { return sx.WriteIntArrayField(w, k, v) },
					keyThen(func(w *stream.Writer) error {
						if err := w.WriteStartArray(); err != nil {
							return err
						}
						for _, x := range v {
							if err := w.WriteInt(x); err != nil {
								return err
							}
						}
						return w.WriteEndArray()
					}))
			}

			write := func(ops []func(w *stream.Writer, k *stream.PreparedKey) error) []byte {
				w, err := stream.NewWriter(opts)
				require.NoError(t, err)
				require.NoError(t, w.WriteStartObject())
				for i := range tc.others {
					require.NoError(t, w.WriteKey(fmt.Sprint("other", i)))
					require.NoError(t, w.WriteNull())
				}
				for i, op := range ops {
					k, err := sx.PrepareKey(names[i%len(names)])
					require.NoError(t, err)
					require.NoError(t, op(w, k))
				}
				require.NoError(t, w.WriteEndObject())
				require.NoError(t, w.EndDocument())
				return w.Bytes()
			}
			require.Equal(t, write(pairs), write(fields))
		})
	}
}

// keyThen returns WritePreparedKey(k) followed by value, the two calls a
// field writer stands for.
func keyThen(value func(w *stream.Writer) error) func(w *stream.Writer, k *stream.PreparedKey) error {
	return func(w *stream.Writer, k *stream.PreparedKey) error {
		if err := w.WritePreparedKey(k); err != nil {
			return err
		}
		return value(w)
	}
}

// TestWriterFieldErrors checks the field writers' errors: where no key is
// due they write nothing; a string that is not valid UTF-8 is refused
// after its key, which leaves a value due, as the two calls would.
func TestWriterFieldErrors(t *testing.T) {
	k, err := sx.PrepareKey("k")
	require.NoError(t, err)
	w, err := stream.NewWriter(stream.WriterOptions{OmitHeader: true})
	require.NoError(t, err)
	require.NoError(t, w.WriteStartArray())
	for _, op := range []func() error{
		func() error { return sx.WriteStringField(w, k, "v") },
		func() error { return sx.WriteIntField(w, k, 1) },
		func() error { return sx.WriteFloat64Field(w, k, 1) },
		func() error { return sx.WriteBoolField(w, k, true) },
		func() error { return sx.WriteNullField(w, k) },
		func() error { return sx.WriteIntArrayField(w, k, []int64{1}) },
		func() error { return sx.WriteEmptyArrayField(w, k) },
	} {
		var werr *stream.WriterError
		require.ErrorAs(t, op(), &werr)
		require.Contains(t, werr.Error(), "cannot write a key")
	}
	require.Equal(t, hx("F8"), w.Bytes())

	require.NoError(t, w.WriteStartObject())
	err = sx.WriteStringField(w, k, "bad \xff")
	var werr *stream.WriterError
	require.ErrorAs(t, err, &werr)
	require.Contains(t, werr.Error(), "not valid UTF-8")
	require.Equal(t, hx("F8 FA 80 6B"), w.Bytes(), "the key is written")
	require.ErrorAs(t, w.WriteEndObject(), &werr, "a value is due")
	require.NoError(t, w.WriteString("good"))
	require.NoError(t, w.WriteEndObject())
	require.Equal(t, hx("F8 FA 80 6B 43 67 6F 6F 64 FB"), w.Bytes())
}

// TestWriterFieldsAtFullBuffer checks the field writers when the key is
// a reference and the buffer has little or no room left, as the bytes of
// the key and value writers: the buffer starts with each capacity up to
// 64 bytes, which leaves every spare capacity from 0 to 12 bytes (more
// than the longest fast-path field, 2+11) before one of the fields.
func TestWriterFieldsAtFullBuffer(t *testing.T) {
	k, err := sx.PrepareKey("key")
	require.NoError(t, err)
	pad, err := sx.PrepareKey("pad")
	require.NoError(t, err)
	fields := map[string]func(w *stream.Writer) error{
		"int":    func(w *stream.Writer) error { return sx.WriteIntField(w, k, 1<<30) },
		"int64":  func(w *stream.Writer) error { return sx.WriteIntField(w, k, math.MinInt64) },
		"small":  func(w *stream.Writer) error { return sx.WriteIntField(w, k, -3) },
		"float":  func(w *stream.Writer) error { return sx.WriteFloat64Field(w, k, -1.5) },
		"bool":   func(w *stream.Writer) error { return sx.WriteBoolField(w, k, true) },
		"null":   func(w *stream.Writer) error { return sx.WriteNullField(w, k) },
		"string": func(w *stream.Writer) error { return sx.WriteStringField(w, k, "value") },
		"empty":  func(w *stream.Writer) error { return sx.WriteEmptyArrayField(w, k) },
		"ints0":  func(w *stream.Writer) error { return sx.WriteIntArrayField(w, k, nil) },
		"ints":   func(w *stream.Writer) error { return sx.WriteIntArrayField(w, k, []int64{1, -1 << 40}) },
	}
	pairs := map[string]func(w *stream.Writer) error{
		"int":    func(w *stream.Writer) error { return w.WriteInt(1 << 30) },
		"int64":  func(w *stream.Writer) error { return w.WriteInt(math.MinInt64) },
		"small":  func(w *stream.Writer) error { return w.WriteInt(-3) },
		"float":  func(w *stream.Writer) error { return w.WriteFloat64(-1.5) },
		"bool":   func(w *stream.Writer) error { return w.WriteBool(true) },
		"null":   func(w *stream.Writer) error { return w.WriteNull() },
		"string": func(w *stream.Writer) error { return w.WriteString("value") },
		"empty": func(w *stream.Writer) error {
			if err := w.WriteStartArray(); err != nil {
				return err
			}
			return w.WriteEndArray()
		},
		"ints0": func(w *stream.Writer) error {
			if err := w.WriteStartArray(); err != nil {
				return err
			}
			return w.WriteEndArray()
		},
		"ints": func(w *stream.Writer) error {
			if err := w.WriteStartArray(); err != nil {
				return err
			}
			for _, v := range []int64{1, -1 << 40} {
				if err := w.WriteInt(v); err != nil {
					return err
				}
			}
			return w.WriteEndArray()
		},
	}
	odd, err := sx.PrepareKey("o") // 3 bytes with its value, where pads take 2
	require.NoError(t, err)
	for name, field := range fields {
		spares := map[int]bool{}
		for size := range 65 {
			for pads := range 12 {
				// write writes {"key": null, "pad": null pads times,
				// "o": null when pads is odd, then "key": value, from
				// a buffer of size bytes.
				write := func(value func(w *stream.Writer) error) []byte {
					w, err := stream.NewWriter(stream.WriterOptions{})
					require.NoError(t, err)
					w.Reset(make([]byte, 0, size))
					require.NoError(t, w.WriteStartObject())
					require.NoError(t, sx.WriteNullField(w, k))
					for range pads {
						require.NoError(t, sx.WriteNullField(w, pad))
					}
					if pads%2 == 1 {
						require.NoError(t, sx.WriteNullField(w, odd))
					}
					spares[cap(w.Bytes())-len(w.Bytes())] = true
					require.NoError(t, value(w))
					require.NoError(t, w.WriteEndObject())
					return w.Bytes()
				}
				require.Equal(t, write(keyThen2(k, pairs[name])), write(field),
					"%s in a buffer of %d bytes after %d pads", name, size, pads)
			}
		}
		for spare := range 13 {
			require.True(t, spares[spare], "%s: never %d bytes of room", name, spare)
		}
	}
}

// keyThen2 returns WritePreparedKey(k) followed by value.
func keyThen2(k *stream.PreparedKey, value func(w *stream.Writer) error) func(w *stream.Writer) error {
	return func(w *stream.Writer) error { return keyThen(value)(w, k) }
}
