package unleashdb_test

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/internal/testharness/pgtest"
	"github.com/flagadmin/flagadmin/model"
	"github.com/flagadmin/flagadmin/unleashdb"
)

// importFactsSetup gives the reference database what the import's facts
// read beyond its own state: an archived project, a project without the
// environment staging, change requests, link templates, a disabled and a
// release-plan milestone strategy, a dependency and a tag.
const importFactsSetup = `
INSERT INTO projects (id, name, archived_at) VALUES ('gone', 'Gone', now());
INSERT INTO project_environments (project_id, environment_name) VALUES ('gone', 'development');
INSERT INTO change_request_settings (project, environment) VALUES ('other', 'production');
INSERT INTO project_settings (project, link_templates) VALUES ('other', '[{"title":"t","urlTemplate":"https://x/{{feature}}"}]')
	ON CONFLICT (project) DO UPDATE SET link_templates = EXCLUDED.link_templates;
INSERT INTO release_plan_definitions (id, discriminator, name, feature_name, environment, created_by_user_id, project)
	VALUES ('rp1', 'plan', 'Plan', 'existing-flag', 'development', 1, 'default');
INSERT INTO milestones (id, name, sort_order, release_plan_definition_id) VALUES ('m1', 'M1', 0, 'rp1');
INSERT INTO feature_strategies (id, feature_name, project_name, environment, strategy_name, parameters, milestone_id)
	VALUES ('ms1', 'existing-flag', 'default', 'development', 'flexibleRollout', '{"rollout":"10"}', 'm1');
INSERT INTO feature_strategies (id, feature_name, project_name, environment, strategy_name, disabled)
	VALUES ('off1', 'existing-flag', 'default', 'development', 'default', true);
UPDATE feature_environments SET enabled = true WHERE feature_name = 'existing-flag' AND environment = 'development';
INSERT INTO dependent_features (parent, child) VALUES ('existing-flag', 'archived-flag');
INSERT INTO tags (type, value) VALUES ('simple', 'beta');
`

// TestImportFactsMatchSnapshot asks the database and the in-memory state
// of its own snapshot the same questions about the import's facts: the
// answers must be equal, and say what the setup made.
func TestImportFactsMatchSnapshot(t *testing.T) {
	name := cloneDB(t)
	exec(t, name, importFactsSetup)
	limits := importvalidate.ResourceLimits{Constraints: 3, ConstraintValues: 4, FeatureEnvironmentStrategies: 5, StrategySegments: 6, FeatureFlags: 7}
	ctx := context.Background()
	for _, withLimits := range []bool{false, true} {
		opts := unleashdb.Options{}
		if withLimits {
			opts.ResourceLimits = &limits
		}
		db, err := unleashdb.Open(ctx, pgtest.Need(t, &env).URL(name), opts)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		snap, err := db.SnapshotWith(ctx, unleashdb.SnapshotOptions{FeatureConfigs: true})
		if err != nil {
			t.Fatal(err)
		}
		mem, err := importvalidate.NewMemoryState(snap)
		if err != nil {
			t.Fatal(err)
		}
		features := []string{"existing-flag", "archived-flag", "other-flag", "lim-existing", "nope", "existing-flag\x00"}
		tags := []model.SnapshotTag{{Type: "team", Value: "core"}, {Type: "simple", Value: "beta"}, {Type: "simple", Value: "nope"}}
		for _, q := range []importvalidate.ImportQuery{
			{Project: "default", Environment: "development", Features: features, Tags: tags},
			{Project: "default", Environment: "staging", Features: features},
			{Project: "other", Environment: "production", Features: features},
			{Project: "other", Environment: "staging"},
			{Project: "gone", Environment: "development"},
			{Project: "nope", Environment: "nope"},
		} {
			got, err := db.ImportFacts(ctx, q)
			if err != nil {
				t.Fatal(err)
			}
			want, err := mem.ImportFacts(ctx, q)
			if err != nil {
				t.Fatal(err)
			}
			want.Source = got.Source
			if d := cmp.Diff(want, got, cmpopts.EquateEmpty()); d != "" {
				t.Errorf("ImportFacts(%s, %s) limits %v (-snapshot +database):\n%s", q.Project, q.Environment, withLimits, d)
			}
			if got.Limits.Known != withLimits || (withLimits && got.Limits.Value != limits) {
				t.Errorf("limits %+v, want known %v", got.Limits, withLimits)
			}
		}
	}
	db, err := unleashdb.Open(ctx, pgtest.Need(t, &env).URL(name), unleashdb.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	f, err := db.ImportFacts(ctx, importvalidate.ImportQuery{Project: "default", Environment: "development",
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
	g, err := db.ImportFacts(ctx, importvalidate.ImportQuery{Project: "other", Environment: "production"})
	if err != nil {
		t.Fatal(err)
	}
	if cr := g.ChangeRequests.Value; !cr.Environment || !cr.Project || len(g.LinkTemplates.Value) != 1 || g.LinkTemplates.Value[0].URLTemplate != "https://x/{{feature}}" {
		t.Errorf("project other: change requests %+v, link templates %+v", cr, g.LinkTemplates.Value)
	}
	h, err := db.ImportFacts(ctx, importvalidate.ImportQuery{Project: "gone", Environment: "production"})
	if err != nil {
		t.Fatal(err)
	}
	if !h.ProjectArchived.Value || h.ProjectEnvironment.Value {
		t.Errorf("project gone: %+v", h)
	}
}
