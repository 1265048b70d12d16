package unleashdb_test

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/internal/testharness/pgtest"
	"github.com/flagadmin/flagadmin/internal/testharness/statetest"
	"github.com/flagadmin/flagadmin/model"
	"github.com/flagadmin/flagadmin/unleashdb"
)

// TestImportFactsMatchSnapshot asks the database and the in-memory state
// of its own snapshot the same questions about the import's facts: the
// answers must be equal, and say what the setup made.
func TestImportFactsMatchSnapshot(t *testing.T) {
	name := cloneInParallel(t)
	exec(t, name, statetest.ImportFactsSetup)
	limits := importvalidate.ResourceLimits{Constraints: 3, ConstraintValues: 4, FeatureEnvironmentStrategies: 5, StrategySegments: 6, FeatureFlags: 7}
	ctx := context.Background()
	for _, withLimits := range []bool{false, true} {
		opts := unleashdb.Options{}
		if withLimits {
			opts.ResourceLimits = &limits
		}
		db := open(t, pgtest.Need(t, &env).URL(name), opts)
		mem, err := importvalidate.NewMemoryState(configSnapshot(t, db))
		if err != nil {
			t.Fatal(err)
		}
		for _, q := range statetest.ImportQueries() {
			got, want := answers(t, q, statetest.With(db, statetest.Facts), statetest.With(mem, statetest.Facts))
			want.Source = got.Source
			if d := cmp.Diff(want, got, cmpopts.EquateEmpty()); d != "" {
				t.Errorf("ImportFacts(%s, %s) limits %v (-snapshot +database):\n%s", q.Project, q.Environment, withLimits, d)
			}
			wantLimits := importvalidate.DefaultResourceLimits // 8.2.0's, the database's version
			if withLimits {
				wantLimits = limits
			}
			if !got.Limits.Known || got.Limits.Value != wantLimits {
				t.Errorf("limits %+v, want %+v", got.Limits, wantLimits)
			}
		}
	}
	db := open(t, pgtest.Need(t, &env).URL(name), unleashdb.Options{})
	f, err := statetest.Facts(ctx, db, importvalidate.Query{Project: "default", Environment: "development",
		Features: []string{"existing-flag", "archived-flag", "nope"}, Tags: []model.SnapshotTag{{Type: "simple", Value: "beta"}, {Type: "team", Value: "x"}}})
	if err != nil {
		t.Fatal(err)
	}
	ex := f.Features.Value["existing-flag"]
	want := importvalidate.FeatureFacts{InEnvironment: true, Enabled: true, Strategies: 3, Disabled: 1,
		Milestones: importvalidate.Known[int]{Value: 1, Known: true}, Children: 1,
		Metadata: importvalidate.Known[importvalidate.FeatureMetadata]{Value: importvalidate.FeatureMetadata{Type: "release", Description: "Seeded existing flag"}, Known: true}}
	if d := cmp.Diff(want, ex); d != "" {
		t.Errorf("existing-flag (-want +got):\n%s", d)
	}
	if p := f.Features.Value["archived-flag"].Parents; len(p) != 1 || p[0] != "existing-flag" {
		t.Errorf("archived-flag's parents %q", p)
	}
	if _, ok := f.Features.Value["nope"]; ok {
		t.Error("a missing feature has facts")
	}
	if !f.Tags.Value[model.SnapshotTag{Type: "simple", Value: "beta"}] || len(f.Tags.Value) != 1 {
		t.Errorf("tags %v", f.Tags.Value)
	}
	if !f.FeatureTypes.Value["release"] || !f.FeatureTypes.Value["sunset"] || f.FeatureTypes.Value["nope"] {
		t.Errorf("feature types %v", f.FeatureTypes.Value)
	}
	if f.ActiveFeatures.Value != 3 || !f.ProjectEnvironment.Value || f.ProjectArchived.Value || f.ChangeRequests.Value.Project {
		t.Errorf("target facts %+v", f)
	}
	g, err := statetest.Facts(ctx, db, importvalidate.Query{Project: "other", Environment: "production"})
	if err != nil {
		t.Fatal(err)
	}
	if cr := g.ChangeRequests.Value; !cr.Environment || !cr.Project || len(g.LinkTemplates.Value) != 1 || g.LinkTemplates.Value[0].URLTemplate != "https://x/{{feature}}" {
		t.Errorf("project other: change requests %+v, link templates %+v", cr, g.LinkTemplates.Value)
	}
	h, err := statetest.Facts(ctx, db, importvalidate.Query{Project: "gone", Environment: "production"})
	if err != nil {
		t.Fatal(err)
	}
	if !h.ProjectArchived.Value || h.ProjectEnvironment.Value {
		t.Errorf("project gone: %+v", h)
	}
}
