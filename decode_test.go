package smile

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"math/rand/v2"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"

	"github.com/go-smile/smile/internal/golden"
	"github.com/go-smile/smile/internal/rt"
)

func TestUnmarshalInvalidArgument(t *testing.T) {
	data := mustHex(dhdr + "C2")
	var ie *InvalidUnmarshalError
	var n int
	for _, v := range []any{nil, n, (*int)(nil), map[string]any{}} {
		require.ErrorAs(t, Unmarshal(data, v), &ie, "%T", v)
	}
	require.Equal(t, "smile: Unmarshal(nil)", (&InvalidUnmarshalError{}).Error())
	require.NoError(t, Unmarshal(data, &n))
	require.Equal(t, 1, n)
}

func TestUnmarshalDocumentFraming(t *testing.T) {
	var v any
	var se *SyntaxError
	for _, tc := range []struct {
		name string
		data string
		ok   bool
		off  int64 // of the error
	}{
		{"one value", dhdr + "C2", true, 0},
		{"end marker", dhdr + "C2 FF", true, 0},
		{"two end markers", dhdr + "C2 FF FF", true, 0},
		{"two values", dhdr + "C2 C4", false, 5},
		{"value after end marker", dhdr + "C2 FF C4", false, 6},
		{"empty", "", false, 0},
		{"header only", dhdr, false, 4},
		{"end marker only", dhdr + "FF", false, 4},
		{"no header", "C2", false, 0},
		{"truncated array", dhdr + "F8 C2", false, 6},
		{"bad byte", dhdr + "F8 00 F9", false, 5},
		{"unclosed object", dhdr + "FA 80 61", false, 7},
	} {
		t.Run(tc.name, func(t *testing.T) {
			data := mustHex(tc.data)
			err := Unmarshal(data, &v)
			require.Equal(t, tc.ok, Valid(data))
			if tc.ok {
				require.NoError(t, err)
				return
			}
			require.ErrorAs(t, err, &se)
			require.Equal(t, tc.off, se.Offset, "%v", err)
		})
	}
	var n int
	require.ErrorIs(t, Unmarshal(mustHex(dhdr+"F8 C2"), &n), io.ErrUnexpectedEOF)
}

func TestUnmarshalNull(t *testing.T) {
	null := mustHex(dhdr + "21")
	one := 1
	v := struct {
		I   int
		S   string
		P   *int
		M   map[string]int
		L   []int
		A   [2]int
		E   any
		T   textU
		Big big.Int
	}{I: 1, S: "s", P: &one, M: map[string]int{"a": 1}, L: []int{1}, A: [2]int{1, 2}, E: 1, T: textU{"t"}, Big: *big.NewInt(5)}
	want := v
	want.P, want.M, want.L, want.E = nil, nil, nil, nil
	// {"I":null,...} for every field: built by hand with null values.
	var b bytes.Buffer
	b.Write(mustHex(dhdr + "FA"))
	for _, name := range []string{"I", "S", "P", "M", "L", "A", "E", "T", "Big"} {
		b.WriteByte(0x80 + byte(len(name)) - 1)
		b.WriteString(name)
		b.WriteByte(0x21)
	}
	b.WriteByte(0xFB)
	require.NoError(t, Unmarshal(b.Bytes(), &v))
	require.Equal(t, want.I, v.I)
	require.Equal(t, want.S, v.S)
	require.Nil(t, v.P)
	require.Nil(t, v.M)
	require.Nil(t, v.L)
	require.Equal(t, want.A, v.A)
	require.Nil(t, v.E)
	require.Equal(t, want.T, v.T)
	require.Equal(t, 0, v.Big.Cmp(big.NewInt(5)))

	// At the root, null into a pointer target leaves it, and into a
	// pointer sets the pointer to nil.
	n := 7
	require.NoError(t, Unmarshal(null, &n))
	require.Equal(t, 7, n)
	p := &n
	require.NoError(t, Unmarshal(null, &p))
	require.Nil(t, p)
}

type stringerImpl struct{ S string }

func (s *stringerImpl) String() string { return s.S }

