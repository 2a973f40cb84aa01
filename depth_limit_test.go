package smile

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"math/bits"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/go-smile/smile/stream"
)

// The tests of this file run every path that recurses once per level of
// nesting at MaxDepthLimit, the deepest nesting DecOptions and EncOptions
// accept, and measure the stack each uses: no input and no Go value may
// overflow the goroutine stack, which is a fatal error no recover catches.
// SECURITY.md gives the figures.

// maxGoroutineStack is Go's default limit of a goroutine's stack
// (runtime/debug.SetMaxStack): 1 GB on 64-bit platforms, 250 MB on 32-bit
// ones.
const maxGoroutineStack = 250e6 + (1e9-250e6)*(bits.UintSize/64)

// stackUsed runs f on a new goroutine and returns the growth of the
// stacks in use while it ran: the stack f's goroutine reached (Go doubles
// a goroutine's stack as it grows, so this is a power of two). The
// collector is off meanwhile, so that it neither shrinks that stack nor
// keeps the old ones it was copied from.
func stackUsed(f func()) uint64 {
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	done := make(chan uint64)
	go func() {
		f()
		var after runtime.MemStats
		runtime.ReadMemStats(&after)
		done <- after.StackInuse
	}()
	after := <-done
	if after < before.StackInuse {
		return 0
	}
	return after - before.StackInuse
}

// requireStackFits fails t unless a path that used used bytes of stack
// at depth levels keeps a quarter of Go's limit free, and logs the figure.
func requireStackFits(t *testing.T, used uint64, depth int) {
	t.Helper()
	t.Logf("depth %d: stack %.1f MiB (%d bytes a level at most)", depth, float64(used)/(1<<20), used/uint64(depth))
	require.Less(t, used, uint64(maxGoroutineStack/4), "stack at depth %d", depth)
}

// deepObjects returns a document of depth objects {"k":{"k":...null...}},
// which decodes into any and into each recursive type of this file.
func deepObjects(t testing.TB, depth int) []byte {
	w, err := stream.NewWriter(stream.WriterOptions{})
	require.NoError(t, err)
	for range depth {
		require.NoError(t, w.WriteStartObject())
		require.NoError(t, w.WriteKey("k"))
	}
	require.NoError(t, w.WriteNull())
	for range depth {
		require.NoError(t, w.WriteEndObject())
	}
	require.NoError(t, w.EndDocument())
	return w.Bytes()
}

// deepArrays returns a document of depth arrays [[...[]...]].
func deepArrays(t testing.TB, depth int) []byte {
	w, err := stream.NewWriter(stream.WriterOptions{})
	require.NoError(t, err)
	for range depth {
		require.NoError(t, w.WriteStartArray())
	}
	for range depth {
		require.NoError(t, w.WriteEndArray())
	}
	require.NoError(t, w.EndDocument())
	return w.Bytes()
}

type depthList struct {
	K *depthList `smile:"k"`
}

type depthMap map[string]depthMap

type depthSlice []depthSlice

// depthJSONMethod decodes its value, of any depth, as JSON text with
// encoding/json, whose own bound on nesting is MaxDepthLimit too.
type depthJSONMethod struct{ v any }

func (m *depthJSONMethod) UnmarshalJSON(b []byte) error { return json.Unmarshal(b, &m.v) }

// depthSmileMethod decodes its value, of any depth, with Unmarshal.
type depthSmileMethod struct{ v any }

var depthLimitMode = mustDecMode(DecOptions{MaxDepth: MaxDepthLimit})

func (m *depthSmileMethod) UnmarshalSmile(b []byte) error { return depthLimitMode.Unmarshal(b, &m.v) }

// depthFromMethod decodes its value from the Reader with UnmarshalDecode.
type depthFromMethod struct{ v any }

func (m *depthFromMethod) UnmarshalSmileFrom(r *stream.Reader) error {
	return depthLimitMode.UnmarshalDecode(r, &m.v)
}

// depthNestedMethod nests a method call at every level: each level's
// UnmarshalSmileFrom decodes the next with UnmarshalDecode.
type depthNestedMethod struct {
	next *depthNestedMethod
}

func (m *depthNestedMethod) UnmarshalSmileFrom(r *stream.Reader) error {
	var fields struct {
		K *depthNestedMethod `smile:"k"`
	}
	err := depthLimitMode.UnmarshalDecode(r, &fields)
	m.next = fields.K
	return err
}

func mustDecMode(o DecOptions) DecMode {
	m, err := o.DecMode()
	if err != nil {
		panic(err)
	}
	return m
}

