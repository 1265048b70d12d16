package unleashdb_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/importvalidate/plan"
	"github.com/flagadmin/flagadmin/internal/testharness/pgtest"
	"github.com/flagadmin/flagadmin/internal/testharness/testutil"
	"github.com/flagadmin/flagadmin/unleashdb"
)

// TestQueryTimeout: every call has a deadline of its own, whatever the
// caller's context: a lock held on features or api_tokens makes the
// calls that read them fail with an *UnavailableError once
// Options.QueryTimeout has passed, instead of waiting for the lock.
func TestQueryTimeout(t *testing.T) {
	c := pgtest.Need(t, &env)
	name := cloneDB(t)
	ctx := context.Background()
	db := open(t, c.URL(name), unleashdb.Options{QueryTimeout: 300 * time.Millisecond})
	release := lockTables(t, name, "features, api_tokens")
	v, err := importvalidate.New(importvalidate.Options{State: db})
	if err != nil {
		t.Fatal(err)
	}
	calls := map[string]func() error{
		"Features": func() error { _, err := db.Features(ctx, []string{"existing-flag"}); return err },
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
			_, err := db.Current(ctx, plan.Query{Project: "default", Environment: "development", Features: []string{"existing-flag"}})
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
	// Once the lock is gone the calls succeed again. On a busy machine a
	// call may still pass the 300 ms deadline: an *UnavailableError is
	// asked again, for a while; any other error fails at once.
	deadline := time.Now().Add(30 * time.Second)
	for {
		_, _, err := db.LookupToken(ctx, adminToken)
		if err == nil {
			break
		}
		var u *unleashdb.UnavailableError
		if !errors.As(err, &u) || time.Now().After(deadline) {
			t.Fatalf("after the lock: %v", err)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// TestConnectionLimit: a role whose CONNECTION LIMIT is below pgxpool's
// default pool gets a pool it may open: many calls at once wait for a
// connection instead of failing with "too many connections".
func TestConnectionLimit(t *testing.T) {
	name := cloneDB(t)
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
	name := cloneDB(t)
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
