package smile

import (
	"fmt"
	"reflect"
	"sync"
	"testing"

	"github.com/go-smile/smile/internal/rt"
	"github.com/modern-go/reflect2"
	"github.com/stretchr/testify/require"
)

func TestCachedFuncRecursive(t *testing.T) {
	type node struct {
		Kids []node
		Next *node
	}
	var cache sync.Map
	builds := 0
	var get func(reflect.Type) func() string
	get = func(t reflect.Type) func() string {
		return cachedFunc(&cache, t,
			func(g func() func() string) func() string { return func() string { return g()() } },
			func(t reflect.Type) func() string {
				builds++
				var parts []func() string
				switch t.Kind() {
				case reflect.Struct:
					for i := range t.NumField() {
						parts = append(parts, get(t.Field(i).Type))
					}
				case reflect.Slice, reflect.Pointer:
					parts = append(parts, get(t.Elem()))
				}
				return func() string { return t.Kind().String() + fmt.Sprint(len(parts)) }
			})
	}
	f := get(reflect.TypeFor[node]())
	require.Equal(t, "struct2", f())
	require.Equal(t, 3, builds) // node, []node, *node
	require.Equal(t, "struct2", get(reflect.TypeFor[node]())())
	require.Equal(t, 3, builds)
}

func TestTypeKey(t *testing.T) {
	for _, v := range []any{1, "s", &struct{ A int }{}, []byte(nil), map[string]any{}} {
		typ := reflect.TypeOf(v)
		require.Equal(t, reflect2.RTypeOf(v), rt.TypeKey(typ))
		require.Equal(t, rt.KeyOf(v), rt.TypeKey(typ))
	}
}

type recList struct {
	V    int
	Next *recList
	Kids []recList
	M    map[string]*recList
}

// TestMarshalConcurrentNewTypes marshals many types never seen before from
// many goroutines at once (run it with -race): every goroutine must get
// the bytes a lone Marshal gives.
func TestMarshalConcurrentNewTypes(t *testing.T) {
	const nTypes, nGoroutines = 40, 8
	values := make([]any, nTypes)
	for i := range values {
		// A new struct type per i, holding a new slice and map type too.
		fields := []reflect.StructField{
			{Name: fmt.Sprintf("A%d", i), Type: reflect.TypeFor[int]()},
			{Name: "S", Type: reflect.SliceOf(reflect.ArrayOf(i%5+1, reflect.TypeFor[string]()))},
			{Name: "M", Type: reflect.MapOf(reflect.TypeFor[string](), reflect.ArrayOf(i+1, reflect.TypeFor[int8]()))},
			{Name: "R", Type: reflect.TypeFor[*recList]()},
		}
		st := reflect.StructOf(fields)
		v := reflect.New(st).Elem()
		v.Field(0).SetInt(int64(i))
		v.Field(1).Set(reflect.MakeSlice(v.Field(1).Type(), 2, 2))
		m := reflect.MakeMap(v.Field(2).Type())
		m.SetMapIndex(reflect.ValueOf("k"), reflect.New(v.Field(2).Type().Elem()).Elem())
		v.Field(2).Set(m)
		v.Field(3).Set(reflect.ValueOf(&recList{V: i, Next: &recList{}, Kids: []recList{{V: 1}}, M: map[string]*recList{"x": {}}}))
		values[i] = v.Addr().Interface()
	}
	results := make([][][]byte, nGoroutines)
	var wg sync.WaitGroup
	start := make(chan struct{})
	for g := range nGoroutines {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			res := make([][]byte, nTypes)
			for k := range nTypes {
				i := (k + g*7) % nTypes // different orders
				b, err := Marshal(values[i])
				if err != nil {
					t.Error(err)
					return
				}
				res[i] = b
			}
			results[g] = res
		}()
	}
	close(start)
	wg.Wait()
	for i, v := range values {
		want, err := Marshal(v)
		require.NoError(t, err)
		for g := range nGoroutines {
			require.Equal(t, want, results[g][i], "type %d goroutine %d", i, g)
		}
	}
}
