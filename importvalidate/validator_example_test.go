package importvalidate_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/model"
)

// demoValidator is the validator the examples use: the embedded demo
// state, the built-in rules and the given ones.
func demoValidator(rules ...importvalidate.Rule) *importvalidate.Validator {
	demo, err := importvalidate.DemoState()
	if err != nil {
		panic(err)
	}
	v, err := importvalidate.New(importvalidate.Options{State: demo, Rules: rules})
	if err != nil {
		panic(err)
	}
	return v
}

// Validate an import request against the embedded demo state and print every
// finding with its place in the input.
func ExampleValidator_Validate() {
	v := demoValidator()
	body := []byte(`{"project": "default", "environment": "development",
 "data": {"features": [{"name": "checkout"}, {"name": "checkout"}],
          "featureStrategies": [{"name": "myRollout", "featureName": "checkout"}],
          "tagTypes": []}}`)
	rep, err := v.Validate(context.Background(), body, importvalidate.Target{Permissions: importvalidate.AllPermissions{}})
	if err != nil {
		panic(err)
	}
	for _, d := range rep.Diagnostics() {
		fmt.Printf("%s: %s %s: %s\n", d.Location, d.Severity, d.Code, d.Item)
	}
	fmt.Println("can import:", !rep.HasErrors())
	// Output:
	// 2:33: error duplicate-feature: checkout
	// 2:55: error duplicate-feature: checkout
	// 3:42: error unknown-strategy: myRollout
	// can import: false
}

// Render the response the reference server gives, for clients that parse
// it.
func ExampleReport_Reference() {
	v := demoValidator()
	body := []byte(`{"project":"default","environment":"development","data":{"features":[{"name":"a"},{"name":"a"}],"featureStrategies":[],"tagTypes":[]}}`)
	rep, err := v.Validate(context.Background(), body, importvalidate.Target{Permissions: importvalidate.AllPermissions{}})
	if err != nil {
		panic(err)
	}
	enc := json.NewEncoder(os.Stdout)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(rep.Reference())
	// Output:
	// {"errors":[{"message":"We detected the following features are duplicate in your import data:","affectedItems":["a"]}],"warnings":[],"permissions":[]}
}

// Add an organisation's own policy as a rule, next to the built-in ones.
func ExampleRule() {
	describeEverything := importvalidate.Rule{
		Code:     "feature-description",
		Severity: importvalidate.SeverityWarning,
		Summary:  "every feature has a description",
		Check: func(_ context.Context, in *importvalidate.Input) ([]importvalidate.Issue, error) {
			var items []importvalidate.Item
			for _, f := range in.Import.Data.Features {
				if d, ok := f.Description.Get(); !ok || d == "" {
					items = append(items, importvalidate.Item{Value: f.Name})
				}
			}
			if len(items) == 0 {
				return nil, nil
			}
			return []importvalidate.Issue{{Message: "Features without a description:", Items: items}}, nil
		},
	}
	v := demoValidator(describeEverything)
	imp := &model.ImportRequest{Project: "default", Environment: "development",
		Data: model.ExportData{Features: []model.Feature{{Name: "new-checkout"}}}}
	rep, err := v.ValidateImport(context.Background(), imp, importvalidate.Target{Permissions: importvalidate.AllPermissions{}})
	if err != nil {
		panic(err)
	}
	is, _ := find(rep, "feature-description")
	fmt.Println(is.Severity, is.Message, is.Items[0].Value)
	// Output:
	// warning Features without a description: new-checkout
}

// Implement the State over a service's own store; here a MemoryState built
// from a snapshot stands in for it.
func ExampleNewMemoryState() {
	var snap model.Snapshot
	if err := model.DecodeStrict([]byte(`{
	  "projects": [{"id": "payments", "featureNaming": {"pattern": "pay-[a-z-]+"}}],
	  "strategies": [{"name": "default", "builtIn": true}]
	}`), &snap); err != nil {
		panic(err)
	}
	st, err := importvalidate.NewMemoryState(&snap)
	if err != nil {
		panic(err)
	}
	v, err := importvalidate.New(importvalidate.Options{State: st})
	if err != nil {
		panic(err)
	}
	imp := &model.ImportRequest{Project: "payments", Environment: "production",
		Data: model.ExportData{Features: []model.Feature{{Name: "pay-refunds"}, {Name: "Refunds"}}}}
	rep, err := v.ValidateImport(context.Background(), imp, importvalidate.Target{Permissions: importvalidate.AllPermissions{}})
	if err != nil {
		panic(err)
	}
	is, _ := find(rep, importvalidate.CodeNamingPattern)
	fmt.Println(is.Items[0].Value)
	// Output:
	// Refunds
}
