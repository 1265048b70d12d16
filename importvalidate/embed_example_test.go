package importvalidate_test

import (
	"context"
	"fmt"
	"log"

	"github.com/flagadmin/flagadmin/importvalidate"
)

// Validate an export inside a program: print every finding with its place,
// the summary, and the answer the reference server gives. README.md shows
// this example as the way to embed the validator.
func Example() {
	ctx := context.Background()
	state, err := importvalidate.DemoState() // the embedded demo instance; use your own State
	if err != nil {
		log.Fatal(err)
	}
	v, err := importvalidate.New(importvalidate.Options{State: state})
	if err != nil {
		log.Fatal(err)
	}
	body := []byte(`{"project": "default", "environment": "development",
 "data": {"features": [{"name": "checkout"}, {"name": "checkout"}],
          "featureStrategies": [{"name": "myRollout", "featureName": "checkout"}],
          "tagTypes": []}}`)
	rep, err := v.Validate(ctx, body, importvalidate.Target{Permissions: importvalidate.AllPermissions{}}) // or the caller's, e.g. an *auth.Principal
	if err != nil {
		log.Fatal(err) // the State failed; there is no partial report
	}
	for _, d := range rep.Diagnostics() { // in file order; findings without a place last
		fmt.Println(importvalidate.FormatDiagnostic("flags.json", d))
	}
	fmt.Println(rep.Summary())
	fmt.Println("can import:", !rep.HasErrors())
	fmt.Println(string(importvalidate.MarshalResponse(rep.Reference()))) // the reference server's answer
	// Output:
	// flags.json:2:33: error duplicate-feature: We detected the following features are duplicate in your import data: (checkout)
	// flags.json:2:55: error duplicate-feature: We detected the following features are duplicate in your import data: (checkout)
	// flags.json:3:42: error unknown-strategy: We detected the following custom strategy that needs to be created first: (myRollout)
	// 3 errors, 0 warnings, 0 missing permissions
	// can import: false
	// {"errors":[{"message":"We detected the following custom strategy that needs to be created first:","affectedItems":["myRollout"]},{"message":"We detected the following features are duplicate in your import data:","affectedItems":["checkout"]}],"warnings":[],"permissions":[]}
}
