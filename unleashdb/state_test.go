package unleashdb_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/flagadmin/flagadmin/importvalidate"
)

// TestStateMatchesSnapshot asks the database and the in-memory state of
// oracle-state.json the same questions: the answers must be equal.
func TestStateMatchesSnapshot(t *testing.T) {
	db := shared(t)
	mem, err := importvalidate.NewMemoryState(oracleSnapshot(t))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	byName := func(a, b string) bool { return a < b }
	sortOpts := cmp.Options{
		cmpopts.SortSlices(byName),
		cmpopts.SortSlices(func(a, b importvalidate.StrategyType) bool { return a.Name < b.Name }),
		cmpopts.SortSlices(func(a, b importvalidate.ContextFieldDef) bool { return a.Name < b.Name }),
		cmpopts.SortSlices(func(a, b importvalidate.SegmentDef) bool { return a.ID < b.ID }),
		cmpopts.SortSlices(func(a, b importvalidate.ExistingFeature) bool { return a.Name < b.Name }),
		cmpopts.EquateEmpty(),
	}
	batches := map[string][]string{
		"none":    nil,
		"absent":  {"no-such-name", ""},
		"mixed":   {"flexibleRollout", "custom-strategy", "region", "userId", "beta-users", "simple", "team", "existing-flag", "archived-flag", "other-flag", "lim-existing", "nope"},
		"quoting": {"x'; DROP TABLE features; --", `"region"`, "Region", "région"},
	}
	for name, names := range batches {
		t.Run(name, func(t *testing.T) {
			check := func(what string, got, want any, gotErr, wantErr error) {
				t.Helper()
				if gotErr != nil || wantErr != nil {
					t.Fatalf("%s: errors %v, %v", what, gotErr, wantErr)
				}
				if d := cmp.Diff(want, got, sortOpts); d != "" {
					t.Errorf("%s(%q) (-memory +database):\n%s", what, names, d)
				}
			}
			g1, e1 := db.Strategies(ctx, names)
			w1, f1 := mem.Strategies(ctx, names)
			check("Strategies", g1, w1, e1, f1)
			g2, e2 := db.ContextFields(ctx, names)
			w2, f2 := mem.ContextFields(ctx, names)
			check("ContextFields", g2, w2, e2, f2)
			g3, e3 := db.Segments(ctx, names)
			w3, f3 := mem.Segments(ctx, names)
			check("Segments", g3, w3, e3, f3)
			g4, e4 := db.TagTypes(ctx, names)
			w4, f4 := mem.TagTypes(ctx, names)
			check("TagTypes", g4, w4, e4, f4)
			g5, e5 := db.Features(ctx, names)
			w5, f5 := mem.Features(ctx, names)
			check("Features", g5, w5, e5, f5)
			for _, env := range []string{"development", "production", "nope"} {
				g6, e6 := db.FeaturesWithStrategies(ctx, env, names)
				w6, f6 := mem.FeaturesWithStrategies(ctx, env, names)
				check("FeaturesWithStrategies "+env, g6, w6, e6, f6)
			}
		})
	}
	for _, id := range []string{"default", "limited", "other", "nope", ""} {
		got, ok, err := db.Project(ctx, id)
		want, wantOK, _ := mem.Project(ctx, id)
		if err != nil || ok != wantOK {
			t.Fatalf("Project(%q) = ok %v, err %v; want ok %v", id, ok, err, wantOK)
		}
		if d := cmp.Diff(want, got); d != "" {
			t.Errorf("Project(%q) (-memory +database):\n%s", id, d)
		}
	}
}

// TestProjectCounts checks the feature count and the settings on a copy
// of the database that is changed under the test.
func TestProjectCounts(t *testing.T) {
	name := cloneDB(t)
	exec(t, name, `INSERT INTO features (name, project) VALUES ('lim-two', 'limited'), ('lim-gone', 'limited');
		UPDATE features SET archived_at = now() WHERE name = 'lim-gone';
		UPDATE project_settings SET feature_limit = NULL, feature_naming_pattern = NULL WHERE project = 'limited';`)
	db := openDB(t, name, nil)
	ps, ok, err := db.Project(context.Background(), "limited")
	if err != nil || !ok {
		t.Fatalf("Project: ok %v, err %v", ok, err)
	}
	want := importvalidate.ProjectSettings{FeatureCount: 2, NamingExample: "lim-flag", NamingDescription: "Flags must start with lim-"}
	if d := cmp.Diff(want, ps); d != "" {
		t.Errorf("Project(limited) (-want +got):\n%s", d)
	}
	fs, err := db.Features(context.Background(), []string{"lim-gone", "lim-two"})
	if err != nil {
		t.Fatal(err)
	}
	slices.SortFunc(fs, func(a, b importvalidate.ExistingFeature) int { return strings.Compare(a.Name, b.Name) })
	wantF := []importvalidate.ExistingFeature{{Name: "lim-gone", Project: "limited", Archived: true}, {Name: "lim-two", Project: "limited"}}
	if d := cmp.Diff(wantF, fs); d != "" {
		t.Errorf("Features (-want +got):\n%s", d)
	}
}
