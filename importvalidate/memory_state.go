package importvalidate

import (
	"cmp"
	"context"
	"fmt"
	"slices"

	"github.com/flagadmin/flagadmin/model"
)

// MemoryState is a State held in memory, built from a state snapshot. It
// is immutable once built and safe for concurrent use.
type MemoryState struct {
	strategies    map[string]StrategyType
	contextFields map[string]ContextFieldDef
	segments      map[string][]SegmentDef
	tagTypes      map[string]bool
	features      map[string]ExistingFeature
	projects      map[string]ProjectSettings
	// environments is nil when the snapshot lists none.
	environments map[string]bool
	// withStrategies maps an environment to the set of features that have
	// a strategy in it.
	withStrategies map[string]map[string]bool
	// facts answer ImportFacts (memory_facts.go).
	facts *memoryFacts
}

// NewMemoryState builds a MemoryState from a snapshot. It fails on a
// snapshot that names a feature twice, since a feature name is unique
// across projects, and on a negative feature limit.
func NewMemoryState(s *model.Snapshot) (*MemoryState, error) {
	if s == nil {
		s = &model.Snapshot{}
	}
	m := &MemoryState{
		strategies:     make(map[string]StrategyType, len(s.Strategies)),
		contextFields:  make(map[string]ContextFieldDef, len(s.ContextFields)),
		segments:       make(map[string][]SegmentDef, len(s.Segments)),
		tagTypes:       make(map[string]bool, len(s.TagTypes)),
		features:       make(map[string]ExistingFeature, len(s.Features)),
		projects:       make(map[string]ProjectSettings, len(s.Projects)),
		withStrategies: map[string]map[string]bool{},
	}
	var err error
	if m.facts, err = newMemoryFacts(s); err != nil {
		return nil, err
	}
	for _, st := range s.Strategies {
		m.strategies[st.Name] = StrategyType{Name: st.Name, BuiltIn: st.BuiltIn}
	}
	for _, cf := range s.ContextFields {
		def := ContextFieldDef{Name: cf.Name, LegalValues: make([]string, len(cf.LegalValues))}
		for i, lv := range cf.LegalValues {
			def.LegalValues[i] = lv.Value
		}
		if cf.Project != nil {
			def.Project = *cf.Project
		}
		m.contextFields[cf.Name] = def
	}
	for _, sg := range s.Segments {
		def := SegmentDef{ID: sg.ID, Name: sg.Name}
		if sg.Project != nil {
			def.Project = *sg.Project
		}
		m.segments[sg.Name] = append(m.segments[sg.Name], def)
	}
	for _, defs := range m.segments {
		// In id order, as a database lists them.
		slices.SortStableFunc(defs, func(a, b SegmentDef) int { return cmp.Compare(a.ID, b.ID) })
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
		ps := ProjectSettings{}
		if p.FeatureLimit != nil {
			if *p.FeatureLimit < 0 {
				return nil, fmt.Errorf("importvalidate: state: /projects/%d/featureLimit: %d is negative", i, *p.FeatureLimit)
			}
			limit := *p.FeatureLimit
			ps.FeatureLimit = &limit
		}
		if p.FeatureNaming != nil {
			ps.NamingPattern = p.FeatureNaming.Pattern
			ps.NamingExample = p.FeatureNaming.Example
			ps.NamingDescription = p.FeatureNaming.Description
		}
		m.projects[p.ID] = ps
	}
	for i, f := range s.Features {
		if _, dup := m.features[f.Name]; dup {
			return nil, fmt.Errorf("importvalidate: state: /features/%d/name: feature %q is listed twice", i, f.Name)
		}
		m.features[f.Name] = ExistingFeature{Name: f.Name, Project: f.Project, Archived: f.Archived}
		if !f.Archived {
			if ps, ok := m.projects[f.Project]; ok {
				ps.FeatureCount++
				m.projects[f.Project] = ps
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
func (m *MemoryState) Strategies(_ context.Context, names []string) ([]StrategyType, error) {
	return pick(m.strategies, names), nil
}

// ContextFields implements State.
func (m *MemoryState) ContextFields(_ context.Context, names []string) ([]ContextFieldDef, error) {
	return pick(m.contextFields, names), nil
}

// Segments implements State.
func (m *MemoryState) Segments(_ context.Context, names []string) ([]SegmentDef, error) {
	var out []SegmentDef
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

// Features implements State.
func (m *MemoryState) Features(_ context.Context, names []string) ([]ExistingFeature, error) {
	return pick(m.features, names), nil
}

// Project implements State.
func (m *MemoryState) Project(_ context.Context, id string) (ProjectSettings, bool, error) {
	ps, ok := m.projects[id]
	return ps, ok, nil
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

func pick[T any](m map[string]T, names []string) []T {
	var out []T
	for _, n := range names {
		if v, ok := m[n]; ok {
			out = append(out, v)
		}
	}
	return out
}
