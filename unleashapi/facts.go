package unleashapi

import (
	"hash/maphash"
	"sync"
	"time"
)

// maxFacts bounds the facts kept; past it the cache starts afresh.
const maxFacts = 1 << 18

// factKey is a 128-bit hash of a name, from two independently seeded
// maphash hashes. Keys and values without pointers keep the maps out of
// the collector's scans, which matters with tens of thousands of names.
type factKey [2]uint64

// facts keeps answers about single names (a feature, a feature in an
// environment, a project) for Options.ListTTL. V must hold no pointers
// for the map to stay unscanned (projectFact, with few entries, does).
type facts[V any] struct {
	mu    sync.Mutex
	seeds [2]maphash.Seed
	base  time.Time // zero until the first use
	m     map[factKey]fact[V]
}

type fact[V any] struct {
	v  V
	at time.Duration // since base, on the monotonic clock
}

func (f *facts[V]) init() {
	if f.base.IsZero() {
		f.seeds = [2]maphash.Seed{maphash.MakeSeed(), maphash.MakeSeed()}
		f.base = time.Now()
	}
}

func (f *facts[V]) key(s string) factKey {
	return factKey{maphash.String(f.seeds[0], s), maphash.String(f.seeds[1], s)}
}

// scan calls fn for each key, with its fact when it has a fresh one, in
// order, under the lock; it returns the keys without a fresh fact.
func (f *facts[V]) scan(keys []string, ttl time.Duration, fn func(key string, v V)) (missing []string) {
	if ttl <= 0 {
		return keys
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	f.init()
	now := time.Since(f.base)
	for _, k := range keys {
		if e, ok := f.m[f.key(k)]; ok && now-e.at < ttl {
			fn(k, e.v)
		} else {
			missing = append(missing, k)
		}
	}
	return missing
}

// store records the facts of kv.
func (f *facts[V]) store(kv map[string]V, ttl time.Duration) {
	if ttl <= 0 || len(kv) == 0 {
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	f.init()
	if f.m == nil || len(f.m)+len(kv) > maxFacts {
		f.m = make(map[factKey]fact[V], len(kv))
	}
	now := time.Since(f.base)
	for k, v := range kv {
		f.m[f.key(k)] = fact[V]{v: v, at: now}
	}
}

// envFacts keeps facts by environment.
type envFacts[V any] struct {
	mu sync.Mutex
	m  map[string]*facts[V]
}

func (e *envFacts[V]) in(env string) *facts[V] {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.m == nil {
		e.m = map[string]*facts[V]{}
	}
	f := e.m[env]
	if f == nil {
		if len(e.m) >= 64 {
			clear(e.m)
		}
		f = &facts[V]{}
		e.m[env] = f
	}
	return f
}

// projectNames interns the project ids of features, so that a feature's
// fact holds a number and no pointer.
type projectNames struct {
	mu    sync.Mutex
	ids   []string
	index map[string]uint32
}

func (p *projectNames) number(id string) uint32 {
	p.mu.Lock()
	defer p.mu.Unlock()
	if n, ok := p.index[id]; ok {
		return n
	}
	if p.index == nil {
		p.index = map[string]uint32{}
	}
	n := uint32(len(p.ids))
	p.ids = append(p.ids, id)
	p.index[id] = n
	return n
}

func (p *projectNames) name(n uint32) string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.ids[n]
}
