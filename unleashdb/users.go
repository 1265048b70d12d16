package unleashdb

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/flagadmin/flagadmin/model"
	"github.com/flagadmin/flagadmin/users"
)

// qUsers reads every user with its root role (assigned in role_user) and
// its newest pending invitation token.
const qUsers = `SELECT u.id, u.name, u.username, u.email, u.image_url, COALESCE(u.login_attempts, 0),
	u.created_at, u.seen_at, u.scim_id, u.seat_type, u.company_role, u.product_updates_email_consent,
	COALESCE(u.is_service, false), u.is_system, u.deleted_at IS NOT NULL,
	(SELECT ru.role_id FROM role_user ru JOIN roles r ON r.id = ru.role_id
		WHERE ru.user_id = u.id AND r.type IN ('root', 'root-custom') ORDER BY ru.role_id LIMIT 1),
	(SELECT rt.reset_token FROM reset_tokens rt
		WHERE rt.user_id = u.id AND rt.used_at IS NULL AND rt.expires_at > now()
		ORDER BY rt.created_at DESC NULLS LAST LIMIT 1)
	FROM users u ORDER BY u.id`

// qRoles reads every role.
const qRoles = `SELECT id, name, type, COALESCE(description, '') FROM roles ORDER BY id`

var _ users.Store = (*DB)(nil)

// Users implements users.Store: every user, with deleted, service and
// system accounts marked so that the listing leaves them out.
func (db *DB) Users(ctx context.Context) ([]model.User, error) {
	return collect(ctx, db, "users", qUsers, nil, db.scanUser)
}

// scanUser reads a row of qUsers. The invitation link is the instance's
// URL followed by /new-user?token= and the newest unused, unexpired reset
// token. The user's own grants are not read.
func (db *DB) scanUser(r pgx.Rows) (model.User, error) {
	var u model.User
	var created, seen *time.Time
	var service bool
	var invite *string
	err := r.Scan(&u.ID, &u.Name, &u.Username, &u.Email, &u.ImageURL, &u.LoginAttempts,
		&created, &seen, &u.ScimID, &u.SeatType, &u.CompanyRole, &u.ProductUpdatesEmailConsent,
		&service, &u.System, &u.Deleted, &u.RootRole, &invite)
	if err != nil {
		return u, err
	}
	u.CreatedAt, u.SeenAt = utc(created), utc(seen)
	if invite != nil {
		u.InviteLink = db.unleashURL + "/new-user?token=" + *invite
	}
	u.AccountType = users.AccountUser
	if service {
		u.AccountType = users.AccountService
	}
	return u, nil
}

// Roles implements users.Store: every role, root and project roles,
// without their grants.
func (db *DB) Roles(ctx context.Context) ([]model.Role, error) {
	return collect(ctx, db, "roles", qRoles, nil, columns(func(role *model.Role) []any {
		return []any{&role.ID, &role.Name, &role.Type, &role.Description}
	}))
}
