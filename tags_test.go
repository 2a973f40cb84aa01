package smile

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"sync"
	"testing"
	"time"
	"unsafe"

	"github.com/stretchr/testify/require"
)

// Types borrowed from encoding/json's tests of embedding and tags.

type tagBasic struct {
	A int `smile:"a"`
	B int `json:"b"`
	C int `smile:"c" json:"notc"`
	D int `smile:"-"`
	E int `smile:"-,"`
	F int `json:"-"`
	G int `json:"g,"`
	h int
	I int `smile:",omitempty"`
	J int `smile:"j,omitzero"`
	K int `smile:"bad\"name"`
	L int `smile:""  json:"notL"` // an empty smile tag takes json's name, not its options
}

type tagTop struct {
	Level0 int
	Embed0
	*Embed0a
	*Embed0b `json:"e,omitempty"` // treated as named
	Embed0c  `json:"-"`           // ignored
	Loop
	Embed0p // has Point with X, Y, used
	Embed0q // has Point with Z, used
	embed   // contains exported field
}

type Embed0 struct {
	Level1a int // overridden by Embed0a's Level1a with json tag
	Level1b int // used because Embed0a's Level1b is renamed
	Level1c int // used because Embed0a's Level1c is ignored
	Level1d int // annihilated by Embed0a's Level1d
	Level1e int `json:"x"` // annihilated by Embed0a.Level1e
}

type Embed0a struct {
	Level1a int `json:"Level1a,omitempty"`
	Level1b int `json:"LEVEL1B,omitempty"`
	Level1c int `json:"-"`
	Level1d int // annihilated by Embed0's Level1d
	Level1f int `json:"x"` // annihilated by Embed0's Level1e
}

type Embed0b Embed0

type Embed0c Embed0

type Embed0p struct {
	image_Point
}

type Embed0q struct {
	Point
}

type image_Point struct{ X, Y int }

type Point struct{ Z int }

type embed struct {
	Q int
}

type Loop struct {
	Loop1 int `json:",omitempty"`
	Loop2 int `json:",omitempty"`
	*Loop
}

type BugA struct{ S string }
type BugB struct {
	BugA
	S string
}
type BugC struct{ S string }

// Legal Go: We never use the repeated embedded field (S).
type BugX struct {
	A int
	BugA
	BugB
}

// BugD's S is tagged, so it dominates BugA's.
type BugD struct {
	XXX string `json:"S"`
}
type BugY struct {
	BugA
	BugD
}

// BugZ has two tagged S at the same depth: both dropped.
type BugZ struct {
	BugA
	BugC
	BugY // Contains a tagged S field through BugD; should not dominate.
}

type unexportedInner struct{ X, Y int }
type embedUnexportedPtr struct {
	*unexportedInner
	Z int
}

type myInt int
type embedUnexportedNonStruct struct {
	myInt
	Name string
}

type PtrInner struct {
	P1 int
	P2 string
}
type PtrMid struct {
	*PtrInner
	M int
}
type PtrOuter struct {
	pad [3]int64
	A   string
	*PtrMid
	B bool
}

// jsonKeys returns the keys of the top-level JSON object in order.
func jsonKeys(t *testing.T, v any) []string {
	t.Helper()
	data, err := json.Marshal(v)
	require.NoError(t, err)
	dec := json.NewDecoder(bytes.NewReader(data))
	tok, err := dec.Token()
	require.NoError(t, err)
	require.Equal(t, json.Delim('{'), tok)
	var keys []string
	for dec.More() {
		k, err := dec.Token()
		require.NoError(t, err)
		keys = append(keys, k.(string))
		var skip json.RawMessage
		require.NoError(t, dec.Decode(&skip))
	}
	return keys
}

