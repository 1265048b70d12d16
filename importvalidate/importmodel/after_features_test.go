package importmodel

import (
	"context"
	"testing"

	"github.com/flagadmin/flagadmin/model"
	"github.com/flagadmin/flagadmin/model/profile"
)

// The view of the cleaned file and the replay leave the same features[]
// entries alone, for the same reason: an existing archived feature is
// dropped, one of another project is not applied, and the order of the
// two tests is the cleaning's (archived first).
func TestSkipAgreesWithView(t *testing.T) {
	for _, c := range []struct {
		name     string
		project  string
		archived bool
		want     Skip
	}{
		{"active in the target", "default", false, 0},
		{"archived in the target", "default", true, SkipArchived},
		{"active elsewhere", "other", false, SkipOtherProject},
		{"archived elsewhere", "other", true, SkipArchived},
	} {
		t.Run(c.name, func(t *testing.T) {
			d := model.ExportData{Features: []model.Feature{{Name: "f"}}}
			before := &Before{Features: []Config{{Name: "f", Project: c.project, Archived: c.archived, Type: "release"}}}
			a, err := Apply(context.Background(), profile.Default().Import, "default", "development", &d, before)
			if err != nil {
				t.Fatal(err)
			}
			if got := a.Skipped["f"]; got != c.want {
				t.Errorf("the replay skips the entry for %d, want %d", got, c.want)
			}
			in := NewInput(&model.ImportRequest{Project: "default", Environment: "development", Data: d}, "default", "development", RequestBody{}, nil)
			in.Features = map[string]model.SnapshotFeature{"f": {Name: "f", Project: c.project, Archived: c.archived}}
			ref := in.resolved().refs[0]
			if ref.inFile != (c.want != SkipArchived) || ref.applied != (c.want == 0) {
				t.Errorf("the view: inFile %v, applied %v; the replay: skip %d", ref.inFile, ref.applied, c.want)
			}
		})
	}
}
