package rt

import (
	"fmt"
	"reflect"
	"runtime"
	"sort"
	"testing"
	"unsafe"
)

type inner struct {
	A int
	B string
}

type outer struct {
	X int8
	inner
	P *inner
}

func TestDirectIface(t *testing.T) {
	for _, c := range []struct {
		v    any
		want bool
	}{
		{1, false}, {"s", false}, {new(int), true}, {map[int]int{}, true}, {make(chan int), true},
		{func() {}, true}, {struct{ P *int }{}, true}, {[1]*int{}, true}, {struct{ P, Q *int }{}, false},
		{struct{}{}, false}, {[0]*int{}, false}, {unsafe.Pointer(nil), true},
	} {
		if got := DirectIface(reflect.TypeOf(c.v)); got != c.want {
			t.Errorf("DirectIface(%T) = %v, want %v", c.v, got, c.want)
		}
	}
}

func TestTypeHelpers(t *testing.T) {
	typ := TypeOf(reflect.TypeFor[inner]())
	p := typ.New()
	(*inner)(p).A = 5
	q := typ.New()
	typ.Copy(q, p)
	if *(*inner)(q) != (inner{A: 5}) {
		t.Fatal("Copy")
	}
	if v := typ.Value(p).(inner); v.A != 5 {
		t.Fatal("Value")
	}
	if v := typ.PtrValue(p).(*inner); v != (*inner)(p) {
		t.Fatal("PtrValue")
	}
	typ.Zero(p)
	if *(*inner)(p) != (inner{}) {
		t.Fatal("Zero")
	}
	pt := TypeOf(reflect.TypeFor[*int]())
	x := 3
	px := &x
	if pt.Value(unsafe.Pointer(&px)).(*int) != &x {
		t.Fatal("Value of a pointer-shaped type")
	}
	if typ.Key() != TypeKey(reflect.TypeFor[inner]()) || KeyOf(inner{}) != typ.Key() {
		t.Fatal("Key")
	}
}

func TestFieldOffset(t *testing.T) {
	st := reflect.TypeFor[outer]()
	for i := range st.NumField() {
		if got, want := FieldOffset(st, i), st.Field(i).Offset; got != want {
			t.Errorf("field %d: %d, want %d", i, got, want)
		}
	}
}

func TestSlice(t *testing.T) {
	st := NewSliceType(reflect.TypeFor[[]string]())
	var s []string
	p := unsafe.Pointer(&s)
	if !st.IsNil(p) {
		t.Fatal("IsNil")
	}
	for i := range 1000 {
		v := fmt.Sprint(i)
		st.Append(p, unsafe.Pointer(&v))
		if i%100 == 0 {
			runtime.GC()
		}
	}
	if st.Len(p) != 1000 || s[999] != "999" || *(*string)(st.Index(p, 500)) != "500" {
		t.Fatal("Append/Index")
	}
	st.Grow(p, 2000)
	if len(s) != 2000 || s[1999] != "" || s[10] != "10" {
		t.Fatal("Grow")
	}
	st.Make(p, 2, 4)
	if len(s) != 2 || cap(s) != 4 || s[0] != "" {
		t.Fatal("Make")
	}
	st.SetNil(p)
	if s != nil {
		t.Fatal("SetNil")
	}
	at := NewArrayType(reflect.TypeFor[[3]int16]())
	a := [3]int16{1, 2, 3}
	if at.Len() != 3 || *(*int16)(at.Index(unsafe.Pointer(&a), 2)) != 3 {
		t.Fatal("array")
	}
	if string(Bytes(unsafe.Pointer(&[]byte("abc")[0]), 3)) != "abc" || len(Bytes(nil, 0)) != 0 {
		t.Fatal("Bytes")
	}
}

