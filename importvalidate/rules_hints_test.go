package importvalidate_test

import (
	"context"
	"strings"
	"testing"

	"github.com/flagadmin/flagadmin/importvalidate"
)

// TestHints: unknown names close to known ones get the nearest known name,
// outside the reference answer, also where the import's own finding says
// the mistake (a tag type the import refuses).
func TestHints(t *testing.T) {
	v := mustNew(t, importvalidate.Options{Strict: true})
	raw := []byte(`{"features": [{"name": "a"}], "featureStrategies": [{"name": "flexibleRolout", "featureName": "a",
	  "constraints": [{"contextName": "regoin", "operator": "IN", "values": ["eu"]}]}],
	  "contextFields": [{"name": "region"}],
	  "featureTags": [{"featureName": "a", "tagType": "simpel", "tagValue": "x"}], "tagTypes": []}`)
	rep, err := v.Validate(context.Background(), raw, importvalidate.Target{Project: "default", Environment: "development", Permissions: importvalidate.AllPermissions{}})
	if err != nil {
		t.Fatal(err)
	}
	hints := map[string]string{}
	for _, d := range rep.Diagnostics() {
		if d.Hint != "" {
			hints[string(d.Code)+" "+d.Item] = d.Hint
		}
	}
	want := map[string]string{
		"unknown-strategy flexibleRolout": "flexibleRollout",
		"unknown-context-field regoin":    "region",
		"import-tag-type-missing simpel":  "simple",
	}
	for k, w := range want {
		if hints[k] != w {
			t.Errorf("hint of %s = %q, want %q (all: %v)", k, hints[k], w, hints)
		}
	}
	if ref := string(importvalidate.MarshalResponse(rep.Reference())); strings.Contains(ref, "flexibleRollout") {
		t.Errorf("a hint reached the reference answer: %s", ref)
	}
}
