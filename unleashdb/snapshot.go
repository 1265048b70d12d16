package unleashdb

import (
	"time"

	"context"

	"github.com/jackc/pgx/v5"

	"github.com/flagadmin/flagadmin/model"
	"github.com/flagadmin/flagadmin/users"
)

// The queries of Snapshot, beyond those of the user listing.
const (
	qSnapEnvironments = `SELECT name, type FROM environments ORDER BY sort_order, name`
	qSnapProjects     = `SELECT p.id, ps.feature_limit, ps.feature_naming_pattern, ps.feature_naming_example,
		ps.feature_naming_description
		FROM projects p LEFT JOIN project_settings ps ON ps.project = p.id ORDER BY p.id`
	qSnapStrategies = `SELECT name, COALESCE(built_in, 0) = 1 FROM strategies ORDER BY sort_order, name`
	qSnapContext    = `SELECT name, legal_values::text, project FROM context_fields ORDER BY sort_order, name`
	qSnapSegments   = `SELECT id, name, segment_project_id FROM segments ORDER BY id`
	qSnapTagTypes   = `SELECT name FROM tag_types ORDER BY name`
	qSnapFeatures   = `SELECT f.name, COALESCE(f.project, 'default'), ` + archivedExprF + `,
		COALESCE((SELECT array_agg(DISTINCT s.environment::text) FROM feature_strategies s WHERE s.feature_name = f.name), '{}')
		FROM features f ORDER BY f.created_at, f.name`
	qSnapRoleGrants = `SELECT rp.role_id::bigint, r.type IN ('root', 'root-custom'), p.permission, p.type,
		COALESCE(rp.environment, '')
		FROM role_permission rp JOIN roles r ON r.id = rp.role_id JOIN permissions p ON p.permission = rp.permission`
	qSnapAPITokens = `SELECT secret, type, expires_at FROM api_tokens
		WHERE expires_at IS NULL OR expires_at > now() ORDER BY created_at, secret`
	qSnapPersonalTokens = `SELECT secret, user_id::bigint, expires_at FROM personal_access_tokens
		WHERE secret IS NOT NULL AND expires_at > now()
			AND user_id IN (SELECT id FROM users WHERE NOT is_system) ORDER BY id`
)

// Snapshot reads the whole state of the instance as a state snapshot:
// what the in-memory implementations (importvalidate.NewMemoryState,
// auth.NewMemoryLookup, users.NewMemoryStore) need to give the same
// answers as the database. System users and their tokens are left out;
// expired tokens too, and API tokens of a type LookupToken does not know.
// Each token is held by the SHA-256 of its secret (secretSha256), never
// by the secret, and keeps its expiry (expiresAt), so that a snapshot's
// token authenticates, and stops authenticating, as it would in the
// database. The users' e-mail addresses and invitation links are left
// out (SnapshotOptions.PersonalData keeps them).
// A user without a root role has the Viewer role's id as its rootRole, as
// the user listing shows it (and as an instance's admin API lists it).
// A root role's permissions that are not of type root are written for
// project default, where the reference assigns root roles; the grants of a
// user's project and group roles are written as the user's own grants.
//
// It is read in one transaction, so it is consistent. Each of its queries
// has the deadline of one database call.
func (db *DB) Snapshot(ctx context.Context) (*model.Snapshot, error) {
	return db.SnapshotWith(ctx, SnapshotOptions{})
}

// SnapshotWith is Snapshot with options.
func (db *DB) SnapshotWith(ctx context.Context, o SnapshotOptions) (*model.Snapshot, error) {
	tx, end, err := db.readTx(ctx, "snapshot")
	if err != nil {
		return nil, err
	}
	defer end()
	r := &snapReader{db: db, tx: tx}
	s := &model.Snapshot{Version: db.version.Version}
	steps := []func(context.Context, *model.Snapshot) error{
		r.environments, r.projects, r.strategies, r.contextFields, r.segments, r.tagTypes,
		r.features, r.importFacts, r.roles, r.users, r.tokens,
	}
	if o.FeatureConfigs {
		steps = append(steps, r.featureConfigs)
	}
	for _, step := range steps {
		if err := step(ctx, s); err != nil {
			return nil, err
		}
	}
	if !o.PersonalData {
		s.WithoutPersonalData()
	}
	return s, nil
}

// utc returns *t in UTC, nil for nil.
func utc(t *time.Time) *time.Time {
	if t == nil {
		return nil
	}
	u := t.UTC()
	return &u
}

// snapReader runs the queries of Snapshot in one transaction.
type snapReader struct {
	db *DB
	tx pgx.Tx
}

func (r *snapReader) each(ctx context.Context, op, query string, args []any, scan func(pgx.Rows) error) error {
	return r.db.eachRow(ctx, r.tx, "snapshot: "+op, query, args, scan)
}

// appendRows appends the rows of query, each read by scan, to dst.
func appendRows[T any](ctx context.Context, r *snapReader, op, query string, dst *[]T, scan func(pgx.Rows) (T, error)) error {
	return r.each(ctx, op, query, nil, func(rows pgx.Rows) error {
		v, err := scan(rows)
		if err != nil {
			return err
		}
		*dst = append(*dst, v)
		return nil
	})
}

func (r *snapReader) environments(ctx context.Context, s *model.Snapshot) error {
	return appendRows(ctx, r, "environments", qSnapEnvironments, &s.Environments, columns(func(e *model.SnapshotEnvironment) []any {
		return []any{&e.Name, &e.Type}
	}))
}

