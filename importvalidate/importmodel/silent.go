package importmodel

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/flagadmin/flagadmin/model"
)

// checkImportMemberNotInSchema: the members that flagadmin accepts (the
// product's API lists them) but the import's own schema refuses, with the
// message of its schema check. The import of 7.x and older accepts them
// (Profile.Schema.DeprecatedMembers).
func checkImportMemberNotInSchema(in *Input) []Finding {
	if in.VersionProfile().Schema.DeprecatedMembers {
		return nil
	}
	var out []Finding
	extra := func(list string, i int, name string) {
		object := "/data/" + list + "/" + itoa(i)
		out = append(out, single(fmt.Sprintf("The `/body%s` object of the request body does not allow additional properties. "+
			"Your request included the `/body%s/%s` property.", object, object, name), name, place(list, i, name)))
	}
	d := &in.Import.Data
	// The view notes whether any entry has one of these members.
	if in.resolved().notes.features&memberNotInSchema != 0 {
		for i := range d.Features {
			f := &d.Features[i]
			if f.Variants != nil {
				extra("features", i, "variants")
			}
			if f.Strategies != nil {
				extra("features", i, "strategies")
			}
			if f.FeatureDetails != nil && f.LastSeenAt.Present {
				extra("features", i, "lastSeenAt")
			}
		}
	}
	if in.resolved().notes.tagOldMembers {
		for i := range d.FeatureTags {
			t := &d.FeatureTags[i]
			if t.Type != nil {
				extra("featureTags", i, "type")
			}
			if t.Value != nil {
				extra("featureTags", i, "value")
			}
		}
	}
	return out
}

func checkImportStrategyWithoutFeature(in *Input) []Finding {
	return silentWithoutFeature(in, in.Import.Data.FeatureStrategies, "featureStrategies",
		"The import drops this strategy: it names no feature (featureName).",
		func(s *model.Strategy) (*string, string) { return s.FeatureName, s.Name })
}

func checkImportEnvironmentWithoutFeature(in *Input) []Finding {
	return silentWithoutFeature(in, in.Import.Data.FeatureEnvironments, "featureEnvironments",
		"The import drops this environment entry, its enabled and its variants: it has no featureName.",
		func(fe *model.FeatureEnvironment) (*string, string) { return fe.FeatureName, fe.Name })
}

// silentWithoutFeature finds, with message msg, the entries of entries
// (the list named list) whose featureName is absent or empty: the import
// drops them. names gives an entry's featureName and its own name.
func silentWithoutFeature[T any](in *Input, entries []T, list, msg string, names func(*T) (featureName *string, name string)) []Finding {
	if !in.resolved().unnamed {
		return nil
	}
	var out []Finding
	for i := range entries {
		if feature, name := names(&entries[i]); !namesFeature(feature) {
			out = append(out, single(msg, name, place(list, i, "")))
		}
	}
	return out
}

// silentNoted finds, for each entry i of noted (indices of the list
// named list, noted by the view for the rule), the message and value
// that say returns, at member of the entry ("" for the entry itself).
func silentNoted(noted []int32, list, member string, say func(i int) (msg, value string)) []Finding {
	var out []Finding
	for _, k := range noted {
		msg, value := say(int(k))
		out = append(out, single(msg, value, place(list, int(k), member)))
	}
	return out
}

func checkImportEnvironmentNameMismatch(in *Input) []Finding {
	return silentNoted(in.resolved().notes.envMismatch, "featureEnvironments", "", func(i int) (string, string) {
		fe := &in.Import.Data.FeatureEnvironments[i]
		return fmt.Sprintf("The import sets enabled on feature %s (name) but the variants of feature %s (featureName).",
			strconv.Quote(fe.Name), strconv.Quote(*fe.FeatureName)), fe.Name
	})
}

func checkImportStrategyOutsideFile(in *Input) []Finding {
	return silentNoted(in.resolved().notes.strategyOutsideFile, "featureStrategies", "featureName", func(i int) (string, string) {
		s := &in.Import.Data.FeatureStrategies[i]
		return fmt.Sprintf("The import adds this strategy to the strategies feature %s has in %s, which it keeps: the feature is not in features.",
			strconv.Quote(*s.FeatureName), in.Environment), *s.FeatureName
	})
}

