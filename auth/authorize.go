package auth

import (
	"context"
	"errors"
	"fmt"
)

// Authenticator turns the authorization header of a request into a
// Principal. Its zero value is not usable: Lookup must be set.
type Authenticator struct {
	// Lookup resolves token secrets.
	Lookup TokenLookup
}

// Authenticate parses header (the value of the authorization header, "" when
// it is missing) and resolves its token. It returns ErrNoToken when there
// is no token, ErrUnknownToken when the token is unknown, and a wrapped
// error when the lookup fails; none contains the token. The principal is returned whatever its kind: use Authorize to keep
// client and frontend tokens off the admin endpoints.
func (a *Authenticator) Authenticate(ctx context.Context, header string) (*Principal, error) {
	token, ok := ParseAuthorization(header)
	if !ok {
		return nil, ErrNoToken
	}
	if a.Lookup == nil {
		return nil, errors.New("auth: Authenticator has no Lookup")
	}
	p, ok, err := a.Lookup.LookupToken(ctx, token)
	if err != nil {
		return nil, fmt.Errorf("auth: token lookup failed: %w", err)
	}
	if !ok || p == nil {
		return nil, ErrUnknownToken
	}
	return p, nil
}

// Requirement is what an admin route asks of its caller.
type Requirement struct {
	// Permissions are the permissions of which the caller needs at least
	// one. When empty, the route needs no permission and only the kind of
	// token is checked.
	Permissions []string
	// Project and Environment scope the permissions; "" asks for the
	// permission outside of any project or environment.
	Project     string
	Environment string
}

// RequireAdmin is the requirement of routes reserved to administrators,
// such as the user listing.
func RequireAdmin() Requirement { return Requirement{Permissions: []string{PermissionAdmin}} }

// Authorize checks that p may use an admin route with requirement req. It
// returns nil when p's token kind may use admin endpoints and p holds at
// least one of req.Permissions (or req lists none). Otherwise it returns
// ErrNoToken when p is nil, ErrTokenKind for a client or frontend token, a
// *PermissionError for a caller lacking the permissions, or the wrapped
// error of p.HasPermission.
func Authorize(ctx context.Context, p *Principal, req Requirement) error {
	if p == nil {
		return ErrNoToken
	}
	if !p.MayUseAdminAPI() {
		return ErrTokenKind
	}
	if len(req.Permissions) == 0 {
		return nil
	}
	for _, perm := range req.Permissions {
		ok, err := p.HasPermission(ctx, perm, req.Project, req.Environment)
		if err != nil {
			return fmt.Errorf("auth: checking permission %s: %w", perm, err)
		}
		if ok {
			return nil
		}
	}
	return &PermissionError{Permissions: append([]string(nil), req.Permissions...),
		Project: req.Project, Environment: req.Environment}
}
