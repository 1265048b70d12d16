package importvalidate

import (
	"github.com/flagadmin/flagadmin/importvalidate/importmodel"
	"github.com/flagadmin/flagadmin/importvalidate/internal/schema"
)

// Code is the stable code of a finding: of a structural problem, or of the
// rule that found it. Codes lists every built-in code with what it means;
// docs/RULES.md lists them too.
type Code string

// The codes of the structural tier (CategoryStructure).
const (
	// CodeSyntax: the body is not a JSON text. No other problem comes
	// with it.
	CodeSyntax Code = "syntax"
	// CodeMaxDepth: objects and arrays nest deeper than Options.MaxDepth.
	// No other problem comes with it.
	CodeMaxDepth Code = "max-depth"
	// CodeRequired: a required member is missing; the pointer names it,
	// the offset is the object's.
	CodeRequired Code = "required"
	// CodeAdditionalProperty: an object has a member its schema does not
	// list, one problem per member.
	CodeAdditionalProperty Code = "additional-property"
	// CodeType: a value has the wrong JSON type.
	CodeType Code = "type"
	// CodeEnum: a value is not one of the allowed values.
	CodeEnum Code = "enum"
	// CodeMaximum: a number is above its maximum.
	CodeMaximum Code = "maximum"
	// CodeMinimum: a number is below its minimum.
	CodeMinimum Code = "minimum"
	// CodeMinLength: a string is shorter than its minimum length.
	CodeMinLength Code = "min-length"
	// CodeMaxLength: a string is longer than its maximum length.
	CodeMaxLength Code = "max-length"
	// CodePattern: a string does not match its pattern.
	CodePattern Code = "pattern"
	// CodeFormat: a string does not match its format (date-time).
	CodeFormat Code = "format"
	// CodeTooManyProblems is the last entry of a list cut at
	// Options.MaxProblems: "N more problems", or "more than M problems".
	CodeTooManyProblems Code = "too-many-problems"
	// CodeCoerced: a scalar of the wrong type that the reference server
	// takes as the type the schema asks for (5 as "5"), located at the
	// value.
	CodeCoerced Code = "coerced"
	// CodeDuplicateKey: an object has the same key twice; every occurrence
	// is reported, and the last value is kept, as JSON.parse keeps it.
	CodeDuplicateKey Code = "duplicate-key"
	// CodeInvalidUTF8: a string holds bytes that are not UTF-8, read as
	// U+FFFD as the reference server reads them.
	CodeInvalidUTF8 Code = "invalid-utf8"
	// CodeByteOrderMark: the body starts with a UTF-8 byte order mark,
	// which the reference server skips.
	CodeByteOrderMark Code = "byte-order-mark"
	// CodeNumber: a number of a valid body is beyond what its member in
	// the model holds (1e20 for a 64-bit integer); the message names what
	// the model holds instead.
	CodeNumber Code = "number"
	// CodeDecode: a structurally valid body still does not decode into
	// the model.
	CodeDecode Code = "decode"
	// codeSchema: the embedded schema failed to compile, or a keyword
	// without a code of its own failed; neither happens with the
	// schema of the build.
	codeSchema Code = "schema"
)

// The codes of the reference server's rules: errors E1-E8, warnings
// W1-W3, and the permissions entry.
const (
	CodeUnknownStrategy       Code = "unknown-strategy"
	CodeContextLegalValues    Code = "context-legal-values"
	CodeFeatureInOtherProject Code = "feature-in-other-project"
	CodeDuplicateFeature      Code = "duplicate-feature"
	CodeNamingPattern         Code = "naming-pattern"
	CodeFeatureLimit          Code = "feature-limit"
	CodeUnknownSegment        Code = "unknown-segment"
	CodeMissingDependency     Code = "missing-dependency"
	CodeCustomStrategyUsed    Code = "custom-strategy-used"
	CodeArchivedFeature       Code = "archived-feature"
	CodeFeatureExists         Code = "feature-exists"
	CodeMissingPermissions    Code = "missing-permissions"
)

