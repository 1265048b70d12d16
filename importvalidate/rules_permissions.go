package importvalidate

// The permissions an import may need, in catalogue order.
const (
	PermCreateContextField    = "CREATE_CONTEXT_FIELD"
	PermCreateFeatureStrategy = "CREATE_FEATURE_STRATEGY"
	PermDeleteFeatureStrategy = "DELETE_FEATURE_STRATEGY"
	PermUpdateVariants        = "UPDATE_FEATURE_ENVIRONMENT_VARIANTS"
	PermCreateFeature         = "CREATE_FEATURE"
	PermUpdateFeature         = "UPDATE_FEATURE"
	PermCreateTagType         = "CREATE_TAG_TYPE"
)

// PermissionDisplayName returns the name the reference response uses for a
// permission, or the permission itself when it has none.
func PermissionDisplayName(permission string) string {
	switch permission {
	case PermCreateContextField:
		return "Create context fields"
	case PermCreateFeatureStrategy:
		return "Create activation strategies"
	case PermDeleteFeatureStrategy:
		return "Delete activation strategies"
	case PermUpdateVariants:
		return "Update variants"
	case PermCreateFeature:
		return "Create feature flags"
	case PermUpdateFeature:
		return "Update feature flags"
	case PermCreateTagType:
		return "Create tag types"
	}
	return permission
}

// requiredPermissions lists, in catalogue order, the permissions the import
// needs.
func requiredPermissions(in *Input) []string {
	d := &in.Import.Data
	var req []string
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
// required permissions the caller lacks, in catalogue order.
func checkMissingPermissions(in *Input) []Issue {
	var items []Item
	for _, p := range in.Required {
		if in.Missing[p] {
			items = append(items, Item{Value: PermissionDisplayName(p)})
		}
	}
	return one("We detected you are missing the following permissions:", items)
}
