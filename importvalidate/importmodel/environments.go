package importmodel

// The import sets the variants of the feature environments it keeps
// (featureName) after writing the features, and their status (name)
// after the strategies (importToggleVariants, importToggleStatuses).

// checkImportEnvironmentFeatureNotInProject reports feature environments
// whose feature (name), once the features are written, is not one of the
// target project's: the import sets the status of a project's features
// only.
func checkImportEnvironmentFeatureNotInProject(in *Input) []Finding {
	var out []Finding
	v := in.resolved()
	for _, i := range v.notes.envOutsideProject {
		e := &in.Import.Data.FeatureEnvironments[i]
		p := v.refs[v.envName[i]].projectAfterFeatures(in)
		out = append(out, single(notInProject(e.Name, in.Project, p), e.Name, place("featureEnvironments", int(i), "name")))
	}
	return out
}

// checkImportEnvironmentVariantsTargetMissing reports feature environments
// with variants for a feature (featureName) that does not exist once the
// features are written. (One of any project that has the environment gets
// them.)
func checkImportEnvironmentVariantsTargetMissing(in *Input) []Finding {
	if !in.EnvironmentExists {
		return nil // checkImportEnvironmentNotFound
	}
	var out []Finding
	for _, k := range in.resolved().notes.envNoTarget {
		i := int(k)
		e := &in.Import.Data.FeatureEnvironments[i]
		out = append(out, single(noVariantsTarget(*e.FeatureName, in.Environment), *e.FeatureName,
			place("featureEnvironments", i, "featureName")))
	}
	return out
}
