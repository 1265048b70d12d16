package unleashapi

import (
	"cmp"
	"context"
	"slices"
	"time"

	"github.com/flagadmin/flagadmin/model"
	"github.com/flagadmin/flagadmin/users"
)

var _ users.Store = (*Client)(nil)

// userAdminAnswer is the answer of GET /api/admin/user-admin. Its users
// and root roles carry the members of model.User and model.Role, by the
// same names.
type userAdminAnswer struct {
	Users     []model.User `json:"users"`
	RootRoles []model.Role `json:"rootRoles"`
}

func (c *Client) userAdmin(ctx context.Context) (*userAdminAnswer, error) {
	return get(ctx, c, &c.userList, "/api/admin/user-admin")
}

// fromUserAdmin returns what conv reads in the answer of GET
// /api/admin/user-admin.
func fromUserAdmin[T any](ctx context.Context, c *Client, conv func(*userAdminAnswer) T) (T, error) {
	ua, err := c.userAdmin(ctx)
	if err != nil {
		var none T
		return none, err
	}
	return conv(ua), nil
}

// Users implements users.Store from GET /api/admin/user-admin. The
// instance leaves out deleted users, service accounts and system users,
// so none is marked; the invitation links are the instance's own (its
// configured public URL). An image URL that is the user's Gravatar URL is
// taken for none stored, as the listing then writes that same URL.
func (c *Client) Users(ctx context.Context) ([]model.User, error) {
	return fromUserAdmin(ctx, c, (*userAdminAnswer).users)
}

// users returns the users of the answer, in the order of their ids.
func (ua *userAdminAnswer) users() []model.User {
	out := make([]model.User, 0, len(ua.Users))
	for _, v := range ua.Users {
		v.CreatedAt, v.SeenAt = utc(v.CreatedAt), utc(v.SeenAt)
		if v.RootRole != nil && *v.RootRole == 0 {
			v.RootRole = nil
		}
		if v.AccountType == "" {
			v.AccountType = users.AccountUser
		}
		if v.ImageURL != nil {
			// The instance shows the Gravatar URL of a user without an
			// image of its own; such a user has none stored.
			stored := *v.ImageURL
			v.ImageURL = nil
			if stored != users.GravatarURL(v) {
				v.ImageURL = &stored
			}
		}
		out = append(out, v)
	}
	slices.SortFunc(out, func(a, b model.User) int { return cmp.Compare(a.ID, b.ID) })
	return out
}

// Roles implements users.Store: the root roles of GET
// /api/admin/user-admin, without grants. Project roles are not behind the
// admin API of the open-source edition; the listing needs none.
func (c *Client) Roles(ctx context.Context) ([]model.Role, error) {
	return fromUserAdmin(ctx, c, (*userAdminAnswer).roles)
}

// roles returns the root roles of the answer.
func (ua *userAdminAnswer) roles() []model.Role {
	return append(make([]model.Role, 0, len(ua.RootRoles)), ua.RootRoles...)
}

func utc(t *time.Time) *time.Time {
	if t == nil {
		return nil
	}
	u := t.UTC()
	return &u
}
