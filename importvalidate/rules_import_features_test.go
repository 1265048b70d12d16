package importvalidate

import "testing"

func TestImportFeatureNameInvalid(t *testing.T) {
	runRefusalCases(t, refusalCheck(t, CodeImportFeatureNameInvalid), []refusalCase{
		{name: "feature-name-not-url-friendly", at: "/data/features/0/name"},
		{name: "feature-name-too-long", at: "/data/features/0/name"},
		{name: "feature-name-dot", at: "/data/features/0/name"},
		{name: "feature-name-unicode", at: "/data/features/0/name"},
		{name: "feature-name-existing-invalid", at: "/data/features/0/name"},
		{name: "feature-name-lone-surrogate", at: "/data/features/0/name"},
		{name: "ok-baseline"},
	})
}

func TestImportFeatureTypeEmpty(t *testing.T) {
	runRefusalCases(t, refusalCheck(t, CodeImportFeatureTypeEmpty), []refusalCase{
		{name: "feature-type-empty", at: "/data/features/0/type"},
		{name: "feature-type-unknown"},
		{name: "ok-baseline"},
	})
}

func TestImportGlobalFeatureLimit(t *testing.T) {
	runRefusalCases(t, refusalCheck(t, CodeImportGlobalFeatureLimit), []refusalCase{
		// The setup inserted 4997 active features into project other.
		{name: "feature-global-limit", at: "/data/features/0"},
		{name: "ok-baseline"},
	})
}

func TestImportArchivedFeatureEnabled(t *testing.T) {
	runRefusalCases(t, refusalCheck(t, CodeImportArchivedFeatureEnabled), []refusalCase{
		{name: "feature-archived-in-file-with-env", at: "/data/featureEnvironments/0/name"},
		{name: "feature-archived-in-file"},
		{name: "ok-baseline"},
	})
}

func TestImportFeatureTagUnknown(t *testing.T) {
	runRefusalCases(t, refusalCheck(t, CodeImportFeatureTagUnknown), []refusalCase{
		{name: "feature-tags-member-unknown-tag", at: "/data/features/0/tags/0"},
		{name: "feature-tags-member-known-tag"},
		{name: "ok-baseline"},
	})
}
