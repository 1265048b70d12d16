package importvalidate

import (
	"slices"
	"testing"
)

// TestImportConstraintContextUnknown: up to 6.x the import reads each
// constraint's context field as it creates the strategy, and a field that
// neither exists nor is imported is a 404 ("Could not find Context field
// with name ..."), at the first such constraint; from 7.0 the import
// accepts it.
func TestImportConstraintContextUnknown(t *testing.T) {
	export := []byte(`{"features": [{"name": "a", "type": "release"}],
 "featureStrategies": [{"name": "default", "featureName": "a", "constraints": [
   {"contextName": "appName", "operator": "IN", "values": ["x"]},
   {"contextName": "imported", "operator": "IN", "values": ["x"]},
   {"contextName": "no-such-ctx", "operator": "IN", "values": ["x"]},
   {"contextName": "another-missing", "operator": "IN", "values": ["x"]}]}],
 "contextFields": [{"name": "imported"}], "tagTypes": [], "featureTags": [], "featureEnvironments": [], "segments": [], "dependencies": []}`)
	target := Target{Project: "default", Environment: "development", Permissions: AllPermissions{}}
	for _, tt := range []struct {
		profile string
		want    []string
	}{
		{"5.12", []string{"/featureStrategies/0/constraints/2/contextName Could not find Context field with name no-such-ctx"}},
		{"6.10", []string{"/featureStrategies/0/constraints/2/contextName Could not find Context field with name no-such-ctx"}},
		{"7.6", nil},
		{"8", nil},
	} {
		t.Run(tt.profile, func(t *testing.T) {
			rep := validateAs(t, tt.profile, export, target)
			var got []string
			for _, d := range rep.Diagnostics() {
				if d.Code == CodeImportConstraintContextUnknown {
					if d.Severity != SeverityError || d.Category != CategoryImport || d.Location.Line == 0 {
						t.Errorf("%+v", d)
					}
					got = append(got, d.Location.Pointer+" "+d.Message())
				}
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("findings %q, want %q", got, tt.want)
			}
		})
	}
}
