package importvalidate

import (
	"strconv"

	"github.com/flagadmin/flagadmin/importvalidate/importmodel"
)

// checkFeatureInOtherProject is E3: each imported name that exists in
// another project, archived ones included, once, in order of first
// occurrence in data.features.
func checkFeatureInOtherProject(in *Input) []Issue {
	items := in.eachFeature(func(n string) (Item, bool) {
		f, ok := in.Features[n]
		if !ok || f.Project == in.Project {
			return Item{}, false
		}
		return in.verifiedItem(importmodel.VerifiedOtherProject, n+" (in project "+f.Project+")", n), true
	})
	return one("You cannot import a features that already exist in other projects. You already have the following features defined outside of project "+in.Project+":", items)
}

// checkDuplicateFeature is E4: each name occurring more than once in
// data.features, listed once, in the order its second occurrence is met.
func checkDuplicateFeature(in *Input) []Issue {
	p := in.Places()
	type dup struct {
		name   string
		second int
	}
	var dups []dup
	for _, n := range p.Order() {
		if w := p.Again(n); len(w) > 1 {
			dups = append(dups, dup{n, w[1]})
		}
	}
	sortBy(dups, func(a, b dup) bool { return a.second < b.second })
	items := make([]Item, len(dups))
	for i, d := range dups {
		items[i] = in.verifiedItem(importmodel.VerifiedDuplicate, d.name, d.name)
	}
	return one("We detected the following features are duplicate in your import data:", items)
}

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

// verifiedItem is featureItem for a reference error of the names of
// features[] that the import checks again (c), with why the import
// accepts the feature name, where it does.
func (in *Input) verifiedItem(c importmodel.Verified, value, name string) Item {
	it := in.featureItem(value, name)
	if !in.strict {
		it.ImportAccepts = in.FeatureAccepted(c, name)
	}
	return it
}

// checkArchivedFeature is W2: imported names that exist archived, in any
// project, once, in order of first occurrence.
func checkArchivedFeature(in *Input) []Issue {
	items := in.eachFeature(func(n string) (Item, bool) {
		f, ok := in.Features[n]
		if !ok || !f.Archived {
			return Item{}, false
		}
		return in.featureItem(n, n), true
	})
	return one("The following features will not be imported as they are currently archived. To import them, please unarchive them first:", items)
}

// checkFeatureExists is W3: imported names that exist, not archived, in the
// target project, once, in order of first occurrence.
func checkFeatureExists(in *Input) []Issue {
	items := in.eachFeature(func(n string) (Item, bool) {
		f, ok := in.Features[n]
		if !ok || f.Archived || f.Project != in.Project {
			return Item{}, false
		}
		return in.featureItem(n, n), true
	})
	return one("The following features already exist in this project and will be overwritten:", items)
}
