package importvalidate

import "github.com/flagadmin/flagadmin/importvalidate/importmodel"

// The codes of what Unleash's import drops or changes without a word
// (warnings of CategoryImport), and of the import's facts a source
// cannot tell.
const (
	// CodeImportUnknownFact (warning): a check of the import needs a fact
	// of the instance that the state source cannot tell; it was not made.
	CodeImportUnknownFact = Code(importmodel.UnknownFact)
	// CodeImportMemberNotInReferenceSchema (error): a member flagadmin
	// accepts but the import's own schema refuses.
	CodeImportMemberNotInReferenceSchema = Code(importmodel.MemberNotInReferenceSchema)
	// CodeImportMemberOfNewerVersion (error): a member or a constraint
	// operator that the target's Unleash version does not know and a
	// newer version does (a file exported from a newer version): the
	// import refuses the file. Reported beside the structural problem,
	// at its place, when the body fails the structural tier.
	CodeImportMemberOfNewerVersion = Code(importmodel.MemberOfNewerVersion)

	CodeImportStrategyWithoutFeature          = Code(importmodel.StrategyWithoutFeature)
	CodeImportEnvironmentWithoutFeature       = Code(importmodel.EnvironmentWithoutFeature)
	CodeImportEnvironmentNameMismatch         = Code(importmodel.EnvironmentNameMismatch)
	CodeImportStrategyOutsideFile             = Code(importmodel.StrategyOutsideFile)
	CodeImportTagOutsideFile                  = Code(importmodel.TagOutsideFile)
	CodeImportVariantsOutsideFile             = Code(importmodel.VariantsOutsideFile)
	CodeImportLinksOutsideFile                = Code(importmodel.LinksOutsideFile)
	CodeImportTagWithoutType                  = Code(importmodel.TagWithoutType)
	CodeImportTagTypeUnused                   = Code(importmodel.TagTypeUnused)
	CodeImportDependencySkippedNoProject      = Code(importmodel.DependencySkippedNoProject)
	CodeImportDependencySkippedOutsideFile    = Code(importmodel.DependencySkippedOutsideFile)
	CodeImportDependencyReplacesParents       = Code(importmodel.DependencyReplacesParents)
	CodeImportDependencyChain                 = Code(importmodel.DependencyChain)
	CodeImportArchivesFeature                 = Code(importmodel.ArchivesFeature)
	CodeImportMetadataReset                   = Code(importmodel.MetadataReset)
	CodeImportUnknownFeatureType              = Code(importmodel.UnknownFeatureType)
	CodeImportDefaultStrategyAdded            = Code(importmodel.DefaultStrategyAdded)
	CodeImportDeletesReleasePlanStrategies    = Code(importmodel.DeletesReleasePlanStrategies)
	CodeImportStrategiesReplaced              = Code(importmodel.StrategiesReplaced)
	CodeImportVariantWeightsRecomputed        = Code(importmodel.VariantWeightsRecomputed)
	CodeImportVariantWithoutWeightType        = Code(importmodel.VariantWithoutWeightType)
	CodeImportStrategyEnvironmentNotInProject = Code(importmodel.StrategyEnvironmentNotInProject)
	CodeImportStrategyParametersDefaults      = Code(importmodel.StrategyParametersDefaults)
	CodeImportContextFieldNotUpdated          = Code(importmodel.ContextFieldNotUpdated)
	CodeImportContextFieldProject             = Code(importmodel.ContextFieldProject)
	CodeImportIgnoredMember                   = Code(importmodel.IgnoredMember)
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
	CodeImportBodyTooLarge                  = Code(importmodel.BodyTooLarge)
	CodeImportAdminToken                    = Code(importmodel.AdminToken)
	CodeImportEnableNeedsStrategyPermission = Code(importmodel.EnableNeedsStrategyPermission)
	CodeImportChangeRequestsEnabled         = Code(importmodel.ChangeRequestsEnabled)
	CodeImportProjectNotActive              = Code(importmodel.ProjectNotActive)
	CodeImportEnvironmentNotFound           = Code(importmodel.EnvironmentNotFound)
	CodeImportEnvironmentNotInProject       = Code(importmodel.EnvironmentNotInProject)

	// Features.
	CodeImportFeatureNameInvalid     = Code(importmodel.FeatureNameInvalid)
	CodeImportFeatureTypeEmpty       = Code(importmodel.FeatureTypeEmpty)
	CodeImportGlobalFeatureLimit     = Code(importmodel.GlobalFeatureLimit)
	CodeImportArchivedFeatureEnabled = Code(importmodel.ArchivedFeatureEnabled)
	CodeImportFeatureTagUnknown      = Code(importmodel.FeatureTagUnknown)

	// Strategies.
	CodeImportStrategyFeatureNotInProject = Code(importmodel.StrategyFeatureNotInProject)
	CodeImportTooManyConstraints          = Code(importmodel.TooManyConstraints)
	CodeImportTooManyConstraintValues     = Code(importmodel.TooManyConstraintValues)
	CodeImportTooManyStrategies           = Code(importmodel.TooManyStrategies)
	CodeImportTooManyStrategiesInFile     = Code(importmodel.TooManyStrategiesInFile)
	CodeImportStrategySortOrder           = Code(importmodel.StrategySortOrder)
	CodeImportStrategyNextSortOrder       = Code(importmodel.StrategyNextSortOrder)
	CodeImportStrategySegmentNotListed    = Code(importmodel.StrategySegmentNotListed)
	CodeImportStrategySegmentOtherProject = Code(importmodel.StrategySegmentOtherProject)
	CodeImportStrategyTooManySegments     = Code(importmodel.StrategyTooManySegments)
	CodeImportStrategyDuplicateSegment    = Code(importmodel.StrategyDuplicateSegment)

	// Constraints.
	CodeImportConstraintContextNameEmpty = Code(importmodel.ConstraintContextNameEmpty)
	CodeImportConstraintValueEmpty       = Code(importmodel.ConstraintValueEmpty)
	CodeImportConstraintValueTooLong     = Code(importmodel.ConstraintValueTooLong)
	CodeImportConstraintValuesMissing    = Code(importmodel.ConstraintValuesMissing)
	CodeImportConstraintValueMissing     = Code(importmodel.ConstraintValueMissing)
	CodeImportConstraintNumber           = Code(importmodel.ConstraintNumber)
	CodeImportConstraintDate             = Code(importmodel.ConstraintDate)
	CodeImportConstraintDateLenient      = Code(importmodel.ConstraintDateLenient)
	CodeImportConstraintSemver           = Code(importmodel.ConstraintSemver)
	CodeImportConstraintRegex            = Code(importmodel.ConstraintRegex)
	CodeImportConstraintRegexInverted    = Code(importmodel.ConstraintRegexInverted)
	CodeImportConstraintNotLegalValue    = Code(importmodel.ConstraintNotLegalValue)

	// Variants of strategies and of feature environments.
	CodeImportVariantNameInvalid      = Code(importmodel.VariantNameInvalid)
	CodeImportVariantDuplicateName    = Code(importmodel.VariantDuplicateName)
	CodeImportVariantWeightNotInteger = Code(importmodel.VariantWeightNotInteger)
	CodeImportVariantEmptyString      = Code(importmodel.VariantEmptyString)
	CodeImportVariantPayloadJSON      = Code(importmodel.VariantPayloadJSON)
	CodeImportVariantPayloadMember    = Code(importmodel.VariantPayloadMember)
	CodeImportVariantNoVariable       = Code(importmodel.VariantNoVariable)
	CodeImportVariantFixOver1000      = Code(importmodel.VariantFixOver1000)

	// Feature environments.
	CodeImportEnvironmentFeatureNotInProject   = Code(importmodel.EnvironmentFeatureNotInProject)
	CodeImportEnvironmentVariantsTargetMissing = Code(importmodel.EnvironmentVariantsTargetMissing)

	// Dependencies.
	CodeImportDependencySelf           = Code(importmodel.DependencySelf)
	CodeImportDependencyTransitive     = Code(importmodel.DependencyTransitive)
	CodeImportDependencyParentArchived = Code(importmodel.DependencyParentArchived)
	CodeImportDependencyOtherProject   = Code(importmodel.DependencyOtherProject)

	// Tags and tag types.
	CodeImportTagTypeInvalid    = Code(importmodel.TagTypeInvalid)
	CodeImportTagInvalid        = Code(importmodel.TagInvalid)
	CodeImportTagTypeMissing    = Code(importmodel.TagTypeMissing)
	CodeImportTagFeatureMissing = Code(importmodel.TagFeatureMissing)

	// Context fields.
	CodeImportContextFieldInvalid      = Code(importmodel.ContextFieldInvalid)
	CodeImportContextFieldDuplicate    = Code(importmodel.ContextFieldDuplicate)
	CodeImportConstraintContextUnknown = Code(importmodel.ConstraintContextUnknown)

	// The import's versions of the reference errors and of the
	// permissions entry, on the cleaned file.
	CodeImportUnknownStrategy       = Code(importmodel.UnknownStrategy)
	CodeImportContextLegalValues    = Code(importmodel.ContextLegalValues)
	CodeImportFeatureInOtherProject = Code(importmodel.FeatureInOtherProject)
	CodeImportDuplicateFeature      = Code(importmodel.DuplicateFeature)
	CodeImportNamingPattern         = Code(importmodel.NamingPattern)
	CodeImportProjectFeatureLimit   = Code(importmodel.ProjectFeatureLimit)
	CodeImportUnknownSegment        = Code(importmodel.UnknownSegment)
	CodeImportMissingDependency     = Code(importmodel.MissingDependency)
	CodeImportMissingPermissions    = Code(importmodel.MissingPermissions)

	// Links.
	CodeImportLinkFeatureNotActive = Code(importmodel.LinkFeatureNotActive)
	CodeImportLinkTooMany          = Code(importmodel.LinkTooMany)
	CodeImportLinkInvalidURL       = Code(importmodel.LinkInvalidURL)
	CodeImportLinkURLUntold        = Code(importmodel.LinkURLUntold)
	CodeImportLinkTemplateInvalid  = Code(importmodel.LinkTemplateInvalid)
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
		importError.imported(CodeImportMemberNotInReferenceSchema, "no member that the import's schema refuses"),
		importWarning.imported(CodeImportUnknownFact, "the state source tells every fact the import's checks need").with(VerdictNone),
		importWarning.imported(CodeImportStrategyWithoutFeature, "every strategy names its feature"),
		importWarning.imported(CodeImportEnvironmentWithoutFeature, "every environment entry names its feature"),
		importWarning.imported(CodeImportEnvironmentNameMismatch, "an environment entry's name and featureName agree"),
		importWarning.imported(CodeImportStrategyOutsideFile, "strategies belong to features of the file"),
		importWarning.imported(CodeImportTagOutsideFile, "tags belong to features of the file"),
		importWarning.imported(CodeImportVariantsOutsideFile, "environment variants belong to features of the file"),
		importWarning.imported(CodeImportLinksOutsideFile, "links belong to features of the file"),
		importWarning.imported(CodeImportTagWithoutType, "every tag has a tagType"),
		importWarning.imported(CodeImportTagTypeUnused, "every tag type is used by a tag"),
		importWarning.imported(CodeImportDependencySkippedNoProject, "dependencies belong to features whose entry names a project"),
		importWarning.imported(CodeImportDependencySkippedOutsideFile, "dependencies belong to features of the file"),
		importWarning.imported(CodeImportDependencyReplacesParents, "a dependency does not drop a feature's other parents"),
		importWarning.imported(CodeImportDependencyChain, "no chain of dependencies"),
		importWarning.imported(CodeImportArchivesFeature, "no feature is imported archived"),
		importWarning.imported(CodeImportMetadataReset, "an updated feature keeps the settings the file leaves out"),
		importWarning.imported(CodeImportUnknownFeatureType, "feature types exist"),
		importWarning.imported(CodeImportDefaultStrategyAdded, "enabling a feature adds no strategy"),
		importWarning.imported(CodeImportDeletesReleasePlanStrategies, "no release-plan strategy is deleted"),
		importWarning.imported(CodeImportStrategiesReplaced, "a feature's strategies are not deleted for none"),
		importWarning.imported(CodeImportVariantWeightsRecomputed, "variant weights are kept"),
		importWarning.imported(CodeImportVariantWithoutWeightType, "environment variants have a weight type"),
		importWarning.imported(CodeImportStrategyEnvironmentNotInProject, "strategies go to an environment of the project"),
		importWarning.imported(CodeImportStrategyParametersDefaults, "flexibleRollout strategies carry their parameters"),
		importWarning.imported(CodeImportContextFieldNotUpdated, "an existing context field is as the file has it"),
		importWarning.imported(CodeImportContextFieldProject, "a new context field goes to the project the file names"),
		importWarning.imported(CodeImportIgnoredMember, "no member the import ignores"),
	}
	refusals = []CodeInfo{
		// The request, then the caller, before the import reads the file.
		importError.imported(CodeImportBodyTooLarge, "the request body is within the instance's limit").with(VerdictDepends),
		importError.imported(CodeImportAdminToken, "the caller does not use an admin API token"),

		// The import's verification of the cleaned file: its versions of E1, E2, the
		// permissions, E3, E7 and E8.
		importError.imported(CodeImportUnknownStrategy, "the strategies the import creates name existing strategy types").yielding(CodeUnknownStrategy),
		importError.imported(CodeImportConstraintContextUnknown, "up to Unleash 6.x, the constraints of the strategies the import creates name context fields that exist or are imported"),
		importError.imported(CodeImportContextLegalValues, "imported context fields match the legal values and project of existing ones").yielding(CodeContextLegalValues),
		importPermissions.imported(CodeImportMissingPermissions, "the caller holds every permission the import asks for").yielding(CodeMissingPermissions),
		importError.imported(CodeImportFeatureInOtherProject, "no feature the import creates or updates is active in another project").yielding(CodeFeatureInOtherProject),
		importError.imported(CodeImportUnknownSegment, "imported segments exist globally or in the project").yielding(CodeUnknownSegment),
		importError.imported(CodeImportMissingDependency, "every dependency's parent is imported or exists").yielding(CodeMissingDependency),

		// The features, created or updated one by one.
		importError.imported(CodeImportFeatureNameInvalid, "feature names are URL friendly and at most 100 characters long"),
		importError.imported(CodeImportDuplicateFeature, "no feature the import creates is given twice").yielding(CodeDuplicateFeature),
		importError.imported(CodeImportNamingPattern, "the features the import creates match the project's naming pattern").yielding(CodeNamingPattern),
		importError.imported(CodeImportProjectFeatureLimit, "the features the import creates stay within the project's feature limit").yielding(CodeFeatureLimit),
		importError.imported(CodeImportGlobalFeatureLimit, "the features the import creates stay within the instance's feature limit (Unleash 6.x and later; 5.x has no such limit)"),
		importError.imported(CodeImportProjectNotActive, "the target project exists and is not archived when the import creates features"),
		importError.imported(CodeImportFeatureTypeEmpty, "no feature has an empty type"),
		importError.imported(CodeImportFeatureTagUnknown, "the tags in features[].tags are complete, and those of a feature the import creates exist"),
		importError.imported(CodeImportLinkTemplateInvalid, "the project's link templates hold for the features the import creates"),

		// The variants of strategies and feature environments.
		importError.imported(CodeImportVariantNameInvalid, "variant names are URL friendly and at most 100 characters long"),
		importError.imported(CodeImportVariantDuplicateName, "no two variants of a list share a name"),
		importError.imported(CodeImportVariantWeightNotInteger, "variant weights are integers"),
		importError.imported(CodeImportVariantEmptyString, "no variant stickiness, payload value or override is empty"),
		importError.imported(CodeImportVariantPayloadJSON, "json payloads hold a JSON object or array"),
		importError.imported(CodeImportVariantPayloadMember, "strategy variant payloads have only a type and a value"),
		importError.imported(CodeImportVariantNoVariable, "every list of variants has a variable one"),
		importError.imported(CodeImportVariantFixOver1000, "the fixed weights of a list of variants sum to at most 1000"),

		// Tag types and tags, context fields, links.
		importError.imported(CodeImportTagTypeInvalid, "the tag types the import creates have URL-friendly names of 2 to 50 characters"),
		importError.imported(CodeImportTagFeatureMissing, "tags name existing features"),
		importError.imported(CodeImportTagInvalid, "tag values and types are 2 to 50 characters long, types URL friendly"),
		importError.imported(CodeImportTagTypeMissing, "tags use tag types that exist or that the file creates"),
		importError.imported(CodeImportContextFieldInvalid, "the context fields the import creates are well formed"),
		importError.imported(CodeImportContextFieldDuplicate, "no two new context fields share a name"),
		importError.imported(CodeImportLinkFeatureNotActive, "links name active features"),
		importError.imported(CodeImportLinkTooMany, "no feature gets more than ten links"),
		importError.imported(CodeImportLinkInvalidURL, "link URLs normalize"),
		importWarning.imported(CodeImportLinkURLUntold, "link URLs have hosts of ASCII characters, so that their check is exact"),

		// The target environment and its change requests.
		importError.imported(CodeImportEnvironmentNotFound, "the target environment exists when the import writes in it"),
		importError.imported(CodeImportChangeRequestsEnabled, "no change request setting of the target stops what the import writes"),

		// The strategies and their constraints.
		importError.imported(CodeImportStrategyFeatureNotInProject, "every strategy's feature belongs to the target project"),
		importError.imported(CodeImportStrategySegmentNotListed, "strategy segment ids are listed in data.segments"),
		importError.imported(CodeImportStrategySegmentOtherProject, "strategy segments map to segments of the target project or global ones"),
		importError.imported(CodeImportTooManyConstraints, "strategies stay within the instance's limit of constraints (Unleash 6.x and later; 5.x has no such limit)"),
		importError.imported(CodeImportTooManyConstraintValues, "constraints stay within the instance's limit of values (Unleash 6.x and later; 5.x has no such limit)"),
		importError.imported(CodeImportConstraintContextNameEmpty, "constraints name a context field"),
		importError.imported(CodeImportConstraintValueEmpty, "no constraint value is empty"),
		importError.imported(CodeImportConstraintValueTooLong, "constraint values are at most 100 characters long"),
		importError.imported(CodeImportConstraintValuesMissing, "constraints of the list operators have values"),
		importError.imported(CodeImportConstraintValueMissing, "constraints of the single-value operators have a value"),
		importError.imported(CodeImportConstraintNumber, "NUM_ constraint values are safe numbers"),
		importError.imported(CodeImportConstraintDate, "DATE_ constraint values are dates"),
		importWarning.imported(CodeImportConstraintDateLenient, "DATE_ constraint values are date-times in the ECMAScript format"),
		importError.imported(CodeImportConstraintSemver, "SEMVER_ constraint values are strict, canonical semantic versions"),
		importError.imported(CodeImportConstraintRegex, "REGEX constraint values are RE2 regular expressions"),
		importError.imported(CodeImportConstraintRegexInverted, "no REGEX constraint is inverted"),
		importError.imported(CodeImportConstraintNotLegalValue, "constraint values are legal values of their context field"),
		importError.imported(CodeImportTooManyStrategies, "no strategy goes to a feature that already has the instance's limit of strategies (Unleash 6.x and later; 5.x has no such limit)"),
		importWarning.imported(CodeImportTooManyStrategiesInFile, "no feature gets more strategies than the instance's limit (Unleash 6.x and later; 5.x has no such limit)"),
		importError.imported(CodeImportStrategySortOrder, "strategy sort orders are 32-bit integers"),
		importError.imported(CodeImportStrategyNextSortOrder, "no strategy without a sort order follows one of sort order 2147483647"),
		importError.imported(CodeImportStrategyTooManySegments, "strategies stay within the instance's limit of segments"),
		importError.imported(CodeImportStrategyDuplicateSegment, "no strategy has the same segment twice"),

		// The status of feature environments.
		importError.imported(CodeImportEnableNeedsStrategyPermission, "a caller who may not create strategies enables no feature left without one"),
		importError.imported(CodeImportEnvironmentFeatureNotInProject, "feature environments name features of the target project"),
		importError.imported(CodeImportEnvironmentNotInProject, "the features whose status or variants the import sets have the target environment"),
		importError.imported(CodeImportEnvironmentVariantsTargetMissing, "feature environments with variants name existing features"),
		importError.imported(CodeImportArchivedFeatureEnabled, "no feature environment sets the status of a feature that ends archived"),

		// The dependencies.
		importError.imported(CodeImportDependencySelf, "no feature depends on itself"),
		importError.imported(CodeImportDependencyTransitive, "no dependency makes a chain with the instance's"),
		importError.imported(CodeImportDependencyParentArchived, "dependency parents are active"),
		importError.imported(CodeImportDependencyOtherProject, "dependency parents belong to the target project"),
	}
	return silent, refusals
}
