package planfile

import (
	"bytes"
	"cmp"
	"encoding/json"
	"slices"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/importvalidate/plan"
)

// The normal forms of the answers: lists sorted by name, members named
// as in JSON.

type strategyType struct {
	Name    string `json:"name"`
	BuiltIn bool   `json:"builtIn,omitempty"`
}

func normalStrategies(in []importvalidate.StrategyType) []strategyType {
	out := make([]strategyType, len(in))
	for i, s := range in {
		out[i] = strategyType{s.Name, s.BuiltIn}
	}
	slices.SortFunc(out, func(x, y strategyType) int { return cmp.Compare(x.Name, y.Name) })
	return out
}

type contextField struct {
	Name        string   `json:"name"`
	LegalValues []string `json:"legalValues,omitempty"`
	Project     string   `json:"project,omitempty"`
}

func normalContextFields(in []importvalidate.ContextFieldDef) []contextField {
	out := make([]contextField, len(in))
	for i, f := range in {
		out[i] = contextField{f.Name, names(f.LegalValues), f.Project}
	}
	slices.SortFunc(out, func(x, y contextField) int {
		return cmp.Or(cmp.Compare(x.Name, y.Name), cmp.Compare(x.Project, y.Project))
	})
	return out
}

type segment struct {
	ID      int64  `json:"id"`
	Name    string `json:"name"`
	Project string `json:"project,omitempty"`
}

func normalSegments(in []importvalidate.SegmentDef) []segment {
	out := make([]segment, len(in))
	for i, s := range in {
		out[i] = segment{s.ID, s.Name, s.Project}
	}
	slices.SortFunc(out, func(x, y segment) int { return cmp.Or(cmp.Compare(x.Name, y.Name), cmp.Compare(x.ID, y.ID)) })
	return out
}

type feature struct {
	Name     string `json:"name"`
	Project  string `json:"project"`
	Archived bool   `json:"archived,omitempty"`
}

func normalFeatures(in []importvalidate.ExistingFeature) []feature {
	out := make([]feature, len(in))
	for i, f := range in {
		out[i] = feature{f.Name, f.Project, f.Archived}
	}
	slices.SortFunc(out, func(x, y feature) int { return cmp.Compare(x.Name, y.Name) })
	return out
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

func normalProject(s importvalidate.ProjectSettings, ok bool) project {
	p := project{Exists: ok, NamingPattern: s.NamingPattern, NamingExample: s.NamingExample,
		NamingDescription: s.NamingDescription, FeatureLimit: s.FeatureLimit}
	if s.FeatureLimit != nil {
		n := s.FeatureCount
		p.FeatureCount = &n
	}
	return p
}

// normalQuery is q with its lists sorted.
func normalQuery(q plan.Query) plan.Query {
	q.Features = names(q.Features)
	q.ContextFields = names(q.ContextFields)
	q.TagTypes = names(q.TagTypes)
	return q
}

// normalCurrent is cur with its features sorted by name and its lists
// of names sorted; a feature's strategies stay in the order Unleash
// evaluates them.
func normalCurrent(cur *plan.Current) *plan.Current {
	if cur == nil {
		return &plan.Current{}
	}
	c := *cur
	c.Features = slices.Clone(cur.Features)
	slices.SortStableFunc(c.Features, func(x, y plan.Config) int { return cmp.Compare(x.Name, y.Name) })
	c.ContextFields = names(cur.ContextFields)
	c.TagTypes = names(cur.TagTypes)
	return &c
}

// SameCurrent reports whether two answers of a plan.Source hold the same
// configuration, whatever the order of their features and names.
func SameCurrent(x, y *plan.Current) bool {
	a, _ := json.Marshal(normalCurrent(x))
	b, _ := json.Marshal(normalCurrent(y))
	return bytes.Equal(a, b)
}
