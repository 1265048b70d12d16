package unleashdb_test

import (
	"context"
	"fmt"
	"os"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/flagadmin/flagadmin/auth"
	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/internal/testharness/conformance"
	"github.com/flagadmin/flagadmin/internal/testharness/pgtest"
	"github.com/flagadmin/flagadmin/internal/testharness/testutil"
	"github.com/flagadmin/flagadmin/model"
	"github.com/flagadmin/flagadmin/unleashdb"
)

// env is the package's throwaway cluster, holding the reference dump.
var env pgtest.Env

func TestMain(m *testing.M) {
	// The parallel tests mostly wait on the cluster (timeouts, locks,
	// copies of the template database).
	testutil.ParallelAtLeast(6)
	os.Exit(pgtest.Main(m, &env))
}

// oracleURL is the public URL the reference server ran with, the base of
// the invitation links of oracle-state.json.
const oracleURL = "http://127.0.0.1:4242"

// Secrets of oracle-state.json.
const (
	adminToken  = "*:*.unleash-insecure-admin-api-token"
	clientToken = "default:development.unleash-insecure-backend-api-token"
	viewerToken = "user:62e4aa0433ed0562b9cef06ab66a0b7233fab6fc07064da0816b9497"
	editorToken = "user:e9739938270d7f29d0039e15f4a19c4ecbac8459a671ae808e42c2bf"
)

// openDB opens database db of the package's cluster as the superuser.
func openDB(tb testing.TB, db string, tracer pgx.QueryTracer) *unleashdb.DB {
	tb.Helper()
	return open(tb, pgtest.Need(tb, &env).URL(db), unleashdb.Options{UnleashURL: oracleURL, Tracer: tracer})
}

// open opens the database at url with opts, closed when the test ends.
func open(tb testing.TB, url string, opts unleashdb.Options) *unleashdb.DB {
	tb.Helper()
	d, err := unleashdb.Open(context.Background(), url, opts)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(d.Close)
	return d
}

// shared opens the package's read-only copy of the reference database.
func shared(tb testing.TB) *unleashdb.DB { return openDB(tb, pgtest.SharedDB, nil) }

// sharedInParallel is shared for a test that runs in parallel with the
// others: every test that reads the shared database does.
func sharedInParallel(t *testing.T) *unleashdb.DB {
	t.Helper()
	t.Parallel()
	return shared(t)
}

// exec runs sql in database db as the superuser.
func exec(tb testing.TB, db, sql string) {
	tb.Helper()
	if err := pgtest.Need(tb, &env).Exec(context.Background(), db, sql); err != nil {
		tb.Fatal(err)
	}
}

func oracleSnapshot(tb testing.TB) *model.Snapshot {
	s := conformance.MustState(tb)
	s.Version = "8.2.0" // the reference database's, which Snapshot records
	return s
}

// oracleMemory is the in-memory state of oracle-state.json, the state the
// database's answers are compared with.
func oracleMemory(tb testing.TB) *importvalidate.MemoryState {
	tb.Helper()
	mem, err := importvalidate.NewMemoryState(oracleSnapshot(tb))
	if err != nil {
		tb.Fatal(err)
	}
	return mem
}

// configSnapshot is db's snapshot with the features' configurations, all
// that a plan and the import's facts read.
func configSnapshot(tb testing.TB, db *unleashdb.DB) *model.Snapshot {
	tb.Helper()
	snap, err := db.SnapshotWith(context.Background(), unleashdb.SnapshotOptions{FeatureConfigs: true})
	if err != nil {
		tb.Fatal(err)
	}
	return snap
}

// answers asks q of the database (db) and of the in-memory source of its
// snapshot (mem), which must answer alike.
func answers[Q, A any](tb testing.TB, q Q, db, mem func(context.Context, Q) (A, error)) (fromDB, fromMemory A) {
	tb.Helper()
	ctx := context.Background()
	fromDB, err := db(ctx, q)
	if err != nil {
		tb.Fatal(err)
	}
	if fromMemory, err = mem(ctx, q); err != nil {
		tb.Fatal(err)
	}
	return fromDB, fromMemory
}

// queryCounter counts the queries of a pool.
type queryCounter struct{ n atomic.Int64 }

func (c *queryCounter) TraceQueryStart(ctx context.Context, _ *pgx.Conn, _ pgx.TraceQueryStartData) context.Context {
	c.n.Add(1)
	return ctx
}

func (c *queryCounter) TraceQueryEnd(context.Context, *pgx.Conn, pgx.TraceQueryEndData) {}

