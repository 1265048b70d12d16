package unleashapi

import (
	"context"
	"crypto/sha256"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/flagadmin/flagadmin/auth"
	"github.com/flagadmin/flagadmin/model"
)

var _ auth.TokenLookup = (*Client)(nil)

// maxTokenLen bounds the tokens asked of the instance: real ones are far
// shorter, and a longer one would be refused before authentication.
const maxTokenLen = 4096

// maxCachedTokens bounds the rights kept; past it, expired entries go,
// and if none has expired the cache starts afresh.
const maxCachedTokens = 4096

// tokenCache keeps the instance's answers about tokens, by a digest of the
// token, for Options.TokenTTL.
type tokenCache struct {
	mu      sync.Mutex
	entries map[[32]byte]tokenEntry
	// asking holds the lookups under way, so that concurrent callers
	// with the same token share one request.
	asking map[[32]byte]*tokenCall
}

// tokenCall is a lookup under way; done closes when p, ok and err are set.
type tokenCall struct {
	done chan struct{}
	p    *auth.Principal
	ok   bool
	err  error
}

type tokenEntry struct {
	p     *auth.Principal
	ok    bool
	until time.Time
}

// userAnswer is the answer of GET /api/admin/user.
type userAnswer struct {
	User struct {
		ID   int64  `json:"id"`
		Type string `json:"type"` // "admin" for an admin API token
	} `json:"user"`
	Permissions []struct {
		Permission  string `json:"permission"`
		Project     string `json:"project"`
		Environment string `json:"environment"`
	} `json:"permissions"`
}

// LookupToken implements auth.TokenLookup by asking the instance, with
// secret itself, who it is (GET /api/admin/user):
//
//   - an admin API token is a KindAdmin principal, with every right;
//   - a personal access token is its user (KindUser), whose grants are the
//     permissions the instance lists, with their project and environment;
//   - a token the instance answers 403 (a client or frontend token, which
//     may not use the admin API) is a KindClient principal, with no right;
//   - a token it answers 401 (unknown, expired, of a deleted user) is
//     unknown: ok is false, and so is, without asking, a token that
//     cannot be sent in a header (a control character) or is longer than
//     4096 bytes.
//
// Answers are reused for Options.TokenTTL, kept by a digest of the token,
// so a revoked token is refused at the latest that long after; concurrent
// callers with the same token share one request.
func (c *Client) LookupToken(ctx context.Context, secret string) (*auth.Principal, bool, error) {
	secret = strings.TrimSpace(secret)
	if !sendable(secret) {
		return nil, false, nil
	}
	key := sha256.Sum256([]byte(secret))
	if p, ok, hit := c.tokens.get(key); hit {
		return p, ok, nil
	}
	call, first := c.tokens.join(key)
	if first {
		call.p, call.ok, call.err = c.askToken(ctx, secret)
		if call.err == nil {
			c.tokens.put(key, call.p, call.ok, c.opts.TokenTTL)
		}
		c.tokens.leave(key, call)
	} else {
		select {
		case <-call.done:
		case <-ctx.Done():
			return nil, false, c.errorf(request{method: http.MethodGet, path: "/api/admin/user"}, 0, ErrUnreachable, ctx.Err(), "%v", ctx.Err())
		}
		if call.err != nil {
			// The failure may be the other caller's (its context ended):
			// ask for this one.
			return c.askToken(ctx, secret)
		}
	}
	return clonePrincipal(call.p), call.ok, call.err
}

// askToken asks the instance who secret is.
func (c *Client) askToken(ctx context.Context, secret string) (*auth.Principal, bool, error) {
	r := request{method: http.MethodGet, path: "/api/admin/user", token: secret,
		accept: []int{http.StatusUnauthorized, http.StatusForbidden}}
	a, err := c.do(ctx, r)
	if err != nil {
		return nil, false, err
	}
	switch a.status {
	case http.StatusUnauthorized:
		return nil, false, nil
	case http.StatusForbidden:
		return &auth.Principal{Kind: auth.KindClient}, true, nil
	}
	var u userAnswer
	if err := c.decode(r, a, &u); err != nil {
		return nil, false, err
	}
	return principalOf(&u), true, nil
}

// sendable reports whether secret can be asked of the instance in an
// Authorization header.
func sendable(secret string) bool {
	if secret == "" || len(secret) > maxTokenLen {
		return false
	}
	for i := 0; i < len(secret); i++ {
		if b := secret[i]; (b < 0x20 && b != '\t') || b == 0x7f {
			return false
		}
	}
	return true
}

func principalOf(u *userAnswer) *auth.Principal {
	if u.User.Type == "admin" {
		return &auth.Principal{Kind: auth.KindAdmin}
	}
	p := &auth.Principal{Kind: auth.KindUser, UserID: u.User.ID, Grants: make([]model.Grant, 0, len(u.Permissions))}
	for _, g := range u.Permissions {
		p.Grants = append(p.Grants, model.Grant{Permission: g.Permission, Project: g.Project, Environment: g.Environment})
	}
	return p
}

func clonePrincipal(p *auth.Principal) *auth.Principal {
	if p == nil {
		return nil
	}
	q := *p
	q.Grants = append([]model.Grant(nil), p.Grants...)
	return &q
}

// join returns the lookup under way for key, or starts one (first).
func (t *tokenCache) join(key [32]byte) (call *tokenCall, first bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if call := t.asking[key]; call != nil {
		return call, false
	}
	if t.asking == nil {
		t.asking = map[[32]byte]*tokenCall{}
	}
	call = &tokenCall{done: make(chan struct{})}
	t.asking[key] = call
	return call, true
}

// leave ends the lookup under way for key.
func (t *tokenCache) leave(key [32]byte, call *tokenCall) {
	t.mu.Lock()
	delete(t.asking, key)
	t.mu.Unlock()
	close(call.done)
}

func (t *tokenCache) get(key [32]byte) (*auth.Principal, bool, bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	e, hit := t.entries[key]
	if !hit || time.Now().After(e.until) {
		return nil, false, false
	}
	return clonePrincipal(e.p), e.ok, true
}

func (t *tokenCache) put(key [32]byte, p *auth.Principal, ok bool, ttl time.Duration) {
	if ttl <= 0 {
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	now := time.Now()
	if len(t.entries) >= maxCachedTokens {
		for k, e := range t.entries {
			if now.After(e.until) {
				delete(t.entries, k)
			}
		}
		if len(t.entries) >= maxCachedTokens {
			clear(t.entries)
		}
	}
	t.entries[key] = tokenEntry{p: p, ok: ok, until: now.Add(ttl)}
}
