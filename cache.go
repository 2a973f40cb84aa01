package smile

import (
	"reflect"
	"sync"
	"sync/atomic"

	"github.com/go-smile/smile/internal/rt"
)

// cachedFunc returns the codec function of type F for Go type t from cache
// (a map from rt.TypeKey(t) to F), building it with build on first use.
//
// It is safe for concurrent use and supports recursive types, with
// encoding/json's typeEncoder scheme: before building, it publishes
// placeholder(get), a function of type F that calls get() and forwards to
// the result. get waits until the build has finished and returns the real
// function; once it is built, get costs one atomic load (a recursive type's
// codec calls it for every nested value). So a build that meets t again (a recursive type) captures the
// placeholder instead of recursing forever, and a goroutine that loads the
// placeholder while another one builds t waits for that build, never
// running a half-built codec. Once built, the real function replaces the
// placeholder in the cache. When two goroutines race on a new type, one
// builds and the other uses its placeholder.
//
// Codecs must not depend on options: the mode travels in the per-call
// state, so one cache serves every mode.
func cachedFunc[F any](cache *sync.Map, t reflect.Type, placeholder func(get func() F) F, build func(reflect.Type) F) F {
	key := rt.TypeKey(t)
	if f, ok := cache.Load(key); ok {
		return f.(F)
	}
	var (
		wg    sync.WaitGroup
		real  F
		built atomic.Bool // real is set
	)
	wg.Add(1)
	get := func() F {
		if !built.Load() {
			wg.Wait()
		}
		return real
	}
	if f, loaded := cache.LoadOrStore(key, placeholder(get)); loaded {
		return f.(F)
	}
	// Release the waiters even if build panics (they then see a nil F and
	// panic too, rather than deadlocking).
	defer wg.Done()
	real = build(t)
	built.Store(true)
	cache.Store(key, real)
	return real
}
