package stream_test

import (
	"bytes"
	"testing"
	"testing/iotest"

	"github.com/stretchr/testify/require"

	"github.com/go-smile/smile/stream"
)

// TestReaderFirstHeaderPaths reads documents that start with every flags
// byte and refer to shared names and values, in the first section or in
// a second one after a header that declares shared names, in two ways: from a []byte, where the whole first header is at hand, and
// from an io.Reader that gives one byte per Read, where it is not (the
// Reader then reads it piece by piece). Both must give the same tokens
// and the same error, with each option that changes what a header does.
func TestReaderFirstHeaderPaths(t *testing.T) {
	var read, failed int
	for _, opts := range []stream.ReaderOptions{{}, {KeepNamesAcrossHeaders: true}, {HeaderOptional: true}} {
		for i := range 2 * 256 {
			f, rest := byte(i), "FA 80 61 40 62 FB FA 40 01 FB" // references in section one
			if i >= 256 {
				rest = "FA 80 61 40 62 FB 3A 29 0A 01 FA 80 63 C2 FB FA 40 C2 FB" // in section two
			}
			doc := cat(hx("3A 29 0A"), []byte{f}, hx(rest))
			r, err := stream.NewReader(doc, opts)
			require.NoError(t, err)
			want, wantErr := rdReadAllStr(r)
			s, err := stream.NewReaderFrom(iotest.OneByteReader(bytes.NewReader(doc)), opts)
			require.NoError(t, err)
			got, gotErr := rdReadAllStr(s)
			require.Equal(t, want, got, "flags 0x%02X, %+v", f, opts)
			if wantErr == nil {
				require.NoError(t, gotErr, "flags 0x%02X, %+v", f, opts)
				read++
			} else {
				require.EqualError(t, gotErr, wantErr.Error(), "flags 0x%02X, %+v", f, opts)
				failed++
			}
		}
	}
	// Both outcomes occur: version and reserved bits fail, and the
	// flags of section one decide whether its references resolve.
	require.NotZero(t, read)
	require.NotZero(t, failed)
}
