package importmodel

import "github.com/flagadmin/flagadmin/model"

// The import creates the tag types of the cleaned file that do not exist
// (one per name, from its last entry), then tags the features: for each
// tag with a tagType, in file order, it looks the feature up, checks the
// tag with joi's tagSchema and creates the tag when needed
// (feature-tag-service.js addTag).

// checkImportTagTypeInvalid reports the new tag types whose name joi's
// tagTypeSchema refuses: URL friendly, 2 to 50 characters.
func checkImportTagTypeInvalid(in *Input) []Finding {
	d := &in.Import.Data
	used := in.resolved().usedTagTypes
	if len(used) == 0 {
		return nil
	}
	last := make(map[string]int, len(d.TagTypes))
	for j := range d.TagTypes {
		last[d.TagTypes[j].Name] = j
	}
	var out []Finding
	for j := range d.TagTypes {
		name := d.TagTypes[j].Name
		if !used[name] || in.TagTypes[name] || last[name] != j {
			continue // the import creates the last entry of a name
		}
		if msg := nameType("name", name, 2, 50); msg != "" {
			out = append(out, single(msg, name, place("tagTypes", j, "name")))
		}
	}
	return out
}

// tagged reports whether the import adds tag t (importTags): it has a
// tagType, one that is not empty (if (tag.tagType)); it skips the others.
// The view's notes, the tag checks and the replay (after_tags.go) read
// it.
func tagged(t *model.FeatureTag) bool { return t.TagType != nil && *t.TagType != "" }

// eachTag calls f with every tag the import adds: those of the
// cleaned file that are tagged.
func (in *Input) eachTag(f func(i int, t *model.FeatureTag)) {
	d := &in.Import.Data
	v := in.resolved()
	for i := range d.FeatureTags {
		t := &d.FeatureTags[i]
		if tagged(t) && !v.refs[v.tag[i]].archived() {
			f(i, t)
		}
	}
}

// checkImportTagFeatureMissing reports tags of features that do not exist
// once the features are written (any project, archived or not, is tagged).
func checkImportTagFeatureMissing(in *Input) []Finding {
	var items []Item
	for _, i := range in.resolved().notes.tagNoFeature {
		t := &in.Import.Data.FeatureTags[i]
		items = append(items, Item{Value: t.FeatureName, Places: []Place{place("featureTags", int(i), "featureName")}})
	}
	return one("No feature flag found", items)
}

// checkImportTagInvalid reports tags that joi's tagSchema refuses: a
// value of 2 to 50 characters, a type URL friendly of 2 to 50.
func checkImportTagInvalid(in *Input) []Finding {
	var out []Finding
	for _, k := range in.resolved().notes.tagOdd {
		i := int(k)
		t := &in.Import.Data.FeatureTags[i]
		if msg := tagValueRule(t.TagValue); msg != "" {
			out = append(out, single(msg, t.TagValue, place("featureTags", i, "tagValue")))
		}
		if msg := tagTypeRule(*t.TagType); msg != "" {
			out = append(out, single(msg, *t.TagType, place("featureTags", i, "tagType")))
		}
	}
	return out
}

// tagValueRule is joi's tagSchema's message for a tag's value,
// "" when it accepts the value.
func tagValueRule(value string) string { return stringRule("value", value, 2, 50) }

// tagTypeRule is joi's tagSchema's message for a tag's type, ""
// when it accepts the type.
func tagTypeRule(typ string) string { return nameType("type", typ, 2, 50) }

// checkImportTagTypeMissing reports tags whose type neither exists nor is
// created by the file.
func checkImportTagTypeMissing(in *Input) []Finding {
	if !in.resolved().notes.tagTypeUnknown {
		return nil
	}
	d := &in.Import.Data
	var listed map[string]bool
	var out []Finding
	// Most tags have the type of the tag before them.
	prevType, prevExists, started := "", false, false
	in.eachTag(func(i int, t *model.FeatureTag) {
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
			out = append(out, single("Tag type '"+*t.TagType+"' does not exist", *t.TagType, place("featureTags", i, "tagType")))
		}
	})
	return out
}
