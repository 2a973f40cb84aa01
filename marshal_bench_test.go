package smile

import (
	"encoding/json"
	"testing"
	"time"
)

// benchSmall is a small struct of about ten fields.
type benchSmall struct {
	ID       int64    `json:"id"`
	Name     string   `json:"name"`
	Email    string   `json:"email"`
	Age      int      `json:"age"`
	Active   bool     `json:"active"`
	Score    float64  `json:"score"`
	Tags     []string `json:"tags"`
	Country  string   `json:"country,omitempty"`
	Verified *bool    `json:"verified,omitempty"`
	Rank     uint32   `json:"rank"`
}

// benchMedium is a document of about 2.5 KB, with a 256-byte payload.
type benchMedium struct {
	Owner    benchSmall        `json:"owner"`
	Members  []benchSmall      `json:"members"`
	Labels   map[string]string `json:"labels"`
	Payload  []byte            `json:"payload"`
	Created  time.Time         `json:"created"`
	Counters []int64           `json:"counters"`
	Notes    string            `json:"notes"`
}

func newBenchSmall(i int) benchSmall {
	t := true
	return benchSmall{
		ID: int64(1000 + i), Name: "User Number " + string(rune('A'+i%26)), Email: "user@example.com",
		Age: 20 + i, Active: i%2 == 0, Score: 3.25 * float64(i+1), Tags: []string{"alpha", "beta", "gamma"},
		Country: "NL", Verified: &t, Rank: uint32(70000 + i),
	}
}

func newBenchMedium() *benchMedium {
	m := &benchMedium{
		Owner:   newBenchSmall(0),
		Labels:  map[string]string{"team": "storage", "tier": "gold", "region": "eu-west-1", "env": "production"},
		Payload: make([]byte, 256),
		Created: time.Date(2024, 5, 17, 12, 30, 45, 123456789, time.UTC),
		Notes:   "Medium-sized benchmark document with nested structs, a map, a binary payload and a timestamp.",
	}
	for i := range m.Payload {
		m.Payload[i] = byte(i * 7)
	}
	for i := 1; i <= 12; i++ {
		m.Members = append(m.Members, newBenchSmall(i))
	}
	for i := range 20 {
		m.Counters = append(m.Counters, int64(i*i*1000))
	}
	return m
}

func benchMarshal(b *testing.B, v any, marshal func(any) ([]byte, error)) {
	data, err := marshal(v)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if _, err := marshal(v); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkMarshal(b *testing.B) {
	small := newBenchSmall(3)
	medium := newBenchMedium()
	b.Run("small/smile", func(b *testing.B) { benchMarshal(b, &small, Marshal) })
	b.Run("small/json", func(b *testing.B) { benchMarshal(b, &small, json.Marshal) })
	b.Run("medium/smile", func(b *testing.B) { benchMarshal(b, medium, Marshal) })
	b.Run("medium/json", func(b *testing.B) { benchMarshal(b, medium, json.Marshal) })
}

func BenchmarkEncoder(b *testing.B) {
	small := newBenchSmall(3)
	medium := newBenchMedium()
	for _, c := range []struct {
		name string
		v    any
	}{{"small", &small}, {"medium", medium}} {
		b.Run(c.name+"/smile", func(b *testing.B) {
			enc := NewEncoder(discard{})
			b.ReportAllocs()
			for b.Loop() {
				if err := enc.Encode(c.v); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(c.name+"/json", func(b *testing.B) {
			enc := json.NewEncoder(discard{})
			b.ReportAllocs()
			for b.Loop() {
				if err := enc.Encode(c.v); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// discard is io.Discard without the ReadFrom shortcut.
type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }
