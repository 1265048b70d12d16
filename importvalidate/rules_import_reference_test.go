package importvalidate

import "testing"

func TestImportReferenceVersions(t *testing.T) {
	for _, tc := range []struct {
		code  Code
		check func(*Input) []Issue
		cases []refusalCase
	}{
		{CodeImportUnknownStrategy, checkImportUnknownStrategy, []refusalCase{
			{name: "ref-e1-unknown-strategy", at: "/data/featureStrategies/0/name"},
			{name: "strategy-unknown-type", at: "/data/featureStrategies/0/name"},
			{name: "ref-e1-strategy-without-feature-name"}}},
		{CodeImportContextLegalValues, checkImportContextLegalValues, []refusalCase{
			{name: "ref-e2-context-legal-values", at: "/data/contextFields/0/legalValues/0/value"},
			{name: "context-legal-values-mismatch", at: "/data/contextFields/0/legalValues/0/value"},
			{name: "context-existing-not-updated"}}},
		{CodeImportFeatureInOtherProject, checkImportFeatureInOtherProject, []refusalCase{
			{name: "feature-other-project", at: "/data/features/0/name"},
			{name: "ref-e3-archived-other-project"}}},
		{CodeImportDuplicateFeature, checkImportDuplicateFeature, []refusalCase{
			{name: "feature-duplicate-new", at: "/data/features/1/name"},
			{name: "feature-duplicate-existing"},
			{name: "ref-e4-duplicate-archived"}}},
		{CodeImportNamingPattern, checkImportNamingPattern, []refusalCase{
			{name: "feature-naming-pattern-new", at: "/data/features/0/name"},
			{name: "feature-naming-pattern-existing"}}},
		{CodeImportProjectFeatureLimit, checkImportProjectFeatureLimit, []refusalCase{
			{name: "feature-project-limit", at: "/data/features/1"},
			{name: "ref-e6-archived-counted"}}},
		{CodeImportUnknownSegment, checkImportUnknownSegment, []refusalCase{
			{name: "ref-e7-segment", at: "/data/segments/0/name"},
			{name: "segment-unknown-name", at: "/data/segments/0/name"},
			{name: "segment-remapped-by-name"}}},
		{CodeImportMissingDependency, checkImportMissingDependency, []refusalCase{
			{name: "ref-e8-dependency", at: "/data/dependencies/0/dependencies/0/feature"},
			{name: "dependency-parent-missing", at: "/data/dependencies/0/dependencies/0/feature"},
			{name: "dependency-parent-archived", other: true}}},
		{CodeImportMissingPermissions, checkImportMissingPermissions, []refusalCase{
			{name: "ref-permissions-viewer", placeless: true},
			// The validation asks for "Create tag types" for a tag type
			// no tag uses; the import does not create it.
			{name: "ref-permission-unused-tag-type"}}},
	} {
		t.Run(string(tc.code), func(t *testing.T) { runRefusalCases(t, tc.check, append(tc.cases, refusalCase{name: "ok-baseline"})) })
	}
}
