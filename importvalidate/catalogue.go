package importvalidate

import "context"

// Catalogue returns the built-in rules in catalogue order: the reference
// errors E1-E8, the extra errors, the reference warnings W1-W3, the extra
// warnings, and the permissions entry. Each call returns a fresh slice.
//
// docs/RULES.md lists the same rules with what each reports; a test fails
// when the two disagree.
func Catalogue() []Rule {
	rules := []Rule{
		// Errors of the reference server, E1-E8.
		{Code: CodeUnknownStrategy, Severity: SeverityError, Reference: true,
			Summary: "every strategy names an existing strategy type", Check: pure(checkUnknownStrategy)},
		{Code: CodeContextLegalValues, Severity: SeverityError, Reference: true,
			Summary: "imported context fields match the legal values and project of existing ones", Check: pure(checkContextLegalValues)},
		{Code: CodeFeatureInOtherProject, Severity: SeverityError, Reference: true,
			Summary: "no imported feature exists in another project", Check: pure(checkFeatureInOtherProject)},
		{Code: CodeDuplicateFeature, Severity: SeverityError, Reference: true,
			Summary: "no feature name occurs twice", Check: pure(checkDuplicateFeature)},
		{Code: CodeNamingPattern, Severity: SeverityError, Reference: true,
			Summary: "feature names match the project's naming pattern", Check: pure(checkNamingPattern)},
		{Code: CodeFeatureLimit, Severity: SeverityError, Reference: true,
			Summary: "the import stays within the project's feature limit", Check: pure(checkFeatureLimit)},
		{Code: CodeUnknownSegment, Severity: SeverityError, Reference: true,
			Summary: "imported segments exist globally or in the project", Check: pure(checkUnknownSegment)},
		{Code: CodeMissingDependency, Severity: SeverityError, Reference: true,
			Summary: "every dependency's parent is imported or exists", Check: pure(checkMissingDependency)},

		// Extra errors, only with Options.Strict.
		{Code: CodeConstraintValue, Severity: SeverityError, Strict: true,
			Summary: "constraint values parse for their operator", Check: pure(checkConstraintValue)},
		{Code: CodeUnknownContextField, Severity: SeverityError, Strict: true,
			Summary: "constraints use context fields that exist or are imported", Check: pure(checkUnknownContextField)},
		{Code: CodeUnknownSegmentID, Severity: SeverityError, Strict: true,
			Summary: "strategies use segment ids that are imported", Check: pure(checkUnknownSegmentID)},
		{Code: CodeVariantWeights, Severity: SeverityError, Strict: true,
			Summary: "variable variant weights sum to 1000", Check: pure(checkVariantWeights)},
		{Code: CodeUnknownFeatureReference, Severity: SeverityError, Strict: true,
			Summary: "strategies, tags, environments and dependencies name imported features", Check: pure(checkUnknownFeatureReference)},
		{Code: CodeUnknownTagType, Severity: SeverityError, Strict: true,
			Summary: "tags use tag types that exist or are imported", Check: pure(checkUnknownTagType)},
		{Code: CodeDuplicateStrategyID, Severity: SeverityError, Strict: true,
			Summary: "no two strategies share an id", Check: pure(checkDuplicateStrategyID)},

		// Warnings of the reference server, W1-W3.
		{Code: CodeCustomStrategyUsed, Severity: SeverityWarning, Reference: true,
			Summary: "custom strategy types are used", Check: pure(checkCustomStrategyUsed)},
		{Code: CodeArchivedFeature, Severity: SeverityWarning, Reference: true,
			Summary: "archived features are not imported", Check: pure(checkArchivedFeature)},
		{Code: CodeFeatureExists, Severity: SeverityWarning, Reference: true,
			Summary: "existing features of the project are overwritten", Check: pure(checkFeatureExists)},

		// Extra warnings, always on.
		{Code: CodeUnknownProject, Severity: SeverityWarning,
			Summary: "the target project exists", Check: pure(checkUnknownProject)},
		{Code: CodeUnknownEnvironment, Severity: SeverityWarning,
			Summary: "the target environment exists", Check: pure(checkUnknownEnvironment)},
		{Code: CodeInvalidNamingPattern, Severity: SeverityWarning,
			Summary: "the project's naming pattern is a valid JavaScript regular expression, so names can be checked", Check: pure(checkInvalidNamingPattern)},

		// The permissions entry.
		{Code: CodeMissingPermissions, Category: CategoryPermission, Reference: true,
			Summary: "the caller holds every permission the import needs", Check: pure(checkMissingPermissions)},
	}
	// What the import does beyond what its validation says.
	return append(rules, importSilentRules()...)
}

// pure adapts a function of the input alone to Rule.Check.
func pure(f func(in *Input) []Issue) func(context.Context, *Input) ([]Issue, error) {
	return func(_ context.Context, in *Input) ([]Issue, error) { return f(in), nil }
}
