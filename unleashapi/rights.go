package unleashapi

import (
	"context"
	"crypto/sha256"
	"net/http"
	"time"

	"github.com/flagadmin/flagadmin/auth"
	"github.com/flagadmin/flagadmin/model"
)

var _ auth.TokenLookup = (*Client)(nil)

// maxTokenLen bounds the tokens asked of the instance: real ones are far
// shorter, and a longer one would be refused before authentication.
const maxTokenLen = 4096

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
//     unknown: ok is false.
//
// secret is the token as the instance reads it from a header: characters,
// each the one of a byte (ISO 8859-1), as auth.ParseAuthorization gives
// it; nothing is trimmed. The instance is sent the header that makes it
// read exactly secret (see authorization). A secret that no header can
// carry is unknown without asking: empty, longer than 4096 bytes, with a
// control character other than a tab or a character beyond U+00FF, or
// with a space or tab at either end (the instance's HTTP parser drops
// those).
//
// Answers are reused for Options.TokenTTL, kept by a digest of the token,
// so a revoked token is refused at the latest that long after; concurrent
// callers with the same token share one request. What callers cost the
// instance is bounded: at most Options.TokenLookups requests at once, each
// sent once (never retried) and read up to MaxTokenAnswer bytes, and for
// tokens never seen valid at most Options.TokenRate a second
// (Options.TokenBurst at once). A lookup beyond these bounds fails with
// ErrOverloaded, whose RetryAfter says when to try again.
func (c *Client) LookupToken(ctx context.Context, secret string) (*auth.Principal, bool, error) {
	if !carriable(secret) {
		return nil, false, nil
	}
	key := sha256.Sum256([]byte(secret))
	for {
		if p, ok, hit := c.tokens.get(key); hit {
			return p, ok, nil
		}
		call, first := c.tokens.join(key)
		if first {
			call.p, call.ok, call.err = c.askToken(ctx, key, authorization(secret))
			call.gone = call.err != nil && ctx.Err() != nil
			c.tokens.leave(key, call)
			return clonePrincipal(call.p), call.ok, call.err
		}
		select {
		case <-call.done:
		case <-ctx.Done():
			return nil, false, c.errorf(request{method: http.MethodGet, path: pathUser}, 0, ErrUnreachable, ctx.Err(), "%v", ctx.Err())
		}
		if !call.gone {
			return clonePrincipal(call.p), call.ok, call.err
		}
		// The caller that asked went away or ran out of time, which
		// says nothing of this one's: ask again.
	}
}

// pathUser is the endpoint that says who a token is.
const pathUser = "/api/admin/user"

// carriable reports whether a header can carry secret to the instance so
// that it reads exactly secret (see authorization): the instance's HTTP
// parser drops spaces and tabs around the value and refuses the other
// control characters, and it reads each byte as one character (ISO
// 8859-1), so a character beyond U+00FF (or a byte that is no UTF-8) has
// no byte. Longer than maxTokenLen, a secret is not asked about either.
func carriable(secret string) bool {
	if secret == "" || len(secret) > maxTokenLen || isOWS(secret[0]) || isOWS(secret[len(secret)-1]) {
		return false
	}
	for _, r := range secret {
		if r > 0xff || (r < 0x20 && r != '\t') || r == 0x7f {
			return false
		}
	}
	return true
}

// authorization returns the value of the Authorization header that makes
// the instance read exactly secret, which must be carriable: each
// character as its byte, after one more "Bearer " when secret starts with
// "Bearer" and white space (JavaScript's /^Bearer\s+/i), which the
// instance drops once, as auth.ParseAuthorization does.
func authorization(secret string) string {
	b := make([]byte, 0, len("Bearer ")+len(secret))
	if t, ok := auth.ParseAuthorization(secret); !ok || t != secret {
		b = append(b, "Bearer "...)
	}
	for _, r := range secret {
		b = append(b, byte(r))
	}
	return string(b)
}

func isOWS(b byte) bool { return b == ' ' || b == '\t' }

// askToken asks the instance who the token of key is, with header as
// the Authorization header, within the client's bounds, and keeps the
// answer.
func (c *Client) askToken(ctx context.Context, key tokenKey, header string) (*auth.Principal, bool, error) {
	r := request{method: http.MethodGet, path: pathUser, token: header,
		accept: []int{http.StatusUnauthorized, http.StatusForbidden}, noRetry: true, maxBody: MaxTokenAnswer}
	if !c.tokens.wasValid(key) {
		if ok, wait := c.budget.take(); !ok {
			e := c.errorf(r, 0, ErrOverloaded, nil, "not sent: the lookups of tokens not known to be valid are at their bound of %g a second (Options.TokenRate)", c.opts.TokenRate)
			e.retryAfter = wait
			return nil, false, e
		}
	}
	release, err := c.lookupSlot(ctx, r)
	if err != nil {
		return nil, false, err
	}
	defer release()
	a, err := c.do(ctx, r)
	if err != nil {
		return nil, false, err
	}
	var p *auth.Principal
	switch a.status {
	case http.StatusUnauthorized:
	case http.StatusForbidden:
		p = &auth.Principal{Kind: auth.KindClient}
	default:
		var u userAnswer
		if err := c.decode(r, a, &u); err != nil {
			return nil, false, err
		}
		p = principalOf(&u)
	}
	c.tokens.put(key, p, p != nil, c.opts.TokenTTL)
	return p, p != nil, nil
}

// lookupSlot takes one of the slots of the lookups of tokens, waiting at
// most TokenQueueTimeout; release gives it back.
func (c *Client) lookupSlot(ctx context.Context, r request) (release func(), err error) {
	release = func() { <-c.lookups }
	select {
	case c.lookups <- struct{}{}:
		return release, nil
	default:
	}
	t := time.NewTimer(TokenQueueTimeout)
	defer t.Stop()
	select {
	case c.lookups <- struct{}{}:
		return release, nil
	case <-t.C:
		e := c.errorf(r, 0, ErrOverloaded, nil, "not sent: %d lookups of tokens are under way (Options.TokenLookups) and none ended within %s", c.opts.TokenLookups, TokenQueueTimeout)
		e.retryAfter = TokenQueueTimeout
		return nil, e
	case <-ctx.Done():
		return nil, c.errorf(r, 0, ErrUnreachable, ctx.Err(), "%v while waiting for a lookup slot", ctx.Err())
	}
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
