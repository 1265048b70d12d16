package importvalidate

import (
	"strconv"
	"strings"
)

// The import checks what its validation checks (the reference errors
// E1-E8 and the permissions), but on the cleaned file, and words each
// refusal its own way. These rules are the import's versions: they report
// what the import refuses, with its messages. Where the validation
// reports an item that the import accepts, refusalConfirm marks that item
// of the reference issue (Item.ImportAccepts), which the report then
// counts as a warning: the reference response keeps it as it is.

// refusalNotSupported is the import's detail for an unknown strategy or
// a context field it refuses (export-import-service.js verifyStrategies,
// verifyContextFields).
func refusalNotSupported(name string) string { return name + " is not supported." }

// checkImportUnknownStrategy is E1 on the cleaned file: the strategies the
// import keeps whose type does not exist.
func checkImportUnknownStrategy(in *Input) []Issue {
	var out []Issue
	// Both lists are in input order: walk them side by side.
	kept := in.resolved().keptStrategies
	for _, i := range in.strategyTypes().unknown {
		for len(kept) > 0 && kept[0] < i {
			kept = kept[1:]
		}
		if len(kept) == 0 || kept[0] != i {
			continue
		}
		name := in.Import.Data.FeatureStrategies[i].Name
		out = append(out, refusalIssue(refusalNotSupported(name), name, ptr("featureStrategies", int(i), "name")))
	}
	return out
}

// checkImportContextLegalValues is E2, which the cleaning leaves as it is,
// in the import's words.
func checkImportContextLegalValues(in *Input) []Issue {
	var out []Issue
	for _, is := range checkContextLegalValues(in) {
		for _, it := range is.Items {
			out = append(out, Issue{Message: refusalNotSupported(it.Value), Items: []Item{it}})
		}
	}
	return out
}

// checkImportFeatureInOtherProject is E3 on the cleaned file: names that
// exist archived are skipped, so only names active in another project
// count.
func checkImportFeatureInOtherProject(in *Input) []Issue {
	var names []string
	var items []Item
	v := in.resolved()
	files := v.fileRefs()
	for r := range files {
		f := &files[r]
		if !f.exists || f.project == in.Project || f.existingArchived {
			continue
		}
		names = append(names, f.name+" (in project "+f.project+")")
		items = append(items, in.featureItem(f.name, f.name))
	}
	return one("These features exist already in other projects: "+strings.Join(names, ", "), items)
}

// checkImportDuplicateFeature is E4 as the import meets it: a name the
// import creates, given again, is refused as existing by then. An existing
// feature of the project is updated once per entry; an archived one is
// skipped.
func checkImportDuplicateFeature(in *Input) []Issue {
	fp := in.places()
	var items []Item
	v := in.resolved()
	files := v.fileRefs()
	for r := range files {
		ref := &files[r]
		if ref.first == ref.last || ref.exists {
			continue
		}
		n := ref.name
		again := fp.again[n]
		for _, i := range again[1:] {
			items = append(items, Item{Value: n, Locations: []Location{at(ptr("features", i, "name"))}})
		}
	}
	return one("A flag with that name already exists", items)
}

// checkImportNamingPattern is E5 as the import meets it: only the names it
// creates are checked against the project's pattern.
func checkImportNamingPattern(in *Input) []Issue {
	res := in.naming()
	if !res.ok || len(res.bad) == 0 {
		return nil
	}
	naming := in.TargetProject.naming()
	var out []Issue
	for _, n := range res.bad {
		if _, exists := in.Features[n]; exists {
			continue
		}
		msg := `The feature flag name "` + n + `" does not match the project's naming pattern: "` + naming.Pattern + `".`
		if naming.Example != "" {
			msg += ` Here's an example of a name that does match the pattern: "` + naming.Example + `"."`
		}
		if naming.Description != "" {
			msg += ` The pattern's description is: "` + naming.Description + `"`
		}
		i, _ := in.places().first(n)
		out = append(out, refusalIssue(msg, n, ptr("features", i, "name")))
	}
	return out
}

// refusalCreatedCount is the number of features the import creates.
func (in *Input) refusalCreatedCount() int64 {
	var n int64
	in.refusalCreates(func(int, string) { n++ })
	return n
}

// checkImportProjectFeatureLimit is E6 as the import meets it: before each
// feature it creates it counts the project's active features, and refuses
// at the limit. Names that exist (archived ones are skipped) are not
// counted as new.
func checkImportProjectFeatureLimit(in *Input) []Issue {
	ps := in.TargetProject
	if !in.ProjectExists || ps.FeatureLimit == nil {
		return nil
	}
	count := ps.FeatureCount
	var items []Item
	in.refusalCreates(func(i int, name string) {
		if count >= *ps.FeatureLimit {
			items = append(items, Item{Value: name, Locations: []Location{at(ptr("features", i, ""))}})
		}
		count++
	})
	return one("You have reached the maximum number of feature flags for this project.", items)
}

// checkImportUnknownSegment is E7, which the cleaning leaves as it is, in
// the import's words.
func checkImportUnknownSegment(in *Input) []Issue {
	return refusalListed("Unsupported segments: ", checkUnknownSegment(in))
}

