package importmodel

import "github.com/flagadmin/flagadmin/model"

// ignoredFeatureMembers names the members of the file's feature f,
// non-empty, that the import does not read: it reads tags, environments,
// dependencies and links from data's own lists.
func ignoredFeatureMembers(f *model.Feature) []string {
	var out []string
	d := f.FeatureDetails
	if d != nil && d.Tags.Valid && len(d.Tags.Value) > 0 {
		out = append(out, "tags")
	}
	if d != nil && d.Environments != nil && len(*d.Environments) > 0 {
		out = append(out, "environments")
	}
	if f.Dependencies != nil && len(*f.Dependencies) > 0 {
		out = append(out, "dependencies")
	}
	if d != nil && d.Links != nil && len(*d.Links) > 0 {
		out = append(out, "links")
	}
	if d != nil && d.Children != nil && len(*d.Children) > 0 {
		out = append(out, "children")
	}
	return out
}

// memberSet is a set of the members of a features[] entry
// that rules look for.
type memberSet uint8

const (
	// memberNotInSchema: variants, strategies or lastSeenAt
	// (checkImportMemberNotInSchema).
	memberNotInSchema memberSet = 1 << iota
	// memberIgnored: a member the import ignores (ignoredFeatureMembers).
	memberIgnored
	// memberTags: tags (checkImportFeatureTagUnknown).
	memberTags
)

// featureMembers is the set of the members of f that rules look for.
func featureMembers(f *model.Feature) memberSet {
	var m memberSet
	if f.Variants != nil || f.Strategies != nil || (f.FeatureDetails != nil && f.LastSeenAt.Present) {
		m |= memberNotInSchema
	}
	if len(ignoredFeatureMembers(f)) > 0 {
		m |= memberIgnored
	}
	if f.FeatureDetails != nil && f.Tags.Present {
		m |= memberTags
	}
	return m
}
