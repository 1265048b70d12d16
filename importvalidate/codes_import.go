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

// The codes of the import's refusals that its validation never reports:
// each names a reason for which Unleash's import (POST
// /api/admin/features-batch/import) refuses a file, and a finding of it
// carries the import's own message.
const (
	// The request and the caller and the target.
	// CodeImportBodyTooLarge (error; a warning when the body compact is
	// under the limit): the request body is over the instance's limit,
	// and Unleash answers 413 without reading it.
	CodeImportBodyTooLarge                  Code = "import-body-too-large"
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

// importCodes are the codes of the import's own checks, each finding of
// which may be left out. silent are those of what the import drops or
// changes without a word, of the members its schema refuses, and of the
// facts a source cannot tell, in catalogue order; refusals those of the
// import's refusals, in the order of the import's steps (CHECKS:
// verification, features, variants, tag types and tags, context fields,
// links, strategies, statuses, dependencies).
func importCodes() (silent, refusals []CodeInfo) {
	importError := CodeInfo{Category: CategoryImport, Severity: SeverityError, Optional: true, Import: VerdictRefuses}
	importWarning, importPermissions := importError, importError
	importWarning.Severity, importWarning.Import, importPermissions.Category = SeverityWarning, VerdictAccepts, CategoryPermission
	silent = []CodeInfo{
		importError.rule(CodeImportMemberNotInReferenceSchema, "no member that the import's schema refuses", checkImportMemberNotInSchema),
		importWarning.rule(CodeImportUnknownFact, "the state source tells every fact the import's checks need", checkImportUnknownFact).with(VerdictNone),
		importWarning.rule(CodeImportStrategyWithoutFeature, "every strategy names its feature", checkImportStrategyWithoutFeature),
		importWarning.rule(CodeImportEnvironmentWithoutFeature, "every environment entry names its feature", checkImportEnvironmentWithoutFeature),
		importWarning.rule(CodeImportEnvironmentNameMismatch, "an environment entry's name and featureName agree", checkImportEnvironmentNameMismatch),
		importWarning.rule(CodeImportStrategyOutsideFile, "strategies belong to features of the file", checkImportStrategyOutsideFile),
		importWarning.rule(CodeImportTagOutsideFile, "tags belong to features of the file", checkImportTagOutsideFile),
		importWarning.rule(CodeImportVariantsOutsideFile, "environment variants belong to features of the file", checkImportVariantsOutsideFile),
		importWarning.rule(CodeImportLinksOutsideFile, "links belong to features of the file", checkImportLinksOutsideFile),
		importWarning.rule(CodeImportTagWithoutType, "every tag has a tagType", checkImportTagWithoutType),
		importWarning.rule(CodeImportTagTypeUnused, "every tag type is used by a tag", checkImportTagTypeUnused),
		importWarning.rule(CodeImportDependencySkippedNoProject, "dependencies belong to features whose entry names a project", checkImportDependencyNoProject),
		importWarning.rule(CodeImportDependencySkippedOutsideFile, "dependencies belong to features of the file", checkImportDependencyOutside),
		importWarning.rule(CodeImportDependencyReplacesParents, "a dependency does not drop a feature's other parents", checkImportDependencyReplacesParents),
		importWarning.rule(CodeImportDependencyChain, "no chain of dependencies", checkImportDependencyChain),
		importWarning.rule(CodeImportArchivesFeature, "no feature is imported archived", checkImportArchivesFeature),
		importWarning.rule(CodeImportMetadataReset, "an updated feature keeps the settings the file leaves out", checkImportMetadataReset),
		importWarning.rule(CodeImportUnknownFeatureType, "feature types exist", checkImportUnknownFeatureType),
		importWarning.rule(CodeImportDefaultStrategyAdded, "enabling a feature adds no strategy", checkImportDefaultStrategyAdded),
		importWarning.rule(CodeImportDeletesReleasePlanStrategies, "no release-plan strategy is deleted", checkImportDeletesReleasePlan),
		importWarning.rule(CodeImportStrategiesReplaced, "a feature's strategies are not deleted for none", checkImportStrategiesReplaced),
		importWarning.rule(CodeImportVariantWeightsRecomputed, "variant weights are kept", checkImportVariantWeightsRecomputed),
		importWarning.rule(CodeImportVariantWithoutWeightType, "environment variants have a weight type", checkImportVariantWithoutWeightType),
		importWarning.rule(CodeImportStrategyEnvironmentNotInProject, "strategies go to an environment of the project", checkImportStrategyEnvNotInProject),
		importWarning.rule(CodeImportStrategyParametersDefaults, "flexibleRollout strategies carry their parameters", checkImportStrategyParametersDefaults),
		importWarning.rule(CodeImportContextFieldNotUpdated, "an existing context field is as the file has it", checkImportContextFieldNotUpdated),
		importWarning.rule(CodeImportContextFieldProject, "a new context field goes to the project the file names", checkImportContextFieldProject),
		importWarning.rule(CodeImportIgnoredMember, "no member the import ignores", checkImportIgnoredMember),
	}
	refusals = []CodeInfo{
		// The request, then the caller, before the import reads the file.
		importError.rule(CodeImportBodyTooLarge, "the request body is within the instance's limit", checkImportBodyTooLarge).with(VerdictDepends),
		importError.rule(CodeImportAdminToken, "the caller does not use an admin API token", checkImportAdminToken),

		// The import's verification of the cleaned file: its versions of E1, E2, the
		// permissions, E3, E7 and E8.
		importError.rule(CodeImportUnknownStrategy, "the strategies the import creates name existing strategy types", checkImportUnknownStrategy).yielding(CodeUnknownStrategy),
		importError.rule(CodeImportConstraintContextUnknown, "up to Unleash 6.x, the constraints of the strategies the import creates name context fields that exist or are imported", checkImportConstraintContextUnknown),
		importError.rule(CodeImportContextLegalValues, "imported context fields match the legal values and project of existing ones", checkImportContextLegalValues).yielding(CodeContextLegalValues),
		importPermissions.rule(CodeImportMissingPermissions, "the caller holds every permission the import asks for", checkImportMissingPermissions).yielding(CodeMissingPermissions),
		importError.rule(CodeImportFeatureInOtherProject, "no feature the import creates or updates is active in another project", checkImportFeatureInOtherProject).yielding(CodeFeatureInOtherProject),
		importError.rule(CodeImportUnknownSegment, "imported segments exist globally or in the project", checkImportUnknownSegment).yielding(CodeUnknownSegment),
		importError.rule(CodeImportMissingDependency, "every dependency's parent is imported or exists", checkImportMissingDependency).yielding(CodeMissingDependency),

		// The features, created or updated one by one.
		importError.rule(CodeImportFeatureNameInvalid, "feature names are URL friendly and at most 100 characters long", checkImportFeatureNameInvalid),
		importError.rule(CodeImportDuplicateFeature, "no feature the import creates is given twice", checkImportDuplicateFeature).yielding(CodeDuplicateFeature),
		importError.rule(CodeImportNamingPattern, "the features the import creates match the project's naming pattern", checkImportNamingPattern).yielding(CodeNamingPattern),
		importError.rule(CodeImportProjectFeatureLimit, "the features the import creates stay within the project's feature limit", checkImportProjectFeatureLimit).yielding(CodeFeatureLimit),
		importError.rule(CodeImportGlobalFeatureLimit, "the features the import creates stay within the instance's feature limit (Unleash 6.x and later; 5.x has no such limit)", checkImportGlobalFeatureLimit),
		importError.rule(CodeImportProjectNotActive, "the target project exists and is not archived when the import creates features", checkImportProjectNotActive),
		importError.rule(CodeImportFeatureTypeEmpty, "no feature has an empty type", checkImportFeatureTypeEmpty),
		importError.rule(CodeImportFeatureTagUnknown, "the tags in features[].tags are complete, and those of a feature the import creates exist", checkImportFeatureTagUnknown),
		importError.rule(CodeImportLinkTemplateInvalid, "the project's link templates hold for the features the import creates", checkImportLinkTemplateInvalid),

		// The variants of strategies and feature environments.
		importError.rule(CodeImportVariantNameInvalid, "variant names are URL friendly and at most 100 characters long", checkImportVariantNameInvalid),
		importError.rule(CodeImportVariantDuplicateName, "no two variants of a list share a name", checkImportVariantDuplicateName),
		importError.rule(CodeImportVariantWeightNotInteger, "variant weights are integers", checkImportVariantWeightNotInteger),
		importError.rule(CodeImportVariantEmptyString, "no variant stickiness, payload value or override is empty", checkImportVariantEmptyString),
		importError.rule(CodeImportVariantPayloadJSON, "json payloads hold a JSON object or array", checkImportVariantPayloadJSON),
		importError.rule(CodeImportVariantPayloadMember, "strategy variant payloads have only a type and a value", checkImportVariantPayloadMember),
		importError.rule(CodeImportVariantNoVariable, "every list of variants has a variable one", checkImportVariantNoVariable),
		importError.rule(CodeImportVariantFixOver1000, "the fixed weights of a list of variants sum to at most 1000", checkImportVariantFixOver1000),

		// Tag types and tags, context fields, links.
		importError.rule(CodeImportTagTypeInvalid, "the tag types the import creates have URL-friendly names of 2 to 50 characters", checkImportTagTypeInvalid),
		importError.rule(CodeImportTagFeatureMissing, "tags name existing features", checkImportTagFeatureMissing),
		importError.rule(CodeImportTagInvalid, "tag values and types are 2 to 50 characters long, types URL friendly", checkImportTagInvalid),
		importError.rule(CodeImportTagTypeMissing, "tags use tag types that exist or that the file creates", checkImportTagTypeMissing),
		importError.rule(CodeImportContextFieldInvalid, "the context fields the import creates are well formed", checkImportContextFieldInvalid),
		importError.rule(CodeImportContextFieldDuplicate, "no two new context fields share a name", checkImportContextFieldDuplicate),
		importError.rule(CodeImportLinkFeatureNotActive, "links name active features", checkImportLinkFeatureNotActive),
		importError.rule(CodeImportLinkTooMany, "no feature gets more than ten links", checkImportLinkTooMany),
		importError.rule(CodeImportLinkInvalidURL, "link URLs normalize", checkImportLinkInvalidURL),
		importWarning.rule(CodeImportLinkURLUntold, "link URLs have hosts of ASCII characters, so that their check is exact", checkImportLinkURLUntold),

		// The target environment and its change requests.
		importError.rule(CodeImportEnvironmentNotFound, "the target environment exists when the import writes in it", checkImportEnvironmentNotFound),
		importError.rule(CodeImportChangeRequestsEnabled, "no change request setting of the target stops what the import writes", checkImportChangeRequestsEnabled),

		// The strategies and their constraints.
		importError.rule(CodeImportStrategyFeatureNotInProject, "every strategy's feature belongs to the target project", checkImportStrategyFeatureNotInProject),
		importError.rule(CodeImportStrategySegmentNotListed, "strategy segment ids are listed in data.segments", checkImportStrategySegmentNotListed),
		importError.rule(CodeImportStrategySegmentOtherProject, "strategy segments map to segments of the target project or global ones", checkImportStrategySegmentOtherProject),
		importError.rule(CodeImportTooManyConstraints, "strategies stay within the instance's limit of constraints (Unleash 6.x and later; 5.x has no such limit)", checkImportTooManyConstraints),
		importError.rule(CodeImportTooManyConstraintValues, "constraints stay within the instance's limit of values (Unleash 6.x and later; 5.x has no such limit)", checkImportTooManyConstraintValues),
		importError.rule(CodeImportConstraintContextNameEmpty, "constraints name a context field", checkImportConstraintContextNameEmpty),
		importError.rule(CodeImportConstraintValueEmpty, "no constraint value is empty", checkImportConstraintValueEmpty),
		importError.rule(CodeImportConstraintValueTooLong, "constraint values are at most 100 characters long", checkImportConstraintValueTooLong),
		importError.rule(CodeImportConstraintValuesMissing, "constraints of the list operators have values", checkImportConstraintValuesMissing),
		importError.rule(CodeImportConstraintValueMissing, "constraints of the single-value operators have a value", checkImportConstraintValueMissing),
		importError.rule(CodeImportConstraintNumber, "NUM_ constraint values are safe numbers", checkImportConstraintNumber),
		importError.rule(CodeImportConstraintDate, "DATE_ constraint values are dates", checkImportConstraintDate),
		importWarning.rule(CodeImportConstraintDateLenient, "DATE_ constraint values are date-times in the ECMAScript format", checkImportConstraintDateLenient),
		importError.rule(CodeImportConstraintSemver, "SEMVER_ constraint values are strict, canonical semantic versions", checkImportConstraintSemver),
		importError.rule(CodeImportConstraintRegex, "REGEX constraint values are RE2 regular expressions", checkImportConstraintRegex),
		importError.rule(CodeImportConstraintRegexInverted, "no REGEX constraint is inverted", checkImportConstraintRegexInverted),
		importError.rule(CodeImportConstraintNotLegalValue, "constraint values are legal values of their context field", checkImportConstraintNotLegalValue),
		importError.rule(CodeImportTooManyStrategies, "no strategy goes to a feature that already has the instance's limit of strategies (Unleash 6.x and later; 5.x has no such limit)", checkImportTooManyStrategies),
		importWarning.rule(CodeImportTooManyStrategiesInFile, "no feature gets more strategies than the instance's limit (Unleash 6.x and later; 5.x has no such limit)", checkImportTooManyStrategiesInFile),
		importError.rule(CodeImportStrategySortOrder, "strategy sort orders are 32-bit integers", checkImportStrategySortOrder),
		importError.rule(CodeImportStrategyNextSortOrder, "no strategy without a sort order follows one of sort order 2147483647", checkImportStrategyNextSortOrder),
		importError.rule(CodeImportStrategyTooManySegments, "strategies stay within the instance's limit of segments", checkImportStrategyTooManySegments),
		importError.rule(CodeImportStrategyDuplicateSegment, "no strategy has the same segment twice", checkImportStrategyDuplicateSegment),

		// The status of feature environments.
		importError.rule(CodeImportEnableNeedsStrategyPermission, "a caller who may not create strategies enables no feature left without one", checkImportEnableNeedsStrategyPermission),
		importError.rule(CodeImportEnvironmentFeatureNotInProject, "feature environments name features of the target project", checkImportEnvironmentFeatureNotInProject),
		importError.rule(CodeImportEnvironmentNotInProject, "the features whose status or variants the import sets have the target environment", checkImportEnvironmentNotInProject),
		importError.rule(CodeImportEnvironmentVariantsTargetMissing, "feature environments with variants name existing features", checkImportEnvironmentVariantsTargetMissing),
		importError.rule(CodeImportArchivedFeatureEnabled, "no feature environment sets the status of a feature that ends archived", checkImportArchivedFeatureEnabled),

		// The dependencies.
		importError.rule(CodeImportDependencySelf, "no feature depends on itself", checkImportDependencySelf),
		importError.rule(CodeImportDependencyTransitive, "no dependency makes a chain with the instance's", checkImportDependencyTransitive),
		importError.rule(CodeImportDependencyParentArchived, "dependency parents are active", checkImportDependencyParentArchived),
		importError.rule(CodeImportDependencyOtherProject, "dependency parents belong to the target project", checkImportDependencyOtherProject),
	}
	return silent, refusals
}
