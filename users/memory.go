package users

import (
	"context"
	"slices"

	"github.com/flagadmin/flagadmin/model"
)

// MemoryStore is a Store over the users and roles of a state snapshot. It
// is immutable and safe for concurrent use.
type MemoryStore struct {
	users []model.User
	roles []model.Role
}

// NewMemoryStore copies the users and roles of s. A nil s is an empty
// instance. A snapshot written without the users' personal data (the
// default of flagadmin snapshot; model.Snapshot.WithoutPersonalData)
// lists no e-mail address and no invitation link. The values that their pointers point to are shared with s,
// which must not change them while the store is in use.
func NewMemoryStore(s *model.Snapshot) *MemoryStore {
	if s == nil {
		return &MemoryStore{}
	}
	return &MemoryStore{users: slices.Clone(s.Users), roles: slices.Clone(s.Roles)}
}

// Users implements Store. The caller may modify the returned slice, but
// not the values its pointers point to.
func (m *MemoryStore) Users(context.Context) ([]model.User, error) { return slices.Clone(m.users), nil }

// Roles implements Store. The caller may modify the returned slice, but
// not the values its pointers point to.
func (m *MemoryStore) Roles(context.Context) ([]model.Role, error) { return slices.Clone(m.roles), nil }
