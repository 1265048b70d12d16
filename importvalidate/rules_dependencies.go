package importvalidate

// checkMissingDependency is E8: parents named in
// dependencies[].dependencies[].feature, flattened in input order, that are
// neither imported nor existing (any project, archived included).
// Duplicates kept.
func checkMissingDependency(in *Input) []Issue {
	var items []Item
	for _, at := range in.missingParents() {
		items = append(items, Item{Value: in.Import.Data.Dependencies[at[0]].Dependencies[at[1]].Feature,
			Locations: []Location{parentLocation(at)}})
	}
	return one("We detected the following dependencies that need to be created first:", items)
}

// parentLocation is the location of parent at[1] of dependency at[0].
func parentLocation(p [2]int32) Location {
	return at(ptr("dependencies", int(p[0]), "dependencies/"+itoa(int(p[1]))+"/feature"))
}

// missingParents are the places (dependency, parent) of the parents that
// are neither imported nor existing, read once per input: E8 and the
// import's E8 report them.
func (in *Input) missingParents() [][2]int32 {
	if in.missingParentsRead {
		return in.missingParentsCache
	}
	in.missingParentsRead = true
	// The parents come resolved with the file's names: the first of
	// those are the names of features[], the imported ones.
	x, imported := in.fileNames(), len(in.places().order)
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
