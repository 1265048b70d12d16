package main

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/flagadmin/flagadmin/internal/testharness/unleashtest"
	"github.com/flagadmin/flagadmin/model"
	"github.com/flagadmin/flagadmin/unleashdb"
)

// publicURL is the public URL the recorded servers run with, the base of
// the invitation links of their user listings (the recorded state's).
const publicURL = "http://127.0.0.1:4242"

// olderSchemaShim lets unleashdb, which reads Unleash 8.2 databases, read
// a copy of an older version's database: it adds, empty, the columns
// unleashdb reads that the older version lacks (context_fields.project
// and users.seat_type from 7.4; users.company_role and
// users.product_updates_email_consent from 7.5) and marks the copy as
// migrated to 8.2.0. Every other column unleashdb reads exists, with the
// same type, from 5.12 on. Nothing else changes, so the snapshot holds
// the older database's values.
const olderSchemaShim = `
ALTER TABLE context_fields ADD COLUMN IF NOT EXISTS project text;
ALTER TABLE users ADD COLUMN IF NOT EXISTS seat_type text;
ALTER TABLE users ADD COLUMN IF NOT EXISTS company_role text;
ALTER TABLE users ADD COLUMN IF NOT EXISTS product_updates_email_consent boolean;
INSERT INTO migrations (name, run_on) SELECT '` + unleashdb.MinMigration + `', now()
	WHERE NOT EXISTS (SELECT 1 FROM migrations WHERE name >= '` + unleashdb.MinMigration + `');
`

// readState returns the state of s's database as a snapshot, read by
// unleashdb from a copy of it (with olderSchemaShim for versions before
// 8.2). It stops s's node process first, which a copy needs (no other
// connection to the database), and keeps s's cluster running.
func readState(ctx context.Context, s *unleashtest.Server) (*model.Snapshot, error) {
	s.Kill()
	copyDB := s.Database + "_state"
	// The killed server's connections may take a moment to go.
	var err error
	for attempt := 0; attempt < 20; attempt++ {
		if err = s.Cluster.CreateDB(ctx, copyDB, s.Database); err == nil || !strings.Contains(err.Error(), "being accessed by other users") {
			break
		}
		time.Sleep(250 * time.Millisecond)
	}
	if err != nil {
		return nil, fmt.Errorf("copying the database: %w", err)
	}
	if s.Release.Version != unleashtest.UnleashVersion {
		if err := s.Cluster.Exec(ctx, copyDB, olderSchemaShim); err != nil {
			return nil, fmt.Errorf("adding the columns of 8.2 to the copy: %w", err)
		}
	}
	db, err := unleashdb.Open(ctx, s.Cluster.URL(copyDB), unleashdb.Options{UnleashURL: publicURL})
	if err != nil {
		return nil, err
	}
	defer db.Close()
	snap, err := db.Snapshot(ctx)
	if err != nil {
		return nil, err
	}
	return snap, nil
}
