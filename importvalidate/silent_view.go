package importvalidate

import "github.com/flagadmin/flagadmin/model"

// silentView is the file as the import applies it, for the rules of what
// it drops or changes without a word: its cleanData removes the features
// whose name exists archived, with their strategies, environments and
// tags, and the strategies and environments without a featureName.
type silentView struct {
	// archived is the set of features[] names that exist archived (any
	// project): the cleaned view's (refusalView), nil when there are none.
	archived map[string]bool
	// applied is the set of the features[] names the import creates or
	// updates: not archived, not in another project.
	applied map[string]bool
	// strategies counts the file's strategies per applied feature name,
	// and enabled those of them that are not disabled.
	strategies, enabled map[string]int
}

// silent returns the view, built once per validation.
func (in *Input) silent() *silentView {
	if in.silentCache != nil {
		return in.silentCache
	}
	d := &in.Import.Data
	order := in.places().order
	v := &silentView{archived: in.refusal().archived, applied: make(map[string]bool, len(order)),
		strategies: make(map[string]int, min(len(order), len(d.FeatureStrategies))),
		enabled:    make(map[string]int, min(len(order), len(d.FeatureStrategies)))}
	for _, name := range order {
		if f, ok := in.Features[name]; !ok || (!f.Archived && f.Project == in.Project) {
			v.applied[name] = true
		}
	}
	for i := range d.FeatureStrategies {
		s := &d.FeatureStrategies[i]
		if s.FeatureName == nil || !v.applied[*s.FeatureName] {
			continue
		}
		v.strategies[*s.FeatureName]++
		if off, ok := s.Disabled.Get(); !ok || !off {
			v.enabled[*s.FeatureName]++
		}
	}
	in.silentCache = v
	return v
}

// dropped reports whether the import drops an item naming feature name
// through its featureName: there is none, or the feature is archived.
func (v *silentView) dropped(name *string) bool {
	return name == nil || *name == "" || v.archived[*name]
}

// inProject reports whether name is an existing feature of the target
// project (archived or not).
func (in *Input) inProject(name string) bool {
	f, ok := in.Features[name]
	return ok && f.Project == in.Project
}

// featureFacts returns the facts of the existing feature name; ok is
// false when they are unknown or the feature does not exist.
func (in *Input) featureFacts(name string) (FeatureFacts, bool) {
	if !in.Facts.Features.Known {
		return FeatureFacts{}, false
	}
	f, ok := in.Facts.Features.Value[name]
	return f, ok
}

// one finding of a silent rule: message about value at pointer.
func silentAt(message, value, pointer string) Issue {
	return Issue{Message: message, Items: []Item{{Value: value, Locations: []Location{at(pointer)}}}}
}

// ignoredFeatureMembers names the members of the file's feature f,
// non-empty, that the import does not read: it reads tags, environments,
// dependencies and links from data's own lists.
func ignoredFeatureMembers(f *model.Feature) []string {
	var out []string
	d := f.Details()
	if d.Tags.Valid && len(d.Tags.Value) > 0 {
		out = append(out, "tags")
	}
	if d.Environments != nil && len(*d.Environments) > 0 {
		out = append(out, "environments")
	}
	if f.Dependencies != nil && len(*f.Dependencies) > 0 {
		out = append(out, "dependencies")
	}
	if d.Links != nil && len(*d.Links) > 0 {
		out = append(out, "links")
	}
	if d.Children != nil && len(*d.Children) > 0 {
		out = append(out, "children")
	}
	return out
}