// TestTypeFieldsMatchEncodingJSON checks that, for types without smile
// tags, the field names and order match what encoding/json writes.
func TestTypeFieldsMatchEncodingJSON(t *testing.T) {
	one := 1
	_ = one
	values := []any{
		tagTop{Embed0a: &Embed0a{}, Embed0b: &Embed0b{}, Loop: Loop{Loop: &Loop{}}},
		BugX{}, BugY{}, BugZ{}, BugB{},
		embedUnexportedNonStruct{},
		PtrOuter{PtrMid: &PtrMid{PtrInner: &PtrInner{}}},
		embedUnexportedPtr{unexportedInner: &unexportedInner{}},
	}
	for _, v := range values {
		t.Run(reflect.TypeOf(v).Name(), func(t *testing.T) {
			want := jsonKeys(t, v)
			var got []string
			rv := reflect.ValueOf(v)
			for _, f := range cachedStructInfo(rv.Type()).fields {
				fv, err := rv.FieldByIndexErr(f.index)
				if err != nil || (f.omitEmpty || f.omitZero) && fv.IsZero() {
					continue // behind a nil pointer, or omitted
				}
				got = append(got, f.name)
			}
			require.Equal(t, want, got)
		})
	}
}

func TestTypeFieldsTags(t *testing.T) {
	si := cachedStructInfo(reflect.TypeFor[tagBasic]())
	var names []string
	for _, f := range si.fields {
		names = append(names, f.name)
	}
	require.Equal(t, []string{"a", "b", "c", "-", "g", "I", "j", "K", "notL"}, names)
	require.True(t, si.fields[5].omitEmpty)
	require.True(t, si.fields[6].omitZero)
	require.True(t, si.fields[0].tagged)
	require.False(t, si.fields[7].tagged)
	require.Equal(t, 2, si.byName["c"])
	require.Equal(t, 6, si.byFold[foldName("J")])
}

// TestTypeFieldsOffsets checks the offsets and hops of every field against
// reflect's own addresses, through embedded values and pointers.
// TestFieldTagRule checks fieldTag's rule for a field with both tags:
// the key from the smile tag, else the json tag, else the Go name; the
// options from the smile tag when there is one; "-" in the smile tag
// always skips, "-" in the json tag only without a smile tag.
func TestFieldTagRule(t *testing.T) {
	type fields struct {
		A int `json:"user_name" smile:",omitempty"`
		B int `json:"b_json,omitempty" smile:"b_smile"`
		C int `json:"c_json,omitempty" smile:""`
		D int `json:"d_json,omitempty"`
		E int `json:"e_json" smile:"-"`
		F int `json:"-" smile:""`
		G int `json:"-" smile:",omitzero"`
		H int `json:"-" smile:"h_smile"`
		I int `json:"-"`
		J int `json:"-," smile:",omitempty"`
		K int `json:"bad\"name" smile:",omitempty"`
		L int `json:"l_json" smile:"bad\"name"`
		M int `json:",omitempty" smile:""`
	}
	type want struct {
		key                 string
		omitEmpty, omitZero bool
		tagged              bool
	}
	typ := reflect.TypeFor[fields]()
	got := map[string]want{}
	for _, f := range cachedStructInfo(typ).fields {
		got[typ.Field(f.index[0]).Name] = want{f.name, f.omitEmpty, f.omitZero, f.tagged}
	}
	require.Equal(t, map[string]want{
		"A": {"user_name", true, false, true},
		"B": {"b_smile", false, false, true},
		"C": {"c_json", false, false, true},
		"D": {"d_json", true, false, true},
		// E skipped by smile:"-"
		"F": {"F", false, false, false},
		"G": {"G", false, true, false},
		"H": {"h_smile", false, false, true},
		// I skipped by json:"-" without a smile tag
		"J": {"-", true, false, true},
		"K": {"K", true, false, false},
		"L": {"l_json", false, false, true},
		"M": {"M", false, false, false},
	}, got)
}

