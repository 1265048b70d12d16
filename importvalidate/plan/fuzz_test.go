package plan_test

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/importvalidate/plan"
	"github.com/flagadmin/flagadmin/internal/safetext"
	"github.com/flagadmin/flagadmin/model"
)

// Any body that passes the structural tier of its validation gets a plan
// of the import the validation decoded, never a panic, over a state that
// knows some of its names; a plan's text and JSON forms never fail, and
// the text carries nothing raw that the output rule escapes.
func FuzzPlanBody(f *testing.F) {
	for _, file := range caseFiles(f) {
		b, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add(benchBody(3))
	for _, s := range []string{`{}`, `null`, `[]`, `{"data":{}}`, `{"data":{"features":[{"name":"a"}],"featureStrategies":[{"name":"flexibleRollout","featureName":"a","segments":[1e308]}],
		"featureEnvironments":[{"name":"a","featureName":"a","enabled":true,"variants":[{"name":"v","weight":1e300,"weightType":"fix"},{"name":"w","weight":-5,"weightType":"variable"}]}],
		"links":[{"feature":"a","links":[{"url":"http://[::1"},{"url":"\u0000\u001b"}]}],"dependencies":[{"feature":"a","dependencies":[{"feature":"a"}]}],"tagTypes":[]}}`,
		"{\"project\":\"default\",\"environment\":\"development\",\"data\":{\"features\":[{\"name\":\"a\",\"description\":\"x\\n::error::forged \u202e\u2028 ##[error]\"},{\"name\":\"::warning::b\\u001b[2J\"}],\"featureStrategies\":[{\"name\":\"default\",\"featureName\":\"a\",\"parameters\":{\"::k\":\"\\b\"}}],\"tagTypes\":[]}}"} {
		f.Add([]byte(s))
	}
	src := memorySource(f, &model.Snapshot{
		Features: []model.SnapshotFeature{{Name: "a", Project: "default"}, {Name: "existing-flag", Project: "default", Archived: true}},
		FeatureConfigs: []model.SnapshotFeatureConfig{{Feature: "a", Environments: []model.SnapshotFeatureEnvironment{
			{Name: "development", Strategies: []model.Strategy{{Name: "default"}}}}}}})
	planner := mustPlanner(f, src)
	v := newDecoder(f)
	f.Fuzz(func(t *testing.T, body []byte) {
		rep, err := v.Validate(context.Background(), body, importvalidate.Target{Permissions: importvalidate.AllPermissions{}, RequestBody: true})
		if err != nil {
			t.Fatal(err)
		}
		if rep.Import == nil {
			return
		}
		p, err := planner.Plan(context.Background(), rep)
		if err != nil {
			t.Fatal(err)
		}
		if err := plan.WriteText(discard{}, p, plan.TextOptions{Color: true}); err != nil {
			t.Fatal(err)
		}
		var text strings.Builder
		if err := plan.WriteText(&text, p, plan.TextOptions{}); err != nil {
			t.Fatal(err)
		}
		if c := safetext.Check(text.String()); c != "" {
			t.Fatalf("the plan's text carries %s raw: %q", c, text.String())
		}
		_ = plan.Summary(p)
	})
}

type discard struct{}

func (discard) Write(b []byte) (int, error) { return len(b), nil }
