package importvalidate

import "testing"

const refusalConstraint = "/data/featureStrategies/0/constraints/0"

func TestImportConstraintRules(t *testing.T) {
	accepted := []refusalCase{{name: "constraint-unknown-context"}, {name: "ok-baseline"}}
	runRefusalRules(t, accepted, []refusalRule{
		{code: CodeImportConstraintContextNameEmpty, at: refusalConstraint + "/contextName",
			refused: []string{"constraint-context-name-empty"}},
		{code: CodeImportConstraintValueEmpty, at: refusalConstraint + "/values/0",
			refused: []string{"constraint-value-empty-string"}},
		{code: CodeImportConstraintValueTooLong, at: refusalConstraint + "/values/0",
			refused: []string{"constraint-value-too-long"},
			others:  []string{"constraint-value-empty-string"}},
		{code: CodeImportConstraintValuesMissing, at: refusalConstraint + "/values",
			refused: []string{"constraint-in-without-values", "constraint-str-without-values"},
			others:  []string{"constraint-num-without-value"}},
		{code: CodeImportConstraintValueMissing, at: refusalConstraint + "/value",
			refused: []string{"constraint-num-without-value"},
			others:  []string{"constraint-in-without-values"}},
		{code: CodeImportConstraintNumber, at: refusalConstraint + "/value",
			refused: []string{"constraint-num-invalid", "constraint-num-unsafe"},
			others:  []string{"constraint-not-legal-single"}},
		// Accepted by the fallback parser: a warning, not an error.
		{code: CodeImportConstraintDate, at: refusalConstraint + "/value",
			refused:  []string{"constraint-date-invalid"},
			accepted: []string{"constraint-date-loose"}},
		{code: CodeImportConstraintSemver, at: refusalConstraint + "/value",
			refused: []string{"constraint-semver-invalid", "constraint-semver-noncanonical"}},
		{code: CodeImportConstraintRegex, at: refusalConstraint + "/value",
			refused: []string{"constraint-regex-invalid", "constraint-regex-lookahead"},
			others:  []string{"constraint-regex-inverted"}},
		{code: CodeImportConstraintRegexInverted, at: refusalConstraint + "/inverted",
			refused: []string{"constraint-regex-inverted"},
			others:  []string{"constraint-regex-invalid"}},
		// atomic-existing-strategies-kept is refused for an existing
		// feature: nothing of the import stays. In
		// constraint-not-legal-single the field is created by the same
		// file, before the strategies.
		{code: CodeImportConstraintNotLegalValue, at: refusalConstraint + "/values/0",
			refused: []string{"constraint-not-legal-values", "atomic-existing-strategies-kept"},
			cases:   []refusalCase{{name: "constraint-not-legal-single", at: refusalConstraint + "/value"}}},
	})
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
