package model_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/flagadmin/flagadmin/model"
)

// TestMarkPresent checks that MarkPresent sets the same presence as
// UnmarshalJSON, so that empty optional arrays are written back.
func TestMarkPresent(t *testing.T) {
	names := []string{"featureEnvironments", "contextFields", "featureTags", "segments", "dependencies", "links"}
	for _, name := range names {
		doc := `{"features":[],"featureStrategies":[],"tagTypes":[],"` + name + `":[]}`
		var decoded model.ExportData
		if err := json.Unmarshal([]byte(doc), &decoded); err != nil {
			t.Fatal(err)
		}
		marked := model.ExportData{Features: []model.Feature{}, FeatureStrategies: []model.Strategy{}, TagTypes: []model.TagType{}}
		switch name {
		case "featureEnvironments":
			marked.FeatureEnvironments = []model.FeatureEnvironment{}
		case "contextFields":
			marked.ContextFields = []model.ContextField{}
		case "featureTags":
			marked.FeatureTags = []model.FeatureTag{}
		case "segments":
			marked.Segments = []model.Segment{}
		case "dependencies":
			marked.Dependencies = []model.FeatureDependencies{}
		case "links":
			marked.Links = []model.FeatureLinks{}
		}
		if !marked.MarkPresent(name) {
			t.Fatalf("MarkPresent(%q) = false", name)
		}
		if diff := cmp.Diff(decoded, marked, cmp.AllowUnexported(model.ExportData{})); diff != "" {
			t.Errorf("%s: (-decoded +marked)\n%s", name, diff)
		}
		want, err := json.Marshal(decoded)
		if err != nil {
			t.Fatal(err)
		}
		got, err := json.Marshal(marked)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != string(want) || !json.Valid(got) {
			t.Errorf("%s: encoded %s, want %s", name, got, want)
		}
		if !strings.Contains(string(got), `"`+name+`":[]`) {
			t.Errorf("%s: encoded %s without the empty array", name, got)
		}
	}
	var d model.ExportData
	for _, name := range []string{"features", "featureStrategies", "tagTypes", "Segments", ""} {
		if d.MarkPresent(name) {
			t.Errorf("MarkPresent(%q) = true", name)
		}
	}
	if diff := cmp.Diff(model.ExportData{}, d, cmp.AllowUnexported(model.ExportData{})); diff != "" {
		t.Errorf("unknown names changed the data: %s", diff)
	}
}
