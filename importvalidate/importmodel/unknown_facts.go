package importmodel

import (
	"fmt"
	"strconv"
)

// checkImportUnknownFact says, where the file needs one, which fact of the
// instance the state source cannot tell, so that the import's check that
// needs it was not made. A resource limit it cannot tell is said where the
// file goes past Unleash's default limit; a fact the file needs for many
// items is said once, at the first.
func checkImportUnknownFact(in *Input) []Finding {
	f := &in.Facts
	var out []Finding
	cannot := func(what, why, value string, at Place) {
		out = append(out, single(fmt.Sprintf("Cannot check %s: %s cannot tell %s.", what, f.Source, why), value, at))
	}
	d := &in.Import.Data
	v := in.resolved()
	if !f.Limits.Known {
		def, counts := DefaultResourceLimits, in.countsLimits()
		perFeature := map[string]int{}
		for _, k := range v.keptStrategies {
			i := int(k)
			s := &d.FeatureStrategies[i]
			if counts && s.Constraints != nil && int64(len(*s.Constraints)) > def.Constraints {
				cannot(fmt.Sprintf("this strategy's %d constraints against the constraints limit (Unleash's default %d)", len(*s.Constraints), def.Constraints),
					"the instance's resource limits", s.Name, place("featureStrategies", i, "constraints"))
			}
			if counts && s.Constraints != nil {
				for j, c := range *s.Constraints {
					if c.Values != nil && int64(len(*c.Values)) > def.ConstraintValues {
						cannot(fmt.Sprintf("this constraint's %d values against the constraint values limit (Unleash's default %d)", len(*c.Values), def.ConstraintValues),
							"the instance's resource limits", c.ContextName, placeIn("featureStrategies", i, "constraints", j, "values"))
					}
				}
			}
			if s.Segments != nil && int64(len(*s.Segments)) > def.StrategySegments {
				cannot(fmt.Sprintf("this strategy's %d segments against the strategy segments limit (Unleash's default %d)", len(*s.Segments), def.StrategySegments),
					"the instance's resource limits", s.Name, place("featureStrategies", i, "segments"))
			}
			if perFeature[*s.FeatureName]++; counts && int64(perFeature[*s.FeatureName]) == def.FeatureEnvironmentStrategies+1 {
				cannot(fmt.Sprintf("the strategies of feature %s against the limit of strategies per feature and environment (Unleash's default %d)",
					strconv.Quote(*s.FeatureName), def.FeatureEnvironmentStrategies), "the instance's resource limits", *s.FeatureName, place("featureStrategies", i, ""))
			}
		}
		if counts && f.ActiveFeatures.Known {
			created := int64(0)
			for i := range d.Features {
				ft := &d.Features[i]
				if ref := &v.refs[v.entry[i]]; ref.applied && !ref.inProject {
					if created++; f.ActiveFeatures.Value+created == def.FeatureFlags+1 {
						cannot(fmt.Sprintf("the new features against the instance's feature limit (Unleash's default %d, and %d exist)", def.FeatureFlags, f.ActiveFeatures.Value),
							"the instance's resource limits", ft.Name, place("features", i, "name"))
					}
				}
			}
		}
	}
	firstApplied := func(pred func(ref *ref) bool) (string, int, bool) {
		files := v.fileRefs()
		for r := range files {
			ref := &files[r]
			if ref.applied && pred(ref) {
				return ref.name, int(ref.first), true
			}
		}
		return "", 0, false
	}
	inProject := func(ref *ref) bool { return ref.inProject }
	notInProject := func(ref *ref) bool { return !ref.inProject }
	if f.Limits.Known && !f.ActiveFeatures.Known && in.countsLimits() {
		// The limits are known, not how many features count against
		// the instance's own.
		if name, i, ok := firstApplied(notInProject); ok {
			cannot(fmt.Sprintf("the new features against the instance's feature limit (%d)", f.Limits.Value.FeatureFlags),
				"the number of active features", name, place("features", i, "name"))
		}
	}
	if !f.Features.Known {
		if name, i, ok := firstApplied(inProject); ok {
			cannot(fmt.Sprintf("what the import does to the existing features in %s (their strategies, status, dependencies)", in.Environment),
				"the features' settings there", name, place("features", i, ""))
		}
	} else if name, i, ok := firstApplied(func(ref *ref) bool {
		return ref.hasFacts && ref.inProject && !ref.facts.Milestones.Known && ref.facts.Strategies > 0
	}); ok {
		cannot(fmt.Sprintf("whether the strategies the import deletes in %s include release-plan milestone strategies, which no file brings back", in.Environment),
			"release-plan milestone strategies", name, place("features", i, ""))
	}
	if !f.ChangeRequests.Known {
		if len(v.keptStrategies) > 0 {
			i := int(v.keptStrategies[0])
			cannot(fmt.Sprintf("whether change requests are enabled for project %s in %s, where the import refuses every strategy", in.Project, in.Environment),
				"change-request settings", d.FeatureStrategies[i].Name, place("featureStrategies", i, ""))
		}
	}
	if !f.LinkTemplates.Known {
		if name, i, ok := firstApplied(notInProject); ok {
			cannot(fmt.Sprintf("the link templates of project %s, which the import adds to every feature it creates", in.Project),
				"the project's link templates", name, place("features", i, "name"))
		}
	}
	if !f.Tags.Known {
		for i := range d.Features {
			ft := &d.Features[i]
			if ft.FeatureDetails != nil && ft.Tags.Valid && len(ft.Tags.Value) > 0 && v.refs[v.entry[i]].applied && !v.refs[v.entry[i]].inProject {
				cannot("whether the tags of this new feature exist, without which the import fails", "the instance's tags", ft.Name, place("features", i, "tags"))
			}
		}
	}
	if !f.ProjectArchived.Known && in.ProjectExists {
		if name, i, ok := firstApplied(notInProject); ok {
			cannot(fmt.Sprintf("whether project %s is archived, where the import creates no feature", in.Project), "archived projects", name, place("features", i, "name"))
		}
	}
	if !f.ProjectEnvironment.Known && in.ProjectExists && len(d.FeatureEnvironments) > 0 {
		cannot(fmt.Sprintf("whether project %s has environment %s", in.Project, in.Environment), "the project's environments", in.Environment, Place{Field: "environment"})
	}
	return out
}
