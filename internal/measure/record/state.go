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

// readState returns the state of s's database as a snapshot, read by
// unleashdb from a copy of it, with the version its migrations say and
// the users' personal data. It stops s's node process first, which a copy needs (no other
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
	db, err := unleashdb.Open(ctx, s.Cluster.URL(copyDB), unleashdb.Options{UnleashURL: publicURL})
	if err != nil {
		return nil, err
	}
	defer db.Close()
	// With the users' e-mail addresses and invitation links, which the
	// recorded user listings show.
	snap, err := db.SnapshotWith(ctx, unleashdb.SnapshotOptions{PersonalData: true})
	if err != nil {
		return nil, err
	}
	return snap, nil
}
