package unleashapi

import "github.com/flagadmin/flagadmin/model"

// exportSnapshot is what an instance's own export of features (POST
// /api/admin/features-batch/export with their names and environment env)
// tells of them, as a plan reads them (importvalidate.PartConfigs): the
// features, archived ones too, their configuration in env, and the
// segments their strategies name. A plan's Read answers with it, the
// strategies first put in the order Unleash evaluates them
// (orderStrategies, planOf).
func exportSnapshot(d *model.ExportData, env string) *model.Snapshot {
	s := &model.Snapshot{}
	if d == nil {
		return s
	}
	at := make(map[string]int, len(d.Features))
	for i := range d.Features {
		f := &d.Features[i]
		sf := model.SnapshotFeature{Name: f.Name, Archived: f.Archived != nil && *f.Archived}
		if f.Project != nil {
			sf.Project = *f.Project
		}
		det := f.Details()
		c := model.SnapshotFeatureConfig{Feature: f.Name, Stale: det.Stale != nil && *det.Stale,
			ImpressionData: det.ImpressionData != nil && *det.ImpressionData}
		if f.Type != nil {
			c.Type = *f.Type
		}
		if v, ok := f.Description.Get(); ok {
			c.Description = &v
		}
		at[f.Name] = len(s.FeatureConfigs)
		s.Features = append(s.Features, sf)
		s.FeatureConfigs = append(s.FeatureConfigs, c)
	}
	// config is the configuration of feature name, nil for one the export
	// does not list.
	config := func(name string) *model.SnapshotFeatureConfig {
		if i, ok := at[name]; ok {
			return &s.FeatureConfigs[i]
		}
		return nil
	}
	// in is the settings in env of feature name, added on first use; nil
	// for a feature the export does not list.
	in := func(name string) *model.SnapshotFeatureEnvironment {
		c := config(name)
		if c == nil {
			return nil
		}
		if len(c.Environments) == 0 {
			c.Environments = []model.SnapshotFeatureEnvironment{{Name: env}}
		}
		return &c.Environments[0]
	}
	for _, t := range d.FeatureTags {
		typ := t.TagType
		if typ == nil {
			typ = t.Type
		}
		if c := config(t.FeatureName); c != nil && typ != nil {
			c.Tags = append(c.Tags, model.SnapshotTag{Type: *typ, Value: t.TagValue})
		}
	}
	for _, fd := range d.Dependencies {
		if c := config(fd.Feature); c != nil {
			c.Dependencies = append(c.Dependencies, fd.Dependencies...)
		}
	}
	for _, fl := range d.Links {
		if c := config(fl.Feature); c != nil {
			for _, l := range fl.Links {
				c.Links = append(c.Links, model.DataLink{URL: l.URL, Title: l.Title})
			}
		}
	}
	for i := range d.FeatureEnvironments {
		fe := &d.FeatureEnvironments[i]
		name := fe.Name
		if fe.FeatureName != nil {
			name = *fe.FeatureName
		}
		if e := in(name); e != nil {
			e.Enabled = fe.Enabled
			if fe.Variants != nil {
				e.Variants = *fe.Variants
			}
		}
	}
	for _, st := range d.FeatureStrategies {
		if st.FeatureName == nil {
			continue
		}
		if e := in(*st.FeatureName); e != nil {
			// As a snapshot holds it: no id, feature or sort order; the
			// list's order is the evaluation's.
			st.ID, st.FeatureName, st.SortOrder = nil, nil, nil
			e.Strategies = append(e.Strategies, st)
		}
	}
	for _, sg := range d.Segments {
		s.Segments = append(s.Segments, model.SnapshotSegment{ID: int64(sg.ID), Name: sg.Name})
	}
	return s
}
