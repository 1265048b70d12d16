package importvalidate

import "testing"

func TestImportFeatureRules(t *testing.T) {
	runRefusalRules(t, []refusalCase{{name: "ok-baseline"}}, []refusalRule{
		{code: CodeImportFeatureNameInvalid, at: "/data/features/0/name",
			refused: []string{"feature-name-not-url-friendly", "feature-name-too-long", "feature-name-dot", "feature-name-unicode", "feature-name-existing-invalid", "feature-name-lone-surrogate"}},
		{code: CodeImportFeatureTypeEmpty, at: "/data/features/0/type",
			refused:  []string{"feature-type-empty"},
			accepted: []string{"feature-type-unknown"}},
		// The setup inserted 4997 active features into project other.
		{code: CodeImportGlobalFeatureLimit, at: "/data/features/0", refused: []string{"feature-global-limit"}},
		{code: CodeImportArchivedFeatureEnabled, at: "/data/featureEnvironments/0/name",
			refused:  []string{"feature-archived-in-file-with-env"},
			accepted: []string{"feature-archived-in-file"}},
		{code: CodeImportFeatureTagUnknown, at: "/data/features/0/tags/0",
			refused:  []string{"feature-tags-member-unknown-tag"},
			accepted: []string{"feature-tags-member-known-tag"}},
	})
}
