package plan_test

import (
	"context"
	"fmt"
	"os"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/importvalidate/plan"
	"github.com/flagadmin/flagadmin/instance"
	"github.com/flagadmin/flagadmin/model"
)

// A service validates an import and plans it over the current state of
// an instance (here a state snapshot held in memory, as one
// instance.Instance; any State and Source answer alike), and prints the plan, or renders its typed values itself.
// The plan is of the import the validation decoded, and its failures are
// the validation's findings of what the import refuses.
func Example() {
	desc := "Checkout flow"
	snap := &model.Snapshot{
		Projects:     []model.SnapshotProject{{ID: "default"}},
		Environments: []model.SnapshotEnvironment{{Name: "development"}},
		Strategies:   []model.SnapshotStrategy{{Name: "default", BuiltIn: true}, {Name: "flexibleRollout", BuiltIn: true}},
		Features:     []model.SnapshotFeature{{Name: "checkout", Project: "default"}},
		FeatureConfigs: []model.SnapshotFeatureConfig{{Feature: "checkout", Description: &desc,
			Tags: []model.SnapshotTag{{Type: "simple", Value: "web"}},
			Environments: []model.SnapshotFeatureEnvironment{{Name: "development",
				Strategies: []model.Strategy{{Name: "default"}}}}}},
		TagTypes: []model.SnapshotTagType{{Name: "simple"}},
	}
	inst, err := instance.FromSnapshot(snap)
	if err != nil {
		panic(err)
	}
	validator, err := importvalidate.New(importvalidate.Options{State: inst.State})
	if err != nil {
		panic(err)
	}
	planner, err := plan.New(plan.Options{Source: inst.State})
	if err != nil {
		panic(err)
	}
	body := []byte(`{"project":"default","environment":"development","data":{
	  "features":[{"name":"checkout","description":"Checkout flow"},{"name":"search","type":"experiment"}],
	  "featureStrategies":[{"name":"flexibleRollout","featureName":"checkout","parameters":{"rollout":"50"}}],
	  "featureEnvironments":[{"name":"checkout","featureName":"checkout","enabled":true}],
	  "featureTags":[{"featureName":"checkout","tagType":"simple","tagValue":"web"}],
	  "tagTypes":[{"name":"simple"}]}}`)
	rep, err := validator.Validate(context.Background(), body, importvalidate.Target{Permissions: importvalidate.AllPermissions{}})
	if err != nil {
		panic(err)
	}
	p, err := planner.Plan(context.Background(), rep)
	if err != nil {
		panic(err)
	}
	_ = plan.WriteText(os.Stdout, p, plan.TextOptions{})
	for _, f := range p.Features {
		for _, c := range f.Changes {
			fmt.Printf("%s %s %s: %d added, %d removed\n", f.Action, f.Name, c.Aspect, len(c.Added), len(c.Removed))
		}
	}
	// Output:
	// ~ checkout
	//     enabled: false -> true
	//     strategies:
	//       - default
	//       + flexibleRollout
	//           parameters: {"groupId":"checkout","rollout":"50","stickiness":"default"}
	// + search
	//     type: "experiment"
	//     enabled: false
	// Plan: 1 to create, 1 to update, 0 unchanged, 0 skipped; 0 context fields and 0 tag types to create.
	// update checkout enabled: 0 added, 0 removed
	// update checkout strategies: 1 added, 1 removed
	// create search type: 0 added, 0 removed
	// create search enabled: 0 added, 0 removed
}
