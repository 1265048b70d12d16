package importvalidate

// checkMissingDependency is E8: parents named in
// dependencies[].dependencies[].feature, flattened in input order, that are
// neither imported nor existing (any project, archived included).
// Duplicates kept.
func checkMissingDependency(in *Input) []Issue {
	imported := in.places()
	var items []Item
	for i, d := range in.Import.Data.Dependencies {
		for j, parent := range d.Dependencies {
			if imported.has(parent.Feature) {
				continue
			}
			if _, ok := in.Features[parent.Feature]; ok {
				continue
			}
			items = append(items, Item{Value: parent.Feature,
				Locations: []Location{at(ptr("dependencies", i, "dependencies/"+itoa(j)+"/feature"))}})
		}
	}
	return one("We detected the following dependencies that need to be created first:", items)
}
