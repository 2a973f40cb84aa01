package smile

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/go-smile/smile/internal/golden"
)

// BenchmarkDocument compares, on the six data sets of
// BenchmarkUnmarshalAny (small and medium as Marshal writes their typed
// models, the four corpora as Jackson wrote them),
// Parse into a reused Document (Parse), Parse then Interface of the root
// (ParseInterface), Interface alone of a parsed Document (Interface), and
// Unmarshal into a new any (UnmarshalAny). SetBytes
// counts the Smile input.
func BenchmarkDocument(b *testing.B) {
	dir, err := golden.Dir("corpus")
	if err != nil {
		b.Fatal(err)
	}
	small := newBenchSmall(3)
	smallSmile, _ := benchDocs(b, &small)
	mediumSmile, _ := benchDocs(b, newBenchMedium())
	sets := map[string][]byte{"small": smallSmile, "medium": mediumSmile}
	for _, name := range []string{"small", "medium", "twitter", "citm_catalog", "canada", "code"} {
		data := sets[name]
		if data == nil {
			data, err = golden.ReadFile(filepath.Join(dir, name+".default.smile"))
			if err != nil {
				b.Fatal(err)
			}
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
// members with 8-byte keys: repeatedly in one parsed Document
// (Repeat: the index, for objects that get one, is built by the second
// lookup), and once or twice after each Parse (Once, Twice: Parse's cost
// included, the second lookup building the index), to set
// indexMinMembers.
func BenchmarkDocumentGet(b *testing.B) {
	for _, n := range []int{8, 32, 64, 512, 4096} {
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
		b.Run(fmt.Sprintf("Repeat/members=%d", n), func(b *testing.B) {
			root := d.Root()
			for b.Loop() {
				if !root.Get(last).Exists() {
					b.Fatal("missing")
				}
			}
		})
		for _, gets := range []int{0, 1, 2} {
			b.Run(fmt.Sprintf("Parse+%d/members=%d", gets, n), func(b *testing.B) {
				var d Document
				for b.Loop() {
					if err := d.Parse(data); err != nil {
						b.Fatal(err)
					}
					for range gets {
						if !d.Root().Get(last).Exists() {
							b.Fatal("missing")
						}
					}
				}
			})
		}
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

// BenchmarkDocumentIndex looks up the last element of arrays of 8 to
// 4096 small objects, as BenchmarkDocumentGet does keys: repeatedly
// (Repeat), and once or twice after each Parse, to set
// indexMinElements.
func BenchmarkDocumentIndex(b *testing.B) {
	for _, n := range []int{8, 64, 512, 4096} {
		a := make([]any, n)
		for i := range a {
			a[i] = map[string]any{"id": i}
		}
		data, err := Marshal(a)
		if err != nil {
			b.Fatal(err)
		}
		d, err := Parse(data)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("Repeat/elements=%d", n), func(b *testing.B) {
			root := d.Root()
			for b.Loop() {
				if !root.Index(n - 1).Exists() {
					b.Fatal("missing")
				}
			}
		})
		for _, gets := range []int{0, 1, 2} {
			b.Run(fmt.Sprintf("Parse+%d/elements=%d", gets, n), func(b *testing.B) {
				var d Document
				for b.Loop() {
					if err := d.Parse(data); err != nil {
						b.Fatal(err)
					}
					for range gets {
						if !d.Root().Index(n - 1).Exists() {
							b.Fatal("missing")
						}
					}
				}
			})
		}
	}
}
