package importvalidate

// The codes of the import's refusals that its validation never reports:
// each names a reason for which Unleash's import (POST
// /api/admin/features-batch/import) refuses a file, and a finding of it
// carries the import's own message.
const (
	// The caller and the target.
	CodeImportAdminToken                    = "import-admin-token"
	CodeImportEnableNeedsStrategyPermission = "import-enable-needs-strategy-permission"
	CodeImportChangeRequestsEnabled         = "import-change-requests-enabled"
	CodeImportProjectNotActive              = "import-project-not-active"
	CodeImportEnvironmentNotFound           = "import-environment-not-found"
	CodeImportEnvironmentNotInProject       = "import-environment-not-in-project"

	// Features.
	CodeImportFeatureNameInvalid     = "import-feature-name-invalid"
	CodeImportFeatureTypeEmpty       = "import-feature-type-empty"
	CodeImportGlobalFeatureLimit     = "import-global-feature-limit"
	CodeImportArchivedFeatureEnabled = "import-archived-feature-enabled"
	CodeImportFeatureTagUnknown      = "import-feature-tag-unknown"

	// Strategies.
	CodeImportStrategyFeatureNotInProject = "import-strategy-feature-not-in-project"
	CodeImportTooManyConstraints          = "import-too-many-constraints"
	CodeImportTooManyConstraintValues     = "import-too-many-constraint-values"
	CodeImportTooManyStrategies           = "import-too-many-strategies"
	CodeImportTooManyStrategiesInFile     = "import-too-many-strategies-in-file"
	CodeImportStrategySortOrder           = "import-strategy-sort-order"
	CodeImportStrategySegmentNotListed    = "import-strategy-segment-not-listed"
	CodeImportStrategySegmentOtherProject = "import-strategy-segment-other-project"
	CodeImportStrategyTooManySegments     = "import-strategy-too-many-segments"
	CodeImportStrategyDuplicateSegment    = "import-strategy-duplicate-segment"

	// Constraints.
	CodeImportConstraintContextNameEmpty = "import-constraint-context-name-empty"
	CodeImportConstraintValueEmpty       = "import-constraint-value-empty"
	CodeImportConstraintValueTooLong     = "import-constraint-value-too-long"
	CodeImportConstraintValuesMissing    = "import-constraint-values-missing"
	CodeImportConstraintValueMissing     = "import-constraint-value-missing"
	CodeImportConstraintNumber           = "import-constraint-number"
	CodeImportConstraintDate             = "import-constraint-date"
	CodeImportConstraintDateLenient      = "import-constraint-date-lenient"
	CodeImportConstraintSemver           = "import-constraint-semver"
	CodeImportConstraintRegex            = "import-constraint-regex"
	CodeImportConstraintRegexInverted    = "import-constraint-regex-inverted"
	CodeImportConstraintNotLegalValue    = "import-constraint-not-legal-value"

	// Variants of strategies and of feature environments.
	CodeImportVariantNameInvalid      = "import-variant-name-invalid"
	CodeImportVariantDuplicateName    = "import-variant-duplicate-name"
	CodeImportVariantWeightNotInteger = "import-variant-weight-not-integer"
	CodeImportVariantEmptyString      = "import-variant-empty-string"
	CodeImportVariantPayloadJSON      = "import-variant-payload-json"
	CodeImportVariantPayloadMember    = "import-variant-payload-member"
	CodeImportVariantNoVariable       = "import-variant-no-variable"
	CodeImportVariantFixOver1000      = "import-variant-fix-over-1000"

	// Feature environments.
	CodeImportEnvironmentFeatureNotInProject   = "import-environment-feature-not-in-project"
	CodeImportEnvironmentVariantsTargetMissing = "import-environment-variants-target-missing"

	// Dependencies.
	CodeImportDependencySelf           = "import-dependency-self"
	CodeImportDependencyTransitive     = "import-dependency-transitive"
	CodeImportDependencyParentArchived = "import-dependency-parent-archived"
	CodeImportDependencyOtherProject   = "import-dependency-other-project"

	// Tags and tag types.
	CodeImportTagTypeInvalid    = "import-tag-type-invalid"
	CodeImportTagInvalid        = "import-tag-invalid"
	CodeImportTagTypeMissing    = "import-tag-type-missing"
	CodeImportTagFeatureMissing = "import-tag-feature-missing"

	// Context fields.
	CodeImportContextFieldInvalid   = "import-context-field-invalid"
	CodeImportContextFieldDuplicate = "import-context-field-duplicate"

	// The import's versions of the reference errors and of the
	// permissions entry, on the cleaned file.
	CodeImportUnknownStrategy       = "import-unknown-strategy"
	CodeImportContextLegalValues    = "import-context-legal-values"
	CodeImportFeatureInOtherProject = "import-feature-in-other-project"
	CodeImportDuplicateFeature      = "import-duplicate-feature"
	CodeImportNamingPattern         = "import-naming-pattern"
	CodeImportProjectFeatureLimit   = "import-project-feature-limit"
	CodeImportUnknownSegment        = "import-unknown-segment"
	CodeImportMissingDependency     = "import-missing-dependency"
	CodeImportMissingPermissions    = "import-missing-permissions"

	// Links.
	CodeImportLinkFeatureNotActive = "import-link-feature-not-active"
	CodeImportLinkTooMany          = "import-link-too-many"
	CodeImportLinkInvalidURL       = "import-link-invalid-url"
	CodeImportLinkURLUntold        = "import-link-url-untold"
	CodeImportLinkTemplateInvalid  = "import-link-template-invalid"
)