func TestUnmarshalInterfaceHoldingPointer(t *testing.T) {
	five := mustHex(dhdr + "CA")
	x := 1
	var e any = &x
	require.NoError(t, Unmarshal(five, &e))
	require.Equal(t, 5, x)
	require.Same(t, &x, e.(*int))

	// A non-pointer value in an any is replaced.
	e = "old"
	require.NoError(t, Unmarshal(five, &e))
	require.Equal(t, int64(5), e)

	// A non-empty interface holding a pointer is decoded into.
	obj := mustHex(dhdr + "FA 80 53 40 78 FB") // {"S":"x"}
	var s fmt.Stringer = &stringerImpl{}
	require.NoError(t, Unmarshal(obj, &s))
	require.Equal(t, "x", s.String())

	// A nil one cannot be filled.
	var nilS fmt.Stringer
	var ute *UnmarshalTypeError
	require.ErrorAs(t, Unmarshal(obj, &nilS), &ute)
	require.Equal(t, "object", ute.Value)

	// null sets interfaces to nil, except through a pointer to a pointer.
	require.NoError(t, Unmarshal(mustHex(dhdr+"21"), &s))
	require.Nil(t, s)
	p := &x
	e = &p
	require.NoError(t, Unmarshal(mustHex(dhdr+"21"), &e))
	require.Nil(t, p)
	require.NotNil(t, e)

	// An interface holding its own address does not loop.
	var self any
	self = &self
	require.NoError(t, Unmarshal(five, &self))
	require.Equal(t, int64(5), self)

	// Same as encoding/json.
	x = 1
	e = &x
	require.NoError(t, json.Unmarshal([]byte("5"), &e))
	require.Equal(t, 5, x)
}

func TestUnmarshalUnmarshalerAndRawMessage(t *testing.T) {
	// {"a":"x","b":{"a":1},"c":null}: inside "b", "a" is a back-reference.
	data := mustHex(dhdr + "FA 80 61 40 78 80 62 FA 40 C2 FB 80 63 21 FB")
	var v struct {
		A smileU  `smile:"a"`
		B smileU  `smile:"b"`
		C smileU  `smile:"c"`
		D *smileU `smile:"d"`
	}
	v.D = &smileU{Doc: "old"}
	require.NoError(t, Unmarshal(data, &v))
	require.Equal(t, "3A290A014078", v.A.Doc)
	require.Equal(t, "3A290A01FA8061C2FB", v.B.Doc, "a standalone document, names written in full")
	require.Equal(t, "3A290A0121", v.C.Doc, "null is passed on, as encoding/json passes null")
	require.Equal(t, "old", v.D.Doc, "no key d")

	var r struct {
		A RawMessage  `smile:"a"`
		B RawMessage  `smile:"b"`
		C RawMessage  `smile:"c"`
		P *RawMessage `smile:"c"`
	}
	require.NoError(t, Unmarshal(data, &r))
	require.Equal(t, mustHex("3A 29 0A 01 40 78"), []byte(r.A))
	require.Equal(t, mustHex("3A 29 0A 01 FA 80 61 C2 FB"), []byte(r.B))
	var b map[string]int
	require.NoError(t, Unmarshal(r.B, &b))
	require.Equal(t, map[string]int{"a": 1}, b)

	// An UnmarshalSmile error stops decoding and is returned as it is.
	var f struct{ F failU }
	require.ErrorIs(t, Unmarshal(mustHex(dhdr+"FA 80 46 C2 FB"), &f), errFailU)
}

var errFailU = errors.New("boom")

type failU struct{}

func (*failU) UnmarshalSmile([]byte) error { return errFailU }

func TestUnmarshalEmbedded(t *testing.T) {
	type Inner struct{ A, B int }
	type inner2 struct{ C int }
	type outer struct {
		*Inner
		*inner2
		B string // shadows Inner.B
	}
	// {"A":1,"B":"x"}
	var o outer
	require.NoError(t, Unmarshal(mustHex(dhdr+"FA 80 41 C2 80 42 40 78 FB"), &o))
	require.Equal(t, &Inner{A: 1}, o.Inner)
	require.Equal(t, "x", o.B)
	// {"C":1}: nil pointer to an unexported struct is an error.
	o = outer{}
	err := Unmarshal(mustHex(dhdr+"FA 80 43 C2 FB"), &o)
	require.ErrorContains(t, err, "embedded pointer to unexported struct")
	o.inner2 = &inner2{}
	require.NoError(t, Unmarshal(mustHex(dhdr+"FA 80 43 C2 FB"), &o))
	require.Equal(t, 1, o.inner2.C)
}

