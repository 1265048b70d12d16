package importmodel

import (
	"fmt"
	"slices"

	"github.com/flagadmin/flagadmin/model"
)

// snapshotFacts are the facts of the import that a state snapshot tells,
// indexed once: what its Unknown lists is unknown, everything else known
// (see model.Snapshot).
type snapshotFacts struct {
	limits       Known[ResourceLimits]
	featureTypes map[string]bool
	tags         map[model.SnapshotTag]bool
	// changeRequests is nil when the snapshot does not know them.
	changeRequests map[model.SnapshotChangeRequests]bool
	linkTemplates  bool // known
	milestones     bool // known
	// environments are the snapshot's, nil when it lists none.
	environments []string
	projects     map[string]*model.SnapshotProject
	features     map[string]*memoryFeature
	// active counts the features that are not archived.
	active int64
}

// memoryFeature is what a snapshot says of one feature.
type memoryFeature struct {
	f        *model.SnapshotFeature
	config   *model.SnapshotFeatureConfig
	parents  []string
	children int
}

// newSnapshotFacts indexes the import facts of s.
func newSnapshotFacts(s *model.Snapshot) (*snapshotFacts, error) {
	m := &snapshotFacts{featureTypes: map[string]bool{}, tags: make(map[model.SnapshotTag]bool, len(s.Tags)),
		linkTemplates: true, milestones: true, projects: make(map[string]*model.SnapshotProject, len(s.Projects)),
		features: make(map[string]*memoryFeature, len(s.Features))}
	limitsKnown := true
	crKnown := true
	for _, u := range s.Unknown {
		switch u {
		case model.UnknownResourceLimits:
			limitsKnown = false
		case model.UnknownChangeRequests:
			crKnown = false
		case model.UnknownLinkTemplates:
			m.linkTemplates = false
		case model.UnknownMilestones:
			m.milestones = false
		}
	}
	if limitsKnown {
		l, err := DefaultResourceLimits.With(s.ResourceLimits)
		if err != nil {
			return nil, fmt.Errorf("importvalidate: state: /resourceLimits: %w", err)
		}
		m.limits = Known[ResourceLimits]{Value: l, Known: true}
	}
	types := model.BuiltInFeatureTypes
	if s.FeatureTypes != nil {
		types = nil
		for _, t := range s.FeatureTypes {
			types = append(types, t.ID)
		}
	}
	for _, t := range types {
		m.featureTypes[t] = true
	}
	for _, t := range s.Tags {
		m.tags[t] = true
	}
	if crKnown {
		m.changeRequests = make(map[model.SnapshotChangeRequests]bool, len(s.ChangeRequests))
		for _, c := range s.ChangeRequests {
			m.changeRequests[c] = true
		}
	}
	if s.Environments != nil {
		m.environments = make([]string, len(s.Environments))
		for i, e := range s.Environments {
			m.environments[i] = e.Name
		}
	}
	for i := range s.Projects {
		m.projects[s.Projects[i].ID] = &s.Projects[i]
	}
	for i := range s.Features {
		f := &s.Features[i]
		m.features[f.Name] = &memoryFeature{f: f, parents: f.Parents}
	}
	for _, mf := range m.features {
		if !mf.f.Archived {
			m.active++
		}
	}
	for i := range s.FeatureConfigs {
		c := &s.FeatureConfigs[i]
		mf := m.features[c.Feature]
		if mf == nil {
			continue
		}
		mf.config = c
		if mf.parents == nil {
			for _, d := range c.Dependencies {
				mf.parents = append(mf.parents, d.Feature)
			}
		}
	}
	for _, mf := range m.features {
		for _, p := range mf.parents {
			if pf := m.features[p]; pf != nil {
				pf.children++
			}
		}
	}
	return m, nil
}

// projectEnvironments are the environments of project p (nil: the
// snapshot's), and whether they are known at all.
func (m *snapshotFacts) projectEnvironments(p string) ([]string, bool) {
	if pr := m.projects[p]; pr != nil && pr.Environments != nil {
		return pr.Environments, true
	}
	return m.environments, m.environments != nil
}