// genExport writes an import request of n features into project default,
// environment development, that makes every State method run: each
// feature has a strategy with a constraint on a context field and a
// segment, a tag, an environment and a dependency, and the import also
// names the existing features of the reference state.
func genExport(n int) []byte {
	var b strings.Builder
	b.WriteString(`{"project":"default","environment":"development","data":{"features":[`)
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, `{"name":"gen-%d","project":"default","type":"release"},`, i)
	}
	b.WriteString(`{"name":"existing-flag","project":"default","type":"release"},{"name":"archived-flag","project":"default","type":"release"}`)
	b.WriteString(`],"featureStrategies":[`)
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		strategy := "flexibleRollout"
		if i%100 == 7 {
			strategy = "custom-strategy"
		}
		fmt.Fprintf(&b, `{"name":%q,"featureName":"gen-%d","parameters":{"rollout":"50","stickiness":"default","groupId":"gen-%d"},`+
			`"constraints":[{"contextName":"region","operator":"IN","values":["eu"]}],"segments":[1]}`, strategy, i, i)
	}
	b.WriteString(`,{"name":"default","featureName":"existing-flag","parameters":{},"constraints":[]}`)
	b.WriteString(`],"featureEnvironments":[`)
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"name":"gen-%d","featureName":"gen-%d","environment":"development","enabled":true}`, i, i)
	}
	b.WriteString(`],"contextFields":[{"name":"region","legalValues":[{"value":"eu"},{"value":"us"}]}],"featureTags":[`)
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"featureName":"gen-%d","tagType":"simple","tagValue":"v%d"}`, i, i%10)
	}
	b.WriteString(`],"segments":[{"id":1,"name":"beta-users"}],"tagTypes":[{"name":"simple"}],"dependencies":[`)
	for i := 1; i < n; i++ {
		if i > 1 {
			b.WriteByte(',')
		}
		parent := fmt.Sprintf("gen-%d", i-1)
		if i%50 == 0 {
			parent = "existing-flag"
		}
		fmt.Fprintf(&b, `{"feature":"gen-%d","dependencies":[{"feature":%q}]}`, i, parent)
	}
	b.WriteString(`]}}`)
	return []byte(b.String())
}

// cloneDB returns a fresh copy of the reference database for a test that
// changes it.
func cloneDB(tb testing.TB) string { return pgtest.CloneDB(tb, &env) }

// cloneInParallel is cloneDB for a test that runs in parallel with the
// others, on its own copy.
func cloneInParallel(t *testing.T) string {
	t.Helper()
	t.Parallel()
	return cloneDB(t)
}

// snapshot returns db's snapshot.
func snapshot(tb testing.TB, db *unleashdb.DB) *model.Snapshot {
	tb.Helper()
	s, err := db.Snapshot(context.Background())
	if err != nil {
		tb.Fatalf("Snapshot: %v", err)
	}
	return s
}

// memoryLookup returns the auth.MemoryLookup of s.
func memoryLookup(tb testing.TB, s *model.Snapshot) *auth.MemoryLookup {
	tb.Helper()
	mem, err := auth.NewMemoryLookup(s)
	if err != nil {
		tb.Fatalf("NewMemoryLookup: %v", err)
	}
	return mem
}

func itoa(n int) string { return fmt.Sprint(n) }

func pgxConnect(ctx context.Context, url string) (*pgx.Conn, error) { return pgx.Connect(ctx, url) }

// createReader creates, in database db, role (with password pw) and gives
// it what reading the database takes: CONNECT, USAGE on the schema, no
// other grant to PUBLIC, and SELECT on every table; options (such as
// "CONNECTION LIMIT 2") complete the role's creation, and then, if any,
// run after the grants. It returns the URL that connects to db as role.
func createReader(tb testing.TB, db, role, pw, options, then string) (url string) {
	tb.Helper()
	exec(tb, db, `DO $$ BEGIN
			IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '`+role+`') THEN
				CREATE ROLE `+role+` LOGIN PASSWORD '`+pw+`' `+options+`;
			END IF;
		END $$;
		REVOKE ALL ON SCHEMA public FROM PUBLIC;
		GRANT CONNECT ON DATABASE `+db+` TO `+role+`;
		GRANT USAGE ON SCHEMA public TO `+role+`;
		GRANT SELECT ON ALL TABLES IN SCHEMA public TO `+role+`;
		`+then)
	return pgtest.Need(tb, &env).URLAs(role, pw, db)
}

// lockTables takes an ACCESS EXCLUSIVE lock on tables (a comma-separated
// list) of database db, in a transaction of a connection of its own, and
// returns the function that releases it (it also ends with the test).
func lockTables(tb testing.TB, db, tables string) (release func()) {
	tb.Helper()
	ctx := context.Background()
	conn, err := pgxConnect(ctx, pgtest.Need(tb, &env).URL(db))
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { conn.Close(ctx) })
	if _, err := conn.Exec(ctx, "BEGIN; LOCK TABLE "+tables+" IN ACCESS EXCLUSIVE MODE"); err != nil {
		tb.Fatal(err)
	}
	return func() {
		if _, err := conn.Exec(ctx, "ROLLBACK"); err != nil {
			tb.Fatal(err)
		}
	}
}
