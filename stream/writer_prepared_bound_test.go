package stream

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
)

// registered returns the number of names p holds.
func registered(p *nameRegistry) int {
	if keys := p.keys.Load(); keys != nil {
		return len(*keys)
	}
	return 0
}

// TestNameRegistryBoundByCount fills a registry with maxCachedKeys names
// and checks that the next name gets no id and is not kept, while the
// names it holds keep theirs.
func TestNameRegistryBoundByCount(t *testing.T) {
	var p nameRegistry
	add := func(name string) uint32 {
		k, err := prepareKey(name, false)
		if err != nil {
			t.Fatal(err)
		}
		return p.id(k)
	}
	for i := range maxCachedKeys {
		if id := add("n" + strconv.Itoa(i)); id != uint32(i) {
			t.Fatalf("name %d: id %d", i, id)
		}
	}
	if id := add("one-too-many"); id != maxCachedKeys {
		t.Fatalf("name %d: id %d, want %d (none)", maxCachedKeys, id, maxCachedKeys)
	}
	if n := registered(&p); n != maxCachedKeys {
		t.Fatalf("the registry holds %d names, want %d", n, maxCachedKeys)
	}
	if _, ok := p.lookup("one-too-many", hashShared("one-too-many")); ok {
		t.Fatal("a name beyond the bound was found")
	}
	if id := add("n12345"); id != 12345 {
		t.Fatalf("a registered name prepared again: id %d, want 12345", id)
	}
}

// TestNameRegistryBoundByBytes checks that the names a registry keeps
// take at most maxCachedKeyBytes bytes in all.
func TestNameRegistryBoundByBytes(t *testing.T) {
	var p nameRegistry
	const size = 64 << 10
	for i := 0; ; i++ {
		name := fmt.Sprintf("%05d", i) + strings.Repeat("x", size-5)
		k, err := prepareKey(name, false)
		if err != nil {
			t.Fatal(err)
		}
		id := p.id(k)
		if i < maxCachedKeyBytes/size {
			if id != uint32(i) {
				t.Fatalf("name %d of %d bytes: id %d", i, size, id)
			}
			continue
		}
		if id != maxCachedKeys {
			t.Fatalf("name %d of %d bytes, past %d bytes: id %d, want none", i, size, maxCachedKeyBytes, id)
		}
		break
	}
	if p.bytes > maxCachedKeyBytes {
		t.Fatalf("the registry holds %d bytes of names, over %d", p.bytes, maxCachedKeyBytes)
	}
	k, _ := prepareKey("a", false)
	if id := p.id(k); id != maxCachedKeys {
		t.Fatalf("a 1-byte name in a full registry: id %d, want none", id)
	}
}

// TestPublicPrepareKeyKeepsNothing checks that the public PrepareKey
// leaves the process's registry as it was, and that the seam's adds to
// it.
func TestPublicPrepareKeyKeepsNothing(t *testing.T) {
	before := registered(&preparedNames)
	k, err := PrepareKey("a name only the public PrepareKey prepares")
	if err != nil {
		t.Fatal(err)
	}
	if k.id != maxCachedKeys || registered(&preparedNames) != before {
		t.Fatalf("PrepareKey: id %d, registry %d names, was %d", k.id, registered(&preparedNames), before)
	}
	k, err = export{}.PrepareKey("a name the seam's PrepareKey prepares")
	if err != nil {
		t.Fatal(err)
	}
	if k.id == maxCachedKeys || registered(&preparedNames) != before+1 {
		t.Fatalf("export.PrepareKey: id %d, registry %d names, was %d", k.id, registered(&preparedNames), before)
	}
}
