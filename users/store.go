package users

import (
	"context"
	"time"
)

// Store answers the queries of the user listing. A Go service implements it
// over its own store. Implementations must be safe for concurrent use; the
// listing neither keeps nor modifies the slices they return.
type Store interface {
	// Users returns every user of the instance, deleted users, service
	// accounts and system users included; the listing leaves those out.
	// The order does not matter.
	Users(ctx context.Context) ([]User, error)
	// Roles returns every role of the instance, project roles included;
	// the listing keeps the root roles. The order does not matter.
	Roles(ctx context.Context) ([]Role, error)
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

// User is a user account as a Store reports it.
type User struct {
	// ID identifies the user.
	ID int64
	// Name, Username and Email are "" when the user has none.
	Name     string
	Username string
	Email    string
	// ImageURL is the stored profile image URL; "" means none, and the
	// listing then writes a Gravatar URL.
	ImageURL string
	// RootRole is the id of the user's root role; 0 means none, and the
	// listing then writes the id of the Viewer root role.
	RootRole int64
	// CreatedAt is when the account was created; the zero time means
	// unknown, and the listing then leaves createdAt out.
	CreatedAt time.Time
	// SeenAt is the last login; nil means never.
	SeenAt *time.Time
	// LoginAttempts is the number of unsuccessful login attempts.
	LoginAttempts int64
	// InviteLink is the pending invitation URL, "" when there is none.
	InviteLink string
	// ScimID, SeatType and CompanyRole are nil when not set.
	ScimID      *string
	SeatType    *string
	CompanyRole *string
	// ProductUpdatesEmailConsent is nil when the user was never asked.
	ProductUpdatesEmailConsent *bool
	// AccountType is AccountUser or AccountService; "" means AccountUser.
	AccountType string
	// Deleted and System mark accounts the listing leaves out.
	Deleted bool
	System  bool
}

// Role is a role as a Store reports it.
type Role struct {
	ID          int64
	Name        string
	Type        string // RoleTypeRoot, RoleTypeRootCustom or a project role type
	Description string
	// Project is the project the role belongs to; "" when none.
	Project string
}

// IsRoot reports whether r is a root role (of type root or root-custom).
func (r Role) IsRoot() bool { return r.Type == RoleTypeRoot || r.Type == RoleTypeRootCustom }
