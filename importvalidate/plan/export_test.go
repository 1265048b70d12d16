package plan

import (
	"context"
	"maps"
	"slices"

	"github.com/flagadmin/flagadmin/importvalidate/importmodel"
	"github.com/flagadmin/flagadmin/model"
	"github.com/flagadmin/flagadmin/model/profile"
)

// The instance before and after an import (importmodel's) and the
// plan's pure functions, for the tests, which build an instance directly,
// compute plans without a Source, and turn the instance back into a
// Source's answer (the inverse of currentOf, which the package itself
// never needs).
type (
	Current    = importmodel.Before
	Config     = importmodel.Config
	Strategy   = importmodel.Strategy
	Dependency = importmodel.Dependency
)

var (
	Compute = compute
	Diff    = diff
)

// Applied is the configuration that importing d into project and env
// gives each feature it imports (skipped features left out), in the
// file's order: what an export of them shows afterwards.
func Applied(project, env string, d *model.ExportData, cur *importmodel.Before) []importmodel.Config {
	after, err := importmodel.Apply(context.Background(), profile.Default().Import, project, env, d, cur)
	if err != nil {
		panic(err) // the context never ends
	}
	out := make([]importmodel.Config, 0, len(after.Features))
	seen := make(map[string]bool, len(after.Features))
	for i := range d.Features {
		name := d.Features[i].Name
		if c := after.Features[name]; c != nil && !seen[name] {
			seen[name] = true
			out = append(out, *c)
		}
	}
	return out
}

// SnapshotOf is cur as a Source's answer about project and env, the
// inverse of currentOf; segmentID numbers the segments its strategies
// name.
func SnapshotOf(cur *importmodel.Before, project, env string, segmentID map[string]float64) *model.Snapshot {
	s := &model.Snapshot{}
	for _, c := range cur.Features {
		s.Features = append(s.Features, model.SnapshotFeature{Name: c.Name, Project: c.Project, Archived: c.Archived})
		s.FeatureConfigs = append(s.FeatureConfigs, SnapshotConfig(c, env, segmentID))
	}
	for _, n := range slices.Sorted(maps.Keys(segmentID)) {
		s.Segments = append(s.Segments, model.SnapshotSegment{ID: int64(segmentID[n]), Name: n})
	}
	slices.SortFunc(s.Segments, func(a, b model.SnapshotSegment) int { return int(a.ID - b.ID) })
	for _, n := range cur.ContextFields {
		s.ContextFields = append(s.ContextFields, model.SnapshotContextField{Name: n})
	}
	for _, n := range cur.TagTypes {
		s.TagTypes = append(s.TagTypes, model.SnapshotTagType{Name: n})
	}
	if cur.DefaultStickiness != "" || cur.DefaultStrategy != nil {
		d := model.SnapshotProjectDefaults{Project: project, Stickiness: cur.DefaultStickiness}
		if cur.DefaultStrategy != nil {
			d.Strategies = []model.SnapshotDefaultStrategy{{Environment: env, Strategy: modelStrategy(*cur.DefaultStrategy, segmentID)}}
		}
		s.ProjectDefaults = []model.SnapshotProjectDefaults{d}
	}
	return s
}

// SnapshotConfig is the snapshot form of feature configuration c in
// environment env, the inverse of importmodel.BeforeOf's reading; segmentID numbers the
// segments of its strategies. With Applied, it gives the snapshot of the
// state after an import.
func SnapshotConfig(c importmodel.Config, env string, segmentID map[string]float64) model.SnapshotFeatureConfig {
	out := model.SnapshotFeatureConfig{Feature: c.Name, Type: c.Type, Description: c.Description,
		Stale: c.Stale, ImpressionData: c.ImpressionData}
	out.Tags = append(out.Tags, c.Tags...)
	for _, d := range c.Dependencies {
		enabled := d.Enabled
		p := model.ParentDependency{Feature: d.Feature, Enabled: &enabled}
		if len(d.Variants) > 0 {
			v := slices.Clone(d.Variants)
			p.Variants = &v
		}
		out.Dependencies = append(out.Dependencies, p)
	}
	for _, l := range c.Links {
		dl := model.DataLink{URL: l.URL}
		if l.Title != nil {
			dl.Title = model.Some(*l.Title)
		}
		out.Links = append(out.Links, dl)
	}
	fe := model.SnapshotFeatureEnvironment{Name: env, Enabled: c.Enabled, Variants: slices.Clone(c.Variants)}
	for _, s := range c.Strategies {
		fe.Strategies = append(fe.Strategies, modelStrategy(s, segmentID))
	}
	out.Environments = []model.SnapshotFeatureEnvironment{fe}
	return out
}

// modelStrategy is s in the model's form, its segments numbered.
func modelStrategy(s importmodel.Strategy, segmentID map[string]float64) model.Strategy {
	m := model.Strategy{Name: s.Name}
	if s.Title != nil {
		m.Title = model.Some(*s.Title)
	}
	if s.Disabled {
		m.Disabled = model.Some(true)
	}
	if len(s.Parameters) > 0 {
		p := maps.Clone(s.Parameters)
		m.Parameters = &p
	}
	if len(s.Constraints) > 0 {
		cs := slices.Clone(s.Constraints)
		m.Constraints = &cs
	}
	if len(s.Segments) > 0 {
		ids := make([]float64, 0, len(s.Segments))
		for _, n := range s.Segments {
			if id, ok := segmentID[n]; ok {
				ids = append(ids, id)
			}
		}
		m.Segments = &ids
	}
	if len(s.Variants) > 0 {
		vs := slices.Clone(s.Variants)
		m.Variants = &vs
	}
	return m
}