// The codes of the extra rules, which the reference server does not make:
// warnings of what the import accepts (errors with Options.Strict).
const (
	CodeConstraintValue         Code = "constraint-value"
	CodeUnknownContextField     Code = "unknown-context-field"
	CodeUnknownSegmentID        Code = "unknown-segment-id"
	CodeVariantWeights          Code = "variant-weights"
	CodeUnknownFeatureReference Code = "unknown-feature-reference"
	CodeUnknownTagType          Code = "unknown-tag-type"
	CodeDuplicateStrategyID     Code = "duplicate-strategy-id"
	// CodeUnknownStickiness: a flexibleRollout strategy's stickiness or
	// a variant's names neither default, random, userId, sessionId nor a
	// context field that exists or is imported; the import keeps it, and
	// an SDK whose context has no such value matches nobody with it.
	CodeUnknownStickiness    Code = "unknown-stickiness"
	CodeUnknownProject       Code = "unknown-project"
	CodeUnknownEnvironment   Code = "unknown-environment"
	CodeInvalidNamingPattern Code = "invalid-naming-pattern"
)

// CodeInfo describes a built-in code.
type CodeInfo struct {
	Code     Code
	Category Category
	// Severity is the code's severity by default. With Options.Strict a
	// warning that the reference server does not give is an error.
	Severity Severity
	// Summary says in one line what holds when the code is not reported.
	Summary string
	// Reference marks what the reference server reports too: a
	// structural error in its 400 answer, a rule's issue in its response
	// (Report.Reference).
	Reference bool
	// Import says what Unleash's import does with a file that holds what
	// a finding of the code reports.
	Import Verdict
	// Optional marks the codes whose findings may be left out: a rule's
	// (Options.Disable), and a structural warning's, which reports what
	// the reference server reads past.
	Optional bool

	// kind is the slow path's kind of a structural problem of the code.
	kind schema.Kind
	// words words a structural problem of the code (words.go).
	words wordsFunc
	// path is how Problems.Details writes a structural problem's path;
	// positioned adds its line, column and byte to the message there.
	path       wirePath
	positioned bool
	// YieldsTo are the codes that say the same mistake more exactly: a
	// finding of this code is left out at the place of a finding of one
	// of them (Report.Restated), so that one mistake is one finding.
	YieldsTo []Code

	// check is a rule's check; fromModel marks a rule of the import's
	// whose check is the model's of the kind of its code
	// (importmodel.CheckOf), which ruleCheck adapts.
	check     func(in *Input) []Issue
	fromModel bool
}

// Verdict says what Unleash's import does with a file that holds what a
// finding reports.
type Verdict int

const (
	// VerdictNone: the finding says nothing of the file's import (the
	// list of problems was cut, a fact the source cannot tell).
	VerdictNone Verdict = iota
	// VerdictRefuses: the import refuses the file (an error by default).
	VerdictRefuses
	// VerdictAccepts: the import accepts the file, and keeps, drops or
	// changes what the finding names (a warning by default, an error with
	// Options.Strict).
	VerdictAccepts
	// VerdictDepends: it depends on the case, said with the code in
	// docs/RULES.md.
	VerdictDepends
)

// String is the verdict as docs/RULES.md writes it.
func (v Verdict) String() string {
	if v == VerdictNone {
		return "-"
	}
	return enumName("Verdict", int(v), "refuses", "accepts", "depends")
}

// yielding is info whose findings are left out where a finding of one of
// codes says the same mistake.
func (info CodeInfo) yielding(codes ...Code) CodeInfo {
	info.YieldsTo = codes
	return info
}

// with is info of the verdict v.
func (info CodeInfo) with(v Verdict) CodeInfo {
	info.Import = v
	return info
}

// wirePath is how Problems.Details writes the path of a structural
// problem in the reference server's 400 answer.
type wirePath int

