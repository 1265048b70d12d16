package importvalidate_test

import (
	"context"
	"fmt"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/model"
)

// Validate the file Unleash's Export button downloads for a target the
// caller names; every place is in that file.
func ExampleValidator_Validate_export() {
	v := demoValidator()
	export := []byte(`{"features": [{"name": "checkout"}],
 "featureStrategies": [{"name": "flexibleRolout", "featureName": "checkout"}],
 "tagTypes": []}`)
	rep, err := v.Validate(context.Background(), export, importvalidate.Target{
		Project: "default", Environment: "production", Permissions: importvalidate.AllPermissions{},
	})
	if err != nil {
		panic(err)
	}
	for _, d := range rep.Diagnostics() {
		fmt.Println(importvalidate.FormatDiagnostic("export.json", d))
	}
	fmt.Println(rep.Summary())
	// Output:
	// export.json:2:33: error unknown-strategy: We detected the following custom strategy that needs to be created first: (flexibleRolout); did you mean "flexibleRollout"?
	// 1 error, 0 warnings, 0 missing permissions
}

// A custom state lists an organisation's own strategy types; WithBuiltIns
// adds Unleash's.
func ExampleWithBuiltIns() {
	own, err := importvalidate.NewMemoryState(&model.Snapshot{
		Projects:   []model.SnapshotProject{{ID: "web"}},
		Strategies: []model.SnapshotStrategy{{Name: "byTeam"}},
	})
	if err != nil {
		panic(err)
	}
	v, err := importvalidate.New(importvalidate.Options{State: importvalidate.WithBuiltIns(own)})
	if err != nil {
		panic(err)
	}
	export := []byte(`{"features": [{"name": "a"}], "featureStrategies": [
	  {"name": "byTeam", "featureName": "a"}, {"name": "flexibleRollout", "featureName": "a",
	   "parameters": {"rollout": "50", "stickiness": "default", "groupId": "a"}}], "tagTypes": []}`)
	rep, err := v.Validate(context.Background(), export, importvalidate.Target{
		Project: "web", Environment: "production", Permissions: importvalidate.AllPermissions{},
	})
	if err != nil {
		panic(err)
	}
	fmt.Println(rep.Summary()) // the warning: byTeam is a custom strategy (custom-strategy-used)
	// Output:
	// 0 errors, 1 warning, 0 missing permissions
}
