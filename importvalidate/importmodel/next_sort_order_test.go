package importmodel

import (
	"testing"

	"github.com/flagadmin/flagadmin/model"
	"github.com/flagadmin/flagadmin/model/profile"
)

// TestNextSortOrderByVersion holds import-strategy-next-sort-order to the
// order of the creations of each version (creationOrder): a strategy of
// sort order 2147483647, then a plain one of the same feature. On 8.x the
// plain one reads its next sort order after the other's insert, in the
// same round, and is refused (the recorded case
// strategy-next-sort-order-overflow); up to 6.x the store reads the
// default stickiness before each insert, so the plain one reads first and
// gets 0: Unleash 6.10.1 imported that file (200). With a constraint the
// plain one reads a round later, after the insert, on every version
// (6.10.1 refused it: the value out of range).
func TestNextSortOrderByVersion(t *testing.T) {
	top := float64(2147483647)
	constraints := []model.Constraint{{ContextName: "userId", Operator: "IN", Values: &[]string{"a"}}}
	for _, tc := range []struct {
		version     string
		constrained bool
		refused     bool
	}{
		{"8", false, true}, {"7.6", false, true}, {"6.10", false, false}, {"5.12", false, false},
		{"8", true, true}, {"6.10", true, true}, {"5.12", true, true},
	} {
		f := "f"
		second := model.Strategy{Name: "default", FeatureName: &f}
		if tc.constrained {
			second.Constraints = &constraints
		}
		imp := &model.ImportRequest{Project: "default", Environment: "development", Data: model.ExportData{
			Features:          []model.Feature{{Name: f}},
			FeatureStrategies: []model.Strategy{{Name: "default", FeatureName: &f, SortOrder: &top}, second}}}
		p, _ := profile.Named(tc.version)
		in := &Input{Import: imp, Project: "default", Environment: "development", Profile: p, EnvironmentExists: true}
		found := checkImportStrategyNextSortOrder(in)
		if refused := len(found) > 0; refused != tc.refused {
			t.Errorf("%s, constrained %v: refused %v, want %v (%v)", tc.version, tc.constrained, refused, tc.refused, found)
		}
	}
}
