package importvalidate

import "github.com/flagadmin/flagadmin/importvalidate/importmodel"

import "github.com/flagadmin/flagadmin/model"

// checkMissingDependency is E8: parents named in
// dependencies[].dependencies[].feature, flattened in input order, that are
// neither imported nor existing (any project, archived included).
// Duplicates kept.
func checkMissingDependency(in *Input) []Issue {
	return one("We detected the following dependencies that need to be created first:", itemsOf(in.MissingDependencies()))
}

// checkUnknownFeatureReference (strict) reports strategies, tags, feature
// environments and dependencies that name a feature absent from features.
func checkUnknownFeatureReference(in *Input) []Issue {
	imported := in.Places()
	d := &in.Import.Data
	g := newGrouper()
	check := func(name string, at importmodel.Place) {
		if !imported.Has(name) {
			g.add(name, located(at))
		}
	}
	for i := range d.FeatureStrategies {
		if n := d.FeatureStrategies[i].FeatureName; n != nil {
			check(*n, importmodel.Place{Member: "featureStrategies", I: i, Field: "featureName"})
		}
	}
	for i := range d.FeatureEnvironments {
		if fe := &d.FeatureEnvironments[i]; fe.FeatureName != nil {
			check(*fe.FeatureName, importmodel.Place{Member: "featureEnvironments", I: i, Field: "featureName"})
		} else {
			check(fe.Name, importmodel.Place{Member: "featureEnvironments", I: i, Field: "name"})
		}
	}
	for i := range d.FeatureTags {
		check(d.FeatureTags[i].FeatureName, importmodel.Place{Member: "featureTags", I: i, Field: "featureName"})
	}
	for i := range d.Dependencies {
		check(d.Dependencies[i].Feature, importmodel.Place{Member: "dependencies", I: i, Field: "feature"})
	}
	return one("The following features are referenced but not imported in features:", g.items)
}

// checkUnknownTagType (strict) reports tags whose type neither exists nor
// is imported in tagTypes.
func checkUnknownTagType(in *Input) []Issue {
	imported := keySet(in.Import.Data.TagTypes, func(t model.TagType) string { return t.Name })
	g := newGrouper()
	for i, t := range in.Import.Data.FeatureTags {
		typ, member := "", "tagType"
		switch {
		case t.TagType != nil:
			typ = *t.TagType
		case t.Type != nil:
			typ, member = *t.Type, "type"
		default:
			continue
		}
		if !imported[typ] && !in.TagTypes[typ] {
			g.add(typ, located(importmodel.Place{Member: "featureTags", I: i, Field: member}))
		}
	}
	return one("The following tag types are used by tags but neither exist nor are imported:", g.items)
}
