package unleashdb

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/model"
	"github.com/flagadmin/flagadmin/model/profile"
)

// DefaultUnleashURL is the public URL of the instance used for invitation
// links when Options.UnleashURL is empty; it is the reference server's own
// default.
const DefaultUnleashURL = "http://localhost:4242"

// MinMigration is the last migration of Unleash 8.2.0, the newest
// verified version. Older databases are read as their version has them
// (see DB.Version); one older than Unleash 5.12.8's latest migration is
// refused.
const MinMigration = "/20260902120000-add-user-agent-to-login-history"

// DefaultQueryTimeout is the deadline of each database call when
// Options.QueryTimeout is 0.
const DefaultQueryTimeout = 5 * time.Second

// Options configure a DB. The zero value is usable.
type Options struct {
	// UnleashURL is the public URL of the instance, the base of the
	// invitation links of the user listing ("" means DefaultUnleashURL).
	UnleashURL string
	// MaxConns is the largest number of connections of the pool Open
	// creates; 0 means the URL's pool_max_conns, or else pgxpool's
	// default (4, or the number of CPUs if more). Either way Open lowers
	// it to what the role and the database may open (their CONNECTION
	// LIMIT, less the connections they hold when Open runs, at least 1),
	// as more would be refused. A call that finds every connection busy
	// waits for one, within its deadline.
	MaxConns int32
	// QueryTimeout is the deadline of each database call (each query of
	// Read, Open and Snapshot, a Store method, a token lookup); 0 means DefaultQueryTimeout. A call that does not end
	// within it fails with an *UnavailableError, as does one the database
	// refuses for being down, starting, shutting down or out of
	// connections.
	QueryTimeout time.Duration
	// Tracer, when set, traces every query of the pool Open creates (for
	// example to count them).
	Tracer pgx.QueryTracer
	// Version, when set, is the instance's Unleash version (such as
	// "7.6.5"), used instead of the one read from the latest migration.
	// It must be one of 5.12.0 to 8.x.
	Version string
	// ResourceLimits are the instance's resource limits, which its
	// configuration sets (UNLEASH_CONSTRAINTS_LIMIT and the like) and its
	// database does not hold. nil means the defaults of the database's
	// version (model/profile), with LimitOverrides over them: right for
	// an instance started without such settings, and wrong, both ways,
	// for one started with them (importvalidate.ImportFacts).
	ResourceLimits *importvalidate.ResourceLimits
	// LimitOverrides, when ResourceLimits is nil, are the limits the
	// instance's configuration sets, one by one: a member left nil is
	// the version's default. None may be negative.
	LimitOverrides *model.SnapshotResourceLimits
}

// DB is an Unleash database. It is safe for concurrent use.
type DB struct {
	pool       *pgxpool.Pool
	own        bool
	unleashURL string
	timeout    time.Duration
	// version is the database's version; shim rewrites the queries for the
	// tables and columns it lacks (versions.go).
	version profile.Resolved
	shim    *strings.Replacer
	limits  importvalidate.ResourceLimits
}

// bound returns ctx with the deadline of one database call.
func (db *DB) bound(ctx context.Context) (context.Context, context.CancelFunc) {
	return context.WithTimeout(ctx, db.timeout)
}

// readTx begins a transaction that only reads and sees the database as of
// one instant (repeatable read), with the deadline of one database call
// for its beginning; op names the operation in an error. end rolls the
// transaction back, which is how such a transaction ends.
func (db *DB) readTx(ctx context.Context, op string) (tx pgx.Tx, end func(), err error) {
	bctx, cancel := db.bound(ctx)
	tx, err = db.pool.BeginTx(bctx, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly})
	if err != nil {
		cancel()
		return nil, nil, wrap(op, err)
	}
	return tx, func() {
		_ = tx.Rollback(context.Background())
		cancel()
	}, nil
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
	if err := db.fitPool(ctx, cfg); err != nil {
		db.pool.Close()
		return nil, redact(err, secrets...)
	}
	db.own = true
	return db, nil
}

// qConnLimits reads how many more connections the role and the database
// may open: their CONNECTION LIMIT (-1: none) and the connections each
// holds now.
const qConnLimits = `SELECT pg_backend_pid(), r.rolconnlimit, d.datconnlimit,
		(SELECT count(*) FROM pg_stat_activity WHERE usename = current_user)::int,
		(SELECT count(*) FROM pg_stat_activity WHERE datname = current_database())::int
	FROM pg_roles r, pg_database d WHERE r.rolname = current_user AND d.datname = current_database()`

