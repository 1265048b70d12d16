package importvalidate

// The codes of what Unleash's import drops or changes without a word
// (warnings of CategoryImport), and of the import's facts a source
// cannot tell.
const (
	// CodeImportUnknownFact (warning): a check of the import needs a fact
	// of the instance that the state source cannot tell; it was not made.
	CodeImportUnknownFact Code = "import-unknown-fact"
	// CodeImportMemberNotInReferenceSchema (error): a member flagadmin
	// accepts but the import's own schema refuses.
	CodeImportMemberNotInReferenceSchema Code = "import-member-not-in-reference-schema"

	CodeImportStrategyWithoutFeature     Code = "import-strategy-without-feature"
	CodeImportEnvironmentWithoutFeature  Code = "import-environment-without-feature"
	CodeImportEnvironmentNameMismatch    Code = "import-environment-name-mismatch"
	CodeImportStrategyOutsideFile        Code = "import-strategy-outside-file"
	CodeImportTagOutsideFile             Code = "import-tag-outside-file"
	CodeImportVariantsOutsideFile        Code = "import-variants-outside-file"
	CodeImportLinksOutsideFile           Code = "import-links-outside-file"
	CodeImportTagWithoutType             Code = "import-tag-without-type"
	CodeImportTagTypeUnused              Code = "import-tag-type-unused"
	CodeImportDependencySkippedNoProject Code = "import-dependency-skipped-no-project"
	CodeImportDependencySkippedOutside   Code = "import-dependency-skipped-outside-file"
	CodeImportDependencyReplacesParents  Code = "import-dependency-replaces-parents"
	CodeImportDependencyChain            Code = "import-dependency-chain"
	CodeImportArchivesFeature            Code = "import-archives-feature"
	CodeImportMetadataReset              Code = "import-metadata-reset"
	CodeImportUnknownFeatureType         Code = "import-unknown-feature-type"
	CodeImportDefaultStrategyAdded       Code = "import-default-strategy-added"
	CodeImportDeletesReleasePlan         Code = "import-deletes-release-plan-strategies"
	CodeImportStrategiesReplaced         Code = "import-strategies-replaced"
	CodeImportVariantWeightsRecomputed   Code = "import-variant-weights-recomputed"
	CodeImportVariantWithoutWeightType   Code = "import-variant-without-weight-type"
	CodeImportStrategyEnvNotInProject    Code = "import-strategy-environment-not-in-project"
	CodeImportStrategyParametersDefaults Code = "import-strategy-parameters-defaults"
	CodeImportContextFieldNotUpdated     Code = "import-context-field-not-updated"
	CodeImportContextFieldProject        Code = "import-context-field-project"
	CodeImportIgnoredMember              Code = "import-ignored-member"
)

