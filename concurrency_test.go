package smile

import (
	"fmt"
	"reflect"
	"sync"
	"testing"
)

// TestConcurrentNewTypes: many goroutines marshal and unmarshal many
// distinct types at once, each new to the per-type caches (built with
// reflect.StructOf, so that no other test has used them), sharing some
// element types between goroutines so that building the same codec races.
// Run under -race; every round trip must give the value back.
func TestConcurrentNewTypes(t *testing.T) {
	goroutines, perG := 16, 40
	if testing.Short() {
		perG = 10
	}
	elems := []reflect.Type{
		reflect.TypeFor[int](), reflect.TypeFor[string](), reflect.TypeFor[[]byte](),
		reflect.TypeFor[float64](), reflect.TypeFor[map[string]int](), reflect.TypeFor[*bool](),
		reflect.TypeFor[[]string](), reflect.TypeFor[any](), reflect.TypeFor[Decimal](),
	}
	// shared[i] is built by several goroutines at once.
	shared := make([]reflect.Type, 8)
	for i := range shared {
		shared[i] = reflect.StructOf([]reflect.StructField{
			{Name: fmt.Sprintf("S%d", i), Type: elems[i%len(elems)], Tag: reflect.StructTag(fmt.Sprintf(`smile:"s%d"`, i))},
			{Name: "N", Type: reflect.TypeFor[int64]()},
		})
	}
	var wg sync.WaitGroup
	errs := make(chan error, goroutines)
	for g := range goroutines {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range perG {
				var typ reflect.Type
				if i%3 == 0 {
					typ = shared[(g+i)%len(shared)]
				} else {
					// A type of its own: distinct field names and tags.
					typ = reflect.StructOf([]reflect.StructField{
						{Name: fmt.Sprintf("A%d_%d", g, i), Type: elems[i%len(elems)], Tag: reflect.StructTag(fmt.Sprintf(`smile:"a%d_%d"`, g, i))},
						{Name: "B", Type: reflect.SliceOf(shared[i%len(shared)])},
						{Name: "C", Type: reflect.MapOf(reflect.TypeFor[string](), shared[(i+1)%len(shared)])},
						{Name: "D", Type: reflect.PointerTo(shared[(i+2)%len(shared)])},
					})
				}
				v := reflect.New(typ)
				ccFill(v.Elem(), g*1000+i)
				data, err := Marshal(v.Interface())
				if err != nil {
					errs <- fmt.Errorf("Marshal %v: %w", typ, err)
					return
				}
				back := reflect.New(typ)
				if err := Unmarshal(data, back.Interface()); err != nil {
					errs <- fmt.Errorf("Unmarshal %v: %w", typ, err)
					return
				}
				if !hstSameValue(v.Elem(), back.Elem()) {
					errs <- fmt.Errorf("%v: round trip changed %#v into %#v", typ, v.Elem().Interface(), back.Elem().Interface())
					return
				}
				var anyV any
				if err := Unmarshal(data, &anyV); err != nil {
					errs <- fmt.Errorf("Unmarshal %v into any: %w", typ, err)
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// ccFill gives v a value derived from seed, with every field set.
func ccFill(v reflect.Value, seed int) {
	switch v.Kind() {
	case reflect.Struct:
		if v.Type() == reflect.TypeFor[Decimal]() {
			v.Set(reflect.ValueOf(Decimal{Unscaled: bigInt(fmt.Sprint(seed)), Scale: 2}))
			return
		}
		for i := 0; i < v.NumField(); i++ {
			ccFill(v.Field(i), seed+i)
		}
	case reflect.Int, reflect.Int64:
		v.SetInt(int64(seed))
	case reflect.Float64:
		v.SetFloat(float64(seed) + 0.5)
	case reflect.String:
		v.SetString(fmt.Sprintf("s%d", seed))
	case reflect.Bool:
		v.SetBool(seed%2 == 0)
	case reflect.Slice:
		n := 1 + seed%3
		s := reflect.MakeSlice(v.Type(), n, n)
		for i := 0; i < n; i++ {
			ccFill(s.Index(i), seed+i)
		}
		v.Set(s)
	case reflect.Map:
		m := reflect.MakeMap(v.Type())
		for i := 0; i < 2; i++ {
			e := reflect.New(v.Type().Elem()).Elem()
			ccFill(e, seed+i)
			m.SetMapIndex(reflect.ValueOf(fmt.Sprintf("k%d", i)), e)
		}
		v.Set(m)
	case reflect.Pointer:
		p := reflect.New(v.Type().Elem())
		ccFill(p.Elem(), seed)
		v.Set(p)
	case reflect.Interface:
		v.Set(reflect.ValueOf(fmt.Sprintf("i%d", seed)))
	}
}

// hstSameValue compares two values of one type, Decimals by value.
func hstSameValue(a, b reflect.Value) bool {
	return hstSame(ccNormalize(a), ccNormalize(b))
}

// ccNormalize turns v into what Marshal and Unmarshal into any give, so
// that hstSame can compare it.
func ccNormalize(v reflect.Value) any {
	data, err := Marshal(v.Interface())
	if err != nil {
		return err.Error()
	}
	var out any
	if err := Unmarshal(data, &out); err != nil {
		return err.Error()
	}
	return out
}
