package importvalidate

import "strconv"

// The import applies a dependency when its child is a feature of the
// cleaned file whose first entry names a project; the others it skips
// (importDependencies). For each parent it checks, in this order, that the
// child is not its own parent, that neither the child has children nor
// the parent has parents, that the parent is active, and that both belong
// to the target project (dependent-features-service.js).

// refusalEachAppliedDependency calls f with every parent of every
// dependency the import applies.
func (in *Input) refusalEachAppliedDependency(f func(i, k int, child, parent string)) {
	d := &in.Import.Data
	if len(d.Dependencies) == 0 {
		return
	}
	v := in.resolved()
	for i := range d.Dependencies {
		dep := &d.Dependencies[i]
		ref := &v.refs[v.dependency[i]]
		if !ref.inFile {
			continue
		}
		if p := d.Features[ref.first].Project; p == nil || *p == "" {
			continue
		}
		for k := range dep.Dependencies {
			f(i, k, dep.Feature, dep.Dependencies[k].Feature)
		}
	}
}

// refusalParentPointer is the pointer to parent k of dependency i.
func refusalParentPointer(i, k int) string {
	return ptr("dependencies", i, "dependencies/"+strconv.Itoa(k)+"/feature")
}

// checkImportDependencySelf reports features made to depend on
// themselves.
func checkImportDependencySelf(in *Input) []Issue {
	var items []Item
	in.refusalEachAppliedDependency(func(i, k int, child, parent string) {
		if child == parent {
			items = append(items, Item{Value: child, Locations: []Location{at(refusalParentPointer(i, k))}})
		}
	})
	return one("A feature flag cannot depend on itself.", items)
}

// checkImportDependencyTransitive reports dependencies that would make a
// chain with the instance's: a child that other features depend on, or a
// parent that depends on another. (A chain the file makes alone is
// accepted: the import applies its dependencies concurrently.)
func checkImportDependencyTransitive(in *Input) []Issue {
	if !in.Facts.Features.Known {
		return nil
	}
	var hasChildren, hasParent []Item
	in.refusalEachAppliedDependency(func(i, k int, child, parent string) {
		if child == parent {
			return
		}
		if ff, ok := in.Facts.Features.Value[child]; ok && ff.Children > 0 {
			hasChildren = append(hasChildren, Item{Value: child, Locations: []Location{at(refusalParentPointer(i, k))}})
		}
		if ff, ok := in.Facts.Features.Value[parent]; ok && len(ff.Parents) > 0 {
			hasParent = append(hasParent, Item{Value: parent, Locations: []Location{at(refusalParentPointer(i, k))}})
		}
	})
	out := one("Transitive dependency detected. Cannot add a dependency to the feature that other features depend on.", hasChildren)
	return append(out, one("Transitive dependency detected. Cannot add a dependency to the feature that has parent dependency.", hasParent)...)
}

// checkImportDependencyParentArchived reports parents that exist but are
// archived once the features are written (a parent missing altogether is
// the import's missing dependency).
func checkImportDependencyParentArchived(in *Input) []Issue {
	var out []Issue
	in.refusalEachAppliedDependency(func(i, k int, child, parent string) {
		if child != parent && in.refusalExistsAfterFeatures(parent) && !in.refusalActiveAfterFeatures(parent) {
			out = append(out, refusalIssue("No active feature "+parent+" exists", parent, refusalParentPointer(i, k)))
		}
	})
	return out
}

// checkImportDependencyOtherProject reports dependencies whose parent is
// not a feature of the target project once the features are written.
func checkImportDependencyOtherProject(in *Input) []Issue {
	var items []Item
	in.refusalEachAppliedDependency(func(i, k int, child, parent string) {
		if child == parent || !in.refusalExistsAfterFeatures(parent) {
			return
		}
		if in.refusalProjectAfterFeatures(parent) != in.Project || in.refusalProjectAfterFeatures(child) != in.Project {
			items = append(items, Item{Value: parent, Locations: []Location{at(refusalParentPointer(i, k))}})
		}
	})
	msg := `Cannot add the dependency. Both the parent and the child feature must belong to project "` + in.Project + `".`
	return one(msg, items)
}
