package importmodel

import (
	"testing"

	"github.com/flagadmin/flagadmin/model"
	"github.com/flagadmin/flagadmin/model/profile"
)

// TestEmptyTagTypeSkipped: the import adds only the tags whose tagType is
// not empty (if (tag.tagType)); Unleash 8.2.0 imported a file whose one
// tag has the tagType "" (200). The validation warns that it skips the
// tag, refuses nothing, and the replay adds no tag.
func TestEmptyTagTypeSkipped(t *testing.T) {
	empty := ""
	d := model.ExportData{Features: []model.Feature{{Name: "f"}},
		FeatureTags: []model.FeatureTag{{FeatureName: "f", TagType: &empty, TagValue: "x"}}}
	in := &Input{Import: &model.ImportRequest{Project: "default", Environment: "development", Data: d},
		Project: "default", Environment: "development", EnvironmentExists: true}
	for _, k := range []Kind{TagInvalid, TagTypeMissing, TagFeatureMissing} {
		if found := in.Check(k); len(found) > 0 {
			t.Errorf("%s: %v", k, found)
		}
	}
	if found := in.Check(TagWithoutType); len(found) != 1 {
		t.Errorf("%s: %v, want one", TagWithoutType, found)
	}
	after, err := Apply(t.Context(), profile.Default().Import, "default", "development", &d, nil)
	if err != nil {
		t.Fatal(err)
	}
	if tags := after.Features["f"].Tags; len(tags) != 0 {
		t.Errorf("tags after: %v", tags)
	}
}
