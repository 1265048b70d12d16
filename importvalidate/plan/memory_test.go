package plan_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/importvalidate/plan"
	"github.com/flagadmin/flagadmin/model"
)

// The snapshot of the state after an import (Applied, written with
// SnapshotConfig and read back strictly) gives a MemoryState over which
// the same file plans as unchanged.
func TestMemoryStateRoundTrip(t *testing.T) {
	for imp, first := range importableFiles(t, &gen{r: newRand(7), prefix: "mem-", segment: 9000}, 40) {
		snap := &model.Snapshot{Segments: []model.SnapshotSegment{{ID: 1, Name: "beta-users"}}}
		for _, n := range first.ContextFields {
			snap.ContextFields = append(snap.ContextFields, model.SnapshotContextField{Name: n})
		}
		for _, n := range first.TagTypes {
			snap.TagTypes = append(snap.TagTypes, model.SnapshotTagType{Name: n})
		}
		for _, c := range plan.Applied("default", "development", &imp.Data, nil) {
			snap.Features = append(snap.Features, model.SnapshotFeature{Name: c.Name, Project: c.Project, Archived: c.Archived})
			snap.FeatureConfigs = append(snap.FeatureConfigs, plan.SnapshotConfig(c, "development", map[string]float64{"beta-users": 1}))
		}
		raw, err := json.Marshal(snap)
		if err != nil {
			t.Fatal(err)
		}
		back, err := model.DecodeSnapshot(raw)
		if err != nil {
			t.Fatalf("%v\n%s", err, raw)
		}
		p, err := mustPlanner(t, memorySource(t, back)).Plan(context.Background(), reportOf(imp))
		if err != nil {
			t.Fatal(err)
		}
		mustLeaveUnchanged(t, p, "\n"+string(raw))
	}
}

// A configuration of a feature the snapshot does not list, or listed
// twice, is refused.
func TestNewMemoryStateRefusesConfigs(t *testing.T) {
	for _, s := range []*model.Snapshot{
		{FeatureConfigs: []model.SnapshotFeatureConfig{{Feature: "ghost"}}},
		{Features: []model.SnapshotFeature{{Name: "a"}}, FeatureConfigs: []model.SnapshotFeatureConfig{{Feature: "a"}, {Feature: "a"}}},
	} {
		if _, err := importvalidate.NewMemoryState(s); err == nil {
			t.Errorf("NewMemoryState(%+v) succeeded", s)
		}
	}
	if _, err := importvalidate.NewMemoryState(nil); err != nil {
		t.Error(err)
	}
}

// The project's defaults reach the plan: its stickiness and its default
// strategy in the environment.
func TestMemoryStateProjectDefaults(t *testing.T) {
	src, err := importvalidate.NewMemoryState(&model.Snapshot{ProjectDefaults: []model.SnapshotProjectDefaults{{
		Project: "default", Stickiness: "userId",
		Strategies: []model.SnapshotDefaultStrategy{{Environment: "development", Strategy: model.Strategy{Name: "default"}}}}}})
	if err != nil {
		t.Fatal(err)
	}
	r, err := src.Read(context.Background(), importvalidate.Query{Project: "default", Environment: "development", Want: importvalidate.PartConfigs})
	if err != nil {
		t.Fatal(err)
	}
	if s := r.Snapshot(); len(s.ProjectDefaults) != 1 || s.ProjectDefaults[0].Stickiness != "userId" || s.ProjectDefaults[0].Strategies[0].Strategy.Name != "default" {
		t.Errorf("got %+v", s)
	}
}

// A snapshot that lists a feature without its configuration (one written
// without featureConfigs) cannot tell what the feature holds: a plan over
// it is refused, never computed as if the feature were empty. Features
// the snapshot does not list are created as ever.
func TestMemoryStateWithoutConfiguration(t *testing.T) {
	imp := &model.ImportRequest{Project: "default", Environment: "development", Data: model.ExportData{
		Features:          []model.Feature{{Name: "known"}, {Name: "bare"}, {Name: "bare2"}, {Name: "new"}},
		FeatureStrategies: []model.Strategy{{Name: "flexibleRollout", FeatureName: ptr("bare")}},
		TagTypes:          []model.TagType{}}}
	snap := &model.Snapshot{
		Features: []model.SnapshotFeature{{Name: "known", Project: "default"}, {Name: "bare", Project: "default"},
			{Name: "bare2", Project: "default"}},
		FeatureConfigs: []model.SnapshotFeatureConfig{{Feature: "known", Type: "release"}},
	}
	_, err := mustPlanner(t, memorySource(t, snap)).Plan(context.Background(), reportOf(imp))
	if !errors.Is(err, plan.ErrNoConfiguration) || !strings.Contains(err.Error(), `"bare" (and 1 more)`) {
		t.Fatalf("err = %v; want ErrNoConfiguration naming bare", err)
	}
	// Without the bare features, the plan goes on.
	imp.Data.Features = []model.Feature{{Name: "known"}, {Name: "new"}}
	p, err := mustPlanner(t, memorySource(t, snap)).Plan(context.Background(), reportOf(imp))
	if err != nil {
		t.Fatal(err)
	}
	if c := p.Count(); c.Create != 1 || c.Unchanged != 1 {
		t.Errorf("%+v", c)
	}
}

// The links of a feature outside the file replace that feature's when it
// exists and is active (the import accepts them), and refuse the import
// when it does not exist or is archived.
func TestLinksOfFeatureOutsideFile(t *testing.T) {
	snap := &model.Snapshot{
		Features: []model.SnapshotFeature{{Name: "outside", Project: "default"}, {Name: "gone", Project: "default", Archived: true}},
		FeatureConfigs: []model.SnapshotFeatureConfig{{Feature: "outside", Type: "release"},
			{Feature: "gone", Type: "release"}},
	}
	v := validatorOver(t, snap)
	for name, refused := range map[string]bool{"outside": false, "gone": true, "nowhere": true} {
		imp := &model.ImportRequest{Project: "default", Environment: "development", Data: model.ExportData{
			Features: []model.Feature{{Name: "in", Type: ptr("release")}},
			Links:    []model.FeatureLinks{{Feature: name, Links: []model.DataLink{{URL: "https://example.com/doc"}}}},
			TagTypes: []model.TagType{}}}
		body, err := json.Marshal(imp)
		if err != nil {
			t.Fatal(err)
		}
		p, err := mustPlanner(t, memorySource(t, snap)).Plan(context.Background(), validated(t, v, body))
		if err != nil {
			t.Fatal(err)
		}
		if p.Refused() != refused {
			t.Errorf("links of %s: refused = %v (%q), want %v", name, p.Refused(), p.Failures, refused)
		}
	}
}
