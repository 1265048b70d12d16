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
// # Rules
//
// Catalogue returns the built-in rules in the order they run, each a Rule
// with a stable code, a severity, a category, a one-line summary and its
// check: the reference server's errors E1-E8 (such as CodeUnknownStrategy
// and CodeDuplicateFeature), the extra errors that only Options.Strict runs
// (such as CodeConstraintValue and CodeVariantWeights), the reference
// server's warnings W1-W3, the extra warnings CodeUnknownProject,
// CodeUnknownEnvironment and CodeInvalidNamingPattern, and
// CodeMissingPermissions. The Code constants name every one of them.
// docs/RULES.md in the module's repository lists the catalogue with what
// each rule reports, and a test holds it to Catalogue.
//
// Report.Reference renders the findings of the reference rules as the
// reference server's response, byte for byte; Report.Response adds the
// extra rules. Options.Disable switches rules off by code and Options.Rules
// adds an organisation's own.
//
// The package performs no I/O beyond the State and Permissions it is given
// and holds no package-level state.
package importvalidate
