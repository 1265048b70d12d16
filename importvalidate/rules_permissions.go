package importvalidate

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

// permissionNames pairs each permission with the name the reference
// response shows for it.
func permissionNames() []struct {
	perm Permission
	name string
} {
	return []struct {
		perm Permission
		name string
	}{
		{PermCreateContextField, "Create context fields"},
		{PermCreateFeatureStrategy, "Create activation strategies"},
		{PermDeleteFeatureStrategy, "Delete activation strategies"},
		{PermUpdateVariants, "Update variants"},
		{PermCreateFeature, "Create feature flags"},
		{PermUpdateFeature, "Update feature flags"},
		{PermCreateTagType, "Create tag types"},
	}
}

// displayName is the name the reference response shows for p, or p
// itself when it has none.
func (p Permission) displayName() string {
	for _, n := range permissionNames() {
		if n.perm == p {
			return n.name
		}
	}
	return string(p)
}

// requiredPermissions lists, in catalogue order, the permissions the import
// needs.
func requiredPermissions(in *Input) []Permission {
	d := &in.Import.Data
	var req []Permission
	for _, cf := range d.ContextFields {
		if _, ok := in.ContextFields[cf.Name]; !ok {
			req = append(req, PermCreateContextField)
			break
		}
	}
	if len(d.FeatureStrategies) > 0 {
		req = append(req, PermCreateFeatureStrategy)
	}
	if len(d.Features) == 0 || len(in.WithStrategies) > 0 {
		req = append(req, PermDeleteFeatureStrategy)
	}
	for _, fe := range d.FeatureEnvironments {
		if fe.Variants != nil && len(*fe.Variants) > 0 {
			req = append(req, PermUpdateVariants)
			break
		}
	}
	existing := 0
	for _, n := range in.places().order {
		if _, ok := in.Features[n]; ok {
			existing++
		}
	}
	if existing < len(d.Features) {
		req = append(req, PermCreateFeature)
	}
	req = append(req, PermUpdateFeature)
	for _, t := range d.TagTypes {
		if !in.TagTypes[t.Name] {
			req = append(req, PermCreateTagType)
			break
		}
	}
	return req
}

// checkMissingPermissions is the permissions entry: the display names of the
// required permissions the caller lacks, with the names and in the order
// of the instance's version (the physical order of its permissions
// table; catalogue order for a permission it does not list).
func checkMissingPermissions(in *Input) []Issue {
	prof := in.Profile
	if prof.Name == "" {
		prof = profile.Default()
	}
	var items []Item
	for _, q := range prof.Permissions {
		if p := Permission(q.Name); in.Missing[p] && slices.Contains(in.Required, p) {
			items = append(items, Item{Value: q.DisplayName})
		}
	}
	for _, p := range in.Required {
		if in.Missing[p] && prof.Rank(string(p)) == len(prof.Permissions) {
			items = append(items, Item{Value: p.displayName()})
		}
	}
	return one("We detected you are missing the following permissions:", items)
}
