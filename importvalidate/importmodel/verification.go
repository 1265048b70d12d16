package importmodel

import (
	"strconv"
	"strings"

	"github.com/flagadmin/flagadmin/internal/errbody"
)

// The import checks what its validation checks (the reference errors
// E1-E8 and the permissions), but on the cleaned file, and words each
// refusal its own way. These checks are the import's versions: they find
// what the import refuses, with its messages. Where the validation
// reports an item that the import accepts, the methods *Accepted at the
// end say why (importvalidate marks that item of the reference issue with
// it, Item.ImportAccepts, which the report then counts as a warning: the
// reference response keeps it as it is).

// notSupported is the import's detail for an unknown strategy or
// a context field it refuses (export-import-service.js verifyStrategies,
// verifyContextFields).
func notSupported(name string) string { return name + " is not supported." }

// checkImportUnknownStrategy is E1 on the cleaned file: the strategies the
// import keeps whose type does not exist.
func checkImportUnknownStrategy(in *Input) []Finding {
	var out []Finding
	// Both lists are in input order: walk them side by side.
	kept := in.resolved().keptStrategies
	for _, i := range in.StrategyTypes().Unknown {
		for len(kept) > 0 && kept[0] < i {
			kept = kept[1:]
		}
		if len(kept) == 0 || kept[0] != i {
			continue
		}
		name := in.Import.Data.FeatureStrategies[i].Name
		out = append(out, single(notSupported(name), name, place("featureStrategies", int(i), "name")))
	}
	return out
}

// checkImportContextLegalValues is E2, which the cleaning leaves as it is,
// in the import's words.
func checkImportContextLegalValues(in *Input) []Finding {
	var out []Finding
	for _, it := range in.ContextLegalValues() {
		out = append(out, Finding{Message: notSupported(it.Value), Items: []Item{it}})
	}
	return out
}

// checkImportFeatureInOtherProject is E3 on the cleaned file: names that
// exist archived are skipped, so only names active in another project
// count.
func checkImportFeatureInOtherProject(in *Input) []Finding {
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
		items = append(items, in.FeatureItem(f.name, f.name))
	}
	return one("These features exist already in other projects: "+strings.Join(names, ", "), items)
}

// checkImportDuplicateFeature is E4 as the import meets it: a name the
// import creates, given again, is refused as existing by then. An existing
// feature of the project is updated once per entry; an archived one is
// skipped.
func checkImportDuplicateFeature(in *Input) []Finding {
	fp := in.Places()
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
			items = append(items, Item{Value: n, Places: []Place{place("features", i, "name")}})
		}
	}
	return one("A flag with that name already exists", items)
}

// checkImportNamingPattern is E5 as the import meets it: only the names it
// creates are checked against the project's pattern.
func checkImportNamingPattern(in *Input) []Finding {
	res := in.Naming()
	if !res.OK || len(res.Bad) == 0 {
		return nil
	}
	naming := in.TargetProject.Naming()
	var out []Finding
	for _, n := range res.Bad {
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
		i, _ := in.Places().first(n)
		out = append(out, single(msg, n, place("features", i, "name")))
	}
	return out
}

// createdCount is the number of features the import creates.
func (in *Input) createdCount() int64 {
	var n int64
	in.creates(func(int, string) { n++ })
	return n
}

// checkImportProjectFeatureLimit is E6 as the import meets it: before each
// feature it creates it counts the project's active features, and refuses
// at the limit. Names that exist (archived ones are skipped) are not
// counted as new.
func checkImportProjectFeatureLimit(in *Input) []Finding {
	ps := in.TargetProject
	if !in.ProjectExists || ps.FeatureLimit == nil {
		return nil
	}
	count := ps.FeatureCount
	var items []Item
	in.creates(func(i int, name string) {
		if count >= *ps.FeatureLimit {
			items = append(items, Item{Value: name, Places: []Place{place("features", i, "")}})
		}
		count++
	})
	return one("You have reached the maximum number of feature flags for this project.", items)
}

// checkImportUnknownSegment is E7, which the cleaning leaves as it is, in
// the import's words.
func checkImportUnknownSegment(in *Input) []Finding {
	return listed("Unsupported segments: ", in.UnknownSegments())
}