// answer answers the facts of q from the snapshot, naming it source in
// findings.
func (mf *snapshotFacts) answer(source string, q Query) *Facts {
	out := &Facts{Source: source, Limits: mf.limits,
		FeatureTypes: Known[map[string]bool]{Value: mf.featureTypes, Known: true}}
	out.ActiveFeatures = Known[int64]{Value: mf.active, Known: true}
	if p := mf.projects[q.Project]; p != nil {
		out.ProjectArchived = Known[bool]{Value: p.Archived, Known: true}
		if mf.linkTemplates {
			lt := make([]LinkTemplate, len(p.LinkTemplates))
			for i, t := range p.LinkTemplates {
				lt[i] = LinkTemplate{URLTemplate: t.URLTemplate, Title: t.Title}
			}
			out.LinkTemplates = Known[[]LinkTemplate]{Value: lt, Known: true}
		}
	} else {
		out.ProjectArchived.Known = true
		out.LinkTemplates.Known = mf.linkTemplates
	}
	switch envs, ok := mf.projectEnvironments(q.Project); {
	case mf.projects[q.Project] == nil:
		// A project that does not exist has no environment.
		out.ProjectEnvironment = Known[bool]{Known: true}
	case ok:
		out.ProjectEnvironment = Known[bool]{Value: slices.Contains(envs, q.Environment), Known: true}
	default:
		// A snapshot that lists no environment takes every one as existing.
		out.ProjectEnvironment = Known[bool]{Value: true, Known: true}
	}
	tags := make(map[model.SnapshotTag]bool, len(q.Tags))
	for _, t := range q.Tags {
		if mf.tags[t] {
			tags[t] = true
		}
	}
	out.Tags = Known[map[model.SnapshotTag]bool]{Value: tags, Known: true}
	if mf.changeRequests != nil {
		var cr ChangeRequests
		for c := range mf.changeRequests {
			if c.Project == q.Project {
				cr.Project = true
				cr.Environment = cr.Environment || c.Environment == q.Environment
			}
		}
		out.ChangeRequests = Known[ChangeRequests]{Value: cr, Known: true}
	}
	// Sized for the names that can exist: a first import of a million
	// names finds few.
	features := make(map[string]FeatureFacts, min(len(q.Features), len(mf.features)))
	for _, name := range q.Features {
		f := mf.features[name]
		if f == nil {
			continue
		}
		features[name] = mf.featureFacts(f, q.Environment)
	}
	out.Features = Known[map[string]FeatureFacts]{Value: features, Known: true}
	return out
}

// featureFacts are the facts of f in env.
func (m *snapshotFacts) featureFacts(f *memoryFeature, env string) FeatureFacts {
	ff := FeatureFacts{Parents: f.parents, Children: f.children, Milestones: Known[int]{Known: m.milestones}}
	if f.f.Environments != nil {
		ff.InEnvironment = slices.Contains(f.f.Environments, env)
	} else if envs, ok := m.projectEnvironments(f.f.Project); ok {
		ff.InEnvironment = slices.Contains(envs, env)
	} else {
		ff.InEnvironment = true
	}
	counted := false
	for _, c := range f.f.StrategyCounts {
		if c.Environment == env {
			ff.Strategies, ff.Disabled, ff.Milestones.Value = c.Count, c.Disabled, c.Milestones
			counted = true
		}
	}
	if !counted && slices.Contains(f.f.StrategyEnvironments, env) {
		ff.Strategies = 1 // at least one: a snapshot without counts
	}
	if c := f.config; c != nil {
		md := FeatureMetadata{Type: c.Type, Stale: c.Stale, ImpressionData: c.ImpressionData}
		if md.Type == "" {
			md.Type = "release"
		}
		if c.Description != nil {
			md.Description = *c.Description
		}
		ff.Metadata = Known[FeatureMetadata]{Value: md, Known: true}
		for _, e := range c.Environments {
			if e.Name == env {
				ff.Enabled = e.Enabled
				if !counted {
					ff.Strategies = len(e.Strategies)
					ff.Disabled = 0
					for _, s := range e.Strategies {
						if v, ok := s.Disabled.Get(); ok && v {
							ff.Disabled++
						}
					}
				}
			}
		}
	}
	return ff
}
