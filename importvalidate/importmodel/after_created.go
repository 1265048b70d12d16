package importmodel

// newContextFields is getNewContextFields: the file's context fields
// that do not exist, by name.
func (r *replay) newContextFields() []string {
	names := make([]string, len(r.d.ContextFields))
	for i, cf := range r.d.ContextFields {
		names[i] = cf.Name
	}
	return r.missing(names, r.before.ContextFields, nil)
}

// newTagTypes is getNewTagTypes after removeArchivedFeatures: the file's
// tag types that a kept tag uses and that do not exist.
func (r *replay) newTagTypes() []string {
	used := map[string]bool{}
	for _, ft := range r.d.FeatureTags {
		if ft.TagType != nil && !r.archived(ft.FeatureName) {
			used[*ft.TagType] = true
		}
	}
	names := make([]string, len(r.d.TagTypes))
	for i, tt := range r.d.TagTypes {
		names[i] = tt.Name
	}
	return r.missing(names, r.before.TagTypes, used)
}

// missing lists, once each and in their order, the names that existing
// does not hold and that used holds (nil: all).
func (r *replay) missing(names, existing []string, used map[string]bool) []string {
	skip := make(map[string]bool, len(existing)+len(names))
	for _, n := range existing {
		skip[n] = true
	}
	var out []string
	for _, n := range names {
		if r.stop() {
			return nil
		}
		if !skip[n] && (used == nil || used[n]) {
			skip[n] = true
			out = append(out, n)
		}
	}
	return out
}
