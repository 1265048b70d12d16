package unleashapi_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/importvalidate/plan"
	"github.com/flagadmin/flagadmin/model"
	"github.com/flagadmin/flagadmin/model/profile"
	"github.com/flagadmin/flagadmin/unleashapi"
	"github.com/flagadmin/flagadmin/unleashdb"
)

// The snapshot with configurations over the admin API tells a plan what
// the database's does: for every feature in every environment, the same
// configuration, and the same project defaults. The members may be
// written differently in ways a plan reads alike (settings in an
// environment that hold nothing, which the database leaves out; a default
// stickiness of "default" where the database has none; a title absent or
// null), so the two are compared by the plans over them of an import
// that changes every aspect a plan compares (probe).
func TestSnapshotConfigsMatchDatabase(t *testing.T) {
	t.Parallel()
	s := unleash.Need(t)
	c, _ := newClient(t, s.URL, unleashapi.Options{})
	snapshotConfigsMatch(t, c, openDatabase(t, s, unleashdb.Options{}), nil)
	// Without the option, none.
	bare, err := c.SnapshotWith(context.Background(), unleashapi.SnapshotOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(bare.FeatureConfigs)+len(bare.ProjectDefaults) != 0 {
		t.Errorf("%d configurations and %d project defaults without the option", len(bare.FeatureConfigs), len(bare.ProjectDefaults))
	}
}

// snapshotConfigsMatch checks that the plans over the snapshots with
// configurations of c and of db, made for the version of profile prof (nil:
// the default), agree for a probe into every project and environment.
func snapshotConfigsMatch(t *testing.T, c *unleashapi.Client, db *unleashdb.DB, prof *profile.Profile) {
	t.Helper()
	ctx := context.Background()
	got, err := c.SnapshotWith(ctx, unleashapi.SnapshotOptions{FeatureConfigs: true})
	if err != nil {
		t.Fatal(err)
	}
	want, err := db.SnapshotWith(ctx, unleashdb.SnapshotOptions{FeatureConfigs: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(got.FeatureConfigs) != len(got.Features) || len(got.Features) == 0 {
		t.Fatalf("%d configurations of %d features", len(got.FeatureConfigs), len(got.Features))
	}
	// The database's source, then the API's.
	var sources []importvalidate.State
	for _, snap := range []*model.Snapshot{want, got} {
		src, err := importvalidate.NewMemoryState(snap)
		if err != nil {
			t.Fatal(err)
		}
		sources = append(sources, src)
	}
	var names []string
	for _, f := range want.Features {
		names = append(names, f.Name)
	}
	for _, p := range want.Projects {
		for _, e := range want.Environments {
			imp := probe(t, p.ID, e.Name, names)
			var plans [2]*plan.Plan
			for i, src := range sources {
				planner, err := plan.New(plan.Options{Source: src, Profile: prof})
				if err != nil {
					t.Fatal(err)
				}
				if plans[i], err = planner.Plan(ctx, &importvalidate.Report{Project: imp.Project, Environment: imp.Environment, Import: imp}); err != nil {
					t.Fatal(err)
				}
			}
			if plans[0].Count().Update == 0 {
				t.Fatalf("%s, %s: the probe updates nothing: %+v", p.ID, e.Name, plans[0])
			}
			if diff := cmp.Diff(plans[0], plans[1], cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("%s, %s (-database +api):\n%s", p.ID, e.Name, diff)
			}
		}
	}
}

// probe is an import into project and env of every feature of names,
// each given one of everything a plan compares with what exists (type,
// description, stale, impression data, enabled, a strategy whose
// stickiness is the project's default, variants, a tag, a link, and but
// for the first a parent), so that plans of it over two sources agree
// only when the sources read every aspect alike.
func probe(t *testing.T, project, env string, names []string) *model.ImportRequest {
	t.Helper()
	var d struct {
		Features            []map[string]any `json:"features"`
		FeatureStrategies   []map[string]any `json:"featureStrategies"`
		FeatureEnvironments []map[string]any `json:"featureEnvironments"`
		FeatureTags         []map[string]any `json:"featureTags"`
		TagTypes            []map[string]any `json:"tagTypes"`
		Links               []map[string]any `json:"links"`
		Dependencies        []map[string]any `json:"dependencies"`
	}
	d.TagTypes = []map[string]any{{"name": "simple"}}
	for i, n := range names {
		d.Features = append(d.Features, map[string]any{"name": n, "project": project, "type": "kill-switch",
			"description": "probe", "stale": true, "impressionData": true})
		d.FeatureStrategies = append(d.FeatureStrategies, map[string]any{"name": "flexibleRollout", "featureName": n,
			"parameters": map[string]any{"rollout": "50", "groupId": n}})
		d.FeatureEnvironments = append(d.FeatureEnvironments, map[string]any{"name": env, "featureName": n, "enabled": true,
			"variants": []map[string]any{{"name": "probe", "weight": 1000, "weightType": "variable", "stickiness": "default"}}})
		d.FeatureTags = append(d.FeatureTags, map[string]any{"featureName": n, "tagType": "simple", "tagValue": "probe"})
		d.Links = append(d.Links, map[string]any{"feature": n, "links": []map[string]any{{"url": "https://example.com/probe"}}})
		if i > 0 {
			d.Dependencies = append(d.Dependencies, map[string]any{"feature": n,
				"dependencies": []map[string]any{{"feature": names[0], "enabled": true}}})
		}
	}
	b, err := json.Marshal(map[string]any{"project": project, "environment": env, "data": d})
	if err != nil {
		t.Fatal(err)
	}
	var imp model.ImportRequest
	if err := json.Unmarshal(b, &imp); err != nil {
		t.Fatal(err)
	}
	return &imp
}
