package importvalidate

import "github.com/flagadmin/flagadmin/model"

// one finding of a silent rule: message about value at pointer.
func silentAt(message, value, pointer string) Issue {
	return Issue{Message: message, Items: []Item{{Value: value, Locations: []Location{at(pointer)}}}}
}

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
