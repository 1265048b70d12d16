package importvalidate_test

import (
	"context"
	"testing"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/model"
)

// TestWithBuiltIns: a custom state that lists none of Unleash's built-ins
// knows them once wrapped.
func TestWithBuiltIns(t *testing.T) {
	st := memoryState(t, &model.Snapshot{Projects: []model.SnapshotProject{{ID: "web"}}})
	raw := []byte(`{"features": [{"name": "a"}], "featureStrategies": [{"name": "flexibleRollout", "featureName": "a",
	  "parameters": {"rollout": "50", "stickiness": "default", "groupId": "a"}, "constraints": [{"contextName": "userId", "operator": "IN", "values": ["1"]}]}], "tagTypes": []}`)
	target := importvalidate.Target{Project: "web", Environment: "production", Permissions: importvalidate.AllPermissions{}}
	for _, tc := range []struct {
		state importvalidate.State
		want  string
	}{
		{st, "2 errors, 0 warnings, 0 missing permissions"}, // unknown-strategy (its import version said once with it), unknown-context-field
		{importvalidate.WithBuiltIns(st), "0 errors, 0 warnings, 0 missing permissions"},
	} {
		v := mustNew(t, importvalidate.Options{State: tc.state, Strict: true})
		rep, err := v.Validate(context.Background(), raw, target)
		if err != nil {
			t.Fatal(err)
		}
		if got := rep.Summary(); got != tc.want {
			t.Errorf("%T: %s, want %s", tc.state, got, tc.want)
		}
	}
}
