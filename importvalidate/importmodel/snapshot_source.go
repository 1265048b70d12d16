package importmodel

import (
	"cmp"
	"context"
	"fmt"
	"slices"

	"github.com/flagadmin/flagadmin/model"
)

// SnapshotSource is a Source held in memory over a state snapshot,
// indexed once: what the snapshot lists answers every part of a Query
// (its Unknown members leave the facts they name unknown; a feature it
// lists without its configuration fails a plan). It is immutable once
// built and safe for concurrent use; the snapshot must not change while
// it is in use.
type SnapshotSource struct {
	strategies    map[string]model.SnapshotStrategy
	contextFields map[string]model.SnapshotContextField
	// segments are by name, in id order; allSegments the snapshot's.
	segments    map[string][]model.SnapshotSegment
	allSegments []model.SnapshotSegment
	tagTypes    map[string]bool
	// features are the features without their other members, as a
	// Reading gives them.
	features map[string]model.SnapshotFeature
	projects map[string]Project
	// environments is nil when the snapshot lists none.
	environments map[string]bool
	// withStrategies maps an environment to the set of features that have
	// a strategy in it, as the features' strategyEnvironments or their
	// configurations say.
	withStrategies map[string]map[string]bool
	configs        map[string]*model.SnapshotFeatureConfig
	defaults       map[string]*model.SnapshotProjectDefaults
	facts          *snapshotFacts
}

var _ Source = (*SnapshotSource)(nil)

// NewSnapshotSource indexes s (nil is an empty instance). It fails on a
// snapshot that names a feature twice, since a feature name is unique
// across projects, on a negative feature limit or resource limit, and on
// a configuration of a feature the snapshot does not list, or listed
// twice.
func NewSnapshotSource(s *model.Snapshot) (*SnapshotSource, error) {
	if s == nil {
		s = &model.Snapshot{}
	}
	m := &SnapshotSource{
		strategies:     make(map[string]model.SnapshotStrategy, len(s.Strategies)),
		contextFields:  make(map[string]model.SnapshotContextField, len(s.ContextFields)),
		segments:       make(map[string][]model.SnapshotSegment, len(s.Segments)),
		allSegments:    s.Segments,
		tagTypes:       make(map[string]bool, len(s.TagTypes)),
		features:       make(map[string]model.SnapshotFeature, len(s.Features)),
		projects:       make(map[string]Project, len(s.Projects)),
		withStrategies: map[string]map[string]bool{},
		configs:        make(map[string]*model.SnapshotFeatureConfig, len(s.FeatureConfigs)),
		defaults:       make(map[string]*model.SnapshotProjectDefaults, len(s.ProjectDefaults)),
	}
	var err error
	if m.facts, err = newSnapshotFacts(s); err != nil {
		return nil, err
	}
	for _, st := range s.Strategies {
		m.strategies[st.Name] = st
	}
	for _, cf := range s.ContextFields {
		m.contextFields[cf.Name] = cf
	}
	for _, sg := range s.Segments {
		m.segments[sg.Name] = append(m.segments[sg.Name], sg)
	}
	for _, defs := range m.segments {
		// In id order, as a database lists them.
		slices.SortStableFunc(defs, func(a, b model.SnapshotSegment) int { return cmp.Compare(a.ID, b.ID) })
	}
	for _, t := range s.TagTypes {
		m.tagTypes[t.Name] = true
	}
	for _, e := range s.Environments {
		if m.environments == nil {
			m.environments = make(map[string]bool, len(s.Environments))
		}
		m.environments[e.Name] = true
	}
	for i, p := range s.Projects {
		if p.FeatureLimit != nil && *p.FeatureLimit < 0 {
			return nil, fmt.Errorf("importvalidate: state: /projects/%d/featureLimit: %d is negative", i, *p.FeatureLimit)
		}
		m.projects[p.ID] = Project{SnapshotProject: p}
	}
	for i, f := range s.Features {
		if _, dup := m.features[f.Name]; dup {
			return nil, fmt.Errorf("importvalidate: state: /features/%d/name: feature %q is listed twice", i, f.Name)
		}
		m.features[f.Name] = model.SnapshotFeature{Name: f.Name, Project: f.Project, Archived: f.Archived}
		if !f.Archived {
			if p, ok := m.projects[f.Project]; ok {
				p.FeatureCount++
				m.projects[f.Project] = p
			}
		}
		for _, env := range f.StrategyEnvironments {
			m.addWithStrategies(env, f.Name)
		}
	}
	for i := range s.FeatureConfigs {
		c := &s.FeatureConfigs[i]
		if _, ok := m.features[c.Feature]; !ok {
			return nil, fmt.Errorf("importvalidate: state: /featureConfigs/%d/feature: %q is not among the features", i, c.Feature)
		}
		if _, dup := m.configs[c.Feature]; dup {
			return nil, fmt.Errorf("importvalidate: state: /featureConfigs/%d/feature: %q is configured twice", i, c.Feature)
		}
		m.configs[c.Feature] = c
		for _, e := range c.Environments {
			if len(e.Strategies) > 0 {
				m.addWithStrategies(e.Name, c.Feature)
			}
		}
	}
	for i := range s.ProjectDefaults {
		m.defaults[s.ProjectDefaults[i].Project] = &s.ProjectDefaults[i]
	}
	return m, nil
}