// fitPool replaces the pool by one no larger than the role and the
// database may open beside their other connections: a pool larger than
// that gets "too many connections" (SQLSTATE 53300) where it could wait
// for one of its own connections instead.
func (db *DB) fitPool(ctx context.Context, cfg *pgxpool.Config) error {
	var pid, roleLimit, dbLimit, roleUsed, dbUsed int32
	if err := db.queryRow(ctx, qConnLimits, nil, &pid, &roleLimit, &dbLimit, &roleUsed, &dbUsed); err != nil {
		return wrap("open: reading the connection limits", err)
	}
	own := db.pool.Stat().TotalConns()
	size := cfg.MaxConns
	for _, l := range [][2]int32{{roleLimit, roleUsed}, {dbLimit, dbUsed}} {
		if l[0] >= 0 {
			size = min(size, max(1, l[0]-(l[1]-own)))
		}
	}
	if size == cfg.MaxConns {
		return nil
	}
	cfg.MaxConns = size
	cfg.MinConns = min(cfg.MinConns, size)
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return wrap("open", err)
	}
	db.pool.Close()
	db.pool = pool
	db.awaitExit(ctx, pid)
	return nil
}

// awaitExit waits, within the deadline of one call, until the server no
// longer counts the connection of backend pid, which was closed: until
// its backend has exited, the server counts it against the limits, and
// would refuse the new pool's first connections.
func (db *DB) awaitExit(ctx context.Context, pid int32) {
	ctx, cancel := db.bound(ctx)
	defer cancel()
	for {
		var gone bool
		err := db.pool.QueryRow(ctx, `SELECT NOT EXISTS (SELECT 1 FROM pg_stat_activity WHERE pid = $1)`, pid).Scan(&gone)
		if (err == nil && gone) || ctx.Err() != nil {
			return // gone, or not known to be: the pool waits no longer
		}
		t := time.NewTimer(10 * time.Millisecond)
		select {
		case <-t.C:
		case <-ctx.Done():
			t.Stop()
			return
		}
	}
}

// MaxConns is the largest number of connections the pool may open (see
// Options.MaxConns).
func (db *DB) MaxConns() int32 { return db.pool.Config().MaxConns }