// importRefusalRules are the rules of the import's refusals, in the order
// of the import's steps (CHECKS: verification, features, variants, tag
// types and tags, context fields, links, strategies, statuses,
// dependencies).
func importRefusalRules() []Rule {
	r := func(code, summary string, check func(*Input) []Issue) Rule {
		return Rule{Code: code, Severity: SeverityError, Category: CategoryImport, Summary: summary, Check: pure(check)}
	}
	warn := func(code, summary string, check func(*Input) []Issue) Rule {
		w := r(code, summary, check)
		w.Severity = SeverityWarning
		return w
	}
	return []Rule{
		// The caller, before the import reads the file.
		r(CodeImportAdminToken, "the caller does not use an admin API token", checkImportAdminToken),

		// The import's verification of the cleaned file: its versions of E1, E2, the
		// permissions, E3, E7 and E8.
		r(CodeImportUnknownStrategy, "the strategies the import creates name existing strategy types", checkImportUnknownStrategy),
		r(CodeImportContextLegalValues, "imported context fields match the legal values and project of existing ones", checkImportContextLegalValues),
		{Code: CodeImportMissingPermissions, Severity: SeverityError, Category: CategoryPermission,
			Summary: "the caller holds every permission the import asks for", Check: pure(checkImportMissingPermissions)},
		r(CodeImportFeatureInOtherProject, "no feature the import creates or updates is active in another project", checkImportFeatureInOtherProject),
		r(CodeImportUnknownSegment, "imported segments exist globally or in the project", checkImportUnknownSegment),
		r(CodeImportMissingDependency, "every dependency's parent is imported or exists", checkImportMissingDependency),

		// The features, created or updated one by one.
		r(CodeImportFeatureNameInvalid, "feature names are URL friendly and at most 100 characters long", checkImportFeatureNameInvalid),
		r(CodeImportDuplicateFeature, "no feature the import creates is given twice", checkImportDuplicateFeature),
		r(CodeImportNamingPattern, "the features the import creates match the project's naming pattern", checkImportNamingPattern),
		r(CodeImportProjectFeatureLimit, "the features the import creates stay within the project's feature limit", checkImportProjectFeatureLimit),
		r(CodeImportGlobalFeatureLimit, "the features the import creates stay within the instance's feature limit", checkImportGlobalFeatureLimit),
		r(CodeImportProjectNotActive, "the target project exists and is not archived when the import creates features", checkImportProjectNotActive),
		r(CodeImportFeatureTypeEmpty, "no feature has an empty type", checkImportFeatureTypeEmpty),
		r(CodeImportFeatureTagUnknown, "the tags in features[].tags are complete, and those of a feature the import creates exist", checkImportFeatureTagUnknown),
		r(CodeImportLinkTemplateInvalid, "the project's link templates hold for the features the import creates", checkImportLinkTemplateInvalid),

		// The variants of strategies and feature environments.
		r(CodeImportVariantNameInvalid, "variant names are URL friendly and at most 100 characters long", checkImportVariantNameInvalid),
		r(CodeImportVariantDuplicateName, "no two variants of a list share a name", checkImportVariantDuplicateName),
		r(CodeImportVariantWeightNotInteger, "variant weights are integers", checkImportVariantWeightNotInteger),
		r(CodeImportVariantEmptyString, "no variant stickiness, payload value or override is empty", checkImportVariantEmptyString),
		r(CodeImportVariantPayloadJSON, "json payloads hold a JSON object or array", checkImportVariantPayloadJSON),
		r(CodeImportVariantPayloadMember, "strategy variant payloads have only a type and a value", checkImportVariantPayloadMember),
		r(CodeImportVariantNoVariable, "every list of variants has a variable one", checkImportVariantNoVariable),
		r(CodeImportVariantFixOver1000, "the fixed weights of a list of variants sum to at most 1000", checkImportVariantFixOver1000),

		// Tag types and tags, context fields, links.
		r(CodeImportTagTypeInvalid, "the tag types the import creates have URL-friendly names of 2 to 50 characters", checkImportTagTypeInvalid),
		r(CodeImportTagFeatureMissing, "tags name existing features", checkImportTagFeatureMissing),
		r(CodeImportTagInvalid, "tag values and types are 2 to 50 characters long, types URL friendly", checkImportTagInvalid),
		r(CodeImportTagTypeMissing, "tags use tag types that exist or that the file creates", checkImportTagTypeMissing),
		r(CodeImportContextFieldInvalid, "the context fields the import creates are well formed", checkImportContextFieldInvalid),
		r(CodeImportContextFieldDuplicate, "no two new context fields share a name", checkImportContextFieldDuplicate),
		r(CodeImportLinkFeatureNotActive, "links name active features", checkImportLinkFeatureNotActive),
		r(CodeImportLinkTooMany, "no feature gets more than ten links", checkImportLinkTooMany),
		r(CodeImportLinkInvalidURL, "link URLs normalize", checkImportLinkInvalidURL),
		warn(CodeImportLinkURLUntold, "link URLs have hosts of ASCII characters, so that their check is exact", checkImportLinkURLUntold),

		// The target environment and its change requests.
		r(CodeImportEnvironmentNotFound, "the target environment exists when the import writes in it", checkImportEnvironmentNotFound),
		r(CodeImportChangeRequestsEnabled, "no change request setting of the target stops what the import writes", checkImportChangeRequestsEnabled),

		// The strategies and their constraints.
		r(CodeImportStrategyFeatureNotInProject, "every strategy's feature belongs to the target project", checkImportStrategyFeatureNotInProject),
		r(CodeImportStrategySegmentNotListed, "strategy segment ids are listed in data.segments", checkImportStrategySegmentNotListed),
		r(CodeImportStrategySegmentOtherProject, "strategy segments map to segments of the target project or global ones", checkImportStrategySegmentOtherProject),
		r(CodeImportTooManyConstraints, "strategies stay within the instance's limit of constraints", checkImportTooManyConstraints),
		r(CodeImportTooManyConstraintValues, "constraints stay within the instance's limit of values", checkImportTooManyConstraintValues),
		r(CodeImportConstraintContextNameEmpty, "constraints name a context field", checkImportConstraintContextNameEmpty),
		r(CodeImportConstraintValueEmpty, "no constraint value is empty", checkImportConstraintValueEmpty),
		r(CodeImportConstraintValueTooLong, "constraint values are at most 100 characters long", checkImportConstraintValueTooLong),
		r(CodeImportConstraintValuesMissing, "constraints of the list operators have values", checkImportConstraintValuesMissing),
		r(CodeImportConstraintValueMissing, "constraints of the single-value operators have a value", checkImportConstraintValueMissing),
		r(CodeImportConstraintNumber, "NUM_ constraint values are safe numbers", checkImportConstraintNumber),
		r(CodeImportConstraintDate, "DATE_ constraint values are dates", checkImportConstraintDate),
		warn(CodeImportConstraintDateLenient, "DATE_ constraint values are date-times in the ECMAScript format", checkImportConstraintDateLenient),
		r(CodeImportConstraintSemver, "SEMVER_ constraint values are strict, canonical semantic versions", checkImportConstraintSemver),
		r(CodeImportConstraintRegex, "REGEX constraint values are RE2 regular expressions", checkImportConstraintRegex),
		r(CodeImportConstraintRegexInverted, "no REGEX constraint is inverted", checkImportConstraintRegexInverted),
		r(CodeImportConstraintNotLegalValue, "constraint values are legal values of their context field", checkImportConstraintNotLegalValue),
		r(CodeImportTooManyStrategies, "no strategy goes to a feature that already has the instance's limit of strategies", checkImportTooManyStrategies),
		warn(CodeImportTooManyStrategiesInFile, "no feature gets more strategies than the instance's limit", checkImportTooManyStrategiesInFile),
		r(CodeImportStrategySortOrder, "strategy sort orders are 32-bit integers", checkImportStrategySortOrder),
		r(CodeImportStrategyTooManySegments, "strategies stay within the instance's limit of segments", checkImportStrategyTooManySegments),
		r(CodeImportStrategyDuplicateSegment, "no strategy has the same segment twice", checkImportStrategyDuplicateSegment),

		// The status of feature environments.
		r(CodeImportEnableNeedsStrategyPermission, "a caller who may not create strategies enables no feature left without one", checkImportEnableNeedsStrategyPermission),
		r(CodeImportEnvironmentFeatureNotInProject, "feature environments name features of the target project", checkImportEnvironmentFeatureNotInProject),
		r(CodeImportEnvironmentNotInProject, "the features whose status or variants the import sets have the target environment", checkImportEnvironmentNotInProject),
		r(CodeImportEnvironmentVariantsTargetMissing, "feature environments with variants name existing features", checkImportEnvironmentVariantsTargetMissing),
		r(CodeImportArchivedFeatureEnabled, "no feature environment sets the status of a feature that ends archived", checkImportArchivedFeatureEnabled),

		// The dependencies.
		r(CodeImportDependencySelf, "no feature depends on itself", checkImportDependencySelf),
		r(CodeImportDependencyTransitive, "no dependency makes a chain with the instance's", checkImportDependencyTransitive),
		r(CodeImportDependencyParentArchived, "dependency parents are active", checkImportDependencyParentArchived),
		r(CodeImportDependencyOtherProject, "dependency parents belong to the target project", checkImportDependencyOtherProject),
	}
}