func TestUnmarshalAnyNumbers(t *testing.T) {
	// [3, 2^64 (BigInteger), 29.951f, -29.951, 1.5 (BigDecimal)]
	data := mustHex(dhdr + "F8 C6 26 89 00 40 00 00 00 00 00 00 00 00 00 28 04 0F 3E 37 26 29 01 40 1E 7C 6E 4B 63 29 7D 7A 2A 82 81 07 01 F9")
	var v any
	require.NoError(t, Unmarshal(data, &v))
	a := v.([]any)
	require.Equal(t, int64(3), a[0])
	require.Equal(t, "18446744073709551616", a[1].(*big.Int).String())
	require.Equal(t, float64(float32(29.951)), a[2])
	require.Equal(t, -29.951, a[3])
	require.Equal(t, "1.5", a[4].(Decimal).String())

	m, err := DecOptions{AnyNumbers: AnyNumbersAsNumber}.DecMode()
	require.NoError(t, err)
	require.NoError(t, m.Unmarshal(data, &v))
	require.Equal(t, []any{Number("3"), Number("18446744073709551616"), Number("29.951"), Number("-29.951"), Number("1.5")}, v)
}

func TestUnmarshalLimits(t *testing.T) {
	m, err := DecOptions{MaxContainerLen: 2}.DecMode()
	require.NoError(t, err)
	arr := mustHex(dhdr + "F8 C2 C4 C6 F9")
	obj := mustHex(dhdr + "FA 80 61 C2 80 62 C4 80 63 C6 FB")
	var le *LimitError
	for _, dst := range []any{new(any), new([]int), new([1]int), new([]byte)} {
		require.ErrorAs(t, m.Unmarshal(arr, dst), &le, "%T", dst)
		require.Equal(t, "MaxContainerLen", le.Limit)
		require.Equal(t, int64(7), le.Offset) // the third element
		require.NoError(t, Unmarshal(arr, dst))
	}
	for _, dst := range []any{new(any), new(map[string]int), new(struct{ A int })} {
		require.ErrorAs(t, m.Unmarshal(obj, dst), &le, "%T", dst)
		require.NoError(t, Unmarshal(obj, dst))
	}
	m, err = DecOptions{MaxDepth: 2, MaxStringLen: 3}.DecMode()
	require.NoError(t, err)
	var v any
	require.ErrorAs(t, m.Unmarshal(mustHex(dhdr+"F8 F8 F8 F9 F9 F9"), &v), &le)
	require.Equal(t, "MaxDepth", le.Limit)
	require.ErrorAs(t, m.Unmarshal(mustHex(dhdr+"43 61 62 63 64"), &v), &le)
	require.Equal(t, "MaxStringLen", le.Limit)
}

// TestUnmarshalTruncatedAndCorrupt feeds every prefix of the golden
// documents, and many random corruptions, to Unmarshal into several types:
// an error or a value, never a panic; a prefix is never accepted.
func TestUnmarshalTruncatedAndCorrupt(t *testing.T) {
	dir, err := golden.Dir("json")
	require.NoError(t, err)
	names := []string{"api-response", "config", "k8s-deployment", "g-mixed-array", "g-decimals", "g-names-values-mixed", "g-str-2byte"}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, name := range names {
		for _, cfg := range []string{"default", "sharedvalues", "rawbinary"} {
			doc, err := golden.ReadFile(filepath.Join(dir, name+"."+cfg+".smile"))
			require.NoError(t, err)
			dsts := func() []any {
				return []any{new(any), new(apiResponse), new(configDoc), new(deployment), new(map[string]RawMessage), new([]smileU)}
			}
			for n := 0; n < len(doc); n++ {
				for _, dst := range dsts() {
					require.Error(t, Unmarshal(doc[:n], dst), "%s.%s prefix %d into %T", name, cfg, n, dst)
				}
				require.False(t, Valid(doc[:n]))
			}
			for range 300 {
				bad := bytes.Clone(doc)
				for range 1 + rng.IntN(3) {
					bad[4+rng.IntN(len(bad)-4)] = byte(rng.Uint32())
				}
				for _, dst := range dsts() {
					_ = Unmarshal(bad, dst)
				}
				_ = NewDecoder(bytes.NewReader(bad)).Decode(new(any))
			}
		}
	}
}

