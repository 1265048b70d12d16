package unleashapi_test

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/internal/testharness/conformance"
	"github.com/flagadmin/flagadmin/internal/testharness/statetest"
	"github.com/flagadmin/flagadmin/internal/testharness/testutil"
	"github.com/flagadmin/flagadmin/internal/testharness/unleashtest"
	"github.com/flagadmin/flagadmin/model"
	"github.com/flagadmin/flagadmin/model/profile"
	"github.com/flagadmin/flagadmin/unleashapi"
	"github.com/flagadmin/flagadmin/unleashdb"
)

// TestEveryVersion reads each version FLAGADMIN_VERSIONS selects (8.2.0
// alone by default), started seeded, over its admin API and from its
// database: both name the version and its profile, and the database's
// snapshot is the state recorded for that version. A long test
// (FLAGADMIN_LONG=1: .ci/long, every version); skipped by -short.
func TestEveryVersion(t *testing.T) {
	testutil.SkipUnlessLong(t)
	ctx := context.Background()
	unleashtest.EachSeeded(t, oracleURL, func(t *testing.T, v string, s *unleashtest.Server) {
		want, err := profile.Resolve(v, profile.FromInstance)
		if err != nil {
			t.Fatal(err)
		}
		c, err := unleashapi.New(s.URL, unleashtest.AdminToken, unleashapi.Options{})
		if err != nil {
			t.Fatal(err)
		}
		r, err := c.Profile(ctx)
		if err != nil || r.Version != v || r.Profile.Name != want.Profile.Name || r.Source != profile.FromInstance {
			t.Fatalf("Profile: %s %s %s, %v; want %s, %s", r.Version, r.Profile.Name, r.Source, err, v, want.Profile.Name)
		}
		if got := c.Instance().Version.Version; got != v {
			t.Errorf("Instance().Version = %q", got)
		}
		// Every version says, with its version, that it is the open-source
		// edition: no change requests, whatever the import's facts.
		if f, err := statetest.Facts(ctx, c, importvalidate.Query{Project: "default", Environment: "development"}); err != nil {
			t.Errorf("ImportFacts: %v", err)
		} else if !f.ChangeRequests.Known || f.ChangeRequests.Value.Project || !f.Limits.Known {
			t.Errorf("ImportFacts: change requests %+v, limits known %v", f.ChangeRequests, f.Limits.Known)
		}
		if us, err := c.Users(ctx); err != nil || len(us) == 0 {
			t.Errorf("Users over the API: %d, %v", len(us), err)
		}
		snap, err := c.Snapshot(ctx)
		if err != nil {
			t.Fatalf("Snapshot over the API: %v", err)
		}
		if snap.Version != v || len(snap.Features) == 0 {
			t.Errorf("Snapshot over the API: version %q, %d features", snap.Version, len(snap.Features))
		}

		db := openDatabase(t, s, unleashdb.Options{UnleashURL: oracleURL})
		// A plan into a project that does not exist reads no
		// project defaults from either source (up to 6.x the
		// project's overview is a 404).
		for name, src := range map[string]importvalidate.State{"admin API": c, "database": db} {
			cur, err := statetest.Current(ctx, src, importvalidate.Query{Project: "no-such-project", Environment: "development", Features: []string{"no-such-feature"}})
			if err != nil {
				t.Errorf("%s: a plan into a missing project: %v", name, err)
			} else if len(cur.ProjectDefaults) != 0 || len(cur.Features) != 0 {
				t.Errorf("%s: a plan into a missing project read defaults %v, features %v", name, cur.ProjectDefaults, cur.Features)
			}
		}
		dbSnap, err := db.Snapshot(ctx)
		if err != nil {
			t.Fatal(err)
		}
		type named struct {
			Name, Project string
			Archived      bool
		}
		names := func(s *model.Snapshot) (out []named) {
			for _, f := range s.Features {
				out = append(out, named{f.Name, f.Project, f.Archived})
			}
			return out
		}
		if d := cmp.Diff(names(dbSnap), names(snap)); d != "" {
			t.Errorf("the admin API's features differ from the database's (-database +api):\n%s", d)
		}
		snapshotConfigsMatch(t, c, db, &want.Profile)
		if got := db.Version(); got.Version != v || got.Profile.Name != want.Profile.Name || got.Source != profile.FromDatabase {
			t.Errorf("database Version: %s %s %s; want %s, %s", got.Version, got.Profile.Name, got.Source, v, want.Profile.Name)
		}
		got, err := db.SnapshotWith(ctx, unleashdb.SnapshotOptions{PersonalData: true})
		if err != nil {
			t.Fatal(err)
		}
		recorded := conformance.MustVersionState(t, v)
		recorded.WithoutSecrets() // the snapshot holds the digests
		if d := cmp.Diff(recorded, got, cmpopts.EquateEmpty()); d != "" {
			t.Errorf("the database's snapshot differs from the recorded state (-recorded +database):\n%s", d)
		}
		importEventsAndLimit(t, s, &want.Profile) // imports: last
	})
}
