package importvalidate

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"unicode/utf8"

	"github.com/flagadmin/flagadmin/importvalidate/internal/fastpath"
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
	if rep, ok, err := v.validateExportInPlace(ctx, raw, t); ok || err != nil {
		return rep, err
	}
	return v.validateExportWrapped(ctx, raw, t)
}

// validateExportInPlace is ValidateExport for an export that the fast path
// takes as it stands (the common case: a valid export without a byte order
// mark, for a project and environment that are valid UTF-8): it decodes
// raw as the "data" of the request body ValidateExport would build, and
// locates the findings in raw itself, neither copying raw nor reading it
// once more. It gives the report validateExportWrapped gives, and ok false
// for an export it does not take, which has then not been validated (err
// is ctx's error when ctx ended).
func (v *Validator) validateExportInPlace(ctx context.Context, raw []byte, t Target) (rep *Report, ok bool, err error) {
	// json.Marshal writes invalid UTF-8 as U+FFFD, which the request body
	// would then name; a byte order mark is no part of the body.
	if !utf8.ValidString(t.Project) || !utf8.ValidString(t.Environment) || jsonwire.BOMLen(raw) > 0 {
		return nil, false, nil
	}
	imp, starts, ok := fastpath.DecodeExport(ctx, raw, v.structure.opts.MaxDepth)
	if !ok {
		return nil, false, ctx.Err()
	}
	imp.Project, imp.Environment = t.Project, t.Environment
	if rep, err = v.ValidateImport(ctx, imp, t); err != nil {
		return nil, true, err
	}
	// The pointers go from the body's root to the export's before they
	// are located in raw; a place outside "/data" has none in the export.
	// The body's own root, which starts where the body does, reads as
	// the export's first byte.
	type place struct{ issue, item, loc int }
	var roots []place
	for i := range rep.Issues {
		for j := range rep.Issues[i].Items {
			it := &rep.Issues[i].Items[j]
			kept := it.Locations[:0]
			for _, l := range it.Locations {
				if p, ok := exportPointer(l.Pointer); ok {
					l.Pointer = p
				} else if l.Pointer == "" {
					roots = append(roots, place{i, j, len(kept)})
				} else {
					continue
				}
				kept = append(kept, l)
			}
			it.Locations = kept
		}
	}
	if err := locateItems(ctx, raw, starts, rep.Issues); err != nil {
		return nil, true, err
	}
	for _, p := range roots {
		l := &rep.Issues[p.issue].Items[p.item].Locations[p.loc]
		l.Offset, l.Line, l.Column = 0, 1, 1
	}
	return rep, true, nil
}

// validateExportWrapped is ValidateExport for any export: it validates
// the request body made of t's target and raw, and moves the locations
// into raw.
func (v *Validator) validateExportWrapped(ctx context.Context, raw []byte, t Target) (*Report, error) {
	bom := jsonwire.BOMLen(raw)
	project, _ := json.Marshal(t.Project)
	env, _ := json.Marshal(t.Environment)
	// The prefix ends its own line, so that raw's lines and columns are
	// the body's shifted by one line. A byte order mark stays in front,
	// where the body reports it as it would the file's.
	prefix := `{"project":` + string(project) + `,"environment":` + string(env) + `,"data":` + "\n"
	body := make([]byte, 0, len(prefix)+len(raw)+2)
	body = append(append(append(append(body, raw[:bom]...), prefix...), raw[bom:]...), "\n}"...)
	rep, err := v.Validate(ctx, body, t)
	if err != nil {
		return nil, err
	}
	rb := rebase{shift: int64(len(prefix)), size: int64(len(raw)), lines: jsonwire.NewLines(raw)}
	end := int64(len(prefix) + len(raw))
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
	shift int64 // the prefix's length
	size  int64
	lines jsonwire.Lines
}

// location returns l as a location in the export: the pointer without
// "/data", the offset, line and column in the export (an offset in the
// closing brace the body adds reads as the export's end). A place outside
// "/data" (the body's "/project") has none in the export: its location is
// {Offset: -1}.
func (rb rebase) location(l Location) Location {
	if p, ok := exportPointer(l.Pointer); ok {
		l.Pointer = p
	} else if l.Pointer != "" {
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

// exportPointer returns p, a pointer into the request body ValidateExport
// builds, as a pointer into the export: without "/data". ok is false for
// a pointer outside "/data", the body's root "" included.
func exportPointer(p string) (string, bool) {
	switch {
	case p == "/data":
		return "", true
	case strings.HasPrefix(p, "/data/"):
		return p[len("/data"):], true
	}
	return "", false
}
