package importvalidate

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/flagadmin/flagadmin/importvalidate/importmodel"
	"github.com/flagadmin/flagadmin/importvalidate/internal/fastpath"
	"github.com/flagadmin/flagadmin/importvalidate/internal/schema"
	"github.com/flagadmin/flagadmin/internal/jsonwire"
	"github.com/flagadmin/flagadmin/model"
)

// isExport reports whether raw is a bare export, the file Unleash's
// Export button downloads ({"features": [...], "featureStrategies": [...],
// ...}), rather than an import request body ({"project", "environment",
// "data"}): a JSON object with none of the members "project",
// "environment" and "data". Anything else, an empty or broken file
// included, reads as a request body.
func isExport(raw []byte) bool {
	i := jsonwire.SkipWS(raw, jsonwire.BOMLen(raw))
	return i < len(raw) && raw[i] == '{' && !jsonwire.HasMember(raw, requestMembers()...)
}

// requestMembers are the members of an import request body, of which a
// bare export has none.
func requestMembers() []string { return []string{"project", "environment", "data"} }

// IsExport reports whether raw reads as a bare export, the file Unleash's
// Export button downloads, rather than as an import request body: a JSON
// object with none of the members "project", "environment" and "data".
// Validate reads such a file for Target.Project and Target.Environment.
func IsExport(raw []byte) bool { return isExport(raw) }

// NoTargetError is the error of an export validated without
// Target.Project and Target.Environment, or given to ExportTarget.Fill
// when it does not name one project or one environment where the target
// leaves them open.
type NoTargetError struct {
	// Missing lists what the target lacks and the export does not name
	// unambiguously: "project", "environment", or both in that order.
	// It is empty for Validate's own error, which reads nothing of the
	// export.
	Missing []string
	// Export is what the export names (see ExportTarget.Fill).
	Export ExportTarget
}

func (e *NoTargetError) Error() string {
	if len(e.Missing) == 0 {
		return "importvalidate: an export names no project or environment: give Target.Project and Target.Environment"
	}
	give := make([]string, len(e.Missing))
	for i, m := range e.Missing {
		give[i] = "Target." + strings.ToUpper(m[:1]) + m[1:]
	}
	return "importvalidate: the export names no single target: " + e.Why() + ": give " + strings.Join(give, " and ")
}

// Why says why the export does not name what is Missing, each part as
// ExportTarget.Ambiguity says it, joined by "; ".
func (e *NoTargetError) Why() string {
	why := make([]string, len(e.Missing))
	for i, m := range e.Missing {
		why[i] = e.Export.Ambiguity(m)
	}
	return strings.Join(why, "; ")
}

// ExportTarget is what a bare export says of the project and environment
// it was exported from: the "project" of its features and the
// "environment" of its featureEnvironments. An import ignores both (the
// request body's project and environment decide); a file exported from
// one project and one environment names one of each, and ExportTarget.Fill
// takes them as the target.
type ExportTarget struct {
	// Projects are the distinct projects the features name, and
	// Environments the distinct environments of the featureEnvironments,
	// each in the order of first appearance. A feature without a
	// "project" string, or a featureEnvironments entry without an
	// "environment" string, names none.
	Projects     []string
	Environments []string
}

// ReadExportTarget reads what raw, a bare export (see IsExport), names of
// its target. ok is false when raw is no export or no JSON text; members
// of an unexpected type name nothing.
func ReadExportTarget(raw []byte) (ExportTarget, bool) {
	if _, ok := jsonwire.Syntax(raw); !ok {
		return ExportTarget{}, false
	}
	top := jsonwire.SkipWS(raw, jsonwire.BOMLen(raw))
	if raw[top] != '{' {
		return ExportTarget{}, false
	}
	// One walk of the members tells an export (isExport) and finds its
	// lists; the last of a repeated member counts, as JSON.parse keeps it.
	export, features, environments := true, -1, -1
	request := requestMembers()
	jsonwire.EachMember(raw, top, func(name []byte, v int) bool {
		switch n := string(name); {
		case slices.Contains(request, n):
			export = false
		case n == "features":
			features = v
		case n == "featureEnvironments":
			environments = v
		}
		return export
	})
	if !export {
		return ExportTarget{}, false
	}
	return ExportTarget{Projects: namesIn(raw, features, "project"), Environments: namesIn(raw, environments, "environment")}, true
}

// namesIn lists, each once, in the order they first come, the strings
// that member holds in the objects of the array at offset i of raw, a
// valid JSON text (none for i < 0 or no array there); the last member of
// an object of that name counts. Only the member's value is read: the
// rest of the array is skipped.
func namesIn(raw []byte, i int, member string) []string {
	if i < 0 {
		return nil
	}
	var names []string
	var text jsonwire.NameBuf
	jsonwire.EachElement(raw, i, func(el int) {
		at := -1
		jsonwire.EachMember(raw, el, func(name []byte, v int) bool {
			if string(name) == member {
				at = v
			}
			return true
		})
		// A string, read as the validation decodes it.
		if at >= 0 && raw[at] == '"' {
			s := text.Decode(raw[at+1 : jsonwire.SkipValue(raw, at)-1])
			if !slices.ContainsFunc(names, func(n string) bool { return n == string(s) }) {
				names = append(names, string(s))
			}
		}
	})
	return names
}

