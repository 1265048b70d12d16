package importvalidate_test

import (
	"context"
	"fmt"

	"github.com/flagadmin/flagadmin/importvalidate"
)

// A body that fails the structural tier: each problem in the reference
// server's words (Message), in a file's (FileMessage), and the details of
// the reference's 400 answer.
func ExampleProblems_Details() {
	state, err := importvalidate.DemoState()
	if err != nil {
		panic(err)
	}
	v, err := importvalidate.New(importvalidate.Options{State: state})
	if err != nil {
		panic(err)
	}
	body := []byte(`{
  "project": "default",
  "environment": "development",
  "data": {
    "features": [{"name": "new-checkout"}],
    "featureStrategies": [],
    "featureEnvironments": [
      {"name": "new-checkout", "enabled": true, "variants": [{"name": "a", "weight": 2000}]}
    ]
  }
}`)
	rep, err := v.Validate(context.Background(), body, importvalidate.Target{Permissions: importvalidate.AllPermissions{}, RequestBody: true})
	if err != nil {
		panic(err)
	}
	for _, p := range rep.Structural {
		fmt.Printf("%s at %s\n  %s\n  %s\n", p.Code, p.Location, p.Message(), p.FileMessage())
	}
	fmt.Println(rep.Structural.Details()[0].Path)
	// Output:
	// required at 4:11
	//   The `/body/data/tagTypes` property is required. It was not present on the data you sent.
	//   The `/data/tagTypes` property is required. The file lacks it.
	// maximum at 8:86
	//   The `/body/data/featureEnvironments/0/variants/0/weight` property must be <= 1000. You sent 2000.
	//   The `/data/featureEnvironments/0/variants/0/weight` property must be <= 1000; the file has 2000.
	// /body/data/tagTypes
}
