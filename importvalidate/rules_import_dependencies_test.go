package importvalidate

import "testing"

// refusalDependencies sets an existing feature's dependencies.
func refusalDependencies(name string, parents []string, children int) func(*Input) {
	return func(in *Input) {
		ff := in.Facts.Features.Value[name]
		ff.Parents, ff.Children = parents, children
		in.Facts.Features.Value[name] = ff
	}
}

func TestImportDependencyRules(t *testing.T) {
	accepted := []refusalCase{{name: "dependency-chain-in-file"}, {name: "dependency-two-parents"}, {name: "dependency-without-project"},
		{name: "dependency-child-not-in-file"}, {name: "ok-baseline"},
		// The setup made existing-flag a child of old-parent.
		{name: "dependency-replaces-existing-parent", setup: refusalDependencies("existing-flag", []string{"old-parent"}, 0)},
		{name: "dependency-parent-missing", other: true}}
	const at = "/data/dependencies/0/dependencies/0/feature"
	for _, tc := range []struct {
		code  string
		check func(*Input) []Issue
		cases []refusalCase
	}{
		{CodeImportDependencySelf, checkImportDependencySelf, []refusalCase{
			{name: "dependency-self", at: at},
			{name: "atomic-late-failure", at: at}}},
		{CodeImportDependencyTransitive, checkImportDependencyTransitive, []refusalCase{
			// The setups made kid-flag a child of existing-flag, and
			// existing-flag a child of gp-flag.
			{name: "dependency-child-has-children", at: at, setup: refusalDependencies("existing-flag", nil, 1)},
			{name: "dependency-parent-has-parent", at: at, setup: refusalDependencies("existing-flag", []string{"gp-flag"}, 0)}}},
		{CodeImportDependencyParentArchived, checkImportDependencyParentArchived, []refusalCase{
			{name: "dependency-parent-archived", at: at}}},
		{CodeImportDependencyOtherProject, checkImportDependencyOtherProject, []refusalCase{
			{name: "dependency-parent-other-project", at: at}}},
	} {
		t.Run(tc.code, func(t *testing.T) { runRefusalCases(t, tc.check, append(tc.cases, accepted...)) })
	}
}
