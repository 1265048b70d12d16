package importvalidate

import (
	"github.com/flagadmin/flagadmin/importvalidate/internal/jsvalue"

	"github.com/flagadmin/flagadmin/model"
)

// MarshalResponse encodes a validation response as the reference server
// writes it with JSON.stringify: every character as itself (no escaping of
// <, >, & or U+2028), '"', '\' and control characters escaped, and an
// unpaired surrogate of a name (kept as the reference keeps it) written as
// a lower-case \udxxx escape, where encoding/json would write U+FFFD.
func MarshalResponse(r model.ValidateResponse) []byte {
	b := []byte(`{"errors":`)
	b = appendIssues(b, r.Errors)
	b = append(b, `,"warnings":`...)
	b = appendIssues(b, r.Warnings)
	b = append(b, `,"permissions":`...)
	b = appendIssues(b, r.Permissions)
	return append(b, '}')
}

func appendIssues(b []byte, issues []model.Issue) []byte {
	b = append(b, '[')
	for i, is := range issues {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"message":`...)
		b = jsvalue.AppendString(b, is.Message)
		b = append(b, `,"affectedItems":[`...)
		for j, it := range is.AffectedItems {
			if j > 0 {
				b = append(b, ',')
			}
			b = jsvalue.AppendString(b, it)
		}
		b = append(b, "]}"...)
	}
	return append(b, ']')
}