func checkImportTagOutsideFile(in *Input) []Finding {
	v := in.resolved()
	return silentNoted(v.notes.tagOutside, "featureTags", "featureName", func(i int) (string, string) {
		t := &in.Import.Data.FeatureTags[i]
		return fmt.Sprintf("The import adds this tag to feature %s of project %s, which keeps its other tags: the feature is not in features.",
			strconv.Quote(t.FeatureName), v.refs[v.tag[i]].project), t.FeatureName
	})
}

func checkImportVariantsOutsideFile(in *Input) []Finding {
	v := in.resolved()
	return silentNoted(v.notes.envVariantsOutside, "featureEnvironments", "featureName", func(i int) (string, string) {
		fe := &in.Import.Data.FeatureEnvironments[i]
		return fmt.Sprintf("The import overwrites the variants in %s of feature %s of project %s: the feature is not in features.",
			in.Environment, strconv.Quote(*fe.FeatureName), v.refs[v.envFeature[i]].project), *fe.FeatureName
	})
}

func checkImportLinksOutsideFile(in *Input) []Finding {
	var out []Finding
	v := in.resolved()
	for i := range in.Import.Data.Links {
		l := &in.Import.Data.Links[i]
		f := &v.refs[v.link[i]]
		if f.applied || !f.exists || f.existingArchived {
			continue
		}
		msg := fmt.Sprintf("The import deletes every link of feature %s of project %s and puts these in their place: the feature is not in features.",
			strconv.Quote(l.Feature), f.project)
		out = append(out, single(msg, l.Feature, place("links", i, "feature")))
	}
	return out
}

func checkImportTagWithoutType(in *Input) []Finding {
	v := in.resolved()
	return silentNoted(v.notes.tagWithoutType, "featureTags", "", func(i int) (string, string) {
		t := &in.Import.Data.FeatureTags[i]
		if v.refs[v.tag[i]].applied {
			return fmt.Sprintf("The import skips this tag, which has no tagType, and deletes the tags of feature %s all the same.", strconv.Quote(t.FeatureName)), t.FeatureName
		}
		return "The import skips this tag: it has no tagType.", t.FeatureName
	})
}

func checkImportTagTypeUnused(in *Input) []Finding {
	d := &in.Import.Data
	used := in.resolved().usedTagTypes
	var out []Finding
	for i, tt := range d.TagTypes {
		if !used[tt.Name] && !in.TagTypes[tt.Name] {
			out = append(out, single("The import does not create this tag type: no tag of the file uses it.", tt.Name, place("tagTypes", i, "")))
		}
	}
	return out
}

// silentAppliedDependencies calls f for each dependency entry whose child
// is applied and applies its dependencies (appliesDependencies), the
// entries the import applies.
func (in *Input) silentAppliedDependencies(f func(i int, dep *model.FeatureDependencies)) {
	d := &in.Import.Data
	if len(d.Dependencies) == 0 {
		return
	}
	v := in.resolved()
	for i := range d.Dependencies {
		if ref := &v.refs[v.dependency[i]]; ref.applied && appliesDependencies(&d.Features[ref.first]) {
			f(i, &d.Dependencies[i])
		}
	}
}

// silentDependencies finds, with the message say returns, the entries of
// dependencies whose child (resolved as ref) say reports, at member of
// the entry ("" for the entry itself).
func (in *Input) silentDependencies(member string, say func(dep *model.FeatureDependencies, ref *ref) (string, bool)) []Finding {
	var out []Finding
	v := in.resolved()
	for i := range in.Import.Data.Dependencies {
		dep := &in.Import.Data.Dependencies[i]
		if msg, ok := say(dep, &v.refs[v.dependency[i]]); ok {
			out = append(out, single(msg, dep.Feature, place("dependencies", i, member)))
		}
	}
	return out
}

func checkImportDependencyNoProject(in *Input) []Finding {
	return in.silentDependencies("", func(dep *model.FeatureDependencies, ref *ref) (string, bool) {
		if !ref.applied || appliesDependencies(&in.Import.Data.Features[ref.first]) {
			return "", false
		}
		return fmt.Sprintf("The import does not create this dependency: the entry of feature %s in features names no project.",
			strconv.Quote(dep.Feature)), true
	})
}

func checkImportDependencyOutside(in *Input) []Finding {
	return in.silentDependencies("feature", func(dep *model.FeatureDependencies, ref *ref) (string, bool) {
		if ref.applied {
			return "", false
		}
		return fmt.Sprintf("The import does not create this dependency: feature %s is not imported (it is not in features, or archived).",
			strconv.Quote(dep.Feature)), true
	})
}

