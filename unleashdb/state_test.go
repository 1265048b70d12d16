package unleashdb_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/internal/testharness/statetest"
	"github.com/flagadmin/flagadmin/model"
)

// TestStateMatchesSnapshot asks the database and the in-memory state of
// oracle-state.json the same questions: the answers must be equal.
func TestStateMatchesSnapshot(t *testing.T) {
	db := sharedInParallel(t)
	mem := oracleMemory(t)
	ctx := context.Background()
	byName := func(a, b string) bool { return a < b }
	sortOpts := cmp.Options{
		cmpopts.SortSlices(byName),
		cmpopts.SortSlices(func(a, b model.SnapshotStrategy) bool { return a.Name < b.Name }),
		cmpopts.SortSlices(func(a, b model.SnapshotContextField) bool { return a.Name < b.Name }),
		cmpopts.SortSlices(func(a, b model.SnapshotSegment) bool { return a.ID < b.ID }),
		cmpopts.SortSlices(func(a, b model.SnapshotFeature) bool { return a.Name < b.Name }),
		cmpopts.EquateEmpty(),
		// A snapshot holds no segment constraints (its format has none);
		// the database's State tells them, as the admin API's does
		// (unleashapi.TestStateMatchesDatabase compares those two).
		cmpopts.IgnoreFields(model.SnapshotSegment{}, "Constraints"),
	}
	batches := map[string][]string{
		"none":    nil,
		"absent":  {"no-such-name", ""},
		"mixed":   {"flexibleRollout", "custom-strategy", "region", "userId", "beta-users", "simple", "team", "existing-flag", "archived-flag", "other-flag", "lim-existing", "nope"},
		"quoting": {"x'; DROP TABLE features; --", `"region"`, "Region", "région"},
		// Names PostgreSQL cannot hold (NUL, unpaired surrogates as
		// WTF-8) are absent, as from the snapshot.
		"unstorable": {"existing-flag\x00", "\xed\xa0\x80", "region\xed\xbf\xbf", "existing-flag", "\xff"},
	}
	for name, names := range batches {
		t.Run(name, func(t *testing.T) {
			questions := statetest.Questions(ctx, names, []string{"development", "production", "nope", "development\x00", "\xed\xa0\x80"})
			for _, q := range questions {
				got, gotErr := q.Ask(db)
				want, wantErr := q.Ask(mem)
				if gotErr != nil || wantErr != nil {
					t.Fatalf("%s: errors %v, %v", q.What, gotErr, wantErr)
				}
				if d := cmp.Diff(want, got, sortOpts); d != "" {
					t.Errorf("%s(%q) (-memory +database):\n%s", q.What, names, d)
				}
			}
		})
	}
	for _, id := range []string{"default", "limited", "other", "nope", "", "default\x00", "\xed\xb0\x80default"} {
		got, ok, err := statetest.Project(ctx, db, id)
		want, wantOK, _ := statetest.Project(ctx, mem, id)
		if err != nil || ok != wantOK {
			t.Fatalf("Project(%q) = ok %v, err %v; want ok %v", id, ok, err, wantOK)
		}
		// A snapshot's project holds what the import's own checks read
		// too (ImportFacts answers that); Project answers the settings.
		importOnly := cmpopts.IgnoreFields(model.SnapshotProject{}, "Archived", "Environments", "LinkTemplates")
		if d := cmp.Diff(want, got, importOnly); d != "" {
			t.Errorf("Project(%q) (-memory +database):\n%s", id, d)
		}
	}
}

// TestProjectCounts checks the feature count and the settings on a copy
// of the database that is changed under the test.
func TestProjectCounts(t *testing.T) {
	name := cloneInParallel(t)
	exec(t, name, `INSERT INTO features (name, project) VALUES ('lim-two', 'limited'), ('lim-gone', 'limited');
		UPDATE features SET archived_at = now() WHERE name = 'lim-gone';
		UPDATE project_settings SET feature_limit = NULL, feature_naming_pattern = NULL WHERE project = 'limited';`)
	db := openDB(t, name, nil)
	ps, ok, err := statetest.Project(context.Background(), db, "limited")
	if err != nil || !ok {
		t.Fatalf("Project: ok %v, err %v", ok, err)
	}
	// Without a pattern, the naming's example and description say nothing.
	want := importvalidate.Project{SnapshotProject: model.SnapshotProject{ID: "limited"}, FeatureCount: 2}
	if d := cmp.Diff(want, ps); d != "" {
		t.Errorf("Project(limited) (-want +got):\n%s", d)
	}
	fs, err := statetest.Features(context.Background(), db, []string{"lim-gone", "lim-two"})
	if err != nil {
		t.Fatal(err)
	}
	slices.SortFunc(fs, func(a, b model.SnapshotFeature) int { return strings.Compare(a.Name, b.Name) })
	wantF := []model.SnapshotFeature{{Name: "lim-gone", Project: "limited", Archived: true}, {Name: "lim-two", Project: "limited"}}
	if d := cmp.Diff(wantF, fs); d != "" {
		t.Errorf("Features (-want +got):\n%s", d)
	}
}
