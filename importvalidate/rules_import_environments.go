package importvalidate

import "github.com/flagadmin/flagadmin/model"

// The import sets the variants of the feature environments it keeps
// (featureName) after writing the features, and their status (name)
// after the strategies (importToggleVariants, importToggleStatuses).

// checkImportEnvironmentFeatureNotInProject reports feature environments
// whose feature (name), once the features are written, is not one of the
// target project's: the import sets the status of a project's features
// only.
func checkImportEnvironmentFeatureNotInProject(in *Input) []Issue {
	v := in.resolved()
	if !v.notes.envOutsideProject {
		return nil
	}
	var out []Issue
	in.refusalEachKeptEnvironment(func(i int, e *model.FeatureEnvironment) {
		if ref := &v.refs[v.envName[i]]; ref.outsideProject(in) {
			p := ref.projectAfterFeatures(in)
			out = append(out, refusalIssue(refusalNotInProject(e.Name, in.Project, p), e.Name, ptr("featureEnvironments", i, "name")))
		}
	})
	return out
}

// checkImportEnvironmentVariantsTargetMissing reports feature environments
// with variants for a feature (featureName) that does not exist once the
// features are written. (One of any project that has the environment gets
// them.)
func checkImportEnvironmentVariantsTargetMissing(in *Input) []Issue {
	if !in.EnvironmentExists {
		return nil // checkImportEnvironmentNotFound
	}
	var out []Issue
	v := in.resolved()
	if !v.notes.envNoTarget {
		return nil
	}
	d := &in.Import.Data
	for _, k := range v.keptEnvironments {
		i := int(k)
		e := &d.FeatureEnvironments[i]
		if e.Variants == nil || len(*e.Variants) == 0 || v.refs[v.envFeature[i]].existsAfterFeatures() {
			continue
		}
		out = append(out, refusalIssue(refusalNoVariantsTarget(*e.FeatureName, in.Environment), *e.FeatureName,
			ptr("featureEnvironments", i, "featureName")))
	}
	return out
}
