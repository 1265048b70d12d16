package importvalidate

import "strconv"

// The import applies a dependency when its child is a feature of the
// cleaned file whose first entry names a project; the others it skips
// (importDependencies). For each parent it checks, in this order, that the
// child is not its own parent, that neither the child has children nor
// the parent has parents, that the parent is active, and that both belong
// to the target project (dependent-features-service.js).

// refusalParent is parent k of dependency i, with the resolved names of
// the child and the parent.
type refusalParent struct {
	i, k, child, parent int32
}

// refusalEachAppliedDependency calls f with every parent of every
// dependency the import applies, the names resolved (read once per
// input).
func (in *Input) refusalEachAppliedDependency(f func(i, k int, child, parent *refusalRef)) {
	d := &in.Import.Data
	if len(d.Dependencies) == 0 {
		return
	}
	v := in.resolved()
	if !v.parentsRead {
		v.parentsRead = true
		// Most dependencies name one parent.
		v.parents = make([]refusalParent, 0, len(d.Dependencies))
		for i := range d.Dependencies {
			r := v.dependency[i]
			ref := &v.refs[r]
			if !ref.inFile {
				continue
			}
			if p := d.Features[ref.first].Project; p == nil || *p == "" {
				continue
			}
			for k, parent := range in.fileNames().parents(i) {
				v.parents = append(v.parents, refusalParent{int32(i), int32(k), r, parent})
			}
		}
	}
	for _, p := range v.parents {
		f(int(p.i), int(p.k), &v.refs[p.child], &v.refs[p.parent])
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
	in.refusalEachAppliedDependency(func(i, k int, child, parent *refusalRef) {
		if child == parent {
			items = append(items, Item{Value: child.name, Locations: []Location{at(refusalParentPointer(i, k))}})
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
	in.refusalEachAppliedDependency(func(i, k int, child, parent *refusalRef) {
		if child == parent {
			return
		}
		if child.hasFacts && child.facts.Children > 0 {
			hasChildren = append(hasChildren, Item{Value: child.name, Locations: []Location{at(refusalParentPointer(i, k))}})
		}
		if parent.hasFacts && len(parent.facts.Parents) > 0 {
			hasParent = append(hasParent, Item{Value: parent.name, Locations: []Location{at(refusalParentPointer(i, k))}})
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
	in.refusalEachAppliedDependency(func(i, k int, child, parent *refusalRef) {
		if child != parent && parent.existsAfterFeatures() && !parent.activeAfterFeatures(in) {
			out = append(out, refusalIssue("No active feature "+parent.name+" exists", parent.name, refusalParentPointer(i, k)))
		}
	})
	return out
}

// checkImportDependencyOtherProject reports dependencies whose parent is
// not a feature of the target project once the features are written.
func checkImportDependencyOtherProject(in *Input) []Issue {
	var items []Item
	in.refusalEachAppliedDependency(func(i, k int, child, parent *refusalRef) {
		if child == parent || !parent.existsAfterFeatures() {
			return
		}
		if parent.projectAfterFeatures(in) != in.Project || child.projectAfterFeatures(in) != in.Project {
			items = append(items, Item{Value: parent.name, Locations: []Location{at(refusalParentPointer(i, k))}})
		}
	})
	msg := `Cannot add the dependency. Both the parent and the child feature must belong to project "` + in.Project + `".`
	return one(msg, items)
}
