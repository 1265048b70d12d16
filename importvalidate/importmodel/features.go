package importmodel

import (
	"strconv"

	"github.com/flagadmin/flagadmin/model"
)

// The import creates or updates the features of the cleaned file one by
// one, in file order (export-import-service.js createOrUpdateToggles): a
// name that exists in the target project is updated (featureMetadataSchema),
// any other is created (nameSchema, the naming pattern, the limits,
// featureMetadataSchema, the insert, its tags).

// checkImportFeatureNameInvalid reports features whose name is not one
// Unleash's nameType accepts: URL friendly, 1 to 100 UTF-16 code units.
// New and existing features alike are checked.
func checkImportFeatureNameInvalid(in *Input) []Finding {
	var out []Finding
	v := in.resolved()
	if !v.notes.oddName {
		return nil
	}
	for i := range in.Import.Data.Features {
		name := in.Import.Data.Features[i].Name
		if v.refs[v.entry[i]].archived() {
			continue
		}
		if msg := nameType("name", name, 1, 100); msg != "" {
			out = append(out, single(msg, name, place("features", i, "name")))
		}
	}
	return out
}

// checkImportFeatureTypeEmpty reports features whose type is "" (a null
// type arrives as "" too): joi's string() refuses it, for new and
// existing features alike. Any other type is stored as given.
func checkImportFeatureTypeEmpty(in *Input) []Finding {
	if !in.resolved().notes.emptyType {
		return nil
	}
	var out []Finding
	for i := range in.Import.Data.Features {
		f := &in.Import.Data.Features[i]
		if f.Type != nil && *f.Type == "" && !in.cleaned().archived[f.Name] {
			out = append(out, single(joi{label: "type", kind: joiEmpty}.String(), f.Name, place("features", i, "type")))
		}
	}
	return out
}

// creates calls f with the index of the first features[] entry of
// each name the import creates: a name of the cleaned file that exists
// nowhere, in order of first occurrence.
func (in *Input) creates(f func(i int, name string)) {
	v := in.resolved()
	files := v.fileRefs()
	for r := range files {
		ref := &files[r]
		if ref.exists {
			continue // updated, skipped as archived, or refused as in another project
		}
		f(int(ref.first), ref.name)
	}
}

// checkImportGlobalFeatureLimit reports the first feature the import
// would create beyond the instance's limit of active features: before
// each creation it counts the active features of every project and
// refuses at the limit, so it stops at that feature. The message is the
// import's; when more of the features it creates are past the limit, a
// second sentence says how many (a million new features are one finding
// of one item, not a list of a million).
func checkImportGlobalFeatureLimit(in *Input) []Finding {
	if !in.Facts.Limits.Known || !in.Facts.ActiveFeatures.Known || !in.countsLimits() {
		return nil
	}
	limit := in.Facts.Limits.Value.FeatureFlags
	count := in.Facts.ActiveFeatures.Value
	first, past := -1, 0
	in.creates(func(i int, _ string) {
		if count >= limit {
			if past == 0 {
				first = i
			}
			past++
		}
		count++
	})
	if past == 0 {
		return nil
	}
	msg := exceeds("feature flag", limit)
	if past > 1 {
		msg += " The import stops at this feature; " + strconv.Itoa(past) + " of the features it would create are past the limit."
	}
	return []Finding{single(msg, in.Import.Data.Features[first].Name, place("features", first, ""))}
}

// checkImportArchivedFeatureEnabled reports feature environments whose
// feature (name) is archived once the features are written: the import
// sets its status with updateEnabled, which refuses archived features. A
// feature the file marks "archived": true is created or updated archived.
func checkImportArchivedFeatureEnabled(in *Input) []Finding {
	var out []Finding
	d := &in.Import.Data
	v := in.resolved()
	for _, k := range v.notes.envArchived {
		j := int(k)
		e := &d.FeatureEnvironments[j]
		ref := &v.refs[v.envName[j]]
		is := single("Cannot perform this operation on archived features", e.Name, place("featureEnvironments", j, "name"))
		if ref.inFile {
			is.Items[0].Places = append(is.Items[0].Places, place("features", int(ref.last), "archived"))
		}
		out = append(out, is)
	}
	return out
}

// featureTagInsert is the import's answer (a 500) when a feature it
// creates carries, in features[].tags, a tag that does not exist: the
// insert into feature_tag breaks its foreign key to tags.
const featureTagInsert = `insert into "feature_tag" ("created_by_user_id", "feature_name", "tag_type", "tag_value") ` +
	`values ($1, $2, $3, $4) on conflict ("feature_name", "tag_type", "tag_value") do nothing returning ` +
	`"feature_name", "tag_type", "tag_value" - insert or update on table "feature_tag" violates foreign key ` +
	`constraint "feature_tag_tag_type_tag_value_fkey"`

// checkImportFeatureTagUnknown reports the tags of features[].tags that
// the import refuses: joi's featureMetadataSchema refuses an empty type or
// value of any feature, and a feature the import creates gets its tags
// inserted at once, which fails for a (type, value) that is not a tag yet.
func checkImportFeatureTagUnknown(in *Input) []Finding {
	var out []Finding
	d := &in.Import.Data
	v := in.resolved()
	if v.notes.features&memberTags == 0 {
		return nil
	}
	created := func(i int) bool {
		ref := &v.refs[v.entry[i]]
		return !ref.exists && int(ref.first) == i
	}
	for i := range d.Features {
		f := &d.Features[i]
		if f.FeatureDetails == nil || !f.Tags.Present || v.refs[v.entry[i]].archived() {
			continue
		}
		if !f.Tags.Valid {
			// "tags": null passes the reference schema, not joi's array().
			out = append(out, single(joi{label: "tags", kind: joiArray}.String(), f.Name, place("features", i, "tags")))
			continue
		}
		for k, tag := range f.Tags.Value {
			base := placeIn("features", i, "tags", k, "")
			label := "tags[" + strconv.Itoa(k) + "]."
			empty := false
			if tag.Type == "" {
				out = append(out, single(joi{label: label + "type", kind: joiEmpty}.String(), f.Name, base.With("type")))
				empty = true
			}
			if tag.Value == "" {
				out = append(out, single(joi{label: label + "value", kind: joiEmpty}.String(), f.Name, base.With("value")))
				empty = true
			}
			if empty || !in.Facts.Tags.Known || !created(i) {
				continue
			}
			if !in.Facts.Tags.Value[model.SnapshotTag{Type: tag.Type, Value: tag.Value}] {
				out = append(out, single(featureTagInsert, tag.Type+":"+tag.Value, base))
			}
		}
	}
	return out
}
