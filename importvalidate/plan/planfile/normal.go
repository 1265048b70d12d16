package planfile

import (
	"bytes"
	"cmp"
	"encoding/json"
	"slices"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/model"
)

// The normal forms of the answers: lists sorted by name, members named
// as in JSON.

// normalList is in in the normal form of each element (normal), sorted
// by compare.
func normalList[T, N any](in []T, normal func(T) N, compare func(N, N) int) []N {
	out := make([]N, len(in))
	for i, v := range in {
		out[i] = normal(v)
	}
	slices.SortFunc(out, compare)
	return out
}

type strategyType struct {
	Name    string `json:"name"`
	BuiltIn bool   `json:"builtIn,omitempty"`
}

func normalStrategies(in []model.SnapshotStrategy) []strategyType {
	return normalList(in, func(s model.SnapshotStrategy) strategyType { return strategyType{s.Name, s.BuiltIn} },
		func(x, y strategyType) int { return cmp.Compare(x.Name, y.Name) })
}

// contextField is a context field as a validation reads it: the values
// of its legal values, sorted.
type contextField struct {
	Name        string   `json:"name"`
	LegalValues []string `json:"legalValues,omitempty"`
	Project     string   `json:"project,omitempty"`
}

func normalContextFields(in []model.SnapshotContextField) []contextField {
	return normalList(in, func(f model.SnapshotContextField) contextField {
		var legal []string
		for _, v := range f.LegalValues {
			legal = append(legal, v.Value)
		}
		return contextField{f.Name, names(legal), deref(f.Project)}
	}, func(x, y contextField) int {
		return cmp.Or(cmp.Compare(x.Name, y.Name), cmp.Compare(x.Project, y.Project))
	})
}

type segment struct {
	ID          int64           `json:"id"`
	Name        string          `json:"name"`
	Project     string          `json:"project,omitempty"`
	Constraints json.RawMessage `json:"constraints,omitempty"`
}

func normalSegments(in []model.SnapshotSegment) []segment {
	return normalList(in, func(s model.SnapshotSegment) segment {
		return segment{s.ID, s.Name, deref(s.Project), compact(s.Constraints)}
	},
		func(x, y segment) int { return cmp.Or(cmp.Compare(x.Name, y.Name), cmp.Compare(x.ID, y.ID)) })
}

// feature is an existing feature as a validation reads it (the features
// with strategies in the environment are a member of their own).
type feature struct {
	Name     string `json:"name"`
	Project  string `json:"project"`
	Archived bool   `json:"archived,omitempty"`
}

func normalFeatures(in []model.SnapshotFeature) []feature {
	return normalList(in, func(f model.SnapshotFeature) feature { return feature{f.Name, f.Project, f.Archived} },
		func(x, y feature) int { return cmp.Compare(x.Name, y.Name) })
}

// project is a project's settings; its feature count only when it has a
// feature limit, the one case where the count decides anything.
type project struct {
	Exists            bool   `json:"exists"`
	NamingPattern     string `json:"namingPattern,omitempty"`
	NamingExample     string `json:"namingExample,omitempty"`
	NamingDescription string `json:"namingDescription,omitempty"`
	FeatureLimit      *int64 `json:"featureLimit,omitempty"`
	FeatureCount      *int64 `json:"featureCount,omitempty"`
}

