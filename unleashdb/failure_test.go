package unleashdb_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/internal/testharness/pgtest"
	"github.com/flagadmin/flagadmin/internal/testharness/statetest"
	"github.com/flagadmin/flagadmin/internal/testharness/testutil"
	"github.com/flagadmin/flagadmin/unleashdb"
)

// TestWrongPassword: a clear error without the password.
func TestWrongPassword(t *testing.T) {
	t.Parallel()
	c := pgtest.Need(t, &env)
	const pw = "not-the-password-s3cr3t"
	for _, url := range []string{
		c.URLAs(pgtest.Superuser, pw, pgtest.SharedDB),
		"host=127.0.0.1 port=" + itoa(c.Port()) + " user=postgres dbname=unleash sslmode=disable password=" + pw,
	} {
		db, err := unleashdb.Open(context.Background(), url, unleashdb.Options{})
		if err == nil {
			db.Close()
			t.Fatal("Open succeeded with a wrong password")
		}
		msg := err.Error()
		if strings.Contains(msg, pw) {
			t.Errorf("error holds the password: %s", msg)
		}
		if !strings.HasPrefix(msg, "unleashdb: open") || !strings.Contains(msg, "password authentication failed") {
			t.Errorf("error %q does not say that opening failed on the password", msg)
		}
	}
	// A connection string that does not parse: the password is not quoted
	// back either.
	_, err := unleashdb.Open(context.Background(), "postgres://u:"+pw+"@127.0.0.1:notaport/x", unleashdb.Options{})
	if err == nil || strings.Contains(err.Error(), pw) || !strings.HasPrefix(err.Error(), "unleashdb: open") {
		t.Errorf("bad URL: error %v", err)
	}
}