// New returns a DB over an existing pool after checking the schema.
// Closing the DB does not close the pool.
func New(ctx context.Context, pool *pgxpool.Pool, opts Options) (*DB, error) {
	if pool == nil {
		return nil, errors.New("unleashdb: New: nil pool")
	}
	if opts.QueryTimeout < 0 {
		return nil, fmt.Errorf("unleashdb: Options.QueryTimeout %v is negative", opts.QueryTimeout)
	}
	db := &DB{pool: pool, unleashURL: strings.TrimRight(opts.UnleashURL, "/"), timeout: opts.QueryTimeout}
	if db.unleashURL == "" {
		db.unleashURL = DefaultUnleashURL
	}
	if db.timeout == 0 {
		db.timeout = DefaultQueryTimeout
	}
	if err := db.checkSchema(ctx, opts.Version); err != nil {
		return nil, err
	}
	var err error
	if db.limits, err = resourceLimits(opts, db.version.Profile); err != nil {
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
	ctx, cancel := db.bound(ctx)
	defer cancel()
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
	return "unleashdb: open: not a supported Unleash database (5.12 to 8.x): " + e.Found
}

// PermissionError is the error of Open for a role that may not read what
// this package reads: the tables and columns exist, but the role lacks
// USAGE on the schema or SELECT on them.
type PermissionError struct {
	// Role is the role Open connected as.
	Role string
	// Missing names what the role may not read: "schema public", tables,
	// or table.column for a column-level grant that leaves a column out.
	Missing []string
}

func (e *PermissionError) Error() string {
	return fmt.Sprintf("unleashdb: open: role %q may not read %s (it needs USAGE on the schema and SELECT on its tables)",
		e.Role, strings.Join(e.Missing, ", "))
}

// requiredColumns are the columns this package reads in every version,
// by table, each with the kind of type it is read as (see typeKinds). The
// newer versions' columns are read where they exist (optionalReads).
var requiredColumns = map[string][]string{
	"migrations":             {"id int", "name text"},
	"features":               {"name text", "project text", "archived bool", "archived_at time", "created_at time"},
	"projects":               {"id text"},
	"project_settings":       {"project text", "feature_limit int", "feature_naming_pattern text", "feature_naming_example text", "feature_naming_description text"},
	"environments":           {"name text", "type text", "sort_order int"},
	"feature_strategies":     {"feature_name text", "environment text"},
	"strategies":             {"name text", "built_in int", "sort_order int"},
	"context_fields":         {"name text", "legal_values json", "sort_order int"},
	"segments":               {"id int", "name text", "segment_project_id text", "constraints json"},
	"tag_types":              {"name text"},
	"users":                  {"id int", "name text", "username text", "email text", "image_url text", "login_attempts int", "created_at time", "seen_at time", "deleted_at time", "is_service bool", "is_system bool", "scim_id text"},
	"roles":                  {"id int", "name text", "type text", "description text"},
	"role_user":              {"role_id int", "user_id int", "project text"},
	"role_permission":        {"role_id int", "permission text", "environment text"},
	"permissions":            {"permission text", "type text"},
	"groups":                 {"id int", "root_role_id int"},
	"group_user":             {"group_id int", "user_id int"},
	"group_role":             {"group_id int", "role_id int", "project text"},
	"api_tokens":             {"secret text", "type text", "expires_at time", "created_at time"},
	"personal_access_tokens": {"id int", "secret text", "user_id int", "expires_at time"},
	"reset_tokens":           {"reset_token text", "user_id int", "expires_at time", "used_at time", "created_at time"},
}

// typeKind is the kind of a column's type (format_type without its
// modifier, of the domain's base type) as this package reads it; "" for a
// type it cannot read.
func typeKind(typ string) string {
	switch typ {
	case "text", "character varying", "character", "name", "citext":
		return "text"
	case "smallint", "integer", "bigint":
		return "int"
	case "boolean":
		return "bool"
	case "timestamp with time zone", "timestamp without time zone":
		return "time"
	case "json", "jsonb":
		return "json"
	}
	return ""
}

// kindName words a kind of typeKind for an error.
func kindName(kind string) string {
	switch kind {
	case "text":
		return "a text type"
	case "int":
		return "an integer type"
	case "time":
		return "a timestamp"
	case "json":
		return "json or jsonb"
	}
	return kind
}

// qColumns reads, from the catalog (which a role may read whatever it may
// not select), the columns of the tables of $1 in the current schema, with
// their types and whether the role may select them.
const qColumns = `SELECT c.relname::text, a.attname::text,
		format_type(COALESCE(NULLIF(t.typbasetype, 0), a.atttypid), NULL),
		has_column_privilege(c.oid, a.attnum, 'SELECT')
	FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
		JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
		JOIN pg_type t ON t.oid = a.atttypid
	WHERE n.nspname = $2 AND c.relname = ANY($1) AND c.relkind IN ('r', 'p', 'v', 'm', 'f')`

// catalogColumn is a column as the catalog describes it.
type catalogColumn struct {
	typ      string
	readable bool
}

// checkSchema reads the database's version (override, else its latest
// migration) and refuses a database older than Unleash 5.12.8, without a
// column this package reads in every version or one its version has, or
// with a column of a type it cannot read (*UnsupportedSchemaError), and a
// role that may not read them (*PermissionError).
func (db *DB) checkSchema(ctx context.Context, override string) error {
	var role, schema string
	var usage bool
	err := db.queryRow(ctx, `SELECT current_user::text, COALESCE(s.nspname::text, ''), COALESCE(has_schema_privilege(s.oid, 'USAGE'), false)
		FROM (SELECT 1) one LEFT JOIN pg_namespace s ON s.nspname = COALESCE(current_schema(), 'public')`, nil, &role, &schema, &usage)
	if err != nil {
		return wrap("open: reading the schema", err)
	}
	if schema == "" {
		return &UnsupportedSchemaError{Found: "no schema public, and no schema in the search path"}
	}
	have := map[string]map[string]catalogColumn{}
	err = db.each(ctx, "open: reading the schema", qColumns, []any{append(tableNames(), optionalTables()...), schema}, func(rows pgx.Rows) error {
		var t, c string
		var col catalogColumn
		if err := rows.Scan(&t, &c, &col.typ, &col.readable); err != nil {
			return err
		}
		if have[t] == nil {
			have[t] = map[string]catalogColumn{}
		}
		have[t][c] = col
		return nil
	})
	if err != nil {
		return err
	}
	if have["migrations"] == nil {
		return &UnsupportedSchemaError{Found: fmt.Sprintf("no migrations table in schema %q", schema)}
	}
	if denied := deniedReads(have, schema, usage); len(denied) > 0 {
		return &PermissionError{Role: role, Missing: denied}
	}
	var last string
	err = db.queryRow(ctx, `SELECT name FROM migrations ORDER BY id DESC LIMIT 1`, nil, &last)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return &UnsupportedSchemaError{Found: "the migrations table is empty"}
	case err != nil:
		return wrap("open: reading the migrations", err)
	}
	if db.version, err = resolveVersion(override, last); err != nil {
		return err
	}
	missing, shim := versionReads(db.version, have)
	db.shim = shim
	var tables, columns, types []string
	for _, t := range tableNames() {
		if have[t] == nil {
			tables = append(tables, t)
			continue
		}
		for _, spec := range requiredColumns[t] {
			c, kind, _ := strings.Cut(spec, " ")
			col, ok := have[t][c]
			switch {
			case !ok:
				columns = append(columns, t+"."+c)
			case typeKind(col.typ) != kind:
				types = append(types, fmt.Sprintf("%s.%s is %s, not %s", t, c, col.typ, kindName(kind)))
			}
		}
	}
	for _, m := range missing {
		if strings.Contains(m, ".") {
			columns = append(columns, m)
		} else {
			tables = append(tables, m)
		}
	}
	if len(tables) > 0 || len(columns) > 0 || len(types) > 0 {
		var parts []string
		if len(tables) > 0 {
			parts = append(parts, "missing tables "+strings.Join(tables, ", "))
		}
		if len(columns) > 0 {
			parts = append(parts, "missing columns "+strings.Join(columns, ", "))
		}
		if len(types) > 0 {
			parts = append(parts, "columns of other types: "+strings.Join(types, "; "))
		}
		return &UnsupportedSchemaError{Found: fmt.Sprintf("latest migration %q (Unleash %s) but %s", last, db.version.Version, strings.Join(parts, "; "))}
	}
	return nil
}

