package unleashdb_test

import (
	"context"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/internal/testharness/pgtest"
	"github.com/flagadmin/flagadmin/internal/testharness/statetest"
	"github.com/flagadmin/flagadmin/internal/testharness/testutil"
	"github.com/flagadmin/flagadmin/model"
	"github.com/flagadmin/flagadmin/model/profile"
	"github.com/flagadmin/flagadmin/unleashdb"
)

// The SQL that turns a copy of the 8.2 database into the schema of an
// older version, as far as this package reads it: its latest migration,
// and without the tables and columns that version lacks.
const (
	as76 = `DELETE FROM migrations WHERE name > '/20260406161629-user-access-requests-unique-email';`
	as75 = `DELETE FROM migrations WHERE name > '/20260303132225-add-milestone-strategies-disabled';`
	as74 = `DELETE FROM migrations WHERE name > '/20260119100647-add-api-key-revision-id-to-edge-observability';
		ALTER TABLE users DROP COLUMN company_role, DROP COLUMN product_updates_email_consent;`
	as610 = `DELETE FROM migrations WHERE name > '/20250506074807-feature-link-table';
		ALTER TABLE users DROP COLUMN seat_type, DROP COLUMN company_role, DROP COLUMN product_updates_email_consent;
		ALTER TABLE context_fields DROP COLUMN project CASCADE;`
	as512 = as610 + `DELETE FROM migrations WHERE name > '/20240430075605-add-scim-external-id';
		DROP TABLE feature_link CASCADE; ALTER TABLE feature_strategies DROP COLUMN milestone_id CASCADE;`
)

// TestOpenEveryVersion: a database of each supported version opens, its
// version is read from its latest migration, and its snapshot, users and
// plan source hold what the 8.2 database holds but for the columns the
// version lacks. The quick suite opens those of the versions the tests
// run Unleash of (8.2, 7.6, 6.10, 5.12) and an override; the long tests
// (testutil.Long) the minor versions between them and the override of
// another database too, each a clone of the database of its own.
func TestOpenEveryVersion(t *testing.T) {
	t.Parallel()
	c := pgtest.Need(t, &env)
	ctx := context.Background()
	want82 := snapshot(t, shared(t))
	tests := []struct {
		name, setup, override string
		version, profile      string
		source                profile.Source
		long                  bool
	}{
		{"8.2", "", "", "8.2.0", "8", profile.FromDatabase, false},
		{"7.6", as76, "", "7.6.5", "7.6", profile.FromDatabase, false},
		{"7.5", as75, "", "7.5.1", "7.5", profile.FromDatabase, true},
		{"7.4", as74, "", "7.4.1", "7.4", profile.FromDatabase, true},
		{"6.10", as610, "", "6.10.1", "6.10", profile.FromDatabase, false},
		{"5.12", as512, "", "5.12.8", "5.12", profile.FromDatabase, false},
		{"override", "", "7.6.5", "7.6.5", "7.6", profile.FromOverride, false},
		{"override of another database", as610, "5.12.0", "5.12.0", "5.12", profile.FromOverride, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel() // a database of its own
			if tt.long {
				testutil.SkipUnlessLong(t)
			}
			name := cloneDB(t)
			if tt.setup != "" {
				exec(t, name, tt.setup)
			}
			db := open(t, c.URL(name), unleashdb.Options{Version: tt.override, UnleashURL: oracleURL})
			v := db.Version()
			if v.Version != tt.version || v.Profile.Name != tt.profile || v.Source != tt.source {
				t.Fatalf("Version() = %s %s %s, want %s %s %s", v.Version, v.Profile.Name, v.Source, tt.version, tt.profile, tt.source)
			}
			if got := db.Instance().Version.Version; got != tt.version {
				t.Errorf("Instance().Version = %q", got)
			}
			got := snapshot(t, db)
			want := withoutColumns(want82, v.Profile.Database, name != "" && tt.setup != "")
			want.Version = tt.version
			if d := cmp.Diff(want, got); d != "" {
				t.Errorf("snapshot differs from the 8.2 database's (-want +got):\n%s", d)
			}
			us, err := db.Users(ctx)
			if err != nil || len(us) == 0 {
				t.Errorf("Users: %d, %v", len(us), err)
			}
			cur, err := statetest.Current(ctx, db, importvalidate.Query{Features: []string{"existing-flag"}, ContextFields: []string{"region"}, Project: "default", Environment: "development"})
			if err != nil || len(cur.FeatureConfigs) != 1 || len(cur.ContextFields) != 1 {
				t.Errorf("Current: %+v, %v", cur, err)
			}
		})
	}
	t.Run("override of a newer version than the database", func(t *testing.T) {
		t.Parallel()
		name := cloneDB(t)
		exec(t, name, as512)
		_, err := unleashdb.Open(ctx, c.URL(name), unleashdb.Options{Version: "6.3.0"})
		if err == nil || !strings.Contains(err.Error(), "(Unleash 6.3.0) but missing tables feature_link; missing columns feature_strategies.milestone_id") {
			t.Errorf("Open of a 5.12 database as 6.3.0: %v", err)
		}
	})
	t.Run("override not supported", func(t *testing.T) {
		t.Parallel()
		_, err := unleashdb.Open(ctx, c.URL(pgtest.SharedDB), unleashdb.Options{Version: "5.11.0"})
		if err == nil || !strings.Contains(err.Error(), "Options.Version") || !strings.Contains(err.Error(), "older than Unleash 5.12.0") {
			t.Errorf("Open with Version 5.11.0: %v", err)
		}
	})
}

// withoutColumns is s as a database without the columns d lacks reads it;
// changed says whether the columns were dropped at all.
func withoutColumns(s *model.Snapshot, d profile.Database, changed bool) *model.Snapshot {
	out := *s
	if !changed {
		return &out
	}
	out.ContextFields = append([]model.SnapshotContextField(nil), s.ContextFields...)
	if !d.ContextFieldsProject {
		for i := range out.ContextFields {
			out.ContextFields[i].Project = nil
		}
	}
	out.Users = append([]model.User(nil), s.Users...)
	for i := range out.Users {
		if !d.UsersSeatType {
			out.Users[i].SeatType = nil
		}
		if !d.UsersCompanyRole {
			out.Users[i].CompanyRole, out.Users[i].ProductUpdatesEmailConsent = nil, nil
		}
	}
	return &out
}
