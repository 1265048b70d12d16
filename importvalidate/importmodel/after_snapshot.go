package importmodel

import (
	"errors"
	"fmt"
	"slices"

	"github.com/flagadmin/flagadmin/model"
)

// ErrNoConfiguration is the error of a state that lists an existing
// feature without its configuration (such as a snapshot written without
// featureConfigs): an import over it would take the feature for an empty
// one.
var ErrNoConfiguration = errors.New("the state lists the feature without its configuration (featureConfigs)")

// NoConfigurationError names the features that a state lists without
// their configuration, in its order. It is an ErrNoConfiguration.
type NoConfigurationError struct {
	Features []string
}

func (e *NoConfigurationError) Error() string {
	return fmt.Sprintf("%d features: %v", len(e.Features), ErrNoConfiguration)
}

func (e *NoConfigurationError) Unwrap() error { return ErrNoConfiguration }

// BeforeOf reads s, the state of an instance as a snapshot holds it, into
// the form an import works on, for environment env and the defaults of
// project. It fails with a *NoConfigurationError when a feature of s has
// no configuration.
func BeforeOf(s *model.Snapshot, project, env string) (*Before, error) {
	cur := &Before{}
	if s == nil {
		return cur, nil
	}
	segmentName := make(map[float64]string, len(s.Segments))
	for _, sg := range s.Segments {
		segmentName[float64(sg.ID)] = sg.Name
	}
	configs := make(map[string]*model.SnapshotFeatureConfig, len(s.FeatureConfigs))
	for i := range s.FeatureConfigs {
		configs[s.FeatureConfigs[i].Feature] = &s.FeatureConfigs[i]
	}
	var bare []string
	for _, f := range s.Features {
		c := configs[f.Name]
		if c == nil {
			bare = append(bare, f.Name)
			continue
		}
		cur.Features = append(cur.Features, configOf(f, c, env, segmentName))
	}
	if len(bare) > 0 {
		return nil, &NoConfigurationError{Features: bare}
	}
	for _, cf := range s.ContextFields {
		cur.ContextFields = append(cur.ContextFields, cf.Name)
	}
	for _, t := range s.TagTypes {
		cur.TagTypes = append(cur.TagTypes, t.Name)
	}
	for i := range s.ProjectDefaults {
		if s.ProjectDefaults[i].Project == project {
			cur.setDefaults(&s.ProjectDefaults[i], env, segmentName)
		}
	}
	return cur, nil
}

// setDefaults sets b's DefaultStickiness and DefaultStrategy from d, the
// defaults of the project the import goes to, for environment env.
// segmentName names the segment ids of the default strategy.
func (b *Before) setDefaults(d *model.SnapshotProjectDefaults, env string, segmentName map[float64]string) {
	b.DefaultStickiness = d.Stickiness
	for _, ds := range d.Strategies {
		if ds.Environment == env {
			s := strategyOf(&ds.Strategy, segmentName)
			b.DefaultStrategy = &s
		}
	}
}

// configOf is the config of feature f in environment env, from its
// snapshot configuration c, which must not be nil. segmentName names the
// segment ids of its strategies, which keep their order: the order
// Unleash evaluates them in.
func configOf(f model.SnapshotFeature, c *model.SnapshotFeatureConfig, env string, segmentName map[float64]string) Config {
	out := Config{Name: f.Name, Project: f.Project, Archived: f.Archived, Type: "release"}
	if c.Type != "" {
		out.Type = c.Type
	}
	if c.Description != nil {
		// An empty description is one: 5.x stores it as given.
		d := *c.Description
		out.Description = &d
	}
	out.Stale, out.ImpressionData = c.Stale, c.ImpressionData
	out.Tags = append(out.Tags, c.Tags...)
	out.Dependencies = appendEach(out.Dependencies, c.Dependencies, dependencyOf)
	out.Links = appendEach(out.Links, c.Links, linkOf)
	for i := range c.Environments {
		e := &c.Environments[i]
		if e.Name != env {
			continue
		}
		out.Enabled = e.Enabled
		for j := range e.Strategies {
			out.Strategies = append(out.Strategies, strategyOf(&e.Strategies[j], segmentName))
		}
		if len(e.Variants) > 0 {
			out.Variants = slices.Clone(e.Variants)
		}
	}
	return out
}

// strategyOf is a stored strategy (of an export, a snapshot or a
// database) as a Strategy, its segment ids named by segmentName. The
// strategy shares s's parameters, constraints and variants.
func strategyOf(s *model.Strategy, segName map[float64]string) Strategy {
	st := Strategy{Name: s.Name, Title: s.Title.Ptr()}
	if v, ok := s.Disabled.Get(); ok {
		st.Disabled = v
	}
	if s.Parameters != nil && len(*s.Parameters) > 0 {
		st.Parameters = *s.Parameters // shared: an import never changes it
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