func checkImportDependencyReplacesParents(in *Input) []Finding {
	var out []Finding
	v := in.resolved()
	in.silentAppliedDependencies(func(i int, dep *model.FeatureDependencies) {
		ref := &v.refs[v.dependency[i]]
		if !ref.hasFacts {
			return
		}
		facts := ref.facts
		var lost []string
		for _, p := range facts.Parents {
			if !slices.ContainsFunc(dep.Dependencies, func(d model.ParentDependency) bool { return d.Feature == p }) {
				lost = append(lost, p)
			}
		}
		if len(lost) > 0 {
			out = append(out, single(fmt.Sprintf("The import replaces the parents of feature %s: its dependency on %s goes.",
				strconv.Quote(dep.Feature), strings.Join(lost, ", ")), dep.Feature, place("dependencies", i, "")))
		}
	})
	return out
}

func checkImportDependencyChain(in *Input) []Finding {
	if len(in.Import.Data.Dependencies) == 0 {
		return nil
	}
	v := in.resolved()
	// children is indexed by the resolved names; every name an applied
	// dependency's child has is resolved already.
	children := make([]bool, len(v.refs))
	var applied []int
	in.silentAppliedDependencies(func(i int, dep *model.FeatureDependencies) {
		children[v.dependency[i]] = true
		applied = append(applied, i)
	})
	var out []Finding
	for _, i := range applied {
		dep := &in.Import.Data.Dependencies[i]
		parents := in.fileNames().parents(i)
		for k, p := range dep.Dependencies {
			if p.Feature == dep.Feature {
				continue
			}
			if r := parents[k]; int(r) < len(children) && children[r] {
				out = append(out, single(fmt.Sprintf("The import makes feature %s depend on %s, which depends on another feature: "+
					"a chain of dependencies that Unleash refuses elsewhere.", strconv.Quote(dep.Feature), strconv.Quote(p.Feature)),
					p.Feature, placeIn("dependencies", i, "dependencies", k, "feature")))
			}
		}
	}
	return out
}

func checkImportArchivesFeature(in *Input) []Finding {
	var out []Finding
	v := in.resolved()
	for i := range in.Import.Data.Features {
		f := &in.Import.Data.Features[i]
		if ref := &v.refs[v.entry[i]]; f.Archived != nil && *f.Archived && ref.applied {
			verb := "creates"
			if ref.inProject {
				verb = "updates"
			}
			out = append(out, single(fmt.Sprintf("The import %s this feature archived.", verb), f.Name, place("features", i, "archived")))
		}
	}
	return out
}

func checkImportMetadataReset(in *Input) []Finding {
	var out []Finding
	if !in.Facts.Features.Known {
		return nil
	}
	asGiven := in.VersionProfile().Import.DescriptionAsGiven
	v := in.resolved()
	for i := range in.Import.Data.Features {
		f := &in.Import.Data.Features[i]
		ref := &v.refs[v.entry[i]]
		if !ref.applied || !ref.inProject || !ref.hasFacts || !ref.facts.Metadata.Known {
			continue
		}
		// What the import makes of the settings the entry leaves out is
		// setMetadata's, the replay's.
		md, det := ref.facts.Metadata.Value, f.Details()
		before := Config{Type: md.Type, Stale: md.Stale, ImpressionData: md.ImpressionData}
		if md.Description != "" {
			before.Description = &md.Description
		}
		after := before
		after.setMetadata(f, asGiven)
		var reset []string
		if f.Type == nil && after.Type != before.Type {
			reset = append(reset, fmt.Sprintf("type %s to %s", strconv.Quote(before.Type), after.Type))
		}
		if !f.Description.Present && before.Description != nil && after.Description == nil {
			reset = append(reset, "description to none")
		}
		if det.Stale == nil && before.Stale && !after.Stale {
			reset = append(reset, "stale to false")
		}
		if det.ImpressionData == nil && before.ImpressionData && !after.ImpressionData {
			reset = append(reset, "impressionData to false")
		}
		if len(reset) > 0 {
			out = append(out, single("The import resets what the entry leaves out: "+strings.Join(reset, ", ")+".", f.Name, place("features", i, "")))
		}
	}
	return out
}

func checkImportUnknownFeatureType(in *Input) []Finding {
	if !in.Facts.FeatureTypes.Known {
		return nil
	}
	v := in.resolved()
	if !v.notes.unknownType {
		return nil // every type of features[] is known
	}
	var out []Finding
	known := lastAnswers(func(t string) bool { return in.Facts.FeatureTypes.Value[t] })
	for i := range in.Import.Data.Features {
		f := &in.Import.Data.Features[i]
		if f.Type != nil && *f.Type != "" && v.refs[v.entry[i]].applied && !known(*f.Type) {
			out = append(out, single("The import stores this type, which is not a feature type of the instance.", *f.Type, place("features", i, "type")))
		}
	}
	return out
}

