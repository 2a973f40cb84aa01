package smile

import "testing"

// BenchmarkCall measures the fixed cost of one call, apart from the work
// per value: Marshal and Unmarshal of an empty object, typed (struct{})
// and as any (map[string]any{} and a new any). The document is the
// header and the two bytes of {}.
func BenchmarkCall(b *testing.B) {
	empty, err := Marshal(struct{}{})
	if err != nil {
		b.Fatal(err)
	}
	b.Run("Unmarshal", func(b *testing.B) {
		b.ReportAllocs()
		var v struct{}
		for b.Loop() {
			if err := Unmarshal(empty, &v); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("UnmarshalAny", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			var v any
			if err := Unmarshal(empty, &v); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("Marshal", func(b *testing.B) {
		b.ReportAllocs()
		v := &struct{}{}
		for b.Loop() {
			if _, err := Marshal(v); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("MarshalAny", func(b *testing.B) {
		b.ReportAllocs()
		var v any = map[string]any{}
		for b.Loop() {
			if _, err := Marshal(v); err != nil {
				b.Fatal(err)
			}
		}
	})
}
