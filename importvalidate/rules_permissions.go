package importvalidate

import (
	"slices"
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
func requiredPermissions(in *Input) []Permission { return neededPermissions(in, false) }

// neededPermissions lists, in catalogue order, the permissions the import
// needs for the file as it is, or, cleaned, for the file as the import
// reads it after dropping its archived features, the strategies and
// environments that name no feature, and the tag types no tag uses.
func neededPermissions(in *Input, cleaned bool) []Permission {
	d := &in.Import.Data
	dropped := func(name string) bool { return cleaned && in.refusal().archived[name] }
	var req []Permission
	for _, cf := range d.ContextFields {
		if _, ok := in.ContextFields[cf.Name]; !ok {
			req = append(req, PermCreateContextField)
			break
		}
	}
	for i := range d.FeatureStrategies {
		if !cleaned || in.refusalKeptStrategy(&d.FeatureStrategies[i]) {
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
	for _, n := range in.places().order {
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
		if (!cleaned || in.refusalKeptEnvironment(e)) && e.Variants != nil && len(*e.Variants) > 0 {
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

// checkMissingPermissions is the permissions entry: the display names of the
// required permissions the caller lacks, with the names and in the order
// of the instance's version (the physical order of its permissions
// table; catalogue order for a permission it does not list).
func checkMissingPermissions(in *Input) []Issue {
	prof := in.versionProfile()
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