func TestTypeFieldsOffsets(t *testing.T) {
	values := []any{
		&tagTop{Embed0a: &Embed0a{}, Embed0b: &Embed0b{}, Loop: Loop{Loop: &Loop{}}},
		&BugX{}, &BugY{}, &BugB{},
		&PtrOuter{PtrMid: &PtrMid{PtrInner: &PtrInner{}}},
		&embedUnexportedPtr{unexportedInner: &unexportedInner{}},
	}
	for _, v := range values {
		rv := reflect.ValueOf(v).Elem()
		for _, f := range cachedStructInfo(rv.Type()).fields {
			fv, err := rv.FieldByIndexErr(f.index)
			require.NoError(t, err, f.name)
			got := f.fieldPtr(rv.Addr().UnsafePointer())
			require.Equal(t, fv.Addr().UnsafePointer(), got, "%T.%s", v, f.name)
			require.Equal(t, fv.Type(), f.typ, f.name)
		}
	}
	si := cachedStructInfo(reflect.TypeFor[PtrOuter]())
	p1 := si.fields[si.byName["P1"]]
	require.Len(t, p1.hops, 2)
	require.True(t, p1.hops[0].exported)
	require.Equal(t, reflect.TypeFor[PtrMid](), p1.hops[0].elem.Type())
	require.Equal(t, reflect.TypeFor[PtrInner](), p1.hops[1].elem.Type())
	// A nil embedded pointer: no field pointer.
	require.Nil(t, p1.fieldPtr(unsafe.Pointer(&PtrOuter{})))

	su := cachedStructInfo(reflect.TypeFor[embedUnexportedPtr]())
	x := su.fields[su.byName["X"]]
	require.Len(t, x.hops, 1)
	require.False(t, x.hops[0].exported)
}

func TestCachedStructInfoConcurrent(t *testing.T) {
	var wg sync.WaitGroup
	res := make([]*structInfo, 16)
	for i := range res {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res[i] = cachedStructInfo(reflect.TypeFor[tagTop]())
		}()
	}
	wg.Wait()
	for _, r := range res {
		require.Same(t, res[0], r)
	}
}

type OmitKinds struct {
	B   bool              `json:"b,omitempty"`
	I   int               `json:"i,omitempty"`
	I8  int8              `json:"i8,omitempty"`
	U16 uint16            `json:"u16,omitempty"`
	F   float64           `json:"f,omitempty"`
	F32 float32           `json:"f32,omitempty"`
	S   string            `json:"s,omitempty"`
	Sl  []int             `json:"sl,omitempty"`
	M   map[string]int    `json:"m,omitempty"`
	P   *int              `json:"p,omitempty"`
	A   any               `json:"a,omitempty"`
	Ar0 [0]int            `json:"ar0,omitempty"`
	Ar2 [2]int            `json:"ar2,omitempty"`
	St  struct{}          `json:"st,omitempty"`
	T   time.Time         `json:"t,omitempty"`
	Z   time.Time         `json:"z,omitzero"`
	ZP  *time.Time        `json:"zp,omitzero"`
	ZS  []int             `json:"zs,omitzero"`
	ZM  map[string]string `json:"zm,omitzero"`
	ZF  float64           `json:"zf,omitzero"`
	ZA  [2]int            `json:"za,omitzero"`
	ZSt struct{ X int }   `json:"zst,omitzero"`
	ZI  zeroer            `json:"zi,omitzero"`
	ZPR ptrZeroer         `json:"zpr,omitzero"`
	ZIf interface {
		IsZero() bool
	} `json:"zif,omitzero"`
	Both int `json:"both,omitempty,omitzero"`
}

// zeroer is zero when it is 42.
type zeroer int

func (z zeroer) IsZero() bool { return z == 42 }

// ptrZeroer has IsZero on the pointer: zero when N is 7.
type ptrZeroer struct{ N int }

func (z *ptrZeroer) IsZero() bool { return z.N == 7 }

type MyInt int
type Stringer interface{ String() string }