const (
	// pathPlaced is "/body" and the pointer when the problem has one,
	// else none.
	pathPlaced wirePath = iota
	// pathNone: no path; the problem is not about one value.
	pathNone
	// pathBody is "/body" and the pointer, the root's included.
	pathBody
	// pathLastToken is the pointer's last token, as ajv's enum error
	// writes it.
	pathLastToken
)

// Codes returns every built-in code: the structural tier's, then the
// rules' in catalogue order. Each call returns a fresh slice.
func Codes() []CodeInfo { return codeTable() }

// Summary returns the one-line summary of a built-in code (see Codes), ""
// for another.
func (c Code) Summary() string {
	info, _ := lookup(c)
	return info.Summary
}

// lookup returns the entry of a built-in code.
func lookup(c Code) (CodeInfo, bool) {
	for _, info := range codeTable() {
		if info.Code == c {
			return info, true
		}
	}
	return CodeInfo{}, false
}

// problem is the entry of the structural code c, with its summary, of the
// kind info describes: c is the slow path's kind, worded by words, its
// path written as path says.
func (info CodeInfo) problem(c Code, summary string, kind schema.Kind, words wordsFunc, path wirePath) CodeInfo {
	info.Code, info.Summary, info.kind, info.words, info.path = c, summary, kind, words, path
	return info
}

// withPosition is info with a problem's line, column and byte in its
// message in Problems.Details.
func (info CodeInfo) withPosition() CodeInfo {
	info.positioned = true
	return info
}

// rule is the entry of the rule of code c, with its summary and check, of
// the kind info describes: its category, severity and flags.
func (info CodeInfo) rule(c Code, summary string, check func(in *Input) []Issue) CodeInfo {
	info.Code, info.Summary, info.check = c, summary, check
	return info
}

// imported is the entry of the rule of code c, with its summary, of the
// kind info describes, whose check is the model's (importmodel.CheckOf).
func (info CodeInfo) imported(c Code, summary string) CodeInfo {
	info.Code, info.Summary, info.fromModel = c, summary, true
	return info
}

// ruleCheck is the rule's check, nil for a code of no rule: its own, or
// the model's, whose findings become issues here (issuesOf).
func (info CodeInfo) ruleCheck() func(in *Input) []Issue {
	if !info.fromModel {
		return info.check
	}
	k := importmodel.Kind(info.Code)
	return func(in *Input) []Issue { return in.issuesOf(in.Check(k)) }
}

// severityIn is the code's severity with or without Options.Strict.
func (info CodeInfo) severityIn(strict bool) Severity {
	return severityIn(info.Severity, info.Reference, strict)
}

// severityIn is the severity of a built-in finding of severity sev by
// default: in strict mode, what the library notices beyond the reference
// (a warning the reference server does not give) blocks the import.
func severityIn(sev Severity, reference, strict bool) Severity {
	if strict && sev == SeverityWarning && !reference {
		return SeverityError
	}
	return sev
}

