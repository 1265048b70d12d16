package importvalidate

import (
	"cmp"
	"context"
	"fmt"
	"slices"

	"github.com/flagadmin/flagadmin/importvalidate/importmodel"
	"github.com/flagadmin/flagadmin/model"
)

// MemoryState is a State held in memory, built from a state snapshot. It
// is immutable once built and safe for concurrent use.
type MemoryState struct {
	strategies    map[string]model.SnapshotStrategy
	contextFields map[string]model.SnapshotContextField
	segments      map[string][]model.SnapshotSegment
	tagTypes      map[string]bool
	features      map[string]model.SnapshotFeature
	projects      map[string]Project
	// environments is nil when the snapshot lists none.
	environments map[string]bool
	// withStrategies maps an environment to the set of features that have
	// a strategy in it.
	withStrategies map[string]map[string]bool
	// facts answer ImportFacts.
	facts *importmodel.SnapshotFacts
}

// NewMemoryState builds a MemoryState from a snapshot. It fails on a
// snapshot that names a feature twice, since a feature name is unique
// across projects, and on a negative feature limit.
func NewMemoryState(s *model.Snapshot) (*MemoryState, error) {
	if s == nil {
		s = &model.Snapshot{}
	}
	m := &MemoryState{
		strategies:     make(map[string]model.SnapshotStrategy, len(s.Strategies)),
		contextFields:  make(map[string]model.SnapshotContextField, len(s.ContextFields)),
		segments:       make(map[string][]model.SnapshotSegment, len(s.Segments)),
		tagTypes:       make(map[string]bool, len(s.TagTypes)),
		features:       make(map[string]model.SnapshotFeature, len(s.Features)),
		projects:       make(map[string]Project, len(s.Projects)),
		withStrategies: map[string]map[string]bool{},
	}
	var err error
	if m.facts, err = importmodel.NewSnapshotFacts(s); err != nil {
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
			set := m.withStrategies[env]
			if set == nil {
				set = map[string]bool{}
				m.withStrategies[env] = set
			}
			set[f.Name] = true
		}
	}
	return m, nil
}

// Strategies implements State.
func (m *MemoryState) Strategies(_ context.Context, names []string) ([]model.SnapshotStrategy, error) {
	return model.Pick(m.strategies, names), nil
}

// ContextFields implements State.
func (m *MemoryState) ContextFields(_ context.Context, names []string) ([]model.SnapshotContextField, error) {
	return model.Pick(m.contextFields, names), nil
}

// Segments implements State.
func (m *MemoryState) Segments(_ context.Context, names []string) ([]model.SnapshotSegment, error) {
	var out []model.SnapshotSegment
	for _, n := range names {
		out = append(out, m.segments[n]...)
	}
	return out, nil
}

// TagTypes implements State.
func (m *MemoryState) TagTypes(_ context.Context, names []string) ([]string, error) {
	var out []string
	for _, n := range names {
		if m.tagTypes[n] {
			out = append(out, n)
		}
	}
	return out, nil
}

// Features implements State. The features come without their
// StrategyEnvironments, which FeaturesWithStrategies answers.
func (m *MemoryState) Features(_ context.Context, names []string) ([]model.SnapshotFeature, error) {
	return model.Pick(m.features, names), nil
}

// Project implements State.
func (m *MemoryState) Project(_ context.Context, id string) (Project, bool, error) {
	p, ok := m.projects[id]
	return p, ok, nil
}

// Environment implements EnvironmentState. A snapshot that lists no
// environment knows none, and then every name is taken as existing.
func (m *MemoryState) Environment(_ context.Context, name string) (bool, error) {
	return m.environments == nil || m.environments[name], nil
}

// FeaturesWithStrategies implements State.
func (m *MemoryState) FeaturesWithStrategies(_ context.Context, env string, names []string) ([]string, error) {
	set := m.withStrategies[env]
	var out []string
	for _, n := range names {
		if set[n] {
			out = append(out, n)
		}
	}
	return out, nil
}

var _ ImportState = (*MemoryState)(nil)

// SourceName names a snapshot in findings.
func (m *MemoryState) SourceName() string { return "the snapshot" }

// ImportFacts implements ImportState from the snapshot's members (see
// model.Snapshot): what it lists in Unknown is unknown, everything else
// known.
func (m *MemoryState) ImportFacts(_ context.Context, q ImportQuery) (*ImportFacts, error) {
	return m.facts.Answer(m.SourceName(), q), nil
}
