package users

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/flagadmin/flagadmin/auth"
	"github.com/flagadmin/flagadmin/model"
	"github.com/flagadmin/flagadmin/model/profile"
)

// viewerRoleName is the name of the root role written for a user without a
// root role.
const viewerRoleName = "Viewer"

// ViewerRole returns the id of the root role the listing writes for a
// user without a root role, as the reference server does: the role of
// type root named Viewer (the lowest id, should there be several). ok is
// false when roles hold none.
func ViewerRole(roles []model.Role) (id int64, ok bool) {
	for _, r := range roles {
		if r.Name == viewerRoleName && r.Type == RoleTypeRoot && (!ok || r.ID < id) {
			id, ok = r.ID, true
		}
	}
	return id, ok
}

// Lister runs the user listing. Store must be set.
type Lister struct {
	// Store answers the queries.
	Store Store
	// Profile is how the instance's Unleash version answers (package
	// model/profile); nil means the default version's. It sets the members
	// of each listed user (Listing.Shape).
	Profile *profile.Profile
}

// List returns the users and root roles of the instance for principal p,
// which must hold ADMIN. It returns the error of [auth.Authorize] when p may
// not list users (a *auth.PermissionError for a caller lacking ADMIN,
// auth.ErrTokenKind for a client or frontend token), and a wrapped error
// when the store fails.
//
// The listing holds every user that is not deleted, not a service account
// and not a system user, by ascending id, and every role of type root or
// root-custom, by ascending id.
func (l *Lister) List(ctx context.Context, p *auth.Principal) (*Listing, error) {
	if err := auth.Authorize(ctx, p, auth.RequireAdmin()); err != nil {
		return nil, err
	}
	if l.Store == nil {
		return nil, errors.New("users: Lister has no Store")
	}
	all, err := l.Store.Users(ctx)
	if err != nil {
		return nil, fmt.Errorf("users: listing users: %w", err)
	}
	roles, err := l.Store.Roles(ctx)
	if err != nil {
		return nil, fmt.Errorf("users: listing roles: %w", err)
	}
	out := NewListing(all, roles)
	if l.Profile != nil {
		shape := l.Profile.Users
		out.Shape = &shape
	}
	return out, nil
}

// Listing is the answer of the user listing (UsersSchema).
type Listing struct {
	// Users are the listed users by ascending id, each with AccountType,
	// ImageURL and RootRole filled in as they are written.
	Users []model.User
	// RootRoles are the root roles by ascending id.
	RootRoles []model.Role
	// Shape is the members each user is written with, as the instance's
	// Unleash version writes them; nil means the default version's (no
	// isAPI; seatType, companyRole and productUpdatesEmailConsent).
	Shape *profile.UserListing
}

// NewListing builds the listing from every user and role of an instance,
// without any permission check: it leaves out deleted users, service
// accounts, system users and non-root roles, sorts by id, and fills in the
// defaults of AccountType ("User"), ImageURL (the Gravatar URL) and
// RootRole (the id of the root role named Viewer, when there is one; a
// RootRole of 0 counts as none). The arguments, and the values their
// pointers point to, are not modified.
func NewListing(users []model.User, roles []model.Role) *Listing {
	out := &Listing{Users: []model.User{}, RootRoles: []model.Role{}}
	var viewer *int64
	if id, ok := ViewerRole(roles); ok {
		viewer = &id
	}
	for _, r := range roles {
		if isRoot(r) {
			out.RootRoles = append(out.RootRoles, r)
		}
	}
	for _, u := range users {
		if u.Deleted || u.System || u.AccountType == AccountService {
			continue
		}
		if u.AccountType == "" {
			u.AccountType = AccountUser
		}
		if deref(u.ImageURL) == "" {
			image := GravatarURL(u)
			u.ImageURL = &image
		}
		if u.RootRole == nil || *u.RootRole == 0 {
			u.RootRole = viewer
		}
		out.Users = append(out.Users, u)
	}
	slices.SortStableFunc(out.Users, func(a, b model.User) int { return cmp.Compare(a.ID, b.ID) })
	slices.SortStableFunc(out.RootRoles, func(a, b model.Role) int { return cmp.Compare(a.ID, b.ID) })
	return out
}

// deref returns *p, "" for nil.
func deref(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}

// timeLayout writes an instant in UTC with milliseconds, as the reference
// server does.
const timeLayout = "2006-01-02T15:04:05.000Z"

// formatTime writes t in UTC with milliseconds.
func formatTime(t time.Time) string { return t.UTC().Format(timeLayout) }

