package plan

import (
	"context"
	"fmt"

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
	configs       map[string]model.SnapshotFeatureConfig
	contextFields map[string]model.SnapshotContextField
	tagTypes      map[string]model.SnapshotTagType
	segments      []model.SnapshotSegment
	defaults      map[string]model.SnapshotProjectDefaults
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
		configs:       make(map[string]model.SnapshotFeatureConfig, len(s.FeatureConfigs)),
		contextFields: make(map[string]model.SnapshotContextField, len(s.ContextFields)),
		tagTypes:      make(map[string]model.SnapshotTagType, len(s.TagTypes)),
		segments:      s.Segments,
		defaults:      make(map[string]model.SnapshotProjectDefaults, len(s.ProjectDefaults)),
	}
	for _, f := range s.Features {
		m.features[f.Name] = f
	}
	for i, c := range s.FeatureConfigs {
		if _, ok := m.features[c.Feature]; !ok {
			return nil, fmt.Errorf("plan: state: /featureConfigs/%d/feature: %q is not among the features", i, c.Feature)
		}
		if _, dup := m.configs[c.Feature]; dup {
			return nil, fmt.Errorf("plan: state: /featureConfigs/%d/feature: %q is configured twice", i, c.Feature)
		}
		m.configs[c.Feature] = c
	}
	for _, cf := range s.ContextFields {
		m.contextFields[cf.Name] = cf
	}
	for _, t := range s.TagTypes {
		m.tagTypes[t.Name] = t
	}
	for _, d := range s.ProjectDefaults {
		m.defaults[d.Project] = d
	}
	return m, nil
}

// Current implements Source: the part of the snapshot that q names, the
// features' configurations in q.Environment only. A feature that the
// snapshot lists without its configuration comes without it, and so
// fails the plan (ErrNoConfiguration).
func (m *MemorySource) Current(_ context.Context, q Query) (*model.Snapshot, error) {
	s := &model.Snapshot{Segments: m.segments}
	for _, name := range q.Features {
		if f, ok := m.features[name]; ok {
			s.Features = append(s.Features, model.SnapshotFeature{Name: f.Name, Project: f.Project, Archived: f.Archived})
			if c, ok := m.configs[name]; ok {
				c.Environments = inEnvironment(c.Environments, q.Environment)
				s.FeatureConfigs = append(s.FeatureConfigs, c)
			}
		}
	}
	s.ContextFields = model.Pick(m.contextFields, q.ContextFields)
	s.TagTypes = model.Pick(m.tagTypes, q.TagTypes)
	if d, ok := m.defaults[q.Project]; ok {
		s.ProjectDefaults = []model.SnapshotProjectDefaults{d}
	}
	return s, nil
}

// inEnvironment is the settings of envs in environment env: none or one.
func inEnvironment(envs []model.SnapshotFeatureEnvironment, env string) []model.SnapshotFeatureEnvironment {
	for i := range envs {
		if envs[i].Name == env {
			return envs[i : i+1 : i+1]
		}
	}
	return nil
}
