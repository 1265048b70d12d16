package importmodel

import "github.com/flagadmin/flagadmin/model"

// The import applies a dependency when its child is a feature of the
// cleaned file whose first entry names a project; the others it skips
// (importDependencies). For each parent it checks, in this order, that the
// child is not its own parent, that neither the child has children nor
// the parent has parents, that the parent is active, and that both belong
// to the target project (dependent-features-service.js).

// appliesDependencies reports whether the import applies the dependencies
// of the feature whose first features[] entry is f: importDependencies
// finds the first entry of the child's name in the cleaned file and skips
// the child when it names no project. The validation's checks and the
// replay (after_dependencies.go) read it.
func appliesDependencies(f *model.Feature) bool {
	return f.Project != nil && *f.Project != ""
}

// dependencyParent is parent k of dependency i, with the resolved names of
// the child and the parent.
type dependencyParent struct {
	i, k, child, parent int32
}

// eachAppliedDependency calls f with every parent of every
// dependency the import applies, the names resolved (read once per
// input).
func (in *Input) eachAppliedDependency(f func(i, k int, child, parent *ref)) {
	d := &in.Import.Data
	if len(d.Dependencies) == 0 {
		return
	}
	v := in.resolved()
	v.parentsOnce.Do(func() {
		// Most dependencies name one parent.
		v.parents = make([]dependencyParent, 0, len(d.Dependencies))
		for i := range d.Dependencies {
			r := v.dependency[i]
			ref := &v.refs[r]
			if !ref.inFile {
				continue
			}
			if !appliesDependencies(&d.Features[ref.first]) {
				continue
			}
			for k, parent := range in.fileNames().parents(i) {
				v.parents = append(v.parents, dependencyParent{int32(i), int32(k), r, parent})
			}
		}
	})
	for _, p := range v.parents {
		f(int(p.i), int(p.k), &v.refs[p.child], &v.refs[p.parent])
	}
}

// parentPlace is the place of parent k of dependency i.
func parentPlace(i, k int) Place {
	return placeIn("dependencies", i, "dependencies", k, "feature")
}

// checkImportDependencySelf reports features made to depend on
// themselves.
func checkImportDependencySelf(in *Input) []Finding {
	var items []Item
	in.eachAppliedDependency(func(i, k int, child, parent *ref) {
		if child == parent {
			items = append(items, Item{Value: child.name, Places: []Place{parentPlace(i, k)}})
		}
	})
	return one("A feature flag cannot depend on itself.", items)
}

// checkImportDependencyTransitive reports dependencies that would make a
// chain with the instance's: a child that other features depend on, or a
// parent that depends on another. (A chain the file makes alone is
// accepted: the import applies its dependencies concurrently.)
func checkImportDependencyTransitive(in *Input) []Finding {
	if !in.Facts.Features.Known {
		return nil
	}
	var hasChildren, hasParent []Item
	in.eachAppliedDependency(func(i, k int, child, parent *ref) {
		if child == parent {
			return
		}
		if child.hasFacts && child.facts.Children > 0 {
			hasChildren = append(hasChildren, Item{Value: child.name, Places: []Place{parentPlace(i, k)}})
		}
		if parent.hasFacts && len(parent.facts.Parents) > 0 {
			hasParent = append(hasParent, Item{Value: parent.name, Places: []Place{parentPlace(i, k)}})
		}
	})
	out := one("Transitive dependency detected. Cannot add a dependency to the feature that other features depend on.", hasChildren)
	return append(out, one("Transitive dependency detected. Cannot add a dependency to the feature that has parent dependency.", hasParent)...)
}

// checkImportDependencyParentArchived reports parents that exist but are
// archived once the features are written (a parent missing altogether is
// the import's missing dependency).
func checkImportDependencyParentArchived(in *Input) []Finding {
	var out []Finding
	in.eachAppliedDependency(func(i, k int, child, parent *ref) {
		if child != parent && parent.existsAfterFeatures() && !parent.activeAfterFeatures(in) {
			out = append(out, single("No active feature "+parent.name+" exists", parent.name, parentPlace(i, k)))
		}
	})
	return out
}

// checkImportDependencyOtherProject reports dependencies whose parent is
// not a feature of the target project once the features are written.
func checkImportDependencyOtherProject(in *Input) []Finding {
	var items []Item
	in.eachAppliedDependency(func(i, k int, child, parent *ref) {
		if child == parent || !parent.existsAfterFeatures() {
			return
		}
		if parent.projectAfterFeatures(in) != in.Project || child.projectAfterFeatures(in) != in.Project {
			items = append(items, Item{Value: parent.name, Places: []Place{parentPlace(i, k)}})
		}
	})
	msg := `Cannot add the dependency. Both the parent and the child feature must belong to project "` + in.Project + `".`
	return one(msg, items)
}

// MissingDependencies are the parents named in
// dependencies[].dependencies[].feature, flattened in input order, that
// are neither imported nor existing (any project, archived included),
// duplicates kept, each at its place: E8 and the import's E8 report them.
func (in *Input) MissingDependencies() []Item {
	var items []Item
	for _, at := range in.missingParents() {
		items = append(items, Item{Value: in.Import.Data.Dependencies[at[0]].Dependencies[at[1]].Feature,
			Places: []Place{placeIn("dependencies", int(at[0]), "dependencies", int(at[1]), "feature")}})
	}
	return items
}

// missingParents are the places (dependency, parent) of the parents that
// are neither imported nor existing, read once per input.
func (in *Input) missingParents() [][2]int32 {
	if in.missingParentsRead {
		return in.missingParentsCache
	}
	in.missingParentsRead = true
	// The parents come resolved with the file's names: the first of
	// those are the names of features[], the imported ones.
	x, imported := in.fileNames(), len(in.Places().order)
	for i := range in.Import.Data.Dependencies {
		for j, k := range x.parents(i) {
			if int(k) < imported {
				continue
			}
			if _, ok := in.Features[x.names[k]]; ok {
				continue
			}
			in.missingParentsCache = append(in.missingParentsCache, [2]int32{int32(i), int32(j)})
		}
	}
	return in.missingParentsCache
}
