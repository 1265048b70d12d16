package plan_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"

	"github.com/flagadmin/flagadmin/importvalidate/plan"
	"github.com/flagadmin/flagadmin/model"
)

// A service plans an import over the current state of an instance (here
// a state snapshot held in memory; any Source answers the same form) and
// prints the plan, or renders its typed values itself.
func Example() {
	desc := "Checkout flow"
	src, err := plan.NewMemorySource(&model.Snapshot{
		Features: []model.SnapshotFeature{{Name: "checkout", Project: "default"}},
		FeatureConfigs: []model.SnapshotFeatureConfig{{Feature: "checkout", Description: &desc,
			Tags: []model.SnapshotTag{{Type: "simple", Value: "web"}},
			Environments: []model.SnapshotFeatureEnvironment{{Name: "development",
				Strategies: []model.Strategy{{Name: "default"}}}}}},
		TagTypes: []model.SnapshotTagType{{Name: "simple"}},
	})
	if err != nil {
		panic(err)
	}
	planner, err := plan.New(plan.Options{Source: src})
	if err != nil {
		panic(err)
	}
	var imp model.ImportRequest
	_ = json.Unmarshal([]byte(`{"project":"default","environment":"development","data":{
	  "features":[{"name":"checkout","description":"Checkout flow"},{"name":"search","type":"experiment"}],
	  "featureStrategies":[{"name":"flexibleRollout","featureName":"checkout","parameters":{"rollout":"50"}}],
	  "featureEnvironments":[{"name":"checkout","featureName":"checkout","enabled":true}],
	  "featureTags":[{"featureName":"checkout","tagType":"simple","tagValue":"web"}],
	  "tagTypes":[{"name":"simple"}]}}`), &imp)
	p, err := planner.Plan(context.Background(), &imp, plan.Target{})
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
