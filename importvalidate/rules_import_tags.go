package importvalidate

import "github.com/flagadmin/flagadmin/model"

// The import creates the tag types of the cleaned file that do not exist
// (one per name, from its last entry), then tags the features: for each
// tag with a tagType, in file order, it looks the feature up, checks the
// tag with joi's tagSchema and creates the tag when needed
// (feature-tag-service.js addTag).

// checkImportTagTypeInvalid reports the new tag types whose name joi's
// tagTypeSchema refuses: URL friendly, 2 to 50 characters.
func checkImportTagTypeInvalid(in *Input) []Issue {
	d := &in.Import.Data
	used := in.resolved().usedTagTypes
	if len(used) == 0 {
		return nil
	}
	last := make(map[string]int, len(d.TagTypes))
	for j := range d.TagTypes {
		last[d.TagTypes[j].Name] = j
	}
	var out []Issue
	for j := range d.TagTypes {
		name := d.TagTypes[j].Name
		if !used[name] || in.TagTypes[name] || last[name] != j {
			continue // the import creates the last entry of a name
		}
		if msg := refusalNameType("name", name, 2, 50); msg != "" {
			out = append(out, refusalIssue(msg, name, ptr("tagTypes", j, "name")))
		}
	}
	return out
}

// refusalEachTag calls f with every tag the import adds: those of the
// cleaned file that have a tagType.
func (in *Input) refusalEachTag(f func(i int, t *model.FeatureTag)) {
	d := &in.Import.Data
	v := in.resolved()
	for i := range d.FeatureTags {
		t := &d.FeatureTags[i]
		if t.TagType != nil && !v.refs[v.tag[i]].archived() {
			f(i, t)
		}
	}
}

// checkImportTagFeatureMissing reports tags of features that do not exist
// once the features are written (any project, archived or not, is tagged).
func checkImportTagFeatureMissing(in *Input) []Issue {
	var items []Item
	for _, i := range in.resolved().notes.tagNoFeature {
		t := &in.Import.Data.FeatureTags[i]
		items = append(items, Item{Value: t.FeatureName, Locations: []Location{at(ptr("featureTags", int(i), "featureName"))}})
	}
	return one("No feature flag found", items)
}

// checkImportTagInvalid reports tags that joi's tagSchema refuses: a
// value of 2 to 50 characters, a type URL friendly of 2 to 50.
func checkImportTagInvalid(in *Input) []Issue {
	var out []Issue
	for _, k := range in.resolved().notes.tagOdd {
		i := int(k)
		t := &in.Import.Data.FeatureTags[i]
		if msg := refusalTagValueRule(t.TagValue); msg != "" {
			out = append(out, refusalIssue(msg, t.TagValue, ptr("featureTags", i, "tagValue")))
		}
		if msg := refusalTagTypeRule(*t.TagType); msg != "" {
			out = append(out, refusalIssue(msg, *t.TagType, ptr("featureTags", i, "tagType")))
		}
	}
	return out
}

// refusalTagValueRule is joi's tagSchema's message for a tag's value,
// "" when it accepts the value.
func refusalTagValueRule(value string) string { return refusalStringRule("value", value, 2, 50) }

// refusalTagTypeRule is joi's tagSchema's message for a tag's type, ""
// when it accepts the type.
func refusalTagTypeRule(typ string) string { return refusalNameType("type", typ, 2, 50) }

// checkImportTagTypeMissing reports tags whose type neither exists nor is
// created by the file.
func checkImportTagTypeMissing(in *Input) []Issue {
	if !in.resolved().notes.tagTypeUnknown {
		return nil
	}
	d := &in.Import.Data
	var listed map[string]bool
	var out []Issue
	// Most tags have the type of the tag before them.
	prevType, prevExists, started := "", false, false
	in.refusalEachTag(func(i int, t *model.FeatureTag) {
		if !started || *t.TagType != prevType {
			prevType, prevExists, started = *t.TagType, in.TagTypes[*t.TagType], true
		}
		if prevExists {
			return
		}
		if listed == nil {
			listed = make(map[string]bool, len(d.TagTypes))
			for _, tt := range d.TagTypes {
				listed[tt.Name] = true
			}
		}
		if !listed[*t.TagType] {
			out = append(out, refusalIssue("Tag type '"+*t.TagType+"' does not exist", *t.TagType, ptr("featureTags", i, "tagType")))
		}
	})
	return out
}