// codeTable declares every built-in code once. A structural code names
// its kind, words and wire path; a rule names its check, and its place
// here is its place in the catalogue.
func codeTable() []CodeInfo {
	const (
		structure         = CategoryStructure
		errorSev, warning = SeverityError, SeverityWarning
	)
	// The kinds of structural problems: the reference server's errors, the
	// library's own, and what the reference server reads past.
	referenceProblem := CodeInfo{Category: structure, Severity: errorSev, Reference: true, Import: VerdictRefuses}
	ownProblem := CodeInfo{Category: structure, Severity: errorSev, Import: VerdictDepends}
	readPast := CodeInfo{Category: structure, Severity: warning, Optional: true, Import: VerdictAccepts}
	// The kinds of rules, each with its category, severity, flags and
	// verdict. An extra rule reports what the import accepts: where the
	// import refuses, its own finding says so (YieldsTo).
	referenceError := CodeInfo{Category: CategoryRule, Severity: errorSev, Reference: true, Optional: true, Import: VerdictRefuses}
	referenceWarning := CodeInfo{Category: CategoryRule, Severity: warning, Reference: true, Optional: true, Import: VerdictAccepts}
	extraWarning := CodeInfo{Category: CategoryRule, Severity: warning, Optional: true, Import: VerdictAccepts}
	permissionEntry := CodeInfo{Category: CategoryPermission, Severity: errorSev, Reference: true, Optional: true, Import: VerdictRefuses}
	table := []CodeInfo{
		// The structural tier, in the order of docs/RULES.md.
		referenceProblem.problem(CodeSyntax, "the file is a JSON text", schema.KindSyntax, wordsSyntax, pathNone).withPosition(),
		ownProblem.problem(CodeMaxDepth, "objects and arrays do not nest too deep", schema.KindMaxDepth, wordsMaxDepth, pathNone).withPosition(),
		referenceProblem.problem(CodeRequired, "required members are present", schema.KindRequired, wordsRequired, pathBody),
		referenceProblem.problem(CodeAdditionalProperty, "objects have only the members the schema lists", schema.KindAdditionalProperty, wordsAdditionalProperty, pathBody),
		referenceProblem.problem(CodeType, "values have the JSON type the schema asks for", schema.KindType, wordsType, pathBody),
		referenceProblem.problem(CodeEnum, "values are among the allowed ones", schema.KindEnum, wordsEnum, pathLastToken),
		referenceProblem.problem(CodeMaximum, "numbers are within their bounds", schema.KindMaximum, wordsMaximum, pathBody),
		referenceProblem.problem(CodeMinimum, "numbers are within their bounds", schema.KindMinimum, wordsMinimum, pathBody),
		referenceProblem.problem(CodeMinLength, "strings have a length within their bounds", schema.KindMinLength, wordsMinLength, pathBody),
		referenceProblem.problem(CodeMaxLength, "strings have a length within their bounds", schema.KindMaxLength, wordsMaxLength, pathBody),
		referenceProblem.problem(CodePattern, "strings match their pattern", schema.KindPattern, wordsPattern, pathBody),
		referenceProblem.problem(CodeFormat, "date-times are well formed", schema.KindFormat, wordsFormat, pathBody),
		ownProblem.problem(CodeTooManyProblems, "the list of problems was cut", schema.KindTooManyProblems, wordsTooManyProblems, pathNone).with(VerdictNone),
		readPast.problem(CodeCoerced, "scalars have their type, not one the reference server converts", schema.KindCoerced, wordsCoerced, pathPlaced),
		readPast.problem(CodeDuplicateKey, "no object has the same key twice", schema.KindDuplicateKey, wordsDuplicateKey, pathBody).withPosition(),
		readPast.problem(CodeInvalidUTF8, "strings are valid UTF-8", schema.KindInvalidUTF8, wordsInvalidUTF8, pathBody).withPosition(),
		readPast.problem(CodeByteOrderMark, "the file has no byte order mark", schema.KindByteOrderMark, wordsByteOrderMark, pathNone),
		readPast.problem(CodeNumber, "numbers fit the member that holds them", schema.KindNumber, wordsNumber, pathPlaced),
		ownProblem.problem(CodeDecode, "the data decodes into the model", schema.KindDecode, wordsGot, pathPlaced),
		ownProblem.problem(codeSchema, "the embedded schema is sound", schema.KindKeyword, wordsKeyword, pathPlaced).with(VerdictNone),
		// Beside a structural refusal: what a newer version knows
		// (version_members.go). No rule: it is made with the problems.
		{Code: CodeImportMemberOfNewerVersion, Category: CategoryImport, Severity: errorSev, Import: VerdictRefuses,
			Summary: "no member or operator that only a newer Unleash version knows"},

		// The reference server's errors E1-E8.
		referenceError.rule(CodeUnknownStrategy, "every strategy names an existing strategy type", checkUnknownStrategy),
		referenceError.rule(CodeContextLegalValues, "imported context fields match the legal values and project of existing ones", checkContextLegalValues),
		referenceError.rule(CodeFeatureInOtherProject, "no imported feature exists in another project", checkFeatureInOtherProject),
		referenceError.rule(CodeDuplicateFeature, "no feature name occurs twice", checkDuplicateFeature),
		referenceError.rule(CodeNamingPattern, "feature names match the project's naming pattern", checkNamingPattern),
		referenceError.rule(CodeFeatureLimit, "the import stays within the project's feature limit", checkFeatureLimit),
		referenceError.rule(CodeUnknownSegment, "imported segments exist globally or in the project", checkUnknownSegment),
		referenceError.rule(CodeMissingDependency, "every dependency's parent is imported or exists", checkMissingDependency),

		// The reference server's warnings W1-W3.
		referenceWarning.rule(CodeCustomStrategyUsed, "custom strategy types are used", checkCustomStrategyUsed),
		referenceWarning.rule(CodeArchivedFeature, "archived features are not imported", checkArchivedFeature),
		referenceWarning.rule(CodeFeatureExists, "existing features of the project are overwritten", checkFeatureExists),

		// Extra warnings (errors with Options.Strict): what the import
		// accepts and the file most likely does not mean.
		extraWarning.rule(CodeUnknownProject, "the target project exists", checkUnknownProject),
		extraWarning.rule(CodeUnknownEnvironment, "the target environment exists", checkUnknownEnvironment),
		extraWarning.rule(CodeInvalidNamingPattern, "the project's naming pattern is a valid JavaScript regular expression, so names can be checked", checkInvalidNamingPattern).with(VerdictDepends),
		extraWarning.rule(CodeConstraintValue, "constraint values parse for their operator", checkConstraintValue).
			yielding(CodeImportConstraintNumber, CodeImportConstraintDate, CodeImportConstraintDateLenient, CodeImportConstraintSemver,
				CodeImportConstraintRegex, CodeImportConstraintRegexInverted, CodeImportConstraintValueEmpty, CodeImportConstraintValueMissing,
				CodeImportConstraintValuesMissing, CodeImportConstraintValueTooLong),
		extraWarning.rule(CodeUnknownContextField, "constraints use context fields that exist or are imported", checkUnknownContextField).
			yielding(CodeImportConstraintContextUnknown, CodeImportConstraintContextNameEmpty),
		extraWarning.rule(CodeUnknownStickiness, "stickiness names a context field that exists or is imported", checkUnknownStickiness),
		extraWarning.rule(CodeUnknownSegmentID, "strategies use segment ids that are imported", checkUnknownSegmentID).
			yielding(CodeImportStrategySegmentNotListed, CodeImportStrategySegmentOtherProject),
		extraWarning.rule(CodeVariantWeights, "variable variant weights sum to 1000", checkVariantWeights).
			yielding(CodeImportVariantWeightsRecomputed, CodeImportVariantFixOver1000, CodeImportVariantNoVariable, CodeImportVariantWeightNotInteger),
		extraWarning.rule(CodeUnknownFeatureReference, "strategies, tags, environments and dependencies name imported features", checkUnknownFeatureReference).
			yielding(CodeImportStrategyFeatureNotInProject, CodeImportStrategyWithoutFeature, CodeImportStrategyOutsideFile,
				CodeImportEnvironmentFeatureNotInProject, CodeImportEnvironmentWithoutFeature, CodeImportVariantsOutsideFile,
				CodeImportTagFeatureMissing, CodeImportTagOutsideFile, CodeImportDependencySkippedOutsideFile, CodeImportLinksOutsideFile),
		extraWarning.rule(CodeUnknownTagType, "tags use tag types that exist or are imported", checkUnknownTagType).
			yielding(CodeImportTagTypeMissing, CodeImportTagWithoutType, CodeImportTagInvalid),
		extraWarning.rule(CodeDuplicateStrategyID, "no two strategies share an id", checkDuplicateStrategyID),

		// The permissions entry.
		permissionEntry.rule(CodeMissingPermissions, "the caller holds every permission the import needs", checkMissingPermissions),
	}
	// What Unleash's import refuses, drops or changes beyond what its
	// validation says (codes_import.go).
	silent, refusals := importCodes()
	table = append(table, refusals...)
	return append(table, silent...)
}
