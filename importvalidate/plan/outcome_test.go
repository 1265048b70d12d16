package plan_test

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/flagadmin/flagadmin/importvalidate/plan"
	"github.com/flagadmin/flagadmin/model"
)

// TestOutcome: the state the plan foresaw is no difference; a state
// where a strategy, a skipped feature, a created feature or context
// field differs from it is named, line by line.
func TestOutcome(t *testing.T) {
	const body = `{"project":"default","environment":"development","data":{
	  "features":[{"name":"checkout","project":"default"},{"name":"search","project":"default"},{"name":"old","project":"default"}],
	  "featureStrategies":[{"name":"flexibleRollout","featureName":"checkout","parameters":{"rollout":"50"},
	    "constraints":[{"contextName":"region","operator":"IN","values":["eu"]}]}],
	  "contextFields":[{"name":"region","legalValues":[{"value":"eu"}]}],
	  "tagTypes":[]}}`
	var imp model.ImportRequest
	if err := json.Unmarshal([]byte(body), &imp); err != nil {
		t.Fatal(err)
	}
	desc := "old"
	before := &model.Snapshot{
		Features: []model.SnapshotFeature{{Name: "checkout", Project: "default"}, {Name: "old", Project: "default", Archived: true}},
		FeatureConfigs: []model.SnapshotFeatureConfig{
			{Feature: "checkout", Type: "release", Description: &desc, Environments: []model.SnapshotFeatureEnvironment{{Name: "development"}}},
			{Feature: "old", Type: "release", Environments: []model.SnapshotFeatureEnvironment{{Name: "development", Enabled: true}}}},
	}
	planner, err := plan.New(plan.Options{Source: &staticSource{snap: before}})
	if err != nil {
		t.Fatal(err)
	}
	p, err := planner.Plan(context.Background(), reportOf(&imp))
	if err != nil {
		t.Fatal(err)
	}
	// The planned state: the applied configurations, the archived feature
	// as it was, the context field created.
	planned := func() *model.Snapshot {
		cur := &plan.Current{Features: plan.Applied("default", "development", &imp.Data, &plan.Current{Features: []plan.Config{
			{Name: "checkout", Project: "default", Type: "release", Description: &desc},
			{Name: "old", Project: "default", Type: "release", Archived: true, Enabled: true}}}),
			ContextFields: []string{"region"}}
		s := plan.SnapshotOf(cur, "default", "development", nil)
		s.Features = append(s.Features, before.Features[1])
		old := before.FeatureConfigs[1]
		old.Environments = slices.Clone(old.Environments)
		s.FeatureConfigs = append(s.FeatureConfigs, old)
		return s
	}
	strategy := func(s *model.Snapshot, feature string) *model.Strategy {
		for i := range s.FeatureConfigs {
			if s.FeatureConfigs[i].Feature == feature {
				return &s.FeatureConfigs[i].Environments[0].Strategies[0]
			}
		}
		t.Fatalf("no configuration of %s", feature)
		return nil
	}
	for _, tc := range []struct {
		name   string
		change func(s *model.Snapshot)
		want   []string
	}{
		{"as planned", func(*model.Snapshot) {}, nil},
		{"another rollout", func(s *model.Snapshot) {
			*strategy(s, "checkout").Parameters = map[string]string{"groupId": "checkout", "rollout": "10", "stickiness": "default"}
		}, []string{`feature "checkout": strategies: ~flexibleRollout (parameters.rollout planned "50", is "10")`}},
		{"the skipped feature changed", func(s *model.Snapshot) {
			s.FeatureConfigs[len(s.FeatureConfigs)-1].Environments[0].Enabled = false
		}, []string{`feature "old": enabled: planned true, is false`}},
		{"a feature gone", func(s *model.Snapshot) {
			s.Features, s.FeatureConfigs = s.Features[1:], s.FeatureConfigs[1:]
		}, []string{`feature "checkout": missing after the import (planned: update)`}},
		{"no context field", func(s *model.Snapshot) { s.ContextFields = nil },
			[]string{`context field "region": not created`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			after := planned()
			tc.change(after)
			got, err := plan.Outcome(p, &imp.Data, before, after)
			if err != nil {
				t.Fatal(err)
			}
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("Outcome says\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
		})
	}
	// A state listing a feature without its configuration is refused.
	bare := planned()
	bare.FeatureConfigs = bare.FeatureConfigs[1:]
	if _, err := plan.Outcome(p, &imp.Data, before, bare); !errors.Is(err, plan.ErrNoConfiguration) {
		t.Errorf("a feature without configuration: %v", err)
	}
}
