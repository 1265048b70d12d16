package unleashapi

import (
	"context"
	"time"

	"github.com/flagadmin/flagadmin/users"
)

var _ users.Store = (*Client)(nil)

// userAdminAnswer is the answer of GET /api/admin/user-admin.
type userAdminAnswer struct {
	Users []struct {
		ID                         int64      `json:"id"`
		Name                       *string    `json:"name"`
		Username                   *string    `json:"username"`
		Email                      *string    `json:"email"`
		ImageURL                   *string    `json:"imageUrl"`
		SeenAt                     *time.Time `json:"seenAt"`
		LoginAttempts              int64      `json:"loginAttempts"`
		CreatedAt                  *time.Time `json:"createdAt"`
		ScimID                     *string    `json:"scimId"`
		SeatType                   *string    `json:"seatType"`
		CompanyRole                *string    `json:"companyRole"`
		ProductUpdatesEmailConsent *bool      `json:"productUpdatesEmailConsent"`
		RootRole                   int64      `json:"rootRole"`
		InviteLink                 string     `json:"inviteLink"`
		AccountType                string     `json:"accountType"`
	} `json:"users"`
	RootRoles []struct {
		ID          int64   `json:"id"`
		Name        string  `json:"name"`
		Type        string  `json:"type"`
		Description *string `json:"description"`
	} `json:"rootRoles"`
}

func (c *Client) userAdmin(ctx context.Context) (*userAdminAnswer, error) {
	return get(ctx, c, &c.userList, "/api/admin/user-admin")
}

// Users implements users.Store from GET /api/admin/user-admin. The
// instance leaves out deleted users, service accounts and system users,
// so none is marked; the invitation links are the instance's own (its
// configured public URL), and the image URL is the one it shows.
func (c *Client) Users(ctx context.Context) ([]users.User, error) {
	ua, err := c.userAdmin(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]users.User, 0, len(ua.Users))
	for _, u := range ua.Users {
		v := users.User{
			ID: u.ID, Name: deref(u.Name), Username: deref(u.Username), Email: deref(u.Email), ImageURL: deref(u.ImageURL),
			RootRole: u.RootRole, SeenAt: utc(u.SeenAt), LoginAttempts: u.LoginAttempts, InviteLink: u.InviteLink,
			ScimID: u.ScimID, SeatType: u.SeatType, CompanyRole: u.CompanyRole,
			ProductUpdatesEmailConsent: u.ProductUpdatesEmailConsent, AccountType: u.AccountType,
		}
		if u.CreatedAt != nil {
			v.CreatedAt = u.CreatedAt.UTC()
		}
		if v.AccountType == "" {
			v.AccountType = users.AccountUser
		}
		out = append(out, v)
	}
	return out, nil
}

// Roles implements users.Store: the root roles of GET
// /api/admin/user-admin. Project roles are not behind the admin API of
// the open-source edition; the listing needs none.
func (c *Client) Roles(ctx context.Context) ([]users.Role, error) {
	ua, err := c.userAdmin(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]users.Role, 0, len(ua.RootRoles))
	for _, r := range ua.RootRoles {
		out = append(out, users.Role{ID: r.ID, Name: r.Name, Type: r.Type, Description: deref(r.Description)})
	}
	return out, nil
}

func utc(t *time.Time) *time.Time {
	if t == nil {
		return nil
	}
	u := t.UTC()
	return &u
}
