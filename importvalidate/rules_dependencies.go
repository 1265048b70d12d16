package importvalidate

// checkMissingDependency is E8: parents named in
// dependencies[].dependencies[].feature, flattened in input order, that are
// neither imported nor existing (any project, archived included).
// Duplicates kept.
func checkMissingDependency(in *Input) []Issue {
	return one("We detected the following dependencies that need to be created first:", itemsOf(in.MissingDependencies()))
}
