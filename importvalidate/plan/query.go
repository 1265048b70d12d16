package plan

import (
	"iter"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/model"
)

// queryOf is the one read of a plan of d into project and env
// (importvalidate.PartConfigs): the features of the file (and those whose
// links it replaces from outside it), in every project and archived ones
// included, with their configuration in env; the context fields and tag
// types the file carries; and the settings of project that the import
// applies (default stickiness and default strategy in env). It names the
// names of the file that an import reads, but those that no database can
// hold (model.StorableOnly), which cannot exist.
func queryOf(project, env string, d *model.ExportData) importvalidate.Query {
	q := importvalidate.Query{Project: project, Environment: env, Want: importvalidate.PartConfigs,
		Features:      make([]string, 0, len(d.Features)),
		ContextFields: make([]string, 0, len(d.ContextFields)),
		TagTypes:      make([]string, 0, len(d.TagTypes))}
	for i := range d.Features {
		q.Features = append(q.Features, d.Features[i].Name)
	}
	// The import replaces the links of the features data.links names,
	// in the file or not: whether one outside the file exists and is
	// active decides whether the import is refused.
	q.Features = appendUnseen(q.Features, func(yield func(string) bool) {
		for _, fl := range d.Links {
			if !yield(fl.Feature) {
				return
			}
		}
	})
	for _, cf := range d.ContextFields {
		q.ContextFields = append(q.ContextFields, cf.Name)
	}
	// The context fields the constraints name: whether each exists
	// decides how long the import takes to create a strategy, and so the
	// strategies' order (importmodel.StrategyCreationRounds).
	q.ContextFields = appendUnseen(q.ContextFields, constraintFields(d.FeatureStrategies))
	for _, tt := range d.TagTypes {
		q.TagTypes = append(q.TagTypes, tt.Name)
	}
	q.Features = model.StorableOnly(q.Features)
	q.ContextFields = model.StorableOnly(q.ContextFields)
	q.TagTypes = model.StorableOnly(q.TagTypes)
	return q
}

// constraintFields yields the context field of each constraint of
// strategies, in their order.
func constraintFields(strategies []model.Strategy) iter.Seq[string] {
	return func(yield func(string) bool) {
		for i := range strategies {
			if s := &strategies[i]; s.Constraints != nil {
				for _, c := range *s.Constraints {
					if !yield(c.ContextName) {
						return
					}
				}
			}
		}
	}
}

// appendUnseen appends to names, in their order, the names of more that
// names does not hold yet, telling them apart with a set: a search of
// names for each would be quadratic in a file of tens of thousands of
// items.
func appendUnseen(names []string, more iter.Seq[string]) []string {
	var seen map[string]bool
	for n := range more {
		if seen == nil {
			seen = make(map[string]bool, len(names))
			for _, x := range names {
				seen[x] = true
			}
		}
		if !seen[n] {
			seen[n] = true
			names = append(names, n)
		}
	}
	return names
}