// addWithStrategies records that feature has a strategy in env.
func (m *SnapshotSource) addWithStrategies(env, feature string) {
	set := m.withStrategies[env]
	if set == nil {
		set = map[string]bool{}
		m.withStrategies[env] = set
	}
	set[feature] = true
}

// ReadSnapshot answers q from s, as a SnapshotSource of s would: a store
// of its own answers a Read by building the snapshot of what it holds of
// q's names. It fails where NewSnapshotSource does.
func ReadSnapshot(s *model.Snapshot, q Query) (*Reading, error) {
	m, err := NewSnapshotSource(s)
	if err != nil {
		return nil, err
	}
	return m.Answer(q), nil
}

// Read implements Source; it never fails.
func (m *SnapshotSource) Read(_ context.Context, q Query) (*Reading, error) { return m.Answer(q), nil }

// snapshotName names a snapshot in findings.
const snapshotName = "the snapshot"

// Answer answers q from the snapshot. The features' configurations come
// with their settings in q.Environment only; a feature that the snapshot
// lists without its configuration comes without it.
func (m *SnapshotSource) Answer(q Query) *Reading {
	r := &Reading{Source: snapshotName,
		Strategies:    model.Pick(m.strategies, q.Strategies),
		ContextFields: model.Pick(m.contextFields, q.ContextFields),
		Features:      model.Pick(m.features, q.Features)}
	for _, n := range q.Segments {
		r.Segments = append(r.Segments, m.segments[n]...)
	}
	for _, n := range q.TagTypes {
		if m.tagTypes[n] {
			r.TagTypes = append(r.TagTypes, n)
		}
	}
	if q.Want.Has(PartTarget) {
		if p, ok := m.projects[q.Project]; ok {
			r.Project = &p
		}
		// A snapshot that lists no environment knows none.
		r.Environment = Known[bool]{Value: m.environments[q.Environment], Known: m.environments != nil}
		set := m.withStrategies[q.Environment]
		for _, n := range q.Features {
			if set[n] {
				r.WithStrategies = append(r.WithStrategies, n)
			}
		}
	}
	if q.Want.Has(PartFacts) {
		r.Facts = m.facts.answer(snapshotName, q)
	}
	if q.Want.Has(PartConfigs) {
		for _, f := range r.Features {
			if c, ok := m.configs[f.Name]; ok {
				cc := *c
				cc.Environments = inEnvironment(c.Environments, q.Environment)
				r.FeatureConfigs = append(r.FeatureConfigs, cc)
			}
		}
		r.Segments = m.allSegments
		r.ProjectDefaults = m.defaults[q.Project]
	}
	return r
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
