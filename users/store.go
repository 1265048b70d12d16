package users

import (
	"context"

	"github.com/flagadmin/flagadmin/model"
)

// Store answers the queries of the user listing. A Go service implements it
// over its own store. Implementations must be safe for concurrent use; the
// listing neither keeps nor modifies the slices they return, nor the
// values their pointers point to.
type Store interface {
	// Users returns every user of the instance, deleted users, service
	// accounts and system users included; the listing leaves those out.
	// The order does not matter.
	Users(ctx context.Context) ([]model.User, error)
	// Roles returns every role of the instance, project roles included;
	// the listing keeps the root roles. The order does not matter.
	Roles(ctx context.Context) ([]model.Role, error)
}

// Account types.
const (
	// AccountUser is the account type of a person's account.
	AccountUser = "User"
	// AccountService is the account type of a service account; the listing
	// leaves such accounts out.
	AccountService = "Service Account"
)

// Role types that make a role a root role.
const (
	RoleTypeRoot       = "root"
	RoleTypeRootCustom = "root-custom"
)

// isRoot reports whether r is a root role (of type root or root-custom).
func isRoot(r model.Role) bool { return r.Type == RoleTypeRoot || r.Type == RoleTypeRootCustom }
