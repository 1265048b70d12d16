package importvalidate_test

import (
	"context"
	"testing"

	"github.com/flagadmin/flagadmin/importvalidate"
)

// Whole numbers written with a fraction or an exponent are integers to
// JSON Schema and to the reference server; they decode as such, and items
// are still located in the caller's bytes.
func TestWholeNumbersInIntegerMembers(t *testing.T) {
	v := mustNew(t, importvalidate.Options{Strict: true})
	body := []byte(`{"project":"default","environment":"development","data":{"features":[{"name":"f"}],
"featureStrategies":[{"name":"default","featureName":"f","variants":[
 {"name":"a","weight":5.0e2,"weightType":"variable","stickiness":"default"},
 {"name":"b","weight":400.000,"weightType":"variable","stickiness":"default"}]},
 {"name":"ghost","featureName":"f"}],
"contextFields":[{"name":"c","sortOrder":1e2,"usedInFeatures":-0.0}],"tagTypes":[]}}`)
	rep, err := v.Validate(context.Background(), body, importvalidate.Target{Permissions: importvalidate.AllPermissions{}, RequestBody: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Structural) != 0 {
		t.Fatalf("structural problems: %v", rep.Structural)
	}
	// The import's recomputation says the mistake; the extra rule's
	// finding is kept aside.
	is, ok := find(&importvalidate.Report{Issues: rep.Restated}, importvalidate.CodeVariantWeights)
	if !ok || is.Items[0].Value != "f (weights sum to 900)" {
		t.Fatalf("variant weights decoded wrongly: %+v", is)
	}
	us, ok := find(rep, importvalidate.CodeUnknownStrategy)
	if !ok {
		t.Fatal("no unknown-strategy issue")
	}
	l := us.Items[0].Locations[0]
	if string(body[l.Offset:l.Offset+7]) != `"ghost"` || l.Line != 5 || l.Column != 10 {
		t.Errorf("ghost located at %+v", l)
	}
}
