package importvalidate

import "github.com/flagadmin/flagadmin/model"

// checkUnknownFeatureReference (strict) reports strategies, tags, feature
// environments and dependencies that name a feature absent from features.
func checkUnknownFeatureReference(in *Input) []Issue {
	imported := in.places()
	d := &in.Import.Data
	g := newGrouper()
	check := func(name, pointer string) {
		if !imported.has(name) {
			g.add(name, at(pointer))
		}
	}
	for i, s := range d.FeatureStrategies {
		if s.FeatureName != nil {
			check(*s.FeatureName, ptr("featureStrategies", i, "featureName"))
		}
	}
	for i, fe := range d.FeatureEnvironments {
		if fe.FeatureName != nil {
			check(*fe.FeatureName, ptr("featureEnvironments", i, "featureName"))
		} else {
			check(fe.Name, ptr("featureEnvironments", i, "name"))
		}
	}
	for i, t := range d.FeatureTags {
		check(t.FeatureName, ptr("featureTags", i, "featureName"))
	}
	for i, dep := range d.Dependencies {
		check(dep.Feature, ptr("dependencies", i, "feature"))
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
			g.add(typ, at(ptr("featureTags", i, member)))
		}
	}
	return one("The following tag types are used by tags but neither exist nor are imported:", g.items)
}
