package unleashdb

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// DefaultUnleashURL is the public URL of the instance used for invitation
// links when Options.UnleashURL is empty; it is the reference server's own
// default.
const DefaultUnleashURL = "http://localhost:4242"

// MinMigration is the last migration of Unleash 8.2.0, the oldest schema
// this package knows. A database whose latest migration is older is
// refused.
const MinMigration = "/20260902120000-add-user-agent-to-login-history"

// Options configure a DB. The zero value is usable.
type Options struct {
	// UnleashURL is the public URL of the instance, the base of the
	// invitation links of the user listing ("" means DefaultUnleashURL).
	UnleashURL string
	// MaxConns is the largest number of connections of the pool Open
	// creates; 0 means pgxpool's default.
	MaxConns int32
	// Tracer, when set, traces every query of the pool Open creates (for
	// example to count them).
	Tracer pgx.QueryTracer
}

// DB is an Unleash database. It is safe for concurrent use.
type DB struct {
	pool       *pgxpool.Pool
	own        bool
	unleashURL string
}

// Open connects to the database at connString (a PostgreSQL URL or
// key=value string), checks its schema and returns the DB. Close releases
// the connections.
func Open(ctx context.Context, connString string, opts Options) (*DB, error) {
	cfg, err := pgxpool.ParseConfig(connString)
	if err != nil {
		return nil, wrap("open: parsing the connection string", err, secretsOf(connString)...)
	}
	secrets := secretsOf(connString)
	if cfg.ConnConfig.Password != "" {
		secrets = append(secrets, cfg.ConnConfig.Password)
	}
	if opts.MaxConns > 0 {
		cfg.MaxConns = opts.MaxConns
	}
	if opts.Tracer != nil {
		cfg.ConnConfig.Tracer = opts.Tracer
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, wrap("open", err, secrets...)
	}
	db, err := New(ctx, pool, opts)
	if err != nil {
		pool.Close()
		return nil, redact(err, secrets...)
	}
	db.own = true
	return db, nil
}

// New returns a DB over an existing pool after checking the schema.
// Closing the DB does not close the pool.
func New(ctx context.Context, pool *pgxpool.Pool, opts Options) (*DB, error) {
	if pool == nil {
		return nil, errors.New("unleashdb: New: nil pool")
	}
	db := &DB{pool: pool, unleashURL: strings.TrimRight(opts.UnleashURL, "/")}
	if db.unleashURL == "" {
		db.unleashURL = DefaultUnleashURL
	}
	if err := db.checkSchema(ctx); err != nil {
		return nil, err
	}
	return db, nil
}

// Close closes the pool that Open created.
func (db *DB) Close() {
	if db.own {
		db.pool.Close()
	}
}

// Ping checks that the database answers.
func (db *DB) Ping(ctx context.Context) error {
	if err := db.pool.Ping(ctx); err != nil {
		return wrap("ping", err)
	}
	return nil
}

// UnsupportedSchemaError is the error of Open for a database whose schema
// this package does not know.
type UnsupportedSchemaError struct {
	// Found describes what the database holds: its latest migration, or
	// the tables and columns that are missing.
	Found string
}

func (e *UnsupportedSchemaError) Error() string {
	return "unleashdb: open: not an Unleash 8.2+ database: " + e.Found
}

