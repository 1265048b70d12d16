package importmodel

import (
	"encoding/json"
	"testing"

	"github.com/flagadmin/flagadmin/model"
)

// TestResourceLimitsFields: the limits pair with the snapshot's members
// by their JSON names, both ways, and a negative one is named.
func TestResourceLimitsFields(t *testing.T) {
	l := ResourceLimits{Constraints: 1, ConstraintValues: 2, FeatureEnvironmentStrategies: 3, StrategySegments: 4, FeatureFlags: 5}
	want, _ := json.Marshal(l)
	got, _ := json.Marshal(l.Snapshot())
	if string(got) != string(want) {
		t.Errorf("Snapshot: %s, want %s", got, want)
	}
	var back model.SnapshotResourceLimits
	_ = json.Unmarshal(want, &back)
	if w, err := (ResourceLimits{}).With(&back); err != nil || w != l {
		t.Errorf("With: %+v, %v; want %+v", w, err, l)
	}
	six := int64(6)
	if w, err := l.With(&model.SnapshotResourceLimits{StrategySegments: &six}); err != nil || w.StrategySegments != 6 || w.FeatureFlags != 5 {
		t.Errorf("With one: %+v, %v", w, err)
	}
	minus := int64(-1)
	if _, err := l.With(&model.SnapshotResourceLimits{ConstraintValues: &minus}); err == nil || err.Error() != "constraintValues is -1, a negative limit" {
		t.Errorf("a negative limit: %v", err)
	}
}
