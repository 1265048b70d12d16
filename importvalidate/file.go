package importvalidate

import (
	"context"
	"encoding/json"

	"github.com/flagadmin/flagadmin/internal/jsonwire"
	"github.com/flagadmin/flagadmin/internal/safetext"
)

// ValidateFile validates the content of a file: a bare export (see
// IsExport) with ValidateExport, anything else as an import request body
// with Validate. An empty file, and one that does not start as JSON does
// (with '{' or '['), get a report with one CodeSyntax problem that says
// so in a sentence, at line 1, column 1. An export without a target is a
// *NoTargetError, unless it is no valid JSON: its syntax is then reported
// as a request body's would be.
func (v *Validator) ValidateFile(ctx context.Context, raw []byte, t Target) (*Report, error) {
	if err := t.check(); err != nil {
		return nil, err
	}
	if msg := notJSON(raw); msg != "" {
		return &Report{Project: t.Project, Environment: t.Environment, Issues: []Issue{},
			Structural: Problems{{Severity: SeverityError, Category: CategoryStructure, Code: CodeSyntax, Message: msg,
				Location: Location{Offset: 0, Line: 1, Column: 1}}}}, nil
	}
	if t.Project != "" && t.Environment != "" {
		// A valid export is told from a request body as it is decoded:
		// its object has none of a body's members.
		if rep, ok, err := v.validateExportInPlace(ctx, raw, t); ok || err != nil {
			return rep, err
		}
		if IsExport(raw) {
			return v.validateExportWrapped(ctx, raw, t)
		}
	} else if IsExport(raw) && json.Valid(raw) {
		return nil, &NoTargetError{}
	}
	return v.Validate(ctx, raw, t)
}

// notJSON says why raw is no JSON document at a glance, "" when it may be
// one.
func notJSON(raw []byte) string {
	if IsEmpty(raw) {
		return "The file is empty; an export is a JSON object such as {\"features\": [], \"featureStrategies\": [], \"tagTypes\": []}."
	}
	i := jsonwire.SkipWS(raw, jsonwire.BOMLen(raw))
	if c := raw[i]; c != '{' && c != '[' {
		return "The file is not JSON: it starts with " + safetext.String(firstRune(raw[i:])) +
			"; an export is a JSON object such as {\"features\": [], \"featureStrategies\": [], \"tagTypes\": []}."
	}
	return ""
}

// firstRune returns the first character of b, quoted.
func firstRune(b []byte) string {
	n := 1
	for n < len(b) && n < 4 && b[n]&0xC0 == 0x80 {
		n++
	}
	return "'" + string(b[:n]) + "'"
}

// FileMessage returns the message of d as FormatDiagnostic prints it:
// with pointers from the document's root and words for a file rather
// than an HTTP request, under the output rule of FormatDiagnostic.
func (d Diagnostic) FileMessage() string { return safetext.String(documentPointers(d.Message)) }

// CodeSummary returns a one-line description of a code, a structural
// problem's or a built-in rule's, for help texts (such as SARIF's rule
// descriptions); "" for a code it does not know.
func CodeSummary(code string) string {
	switch code {
	case CodeSyntax:
		return "the file is a JSON text"
	case CodeInvalidUTF8:
		return "strings are valid UTF-8"
	case CodeDuplicateKey:
		return "no object has the same key twice"
	case CodeMaxDepth:
		return "objects and arrays do not nest too deep"
	case CodeRequired:
		return "required members are present"
	case CodeAdditionalProperty:
		return "objects have only the members the schema lists"
	case CodeType:
		return "values have the JSON type the schema asks for"
	case CodeEnum:
		return "values are among the allowed ones"
	case CodeMaximum, CodeMinimum:
		return "numbers are within their bounds"
	case CodeMinLength, CodeMaxLength:
		return "strings have a length within their bounds"
	case CodePattern:
		return "strings match their pattern"
	case CodeFormat:
		return "date-times are well formed"
	case CodeCoerced:
		return "scalars have their type, not one the reference server converts"
	case CodeByteOrderMark:
		return "the file has no byte order mark"
	case CodeTooManyProblems:
		return "the list of problems was cut"
	case CodeNumber:
		return "numbers fit the member that holds them"
	case CodeDecode:
		return "the data decodes into the model"
	}
	for _, r := range Catalogue() {
		if r.Code == code {
			return r.Summary
		}
	}
	return ""
}

// FileItem returns the item of d as FormatDiagnostic prints it, under its
// output rule.
func (d Diagnostic) FileItem() string { return safetext.String(d.Item) }
