package plan

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"

	"github.com/flagadmin/flagadmin/model"
)

// MemorySource is a Source held in memory, built from a state snapshot
// (its features, featureConfigs, contextFields, segments, tagTypes and
// projectDefaults). Every feature of the snapshot that a plan meets must
// have its configuration: a snapshot without featureConfigs cannot tell
// a plan what an existing feature holds (see ErrNoConfiguration). It is
// immutable once built and safe for concurrent use.
type MemorySource struct {
	features      map[string]model.SnapshotFeature
	configs       map[string]*model.SnapshotFeatureConfig
	contextFields map[string]bool
	tagTypes      map[string]bool
	segmentName   map[float64]string
	defaults      map[string]*model.SnapshotProjectDefaults
}

var _ Source = (*MemorySource)(nil)

// NewMemorySource builds a MemorySource. It fails on a configuration of
// a feature the snapshot does not list, or listed twice.
func NewMemorySource(s *model.Snapshot) (*MemorySource, error) {
	if s == nil {
		s = &model.Snapshot{}
	}
	m := &MemorySource{
		features:      make(map[string]model.SnapshotFeature, len(s.Features)),
		configs:       make(map[string]*model.SnapshotFeatureConfig, len(s.FeatureConfigs)),
		contextFields: make(map[string]bool, len(s.ContextFields)),
		tagTypes:      make(map[string]bool, len(s.TagTypes)),
		segmentName:   make(map[float64]string, len(s.Segments)),
		defaults:      make(map[string]*model.SnapshotProjectDefaults, len(s.ProjectDefaults)),
	}
	for _, f := range s.Features {
		m.features[f.Name] = f
	}
	for i := range s.FeatureConfigs {
		c := &s.FeatureConfigs[i]
		if _, ok := m.features[c.Feature]; !ok {
			return nil, fmt.Errorf("plan: state: /featureConfigs/%d/feature: %q is not among the features", i, c.Feature)
		}
		if _, dup := m.configs[c.Feature]; dup {
			return nil, fmt.Errorf("plan: state: /featureConfigs/%d/feature: %q is configured twice", i, c.Feature)
		}
		m.configs[c.Feature] = c
	}
	for _, cf := range s.ContextFields {
		m.contextFields[cf.Name] = true
	}
	for _, t := range s.TagTypes {
		m.tagTypes[t.Name] = true
	}
	for _, sg := range s.Segments {
		m.segmentName[float64(sg.ID)] = sg.Name
	}
	for i := range s.ProjectDefaults {
		m.defaults[s.ProjectDefaults[i].Project] = &s.ProjectDefaults[i]
	}
	return m, nil
}

// ErrNoConfiguration is returned, wrapped, by MemorySource.Current for
// a feature that the snapshot lists without its configuration (a
// snapshot written without featureConfigs): a plan over it would take
// the feature for an empty one.
var ErrNoConfiguration = errors.New("the state lists the feature without its configuration (featureConfigs)")

// Current implements Source. It fails with ErrNoConfiguration when a
// feature of the query exists in the snapshot without a configuration.
func (m *MemorySource) Current(_ context.Context, q Query) (*Current, error) {
	cur := &Current{}
	var bare []string
	for _, name := range q.Features {
		f, ok := m.features[name]
		if !ok {
			continue
		}
		c := m.configs[name]
		if c == nil {
			bare = append(bare, name)
			continue
		}
		cur.Features = append(cur.Features, ConfigOf(f, c, q.Environment, m.segmentName))
	}
	if len(bare) > 0 {
		more := ""
		if len(bare) > 1 {
			more = fmt.Sprintf(" (and %d more)", len(bare)-1)
		}
		return nil, fmt.Errorf("state: feature %s%s: %w", quote(bare[0]), more, ErrNoConfiguration)
	}
	for _, n := range q.ContextFields {
		if m.contextFields[n] {
			cur.ContextFields = append(cur.ContextFields, n)
		}
	}
	for _, n := range q.TagTypes {
		if m.tagTypes[n] {
			cur.TagTypes = append(cur.TagTypes, n)
		}
	}
	if d := m.defaults[q.Project]; d != nil {
		cur.SetDefaults(d, q.Environment, m.segmentName)
	}
	return cur, nil
}

// SetDefaults sets c's DefaultStickiness and DefaultStrategy from d, the
// defaults of the project the import goes to, for environment env.
// segmentName names the segment ids of the default strategy.
func (c *Current) SetDefaults(d *model.SnapshotProjectDefaults, env string, segmentName map[float64]string) {
	c.DefaultStickiness = d.Stickiness
	for _, ds := range d.Strategies {
		if ds.Environment == env {
			s := StrategyOf(&ds.Strategy, segmentName)
			c.DefaultStrategy = &s
		}
	}
}

// ConfigOf is the Config of feature f in environment env, from its
// snapshot configuration c, which must not be nil. segmentName names the
// segment ids of its strategies, which keep their order: the order
// Unleash evaluates them in.
func ConfigOf(f model.SnapshotFeature, c *model.SnapshotFeatureConfig, env string, segmentName map[float64]string) Config {
	out := Config{Name: f.Name, Project: f.Project, Archived: f.Archived, Type: "release"}
	if c.Type != "" {
		out.Type = c.Type
	}
	if c.Description != nil && *c.Description != "" {
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
			out.Strategies = append(out.Strategies, StrategyOf(&e.Strategies[j], segmentName))
		}
		if len(e.Variants) > 0 {
			out.Variants = slices.Clone(e.Variants)
		}
	}
	return out
}

// SnapshotConfig is the snapshot form of feature configuration c in
// environment env, the inverse of ConfigOf; segmentID numbers the
// segments of its strategies. With Applied, it gives the snapshot of the
// state after an import.
func SnapshotConfig(c Config, env string, segmentID map[string]float64) model.SnapshotFeatureConfig {
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
func modelStrategy(s Strategy, segmentID map[string]float64) model.Strategy {
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