// userWire is a listed user as written, in the reference server's key
// order.
type userWire struct {
	IsAPI                      *bool         `json:"isAPI,omitempty"`
	AccountType                string        `json:"accountType"`
	ID                         int64         `json:"id"`
	Name                       string        `json:"name,omitempty"`
	Username                   string        `json:"username,omitempty"`
	Email                      string        `json:"email,omitempty"`
	ImageURL                   string        `json:"imageUrl"`
	SeenAt                     *string       `json:"seenAt"`
	LoginAttempts              int64         `json:"loginAttempts"`
	CreatedAt                  string        `json:"createdAt,omitempty"`
	ScimID                     *string       `json:"scimId"`
	SeatType                   maybe[string] `json:"seatType,omitzero"`
	CompanyRole                maybe[string] `json:"companyRole,omitzero"`
	ProductUpdatesEmailConsent maybe[bool]   `json:"productUpdatesEmailConsent,omitzero"`
	RootRole                   int64         `json:"rootRole,omitempty"`
	InviteLink                 string        `json:"inviteLink"`
}

// roleWire is a root role as written.
type roleWire struct {
	ID          int64  `json:"id"`
	Name        string `json:"name"`
	Type        string `json:"type"`
	Description string `json:"description"`
	Project     string `json:"project,omitempty"`
}

type listingWire struct {
	Users     []userWire `json:"users"`
	RootRoles []roleWire `json:"rootRoles"`
}

// MarshalJSON writes the listing exactly as the reference server does:
// {"users":[...],"rootRoles":[...]}, each user with the keys (as Shape
// says: isAPI first up to 6.x, seatType from 7.6, companyRole and
// productUpdatesEmailConsent from 7.5; by default) accountType,
// id, name, username, email, imageUrl, seenAt, loginAttempts, createdAt,
// scimId, seatType, companyRole, productUpdatesEmailConsent, rootRole and
// inviteLink in this order. name, username and email are left out when
// empty; seenAt, scimId, seatType, companyRole and
// productUpdatesEmailConsent are null when unset; createdAt is left out when
// unknown and rootRole when 0; date-times are UTC with milliseconds. Each
// root role is written as id, name, type, description and, when set,
// project. Characters such as & are not escaped; note that json.Marshal
// (unlike calling this method directly, or an Encoder with
// SetEscapeHTML(false)) escapes them, which yields equivalent JSON but
// other bytes.
func (l *Listing) MarshalJSON() ([]byte, error) {
	w := listingWire{Users: make([]userWire, 0, len(l.Users)), RootRoles: make([]roleWire, 0, len(l.RootRoles))}
	shape := profile.UserListing{SeatType: true, CompanyRole: true, ProductUpdatesEmailConsent: true}
	if l.Shape != nil {
		shape = *l.Shape
	}
	isAPI := false
	for _, u := range l.Users {
		uw := userWire{
			AccountType:                u.AccountType,
			ID:                         u.ID,
			Name:                       deref(u.Name),
			Username:                   deref(u.Username),
			Email:                      deref(u.Email),
			ImageURL:                   deref(u.ImageURL),
			LoginAttempts:              u.LoginAttempts,
			ScimID:                     u.ScimID,
			SeatType:                   maybe[string]{shape.SeatType, u.SeatType},
			CompanyRole:                maybe[string]{shape.CompanyRole, u.CompanyRole},
			ProductUpdatesEmailConsent: maybe[bool]{shape.ProductUpdatesEmailConsent, u.ProductUpdatesEmailConsent},
			InviteLink:                 u.InviteLink,
		}
		if u.RootRole != nil {
			uw.RootRole = *u.RootRole
		}
		if shape.IsAPI {
			uw.IsAPI = &isAPI
		}
		if u.SeenAt != nil {
			s := formatTime(*u.SeenAt)
			uw.SeenAt = &s
		}
		if u.CreatedAt != nil && !u.CreatedAt.IsZero() {
			uw.CreatedAt = formatTime(*u.CreatedAt)
		}
		w.Users = append(w.Users, uw)
	}
	for _, r := range l.RootRoles {
		w.RootRoles = append(w.RootRoles, roleWire{ID: r.ID, Name: r.Name, Type: r.Type,
			Description: r.Description, Project: deref(r.Project)})
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(w); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

// maybe is a member a version writes (on), as null when v is nil, or
// leaves out.
type maybe[T any] struct {
	on bool
	v  *T
}

func (m maybe[T]) IsZero() bool { return !m.on }

func (m maybe[T]) MarshalJSON() ([]byte, error) { return json.Marshal(m.v) }
