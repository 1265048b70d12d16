package importvalidate

import "testing"

func TestImportDependencyRules(t *testing.T) {
	accepted := []refusalCase{{name: "dependency-chain-in-file"}, {name: "dependency-two-parents"}, {name: "dependency-without-project"},
		{name: "dependency-child-not-in-file"}, {name: "ok-baseline"},
		// The setup made existing-flag a child of old-parent.
		{name: "dependency-replaces-existing-parent"},
		{name: "dependency-parent-missing", other: true}}
	const at = "/data/dependencies/0/dependencies/0/feature"
	runRefusalRules(t, accepted, []refusalRule{
		{code: CodeImportDependencySelf, at: at, refused: []string{"dependency-self", "atomic-late-failure"}},
		// The setups made kid-flag a child of existing-flag, and
		// existing-flag a child of gp-flag.
		{code: CodeImportDependencyTransitive, at: at,
			refused: []string{"dependency-child-has-children", "dependency-parent-has-parent"}},
		{code: CodeImportDependencyParentArchived, at: at, refused: []string{"dependency-parent-archived"}},
		{code: CodeImportDependencyOtherProject, at: at, refused: []string{"dependency-parent-other-project"}},
	})
}
