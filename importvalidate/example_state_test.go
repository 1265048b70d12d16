package importvalidate_test

import (
	"context"
	"os"
	"slices"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/importvalidate/plan"
	"github.com/flagadmin/flagadmin/model"
)

// flagStore stands for a service's own record of its flags: whatever it
// keeps them in, it answers the one question of the validator and the
// planner.
type flagStore struct {
	projects     []model.SnapshotProject
	environments []model.SnapshotEnvironment
	flags        []flag
}

// flag is a flag of the store: its project and its configuration.
type flag struct {
	project string
	config  model.SnapshotFeatureConfig
}

// Read answers for every name of q at once by building the snapshot of
// what the store holds of them, which importvalidate.ReadSnapshot reads
// as the validator and the planner do. Over SQL, each kind of name is one
// query with WHERE name = ANY($1).
func (s *flagStore) Read(_ context.Context, q importvalidate.Query) (*importvalidate.Reading, error) {
	snap := &model.Snapshot{Projects: s.projects, Environments: s.environments}
	for _, f := range s.flags { // the flags among q's names, with their configurations
		if slices.Contains(q.Features, f.config.Feature) {
			snap.Features = append(snap.Features, model.SnapshotFeature{Name: f.config.Feature, Project: f.project})
			snap.FeatureConfigs = append(snap.FeatureConfigs, f.config)
		}
	}
	return importvalidate.ReadSnapshot(snap, q)
}

// teamRights stands for a service's own authorization: here, a team may
// create and update flags and their strategies in its own project, and
// nothing else.
type teamRights struct{ project string }

func (r teamRights) HasPermission(_ context.Context, permission, project, _ string) (bool, error) {
	switch permission {
	case "CREATE_FEATURE", "UPDATE_FEATURE", "CREATE_FEATURE_STRATEGY", "DELETE_FEATURE_STRATEGY":
		return project == r.project, nil
	}
	return false, nil
}

// Validate against a service's own store and authorization by
// implementing State and Permissions over them, and plan the import over
// the same store.
func Example_ownState() {
	limit := int64(10)
	store := importvalidate.WithBuiltIns(&flagStore{ // the store holds no built-in strategy
		projects: []model.SnapshotProject{{ID: "web", FeatureLimit: &limit,
			FeatureNaming: &model.FeatureNaming{Pattern: "web-.+", Example: "web-login"}}},
		environments: []model.SnapshotEnvironment{{Name: "production"}},
		flags: []flag{
			{"web", model.SnapshotFeatureConfig{Feature: "web-login", Type: "release", Environments: []model.SnapshotFeatureEnvironment{
				{Name: "production", Enabled: true, Strategies: []model.Strategy{{Name: "default"}}}}}},
		},
	})
	v, err := importvalidate.New(importvalidate.Options{State: store})
	if err != nil {
		panic(err)
	}
	body := []byte(`{"project": "web", "environment": "production", "data": {
  "features": [{"name": "web-login"}, {"name": "web-signup", "type": "experiment"}],
  "featureStrategies": [{"name": "flexibleRollout", "featureName": "web-login",
    "parameters": {"rollout": "50", "stickiness": "default", "groupId": "web-login"}}],
  "featureEnvironments": [{"name": "web-login", "featureName": "web-login", "enabled": true}],
  "tagTypes": []}}`)
	rep, err := v.Validate(context.Background(), body, importvalidate.Target{Permissions: teamRights{project: "web"}})
	if err != nil {
		panic(err)
	}
	if err := importvalidate.WriteText(os.Stdout, "export.json", rep); err != nil {
		panic(err)
	}
	planner, err := plan.New(plan.Options{Source: store})
	if err != nil {
		panic(err)
	}
	p, err := planner.Plan(context.Background(), rep)
	if err != nil {
		panic(err)
	}
	if err := plan.WriteText(os.Stdout, p, plan.TextOptions{File: "export.json"}); err != nil {
		panic(err)
	}
	// Output:
	// export.json:2:25: warning feature-exists: The following features already exist in this project and will be overwritten: (web-login)
	// 0 errors, 1 warning, 0 missing permissions
	// ~ web-login
	//     strategies:
	//       - default
	//       + flexibleRollout
	//           parameters: {"groupId":"web-login","rollout":"50","stickiness":"default"}
	// + web-signup
	//     type: "experiment"
	//     enabled: false
	// Plan: 1 to create, 1 to update, 0 unchanged, 0 skipped; 0 context fields and 0 tag types to create.
}
