package importvalidate

import "testing"

func TestImportReferenceVersions(t *testing.T) {
	runRefusalRules(t, []refusalCase{{name: "ok-baseline"}}, []refusalRule{
		{code: CodeImportUnknownStrategy, at: "/data/featureStrategies/0/name",
			refused:  []string{"ref-e1-unknown-strategy", "strategy-unknown-type"},
			accepted: []string{"ref-e1-strategy-without-feature-name"}},
		{code: CodeImportContextLegalValues, at: "/data/contextFields/0/legalValues/0/value",
			refused:  []string{"ref-e2-context-legal-values", "context-legal-values-mismatch"},
			accepted: []string{"context-existing-not-updated"}},
		{code: CodeImportFeatureInOtherProject, at: "/data/features/0/name",
			refused:  []string{"feature-other-project"},
			accepted: []string{"ref-e3-archived-other-project"}},
		{code: CodeImportDuplicateFeature, at: "/data/features/1/name",
			refused:  []string{"feature-duplicate-new"},
			accepted: []string{"feature-duplicate-existing", "ref-e4-duplicate-archived"}},
		{code: CodeImportNamingPattern, at: "/data/features/0/name",
			refused:  []string{"feature-naming-pattern-new"},
			accepted: []string{"feature-naming-pattern-existing"}},
		{code: CodeImportProjectFeatureLimit, at: "/data/features/1",
			refused:  []string{"feature-project-limit"},
			accepted: []string{"ref-e6-archived-counted"}},
		{code: CodeImportUnknownSegment, at: "/data/segments/0/name",
			refused:  []string{"ref-e7-segment", "segment-unknown-name"},
			accepted: []string{"segment-remapped-by-name"}},
		{code: CodeImportMissingDependency, at: "/data/dependencies/0/dependencies/0/feature",
			refused: []string{"ref-e8-dependency", "dependency-parent-missing"},
			others:  []string{"dependency-parent-archived"}},
		// The validation asks for "Create tag types" for a tag type
		// no tag uses; the import does not create it.
		{code: CodeImportMissingPermissions,
			cases:    []refusalCase{{name: "ref-permissions-viewer", placeless: true}},
			accepted: []string{"ref-permission-unused-tag-type"}},
	})
}
