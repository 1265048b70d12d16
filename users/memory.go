package users

import (
	"context"
	"slices"

	"github.com/flagadmin/flagadmin/model"
)

// MemoryStore is a Store over the users and roles of a state snapshot. It
// is immutable and safe for concurrent use.
type MemoryStore struct {
	users []User
	roles []Role
}

// NewMemoryStore copies the users and roles of s. A nil s is an empty
// instance.
func NewMemoryStore(s *model.Snapshot) *MemoryStore {
	m := &MemoryStore{}
	if s == nil {
		return m
	}
	for _, u := range s.Users {
		m.users = append(m.users, fromSnapshotUser(u))
	}
	for _, r := range s.Roles {
		m.roles = append(m.roles, Role{ID: r.ID, Name: r.Name, Type: r.Type,
			Description: r.Description, Project: deref(r.Project)})
	}
	return m
}

// Users implements Store. The caller may modify the returned slice.
func (m *MemoryStore) Users(context.Context) ([]User, error) { return slices.Clone(m.users), nil }

// Roles implements Store. The caller may modify the returned slice.
func (m *MemoryStore) Roles(context.Context) ([]Role, error) { return slices.Clone(m.roles), nil }

func fromSnapshotUser(u model.SnapshotUser) User {
	out := User{
		ID:                         u.ID,
		Name:                       deref(u.Name),
		Username:                   deref(u.Username),
		Email:                      deref(u.Email),
		ImageURL:                   deref(u.ImageURL),
		LoginAttempts:              u.LoginAttempts,
		InviteLink:                 u.InviteLink,
		ScimID:                     clonePtr(u.ScimID),
		SeatType:                   clonePtr(u.SeatType),
		CompanyRole:                clonePtr(u.CompanyRole),
		ProductUpdatesEmailConsent: clonePtr(u.ProductUpdatesEmailConsent),
		AccountType:                u.AccountType,
		Deleted:                    u.Deleted,
		System:                     u.System,
		SeenAt:                     clonePtr(u.SeenAt),
	}
	if u.RootRole != nil {
		out.RootRole = *u.RootRole
	}
	if u.CreatedAt != nil {
		out.CreatedAt = *u.CreatedAt
	}
	return out
}

func deref(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}

func clonePtr[T any](p *T) *T {
	if p == nil {
		return nil
	}
	v := *p
	return &v
}