func (r *snapReader) projects(ctx context.Context, s *model.Snapshot) error {
	return appendRows(ctx, r, "projects", qSnapProjects, &s.Projects, func(rows pgx.Rows) (model.SnapshotProject, error) {
		return scanProject(rows)
	})
}

func (r *snapReader) strategies(ctx context.Context, s *model.Snapshot) error {
	return appendRows(ctx, r, "strategies", qSnapStrategies, &s.Strategies, scanStrategy)
}

func (r *snapReader) contextFields(ctx context.Context, s *model.Snapshot) error {
	return appendRows(ctx, r, "context fields", qSnapContext, &s.ContextFields, scanContextField)
}

func (r *snapReader) segments(ctx context.Context, s *model.Snapshot) error {
	return appendRows(ctx, r, "segments", qSnapSegments, &s.Segments, scanSegment)
}

func (r *snapReader) tagTypes(ctx context.Context, s *model.Snapshot) error {
	return appendRows(ctx, r, "tag types", qSnapTagTypes, &s.TagTypes, scanTagType)
}

func (r *snapReader) features(ctx context.Context, s *model.Snapshot) error {
	return appendRows(ctx, r, "features", qSnapFeatures, &s.Features, columns(func(f *model.SnapshotFeature) []any {
		return []any{&f.Name, &f.Project, &f.Archived, &f.StrategyEnvironments}
	}))
}

func (r *snapReader) roles(ctx context.Context, s *model.Snapshot) error {
	grants := map[int64][]model.Grant{}
	err := r.each(ctx, "role permissions", qSnapRoleGrants, nil, func(rows pgx.Rows) error {
		var id int64
		var root bool
		var permType, env string
		var g model.Grant
		if err := rows.Scan(&id, &root, &g.Permission, &permType, &env); err != nil {
			return err
		}
		if root && permType != "root" {
			g.Project = "default"
		}
		if permType == "environment" {
			g.Environment = env
		}
		grants[id] = append(grants[id], g)
		return nil
	})
	if err != nil {
		return err
	}
	return r.each(ctx, "roles", qRoles, nil, func(rows pgx.Rows) error {
		var role model.Role
		if err := rows.Scan(&role.ID, &role.Name, &role.Type, &role.Description); err != nil {
			return err
		}
		role.Grants = grants[role.ID]
		sortGrants(role.Grants)
		if role.Grants == nil {
			role.Grants = []model.Grant{}
		}
		s.Roles = append(s.Roles, role)
		return nil
	})
}

func (r *snapReader) users(ctx context.Context, s *model.Snapshot) error {
	var ids []int64
	err := r.each(ctx, "users", qUsers, nil, func(rows pgx.Rows) error {
		u, err := r.db.scanUser(rows)
		if err != nil || u.System {
			return err
		}
		s.Users = append(s.Users, u)
		ids = append(ids, u.ID)
		return nil
	})
	if err != nil || len(ids) == 0 {
		return err
	}
	// A user without a root role is written with the one the listing
	// shows for it (the instance's own listing does too), whose grants
	// the in-memory lookup gives it: the Viewer role.
	if viewer, ok := users.ViewerRole(s.Roles); ok {
		for i := range s.Users {
			if s.Users[i].RootRole == nil {
				v := viewer
				s.Users[i].RootRole = &v
			}
		}
	}
	// The grants of the users' other roles, read in the same transaction.
	byUser := map[int64][]model.Grant{}
	err = r.each(ctx, "user permissions", qUserGrants, []any{ids}, func(rows pgx.Rows) error {
		var uid, rid int64
		var isRoot bool
		var g model.Grant
		if err := rows.Scan(&uid, &rid, &isRoot, &g.Permission, &g.Project, &g.Environment); err != nil {
			return err
		}
		if !isRoot {
			byUser[uid] = append(byUser[uid], g)
		}
		return nil
	})
	if err != nil {
		return err
	}
	for i := range s.Users {
		gs := byUser[s.Users[i].ID]
		sortGrants(gs)
		s.Users[i].Grants = gs
	}
	return nil
}

func (r *snapReader) tokens(ctx context.Context, s *model.Snapshot) error {
	err := r.each(ctx, "API tokens", qSnapAPITokens, nil, func(rows pgx.Rows) error {
		var t model.SnapshotToken
		var secret, typ string
		if err := rows.Scan(&secret, &typ, &t.ExpiresAt); err != nil {
			return err
		}
		t.SecretSHA256 = model.TokenDigest(secret)
		_, kind, ok := apiTokenKind(typ)
		if !ok {
			return nil // it does not authenticate (LookupToken)
		}
		t.Type = kind
		t.ExpiresAt = utc(t.ExpiresAt)
		s.Tokens = append(s.Tokens, t)
		return nil
	})
	if err != nil {
		return err
	}
	return r.each(ctx, "personal access tokens", qSnapPersonalTokens, nil, func(rows pgx.Rows) error {
		var t model.SnapshotToken
		var secret string
		var uid int64
		if err := rows.Scan(&secret, &uid, &t.ExpiresAt); err != nil {
			return err
		}
		t.SecretSHA256 = model.TokenDigest(secret)
		t.Type = model.TokenPersonal
		t.UserID = &uid
		t.ExpiresAt = utc(t.ExpiresAt)
		s.Tokens = append(s.Tokens, t)
		return nil
	})
}
