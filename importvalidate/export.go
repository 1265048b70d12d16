package importvalidate

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"

	"github.com/flagadmin/flagadmin/internal/jsonwire"
)

// IsExport reports whether raw is a bare export, the file Unleash's
// Export button downloads ({"features": [...], "featureStrategies": [...],
// ...}), rather than an import request body ({"project", "environment",
// "data"}): a JSON object with none of the members "project",
// "environment" and "data". Anything else, an empty or broken file
// included, reads as a request body.
func IsExport(raw []byte) bool {
	i := jsonwire.SkipWS(raw, jsonwire.BOMLen(raw))
	return i < len(raw) && raw[i] == '{' && !jsonwire.HasMember(raw, "project", "environment", "data")
}

// IsEmpty reports whether raw holds nothing but white space (and a byte
// order mark): an empty file.
func IsEmpty(raw []byte) bool {
	return len(bytes.TrimSpace(raw[jsonwire.BOMLen(raw):])) == 0
}

// NoTargetError is the error of an export validated without
// Target.Project and Target.Environment: an export names no target.
type NoTargetError struct{}

func (*NoTargetError) Error() string {
	return "importvalidate: an export names no project or environment: give Target.Project and Target.Environment"
}

// ValidateExport validates raw, a bare export (see IsExport), for the
// project and environment of t, which are required since an export names
// neither. The rules are those of Validate, and every location points
// into raw: pointers from raw's root ("/features/0/name"), byte offsets,
// lines and columns of raw. A finding that has no place in raw (such as
// an unknown target project) is left without a location. Report.Reference
// and Report.Response are what the reference server would answer for the
// request body made of t's target and raw.
func (v *Validator) ValidateExport(ctx context.Context, raw []byte, t Target) (*Report, error) {
	if t.Project == "" || t.Environment == "" {
		return nil, &NoTargetError{}
	}
	if err := t.check(); err != nil {
		return nil, err
	}
	bom := jsonwire.BOMLen(raw)
	project, _ := json.Marshal(t.Project)
	env, _ := json.Marshal(t.Environment)
	// The prefix ends its own line, so that raw's lines and columns are
	// the body's shifted by one line.
	prefix := `{"project":` + string(project) + `,"environment":` + string(env) + `,"data":` + "\n"
	body := make([]byte, 0, len(prefix)+len(raw)+2)
	body = append(append(append(body, prefix...), raw[bom:]...), "\n}"...)
	rep, err := v.Validate(ctx, body, t)
	if err != nil {
		return nil, err
	}
	rb := rebase{shift: int64(len(prefix) - bom), size: int64(len(raw)), lines: jsonwire.NewLines(raw)}
	end := int64(len(prefix) + len(raw) - bom)
	for i := range rep.Structural {
		d := &rep.Structural[i]
		if d.Code == CodeSyntax && d.Location.Offset >= end {
			// The closing brace the body adds is no part of the file.
			d.Message = strings.Replace(d.Message, "Unexpected character '}'", "Unexpected end of JSON input", 1)
		}
		d.Location = rb.location(d.Location)
		d.Message = strings.ReplaceAll(d.Message, "`/body/data", "`/body")
	}
	for i := range rep.Issues {
		for j := range rep.Issues[i].Items {
			it := &rep.Issues[i].Items[j]
			kept := it.Locations[:0]
			for _, l := range it.Locations {
				if l = rb.location(l); l.Offset >= 0 || l.Pointer != "" {
					kept = append(kept, l)
				}
			}
			it.Locations = kept
		}
	}
	return rep, nil
}

// rebase maps a location in the request body ValidateExport builds to
// the same place in the export.
type rebase struct {
	shift int64 // the prefix's length less the export's byte order mark
	size  int64
	lines jsonwire.Lines
}

// location returns l as a location in the export: the pointer without
// "/data", the offset, line and column in the export (an offset in the
// closing brace the body adds reads as the export's end). A place outside
// "/data" (the body's "/project") has none in the export: its location is
// {Offset: -1}.
func (rb rebase) location(l Location) Location {
	switch {
	case l.Pointer == "/data":
		l.Pointer = ""
	case strings.HasPrefix(l.Pointer, "/data/"):
		l.Pointer = l.Pointer[len("/data"):]
	case l.Pointer != "":
		return Location{Offset: -1}
	}
	if l.Offset < 0 {
		return l
	}
	l.Offset = min(max(l.Offset-rb.shift, 0), rb.size)
	if l.Line > 0 {
		l.Line, l.Column = rb.lines.Position(l.Offset)
	}
	return l
}
