package importvalidate

import (
	"fmt"
	"strings"
	"testing"
)

// TestImportLimitsByVersion: 5.x creates a strategy's constraints and a
// constraint's values without counting them (its import took a strategy
// with 31 constraints and one of 251 values); from 6.x the import refuses
// them against the instance's limits.
func TestImportLimitsByVersion(t *testing.T) {
	var cs, vs []string
	for i := range 251 {
		vs = append(vs, fmt.Sprintf("%q", fmt.Sprint(i)))
	}
	cs = append(cs, `{"contextName": "userId", "operator": "IN", "values": [`+strings.Join(vs, ",")+`]}`)
	for i := range 30 {
		cs = append(cs, fmt.Sprintf(`{"contextName": "userId", "operator": "IN", "values": ["%d"]}`, i))
	}
	export := []byte(`{"features": [{"name": "a", "type": "release"}],
 "featureStrategies": [{"name": "default", "featureName": "a", "constraints": [` + strings.Join(cs, ",") + `]}],
 "contextFields": [], "tagTypes": [], "featureTags": [], "featureEnvironments": [], "segments": [], "dependencies": []}`)
	target := Target{Project: "default", Environment: "development", Permissions: AllPermissions{}}
	for _, tt := range []struct {
		profile string
		want    bool
	}{{"5.12", false}, {"6.10", true}, {"7.6", true}, {"8", true}} {
		t.Run(tt.profile, func(t *testing.T) {
			rep := validateAs(t, tt.profile, export, target)
			got := map[Code]bool{}
			for _, d := range rep.Diagnostics() {
				got[d.Code] = true
			}
			for _, c := range []Code{CodeImportTooManyConstraints, CodeImportTooManyConstraintValues} {
				if got[c] != tt.want {
					t.Errorf("%s reported: %v, want %v", c, got[c], tt.want)
				}
			}
			if got[CodeImportUnknownFact] {
				t.Errorf("%s reported although the limits are known", CodeImportUnknownFact)
			}
		})
	}
}