func checkImportDefaultStrategyAdded(in *Input) []Finding {
	var out []Finding
	v := in.resolved()
	fes := in.Import.Data.FeatureEnvironments
	seen := make([]bool, len(v.refs))
	// The last entry of a feature sets its status.
	for i := len(fes) - 1; i >= 0; i-- {
		fe := &fes[i]
		r := v.envName[i]
		if v.droppedRef(v.envFeature[i]) || seen[r] {
			continue
		}
		seen[r] = true
		ref := &v.refs[r]
		if !ref.applied && !ref.inProject {
			continue
		}
		total, enabled := int(ref.strategies), int(ref.enabled)
		if !ref.applied {
			if !ref.hasFacts {
				continue
			}
			total += ref.facts.Strategies
			enabled += ref.facts.Strategies - ref.facts.Disabled
		}
		switch {
		case !EnablingAddsStrategy(fe.Enabled, enabled):
		case total == 0:
			out = append(out, single(fmt.Sprintf("Enabling feature %s, which has no strategy in %s, adds the project's default strategy "+
				"(a 100%% flexibleRollout unless the project sets another).", strconv.Quote(fe.Name), in.Environment),
				fe.Name, place("featureEnvironments", i, "enabled")))
		default:
			out = append(out, single(fmt.Sprintf("Enabling feature %s, whose strategies in %s are all disabled, adds the project's default strategy: "+
				"the feature is then on for everyone the default strategy takes in.", strconv.Quote(fe.Name), in.Environment),
				fe.Name, place("featureEnvironments", i, "enabled")))
		}
	}
	slices.Reverse(out)
	return out
}

// silentAppliedWithFacts calls f with each name of features[] that the
// import creates or updates in the target project and whose facts are
// known, and collects the findings it returns.
func (in *Input) silentAppliedWithFacts(f func(ref *ref, facts *FeatureFacts) (string, bool)) []Finding {
	if !in.Facts.Features.Known {
		return nil
	}
	var out []Finding
	files := in.resolved().fileRefs()
	for r := range files {
		ref := &files[r]
		if !ref.applied || !ref.hasFacts {
			continue
		}
		if msg, ok := f(ref, ref.facts); ok {
			out = append(out, single(msg, ref.name, place("features", int(ref.first), "")))
		}
	}
	return out
}

func checkImportDeletesReleasePlan(in *Input) []Finding {
	return in.silentAppliedWithFacts(func(_ *ref, facts *FeatureFacts) (string, bool) {
		if !facts.Milestones.Known || facts.Milestones.Value == 0 {
			return "", false
		}
		return fmt.Sprintf("The import deletes the %d release-plan milestone strategies of this feature in %s with its other strategies; "+
			"no export carries them, so no file brings them back.", facts.Milestones.Value, in.Environment), true
	})
}

func checkImportStrategiesReplaced(in *Input) []Finding {
	return in.silentAppliedWithFacts(func(ref *ref, facts *FeatureFacts) (string, bool) {
		if ref.strategies > 0 {
			return "", false
		}
		n := facts.Strategies
		if facts.Milestones.Known {
			n -= facts.Milestones.Value // said by their own rule
		}
		if n == 0 {
			return "", false
		}
		return fmt.Sprintf("The import deletes the %d strategies of this feature in %s: the file lists the feature but none of its strategies.",
			n, in.Environment), true
	})
}

func checkImportVariantWeightsRecomputed(in *Input) []Finding {
	var out []Finding
	// Only the lists whose weights the import changes are read again.
	in.eachSuspectList(suspectRecomputed, func(l variantList) {
		fixVariantWeights(l.len(), l.typedWeight, func(k int, w float64) {
			if _, old := l.weight(k); w != old {
				out = append(out, single(fmt.Sprintf("The import gives this variable variant the weight %s, not %s: variable variants share what the fixed ones leave of 1000.",
					strconv.FormatFloat(w, 'f', -1, 64), strconv.FormatFloat(old, 'f', -1, 64)),
					strconv.FormatFloat(old, 'f', -1, 64), l.at(k, "weight")))
			}
		})
	})
	return out
}

