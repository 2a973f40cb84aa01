package smile

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/go-smile/smile/internal/golden"
)

// FuzzUnmarshal checks that no input makes Unmarshal or a Decoder panic,
// that Valid agrees with Unmarshal into any (except for the MaxExpansion
// budget, which Valid has no values to apply to), and that a Decoder
// reads the first value when Unmarshal does (except for the MaxExpansion
// budget, which counts only the bytes a Decoder has read); and that the
// streaming APIs walk any input safely (fzStreamWalk).
func FuzzUnmarshal(f *testing.F) {
	fzAddGoldenSeeds(f)
	f.Add(mustHex(dhdr + "FA 80 61 40 78 80 62 FA 40 C2 FB 80 63 21 FB"))
	f.Fuzz(func(t *testing.T, data []byte) {
		var v any
		err := Unmarshal(data, &v)
		fzStreamWalk(t, data, v, err)
		// Valid builds no values, so only the memory budget may refuse
		// what it accepts.
		if valid := Valid(data); valid != (err == nil || isExpansionLimit(err)) {
			t.Fatalf("Valid = %v but Unmarshal into any: %v", valid, err)
		}
		// What UnmarshalJSON receives is valid JSON, for every document
		// that decodes.
		var raw json.RawMessage
		if rerr := Unmarshal(data, &raw); err == nil && rerr != nil && !isExpansionLimit(rerr) {
			t.Fatalf("Unmarshal into any ok but into json.RawMessage: %v", rerr)
		} else if rerr == nil && !json.Valid(raw) {
			t.Fatalf("Unmarshal into json.RawMessage gave invalid JSON %q", raw)
		}
		if err == nil {
			fzCheckJSONTextBound(t, data)
		}
		for _, dst := range []any{new(apiResponse), new(deployment), new(map[string]RawMessage), new([]smileU), new([]color), new(struct {
			A []byte
			B [2]int8
			C map[int]Decimal
			D Number
		})} {
			_ = Unmarshal(data, dst)
		}
		dec := NewDecoder(bytes.NewReader(data))
		var w any
		derr := dec.Decode(&w)
		// The Decoder's allowance counts the bytes read so far, where
		// Unmarshal's counts the whole input: only the memory budget may
		// refuse there what Unmarshal accepts.
		if err == nil && derr != nil && !isExpansionLimit(derr) {
			t.Fatalf("Unmarshal ok but Decoder: %v", derr)
		}
		for i := 0; derr == nil && i < 100; i++ {
			derr = dec.Decode(&w)
		}
		_ = derr == io.EOF
	})
}

// isExpansionLimit reports whether err is the MaxExpansion *LimitError.
func isExpansionLimit(err error) bool {
	var le *LimitError
	return errors.As(err, &le) && le.Limit == "MaxExpansion"
}

// fzAddGoldenSeeds adds the golden documents (default configuration)
// under 4 KiB to f's seed corpus.
func fzAddGoldenSeeds(f *testing.F) {
	for _, sub := range []string{"json", "tokens"} {
		dir, err := golden.Dir(sub)
		if err != nil {
			f.Fatal(err)
		}
		// .default@<versions>.smile: the files that differ between Jackson versions.
		files, _ := filepath.Glob(filepath.Join(dir, "*.default*.smile"))
		for _, name := range files {
			if b, err := os.ReadFile(name); err == nil && len(b) < 4096 {
				f.Add(b)
			}
		}
	}
}