func TestDepthLimitOptions(t *testing.T) {
	for _, depth := range []int{MaxDepthLimit + 1, 1_000_001, -1} {
		_, err := DecOptions{MaxDepth: depth}.DecMode()
		require.ErrorContains(t, err, "DecOptions.MaxDepth is ")
		_, err2 := EncOptions{MaxDepth: depth}.EncMode()
		require.ErrorContains(t, err2, "EncOptions.MaxDepth is ")
		if depth > 0 {
			require.ErrorContains(t, err, "at most 10000 (smile.MaxDepthLimit")
			require.ErrorContains(t, err2, "at most 10000 (smile.MaxDepthLimit")
		}
	}
	_, err := DecOptions{MaxDepth: MaxDepthLimit}.DecMode()
	require.NoError(t, err)
	_, err = EncOptions{MaxDepth: MaxDepthLimit}.EncMode()
	require.NoError(t, err)

	// A Reader that allows more than decoding into Go values recurses
	// through is refused by UnmarshalDecode, before anything is read.
	r, err := stream.NewReader(deepArrays(t, 3), stream.ReaderOptions{MaxDepth: MaxDepthLimit + 1})
	require.NoError(t, err)
	var v any
	err = UnmarshalDecode(r, &v)
	require.ErrorContains(t, err, "ReaderOptions.MaxDepth is 10001")
	require.ErrorContains(t, err, "MaxDepthLimit (10000)")
}

// TestDepthAtLimit decodes documents MaxDepthLimit deep on every path
// that recurses per level, and one level deeper, which each refuses with
// the MaxDepth *LimitError.
func TestDepthAtLimit(t *testing.T) {
	if testing.Short() {
		t.Skip("decodes documents 10,000 levels deep on 20 paths; run without -short")
	}
	depth := MaxDepthLimit
	objects, arrays := deepObjects(t, depth), deepArrays(t, depth)
	tooDeepObjects, tooDeepArrays := deepObjects(t, depth+1), deepArrays(t, depth+1)
	m := depthLimitMode

	type path struct {
		name   string
		doc    []byte // objects or arrays
		decode func(data []byte) error
	}
	into := func(newV func() any) func([]byte) error {
		return func(data []byte) error { return m.Unmarshal(data, newV()) }
	}
	paths := []path{
		{"objects into any", objects, into(func() any { return new(any) })},
		{"arrays into any", arrays, into(func() any { return new(any) })},
		{"objects into map[string]any", objects, into(func() any { return new(map[string]any) })},
		{"arrays into []any", arrays, into(func() any { return new([]any) })},
		{"objects into a linked struct", objects, into(func() any { return new(depthList) })},
		{"objects into a recursive map type", objects, into(func() any { return new(depthMap) })},
		{"arrays into a recursive slice type", arrays, into(func() any { return new(depthSlice) })},
		{"objects into RawMessage", objects, into(func() any { return new(RawMessage) })},
		{"objects into json.RawMessage", objects, into(func() any { return new(json.RawMessage) })},
		{"objects through UnmarshalJSON", objects, into(func() any { return new(depthJSONMethod) })},
		{"objects through UnmarshalSmile", objects, into(func() any { return new(depthSmileMethod) })},
		{"objects through UnmarshalSmileFrom", objects, into(func() any { return new(depthFromMethod) })},
		{"objects through UnmarshalSmileFrom at every level", objects, into(func() any { return new(depthNestedMethod) })},
		{"objects by Valid", objects, func(data []byte) error {
			if !m.Valid(data) {
				return errors.New("not valid")
			}
			return nil
		}},
		{"objects by a Decoder into any", objects, func(data []byte) error {
			var v any
			return m.NewDecoder(bytes.NewReader(data)).Decode(&v)
		}},
		{"arrays by a Decoder's Token", arrays, func(data []byte) error {
			d := m.NewDecoder(bytes.NewReader(data))
			for {
				if _, err := d.Token(); err != nil {
					if err == io.EOF {
						return nil
					}
					return err
				}
			}
		}},
		{"objects by UnmarshalDecode into any", objects, func(data []byte) error {
			r, err := stream.NewReader(data, m.ReaderOptions())
			if err != nil {
				return err
			}
			var v any
			return m.UnmarshalDecode(r, &v)
		}},
	}
	for _, p := range paths {
		t.Run(p.name, func(t *testing.T) {
			var err error
			used := stackUsed(func() { err = p.decode(p.doc) })
			require.NoError(t, err)
			requireStackFits(t, used, depth)

			deeper := tooDeepObjects
			if bytes.Equal(p.doc, arrays) {
				deeper = tooDeepArrays
			}
			err = p.decode(deeper)
			if p.name == "objects by Valid" {
				require.Error(t, err)
				return
			}
			var le *LimitError
			require.ErrorAs(t, err, &le)
			require.Equal(t, "MaxDepth", le.Limit)
			require.EqualValues(t, MaxDepthLimit, le.Max)
		})
	}
}

// deepNested returns a Go value of depth levels, each made by wrap.
func deepNested(depth int, leaf any, wrap func(any) any) any {
	v := leaf
	for range depth {
		v = wrap(v)
	}
	return v
}

// boxed holds a value in an interface field: a chain of them nests
// objects without pointers, maps or slices.
type boxed struct{ X any }

// encodeEach is a linked list whose every node writes the next with
// MarshalEncode, from its MarshalSmileTo method.
type encodeEach struct{ next *encodeEach }

func (n *encodeEach) MarshalSmileTo(w *stream.Writer) error {
	if n.next == nil {
		return w.WriteNull()
	}
	if err := w.WriteStartArray(); err != nil {
		return err
	}
	if err := MarshalEncode(w, n.next); err != nil {
		return err
	}
	return w.WriteEndArray()
}

