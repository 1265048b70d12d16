package importmodel

import "slices"

// dependencies is importDependencies: the parents of a feature whose first
// item in data.features names a project (appliesDependencies) are replaced by those the file gives
// it. Each parent is upserted by a store call that first deletes all the
// child's parents; the calls run together, all the deletes before the
// inserts, so the child ends with every parent the file gives it (the
// last item of a parent named twice) and no other. A feature the file
// gives no parent keeps its own.
func (r *replay) dependencies() {
	withProject := make(map[string]bool, len(r.d.Features))
	for i := range r.d.Features {
		f := &r.d.Features[i]
		if _, seen := withProject[f.Name]; !seen {
			withProject[f.Name] = appliesDependencies(f) && r.want[f.Name] != nil
		}
	}
	places := placeIndex[Dependency, string]{key: func(d Dependency) string { return d.Feature }}
	replaced := make(map[*Config]bool, len(r.d.Dependencies))
	for _, fd := range r.d.Dependencies {
		if r.stop() {
			return
		}
		if !withProject[fd.Feature] {
			continue
		}
		c := r.want[fd.Feature]
		if !replaced[c] {
			replaced[c] = true
			c.Dependencies = nil
			delete(places.big, c) // its index held the old parents
		}
		for _, p := range fd.Dependencies {
			if r.stop() {
				return
			}
			dep := Dependency{Feature: p.Feature, Enabled: true}
			if p.Enabled != nil && !*p.Enabled {
				dep.Enabled = false
			} else if p.Variants != nil {
				dep.Variants = slices.Clone(*p.Variants)
			}
			if j := places.find(c, c.Dependencies, p.Feature); j >= 0 {
				c.Dependencies[j] = dep
			} else {
				c.Dependencies = append(c.Dependencies, dep)
				places.added(c, c.Dependencies)
			}
		}
	}
}
