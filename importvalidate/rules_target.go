package importvalidate

// checkUnknownProject warns that the target project does not exist: the
// reference server validates such an import all the same, and the import
// itself then fails. The item is at "/project" when the target is the
// body's own.
func checkUnknownProject(in *Input) []Issue {
	if in.ProjectExists {
		return nil
	}
	return targetIssue("The project to import into does not exist:", in.Project, in.Import.Project, "/project")
}

// checkUnknownEnvironment warns that the target environment does not
// exist, as checkUnknownProject does for the project.
func checkUnknownEnvironment(in *Input) []Issue {
	if in.EnvironmentExists {
		return nil
	}
	return targetIssue("The environment to import into does not exist:", in.Environment, in.Import.Environment, "/environment")
}

// targetIssue is the issue of an unknown target name, located at pointer
// when the body names it itself (own).
func targetIssue(msg, name, own, pointer string) []Issue {
	it := Item{Value: name}
	if name == own {
		it.Locations = []Location{at(pointer)}
	}
	return []Issue{{Message: msg, Items: []Item{it}}}
}
