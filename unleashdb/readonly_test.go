package unleashdb_test

import (
	"context"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/internal/testharness/statetest"
	"github.com/flagadmin/flagadmin/unleashdb"
)

// TestSelectOnlyRole runs every read through a role that holds nothing but
// CONNECT, USAGE on the schema and SELECT on its tables.
func TestSelectOnlyRole(t *testing.T) {
	t.Parallel()
	url := createReader(t, cloneDB(t), "flagadmin_reader", "reader-pw", "", "")
	ctx := context.Background()
	db := open(t, url, unleashdb.Options{UnleashURL: oracleURL})

	snap := snapshot(t, db)
	if d := cmp.Diff(writtenOracle(t), snap, cmpopts.EquateEmpty()); d != "" {
		t.Errorf("snapshot as the reader (-oracle +database):\n%s", d)
	}
	for _, tok := range oracleSnapshot(t).Tokens {
		if _, ok, err := db.LookupToken(ctx, tok.Secret); err != nil || !ok {
			t.Errorf("LookupToken as the reader: ok %v, err %v", ok, err)
		}
	}
	if _, err := db.Users(ctx); err != nil {
		t.Error(err)
	}
	if _, err := db.Roles(ctx); err != nil {
		t.Error(err)
	}
	v, err := importvalidate.New(importvalidate.Options{State: db})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := v.Validate(ctx, genExport(20), importvalidate.Target{Permissions: importvalidate.AllPermissions{}}); err != nil {
		t.Errorf("Validate as the reader: %v", err)
	}
	if _, _, err := statetest.Project(ctx, db, "limited"); err != nil {
		t.Error(err)
	}
	// The role really cannot write.
	conn, err := pgxConnect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, "DELETE FROM features"); err == nil || !strings.Contains(err.Error(), "permission denied") {
		t.Errorf("the reader could write: %v", err)
	}
}
