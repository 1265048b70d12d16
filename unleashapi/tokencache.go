package unleashapi

import (
	"container/list"
	"sync"
	"time"

	"github.com/flagadmin/flagadmin/auth"
)

// maxCachedTokens bounds each of the two lists of answers kept (about
// valid tokens, about unknown ones); past it, the answer used least
// recently goes.
const maxCachedTokens = 4096

// tokenKey is the SHA-256 digest of a token.
type tokenKey = [32]byte

// tokenCache keeps the instance's answers about tokens, by a digest of the
// token. Answers about valid tokens and about unknown ones are kept
// apart, each in a list of the most recently used, so that no number of
// unknown tokens pushes out the answer about a valid one. An answer about
// a valid token stays after it is stale, until pushed out, as the mark of
// a token the instance once said is valid.
type tokenCache struct {
	mu             sync.Mutex
	valid, unknown lru
	// asking holds the lookups under way, so that concurrent callers
	// with the same token share one request.
	asking map[tokenKey]*tokenCall
}

// tokenCall is a lookup under way; done closes when p, ok, err and gone
// are set.
type tokenCall struct {
	done chan struct{}
	p    *auth.Principal
	ok   bool
	err  error
	// gone is true when err is the end of the asking caller's context,
	// which is not the others'.
	gone bool
}

func (t *tokenCache) init(n int) {
	t.valid.init(n)
	t.unknown.init(n)
	t.asking = map[tokenKey]*tokenCall{}
}

// get returns the fresh answer about key, if there is one (hit).
func (t *tokenCache) get(key tokenKey) (p *auth.Principal, ok, hit bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	now := time.Now()
	if e, ok := t.valid.get(key); ok && now.Before(e.until) {
		return clonePrincipal(e.p), true, true
	}
	if e, ok := t.unknown.get(key); ok && now.Before(e.until) {
		return nil, false, true
	}
	return nil, false, false
}

// wasValid reports whether the instance said key is valid in an answer
// still kept, fresh or stale.
func (t *tokenCache) wasValid(key tokenKey) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	_, ok := t.valid.index[key]
	return ok
}

// put keeps the answer about key (p when ok) for ttl; with a ttl of zero
// or less it is never fresh, but a valid token is still marked as such.
func (t *tokenCache) put(key tokenKey, p *auth.Principal, ok bool, ttl time.Duration) {
	t.mu.Lock()
	defer t.mu.Unlock()
	e := tokenEntry{key: key, p: p, until: time.Now().Add(max(ttl, 0))}
	if ok {
		t.unknown.remove(key)
		t.valid.put(e)
		return
	}
	t.valid.remove(key)
	if ttl > 0 {
		t.unknown.put(e)
	}
}

// join returns the lookup under way for key, or starts one (first).
func (t *tokenCache) join(key tokenKey) (call *tokenCall, first bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if call := t.asking[key]; call != nil {
		return call, false
	}
	call = &tokenCall{done: make(chan struct{})}
	t.asking[key] = call
	return call, true
}

// leave ends the lookup under way for key.
func (t *tokenCache) leave(key tokenKey, call *tokenCall) {
	t.mu.Lock()
	delete(t.asking, key)
	t.mu.Unlock()
	close(call.done)
}

// tokenEntry is an answer kept: the principal of a valid token, nil for
// an unknown one, fresh until until.
type tokenEntry struct {
	key   tokenKey
	p     *auth.Principal
	until time.Time
}

// lru holds up to max entries; putting one more pushes out the entry used
// least recently.
type lru struct {
	max   int
	order *list.List // of tokenEntry, the most recently used first
	index map[tokenKey]*list.Element
}

func (l *lru) init(n int) {
	l.max, l.order, l.index = n, list.New(), make(map[tokenKey]*list.Element, n)
}

// get returns the entry of key, marked as used now, if there is one.
func (l *lru) get(key tokenKey) (tokenEntry, bool) {
	el := l.index[key]
	if el == nil {
		return tokenEntry{}, false
	}
	l.order.MoveToFront(el)
	return el.Value.(tokenEntry), true
}

func (l *lru) put(e tokenEntry) {
	if el := l.index[e.key]; el != nil {
		el.Value = e
		l.order.MoveToFront(el)
		return
	}
	if l.order.Len() >= l.max {
		oldest := l.order.Back()
		delete(l.index, oldest.Value.(tokenEntry).key)
		l.order.Remove(oldest)
	}
	l.index[e.key] = l.order.PushFront(e)
}

func (l *lru) remove(key tokenKey) {
	if el := l.index[key]; el != nil {
		delete(l.index, key)
		l.order.Remove(el)
	}
}