// TestUnmarshalConcurrentNewTypes decodes into many struct types, new to
// the cache, from many goroutines at once (run with -race).
func TestUnmarshalConcurrentNewTypes(t *testing.T) {
	data := mustHex(dhdr + "FA 80 61 C2 80 62 FA 80 61 C4 FB FB") // {"a":1,"b":{"a":2}}
	types := []reflect.Type{
		reflect.TypeFor[struct{ A int }](),
		reflect.TypeFor[struct{ A, B any }](),
		reflect.TypeFor[struct {
			A int8
			B *struct{ A uint }
		}](),
		reflect.TypeFor[map[string]any](),
		reflect.TypeFor[struct {
			A float32
			B map[string]int
		}](),
		reflect.TypeFor[struct {
			B struct{ A json.Number }
		}](),
		reflect.TypeFor[recursive](),
	}
	var wg sync.WaitGroup
	for g := range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 50 {
				typ := types[(g+i)%len(types)]
				v := reflect.New(typ)
				if err := Unmarshal(data, v.Interface()); err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	wg.Wait()
	var r recursive
	require.NoError(t, Unmarshal(data, &r))
	require.Equal(t, recursive{A: 1, B: &recursive{A: 2}}, r)
}

type recursive struct {
	A int        `smile:"a"`
	B *recursive `smile:"b"`
	L []recursive
	M map[string]recursive
}

func TestUnmarshalStringsShareSlots(t *testing.T) {
	// ["abcde12345","abcde12345"] with shared values: one Go string.
	data := mustHex("3A 29 0A 03 F8 49 61 62 63 64 65 31 32 33 34 35 01 F9")
	var v []string
	require.NoError(t, Unmarshal(data, &v))
	require.Equal(t, []string{"abcde12345", "abcde12345"}, v)
	require.True(t, rt.SameString(v[0], v[1]), "one Go string for both elements")
	if !raceEnabled { // the race detector makes sync.Pool drop items
		allocs := testing.AllocsPerRun(100, func() {
			v = v[:0]
			_ = Unmarshal(data, &v)
		})
		require.LessOrEqual(t, allocs, 1.0, "one string for both elements")
	}
	require.True(t, strings.HasPrefix(v[0], "abcde"))
}

// TestUnmarshalAllocs pins the allocations of decoding into an existing
// value: none for numbers, bools and nested structs; one per string.
func TestUnmarshalAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector makes sync.Pool drop items")
	}
	// {"a":1,"b":{"a":2},"c":true,"d":[1,2],"e":[1,2]}
	data := mustHex(dhdr + "FA 80 61 C2 80 62 FA 40 C4 FB 80 63 23 80 64 F8 C2 C4 F9 80 65 F8 C2 C4 F9 FB")
	type inner struct {
		A int16 `smile:"a"`
	}
	var v struct {
		A int     `smile:"a"`
		B inner   `smile:"b"`
		C bool    `smile:"c"`
		D [2]uint `smile:"d"`
		E []int   `smile:"e"`
	}
	v.E = make([]int, 0, 4)
	require.NoError(t, Unmarshal(data, &v))
	require.Zero(t, testing.AllocsPerRun(100, func() { _ = Unmarshal(data, &v) }))
	require.Equal(t, []int{1, 2}, v.E)
	require.Equal(t, [2]uint{1, 2}, v.D)
}