// checkImportMissingDependency is E8 in the import's words: the cleaning
// drops archived features from the file, but the import then finds them
// as existing features, so the same parents are missing.
func checkImportMissingDependency(in *Input) []Finding {
	return listed("The following dependent features are missing: ", in.MissingDependencies())
}

// listed is the finding of the items of a reference rule as the
// import lists their values after prefix; none without items.
func listed(prefix string, items []Item) []Finding {
	if len(items) == 0 {
		return nil
	}
	values := make([]string, len(items))
	for i, it := range items {
		values[i] = it.Value
	}
	return []Finding{{Message: prefix + strings.Join(values, ", "), Items: items}}
}

// checkImportMissingPermissions is the permissions the import asks for on
// the cleaned file that the caller lacks, as its PermissionError words
// them: one finding without items, since the import's message names
// every permission (an item each would repeat the list once per
// permission in the report's lines; the reference's missing-permissions
// lists them as items).
func checkImportMissingPermissions(in *Input) []Finding {
	if in.Missing == nil {
		return nil
	}
	var missing []Permission
	for _, p := range in.NeededPermissions(true) {
		if in.Missing[p] {
			missing = append(missing, p)
		}
	}
	if len(missing) == 0 {
		return nil
	}
	names := DisplayNames(in.VersionProfile(), missing)
	msg := errbody.PermissionMessage(names, "")
	return []Finding{{Message: msg, Names: names}}
}

// StrategyAccepted says why the import accepts strategy i, whose type
// does not exist (the validation's E1): it drops the strategy; "" when
// it refuses the file for it.
func (in *Input) StrategyAccepted(i int) string {
	s := &in.Import.Data.FeatureStrategies[i]
	switch {
	case !namesFeature(s.FeatureName):
		return "the import drops a strategy that names no feature"
	case !in.keptStrategy(s):
		return "the import drops the strategies of " + *s.FeatureName + ", which exists archived"
	}
	return ""
}

// Verified is a check of the validation on the names of features[] that
// the import makes again, on the features it creates or updates.
type Verified int

const (
	// VerifiedOtherProject: no feature exists in another project (E3).
	VerifiedOtherProject Verified = iota
	// VerifiedDuplicate: no name occurs twice (E4).
	VerifiedDuplicate
	// VerifiedNaming: the names match the project's pattern (E5).
	VerifiedNaming
)

// FeatureAccepted says why the import accepts the feature name of
// features[], which the validation's check c refuses; "" when the import
// refuses the file for it too.
func (in *Input) FeatureAccepted(c Verified, name string) string {
	f, exists := in.Features[name]
	switch {
	case !exists:
	case f.Archived:
		return "the import skips " + name + ", which exists archived in project " + f.Project
	case f.Project == in.Project && c != VerifiedOtherProject:
		if c == VerifiedDuplicate {
			return "the import updates the existing feature " + name + " once per entry"
		}
		return "the import checks the naming pattern of the features it creates only, and " + name + " exists"
	case c == VerifiedNaming:
		return "the import does not create " + name + ": it exists in project " + f.Project
	}
	return ""
}

// FeatureLimitAccepted says why the import accepts a file that the
// validation finds over the project's feature limit (E6): it creates
// fewer features; "" when it refuses the file for it too.
func (in *Input) FeatureLimitAccepted() string {
	ps := in.TargetProject
	if created := in.createdCount(); ps.FeatureLimit != nil && ps.FeatureCount+created <= *ps.FeatureLimit {
		return "the import creates " + strconv.FormatInt(created, 10) +
			" features (it updates the existing ones and skips the archived ones), within the limit of " +
			strconv.FormatInt(*ps.FeatureLimit, 10)
	}
	return ""
}

// PermissionAccepted is why the import accepts a file for which the
// caller lacks a permission that the validation requires and the import
// does not ask for (NeededPermissions of the cleaned file).
const PermissionAccepted = "the import does not need this permission for the file it imports " +
	"(without its archived features, its strategies and environments that name no feature, and its unused tag types)"
