package importmodel

import (
	"slices"

	"github.com/flagadmin/flagadmin/model/profile"
)

// Permission is a permission an import may need, named as the reference
// server names it; Permissions.HasPermission is asked about it.
type Permission string

// The permissions an import may need, in the order the reference lists
// them.
const (
	PermCreateContextField    Permission = "CREATE_CONTEXT_FIELD"
	PermCreateFeatureStrategy Permission = "CREATE_FEATURE_STRATEGY"
	PermDeleteFeatureStrategy Permission = "DELETE_FEATURE_STRATEGY"
	PermUpdateVariants        Permission = "UPDATE_FEATURE_ENVIRONMENT_VARIANTS"
	PermCreateFeature         Permission = "CREATE_FEATURE"
	PermUpdateFeature         Permission = "UPDATE_FEATURE"
	PermCreateTagType         Permission = "CREATE_TAG_TYPE"
)

// PermSkipChangeRequest lets its holder apply changes without a change
// request.
const PermSkipChangeRequest = "SKIP_CHANGE_REQUEST"

// DisplayNames are the names that an instance of version prof shows for
// perms, as its permissions table holds them (model/profile), in that
// table's order; a permission the table does not list comes after those,
// under its own name, in the order of perms. The validation's
// missing-permissions and the import's refusal name them so.
func DisplayNames(prof profile.Profile, perms []Permission) []string {
	var names []string
	for _, q := range prof.Permissions {
		if slices.Contains(perms, Permission(q.Name)) {
			names = append(names, q.DisplayName)
		}
	}
	for _, p := range perms {
		if prof.Rank(string(p)) == len(prof.Permissions) {
			names = append(names, string(p))
		}
	}
	return names
}

// NeededPermissions lists, in catalogue order, the permissions the import
// needs for the file as it is (the validation's required permissions),
// or, cleaned, for the file as the import reads it after dropping its
// archived features, the strategies and environments that name no
// feature, and the tag types no tag uses (the permissions the import asks
// for: import-permissions-service.js).
func (in *Input) NeededPermissions(cleaned bool) []Permission {
	d := &in.Import.Data
	dropped := func(name string) bool { return cleaned && in.cleaned().archived[name] }
	var req []Permission
	for _, cf := range d.ContextFields {
		if _, ok := in.ContextFields[cf.Name]; !ok {
			req = append(req, PermCreateContextField)
			break
		}
	}
	for i := range d.FeatureStrategies {
		if !cleaned || in.keptStrategy(&d.FeatureStrategies[i]) {
			req = append(req, PermCreateFeatureStrategy)
			break
		}
	}
	entries, existing := 0, 0
	for i := range d.Features {
		if !dropped(d.Features[i].Name) {
			entries++
		}
	}
	// The file as it is asks to delete strategies when any feature it
	// names has some; the cleaned one when a feature it keeps has.
	withStrategies := !cleaned && len(in.WithStrategies) > 0
	for _, n := range in.Places().order {
		if dropped(n) {
			continue
		}
		if _, ok := in.Features[n]; ok {
			existing++
		}
		withStrategies = withStrategies || (cleaned && in.WithStrategies[n])
	}
	if entries == 0 || withStrategies {
		req = append(req, PermDeleteFeatureStrategy)
	}
	for i := range d.FeatureEnvironments {
		e := &d.FeatureEnvironments[i]
		if (!cleaned || in.keptEnvironment(e)) && e.Variants != nil && len(*e.Variants) > 0 {
			req = append(req, PermUpdateVariants)
			break
		}
	}
	if existing < entries {
		req = append(req, PermCreateFeature)
	}
	req = append(req, PermUpdateFeature)
	for _, t := range d.TagTypes {
		if (!cleaned || in.resolved().usedTagTypes[t.Name]) && !in.TagTypes[t.Name] {
			req = append(req, PermCreateTagType)
			break
		}
	}
	return req
}
