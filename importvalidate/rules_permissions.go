package importvalidate

import (
	"github.com/flagadmin/flagadmin/importvalidate/importmodel"
)

// Permission is a permission an import may need, named as the reference
// server names it; Permissions.HasPermission is asked about it
// (importmodel.Permission).
type Permission = importmodel.Permission

// The permissions an import may need, in the order the reference lists
// them, and the one that lets its holder apply changes without a change
// request.
const (
	PermCreateContextField    = importmodel.PermCreateContextField
	PermCreateFeatureStrategy = importmodel.PermCreateFeatureStrategy
	PermDeleteFeatureStrategy = importmodel.PermDeleteFeatureStrategy
	PermUpdateVariants        = importmodel.PermUpdateVariants
	PermCreateFeature         = importmodel.PermCreateFeature
	PermUpdateFeature         = importmodel.PermUpdateFeature
	PermCreateTagType         = importmodel.PermCreateTagType
	PermSkipChangeRequest     = importmodel.PermSkipChangeRequest
)

// checkMissingPermissions is the permissions entry: the display names of the
// required permissions the caller lacks, with the names and in the order
// of the instance's version (the physical order of its permissions
// table; catalogue order for a permission it does not list). With why the
// import accepts a permission, where it does not ask for it.
func checkMissingPermissions(in *Input) []Issue {
	prof := in.VersionProfile()
	var missing []Permission
	for _, p := range in.Required {
		if in.Missing[p] {
			missing = append(missing, p)
		}
	}
	var items []Item
	for _, name := range importmodel.DisplayNames(prof, missing) {
		items = append(items, Item{Value: name})
	}
	if len(items) > 0 && !in.strict {
		// What the import does not ask for on the cleaned file, it
		// does not refuse the file for.
		needed := map[string]bool{}
		for _, name := range importmodel.DisplayNames(prof, in.NeededPermissions(true)) {
			needed[name] = true
		}
		for k := range items {
			if !needed[items[k].Value] {
				items[k].ImportAccepts = importmodel.PermissionAccepted
			}
		}
	}
	return one("We detected you are missing the following permissions:", items)
}