// checkImportMissingDependency is E8 in the import's words: the cleaning
// drops archived features from the file, but the import then finds them
// as existing features, so the same parents are missing.
func checkImportMissingDependency(in *Input) []Issue {
	return refusalListed("The following dependent features are missing: ", checkMissingDependency(in))
}

// refusalListed rewords one issue of a reference rule as the import
// lists its items after prefix.
func refusalListed(prefix string, issues []Issue) []Issue {
	if len(issues) == 0 {
		return nil
	}
	return []Issue{{Message: prefix + strings.Join(issues[0].values(), ", "), Items: issues[0].Items}}
}

// refusalRequiredPermissions lists, in catalogue order, the permissions
// the import asks for on the cleaned file (import-permissions-service.js).
func refusalRequiredPermissions(in *Input) []Permission { return neededPermissions(in, true) }

// checkImportMissingPermissions is the permissions the import asks for on
// the cleaned file that the caller lacks, as its PermissionError words
// them: one finding without items, since the import's message names
// every permission (an item each would repeat the list once per
// permission in the report's lines; the reference's missing-permissions
// lists them as items).
func checkImportMissingPermissions(in *Input) []Issue {
	if in.Missing == nil {
		return nil
	}
	var names []string
	for _, p := range refusalRequiredPermissions(in) {
		if in.Missing[p] {
			names = append(names, p.displayName())
		}
	}
	if len(names) == 0 {
		return nil
	}
	msg := refusalPermissionMessage(names[0], "")
	if len(names) > 1 {
		msg = `You don't have the required permissions to perform this operation. To perform this action, you need one of the following permissions: "` +
			strings.Join(names, `", "`) + `".`
	}
	in.named(CodeImportMissingPermissions, names)
	return []Issue{{Message: msg}}
}

// refusalConfirm marks the items of the reference errors that the import
// does not refuse the file for (Item.ImportAccepts, or
// Issue.ImportAccepts for the feature limit, which has no items), with
// the reason.
func refusalConfirm(in *Input, issues []Issue) {
	d := &in.Import.Data
	featureAt := func(it Item) (string, bool) {
		if len(it.Locations) == 0 {
			return "", false
		}
		p := strings.TrimPrefix(it.Locations[0].Pointer, "/data/features/")
		i, err := strconv.Atoi(strings.TrimSuffix(p, "/name"))
		if err != nil || i < 0 || i >= len(d.Features) {
			return "", false
		}
		return d.Features[i].Name, true
	}
	for k := range issues {
		is := &issues[k]
		if !is.Reference || is.Severity != SeverityError {
			continue
		}
		switch is.Code {
		case CodeUnknownStrategy:
			for m := range is.Items {
				it := &is.Items[m]
				if len(it.Locations) == 0 {
					continue
				}
				p := strings.TrimPrefix(it.Locations[0].Pointer, "/data/featureStrategies/")
				i, err := strconv.Atoi(strings.TrimSuffix(p, "/name"))
				if err != nil || i < 0 || i >= len(d.FeatureStrategies) {
					continue
				}
				s := &d.FeatureStrategies[i]
				switch {
				case s.FeatureName == nil || *s.FeatureName == "":
					it.ImportAccepts = "the import drops a strategy that names no feature"
				case !in.refusalKeptStrategy(s):
					it.ImportAccepts = "the import drops the strategies of " + *s.FeatureName + ", which exists archived"
				}
			}
		case CodeFeatureInOtherProject, CodeDuplicateFeature, CodeNamingPattern:
			for m := range is.Items {
				it := &is.Items[m]
				name, ok := featureAt(*it)
				if !ok {
					continue
				}
				f, exists := in.Features[name]
				switch {
				case !exists:
				case f.Archived:
					it.ImportAccepts = "the import skips " + name + ", which exists archived in project " + f.Project
				case f.Project == in.Project && is.Code != CodeFeatureInOtherProject:
					if is.Code == CodeDuplicateFeature {
						it.ImportAccepts = "the import updates the existing feature " + name + " once per entry"
					} else {
						it.ImportAccepts = "the import checks the naming pattern of the features it creates only, and " + name + " exists"
					}
				case is.Code == CodeNamingPattern:
					it.ImportAccepts = "the import does not create " + name + ": it exists in project " + f.Project
				}
			}
		case CodeFeatureLimit:
			ps := in.TargetProject
			if created := in.refusalCreatedCount(); ps.FeatureLimit != nil && ps.FeatureCount+created <= *ps.FeatureLimit {
				is.ImportAccepts = "the import creates " + strconv.FormatInt(created, 10) +
					" features (it updates the existing ones and skips the archived ones), within the limit of " +
					strconv.FormatInt(*ps.FeatureLimit, 10)
			}
		}
	}
	for k := range issues {
		is := &issues[k]
		if is.Code != CodeMissingPermissions || in.Missing == nil {
			continue
		}
		needed := map[string]bool{}
		for _, p := range refusalRequiredPermissions(in) {
			needed[p.displayName()] = true
		}
		for m := range is.Items {
			if !needed[is.Items[m].Value] {
				is.Items[m].ImportAccepts = "the import does not need this permission for the file it imports " +
					"(without its archived features, its strategies and environments that name no feature, and its unused tag types)"
			}
		}
	}
}
