package plan

import (
	"slices"

	"github.com/flagadmin/flagadmin/model"
)

// queryOf is the Query of a plan of d into project and env: the names
// of the file that an import reads, but those that no database can hold
// (model.StorableOnly), which cannot exist.
func queryOf(project, env string, d *model.ExportData) Query {
	q := Query{Project: project, Environment: env,
		Features:      make([]string, 0, len(d.Features)),
		ContextFields: make([]string, 0, len(d.ContextFields)),
		TagTypes:      make([]string, 0, len(d.TagTypes))}
	for i := range d.Features {
		q.Features = append(q.Features, d.Features[i].Name)
	}
	// The import replaces the links of the features data.links names,
	// in the file or not: whether one outside the file exists and is
	// active decides whether the import is refused.
	for _, fl := range d.Links {
		if !slices.Contains(q.Features, fl.Feature) {
			q.Features = append(q.Features, fl.Feature)
		}
	}
	for _, cf := range d.ContextFields {
		q.ContextFields = append(q.ContextFields, cf.Name)
	}
	// The context fields the constraints name: whether each exists
	// decides how long the import takes to create a strategy, and so the
	// strategies' order (importmodel.StrategyCreationRounds).
	q.ContextFields = appendConstraintFields(q.ContextFields, d.FeatureStrategies)
	for _, tt := range d.TagTypes {
		q.TagTypes = append(q.TagTypes, tt.Name)
	}
	q.Features = model.StorableOnly(q.Features)
	q.ContextFields = model.StorableOnly(q.ContextFields)
	q.TagTypes = model.StorableOnly(q.TagTypes)
	return q
}

// appendConstraintFields appends to names the context fields that the
// constraints of strategies name and names does not hold.
func appendConstraintFields(names []string, strategies []model.Strategy) []string {
	var seen map[string]bool
	for i := range strategies {
		s := &strategies[i]
		if s.Constraints == nil {
			continue
		}
		for _, c := range *s.Constraints {
			if seen == nil {
				seen = make(map[string]bool, len(names))
				for _, n := range names {
					seen[n] = true
				}
			}
			if !seen[c.ContextName] {
				seen[c.ContextName] = true
				names = append(names, c.ContextName)
			}
		}
	}
	return names
}
