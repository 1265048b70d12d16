// Package importvalidate validates feature imports the way the reference
// server (Unleash) does, and more: every problem at once, each a
// Diagnostic with a severity, a stable Code, a message and its place in
// the input (JSON pointer, byte offset, line and column).
//
// Build a Validator with New over the instance's State, the one interface
// a validation and a plan read an instance through, one Read each
// (NewMemoryState of a snapshot, package unleashdb or unleashapi,
// DemoState, or your own store, answering with ReadSnapshot);
// Validate takes the bytes of a file or of an HTTP request body, and
// ValidateImport a decoded import. A body is first checked against the
// embedded import.schema.json as the reference reads it (the structural
// tier: Report.Structural, whose Details are the reference's 400 answer);
// then the rules of Catalogue run against the state (Report.Issues, whose
// Reference is the reference's answer byte for byte with MarshalResponse).
// Codes lists every code, structural or rule.
//
// docs/RULES.md in the module's repository describes each code, its check
// and its test, and how a body is read; README.md shows the package in
// use. The package performs no I/O beyond the State and Permissions it is
// given and holds no package-level state.
package importvalidate
