package unleashdb

import (
	"context"
	"errors"
	"slices"
	"strings"

	"github.com/jackc/pgx/v5"

	"github.com/flagadmin/flagadmin/auth"
	"github.com/flagadmin/flagadmin/model"
)

// qToken finds an unexpired API token, or an unexpired personal access
// token of a user that is not deleted, by its secret. At most one of the
// two tables holds a secret.
const qToken = `SELECT t.type, 0::bigint, false FROM api_tokens t
		WHERE t.secret = $1 AND (t.expires_at IS NULL OR t.expires_at > now())
	UNION ALL
	SELECT '', p.user_id::bigint, true FROM personal_access_tokens p JOIN users u ON u.id = p.user_id
		WHERE p.secret = $1 AND p.expires_at > now() AND u.deleted_at IS NULL
	LIMIT 1`

// assignedRoles lists, per user of $1, the roles assigned to the user
// (role_user), to its groups (group_role) and the root roles of its groups,
// each with the project it is assigned in.
const assignedRoles = `SELECT ru.user_id, ru.role_id, ru.project FROM role_user ru WHERE ru.user_id = ANY($1::bigint[])
	UNION
	SELECT gu.user_id, gr.role_id, gr.project FROM group_user gu JOIN group_role gr ON gr.group_id = gu.group_id
		WHERE gu.user_id = ANY($1::bigint[])
	UNION
	SELECT gu.user_id, g.root_role_id, 'default' FROM group_user gu JOIN groups g ON g.id = gu.group_id
		WHERE gu.user_id = ANY($1::bigint[]) AND g.root_role_id IS NOT NULL`

// qUserGrants gives the permissions of the users of $1 as the reference's
// access store maps them: a permission of type root has no project, one of
// type environment keeps the environment of role_permission, and every
// other keeps the project the role is assigned in. A user without any root
// role gets the root role named Viewer in project default. Rows of a root
// role come first.
const qUserGrants = `WITH assigned AS (` + assignedRoles + `),
	withviewer AS (
		SELECT user_id, role_id, project FROM assigned
		UNION
		SELECT u.uid, v.id, 'default' FROM unnest($1::bigint[]) AS u(uid)
			CROSS JOIN (SELECT id FROM roles WHERE name = 'Viewer' AND type = 'root' ORDER BY id LIMIT 1) v
			WHERE NOT EXISTS (SELECT 1 FROM assigned a JOIN roles r ON r.id = a.role_id
				WHERE a.user_id = u.uid AND r.type IN ('root', 'root-custom'))
	)
	SELECT a.user_id::bigint, a.role_id::bigint, r.type IN ('root', 'root-custom'), p.permission,
		CASE WHEN p.type = 'root' THEN '' ELSE a.project END,
		CASE WHEN p.type = 'environment' THEN COALESCE(rp.environment, '') ELSE '' END
	FROM withviewer a JOIN roles r ON r.id = a.role_id
		JOIN role_permission rp ON rp.role_id = a.role_id
		JOIN permissions p ON p.permission = rp.permission`

var _ auth.TokenLookup = (*DB)(nil)

// LookupToken implements auth.TokenLookup.
//
//   - An admin API token authenticates as auth.KindAdmin, whatever projects
//     it is limited to: the reference server gives an admin token the ADMIN
//     permission without a project, and its permission check lets an
//     unscoped ADMIN through everywhere.
//   - A client (or backend) token and a frontend token authenticate as
//     auth.KindClient and auth.KindFrontend, which the admin endpoints
//     refuse.
//   - A personal access token authenticates as its user (auth.KindUser)
//     with the grants of its root role in project default followed by
//     those of its project and group roles, each permission of a role
//     limited to the environment role_permission names.
//
// Expired tokens, and personal tokens of deleted users, do not
// authenticate. The secret is compared by the database's index lookup,
// as the reference server does; it never appears in an error.
func (db *DB) LookupToken(ctx context.Context, secret string) (*auth.Principal, bool, error) {
	if secret == "" || !model.Storable(secret) {
		return nil, false, nil // no row can hold it
	}
	ctx, cancel := db.bound(ctx)
	defer cancel()
	var typ string
	var userID int64
	var personal bool
	err := db.pool.QueryRow(ctx, qToken, secret).Scan(&typ, &userID, &personal)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return nil, false, nil
	case err != nil:
		return nil, false, wrap("token lookup", err, secret)
	}
	if personal {
		grants, err := db.userGrants(ctx, []int64{userID})
		if err != nil {
			return nil, false, err
		}
		return &auth.Principal{Kind: auth.KindUser, UserID: userID, Grants: grants[userID].all()}, true, nil
	}
	kind, _, ok := apiTokenKind(typ)
	if !ok {
		// Not a type the reference server knows: it authenticates no one.
		return nil, false, nil
	}
	return &auth.Principal{Kind: kind}, true, nil
}

// apiTokenKind reads the type of an api_tokens row, in any case: what it
// authenticates as, and its type in a snapshot. ok is false for a type the
// reference server does not know.
func apiTokenKind(typ string) (kind auth.Kind, snapshot string, ok bool) {
	switch strings.ToLower(typ) {
	case "admin":
		return auth.KindAdmin, model.TokenAdmin, true
	case "client", "backend":
		return auth.KindClient, model.TokenClient, true
	case "frontend":
		return auth.KindFrontend, model.TokenFrontend, true
	}
	return "", "", false
}

// userGrantSet is the grants of one user, split by where they come from.
type userGrantSet struct {
	rootRoles []int64       // the root roles among the user's roles
	root      []model.Grant // grants of root roles
	other     []model.Grant // grants of project and group roles
}

func (s *userGrantSet) all() []model.Grant {
	if s == nil {
		return nil
	}
	return append(slices.Clip(s.root), s.other...)
}

// userGrants reads the grants of users ids, in one query.
func (db *DB) userGrants(ctx context.Context, ids []int64) (map[int64]*userGrantSet, error) {
	rows, err := db.pool.Query(ctx, qUserGrants, ids)
	if err != nil {
		return nil, wrap("user permissions", err)
	}
	defer rows.Close()
	out := map[int64]*userGrantSet{}
	for rows.Next() {
		var uid, rid int64
		var isRoot bool
		var g model.Grant
		if err := rows.Scan(&uid, &rid, &isRoot, &g.Permission, &g.Project, &g.Environment); err != nil {
			return nil, wrap("user permissions", err)
		}
		s := out[uid]
		if s == nil {
			s = &userGrantSet{}
			out[uid] = s
		}
		if isRoot {
			s.root = append(s.root, g)
			if !slices.Contains(s.rootRoles, rid) {
				s.rootRoles = append(s.rootRoles, rid)
			}
		} else {
			s.other = append(s.other, g)
		}
	}
	if err := rows.Err(); err != nil {
		return nil, wrap("user permissions", err)
	}
	for _, s := range out {
		sortGrants(s.root)
		s.root = slices.Compact(s.root)
		sortGrants(s.other)
		s.other = slices.Compact(s.other)
	}
	return out, nil
}

// sortGrants orders grants by permission, project and environment.
func sortGrants(gs []model.Grant) {
	slices.SortFunc(gs, func(a, b model.Grant) int {
		if c := strings.Compare(a.Permission, b.Permission); c != 0 {
			return c
		}
		if c := strings.Compare(a.Project, b.Project); c != 0 {
			return c
		}
		return strings.Compare(a.Environment, b.Environment)
	})
}
