package importvalidate

import "strconv"

// checkFeatureLimit is E6: the import would exceed the project's feature
// limit. new = distinct imported names minus those existing non-archived in
// the project; current = the project's non-archived features; reported when
// current + new > limit. No limit, or no project, means unlimited. With
// why the import accepts the file, where it does (it creates fewer).
func checkFeatureLimit(in *Input) []Issue {
	p := in.TargetProject
	if !in.ProjectExists || p.FeatureLimit == nil {
		return nil
	}
	var fresh int64
	for _, n := range in.Places().Order() {
		f, ok := in.Features[n]
		if ok && !f.Archived && f.Project == in.Project {
			continue
		}
		fresh++
	}
	limit := *p.FeatureLimit
	if p.FeatureCount+fresh <= limit {
		return nil
	}
	is := Issue{
		Message: "We detected you want to create " + strconv.FormatInt(fresh, 10) +
			" new features to a project that already has " + strconv.FormatInt(p.FeatureCount, 10) +
			" existing features, exceeding the maximum limit of " + strconv.FormatInt(limit, 10) + ".",
		Items: []Item{},
	}
	if !in.strict {
		is.ImportAccepts = in.FeatureLimitAccepted()
	}
	return []Issue{is}
}
