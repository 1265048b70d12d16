package importvalidate

import (
	"bytes"
	"context"
	"encoding/json"

	"github.com/flagadmin/flagadmin/importvalidate/internal/schema"
	"github.com/flagadmin/flagadmin/internal/jsonwire"
	"github.com/flagadmin/flagadmin/internal/safetext"
)

// validateFile validates the content of a file: a bare export (see
// isExport) for t's target, anything else as an import request body (see
// Validate).
func (v *Validator) validateFile(ctx context.Context, raw []byte, t Target) (*Report, error) {
	if reason := notJSON(raw); reason != "" {
		return &Report{Project: t.Project, Environment: t.Environment, Issues: []Issue{},
			Structural: Problems{syntaxProblem(Location{Offset: 0, Line: 1, Column: 1}, schema.Detail{Got: reason})}}, nil
	}
	if t.Project != "" && t.Environment != "" {
		// A valid export is told from a request body as it is decoded:
		// its object has none of a body's members.
		if rep, ok, err := v.validateExportInPlace(ctx, raw, t); ok || err != nil {
			return rep, err
		}
		if isExport(raw) {
			return v.validateExportWrapped(ctx, raw, t)
		}
	} else if isExport(raw) && json.Valid(raw) {
		return nil, &NoTargetError{}
	}
	return v.validateBody(ctx, raw, t)
}

// notJSON says why raw is no JSON document at a glance, "" when it may be
// one.
func notJSON(raw []byte) string {
	if isEmpty(raw) {
		return "The file is empty; an export is a JSON object such as {\"features\": [], \"featureStrategies\": [], \"tagTypes\": []}."
	}
	i := jsonwire.SkipWS(raw, jsonwire.BOMLen(raw))
	if c := raw[i]; c != '{' && c != '[' {
		return "The file is not JSON: it starts with " + safetext.String(firstRune(raw[i:])) +
			"; an export is a JSON object such as {\"features\": [], \"featureStrategies\": [], \"tagTypes\": []}."
	}
	return ""
}

// isEmpty reports whether raw holds nothing but white space (and a byte
// order mark): an empty file.
func isEmpty(raw []byte) bool {
	return len(bytes.TrimSpace(raw[jsonwire.BOMLen(raw):])) == 0
}

// firstRune returns the first character of b, quoted.
func firstRune(b []byte) string {
	n := 1
	for n < len(b) && n < 4 && b[n]&0xC0 == 0x80 {
		n++
	}
	return "'" + string(b[:n]) + "'"
}