type embedKinds struct {
	MyInt
	*unexportedInner
	Stringer
	embed
	Name string `json:"name"`
}

type dashes struct {
	A int `json:"-,"`
	B int `json:"-"`
	D int `json:",omitempty"`
	E int `json:"e,string"` // the string option is ignored by smile
}

type dash struct {
	A int `json:"-,"`
	B int `json:"-"`
}

// TestMarshalKeysMatchEncodingJSON marshals structs with smile and with
// encoding/json and checks that the same keys come out, in the same order.
func TestMarshalKeysMatchEncodingJSON(t *testing.T) {
	one, zeroT := 1, time.Time{}
	values := []any{
		tagTop{Embed0a: &Embed0a{}, Embed0b: &Embed0b{}, Loop: Loop{Loop: &Loop{}}},
		tagTop{},
		BugX{}, BugY{}, BugZ{}, BugB{},
		embedUnexportedNonStruct{},
		PtrOuter{PtrMid: &PtrMid{PtrInner: &PtrInner{}}},
		PtrOuter{PtrMid: &PtrMid{}},
		PtrOuter{},
		embedUnexportedPtr{unexportedInner: &unexportedInner{}},
		embedUnexportedPtr{},
		OmitKinds{},
		OmitKinds{
			B: true, I: 1, I8: 1, U16: 1, F: 1, F32: 1, S: "s", Sl: []int{1}, M: map[string]int{"": 1}, P: &one, A: 0,
			T: time.Now(), Z: time.Now(), ZP: &zeroT, ZS: []int{}, ZM: map[string]string{}, ZF: math.Copysign(0, -1),
			ZA: [2]int{0, 1}, ZSt: struct{ X int }{1}, ZI: 0, ZPR: ptrZeroer{1}, ZIf: zeroer(1), Both: 1,
		},
		OmitKinds{ZI: 42, ZPR: ptrZeroer{7}, ZIf: zeroer(42), Sl: []int{}, M: map[string]int{}},
		OmitKinds{ZIf: (*time.Time)(nil)},
		embedKinds{},
		embedKinds{unexportedInner: &unexportedInner{}, Stringer: textM("x")},
		dashes{}, dash{},
	}
	for i, v := range values {
		for _, addr := range []bool{false, true} {
			if addr {
				p := reflect.New(reflect.TypeOf(v))
				p.Elem().Set(reflect.ValueOf(v))
				v = p.Interface()
			}
			t.Run(fmt.Sprintf("%d-%T", i, v), func(t *testing.T) {
				want := jsonKeys(t, v)
				data, err := Marshal(v)
				require.NoError(t, err)
				got, _ := readObject(t, data)
				require.Equal(t, want, got)
			})
		}
	}
}

// TestFieldTagRuleMarshal checks the rule through Marshal and Unmarshal: a
// smile tag with options only keeps the json tag's key, and its options
// apply.
func TestFieldTagRuleMarshal(t *testing.T) {
	type user struct {
		Name  string `json:"user_name" smile:",omitempty"`
		Admin bool   `json:"-" smile:"admin,omitempty"`
		Token string `json:"token" smile:"-"`
	}
	b, err := Marshal(user{Name: "ann", Admin: true, Token: "secret"})
	require.NoError(t, err)
	var m map[string]any
	require.NoError(t, Unmarshal(b, &m))
	require.Equal(t, map[string]any{"user_name": "ann", "admin": true}, m)

	b, err = Marshal(user{Token: "secret"})
	require.NoError(t, err)
	m = nil
	require.NoError(t, Unmarshal(b, &m))
	require.Equal(t, map[string]any{}, m, "omitempty from the smile tag")

	b, err = Marshal(map[string]any{"user_name": "bob", "admin": true, "token": "t"})
	require.NoError(t, err)
	var u user
	require.NoError(t, Unmarshal(b, &u))
	require.Equal(t, user{Name: "bob", Admin: true}, u)
}