func normalProject(s *importvalidate.Project) project {
	if s == nil {
		return project{}
	}
	p := project{Exists: true, FeatureLimit: s.FeatureLimit}
	if n := s.FeatureNaming; n != nil {
		p.NamingPattern, p.NamingExample, p.NamingDescription = n.Pattern, n.Example, n.Description
	}
	if s.FeatureLimit != nil {
		n := s.FeatureCount
		p.FeatureCount = &n
	}
	return p
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// normalCurrent is the part of cur, the snapshot of a State's answer to
// q (importvalidate.Reading.Snapshot), that a plan reads: the features sorted by name, their
// configurations with the environment q.Environment alone and their
// strategies without what the instance assigns (ids, sort orders) but
// in the order Unleash evaluates them; the names of the context fields
// and tag types, sorted; the segments the strategies name; the defaults
// of q.Project in q.Environment. A plan over it is the plan over cur.
func normalCurrent(q importvalidate.Query, cur *model.Snapshot) *model.Snapshot {
	out := &model.Snapshot{}
	if cur == nil {
		return out
	}
	used := map[float64]bool{}
	strategy := func(s model.Strategy) model.Strategy {
		s.ID, s.FeatureName, s.SortOrder = nil, nil, nil
		if s.Segments != nil {
			for _, id := range *s.Segments {
				used[id] = true
			}
		}
		return s
	}
	for _, f := range cur.Features {
		out.Features = append(out.Features, model.SnapshotFeature{Name: f.Name, Project: f.Project, Archived: f.Archived})
	}
	slices.SortStableFunc(out.Features, func(x, y model.SnapshotFeature) int { return cmp.Compare(x.Name, y.Name) })
	for _, c := range cur.FeatureConfigs {
		envs := c.Environments
		c.Environments = nil
		for _, e := range envs {
			if e.Name != q.Environment {
				continue
			}
			e.Strategies = slices.Clone(e.Strategies)
			for i := range e.Strategies {
				e.Strategies[i] = strategy(e.Strategies[i])
			}
			c.Environments = append(c.Environments, e)
		}
		out.FeatureConfigs = append(out.FeatureConfigs, c)
	}
	slices.SortStableFunc(out.FeatureConfigs, func(x, y model.SnapshotFeatureConfig) int { return cmp.Compare(x.Feature, y.Feature) })
	for _, d := range cur.ProjectDefaults {
		if d.Project != q.Project {
			continue
		}
		strategies := d.Strategies
		d.Strategies = nil
		for _, ds := range strategies {
			if ds.Environment == q.Environment {
				ds.Strategy = strategy(ds.Strategy)
				d.Strategies = append(d.Strategies, ds)
			}
		}
		out.ProjectDefaults = append(out.ProjectDefaults, d)
	}
	for _, s := range cur.Segments {
		if used[float64(s.ID)] {
			out.Segments = append(out.Segments, model.SnapshotSegment{ID: s.ID, Name: s.Name})
		}
	}
	slices.SortFunc(out.Segments, func(x, y model.SnapshotSegment) int { return cmp.Compare(x.ID, y.ID) })
	for _, n := range sortedNames(cur.ContextFields, func(f model.SnapshotContextField) string { return f.Name }) {
		out.ContextFields = append(out.ContextFields, model.SnapshotContextField{Name: n})
	}
	for _, n := range sortedNames(cur.TagTypes, func(t model.SnapshotTagType) string { return t.Name }) {
		out.TagTypes = append(out.TagTypes, model.SnapshotTagType{Name: n})
	}
	return out
}

// sortedNames is the names of items, sorted, once each.
func sortedNames[T any](items []T, name func(T) string) []string {
	out := make([]string, len(items))
	for i, it := range items {
		out[i] = name(it)
	}
	return names(out)
}

// SameCurrent reports whether two answers of a State to q, a plan's read
// (their Reading.Snapshot), hold the same configuration as a plan reads
// it, whatever the order of their features and names.
func SameCurrent(q importvalidate.Query, x, y *model.Snapshot) bool {
	a, _ := json.Marshal(normalCurrent(q, x))
	b, _ := json.Marshal(normalCurrent(q, y))
	return bytes.Equal(a, b)
}

// importFacts is the normal form of the facts the import's own checks
// read: the tags, a map keyed by (type, value), as a sorted list.
type importFacts struct {
	importvalidate.ImportFacts
	Tags importvalidate.Known[[]tagFact]
}

type tagFact struct {
	Type   string `json:"type"`
	Value  string `json:"value"`
	Exists bool   `json:"exists"`
}

func normalImportFacts(f *importvalidate.ImportFacts) *importFacts {
	if f == nil {
		return nil
	}
	out := &importFacts{ImportFacts: *f}
	out.Tags.Known = f.Tags.Known
	for t, ok := range f.Tags.Value {
		out.Tags.Value = append(out.Tags.Value, tagFact{t.Type, t.Value, ok})
	}
	slices.SortFunc(out.Tags.Value, func(x, y tagFact) int {
		return cmp.Or(cmp.Compare(x.Type, y.Type), cmp.Compare(x.Value, y.Value))
	})
	return out
}

// reading is the normal form of a Reading: each member of the parts the
// query wanted, the definitions among the query's names only.
type reading struct {
	Strategies     []strategyType  `json:"strategies,omitempty"`
	ContextFields  []contextField  `json:"contextFields,omitempty"`
	Segments       []segment       `json:"segments,omitempty"`
	TagTypes       []string        `json:"tagTypes,omitempty"`
	Features       []feature       `json:"features,omitempty"`
	Project        *project        `json:"project,omitempty"`
	Environment    *bool           `json:"environment,omitempty"`
	WithStrategies []string        `json:"withStrategies,omitempty"`
	Facts          *importFacts    `json:"facts,omitempty"`
	Current        *model.Snapshot `json:"current,omitempty"`
}

// normalReading is the normal form of r, a State's answer to q (whose
// lists are sorted): the target as the validation reads it (whether the
// environment exists: a state that cannot tell takes it as existing),
// the facts, and the configuration a plan reads (normalCurrent), each
// when q wants its part.
func normalReading(q importvalidate.Query, r *importvalidate.Reading) *reading {
	if r == nil {
		r = &importvalidate.Reading{}
	}
	asked := func(list []string) func(string) bool {
		return func(n string) bool { _, ok := slices.BinarySearch(list, n); return ok }
	}
	out := &reading{
		Strategies:    normalStrategies(among(r.Strategies, asked(q.Strategies), func(s model.SnapshotStrategy) string { return s.Name })),
		ContextFields: normalContextFields(among(r.ContextFields, asked(q.ContextFields), func(f model.SnapshotContextField) string { return f.Name })),
		Segments:      normalSegments(among(r.Segments, asked(q.Segments), func(s model.SnapshotSegment) string { return s.Name })),
		TagTypes:      names(among(r.TagTypes, asked(q.TagTypes), func(n string) string { return n })),
		Features:      normalFeatures(among(r.Features, asked(q.Features), func(f model.SnapshotFeature) string { return f.Name })),
	}
	if q.Want.Has(importvalidate.PartTarget) {
		p := normalProject(r.Project)
		exists := !r.Environment.Known || r.Environment.Value
		out.Project, out.Environment = &p, &exists
		out.WithStrategies = names(among(r.WithStrategies, asked(q.Features), func(n string) string { return n }))
	}
	if q.Want.Has(importvalidate.PartFacts) {
		out.Facts = normalImportFacts(r.Facts)
	}
	if q.Want.Has(importvalidate.PartConfigs) {
		out.Current = normalCurrent(q, r.Snapshot())
	}
	return out
}

// among is the items of in whose name is asked.
func among[T any](in []T, asked func(string) bool, name func(T) string) []T {
	var out []T
	for _, v := range in {
		if asked(name(v)) {
			out = append(out, v)
		}
	}
	return out
}
