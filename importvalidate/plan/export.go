package plan

import (
	"slices"

	"github.com/flagadmin/flagadmin/model"
)

// FromExport reads the configuration of the features of an instance's
// own export (POST /api/admin/features-batch/export with the features'
// names and the environment), the way an implementation of Source over
// the admin API answers Current.Features. Archived features are in an
// export too.
func FromExport(d *model.ExportData) []Config {
	if d == nil {
		return nil
	}
	segName := make(map[float64]string, len(d.Segments))
	for _, s := range d.Segments {
		segName[s.ID] = s.Name
	}
	out := make([]Config, len(d.Features))
	at := make(map[string]*Config, len(d.Features))
	for i := range d.Features {
		f := &d.Features[i]
		c := Config{Name: f.Name}
		if f.Project != nil {
			c.Project = *f.Project
		}
		c.setMetadata(f)
		out[i] = c
		at[f.Name] = &out[i]
	}
	for i := range d.FeatureEnvironments {
		fe := &d.FeatureEnvironments[i]
		name := fe.Name
		if fe.FeatureName != nil {
			name = *fe.FeatureName
		}
		if c := at[name]; c != nil {
			c.Enabled = fe.Enabled
			if fe.Variants != nil && len(*fe.Variants) > 0 {
				c.Variants = slices.Clone(*fe.Variants)
			}
		}
	}
	for i := range d.FeatureStrategies {
		s := &d.FeatureStrategies[i]
		if s.FeatureName == nil || at[*s.FeatureName] == nil {
			continue
		}
		c := at[*s.FeatureName]
		c.Strategies = append(c.Strategies, StrategyOf(s, segName))
	}
	for _, t := range d.FeatureTags {
		c := at[t.FeatureName]
		typ := t.TagType
		if typ == nil {
			typ = t.Type
		}
		if c == nil || typ == nil {
			continue
		}
		c.Tags = append(c.Tags, Tag{Type: *typ, Value: t.TagValue})
	}
	for _, fd := range d.Dependencies {
		if c := at[fd.Feature]; c != nil {
			c.Dependencies = appendEach(c.Dependencies, fd.Dependencies, dependencyOf)
		}
	}
	for _, fl := range d.Links {
		if c := at[fl.Feature]; c != nil {
			c.Links = appendEach(c.Links, fl.Links, linkOf)
		}
	}
	return out
}

// StrategyOf is a stored strategy (of an export, a snapshot or a
// database) as a Strategy, its segment ids named by segmentName. The
// Strategy shares s's parameters, constraints and variants.
func StrategyOf(s *model.Strategy, segName map[float64]string) Strategy {
	st := Strategy{Name: s.Name, Title: s.Title.Ptr()}
	if v, ok := s.Disabled.Get(); ok {
		st.Disabled = v
	}
	if s.Parameters != nil && len(*s.Parameters) > 0 {
		st.Parameters = *s.Parameters // shared: a plan never changes it
	}
	if s.Constraints != nil {
		st.Constraints = normalizeConstraints(*s.Constraints)
	}
	if s.Segments != nil {
		for _, id := range *s.Segments {
			if n, ok := segName[id]; ok {
				st.Segments = append(st.Segments, n)
			}
		}
	}
	if s.Variants != nil && len(*s.Variants) > 0 {
		st.Variants = *s.Variants
	}
	return st
}

// dependencyOf is a stored parent dependency as a Dependency.
func dependencyOf(p model.ParentDependency) Dependency {
	dep := Dependency{Feature: p.Feature, Enabled: p.Enabled == nil || *p.Enabled}
	if p.Variants != nil && len(*p.Variants) > 0 {
		dep.Variants = slices.Clone(*p.Variants)
	}
	return dep
}

// appendEach appends each element of src, as f makes it, to dst.
func appendEach[S, T any](dst []T, src []S, f func(S) T) []T {
	for _, v := range src {
		dst = append(dst, f(v))
	}
	return dst
}

// linkOf is a stored link as a Link: an empty title is none.
func linkOf(l model.DataLink) Link {
	link := Link{URL: l.URL}
	if v, ok := l.Title.Get(); ok && v != "" {
		link.Title = &v
	}
	return link
}