// deniedReads lists what the role may not read of the required tables and
// columns that exist: the schema without USAGE, a table none of whose
// required columns it may select, or the columns it may not.
func deniedReads(have map[string]map[string]catalogColumn, schema string, usage bool) []string {
	var denied []string
	if !usage {
		denied = append(denied, "schema "+schema)
	}
	for _, t := range tableNames() {
		var cols []string
		for _, spec := range requiredColumns[t] {
			c, _, _ := strings.Cut(spec, " ")
			if col, ok := have[t][c]; ok && !col.readable {
				cols = append(cols, t+"."+c)
			}
		}
		if t == "users" || t == "context_fields" || t == "feature_strategies" {
			for _, o := range optionalReads() {
				if col, ok := have[t][o.column]; o.table == t && ok && !col.readable {
					cols = append(cols, t+"."+o.column)
				}
			}
		}
		switch {
		case len(cols) == 0:
		case len(cols) == len(requiredColumns[t]):
			denied = append(denied, "table "+t)
		default:
			denied = append(denied, cols...)
		}
	}
	return denied
}

// queryRow reads one row into dest, within the deadline of one call.
func (db *DB) queryRow(ctx context.Context, query string, args []any, dest ...any) error {
	ctx, cancel := db.bound(ctx)
	defer cancel()
	return db.pool.QueryRow(ctx, query, args...).Scan(dest...)
}

// each runs query within the deadline of one call, calling scan per row.
func (db *DB) each(ctx context.Context, op, query string, args []any, scan func(pgx.Rows) error) error {
	return db.eachRow(ctx, db.pool, op, query, args, scan)
}

func tableNames() []string {
	out := make([]string, 0, len(requiredColumns))
	for t := range requiredColumns {
		out = append(out, t)
	}
	sort.Strings(out)
	return out
}
