package importvalidate

import "testing"

func TestImportDependencyRules(t *testing.T) {
	accepted := []refusalCase{{name: "dependency-chain-in-file"}, {name: "dependency-two-parents"}, {name: "dependency-without-project"},
		{name: "dependency-child-not-in-file"}, {name: "ok-baseline"},
		// The setup made existing-flag a child of old-parent.
		{name: "dependency-replaces-existing-parent"},
		{name: "dependency-parent-missing", other: true}}
	const at = "/data/dependencies/0/dependencies/0/feature"
	for _, tc := range []struct {
		code  Code
		check func(*Input) []Issue
		cases []refusalCase
	}{
		{CodeImportDependencySelf, checkImportDependencySelf, []refusalCase{
			{name: "dependency-self", at: at},
			{name: "atomic-late-failure", at: at}}},
		{CodeImportDependencyTransitive, checkImportDependencyTransitive, []refusalCase{
			// The setups made kid-flag a child of existing-flag, and
			// existing-flag a child of gp-flag.
			{name: "dependency-child-has-children", at: at},
			{name: "dependency-parent-has-parent", at: at}}},
		{CodeImportDependencyParentArchived, checkImportDependencyParentArchived, []refusalCase{
			{name: "dependency-parent-archived", at: at}}},
		{CodeImportDependencyOtherProject, checkImportDependencyOtherProject, []refusalCase{
			{name: "dependency-parent-other-project", at: at}}},
	} {
		t.Run(string(tc.code), func(t *testing.T) { runRefusalCases(t, tc.check, append(tc.cases, accepted...)) })
	}
}