func TestMap(t *testing.T) {
	mt := NewMapType(reflect.TypeFor[map[string][40]int]())
	var m map[string][40]int
	p := unsafe.Pointer(&m)
	if !mt.IsNil(p) {
		t.Fatal("IsNil")
	}
	mt.Make(p, 0)
	for i := range 500 {
		k, v := fmt.Sprint(i), [40]int{i}
		mt.SetIndex(p, unsafe.Pointer(&k), unsafe.Pointer(&v))
	}
	if mt.Len(p) != 500 || len(m) != 500 || m["7"][0] != 7 {
		t.Fatal("SetIndex/Len")
	}
	k := "42"
	if e := mt.GetIndex(p, unsafe.Pointer(&k)); e == nil || (*[40]int)(e)[0] != 42 {
		t.Fatal("GetIndex")
	}
	k = "nope"
	if mt.GetIndex(p, unsafe.Pointer(&k)) != nil {
		t.Fatal("GetIndex missing")
	}
	var keys []string
	it := mt.Iterate(p)
	for {
		kp, ep, ok := it.Next()
		if !ok {
			break
		}
		if fmt.Sprint((*[40]int)(ep)[0]) != *(*string)(kp) {
			t.Fatal("Iterate pairs")
		}
		keys = append(keys, *(*string)(kp))
	}
	sort.Strings(keys)
	if len(keys) != 500 {
		t.Fatal("Iterate count")
	}
}

func TestInterfaces(t *testing.T) {
	var e any = 5
	if Eface(unsafe.Pointer(&e)) != 5 || IfaceIsNil(unsafe.Pointer(&e)) {
		t.Fatal("Eface")
	}
	SetEface(unsafe.Pointer(&e), "x")
	if e != "x" {
		t.Fatal("SetEface")
	}
	var s fmt.Stringer
	if Iface(unsafe.Pointer(&s)) != nil || !IfaceIsNil(unsafe.Pointer(&s)) {
		t.Fatal("nil Iface")
	}
	SetIface(reflect.TypeFor[fmt.Stringer](), unsafe.Pointer(&s), reflect.TypeFor[int]())
	if Iface(unsafe.Pointer(&s)) != reflect.TypeFor[int]() {
		t.Fatal("SetIface/Iface")
	}
	key, data := Unpack(e)
	if key != KeyOf("") || *(*string)(data) != "x" || DataOf(e) != data {
		t.Fatal("Unpack")
	}
}

func TestPointerWords(t *testing.T) {
	x := 3
	var px *int
	SetPointer(unsafe.Pointer(&px), unsafe.Pointer(&x))
	if px != &x || Deref(unsafe.Pointer(&px)) != unsafe.Pointer(&x) {
		t.Fatal("SetPointer/Deref of a pointer")
	}
	m := map[string]int{"a": 1}
	SetPointer(unsafe.Pointer(&m), nil)
	if m != nil || Deref(unsafe.Pointer(&m)) != nil {
		t.Fatal("SetPointer of a map to nil")
	}
	a := [3]int64{1, 2, 3}
	if p := Add(unsafe.Pointer(&a), 16); p != unsafe.Pointer(&a[2]) {
		t.Fatal("Add")
	}
}

func TestViews(t *testing.T) {
	a := [3]float64{1, 2, 3}
	s := Slice(&a[0], 3)
	if len(s) != 3 || cap(s) != 3 || &s[0] != &a[0] || s[2] != 3 {
		t.Fatalf("Slice: %v", s)
	}
	b := []byte("abcdef")
	str := String(b[1:4])
	if str != "bcd" {
		t.Fatalf("String: %q", str)
	}
	b[1] = 'X' // str aliases b
	if str != "Xcd" {
		t.Fatalf("String does not alias: %q", str)
	}
	if String(nil) != "" || String(b[:0]) != "" {
		t.Fatal("String of no bytes")
	}
	other := string(b[1:4])
	if !SameString(str, str[:3]) || SameString(str, other) || SameString(str, str[:2]) || SameString(str, str[1:]) {
		t.Fatal("SameString")
	}
}

func TestSizes(t *testing.T) {
	if AnySize != int(reflect.TypeFor[any]().Size()) || StringSize != int(reflect.TypeFor[string]().Size()) {
		t.Fatalf("AnySize %d, StringSize %d", AnySize, StringSize)
	}
}

func TestSliceData(t *testing.T) {
	s := []string{"a", "b", "c"}
	if p := SliceData(s); p != &s[0] || Slice(p, 2)[1] != "b" {
		t.Fatal("SliceData")
	}
	if SliceData([]string(nil)) != nil {
		t.Fatal("SliceData of a nil slice")
	}
}
