// Package importvalidate validates feature import requests the way the
// reference server (Unleash) does, and more: every problem at once, each
// with a stable code and a precise location.
//
// A validation has two tiers.
//
// The structural tier (Structure) checks the raw bytes against the embedded
// JSON Schema import.schema.json, the single source of truth for the shape
// of a request: syntax, duplicate keys, invalid UTF-8, nesting depth,
// required and unknown members, types, enumerations and limits. Its
// problems come in the reference server's walk order, so the first one is
// the one the reference reports; Problems.Details renders them as the
// reference's 400 body. It reads a body as the reference server does
// (JSON.parse, then ajv with coerceTypes): what the reference accepts
// after changing it, such as a coerced scalar or a leading byte order mark,
// is a located warning, and an error with Options.Strict.
//
// The rule tier runs on a structurally valid body against the existing
// state of the instance, which a service provides by implementing State
// (MemoryState holds one in memory, from a state snapshot; package
// unleashdb reads an Unleash database; DemoState is the embedded demo
// instance, asked for by name; WithBuiltIns adds Unleash's built-in
// strategies and context fields to a custom State). One validation
// asks the State a constant number of batched questions, whatever the size
// of the import. The caller's rights come from a Permissions value, which
// the auth package implements; AllPermissions skips the check by name.
//
// Validate takes an import request body ({"project", "environment",
// "data"}), as the HTTP endpoint receives it. ValidateExport takes the
// file Unleash's Export button downloads, a bare export, for a target the
// caller names, and locates every finding in that file; IsExport tells
// the two apart.
//
// # Diagnostics
//
// Every finding is a Diagnostic: a severity (error or warning), a category
// (structure, rule, or permission: a permission the caller lacks is about
// the caller, not the data), a stable code, a message and a Location (JSON
// pointer, byte offset, line and column; the same model.Location that
// model.DecodeError carries). Report.Structural lists the structural ones;
// Report.Diagnostics lists all of them flat, in file order; Report.Issues
// groups the rule findings by rule, as the reference response does.
// Messages never hold their own position: FormatDiagnostic prints it first,
// and Problems.Details adds it to the HTTP detail of a reading problem.
//
// # Rule catalogue
//
// The rules, in catalogue order, each with its code, its check function
// and the file that holds it. Catalogue (catalogue.go) is the table that
// binds each code to its severity, summary and check function:
//
// Errors of the reference server:
//
//   - E1 unknown-strategy (checkUnknownStrategy in rules_strategies.go): a strategy names no known strategy type.
//   - E2 context-legal-values (checkContextLegalValues in rules_context.go): an existing context field lacks an imported legal value or belongs to another project.
//   - E3 feature-in-other-project (checkFeatureInOtherProject in rules_features.go): an imported feature exists in another project.
//   - E4 duplicate-feature (checkDuplicateFeature in rules_features.go): a feature name occurs more than once.
//   - E5 naming-pattern (checkNamingPattern in rules_naming.go): a name fails the project's naming pattern.
//   - E6 feature-limit (checkFeatureLimit in rules_limit.go): the import exceeds the project's feature limit.
//   - E7 unknown-segment (checkUnknownSegment in rules_segments.go): an imported segment does not exist.
//   - E8 missing-dependency (checkMissingDependency in rules_dependencies.go): a dependency's parent neither exists nor is imported.
//
// Extra errors, only with Options.Strict:
//
//   - constraint-value (checkConstraintValue in rules_constraints.go): a constraint value does not parse for its operator.
//   - unknown-context-field (checkUnknownContextField in rules_context.go): a constraint uses an unknown context field.
//   - unknown-segment-id (checkUnknownSegmentID in rules_segments.go): a strategy uses a segment id that is not imported.
//   - variant-weights (checkVariantWeights in rules_variants.go): variable variant weights do not sum to 1000.
//   - unknown-feature-reference (checkUnknownFeatureReference in rules_references.go): a strategy, tag, environment or dependency names a feature that is not imported.
//   - unknown-tag-type (checkUnknownTagType in rules_references.go): a tag uses an unknown tag type.
//   - duplicate-strategy-id (checkDuplicateStrategyID in rules_strategies.go): two strategies share an id.
//
// Warnings of the reference server:
//
//   - W1 custom-strategy-used (checkCustomStrategyUsed in rules_strategies.go): custom strategy types are used.
//   - W2 archived-feature (checkArchivedFeature in rules_features.go): an imported feature exists archived.
//   - W3 feature-exists (checkFeatureExists in rules_features.go): an imported feature exists in the project and will be overwritten.
//
// Extra warnings, always on (errors with Options.Strict):
//
//   - unknown-project (checkUnknownProject in rules_target.go): the target project does not exist.
//   - unknown-environment (checkUnknownEnvironment in rules_target.go): the target environment does not exist (when the State implements EnvironmentState).
//   - invalid-naming-pattern (checkInvalidNamingPattern in rules_naming.go): JavaScript refuses the project's pattern (or a name's test would backtrack too long), so names were not checked.
//
// Permissions:
//
//   - missing-permissions (checkMissingPermissions in rules_permissions.go): the permissions the caller lacks.
//
// Report.Reference renders the findings of the reference rules as the
// reference server's response, byte for byte; Report.Response adds the
// extra rules. Options.Disable switches rules off by code and Options.Rules
// adds an organisation's own.
//
// The package performs no I/O beyond the State and Permissions it is given
// and holds no package-level state.
package importvalidate
