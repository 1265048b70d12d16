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
	// CodeImportMemberOfNewerVersion (error): a member or a constraint
	// operator that the target's Unleash version does not know and a
	// newer version does (a file exported from a newer version): the
	// import refuses the file. Reported beside the structural problem,
	// at its place, when the body fails the structural tier.
	CodeImportMemberOfNewerVersion Code = "import-member-of-newer-version"

	CodeImportStrategyWithoutFeature          Code = "import-strategy-without-feature"
	CodeImportEnvironmentWithoutFeature       Code = "import-environment-without-feature"
	CodeImportEnvironmentNameMismatch         Code = "import-environment-name-mismatch"
	CodeImportStrategyOutsideFile             Code = "import-strategy-outside-file"
	CodeImportTagOutsideFile                  Code = "import-tag-outside-file"
	CodeImportVariantsOutsideFile             Code = "import-variants-outside-file"
	CodeImportLinksOutsideFile                Code = "import-links-outside-file"
	CodeImportTagWithoutType                  Code = "import-tag-without-type"
	CodeImportTagTypeUnused                   Code = "import-tag-type-unused"
	CodeImportDependencySkippedNoProject      Code = "import-dependency-skipped-no-project"
	CodeImportDependencySkippedOutsideFile    Code = "import-dependency-skipped-outside-file"
	CodeImportDependencyReplacesParents       Code = "import-dependency-replaces-parents"
	CodeImportDependencyChain                 Code = "import-dependency-chain"
	CodeImportArchivesFeature                 Code = "import-archives-feature"
	CodeImportMetadataReset                   Code = "import-metadata-reset"
	CodeImportUnknownFeatureType              Code = "import-unknown-feature-type"
	CodeImportDefaultStrategyAdded            Code = "import-default-strategy-added"
	CodeImportDeletesReleasePlanStrategies    Code = "import-deletes-release-plan-strategies"
	CodeImportStrategiesReplaced              Code = "import-strategies-replaced"
	CodeImportVariantWeightsRecomputed        Code = "import-variant-weights-recomputed"
	CodeImportVariantWithoutWeightType        Code = "import-variant-without-weight-type"
	CodeImportStrategyEnvironmentNotInProject Code = "import-strategy-environment-not-in-project"
	CodeImportStrategyParametersDefaults      Code = "import-strategy-parameters-defaults"
	CodeImportContextFieldNotUpdated          Code = "import-context-field-not-updated"
	CodeImportContextFieldProject             Code = "import-context-field-project"
	CodeImportIgnoredMember                   Code = "import-ignored-member"
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
		{Code: CodeImportDependencySkippedOutsideFile, Category: CategoryImport, Severity: SeverityWarning, Optional: true,
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
		{Code: CodeImportDeletesReleasePlanStrategies, Category: CategoryImport, Severity: SeverityWarning, Optional: true,
			Summary: "no release-plan strategy is deleted", check: checkImportDeletesReleasePlan},
		{Code: CodeImportStrategiesReplaced, Category: CategoryImport, Severity: SeverityWarning, Optional: true,
			Summary: "a feature's strategies are not deleted for none", check: checkImportStrategiesReplaced},
		{Code: CodeImportVariantWeightsRecomputed, Category: CategoryImport, Severity: SeverityWarning, Optional: true,
			Summary: "variant weights are kept", check: checkImportVariantWeightsRecomputed},
		{Code: CodeImportVariantWithoutWeightType, Category: CategoryImport, Severity: SeverityWarning, Optional: true,
			Summary: "environment variants have a weight type", check: checkImportVariantWithoutWeightType},
		{Code: CodeImportStrategyEnvironmentNotInProject, Category: CategoryImport, Severity: SeverityWarning, Optional: true,
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

// The codes of the import's refusals that its validation never reports:
// each names a reason for which Unleash's import (POST
// /api/admin/features-batch/import) refuses a file, and a finding of it
// carries the import's own message.
const (
	// The caller and the target.
	CodeImportAdminToken                    Code = "import-admin-token"
	CodeImportEnableNeedsStrategyPermission Code = "import-enable-needs-strategy-permission"
	CodeImportChangeRequestsEnabled         Code = "import-change-requests-enabled"
	CodeImportProjectNotActive              Code = "import-project-not-active"
	CodeImportEnvironmentNotFound           Code = "import-environment-not-found"
	CodeImportEnvironmentNotInProject       Code = "import-environment-not-in-project"

	// Features.
	CodeImportFeatureNameInvalid     Code = "import-feature-name-invalid"
	CodeImportFeatureTypeEmpty       Code = "import-feature-type-empty"
	CodeImportGlobalFeatureLimit     Code = "import-global-feature-limit"
	CodeImportArchivedFeatureEnabled Code = "import-archived-feature-enabled"
	CodeImportFeatureTagUnknown      Code = "import-feature-tag-unknown"

	// Strategies.
	CodeImportStrategyFeatureNotInProject Code = "import-strategy-feature-not-in-project"
	CodeImportTooManyConstraints          Code = "import-too-many-constraints"
	CodeImportTooManyConstraintValues     Code = "import-too-many-constraint-values"
	CodeImportTooManyStrategies           Code = "import-too-many-strategies"
	CodeImportTooManyStrategiesInFile     Code = "import-too-many-strategies-in-file"
	CodeImportStrategySortOrder           Code = "import-strategy-sort-order"
	CodeImportStrategyNextSortOrder       Code = "import-strategy-next-sort-order"
	CodeImportStrategySegmentNotListed    Code = "import-strategy-segment-not-listed"
	CodeImportStrategySegmentOtherProject Code = "import-strategy-segment-other-project"
	CodeImportStrategyTooManySegments     Code = "import-strategy-too-many-segments"
	CodeImportStrategyDuplicateSegment    Code = "import-strategy-duplicate-segment"

	// Constraints.
	CodeImportConstraintContextNameEmpty Code = "import-constraint-context-name-empty"
	CodeImportConstraintValueEmpty       Code = "import-constraint-value-empty"
	CodeImportConstraintValueTooLong     Code = "import-constraint-value-too-long"
	CodeImportConstraintValuesMissing    Code = "import-constraint-values-missing"
	CodeImportConstraintValueMissing     Code = "import-constraint-value-missing"
	CodeImportConstraintNumber           Code = "import-constraint-number"
	CodeImportConstraintDate             Code = "import-constraint-date"
	CodeImportConstraintDateLenient      Code = "import-constraint-date-lenient"
	CodeImportConstraintSemver           Code = "import-constraint-semver"
	CodeImportConstraintRegex            Code = "import-constraint-regex"
	CodeImportConstraintRegexInverted    Code = "import-constraint-regex-inverted"
	CodeImportConstraintNotLegalValue    Code = "import-constraint-not-legal-value"

	// Variants of strategies and of feature environments.
	CodeImportVariantNameInvalid      Code = "import-variant-name-invalid"
	CodeImportVariantDuplicateName    Code = "import-variant-duplicate-name"
	CodeImportVariantWeightNotInteger Code = "import-variant-weight-not-integer"
	CodeImportVariantEmptyString      Code = "import-variant-empty-string"
	CodeImportVariantPayloadJSON      Code = "import-variant-payload-json"
	CodeImportVariantPayloadMember    Code = "import-variant-payload-member"
	CodeImportVariantNoVariable       Code = "import-variant-no-variable"
	CodeImportVariantFixOver1000      Code = "import-variant-fix-over-1000"

	// Feature environments.
	CodeImportEnvironmentFeatureNotInProject   Code = "import-environment-feature-not-in-project"
	CodeImportEnvironmentVariantsTargetMissing Code = "import-environment-variants-target-missing"

	// Dependencies.
	CodeImportDependencySelf           Code = "import-dependency-self"
	CodeImportDependencyTransitive     Code = "import-dependency-transitive"
	CodeImportDependencyParentArchived Code = "import-dependency-parent-archived"
	CodeImportDependencyOtherProject   Code = "import-dependency-other-project"

	// Tags and tag types.
	CodeImportTagTypeInvalid    Code = "import-tag-type-invalid"
	CodeImportTagInvalid        Code = "import-tag-invalid"
	CodeImportTagTypeMissing    Code = "import-tag-type-missing"
	CodeImportTagFeatureMissing Code = "import-tag-feature-missing"

	// Context fields.
	CodeImportContextFieldInvalid      Code = "import-context-field-invalid"
	CodeImportContextFieldDuplicate    Code = "import-context-field-duplicate"
	CodeImportConstraintContextUnknown Code = "import-constraint-context-unknown"

	// The import's versions of the reference errors and of the
	// permissions entry, on the cleaned file.
	CodeImportUnknownStrategy       Code = "import-unknown-strategy"
	CodeImportContextLegalValues    Code = "import-context-legal-values"
	CodeImportFeatureInOtherProject Code = "import-feature-in-other-project"
	CodeImportDuplicateFeature      Code = "import-duplicate-feature"
	CodeImportNamingPattern         Code = "import-naming-pattern"
	CodeImportProjectFeatureLimit   Code = "import-project-feature-limit"
	CodeImportUnknownSegment        Code = "import-unknown-segment"
	CodeImportMissingDependency     Code = "import-missing-dependency"
	CodeImportMissingPermissions    Code = "import-missing-permissions"

	// Links.
	CodeImportLinkFeatureNotActive Code = "import-link-feature-not-active"
	CodeImportLinkTooMany          Code = "import-link-too-many"
	CodeImportLinkInvalidURL       Code = "import-link-invalid-url"
	CodeImportLinkURLUntold        Code = "import-link-url-untold"
	CodeImportLinkTemplateInvalid  Code = "import-link-template-invalid"
)

// importRefusalCodes are the codes of the import's refusals, in the order
// of the import's steps (CHECKS: verification, features, variants, tag
// types and tags, context fields, links, strategies, statuses,
// dependencies).
func importRefusalCodes() []CodeInfo {
	return []CodeInfo{
		// The caller, before the import reads the file.
		{Code: CodeImportAdminToken, Category: CategoryImport, Severity: SeverityError, Optional: true,
			Summary: "the caller does not use an admin API token", check: checkImportAdminToken},

		// The import's verification of the cleaned file: its versions of E1, E2, the
		// permissions, E3, E7 and E8.
		{Code: CodeImportUnknownStrategy, Category: CategoryImport, Severity: SeverityError, Optional: true,
			Summary: "the strategies the import creates name existing strategy types", check: checkImportUnknownStrategy},
		{Code: CodeImportConstraintContextUnknown, Category: CategoryImport, Severity: SeverityError, Optional: true,
			Summary: "up to Unleash 6.x, the constraints of the strategies the import creates name context fields that exist or are imported", check: checkImportConstraintContextUnknown},
		{Code: CodeImportContextLegalValues, Category: CategoryImport, Severity: SeverityError, Optional: true,
			Summary: "imported context fields match the legal values and project of existing ones", check: checkImportContextLegalValues},
		{Code: CodeImportMissingPermissions, Category: CategoryPermission, Severity: SeverityError, Optional: true,
			Summary: "the caller holds every permission the import asks for", check: checkImportMissingPermissions},
		{Code: CodeImportFeatureInOtherProject, Category: CategoryImport, Severity: SeverityError, Optional: true,
			Summary: "no feature the import creates or updates is active in another project", check: checkImportFeatureInOtherProject},
		{Code: CodeImportUnknownSegment, Category: CategoryImport, Severity: SeverityError, Optional: true,
			Summary: "imported segments exist globally or in the project", check: checkImportUnknownSegment},
		{Code: CodeImportMissingDependency, Category: CategoryImport, Severity: SeverityError, Optional: true,
			Summary: "every dependency's parent is imported or exists", check: checkImportMissingDependency},

		// The features, created or updated one by one.
		{Code: CodeImportFeatureNameInvalid, Category: CategoryImport, Severity: SeverityError, Optional: true,
			Summary: "feature names are URL friendly and at most 100 characters long", check: checkImportFeatureNameInvalid},
		{Code: CodeImportDuplicateFeature, Category: CategoryImport, Severity: SeverityError, Optional: true,
			Summary: "no feature the import creates is given twice", check: checkImportDuplicateFeature},
		{Code: CodeImportNamingPattern, Category: CategoryImport, Severity: SeverityError, Optional: true,
			Summary: "the features the import creates match the project's naming pattern", check: checkImportNamingPattern},
		{Code: CodeImportProjectFeatureLimit, Category: CategoryImport, Severity: SeverityError, Optional: true,
			Summary: "the features the import creates stay within the project's feature limit", check: checkImportProjectFeatureLimit},
		{Code: CodeImportGlobalFeatureLimit, Category: CategoryImport, Severity: SeverityError, Optional: true,
			Summary: "the features the import creates stay within the instance's feature limit (Unleash 6.x and later; 5.x has no such limit)", check: checkImportGlobalFeatureLimit},
		{Code: CodeImportProjectNotActive, Category: CategoryImport, Severity: SeverityError, Optional: true,
			Summary: "the target project exists and is not archived when the import creates features", check: checkImportProjectNotActive},
		{Code: CodeImportFeatureTypeEmpty, Category: CategoryImport, Severity: SeverityError, Optional: true,
			Summary: "no feature has an empty type", check: checkImportFeatureTypeEmpty},
		{Code: CodeImportFeatureTagUnknown, Category: CategoryImport, Severity: SeverityError, Optional: true,
			Summary: "the tags in features[].tags are complete, and those of a feature the import creates exist", check: checkImportFeatureTagUnknown},
		{Code: CodeImportLinkTemplateInvalid, Category: CategoryImport, Severity: SeverityError, Optional: true,
			Summary: "the project's link templates hold for the features the import creates", check: checkImportLinkTemplateInvalid},

		// The variants of strategies and feature environments.
		{Code: CodeImportVariantNameInvalid, Category: CategoryImport, Severity: SeverityError, Optional: true,
			Summary: "variant names are URL friendly and at most 100 characters long", check: checkImportVariantNameInvalid},
		{Code: CodeImportVariantDuplicateName, Category: CategoryImport, Severity: SeverityError, Optional: true,
			Summary: "no two variants of a list share a name", check: checkImportVariantDuplicateName},
		{Code: CodeImportVariantWeightNotInteger, Category: CategoryImport, Severity: SeverityError, Optional: true,
			Summary: "variant weights are integers", check: checkImportVariantWeightNotInteger},
		{Code: CodeImportVariantEmptyString, Category: CategoryImport, Severity: SeverityError, Optional: true,
			Summary: "no variant stickiness, payload value or override is empty", check: checkImportVariantEmptyString},
		{Code: CodeImportVariantPayloadJSON, Category: CategoryImport, Severity: SeverityError, Optional: true,
			Summary: "json payloads hold a JSON object or array", check: checkImportVariantPayloadJSON},
		{Code: CodeImportVariantPayloadMember, Category: CategoryImport, Severity: SeverityError, Optional: true,
			Summary: "strategy variant payloads have only a type and a value", check: checkImportVariantPayloadMember},
		{Code: CodeImportVariantNoVariable, Category: CategoryImport, Severity: SeverityError, Optional: true,
			Summary: "every list of variants has a variable one", check: checkImportVariantNoVariable},
		{Code: CodeImportVariantFixOver1000, Category: CategoryImport, Severity: SeverityError, Optional: true,
			Summary: "the fixed weights of a list of variants sum to at most 1000", check: checkImportVariantFixOver1000},

		// Tag types and tags, context fields, links.
		{Code: CodeImportTagTypeInvalid, Category: CategoryImport, Severity: SeverityError, Optional: true,
			Summary: "the tag types the import creates have URL-friendly names of 2 to 50 characters", check: checkImportTagTypeInvalid},
		{Code: CodeImportTagFeatureMissing, Category: CategoryImport, Severity: SeverityError, Optional: true,
			Summary: "tags name existing features", check: checkImportTagFeatureMissing},
		{Code: CodeImportTagInvalid, Category: CategoryImport, Severity: SeverityError, Optional: true,
			Summary: "tag values and types are 2 to 50 characters long, types URL friendly", check: checkImportTagInvalid},
		{Code: CodeImportTagTypeMissing, Category: CategoryImport, Severity: SeverityError, Optional: true,
			Summary: "tags use tag types that exist or that the file creates", check: checkImportTagTypeMissing},
		{Code: CodeImportContextFieldInvalid, Category: CategoryImport, Severity: SeverityError, Optional: true,
			Summary: "the context fields the import creates are well formed", check: checkImportContextFieldInvalid},
		{Code: CodeImportContextFieldDuplicate, Category: CategoryImport, Severity: SeverityError, Optional: true,
			Summary: "no two new context fields share a name", check: checkImportContextFieldDuplicate},
		{Code: CodeImportLinkFeatureNotActive, Category: CategoryImport, Severity: SeverityError, Optional: true,
			Summary: "links name active features", check: checkImportLinkFeatureNotActive},
		{Code: CodeImportLinkTooMany, Category: CategoryImport, Severity: SeverityError, Optional: true,
			Summary: "no feature gets more than ten links", check: checkImportLinkTooMany},
		{Code: CodeImportLinkInvalidURL, Category: CategoryImport, Severity: SeverityError, Optional: true,
			Summary: "link URLs normalize", check: checkImportLinkInvalidURL},
		{Code: CodeImportLinkURLUntold, Category: CategoryImport, Severity: SeverityWarning, Optional: true,
			Summary: "link URLs have hosts of ASCII characters, so that their check is exact", check: checkImportLinkURLUntold},

		// The target environment and its change requests.
		{Code: CodeImportEnvironmentNotFound, Category: CategoryImport, Severity: SeverityError, Optional: true,
			Summary: "the target environment exists when the import writes in it", check: checkImportEnvironmentNotFound},
		{Code: CodeImportChangeRequestsEnabled, Category: CategoryImport, Severity: SeverityError, Optional: true,
			Summary: "no change request setting of the target stops what the import writes", check: checkImportChangeRequestsEnabled},

		// The strategies and their constraints.
		{Code: CodeImportStrategyFeatureNotInProject, Category: CategoryImport, Severity: SeverityError, Optional: true,
			Summary: "every strategy's feature belongs to the target project", check: checkImportStrategyFeatureNotInProject},
		{Code: CodeImportStrategySegmentNotListed, Category: CategoryImport, Severity: SeverityError, Optional: true,
			Summary: "strategy segment ids are listed in data.segments", check: checkImportStrategySegmentNotListed},
		{Code: CodeImportStrategySegmentOtherProject, Category: CategoryImport, Severity: SeverityError, Optional: true,
			Summary: "strategy segments map to segments of the target project or global ones", check: checkImportStrategySegmentOtherProject},
		{Code: CodeImportTooManyConstraints, Category: CategoryImport, Severity: SeverityError, Optional: true,
			Summary: "strategies stay within the instance's limit of constraints (Unleash 6.x and later; 5.x has no such limit)", check: checkImportTooManyConstraints},
		{Code: CodeImportTooManyConstraintValues, Category: CategoryImport, Severity: SeverityError, Optional: true,
			Summary: "constraints stay within the instance's limit of values (Unleash 6.x and later; 5.x has no such limit)", check: checkImportTooManyConstraintValues},
		{Code: CodeImportConstraintContextNameEmpty, Category: CategoryImport, Severity: SeverityError, Optional: true,
			Summary: "constraints name a context field", check: checkImportConstraintContextNameEmpty},
		{Code: CodeImportConstraintValueEmpty, Category: CategoryImport, Severity: SeverityError, Optional: true,
			Summary: "no constraint value is empty", check: checkImportConstraintValueEmpty},
		{Code: CodeImportConstraintValueTooLong, Category: CategoryImport, Severity: SeverityError, Optional: true,
			Summary: "constraint values are at most 100 characters long", check: checkImportConstraintValueTooLong},
		{Code: CodeImportConstraintValuesMissing, Category: CategoryImport, Severity: SeverityError, Optional: true,
			Summary: "constraints of the list operators have values", check: checkImportConstraintValuesMissing},
		{Code: CodeImportConstraintValueMissing, Category: CategoryImport, Severity: SeverityError, Optional: true,
			Summary: "constraints of the single-value operators have a value", check: checkImportConstraintValueMissing},
		{Code: CodeImportConstraintNumber, Category: CategoryImport, Severity: SeverityError, Optional: true,
			Summary: "NUM_ constraint values are safe numbers", check: checkImportConstraintNumber},
		{Code: CodeImportConstraintDate, Category: CategoryImport, Severity: SeverityError, Optional: true,
			Summary: "DATE_ constraint values are dates", check: checkImportConstraintDate},
		{Code: CodeImportConstraintDateLenient, Category: CategoryImport, Severity: SeverityWarning, Optional: true,
			Summary: "DATE_ constraint values are date-times in the ECMAScript format", check: checkImportConstraintDateLenient},
		{Code: CodeImportConstraintSemver, Category: CategoryImport, Severity: SeverityError, Optional: true,
			Summary: "SEMVER_ constraint values are strict, canonical semantic versions", check: checkImportConstraintSemver},
		{Code: CodeImportConstraintRegex, Category: CategoryImport, Severity: SeverityError, Optional: true,
			Summary: "REGEX constraint values are RE2 regular expressions", check: checkImportConstraintRegex},
		{Code: CodeImportConstraintRegexInverted, Category: CategoryImport, Severity: SeverityError, Optional: true,
			Summary: "no REGEX constraint is inverted", check: checkImportConstraintRegexInverted},
		{Code: CodeImportConstraintNotLegalValue, Category: CategoryImport, Severity: SeverityError, Optional: true,
			Summary: "constraint values are legal values of their context field", check: checkImportConstraintNotLegalValue},
		{Code: CodeImportTooManyStrategies, Category: CategoryImport, Severity: SeverityError, Optional: true,
			Summary: "no strategy goes to a feature that already has the instance's limit of strategies (Unleash 6.x and later; 5.x has no such limit)", check: checkImportTooManyStrategies},
		{Code: CodeImportTooManyStrategiesInFile, Category: CategoryImport, Severity: SeverityWarning, Optional: true,
			Summary: "no feature gets more strategies than the instance's limit (Unleash 6.x and later; 5.x has no such limit)", check: checkImportTooManyStrategiesInFile},
		{Code: CodeImportStrategySortOrder, Category: CategoryImport, Severity: SeverityError, Optional: true,
			Summary: "strategy sort orders are 32-bit integers", check: checkImportStrategySortOrder},
		{Code: CodeImportStrategyNextSortOrder, Category: CategoryImport, Severity: SeverityError, Optional: true,
			Summary: "no strategy without a sort order follows one of sort order 2147483647", check: checkImportStrategyNextSortOrder},
		{Code: CodeImportStrategyTooManySegments, Category: CategoryImport, Severity: SeverityError, Optional: true,
			Summary: "strategies stay within the instance's limit of segments", check: checkImportStrategyTooManySegments},
		{Code: CodeImportStrategyDuplicateSegment, Category: CategoryImport, Severity: SeverityError, Optional: true,
			Summary: "no strategy has the same segment twice", check: checkImportStrategyDuplicateSegment},

		// The status of feature environments.
		{Code: CodeImportEnableNeedsStrategyPermission, Category: CategoryImport, Severity: SeverityError, Optional: true,
			Summary: "a caller who may not create strategies enables no feature left without one", check: checkImportEnableNeedsStrategyPermission},
		{Code: CodeImportEnvironmentFeatureNotInProject, Category: CategoryImport, Severity: SeverityError, Optional: true,
			Summary: "feature environments name features of the target project", check: checkImportEnvironmentFeatureNotInProject},
		{Code: CodeImportEnvironmentNotInProject, Category: CategoryImport, Severity: SeverityError, Optional: true,
			Summary: "the features whose status or variants the import sets have the target environment", check: checkImportEnvironmentNotInProject},
		{Code: CodeImportEnvironmentVariantsTargetMissing, Category: CategoryImport, Severity: SeverityError, Optional: true,
			Summary: "feature environments with variants name existing features", check: checkImportEnvironmentVariantsTargetMissing},
		{Code: CodeImportArchivedFeatureEnabled, Category: CategoryImport, Severity: SeverityError, Optional: true,
			Summary: "no feature environment sets the status of a feature that ends archived", check: checkImportArchivedFeatureEnabled},

		// The dependencies.
		{Code: CodeImportDependencySelf, Category: CategoryImport, Severity: SeverityError, Optional: true,
			Summary: "no feature depends on itself", check: checkImportDependencySelf},
		{Code: CodeImportDependencyTransitive, Category: CategoryImport, Severity: SeverityError, Optional: true,
			Summary: "no dependency makes a chain with the instance's", check: checkImportDependencyTransitive},
		{Code: CodeImportDependencyParentArchived, Category: CategoryImport, Severity: SeverityError, Optional: true,
			Summary: "dependency parents are active", check: checkImportDependencyParentArchived},
		{Code: CodeImportDependencyOtherProject, Category: CategoryImport, Severity: SeverityError, Optional: true,
			Summary: "dependency parents belong to the target project", check: checkImportDependencyOtherProject},
	}
}
