package importvalidate

import (
	"context"
	"encoding/json"
	"strings"
	"unicode/utf8"

	"github.com/flagadmin/flagadmin/importvalidate/internal/fastpath"
	"github.com/flagadmin/flagadmin/importvalidate/internal/schema"
	"github.com/flagadmin/flagadmin/internal/jsonwire"
)

// isExport reports whether raw is a bare export, the file Unleash's
// Export button downloads ({"features": [...], "featureStrategies": [...],
// ...}), rather than an import request body ({"project", "environment",
// "data"}): a JSON object with none of the members "project",
// "environment" and "data". Anything else, an empty or broken file
// included, reads as a request body.
func isExport(raw []byte) bool {
	i := jsonwire.SkipWS(raw, jsonwire.BOMLen(raw))
	return i < len(raw) && raw[i] == '{' && !jsonwire.HasMember(raw, "project", "environment", "data")
}

// NoTargetError is the error of an export validated without
// Target.Project and Target.Environment: an export names no target.
type NoTargetError struct{}

func (*NoTargetError) Error() string {
	return "importvalidate: an export names no project or environment: give Target.Project and Target.Environment"
}

// An export is validated as the request body made of the target and the
// export as its "data", and every location points into the export itself:
// pointers from its root ("/features/0/name"), byte offsets, lines and
// columns of the export. A finding that has no place in it (such as an
// unknown target project) is left without a location.

// validateExportInPlace validates an export that the fast path takes as
// it stands (the common case: a valid export without a byte order
// mark, for a project and environment that are valid UTF-8): it decodes
// raw as the "data" of the request body validateExportWrapped builds,
// and locates the findings in raw itself, neither copying raw nor reading
// it once more. It gives the report validateExportWrapped gives, and ok false
// for an export it does not take, which has then not been validated (err
// is ctx's error when ctx ended).
func (v *Validator) validateExportInPlace(ctx context.Context, raw []byte, t Target) (rep *Report, ok bool, err error) {
	// json.Marshal writes invalid UTF-8 as U+FFFD, which the request body
	// would then name; a byte order mark is no part of the body.
	// The fast path checks the default version's schema only.
	if !v.structure.fast || !utf8.ValidString(t.Project) || !utf8.ValidString(t.Environment) || jsonwire.BOMLen(raw) > 0 {
		return nil, false, nil
	}
	imp, starts, ok := fastpath.DecodeExport(ctx, raw, v.structure.maxDepth)
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

// validateExportWrapped validates any export: the request body made of
// t's target and raw, with the locations moved into raw. An export that
// is no JSON text gets its own syntax problem, located in raw.
func (v *Validator) validateExportWrapped(ctx context.Context, raw []byte, t Target) (*Report, error) {
	if p, ok := schema.SyntaxProblem(raw); !ok {
		return &Report{Project: t.Project, Environment: t.Environment, Issues: []Issue{},
			Structural: Problems{syntaxProblem(p.Location, p.Detail)}}, nil
	}
	bom := jsonwire.BOMLen(raw)
	project, _ := json.Marshal(t.Project)
	env, _ := json.Marshal(t.Environment)
	// The prefix ends its own line, so that raw's lines and columns are
	// the body's shifted by one line. A byte order mark stays in front,
	// where the body reports it as it would the file's.
	prefix := `{"project":` + string(project) + `,"environment":` + string(env) + `,"data":` + "\n"
	body := make([]byte, 0, len(prefix)+len(raw)+2)
	body = append(append(append(append(body, raw[:bom]...), prefix...), raw[bom:]...), "\n}"...)
	rep, err := v.validateBody(ctx, body, t)
	if err != nil {
		return nil, err
	}
	rb := rebase{shift: int64(len(prefix)), size: int64(len(raw)), lines: jsonwire.NewLines(raw)}
	for i := range rep.Structural {
		d := &rep.Structural[i]
		d.Location = rb.location(d.Location)
		if d.Code == CodeDuplicateKey {
			// The message names where the key's other occurrence is.
			d.problem.detail.Other = rb.location(d.problem.detail.Other)
		}
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

// rebase maps a location in the request body validateExportWrapped
// builds to the same place in the export.
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

// exportPointer returns p, a pointer into the request body
// validateExportWrapped builds, as a pointer into the export: without "/data". ok is false for
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