// jsonText is JSON text that its MarshalJSON method returns.
type jsonText string

func (j jsonText) MarshalJSON() ([]byte, error) { return []byte(j), nil }

// TestMarshalDepthAtLimit encodes Go values MaxDepthLimit deep with
// EncOptions.MaxDepth at that limit, measuring the stack, and values a
// hundred times deeper, which each path refuses with an
// *UnsupportedValueError instead of recursing without bound.
func TestMarshalDepthAtLimit(t *testing.T) {
	if testing.Short() {
		t.Skip("encodes values 10,000 and 1,000,000 levels deep; run without -short")
	}
	em, err := EncOptions{MaxDepth: MaxDepthLimit}.EncMode()
	require.NoError(t, err)
	list := func(depth int) any {
		var head *depthList
		for range depth {
			head = &depthList{K: head}
		}
		return head
	}
	methods := func(depth int) any {
		var head *encodeEach
		for range depth {
			head = &encodeEach{next: head}
		}
		return head
	}
	values := []struct {
		name string
		make func(depth int) any
		// methods is set for encodeEach, whose nodes call MarshalEncode
		// with the default EncMode, and so stop at DefaultMaxDepth.
		methods bool
	}{
		{"[]any of []any", func(d int) any { return deepNested(d, 1, func(v any) any { return []any{v} }) }, false},
		{"map[string]any of map[string]any", func(d int) any {
			return deepNested(d, 1, func(v any) any { return map[string]any{"k": v} })
		}, false},
		{"a linked list of structs", list, false},
		{"structs in interface fields", func(d int) any { return deepNested(d, 1, func(v any) any { return boxed{v} }) }, false},
		{"MarshalSmileTo calling MarshalEncode at every level", methods, true},
	}
	for _, v := range values {
		t.Run(v.name, func(t *testing.T) {
			if !v.methods {
				val := v.make(MaxDepthLimit)
				var b []byte
				used := stackUsed(func() { b, err = em.Marshal(val) })
				require.NoError(t, err)
				requireStackFits(t, used, MaxDepthLimit)
				var back any
				require.NoError(t, depthLimitMode.Unmarshal(b, &back), "what Marshal wrote at the limit decodes at the limit")

				_, err = em.Marshal(v.make(MaxDepthLimit + 1))
				var uve *UnsupportedValueError
				require.ErrorAs(t, err, &uve)
				// The count of pointers, maps and slices, or of arrays
				// and objects, whichever comes first.
				require.Contains(t, uve.Str, "nested deeper than 10000 ")
			}
			val := v.make(100 * MaxDepthLimit)
			used := stackUsed(func() { _, err = em.Marshal(val) })
			if v.methods {
				// The Writer refuses the array the method would open
				// 1000 levels deep, the default EncOptions.MaxDepth of
				// its MarshalEncode.
				var we *stream.WriterError
				require.ErrorAs(t, err, &we)
				require.Contains(t, we.Msg, "nested deeper than 1000 levels, the encoder's EncOptions.MaxDepth")
			} else {
				var uve *UnsupportedValueError
				require.ErrorAs(t, err, &uve)
				require.Contains(t, uve.Str, "nested deeper than")
			}
			requireStackFits(t, used, 100*MaxDepthLimit)
		})
	}

	// What a method returns is nested below the method's place, and
	// EncOptions.MaxDepth bounds the whole: a method at depth 1 returning
	// 9,999 levels is written, one returning 10,000 is refused.
	t.Run("methods returning deep values", func(t *testing.T) {
		for _, depth := range []int{MaxDepthLimit - 1, MaxDepthLimit} {
			js := strings.Repeat("[", depth) + strings.Repeat("]", depth)
			_, err := em.Marshal([]any{jsonText(js)})
			_, err2 := em.Marshal([]any{RawMessage(deepArrays(t, depth))})
			if depth < MaxDepthLimit {
				require.NoError(t, err)
				require.NoError(t, err2)
				continue
			}
			// The JSON text is read with the room left below the method,
			// and the Smile is copied into a Writer that refuses more.
			var le *LimitError
			require.ErrorAs(t, err, &le)
			require.EqualValues(t, MaxDepthLimit-1, le.Max)
			var we *stream.WriterError
			require.ErrorAs(t, err2, &we)
			require.Contains(t, we.Msg, "nested deeper than 10000 levels")
		}
	})

	// Pointers to interfaces that hold pointers open no container: the
	// count of pointers bounds them.
	t.Run("pointers to pointers", func(t *testing.T) {
		var v any = 1
		for range 100 * MaxDepthLimit {
			p := new(any)
			*p = v
			v = p
		}
		used := stackUsed(func() { _, err = em.Marshal(v) })
		var uve *UnsupportedValueError
		require.ErrorAs(t, err, &uve)
		require.Contains(t, uve.Str, "value nested deeper than 10000 pointers")
		requireStackFits(t, used, MaxDepthLimit)
	})
}
