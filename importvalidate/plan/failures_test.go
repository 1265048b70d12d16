package plan_test

import (
	"context"
	"encoding/json"
	"slices"
	"testing"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/model"
)

// A plan's failures are its validation's findings of what the import
// refuses, with their codes and places, in the report's order: for each
// reason the plan once foresaw itself (a feature of another project,
// variants without a variable one, a tag value's length, links of a
// feature the import does not keep active, an invalid link URL, more than
// ten links, a sort order that is no 32-bit integer, given or read, more
// segments than the limit, a segment given twice or not listed, the
// status of a feature the file archives), the rule of the import that
// says so.
func TestFailuresAreTheValidationsFindings(t *testing.T) {
	snap := &model.Snapshot{
		Features: []model.SnapshotFeature{{Name: "elsewhere", Project: "other"}, {Name: "gone", Project: "default", Archived: true}},
		FeatureConfigs: []model.SnapshotFeatureConfig{{Feature: "elsewhere", Type: "release"},
			{Feature: "gone", Type: "release"}},
		Segments: []model.SnapshotSegment{{ID: 20, Name: "sa"}, {ID: 21, Name: "sb"}, {ID: 22, Name: "sc"},
			{ID: 23, Name: "sd"}, {ID: 24, Name: "se"}, {ID: 25, Name: "sf"}},
		TagTypes: []model.SnapshotTagType{{Name: "team"}},
	}
	v := validatorOver(t, snap)
	planner := mustPlanner(t, memorySource(t, snap))
	segs := `"segments":[{"id":1,"name":"sa"},{"id":2,"name":"sb"},{"id":3,"name":"sc"},{"id":4,"name":"sd"},{"id":5,"name":"se"},{"id":6,"name":"sf"}]`
	for _, c := range []struct {
		name, data string
		want       []string // code and pointer of each failure
	}{
		{"feature in another project", `{"features":[{"name":"elsewhere"}]}`,
			[]string{"import-feature-in-other-project /data/features/0/name"}},
		{"variants without a variable one", `{"features":[{"name":"a"}],"featureEnvironments":[{"name":"a","featureName":"a","enabled":false,"variants":[{"name":"f","weight":10,"weightType":"fix"}]}]}`,
			[]string{"import-variant-no-variable /data/featureEnvironments/0/variants"}},
		{"strategy variants without a variable one", `{"features":[{"name":"a"}],"featureStrategies":[{"name":"default","featureName":"a","variants":[{"name":"f","weight":10,"weightType":"fix","stickiness":"default"}]}]}`,
			[]string{"import-variant-no-variable /data/featureStrategies/0/variants"}},
		{"fixed weights above 1000", `{"features":[{"name":"a"}],"featureEnvironments":[{"name":"a","featureName":"a","enabled":false,"variants":[{"name":"f","weight":600,"weightType":"fix"},{"name":"g","weight":600,"weightType":"fix"},{"name":"h","weight":0,"weightType":"variable"}]}]}`,
			[]string{"import-variant-fix-over-1000 /data/featureEnvironments/0/variants"}},
		{"a tag value of one character", `{"features":[{"name":"a"}],"featureTags":[{"featureName":"a","tagType":"team","tagValue":"x"}],"tagTypes":[{"name":"team"}]}`,
			[]string{"import-tag-invalid /data/featureTags/0/tagValue"}},
		{"links of an archived feature", `{"features":[{"name":"a"}],"links":[{"feature":"gone","links":[{"url":"https://e.com"}]}]}`,
			[]string{"import-link-feature-not-active /data/links/0/feature"}},
		{"links of a feature the file archives", `{"features":[{"name":"a","archived":true}],"links":[{"feature":"a","links":[{"url":"https://e.com"}]}]}`,
			[]string{"import-link-feature-not-active /data/links/0/feature"}},
		{"an invalid link URL", `{"features":[{"name":"a"}],"links":[{"feature":"a","links":[{"url":"http://[::1"}]}]}`,
			[]string{"import-link-invalid-url /data/links/0/links/0/url"}},
		{"eleven links", `{"features":[{"name":"a"}],"links":[{"feature":"a","links":[{"url":"a.com/1"},{"url":"a.com/2"},{"url":"a.com/3"},{"url":"a.com/4"},{"url":"a.com/5"},{"url":"a.com/6"},{"url":"a.com/7"},{"url":"a.com/8"},{"url":"a.com/9"},{"url":"a.com/10"},{"url":"a.com/11"}]}]}`,
			[]string{"import-link-too-many /data/links/0/links/10"}},
		{"a fractional sort order", `{"features":[{"name":"a"}],"featureStrategies":[{"name":"default","featureName":"a","sortOrder":1.5}]}`,
			[]string{"import-strategy-sort-order /data/featureStrategies/0/sortOrder"}},
		{"a sort order above 32 bits", `{"features":[{"name":"a"}],"featureStrategies":[{"name":"default","featureName":"a","sortOrder":3000000000}]}`,
			[]string{"import-strategy-sort-order /data/featureStrategies/0/sortOrder"}},
		{"a strategy read after one of sort order 2147483647", `{"features":[{"name":"a"}],"featureStrategies":[{"name":"default","featureName":"a","sortOrder":2147483647},{"name":"default","featureName":"a"}]}`,
			[]string{"import-strategy-next-sort-order /data/featureStrategies/1"}},
		{"six segments", `{"features":[{"name":"a"}],"featureStrategies":[{"name":"default","featureName":"a","segments":[1,2,3,4,5,6]}],` + segs + `}`,
			[]string{"import-strategy-too-many-segments /data/featureStrategies/0/segments"}},
		{"a segment given twice", `{"features":[{"name":"a"}],"featureStrategies":[{"name":"default","featureName":"a","segments":[1,1]}],` + segs + `}`,
			[]string{"import-strategy-duplicate-segment /data/featureStrategies/0/segments/1"}},
		{"a segment not listed", `{"features":[{"name":"a"}],"featureStrategies":[{"name":"default","featureName":"a","segments":[9]}],` + segs + `}`,
			[]string{"import-strategy-segment-not-listed /data/featureStrategies/0/segments/0"}},
		{"the status of a feature the file archives", `{"features":[{"name":"a","archived":true}],"featureEnvironments":[{"name":"a","featureName":"a","enabled":false}]}`,
			[]string{"import-archived-feature-enabled /data/featureEnvironments/0/name", "import-archived-feature-enabled /data/features/0/archived"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			var data map[string]any
			if err := json.Unmarshal([]byte(c.data), &data); err != nil {
				t.Fatal(err)
			}
			for _, k := range []string{"featureStrategies", "tagTypes"} {
				if data[k] == nil {
					data[k] = []any{}
				}
			}
			body, _ := json.Marshal(map[string]any{"project": "default", "environment": "development", "data": data})
			rep := validated(t, v, body)
			p, err := planner.Plan(context.Background(), rep)
			if err != nil {
				t.Fatal(err)
			}
			var got, fromReport []string
			for _, f := range p.Failures {
				got = append(got, string(f.Code)+" "+f.Location.Pointer)
				if f.Location.Line == 0 || f.Message() == "" {
					t.Errorf("failure without its line or message: %v", f)
				}
			}
			// The import's refusals, those said once with a reference
			// error included (Report.Restated).
			all := *rep
			all.Issues = append(slices.Clip(rep.Issues), rep.Restated...)
			for _, d := range all.Diagnostics() {
				if d.Severity == importvalidate.SeverityError && d.Category == importvalidate.CategoryImport {
					fromReport = append(fromReport, string(d.Code)+" "+d.Location.Pointer)
				}
			}
			if !slices.Equal(got, c.want) || !slices.Equal(got, fromReport) || !p.Refused() {
				t.Errorf("failures %q; want %q, the report's import errors %q", got, c.want, fromReport)
			}
		})
	}
}