func checkImportVariantWithoutWeightType(in *Input) []Finding {
	var out []Finding
	in.eachSuspectList(suspectNoWeightType, func(l variantList) {
		vs := *l.env.Variants
		variable := slices.ContainsFunc(vs, func(x model.Variant) bool { return x.WeightType != nil && *x.WeightType == model.WeightVariable })
		for k, x := range vs {
			if variable && x.WeightType == nil {
				out = append(out, single("The import drops this variant: it has no weightType.", x.Name, placeIn("featureEnvironments", l.i, "variants", k, "")))
			}
		}
	})
	return out
}

func checkImportStrategyEnvNotInProject(in *Input) []Finding {
	pe := in.Facts.ProjectEnvironment
	if !pe.Known || pe.Value || !in.EnvironmentExists || !in.ProjectExists {
		return nil
	}
	if len(in.resolved().keptStrategies) == 0 {
		return nil
	}
	return []Finding{single(fmt.Sprintf("The import creates the file's strategies in environment %s, which project %s does not have.",
		in.Environment, in.Project), in.Environment, Place{Field: "environment"})}
}

func checkImportStrategyParametersDefaults(in *Input) []Finding {
	var out []Finding
	imp := in.VersionProfile().Import
	// The parameters are completed as the replay completes them
	// (profile.Import.StrategyParameters, StrategyDefaults). The project's default
	// stickiness is not among the facts: a stand-in tells where the
	// import puts it.
	const projectStickiness = "\x00"
	in.eachStrategy(func(i int, s *model.Strategy) {
		var p map[string]string
		if s.Parameters != nil {
			p = *s.Parameters
		}
		defaults, n := imp.StrategyDefaults(s.Name, *s.FeatureName, p, projectStickiness)
		if n == 0 {
			return
		}
		set := make([]string, 0, n)
		for _, kv := range defaults[:n] {
			switch k, v := kv[0], kv[1]; {
			case k == "stickiness" && v == projectStickiness:
				set = append(set, "the project's default stickiness")
			case k == "groupId":
				set = append(set, "groupId "+strconv.Quote(v))
			default:
				set = append(set, k+" "+v)
			}
		}
		if len(set) > 0 {
			at := place("featureStrategies", i, "parameters")
			if s.Parameters == nil {
				at = place("featureStrategies", i, "")
			}
			out = append(out, single("The import gives this "+s.Name+" strategy what its parameters leave out: "+strings.Join(set, ", ")+".",
				s.Name, at))
		}
	})
	return out
}

func checkImportContextFieldNotUpdated(in *Input) []Finding {
	var out []Finding
	in.eachExistingContextField(func(i int, cf *model.ContextField, def *model.SnapshotContextField) {
		var want []model.LegalValue
		if cf.LegalValues != nil {
			want = *cf.LegalValues
		}
		// Values the field lacks are refused (context-legal-values); fewer
		// are accepted and the field keeps its own.
		if len(want) < len(def.LegalValues) && !slices.ContainsFunc(want, func(w model.LegalValue) bool { return lacksLegalValue(def, w.Value) }) {
			out = append(out, single(fmt.Sprintf("The import leaves the existing context field as it is, with its %d legal values; the file lists %d.",
				len(def.LegalValues), len(want)), cf.Name, place("contextFields", i, "")))
		}
	})
	return out
}

func checkImportContextFieldProject(in *Input) []Finding {
	var out []Finding
	in.eachNewContextField(func(i int, cf *model.ContextField) {
		if cf.Project != nil && *cf.Project != in.Project {
			out = append(out, single(fmt.Sprintf("The import creates this context field in project %s, the target, not in %s.", in.Project, *cf.Project),
				*cf.Project, place("contextFields", i, "project")))
		}
	})
	return out
}

func checkImportIgnoredMember(in *Input) []Finding {
	var out []Finding
	d := &in.Import.Data
	if in.resolved().notes.features&memberIgnored != 0 {
		for i := range d.Features {
			for _, m := range ignoredFeatureMembers(&d.Features[i]) {
				out = append(out, single(fmt.Sprintf("The import ignores a feature's %s: it reads them from data's own lists.", m), m, place("features", i, m)))
			}
		}
	}
	for i := range d.FeatureEnvironments {
		fe := &d.FeatureEnvironments[i]
		if fe.Strategies != nil && len(*fe.Strategies) > 0 {
			out = append(out, single("The import ignores an environment entry's strategies: it reads them from featureStrategies.", "strategies",
				place("featureEnvironments", i, "strategies")))
		}
	}
	return out
}
