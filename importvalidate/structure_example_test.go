package importvalidate_test

import (
	"fmt"

	"github.com/flagadmin/flagadmin/importvalidate"
)

func ExampleStructure_Check() {
	s, err := importvalidate.NewStructure(importvalidate.StructureOptions{})
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
	_, problems := s.Check(body)
	for _, p := range problems {
		fmt.Printf("%s %s at %s\n  %s\n", p.Code, p.Location.Pointer, p.Location, p.Message)
	}
	fmt.Println(problems.Details()[0].Path)
	// Output:
	// required /data/tagTypes at 4:11
	//   The `/body/data/tagTypes` property is required. It was not present on the data you sent.
	// maximum /data/featureEnvironments/0/variants/0/weight at 8:86
	//   The `/body/data/featureEnvironments/0/variants/0/weight` property must be <= 1000. You sent 2000.
	// /body/data/tagTypes
}
