package auth

import (
	"context"
	"slices"

	"github.com/flagadmin/flagadmin/model"
)

// PermissionAdmin is the permission that implies every other one.
const PermissionAdmin = "ADMIN"

// Kind is the kind of credential a principal authenticated with.
type Kind string

// The kinds of principal.
const (
	// KindAdmin is an admin API token. It holds every permission.
	KindAdmin Kind = "admin"
	// KindUser is a user acting through a personal access token. Its rights
	// are its Grants.
	KindUser Kind = "user"
	// KindClient is a client (backend SDK) token. It may not use the admin
	// endpoints and holds no permission.
	KindClient Kind = "client"
	// KindFrontend is a frontend token. It may not use the admin endpoints
	// and holds no permission.
	KindFrontend Kind = "frontend"
)

// Principal is an authenticated caller. It never holds the token secret.
// The zero value is a principal with no rights that may not use the admin
// endpoints.
//
// A Principal must not be modified while it is in use.
type Principal struct {
	// Kind says what kind of credential authenticated the caller.
	Kind Kind
	// UserID is the user a KindUser principal acts as.
	UserID int64
	// Grants are the rights of a KindUser principal: the grants of the
	// user's root role followed by the user's own grants. A grant of
	// PermissionAdmin implies every permission.
	Grants []model.Grant
}

// MayUseAdminAPI reports whether the principal's kind of credential may use
// the admin endpoints: admin tokens and personal tokens may, client and
// frontend tokens may not.
func (p *Principal) MayUseAdminAPI() bool {
	return p != nil && (p.Kind == KindAdmin || p.Kind == KindUser)
}

// HasPermission reports whether the principal holds permission in project
// and environment. An admin token, and a user holding an unscoped ADMIN
// grant, hold every permission. Otherwise a grant matches when it names
// permission (or ADMIN), its
// project is absent, "*" or equal to project, and its environment is
// absent, "*" or equal to environment. Client and frontend tokens hold no
// permission. The error is always nil; it is there to satisfy interfaces
// whose implementations may consult a store.
func (p *Principal) HasPermission(_ context.Context, permission, project, environment string) (bool, error) {
	if p == nil {
		return false, nil
	}
	switch p.Kind {
	case KindAdmin:
		return true, nil
	case KindUser:
		return slices.ContainsFunc(p.Grants, func(g model.Grant) bool {
			return GrantMatches(g, permission, project, environment)
		}), nil
	}
	return false, nil
}

// GrantMatches reports whether grant g gives permission in project and
// environment: g names permission or ADMIN, and its project and environment
// are each absent, "*" or equal to the asked one. (An ADMIN grant limited to
// a project therefore implies every permission in that project only.)
func GrantMatches(g model.Grant, permission, project, environment string) bool {
	return (g.Permission == permission || g.Permission == PermissionAdmin) &&
		scopeMatches(g.Project, project) && scopeMatches(g.Environment, environment)
}

// scopeMatches reports whether a grant's project or environment scope
// covers the asked value.
func scopeMatches(scope, asked string) bool {
	return scope == "" || scope == "*" || scope == asked
}
