package unleashapi

import (
	"sync"
	"time"
)

// maxFacts bounds the facts kept; past it the cache starts afresh.
const maxFacts = 1 << 18

// facts keeps answers about single names (a feature, a feature in an
// environment, a project) for Options.ListTTL.
type facts[V any] struct {
	mu sync.Mutex
	m  map[string]fact[V]
}

type fact[V any] struct {
	v  V
	at time.Time
}

// scan calls fn for each key, with its fact when it has a fresh one, in
// order, under the lock; it returns the keys without a fresh fact.
func (f *facts[V]) scan(keys []string, ttl time.Duration, fn func(key string, v V)) (missing []string) {
	if ttl <= 0 {
		return keys
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	now := time.Now()
	for _, k := range keys {
		if e, ok := f.m[k]; ok && now.Sub(e.at) < ttl {
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
	if f.m == nil || len(f.m)+len(kv) > maxFacts {
		f.m = make(map[string]fact[V], len(kv))
	}
	now := time.Now()
	for k, v := range kv {
		f.m[k] = fact[V]{v: v, at: now}
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