// importSilentCodes are the codes of what the import drops or changes
// without a word, of the members its schema refuses, and of the facts a
// source cannot tell, in catalogue order.
func importSilentCodes() []CodeInfo {
	return []CodeInfo{
		{Code: CodeImportMemberNotInReferenceSchema, Category: CategoryImport, Severity: SeverityError, Optional: true,
			Summary: "no member that the import's schema refuses", check: checkImportMemberNotInSchema},
		{Code: CodeImportUnknownFact, Category: CategoryImport, Severity: SeverityWarning, Optional: true,
			Summary: "the state source tells every fact the import's checks need", check: checkImportUnknownFact},
		{Code: CodeImportStrategyWithoutFeature, Category: CategoryImport, Severity: SeverityWarning, Optional: true,
			Summary: "every strategy names its feature", check: checkImportStrategyWithoutFeature},
		{Code: CodeImportEnvironmentWithoutFeature, Category: CategoryImport, Severity: SeverityWarning, Optional: true,
			Summary: "every environment entry names its feature", check: checkImportEnvironmentWithoutFeature},
		{Code: CodeImportEnvironmentNameMismatch, Category: CategoryImport, Severity: SeverityWarning, Optional: true,
			Summary: "an environment entry's name and featureName agree", check: checkImportEnvironmentNameMismatch},
		{Code: CodeImportStrategyOutsideFile, Category: CategoryImport, Severity: SeverityWarning, Optional: true,
			Summary: "strategies belong to features of the file", check: checkImportStrategyOutsideFile},
		{Code: CodeImportTagOutsideFile, Category: CategoryImport, Severity: SeverityWarning, Optional: true,
			Summary: "tags belong to features of the file", check: checkImportTagOutsideFile},
		{Code: CodeImportVariantsOutsideFile, Category: CategoryImport, Severity: SeverityWarning, Optional: true,
			Summary: "environment variants belong to features of the file", check: checkImportVariantsOutsideFile},
		{Code: CodeImportLinksOutsideFile, Category: CategoryImport, Severity: SeverityWarning, Optional: true,
			Summary: "links belong to features of the file", check: checkImportLinksOutsideFile},
		{Code: CodeImportTagWithoutType, Category: CategoryImport, Severity: SeverityWarning, Optional: true,
			Summary: "every tag has a tagType", check: checkImportTagWithoutType},
		{Code: CodeImportTagTypeUnused, Category: CategoryImport, Severity: SeverityWarning, Optional: true,
			Summary: "every tag type is used by a tag", check: checkImportTagTypeUnused},
		{Code: CodeImportDependencySkippedNoProject, Category: CategoryImport, Severity: SeverityWarning, Optional: true,
			Summary: "dependencies belong to features whose entry names a project", check: checkImportDependencyNoProject},
		{Code: CodeImportDependencySkippedOutside, Category: CategoryImport, Severity: SeverityWarning, Optional: true,
			Summary: "dependencies belong to features of the file", check: checkImportDependencyOutside},
		{Code: CodeImportDependencyReplacesParents, Category: CategoryImport, Severity: SeverityWarning, Optional: true,
			Summary: "a dependency does not drop a feature's other parents", check: checkImportDependencyReplacesParents},
		{Code: CodeImportDependencyChain, Category: CategoryImport, Severity: SeverityWarning, Optional: true,
			Summary: "no chain of dependencies", check: checkImportDependencyChain},
		{Code: CodeImportArchivesFeature, Category: CategoryImport, Severity: SeverityWarning, Optional: true,
			Summary: "no feature is imported archived", check: checkImportArchivesFeature},
		{Code: CodeImportMetadataReset, Category: CategoryImport, Severity: SeverityWarning, Optional: true,
			Summary: "an updated feature keeps the settings the file leaves out", check: checkImportMetadataReset},
		{Code: CodeImportUnknownFeatureType, Category: CategoryImport, Severity: SeverityWarning, Optional: true,
			Summary: "feature types exist", check: checkImportUnknownFeatureType},
		{Code: CodeImportDefaultStrategyAdded, Category: CategoryImport, Severity: SeverityWarning, Optional: true,
			Summary: "enabling a feature adds no strategy", check: checkImportDefaultStrategyAdded},
		{Code: CodeImportDeletesReleasePlan, Category: CategoryImport, Severity: SeverityWarning, Optional: true,
			Summary: "no release-plan strategy is deleted", check: checkImportDeletesReleasePlan},
		{Code: CodeImportStrategiesReplaced, Category: CategoryImport, Severity: SeverityWarning, Optional: true,
			Summary: "a feature's strategies are not deleted for none", check: checkImportStrategiesReplaced},
		{Code: CodeImportVariantWeightsRecomputed, Category: CategoryImport, Severity: SeverityWarning, Optional: true,
			Summary: "variant weights are kept", check: checkImportVariantWeightsRecomputed},
		{Code: CodeImportVariantWithoutWeightType, Category: CategoryImport, Severity: SeverityWarning, Optional: true,
			Summary: "environment variants have a weight type", check: checkImportVariantWithoutWeightType},
		{Code: CodeImportStrategyEnvNotInProject, Category: CategoryImport, Severity: SeverityWarning, Optional: true,
			Summary: "strategies go to an environment of the project", check: checkImportStrategyEnvNotInProject},
		{Code: CodeImportStrategyParametersDefaults, Category: CategoryImport, Severity: SeverityWarning, Optional: true,
			Summary: "flexibleRollout strategies carry their parameters", check: checkImportStrategyParametersDefaults},
		{Code: CodeImportContextFieldNotUpdated, Category: CategoryImport, Severity: SeverityWarning, Optional: true,
			Summary: "an existing context field is as the file has it", check: checkImportContextFieldNotUpdated},
		{Code: CodeImportContextFieldProject, Category: CategoryImport, Severity: SeverityWarning, Optional: true,
			Summary: "a new context field goes to the project the file names", check: checkImportContextFieldProject},
		{Code: CodeImportIgnoredMember, Category: CategoryImport, Severity: SeverityWarning, Optional: true,
			Summary: "no member the import ignores", check: checkImportIgnoredMember},
	}
}
