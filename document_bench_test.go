package smile

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/go-smile/smile/internal/golden"
)

// BenchmarkDocument compares, on the four corpora as Jackson wrote them,
// Parse into a reused Document (Parse), Parse then Interface of the root
// (ParseInterface), Interface alone of a parsed Document (Interface), and
// Unmarshal into a new any (UnmarshalAny). SetBytes
// counts the Smile input.
func BenchmarkDocument(b *testing.B) {
	dir, err := golden.Dir("corpus")
	if err != nil {
		b.Fatal(err)
	}
	for _, name := range []string{"twitter", "citm_catalog", "canada", "code"} {
		data, err := golden.ReadFile(filepath.Join(dir, name+".default.smile"))
		if err != nil {
			b.Fatal(err)
		}
		b.Run("Parse/"+name, func(b *testing.B) {
			var d Document
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				if err := d.Parse(data); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run("ParseInterface/"+name, func(b *testing.B) {
			var d Document
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				if err := d.Parse(data); err != nil {
					b.Fatal(err)
				}
				if _, err := d.Root().Interface(); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run("Interface/"+name, func(b *testing.B) {
			d, err := Parse(data)
			if err != nil {
				b.Fatal(err)
			}
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := d.Root().Interface(); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run("UnmarshalAny/"+name, func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				var v any
				if err := Unmarshal(data, &v); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkDocumentGet looks up the last member of objects of 8 to 4096
// members with 8-byte keys: the cost of Get's linear search, for
// deciding when an index of an object's keys would pay.
func BenchmarkDocumentGet(b *testing.B) {
	for _, n := range []int{8, 64, 512, 4096} {
		m := make(map[string]int, n)
		for i := range n {
			m[fmt.Sprintf("key%05d", i)] = i
		}
		data, err := Marshal(m)
		if err != nil {
			b.Fatal(err)
		}
		d, err := Parse(data)
		if err != nil {
			b.Fatal(err)
		}
		last := fmt.Sprintf("key%05d", n-1)
		b.Run(fmt.Sprintf("members=%d", n), func(b *testing.B) {
			root := d.Root()
			for b.Loop() {
				if !root.Get(last).Exists() {
					b.Fatal("missing")
				}
			}
		})
	}
}

// BenchmarkNodeDecode compares, for the largest member of each corpus's
// root (its bytes make most of the document), Node.Decode into an any
// (Decode) with Unmarshal into an any of the same value as a document
// of its own (Unmarshal, the document made by AppendSmile beforehand).
// SetBytes counts the standalone document.
func BenchmarkNodeDecode(b *testing.B) {
	dir, err := golden.Dir("corpus")
	if err != nil {
		b.Fatal(err)
	}
	for _, name := range []string{"twitter", "citm_catalog", "canada", "code"} {
		data, err := golden.ReadFile(filepath.Join(dir, name+".default.smile"))
		if err != nil {
			b.Fatal(err)
		}
		d, err := Parse(data)
		if err != nil {
			b.Fatal(err)
		}
		var big Node
		var own []byte
		for _, n := range d.Root().Members() {
			s, err := n.AppendSmile(nil)
			if err != nil {
				b.Fatal(err)
			}
			if len(s) > len(own) {
				big, own = n, s
			}
		}
		b.Run("Decode/"+name, func(b *testing.B) {
			b.SetBytes(int64(len(own)))
			b.ReportAllocs()
			for b.Loop() {
				var v any
				if err := big.Decode(&v); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run("Unmarshal/"+name, func(b *testing.B) {
			b.SetBytes(int64(len(own)))
			b.ReportAllocs()
			for b.Loop() {
				var v any
				if err := Unmarshal(own, &v); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
