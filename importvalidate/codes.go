package importvalidate

import "github.com/flagadmin/flagadmin/importvalidate/internal/schema"

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

// The codes of the extra rules, which the reference server does not make.
const (
	CodeConstraintValue         Code = "constraint-value"
	CodeUnknownContextField     Code = "unknown-context-field"
	CodeUnknownSegmentID        Code = "unknown-segment-id"
	CodeVariantWeights          Code = "variant-weights"
	CodeUnknownFeatureReference Code = "unknown-feature-reference"
	CodeUnknownTagType          Code = "unknown-tag-type"
	CodeDuplicateStrategyID     Code = "duplicate-strategy-id"
	CodeUnknownProject          Code = "unknown-project"
	CodeUnknownEnvironment      Code = "unknown-environment"
	CodeInvalidNamingPattern    Code = "invalid-naming-pattern"
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
	// Strict marks the rules that run only with Options.Strict.
	Strict bool
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
	// check is a rule's check.
	check func(in *Input) []Issue
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
		structure, rule, permission = CategoryStructure, CategoryRule, CategoryPermission
		errorSev, warning           = SeverityError, SeverityWarning
	)
	table := []CodeInfo{
		// The structural tier, in the order of docs/RULES.md.
		{Code: CodeSyntax, Category: structure, Severity: errorSev, Reference: true, Summary: "the file is a JSON text",
			kind: schema.KindSyntax, words: wordsSyntax, path: pathNone, positioned: true},
		{Code: CodeMaxDepth, Category: structure, Severity: errorSev, Summary: "objects and arrays do not nest too deep",
			kind: schema.KindMaxDepth, words: wordsMaxDepth, path: pathNone, positioned: true},
		{Code: CodeRequired, Category: structure, Severity: errorSev, Reference: true, Summary: "required members are present",
			kind: schema.KindRequired, words: wordsRequired, path: pathBody},
		{Code: CodeAdditionalProperty, Category: structure, Severity: errorSev, Reference: true, Summary: "objects have only the members the schema lists",
			kind: schema.KindAdditionalProperty, words: wordsAdditionalProperty, path: pathBody},
		{Code: CodeType, Category: structure, Severity: errorSev, Reference: true, Summary: "values have the JSON type the schema asks for",
			kind: schema.KindType, words: wordsType, path: pathBody},
		{Code: CodeEnum, Category: structure, Severity: errorSev, Reference: true, Summary: "values are among the allowed ones",
			kind: schema.KindEnum, words: wordsEnum, path: pathLastToken},
		{Code: CodeMaximum, Category: structure, Severity: errorSev, Reference: true, Summary: "numbers are within their bounds",
			kind: schema.KindMaximum, words: wordsMaximum, path: pathBody},
		{Code: CodeMinimum, Category: structure, Severity: errorSev, Reference: true, Summary: "numbers are within their bounds",
			kind: schema.KindMinimum, words: wordsMinimum, path: pathBody},
		{Code: CodeMinLength, Category: structure, Severity: errorSev, Reference: true, Summary: "strings have a length within their bounds",
			kind: schema.KindMinLength, words: wordsMinLength, path: pathBody},
		{Code: CodeMaxLength, Category: structure, Severity: errorSev, Reference: true, Summary: "strings have a length within their bounds",
			kind: schema.KindMaxLength, words: wordsMaxLength, path: pathBody},
		{Code: CodePattern, Category: structure, Severity: errorSev, Reference: true, Summary: "strings match their pattern",
			kind: schema.KindPattern, words: wordsPattern, path: pathBody},
		{Code: CodeFormat, Category: structure, Severity: errorSev, Reference: true, Summary: "date-times are well formed",
			kind: schema.KindFormat, words: wordsFormat, path: pathBody},
		{Code: CodeTooManyProblems, Category: structure, Severity: errorSev, Summary: "the list of problems was cut",
			kind: schema.KindTooManyProblems, words: wordsTooManyProblems, path: pathNone},
		{Code: CodeCoerced, Category: structure, Severity: warning, Optional: true, Summary: "scalars have their type, not one the reference server converts",
			kind: schema.KindCoerced, words: wordsCoerced},
		{Code: CodeDuplicateKey, Category: structure, Severity: warning, Optional: true, Summary: "no object has the same key twice",
			kind: schema.KindDuplicateKey, words: wordsDuplicateKey, path: pathBody, positioned: true},
		{Code: CodeInvalidUTF8, Category: structure, Severity: warning, Optional: true, Summary: "strings are valid UTF-8",
			kind: schema.KindInvalidUTF8, words: wordsInvalidUTF8, path: pathBody, positioned: true},
		{Code: CodeByteOrderMark, Category: structure, Severity: warning, Optional: true, Summary: "the file has no byte order mark",
			kind: schema.KindByteOrderMark, words: wordsByteOrderMark, path: pathNone},
		{Code: CodeNumber, Category: structure, Severity: warning, Optional: true, Summary: "numbers fit the member that holds them",
			kind: schema.KindNumber, words: wordsNumber},
		{Code: CodeDecode, Category: structure, Severity: errorSev, Summary: "the data decodes into the model",
			kind: schema.KindDecode, words: wordsGot},
		{Code: codeSchema, Category: structure, Severity: errorSev, Summary: "the embedded schema is sound",
			kind: schema.KindKeyword, words: wordsKeyword},
		// Beside a structural refusal: what a newer version knows
		// (version_members.go). No rule: it is made with the problems.
		{Code: CodeImportMemberOfNewerVersion, Category: CategoryImport, Severity: errorSev,
			Summary: "no member or operator that only a newer Unleash version knows"},

		// The reference server's errors E1-E8.
		{Code: CodeUnknownStrategy, Category: rule, Severity: errorSev, Reference: true, Optional: true,
			Summary: "every strategy names an existing strategy type", check: checkUnknownStrategy},
		{Code: CodeContextLegalValues, Category: rule, Severity: errorSev, Reference: true, Optional: true,
			Summary: "imported context fields match the legal values and project of existing ones", check: checkContextLegalValues},
		{Code: CodeFeatureInOtherProject, Category: rule, Severity: errorSev, Reference: true, Optional: true,
			Summary: "no imported feature exists in another project", check: checkFeatureInOtherProject},
		{Code: CodeDuplicateFeature, Category: rule, Severity: errorSev, Reference: true, Optional: true,
			Summary: "no feature name occurs twice", check: checkDuplicateFeature},
		{Code: CodeNamingPattern, Category: rule, Severity: errorSev, Reference: true, Optional: true,
			Summary: "feature names match the project's naming pattern", check: checkNamingPattern},
		{Code: CodeFeatureLimit, Category: rule, Severity: errorSev, Reference: true, Optional: true,
			Summary: "the import stays within the project's feature limit", check: checkFeatureLimit},
		{Code: CodeUnknownSegment, Category: rule, Severity: errorSev, Reference: true, Optional: true,
			Summary: "imported segments exist globally or in the project", check: checkUnknownSegment},
		{Code: CodeMissingDependency, Category: rule, Severity: errorSev, Reference: true, Optional: true,
			Summary: "every dependency's parent is imported or exists", check: checkMissingDependency},

		// Extra errors, only with Options.Strict.
		{Code: CodeConstraintValue, Category: rule, Severity: errorSev, Strict: true, Optional: true,
			Summary: "constraint values parse for their operator", check: checkConstraintValue},
		{Code: CodeUnknownContextField, Category: rule, Severity: errorSev, Strict: true, Optional: true,
			Summary: "constraints use context fields that exist or are imported", check: checkUnknownContextField},
		{Code: CodeUnknownSegmentID, Category: rule, Severity: errorSev, Strict: true, Optional: true,
			Summary: "strategies use segment ids that are imported", check: checkUnknownSegmentID},
		{Code: CodeVariantWeights, Category: rule, Severity: errorSev, Strict: true, Optional: true,
			Summary: "variable variant weights sum to 1000", check: checkVariantWeights},
		{Code: CodeUnknownFeatureReference, Category: rule, Severity: errorSev, Strict: true, Optional: true,
			Summary: "strategies, tags, environments and dependencies name imported features", check: checkUnknownFeatureReference},
		{Code: CodeUnknownTagType, Category: rule, Severity: errorSev, Strict: true, Optional: true,
			Summary: "tags use tag types that exist or are imported", check: checkUnknownTagType},
		{Code: CodeDuplicateStrategyID, Category: rule, Severity: errorSev, Strict: true, Optional: true,
			Summary: "no two strategies share an id", check: checkDuplicateStrategyID},

		// The reference server's warnings W1-W3.
		{Code: CodeCustomStrategyUsed, Category: rule, Severity: warning, Reference: true, Optional: true,
			Summary: "custom strategy types are used", check: checkCustomStrategyUsed},
		{Code: CodeArchivedFeature, Category: rule, Severity: warning, Reference: true, Optional: true,
			Summary: "archived features are not imported", check: checkArchivedFeature},
		{Code: CodeFeatureExists, Category: rule, Severity: warning, Reference: true, Optional: true,
			Summary: "existing features of the project are overwritten", check: checkFeatureExists},

		// Extra warnings, always on (errors with Options.Strict).
		{Code: CodeUnknownProject, Category: rule, Severity: warning, Optional: true,
			Summary: "the target project exists", check: checkUnknownProject},
		{Code: CodeUnknownEnvironment, Category: rule, Severity: warning, Optional: true,
			Summary: "the target environment exists", check: checkUnknownEnvironment},
		{Code: CodeInvalidNamingPattern, Category: rule, Severity: warning, Optional: true,
			Summary: "the project's naming pattern is a valid JavaScript regular expression, so names can be checked", check: checkInvalidNamingPattern},

		// The permissions entry.
		{Code: CodeMissingPermissions, Category: permission, Severity: errorSev, Reference: true, Optional: true,
			Summary: "the caller holds every permission the import needs", check: checkMissingPermissions},
	}
	// What Unleash's import refuses, drops or changes beyond what its
	// validation says (codes_import.go).
	table = append(table, importRefusalCodes()...)
	return append(table, importSilentCodes()...)
}
