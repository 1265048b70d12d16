package auth

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"fmt"
	"slices"
	"time"

	"github.com/flagadmin/flagadmin/model"
)

// TokenLookup resolves a token secret to the principal it authenticates. A
// Go service implements it over its own token store. Implementations must
// be safe for concurrent use, should compare secrets in constant time, and
// must not include the secret in their errors.
type TokenLookup interface {
	// LookupToken returns the principal that secret authenticates. ok is
	// false when the secret is unknown (or belongs to a deleted user); an
	// error means the lookup itself failed.
	LookupToken(ctx context.Context, secret string) (p *Principal, ok bool, err error)
}

// MemoryLookup is a TokenLookup over the tokens, users and roles of a state
// snapshot. It keeps only SHA-256 digests of the secrets (a snapshot's
// secretSha256, or the digest of a clear secret) and compares the digest
// of a candidate against every one of them in constant time. It is
// immutable and safe for concurrent use.
type MemoryLookup struct {
	entries []memoryEntry
}

type memoryEntry struct {
	digest    [sha256.Size]byte
	principal Principal
	// expiresAt is when the token stops authenticating; zero: never.
	expiresAt time.Time
}

// viewerRoleName is the name of the root role a user without a root role
// is treated as having.
const viewerRoleName = "Viewer"

// NewMemoryLookup builds a lookup from the tokens of s. An admin token
// authenticates as KindAdmin, a client or frontend token as KindClient or
// KindFrontend, and a personal token as its user (KindUser), whose grants
// are those of the user's root role followed by the user's own. A user
// without a root role gets the grants of the root role named Viewer, if
// there is one, matching what the user listing shows. Tokens of deleted
// users are left out, so they do not authenticate.
//
// It fails on a token with neither a secret nor its digest, with both, or
// with a digest that is not 64 hexadecimal digits
// (model.SnapshotToken.Digest), on a duplicate secret, an unknown token
// type, a personal token without a user or with an unknown user, and a
// user whose root role does not exist. A token whose ExpiresAt has passed
// does not authenticate, as the reference server refuses it: LookupToken
// compares the expiry with the time of each lookup. Errors name tokens by
// their index in s.Tokens, never by their secret. A nil s is an empty
// instance.
func NewMemoryLookup(s *model.Snapshot) (*MemoryLookup, error) {
	if s == nil {
		return &MemoryLookup{}, nil
	}
	roles := make(map[int64]*model.Role, len(s.Roles))
	var viewer *model.Role
	for i := range s.Roles {
		r := &s.Roles[i]
		if _, dup := roles[r.ID]; dup {
			return nil, fmt.Errorf("auth: role id %d appears more than once", r.ID)
		}
		roles[r.ID] = r
		if r.Name == viewerRoleName && r.Type == "root" && viewer == nil {
			viewer = r
		}
	}
	users := make(map[int64]*model.User, len(s.Users))
	for i := range s.Users {
		u := &s.Users[i]
		if _, dup := users[u.ID]; dup {
			return nil, fmt.Errorf("auth: user id %d appears more than once", u.ID)
		}
		users[u.ID] = u
	}

	l := &MemoryLookup{entries: make([]memoryEntry, 0, len(s.Tokens))}
	seen := make(map[[sha256.Size]byte]int, len(s.Tokens))
	for i, t := range s.Tokens {
		digest, err := t.Digest()
		if err != nil {
			return nil, fmt.Errorf("auth: token %d has no usable secret: %w", i, err)
		}
		if j, dup := seen[digest]; dup {
			return nil, fmt.Errorf("auth: tokens %d and %d have the same secret", j, i)
		}
		seen[digest] = i
		var p Principal
		switch t.Type {
		case model.TokenAdmin:
			p.Kind = KindAdmin
		case model.TokenClient:
			p.Kind = KindClient
		case model.TokenFrontend:
			p.Kind = KindFrontend
		case model.TokenPersonal:
			if t.UserID == nil {
				return nil, fmt.Errorf("auth: personal token %d has no userId", i)
			}
			u, ok := users[*t.UserID]
			if !ok {
				return nil, fmt.Errorf("auth: personal token %d refers to unknown user %d", i, *t.UserID)
			}
			if u.Deleted {
				continue
			}
			role := viewer
			if u.RootRole != nil {
				if role, ok = roles[*u.RootRole]; !ok {
					return nil, fmt.Errorf("auth: user %d has unknown root role %d", u.ID, *u.RootRole)
				}
			}
			p.Kind = KindUser
			p.UserID = u.ID
			if role != nil {
				p.Grants = append(p.Grants, role.Grants...)
			}
			p.Grants = append(p.Grants, u.Grants...)
		default:
			return nil, fmt.Errorf("auth: token %d has unknown type %q (want %q, %q, %q or %q)",
				i, t.Type, model.TokenAdmin, model.TokenClient, model.TokenFrontend, model.TokenPersonal)
		}
		e := memoryEntry{digest: digest, principal: p}
		if t.ExpiresAt != nil {
			e.expiresAt = *t.ExpiresAt
		}
		l.entries = append(l.entries, e)
	}
	return l, nil
}

// LookupToken implements TokenLookup. It hashes secret and compares the
// digest with the digest of every known token, always all of them, so that
// the time taken does not depend on which token, if any, matched. The
// returned principal is a copy the caller may keep.
func (l *MemoryLookup) LookupToken(_ context.Context, secret string) (*Principal, bool, error) {
	digest := sha256.Sum256([]byte(secret))
	found := 0
	index := 0
	for i := range l.entries {
		eq := subtle.ConstantTimeCompare(digest[:], l.entries[i].digest[:])
		index = subtle.ConstantTimeSelect(eq, i, index)
		found |= eq
	}
	if found == 0 {
		return nil, false, nil
	}
	if exp := l.entries[index].expiresAt; !exp.IsZero() && !time.Now().Before(exp) {
		return nil, false, nil // expired
	}
	p := l.entries[index].principal
	p.Grants = slices.Clone(p.Grants)
	return &p, true, nil
}