// TestUnmarshalSkippedValuesAreChecked: a value that Unmarshal skips (under
// an unknown key, or the rest of a value after a type error) is checked as
// a value that is read: the document fails with the *SyntaxError that
// reading it in full gives, and Valid rejects it. The options that allow
// invalid UTF-8 and 7-bit bytes allow them in skipped values too.
func TestUnmarshalSkippedValuesAreChecked(t *testing.T) {
	type few struct {
		B int `json:"b"`
	}
	cases := []struct {
		name string
		hex  string // after the header, the bad byte at offset
		off  int64
	}{
		{"short string", "FA 80 61 80 C3 28 80 62 C2 FB", 8},
		{"long string in an array", "FA 80 61 F8 C2 E4 61 E2 82 FC F9 80 62 C2 FB", 11},
		{"long ASCII string", "FA 80 61 E0 61 62 FF FC 80 62 C2 FB", 10},
		{"key inside", "FA 80 61 FA 81 C3 28 C2 FB FB", 9},
		{"7-bit binary", "FA 80 61 E8 81 7F FF 80 62 C2 FB", 10},
		{"big integer", "FA 80 61 26 82 01 7F 80 80 62 C2 FB", 11},
		{"after a type error", "FA 80 62 F8 C2 40 FF F9 FB", 10},
	}
	for _, c := range cases {
		data := mustHex(dhdr + c.hex)
		var full any
		var want *SyntaxError
		require.ErrorAs(t, Unmarshal(data, &full), &want, c.name)
		require.Equal(t, c.off, want.Offset, "%s: %v", c.name, want)
		require.False(t, Valid(data), c.name)

		var v few
		var got *SyntaxError
		require.ErrorAs(t, Unmarshal(data, &v), &got, c.name)
		require.Equal(t, want.Error(), got.Error(), c.name)

		lenient, err := DecOptions{AllowInvalidUTF8: true, Lenient7Bit: true}.DecMode()
		require.NoError(t, err)
		err = lenient.Unmarshal(data, &v)
		var se *SyntaxError
		require.False(t, errors.As(err, &se), "%s: %v", c.name, err)
	}
}

// TestUnmarshalStructFieldsAcrossTableResets: a struct field found for a
// shared name is remembered for that name only. When the name table is
// emptied (at its 1025th name, here while a value is skipped) and the slot
// gets another name, a back-reference to the slot finds that name's field.
func TestUnmarshalStructFieldsAcrossTableResets(t *testing.T) {
	type ab struct {
		A int `json:"a"`
		B int `json:"b"`
	}
	var buf bytes.Buffer
	buf.Write(mustHex(dhdr + "FA 80 61 C2 80 78 FA")) // {"a":1,"x":{
	for i := 2; i < 1024; i++ {
		fmt.Fprintf(&buf, "\x83%04dC", i) // "nnnn":"" ... 'C' is 0x43, a 4-byte string
		buf.WriteString("abcd")
	}
	buf.Write(mustHex("FB 80 62 C4 40 C6 FB")) // },"b":2, <slot 0, now "b">:3}
	var v ab
	require.NoError(t, Unmarshal(buf.Bytes(), &v))
	require.Equal(t, ab{A: 1, B: 3}, v)
}

// TestRootDecoderPerState: each decoding state keeps the root decoder it
// found last, so that states decoding different types (as goroutines do,
// each with its pooled state) keep their own entries: a state that
// decodes a second type leaves another state's entry as it was.
func TestRootDecoderPerState(t *testing.T) {
	type rootA struct{ A int }
	type rootB struct{ B string }
	var a rootA
	var b rootB
	keyOf := func(v any) uintptr { k, _ := rt.Unpack(v); return k }
	da, db := &decodeState{}, &decodeState{}
	for range 2 {
		_, p, err := da.rootDecoder(&a)
		require.NoError(t, err)
		require.Equal(t, unsafe.Pointer(&a), p)
		_, p, err = db.rootDecoder(&b)
		require.NoError(t, err)
		require.Equal(t, unsafe.Pointer(&b), p)
		require.Equal(t, keyOf(&a), da.root.key, "the first state keeps *rootA")
		require.Equal(t, keyOf(&b), db.root.key, "the second state keeps *rootB")
	}
	// A root that is no pointer, or a nil one, is refused and leaves the
	// entry as it was.
	for _, v := range []any{a, (*rootA)(nil), nil} {
		_, _, err := da.rootDecoder(v)
		var ie *InvalidUnmarshalError
		require.ErrorAs(t, err, &ie, "%T", v)
		require.Equal(t, keyOf(&a), da.root.key)
	}
	// The entry is the decoder of the type: decoding through it works.
	d, err := newDecodeState(defaultDecConfig, mustHex(dhdr+"FA80"+"41"+"C4"+"FB"))
	require.NoError(t, err)
	dec, p, err := d.rootDecoder(&a)
	require.NoError(t, err)
	require.NoError(t, d.value(dec, p, false))
	d.release()
	require.Equal(t, rootA{A: 2}, a)
}