// TestDeadline: a lookup waiting on a lock returns when its context ends,
// with an error naming the operation.
func TestDeadline(t *testing.T) {
	name := cloneInParallel(t)
	db := openDB(t, name, nil)
	ctx := context.Background()
	release := lockTables(t, name, "features")
	dctx, cancel := context.WithTimeout(ctx, 200*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := statetest.Features(dctx, db, []string{"existing-flag"})
	if took := time.Since(start); took > 5*time.Second {
		t.Errorf("Features returned after %v, long after its deadline", took)
	}
	if err == nil || !errors.Is(err, context.DeadlineExceeded) || !strings.HasPrefix(err.Error(), "unleashdb: features") {
		t.Errorf("error %v; want a features error wrapping context.DeadlineExceeded", err)
	}
	release()
	if _, err := statetest.Features(ctx, db, []string{"existing-flag"}); err != nil {
		t.Errorf("after the lock: %v", err)
	}
}

// TestDatabaseStopped: the database goes away while in use; every
// operation fails with a clear error and nothing panics. A long test
// (FLAGADMIN_LONG=1, .ci/long): it starts a cluster of its own.
func TestDatabaseStopped(t *testing.T) {
	t.Parallel()
	testutil.SkipUnlessLong(t)
	pgtest.Need(t, &env)
	ctx := context.Background()
	c, err := pgtest.Start(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Stop()
	if err := c.LoadDump(ctx, "u", pgtest.DumpFile()); err != nil {
		t.Fatal(err)
	}
	db := open(t, c.URL("u"), unleashdb.Options{})
	v, err := importvalidate.New(importvalidate.Options{State: db})
	if err != nil {
		t.Fatal(err)
	}
	body := genExport(10)
	if rep, err := v.Validate(ctx, body, importvalidate.Target{Permissions: importvalidate.AllPermissions{}}); err != nil || rep == nil {
		t.Fatalf("before the stop: %v", err)
	}
	if err := c.Kill(); err != nil {
		t.Fatal(err)
	}
	rep, err := v.Validate(ctx, body, importvalidate.Target{Permissions: importvalidate.AllPermissions{}})
	if err == nil || rep != nil {
		t.Errorf("Validate after the stop: report %v, error %v; want no report and an error", rep != nil, err)
	} else if !strings.Contains(err.Error(), "unleashdb: ") {
		t.Errorf("Validate error %q does not name the database operation", err)
	}
	if _, _, err := db.LookupToken(ctx, adminToken); err == nil || !strings.HasPrefix(err.Error(), "unleashdb: token lookup") || strings.Contains(err.Error(), adminToken) {
		t.Errorf("LookupToken after the stop: %v", err)
	}
	if _, err := db.Users(ctx); err == nil || !strings.HasPrefix(err.Error(), "unleashdb: users") {
		t.Errorf("Users after the stop: %v", err)
	}
	if _, err := db.Snapshot(ctx); err == nil || !strings.HasPrefix(err.Error(), "unleashdb: snapshot") {
		t.Errorf("Snapshot after the stop: %v", err)
	}
	_, err = unleashdb.Open(ctx, c.URL("u"), unleashdb.Options{})
	if err == nil || !strings.HasPrefix(err.Error(), "unleashdb: open") {
		t.Errorf("Open after the stop: %v", err)
	}
	// Each of these says the database is unavailable, which a server
	// answers with 503 and Retry-After.
	_, _, lookupErr := db.LookupToken(ctx, adminToken)
	_, usersErr := db.Users(ctx)
	_, validateErr := v.Validate(ctx, body, importvalidate.Target{Permissions: importvalidate.AllPermissions{}})
	for what, err := range map[string]error{"Open": err, "LookupToken": lookupErr, "Users": usersErr, "Validate": validateErr} {
		var u *unleashdb.UnavailableError
		if !errors.As(err, &u) || !u.Unavailable() {
			t.Errorf("%s after the stop: %v is no *UnavailableError", what, err)
		}
	}
}

// TestOpenRefusesUnknownSchema: Open refuses a database it does not know,
// naming what it found.
func TestOpenRefusesUnknownSchema(t *testing.T) {
	t.Parallel()
	c := pgtest.Need(t, &env)
	tests := []struct {
		name  string
		setup string
		want  []string
	}{
		{"empty database", "", []string{"no migrations table"}},
		{"no migrations", `DELETE FROM migrations;`, []string{"migrations table is empty"}},
		{"older Unleash", `DELETE FROM migrations WHERE name >= '/20240419';`, []string{"latest migration", "older than Unleash 5.12.8's", "the oldest supported"}},
		{"a column of its version", `ALTER TABLE users DROP COLUMN seat_type;`, []string{"(Unleash 8.2.0) but missing columns users.seat_type"}},
		{"a table of its version", `DELETE FROM migrations WHERE name > '/20250506074807-feature-link-table'; DROP TABLE feature_link;`,
			[]string{"(Unleash 6.10.1) but missing tables feature_link"}},
		{"missing column", `ALTER TABLE features DROP COLUMN archived_at CASCADE; ALTER TABLE role_permission DROP COLUMN environment CASCADE;`,
			[]string{"missing columns features.archived_at, role_permission.environment"}},
		{"missing table", `DROP TABLE personal_access_tokens;`, []string{"missing tables personal_access_tokens"}},
		{"column of another type", `ALTER TABLE api_tokens ALTER COLUMN expires_at TYPE text; ALTER TABLE roles ALTER COLUMN description TYPE int USING NULL;`,
			[]string{"columns of other types: api_tokens.expires_at is text, not a timestamp; roles.description is integer, not a text type"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel() // a database of its own
			var name string
			if tt.setup == "" {
				name = "empty_" + strings.ReplaceAll(strings.ToLower(t.Name()), "/", "_")
				if err := c.CreateDB(context.Background(), name, ""); err != nil {
					t.Fatal(err)
				}
				// Dropped when the test ends, so that it can run again
				// (go test -count=2).
				t.Cleanup(func() {
					if err := c.Exec(context.Background(), "postgres", "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)"); err != nil {
						t.Errorf("dropping %s: %v", name, err)
					}
				})
			} else {
				name = cloneDB(t)
				exec(t, name, tt.setup)
			}
			db, err := unleashdb.Open(context.Background(), c.URL(name), unleashdb.Options{})
			if err == nil {
				db.Close()
				t.Fatal("Open accepted the database")
			}
			var use *unleashdb.UnsupportedSchemaError
			if !errors.As(err, &use) {
				t.Errorf("error %v is no *UnsupportedSchemaError", err)
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not say %q", err, w)
				}
			}
		})
	}
}

// TestQueryTimeout: every call has a deadline of its own, whatever the
// caller's context: a lock held on features or api_tokens makes the
// calls that read them fail with an *UnavailableError once
// Options.QueryTimeout has passed, instead of waiting for the lock.
func TestQueryTimeout(t *testing.T) {
	t.Parallel()
	c := pgtest.Need(t, &env)
	name := cloneDB(t)
	ctx := context.Background()
	db := openRetrying(t, c.URL(name), unleashdb.Options{QueryTimeout: 300 * time.Millisecond})
	release := lockTables(t, name, "features, api_tokens")
	v, err := importvalidate.New(importvalidate.Options{State: db})
	if err != nil {
		t.Fatal(err)
	}
	calls := map[string]func() error{
		"Features": func() error { _, err := statetest.Features(ctx, db, []string{"existing-flag"}); return err },
		"LookupToken": func() error {
			_, _, err := db.LookupToken(ctx, adminToken)
			if err != nil && strings.Contains(err.Error(), adminToken) {
				t.Errorf("the error holds the token: %v", err)
			}
			return err
		},
		"Validate": func() error {
			_, err := v.Validate(ctx, genExport(5), importvalidate.Target{Permissions: importvalidate.AllPermissions{}})
			return err
		},
		"Snapshot": func() error { _, err := db.Snapshot(ctx); return err },
		"Current": func() error {
			_, err := statetest.Current(ctx, db, importvalidate.Query{Project: "default", Environment: "development", Features: []string{"existing-flag"}})
			return err
		},
	}
	for what, call := range calls {
		testutil.Within(t, 10*time.Second, what, func() {
			err := call()
			var u *unleashdb.UnavailableError
			if !errors.As(err, &u) || !errors.Is(err, context.DeadlineExceeded) {
				t.Errorf("%s under a lock: %v; want an *UnavailableError after the deadline", what, err)
			}
		})
	}
	release()
	// Once the lock is gone the calls succeed again.
	if err := untilAvailable(func() error { _, _, err := db.LookupToken(ctx, adminToken); return err }); err != nil {
		t.Fatalf("after the lock: %v", err)
	}
}

// openRetrying opens the database at url with opts, whose QueryTimeout is
// short, as open does: on a busy machine reading the schema may pass that
// deadline, and Open is tried again (see untilAvailable).
func openRetrying(tb testing.TB, url string, opts unleashdb.Options) *unleashdb.DB {
	tb.Helper()
	var db *unleashdb.DB
	err := untilAvailable(func() (err error) {
		db, err = unleashdb.Open(context.Background(), url, opts)
		return err
	})
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(db.Close)
	return db
}

// untilAvailable calls call until it returns no *UnavailableError, for
// up to 30 seconds, and returns its last error: on a busy machine a call
// may pass a short QueryTimeout with no lock in its way; any other error
// ends the wait at once.
func untilAvailable(call func() error) error {
	deadline := time.Now().Add(30 * time.Second)
	for {
		err := call()
		var u *unleashdb.UnavailableError
		if err == nil || !errors.As(err, &u) || time.Now().After(deadline) {
			return err
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// TestConnectionLimit: a role whose CONNECTION LIMIT is below pgxpool's
// default pool gets a pool it may open: many calls at once wait for a
// connection instead of failing with "too many connections".
func TestConnectionLimit(t *testing.T) {
	name := cloneInParallel(t)
	ctx := context.Background()
	db := open(t, createReader(t, name, "flagadmin_two", "two-pw", "CONNECTION LIMIT 2", ""), unleashdb.Options{})
	if n := db.MaxConns(); n > 2 {
		t.Errorf("pool of %d connections for a role limited to 2", n)
	}
	v, err := importvalidate.New(importvalidate.Options{State: db})
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	errs := make(chan error, 16)
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := v.Validate(ctx, genExport(20), importvalidate.Target{Permissions: importvalidate.AllPermissions{}}); err != nil {
				errs <- err
			}
			if _, _, err := db.LookupToken(ctx, viewerToken); err != nil {
				errs <- err
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Errorf("with 8 calls at once: %v", err)
	}
	// Asked for more than the role may open, the pool is no larger
	// either, and its calls wait for its one connection.
	one := open(t, createReader(t, name, "flagadmin_one", "one-pw", "CONNECTION LIMIT 1", ""), unleashdb.Options{MaxConns: 10})
	if n := one.MaxConns(); n != 1 {
		t.Errorf("MaxConns 10 for a role limited to 1: pool of %d", n)
	}
	var wg1 sync.WaitGroup
	for range 4 {
		wg1.Add(1)
		go func() {
			defer wg1.Done()
			if _, _, err := one.LookupToken(ctx, viewerToken); err != nil {
				t.Errorf("a role limited to 1, 4 lookups at once: %v", err)
			}
		}()
	}
	wg1.Wait()
}

// TestPermissionError: a role that may not read a table, or the schema,
// is told so, not that the database is not Unleash's.
func TestPermissionError(t *testing.T) {
	name := cloneInParallel(t)
	url := createReader(t, name, "flagadmin_partial", "partial-pw", "",
		`REVOKE SELECT ON api_tokens, users FROM flagadmin_partial; GRANT SELECT (id, name) ON users TO flagadmin_partial;`)
	check := func(want string) {
		t.Helper()
		db, err := unleashdb.Open(context.Background(), url, unleashdb.Options{})
		if err == nil {
			db.Close()
			t.Fatal("Open succeeded")
		}
		var pe *unleashdb.PermissionError
		var use *unleashdb.UnsupportedSchemaError
		if !errors.As(err, &pe) || errors.As(err, &use) || !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "partial-pw") {
			t.Errorf("error %v; want a *PermissionError saying %q", err, want)
		}
	}
	check(`role "flagadmin_partial" may not read table api_tokens, users.username, users.email`)
	exec(t, name, `REVOKE USAGE ON SCHEMA public FROM flagadmin_partial;`)
	check(`may not read schema public`)
}