// ExportTargetOf is what the decoded export d names of its target, as
// ReadExportTarget reads it from the bytes: for a Report's Import.Data,
// read already.
func ExportTargetOf(d *model.ExportData) ExportTarget {
	var e ExportTarget
	for _, f := range d.Features {
		if f.Project != nil && !slices.Contains(e.Projects, *f.Project) {
			e.Projects = append(e.Projects, *f.Project)
		}
	}
	for _, fe := range d.FeatureEnvironments {
		if fe.Environment != nil && !slices.Contains(e.Environments, *fe.Environment) {
			e.Environments = append(e.Environments, *fe.Environment)
		}
	}
	return e
}

// FileTarget returns t completed from raw, the content of a file: when
// raw is a bare export (see IsExport) and t leaves Project or Environment
// empty, with the ones the export names (ExportTarget.Fill, whose
// *NoTargetError says why when it names none or several). Anything else,
// a request body or no JSON text, gives t as it is, for Validate to read.
func FileTarget(raw []byte, t Target) (Target, error) {
	if t.Project != "" && t.Environment != "" {
		return t, nil
	}
	named, ok := ReadExportTarget(raw)
	if !ok {
		return t, nil
	}
	return named.Fill(t)
}

// One returns the one project and the one environment the export names,
// each "" when it names none or several.
func (e ExportTarget) One() (project, environment string) {
	if len(e.Projects) == 1 {
		project = e.Projects[0]
	}
	if len(e.Environments) == 1 {
		environment = e.Environments[0]
	}
	return project, environment
}

// Fill returns t with the project and the environment the export names
// where t leaves them empty. When the export names none or several of
// what t lacks, the error is a *NoTargetError that says so.
func (e ExportTarget) Fill(t Target) (Target, error) {
	project, environment := e.One()
	var missing []string
	if t.Project == "" {
		if t.Project = project; project == "" {
			missing = append(missing, "project")
		}
	}
	if t.Environment == "" {
		if t.Environment = environment; environment == "" {
			missing = append(missing, "environment")
		}
	}
	if len(missing) > 0 {
		return t, &NoTargetError{Missing: missing, Export: e}
	}
	return t, nil
}

// Ambiguity says why the export names no single value of member,
// "project" or "environment", such as `its features name 2 projects
// ("a", "b")` or `no featureEnvironments entry names an environment`.
func (e ExportTarget) Ambiguity(member string) string {
	names, owner := e.Projects, "its features name"
	if member == "environment" {
		names, owner = e.Environments, "its featureEnvironments name"
	}
	switch len(names) {
	case 0:
		if member == "environment" {
			return "no featureEnvironments entry names an environment"
		}
		return "no feature names its project"
	case 1:
		return fmt.Sprintf("%s %s %q", owner, member, names[0])
	}
	quoted := make([]string, 0, min(len(names), 3))
	for _, n := range names[:cap(quoted)] {
		quoted = append(quoted, strconv.Quote(n))
	}
	list := strings.Join(quoted, ", ")
	if len(names) > len(quoted) {
		list += ", …"
	}
	plural := map[string]string{"project": "projects", "environment": "environments"}[member]
	return fmt.Sprintf("%s %d %s (%s)", owner, len(names), plural, list)
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
	if rep, err = v.validateImport(ctx, imp, t, importmodel.RequestBody{Raw: raw, Export: true}); err != nil {
		return nil, true, err
	}
	for _, issues := range [][]Issue{rep.Issues, rep.Restated} {
		if err := inExport(ctx, raw, starts, issues); err != nil {
			return nil, true, err
		}
	}
	return rep, true, nil
}

// inExport moves the locations of issues, found in the request body made
// of an export, into the export raw: their pointers go from the body's
// root to the export's before they are located in raw; a place outside
// "/data" has none in the export. The body's own root, which starts
// where the body does, reads as the export's first byte.
func inExport(ctx context.Context, raw []byte, starts jsonwire.ItemStarts, issues []Issue) error {
	type place struct{ issue, item, loc int }
	var roots []place
	for i := range issues {
		for j := range issues[i].Items {
			it := &issues[i].Items[j]
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
	if err := locateItems(ctx, raw, starts, issues); err != nil {
		return err
	}
	for _, p := range roots {
		l := &issues[p.issue].Items[p.item].Locations[p.loc]
		l.Offset, l.Line, l.Column = 0, 1, 1
	}
	return nil
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
	rep, err := v.validateBodyOf(ctx, body, t, importmodel.RequestBody{Raw: raw[bom:], Export: true})
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
	rb.issues(rep.Issues)
	rb.issues(rep.Restated)
	return rep, nil
}

// issues moves the locations of issues into the export, leaving out
// those it has no place for.
func (rb rebase) issues(issues []Issue) {
	for i := range issues {
		for j := range issues[i].Items {
			it := &issues[i].Items[j]
			kept := it.Locations[:0]
			for _, l := range it.Locations {
				if l = rb.location(l); l.Offset >= 0 || l.Pointer != "" {
					kept = append(kept, l)
				}
			}
			it.Locations = kept
		}
	}
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
