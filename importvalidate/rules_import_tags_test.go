package importvalidate

import "testing"

func TestImportTagRules(t *testing.T) {
	accepted := []refusalCase{{name: "tag-feature-other-project"}, {name: "tag-without-tag-type"}, {name: "tag-type-unused-not-created"},
		{name: "tags-replaced-when-absent"}, {name: "ok-baseline"}}
	for _, tc := range []struct {
		code  Code
		check func(*Input) []Issue
		cases []refusalCase
	}{
		{CodeImportTagTypeInvalid, checkImportTagTypeInvalid, []refusalCase{
			{name: "tag-type-name-invalid", at: "/data/tagTypes/0/name"},
			{name: "tag-type-name-too-short", at: "/data/tagTypes/0/name"},
			{name: "tag-type-invalid-unlisted", other: true}}},
		{CodeImportTagInvalid, checkImportTagInvalid, []refusalCase{
			{name: "tag-value-too-short", at: "/data/featureTags/0/tagValue"},
			{name: "tag-value-too-long", at: "/data/featureTags/0/tagValue"},
			{name: "tag-type-invalid-unlisted", at: "/data/featureTags/0/tagType"}}},
		{CodeImportTagTypeMissing, checkImportTagTypeMissing, []refusalCase{
			{name: "tag-type-missing", at: "/data/featureTags/0/tagType"}}},
		{CodeImportTagFeatureMissing, checkImportTagFeatureMissing, []refusalCase{
			{name: "tag-feature-missing", at: "/data/featureTags/0/featureName"}}},
	} {
		t.Run(string(tc.code), func(t *testing.T) { runRefusalCases(t, tc.check, append(tc.cases, accepted...)) })
	}
}

func TestImportContextFieldRules(t *testing.T) {
	accepted := []refusalCase{{name: "context-existing-not-updated"}, {name: "context-project-replaced"}, {name: "ok-baseline"}}
	runRefusalCases(t, refusalCheck(t, CodeImportContextFieldInvalid), append([]refusalCase{
		{name: "context-name-invalid", at: "/data/contextFields/0/name"},
		{name: "context-description-too-long", at: "/data/contextFields/0/description"},
		{name: "context-legal-value-duplicate", at: "/data/contextFields/0/legalValues/1"},
		{name: "context-legal-value-empty", at: "/data/contextFields/0/legalValues/0/value"},
		{name: "context-legal-value-too-long", at: "/data/contextFields/0/legalValues/0/value"},
		{name: "context-duplicate-new", other: true},
	}, accepted...))
	runRefusalCases(t, refusalCheck(t, CodeImportContextFieldDuplicate), append([]refusalCase{
		{name: "context-duplicate-new", at: "/data/contextFields/1/name"},
		{name: "context-legal-value-duplicate", other: true},
	}, accepted...))
}
