package importvalidate

import "testing"

const refusalConstraint = "/data/featureStrategies/0/constraints/0"

func TestImportConstraintRules(t *testing.T) {
	accepted := []refusalCase{{name: "constraint-unknown-context"}, {name: "ok-baseline"}}
	for _, tc := range []struct {
		code  Code
		check func(*Input) []Issue
		cases []refusalCase
	}{
		{CodeImportConstraintContextNameEmpty, checkImportConstraintContextNameEmpty, []refusalCase{
			{name: "constraint-context-name-empty", at: refusalConstraint + "/contextName"}}},
		{CodeImportConstraintValueEmpty, checkImportConstraintValueEmpty, []refusalCase{
			{name: "constraint-value-empty-string", at: refusalConstraint + "/values/0"}}},
		{CodeImportConstraintValueTooLong, checkImportConstraintValueTooLong, []refusalCase{
			{name: "constraint-value-too-long", at: refusalConstraint + "/values/0"},
			{name: "constraint-value-empty-string", other: true}}},
		{CodeImportConstraintValuesMissing, checkImportConstraintValuesMissing, []refusalCase{
			{name: "constraint-in-without-values", at: refusalConstraint + "/values"},
			{name: "constraint-str-without-values", at: refusalConstraint + "/values"},
			{name: "constraint-num-without-value", other: true}}},
		{CodeImportConstraintValueMissing, checkImportConstraintValueMissing, []refusalCase{
			{name: "constraint-num-without-value", at: refusalConstraint + "/value"},
			{name: "constraint-in-without-values", other: true}}},
		{CodeImportConstraintNumber, checkImportConstraintNumber, []refusalCase{
			{name: "constraint-num-invalid", at: refusalConstraint + "/value"},
			{name: "constraint-num-unsafe", at: refusalConstraint + "/value"},
			{name: "constraint-not-legal-single", other: true}}},
		{CodeImportConstraintDate, checkImportConstraintDate, []refusalCase{
			{name: "constraint-date-invalid", at: refusalConstraint + "/value"},
			// Accepted by the fallback parser: a warning, not an error.
			{name: "constraint-date-loose"}}},
		{CodeImportConstraintSemver, checkImportConstraintSemver, []refusalCase{
			{name: "constraint-semver-invalid", at: refusalConstraint + "/value"},
			{name: "constraint-semver-noncanonical", at: refusalConstraint + "/value"}}},
		{CodeImportConstraintRegex, checkImportConstraintRegex, []refusalCase{
			{name: "constraint-regex-invalid", at: refusalConstraint + "/value"},
			{name: "constraint-regex-lookahead", at: refusalConstraint + "/value"},
			{name: "constraint-regex-inverted", other: true}}},
		{CodeImportConstraintRegexInverted, checkImportConstraintRegexInverted, []refusalCase{
			{name: "constraint-regex-inverted", at: refusalConstraint + "/inverted"},
			{name: "constraint-regex-invalid", other: true}}},
		{CodeImportConstraintNotLegalValue, checkImportConstraintNotLegalValue, []refusalCase{
			{name: "constraint-not-legal-values", at: refusalConstraint + "/values/0"},
			// The field is created by the same file, before the strategies.
			{name: "constraint-not-legal-single", at: refusalConstraint + "/value"},
			// Refused for an existing feature: nothing of the import stays.
			{name: "atomic-existing-strategies-kept", at: refusalConstraint + "/values/0"}}},
	} {
		t.Run(string(tc.code), func(t *testing.T) { runRefusalCases(t, tc.check, append(tc.cases, accepted...)) })
	}
}

// TestImportConstraintDateLenient checks that a date only V8's fallback
// parser reads is a warning (the import accepted "March 7 2024").
func TestImportConstraintDateLenient(t *testing.T) {
	if readRefusalAnswer(t, "constraint-date-loose").Status != 200 {
		t.Fatal("the recorded import refused the file")
	}
	found := refusalCheck(t, CodeImportConstraintDateLenient)(refusalCaseInput(t, "constraint-date-loose"))
	if len(found) != 1 || found[0].Items[0].Locations[0].Pointer != refusalConstraint+"/value" {
		t.Fatalf("found %s", refusalDescribe(found))
	}
	for _, name := range []string{"constraint-date-invalid", "ok-baseline"} {
		if found := refusalCheck(t, CodeImportConstraintDateLenient)(refusalCaseInput(t, name)); len(found) > 0 {
			t.Errorf("%s: found %s", name, refusalDescribe(found))
		}
	}
}
