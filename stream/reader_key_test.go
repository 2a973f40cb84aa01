package stream_test

import (
	"bytes"
	"testing"

	"github.com/go-smile/smile/stream"
)

// FuzzReadKey checks readKey, ReadTaggedKey and the array shortcuts
// against ReadToken: two Readers read the same input, one with ReadToken
// only, the other with readKey or ReadTaggedKey wherever a key or the end
// of an object is due, and with tryStartArray and tryEndArray before
// every other ReadToken; they must agree on every token, slot, offset and
// error. ReadTaggedKey expects in turn the key ReadToken found (so that it
// often matches) and the key before it, and its tags must be the slots'
// tags.
//
//	go test ./stream -run XXX -fuzz FuzzReadKey -fuzztime 60s
func FuzzReadKey(f *testing.F) {
	rdFuzzSeeds(f, func(data []byte, flags uint8) { f.Add(data, flags) })
	f.Fuzz(func(t *testing.T, data []byte, flags uint8) {
		opts := rdFuzzOpts(flags)
		r1, err1 := stream.NewReader(data, opts)
		r2, err2 := stream.NewReader(data, opts)
		if err1 != nil || err2 != nil {
			return
		}
		var objs []bool // open containers: true for an object
		keyDue := false
		var lastKey string
		for n := 0; n < 1<<16; n++ {
			tok, err := r1.ReadToken()
			if keyDue {
				var name []byte
				var slot int
				var ok bool
				var kerr error
				var expect *stream.PreparedKey
				switch n % 3 {
				case 0:
					name, slot, ok, kerr = sx.ReadKey(r2)
				case 1:
					expect, _ = stream.PrepareKey(string(tok.Bytes())) // nil when not valid UTF-8
				case 2:
					expect, _ = stream.PrepareKey(lastKey)
				}
				if n%3 != 0 {
					tag := uint64(n) << 8
					var keyTag, prevTag uint64
					name, slot, keyTag, prevTag, ok, kerr = sx.ReadTaggedKey(r2, expect, tag)
					if last, prev := sx.KeyTags(r2, slot); kerr == nil && ok && (keyTag != last || prevTag != prev) && (keyTag != tag || slot >= 0) {
						t.Fatalf("token %d: ReadTaggedKey tags %x %x, slot %d has %x %x", n, keyTag, prevTag, slot, last, prev)
					}
					if kerr == nil && ok && slot >= 0 {
						sx.SetKeyTag(r2, slot, uint64(n)<<8|1) // for the references to it
					}
					if kerr == nil && ok && name == nil { // matched, or a tagged reference
						if slot >= 0 {
							name = sx.SharedName(r2, slot)
						} else if keyTag == tag && expect != nil {
							name = []byte(expect.Name())
						}
					}
				}
				if (err == nil) != (kerr == nil) || err != nil && err.Error() != kerr.Error() {
					t.Fatalf("token %d: ReadToken error %v, readKey error %v", n, err, kerr)
				}
				if err != nil {
					return
				}
				if ok != (tok.Kind == stream.KindKey) || !bytes.Equal(name, tok.Bytes()) || ok && slot != tok.Slot {
					t.Fatalf("token %d: ReadToken %v %q slot %d, readKey %q slot %d ok %v", n, tok.Kind, tok.Bytes(), tok.Slot, name, slot, ok)
				}
				if ok {
					lastKey = string(name)
				}
			} else {
				var tok2 stream.Token
				var kerr error
				switch {
				case n%2 == 1 && sx.TryStartArray(r2):
					tok2 = stream.Token{Kind: stream.KindStartArray, Slot: -1}
				case n%2 == 1 && sx.TryEndArray(r2):
					tok2 = stream.Token{Kind: stream.KindEndArray, Slot: -1}
				default:
					tok2, kerr = r2.ReadToken()
				}
				if (err == nil) != (kerr == nil) || err != nil && err.Error() != kerr.Error() {
					t.Fatalf("token %d: errors %v and %v", n, err, kerr)
				}
				if err != nil {
					return
				}
				if tok2.Kind != tok.Kind || tok2.Slot != tok.Slot || !bytes.Equal(tok2.Bytes(), tok.Bytes()) {
					t.Fatalf("token %d: %v and %v", n, tok, tok2)
				}
			}
			if r1.TokenOffset() != r2.TokenOffset() || r1.InputOffset() != r2.InputOffset() {
				t.Fatalf("token %d: offsets %d/%d and %d/%d", n, r1.TokenOffset(), r1.InputOffset(), r2.TokenOffset(), r2.InputOffset())
			}
			switch tok.Kind {
			case stream.KindStartObject, stream.KindStartArray:
				objs = append(objs, tok.Kind == stream.KindStartObject)
				keyDue = tok.Kind == stream.KindStartObject
			case stream.KindEndObject, stream.KindEndArray:
				objs = objs[:len(objs)-1]
				keyDue = len(objs) > 0 && objs[len(objs)-1]
			case stream.KindKey:
				keyDue = false
			default:
				keyDue = len(objs) > 0 && objs[len(objs)-1]
			}
		}
	})
}

// TestReadKeyMisuse checks that readKey where no key can stand fails
// without consuming anything.
func TestReadKeyMisuse(t *testing.T) {
	data := []byte{':', ')', '\n', 0x03, 0xF8, 0xC2, 0xF9} // [1]
	r, err := stream.NewReader(data, stream.ReaderOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.ReadToken(); err != nil { // [
		t.Fatal(err)
	}
	off := r.InputOffset()
	if _, _, _, err := sx.ReadKey(r); err == nil {
		t.Fatal("readKey in an array: no error")
	}
	if r.InputOffset() != off {
		t.Fatalf("readKey consumed input: offset %d, was %d", r.InputOffset(), off)
	}
	if tok, err := r.ReadToken(); err != nil || tok.Kind != stream.KindInt || tok.Int() != 1 {
		t.Fatalf("after readKey: %v, %v", tok, err)
	}
}
