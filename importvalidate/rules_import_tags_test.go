package importvalidate

import "testing"

func TestImportTagRules(t *testing.T) {
	accepted := []refusalCase{{name: "tag-feature-other-project"}, {name: "tag-without-tag-type"}, {name: "tag-type-unused-not-created"},
		{name: "tags-replaced-when-absent"}, {name: "ok-baseline"}}
	runRefusalRules(t, accepted, []refusalRule{
		{code: CodeImportTagTypeInvalid, at: "/data/tagTypes/0/name",
			refused: []string{"tag-type-name-invalid", "tag-type-name-too-short"},
			others:  []string{"tag-type-invalid-unlisted"}},
		{code: CodeImportTagInvalid, at: "/data/featureTags/0/tagValue",
			refused: []string{"tag-value-too-short", "tag-value-too-long"},
			cases:   []refusalCase{{name: "tag-type-invalid-unlisted", at: "/data/featureTags/0/tagType"}}},
		{code: CodeImportTagTypeMissing, at: "/data/featureTags/0/tagType", refused: []string{"tag-type-missing"}},
		{code: CodeImportTagFeatureMissing, at: "/data/featureTags/0/featureName",
			refused: []string{"tag-feature-missing"}},
	})
}

func TestImportContextFieldRules(t *testing.T) {
	accepted := []refusalCase{{name: "context-existing-not-updated"}, {name: "context-project-replaced"}, {name: "ok-baseline"}}
	runRefusalRules(t, accepted, []refusalRule{
		{code: CodeImportContextFieldInvalid, at: "/data/contextFields/0/legalValues/0/value",
			refused: []string{"context-legal-value-empty", "context-legal-value-too-long"},
			cases: []refusalCase{
				{name: "context-name-invalid", at: "/data/contextFields/0/name"},
				{name: "context-description-too-long", at: "/data/contextFields/0/description"},
				{name: "context-legal-value-duplicate", at: "/data/contextFields/0/legalValues/1"},
			},
			others: []string{"context-duplicate-new"}},
		{code: CodeImportContextFieldDuplicate, at: "/data/contextFields/1/name",
			refused: []string{"context-duplicate-new"},
			others:  []string{"context-legal-value-duplicate"}},
	})
}
