package importvalidate_test

import (
	"context"
	"os"
	"slices"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/model"
)

// flagStore stands for a service's own record of its flags: whatever it
// keeps them in, it answers the validator's batched questions.
type flagStore struct {
	strategies []model.SnapshotStrategy
	tagTypes   []string
	features   []model.SnapshotFeature
	projects   map[string]importvalidate.Project
	// withStrategies maps an environment to the features that have a
	// strategy there.
	withStrategies map[string][]string
}

// Strategies answers for every name at once; names it does not know are
// left out. Over SQL this is one query with WHERE name = ANY($1).
func (s *flagStore) Strategies(_ context.Context, names []string) ([]model.SnapshotStrategy, error) {
	return named(s.strategies, names, func(st model.SnapshotStrategy) string { return st.Name }), nil
}

// The store has no context fields and no segments.
func (s *flagStore) ContextFields(context.Context, []string) ([]model.SnapshotContextField, error) {
	return nil, nil
}

func (s *flagStore) Segments(context.Context, []string) ([]model.SnapshotSegment, error) {
	return nil, nil
}

func (s *flagStore) TagTypes(_ context.Context, names []string) ([]string, error) {
	return named(s.tagTypes, names, func(n string) string { return n }), nil
}

func (s *flagStore) Features(_ context.Context, names []string) ([]model.SnapshotFeature, error) {
	return named(s.features, names, func(f model.SnapshotFeature) string { return f.Name }), nil
}

func (s *flagStore) Project(_ context.Context, id string) (importvalidate.Project, bool, error) {
	p, ok := s.projects[id]
	return p, ok, nil
}

func (s *flagStore) FeaturesWithStrategies(_ context.Context, env string, names []string) ([]string, error) {
	return named(s.withStrategies[env], names, func(n string) string { return n }), nil
}

// named returns the items of all whose name is one of names, in the order
// of all.
func named[T any](all []T, names []string, name func(T) string) []T {
	var out []T
	for _, it := range all {
		if slices.Contains(names, name(it)) {
			out = append(out, it)
		}
	}
	return out
}

// teamRights stands for a service's own authorization: here, a team may
// create and update flags in its own project, and nothing else.
type teamRights struct{ project string }

func (r teamRights) HasPermission(_ context.Context, permission, project, _ string) (bool, error) {
	switch permission {
	case "CREATE_FEATURE", "UPDATE_FEATURE":
		return project == r.project, nil
	}
	return false, nil
}

// Validate against a service's own store and authorization by implementing
// State and Permissions over them.
func Example_ownState() {
	limit := int64(10)
	store := &flagStore{
		strategies: []model.SnapshotStrategy{{Name: "flexibleRollout", BuiltIn: true}},
		features: []model.SnapshotFeature{
			{Name: "web-login", Project: "web"},
			{Name: "billing-v2", Project: "billing"},
		},
		projects: map[string]importvalidate.Project{
			"web": {SnapshotProject: model.SnapshotProject{ID: "web", FeatureLimit: &limit,
				FeatureNaming: &model.FeatureNaming{Pattern: "web-.+", Example: "web-login"}}, FeatureCount: 1},
		},
		withStrategies: map[string][]string{"production": {"web-login"}},
	}
	v, err := importvalidate.New(importvalidate.Options{State: store})
	if err != nil {
		panic(err)
	}
	body := []byte(`{"project": "web", "environment": "production", "data": {
  "features": [{"name": "web-login"}, {"name": "billing-v2"}],
  "featureStrategies": [{"name": "flexibleRollout", "featureName": "web-login",
    "parameters": {"rollout": "50", "stickiness": "default", "groupId": "web-login"}}],
  "tagTypes": []}}`)
	rep, err := v.Validate(context.Background(), body, importvalidate.Target{Permissions: teamRights{project: "web"}})
	if err != nil {
		panic(err)
	}
	if err := importvalidate.WriteText(os.Stdout, "export.json", rep); err != nil {
		panic(err)
	}
	// A State that is not an ImportState leaves unknown what the import's
	// own checks need to know of the instance: those checks say so.
	//
	// Output:
	// export.json:2:16: warning import-unknown-fact: Cannot check what the import does to the existing features in production (their strategies, status, dependencies): the state cannot tell the features' settings there. (web-login)
	// export.json:2:25: warning feature-exists: The following features already exist in this project and will be overwritten: (web-login)
	// export.json:2:48: error feature-in-other-project: You cannot import a features that already exist in other projects. You already have the following features defined outside of project web: (billing-v2 (in project billing))
	// export.json:2:48: warning naming-pattern: Features imported into this project must match the project's feature naming pattern: "web-.+". For example: "web-login". The following features do not match the pattern: (billing-v2); the import accepts it: the import does not create billing-v2: it exists in project billing
	// export.json: permission missing-permissions: We detected you are missing the following permissions: (Create activation strategies)
	// export.json: permission missing-permissions: We detected you are missing the following permissions: (Delete activation strategies)
	// 1 error, 2 warnings, 2 missing permissions
}