// requiredColumns are the columns this package reads, by table.
var requiredColumns = map[string][]string{
	"migrations":             {"id", "name"},
	"features":               {"name", "project", "archived", "archived_at", "created_at"},
	"projects":               {"id"},
	"project_settings":       {"project", "feature_limit", "feature_naming_pattern", "feature_naming_example", "feature_naming_description"},
	"environments":           {"name", "type", "sort_order"},
	"feature_strategies":     {"feature_name", "environment"},
	"strategies":             {"name", "built_in", "sort_order"},
	"context_fields":         {"name", "legal_values", "project", "sort_order"},
	"segments":               {"id", "name", "segment_project_id"},
	"tag_types":              {"name"},
	"users":                  {"id", "name", "username", "email", "image_url", "login_attempts", "created_at", "seen_at", "deleted_at", "is_service", "is_system", "scim_id", "seat_type", "company_role", "product_updates_email_consent"},
	"roles":                  {"id", "name", "type", "description"},
	"role_user":              {"role_id", "user_id", "project"},
	"role_permission":        {"role_id", "permission", "environment"},
	"permissions":            {"permission", "type"},
	"groups":                 {"id", "root_role_id"},
	"group_user":             {"group_id", "user_id"},
	"group_role":             {"group_id", "role_id", "project"},
	"api_tokens":             {"secret", "type", "expires_at", "created_at"},
	"personal_access_tokens": {"id", "secret", "user_id", "expires_at"},
	"reset_tokens":           {"reset_token", "user_id", "expires_at", "used_at", "created_at"},
}

// checkSchema refuses a database without the migrations of Unleash 8.2 or
// without a column this package reads.
func (db *DB) checkSchema(ctx context.Context) error {
	var tables, columns []string
	rows, err := db.pool.Query(ctx, `SELECT table_name::text, column_name::text FROM information_schema.columns
		WHERE table_schema = current_schema() AND table_name = ANY($1)`, tableNames())
	if err != nil {
		return wrap("open: reading the schema", err)
	}
	have := map[string]map[string]bool{}
	for rows.Next() {
		var t, c string
		if err := rows.Scan(&t, &c); err != nil {
			rows.Close()
			return wrap("open: reading the schema", err)
		}
		if have[t] == nil {
			have[t] = map[string]bool{}
		}
		have[t][c] = true
	}
	if err := rows.Err(); err != nil {
		return wrap("open: reading the schema", err)
	}
	if have["migrations"] == nil {
		return &UnsupportedSchemaError{Found: "no migrations table in schema " + quoteSchema(ctx, db)}
	}
	var last string
	err = db.pool.QueryRow(ctx, `SELECT name FROM migrations ORDER BY id DESC LIMIT 1`).Scan(&last)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return &UnsupportedSchemaError{Found: "the migrations table is empty"}
	case err != nil:
		return wrap("open: reading the migrations", err)
	}
	if migrationStamp(last) < migrationStamp(MinMigration) {
		return &UnsupportedSchemaError{Found: fmt.Sprintf("latest migration %q is older than Unleash 8.2.0's %q", last, MinMigration)}
	}
	for _, t := range tableNames() {
		if have[t] == nil {
			tables = append(tables, t)
			continue
		}
		for _, c := range requiredColumns[t] {
			if !have[t][c] {
				columns = append(columns, t+"."+c)
			}
		}
	}
	if len(tables) > 0 || len(columns) > 0 {
		var parts []string
		if len(tables) > 0 {
			parts = append(parts, "missing tables "+strings.Join(tables, ", "))
		}
		if len(columns) > 0 {
			parts = append(parts, "missing columns "+strings.Join(columns, ", "))
		}
		return &UnsupportedSchemaError{Found: fmt.Sprintf("latest migration %q but %s", last, strings.Join(parts, "; "))}
	}
	return nil
}

func quoteSchema(ctx context.Context, db *DB) string {
	var s *string
	if err := db.pool.QueryRow(ctx, `SELECT current_schema()`).Scan(&s); err != nil || s == nil {
		return "(none)"
	}
	return fmt.Sprintf("%q", *s)
}

func tableNames() []string {
	out := make([]string, 0, len(requiredColumns))
	for t := range requiredColumns {
		out = append(out, t)
	}
	sort.Strings(out)
	return out
}

// migrationStamp returns the timestamp prefix of a migration name such as
// "/20260902120000-add-...", or the name itself when it has none.
func migrationStamp(name string) string {
	s := strings.TrimPrefix(name, "/")
	if i := strings.IndexByte(s, '-'); i > 0 {
		return s[:i]
	}
	return s
}
