package importvalidate

import (
	"context"
	"fmt"
	"math"
	"sync"

	"github.com/flagadmin/flagadmin/importvalidate/internal/fastpath"
	"github.com/flagadmin/flagadmin/importvalidate/internal/schema"
	"github.com/flagadmin/flagadmin/internal/jsonwire"

	"github.com/flagadmin/flagadmin/model"
	"github.com/flagadmin/flagadmin/model/profile"
)

// defaultMaxProblems is the number of problems listed when
// Options.MaxProblems is 0.
const defaultMaxProblems = 1000

// structure is the structural tier of the validation: it checks the bytes
// of an import request body against the syntax of JSON and the schema of
// ImportTogglesSchema (import.schema.json, the reference server's schema
// of the import body), and finds the problems the reference server finds,
// in its order. It is safe for concurrent use.
type structure struct {
	maxProblems, maxDepth int
	// warnings are the kinds of problems that are warnings.
	warnings schema.Kinds
	// doc is the request schema of the profile (requestSchema); fast
	// says that it is importSchema, the one the fast path checks. For
	// another schema every body takes the slow path, which checks it;
	// the fast path only decodes a body the slow path found valid.
	doc     []byte
	fast    bool
	profile profile.Profile
	// newer are the lines newer than the profile's with their schemas,
	// parsed when a body first fails the profile's schema (newerMembers).
	newer struct {
		once  sync.Once
		lines []newerLine
		err   error
	}
	// slow is the slow path, compiled from the embedded schema when a
	// body first needs it (see slowPath): a body the fast path takes
	// never does, so that a process validating valid bodies only never
	// spends the compilation (about 12 ms and 4.6 MB).
	slow struct {
		once    sync.Once
		checker *schema.Checker
		err     error
	}
}

// newStructure builds the structural tier of opts, checking the request
// schema of opts.Profile (the default version's when nil). It fails on
// negative limits and on a profile without an embedded schema. The
// schema is compiled when a body first needs the slow path.
func newStructure(opts Options) (*structure, error) {
	switch {
	case opts.MaxProblems < 0:
		return nil, fmt.Errorf("importvalidate: MaxProblems %d is negative", opts.MaxProblems)
	case opts.MaxDepth < 0:
		return nil, fmt.Errorf("importvalidate: MaxDepth %d is negative", opts.MaxDepth)
	}
	prof := profile.Default()
	if opts.Profile != nil {
		prof = *opts.Profile
	}
	doc, fast, err := requestSchema(prof)
	if err != nil {
		return nil, err
	}
	s := &structure{maxProblems: opts.MaxProblems, maxDepth: opts.MaxDepth, doc: doc, fast: fast, profile: prof}
	if s.maxProblems == 0 {
		s.maxProblems = defaultMaxProblems
	}
	if s.maxDepth == 0 {
		s.maxDepth = math.MaxInt
	}
	for _, info := range codeTable() {
		if info.kind != 0 && info.severityIn(opts.Strict) == SeverityWarning {
			s.warnings = s.warnings.With(info.kind)
		}
	}
	return s, nil
}

// slowPath returns the checker of the slow path, compiling it on the
// first call; every later call returns the same checker, or the same
// error (a defect of the embedded schema, which the tests rule out).
func (s *structure) slowPath() (*schema.Checker, error) {
	s.slow.once.Do(func() {
		s.slow.checker, s.slow.err = schema.New(s.doc, schema.Options{
			MaxProblems: s.maxProblems, MaxDepth: s.maxDepth, Warnings: s.warnings,
		})
		if s.slow.err != nil {
			s.slow.err = fmt.Errorf("importvalidate: import schema: %w", s.slow.err)
		}
	})
	return s.slow.checker, s.slow.err
}

// check checks raw, the bytes of an import request body. It returns the
// body to decode, raw itself or, when a scalar was coerced as the reference
// server coerces it, a coerced copy, and every structural problem (see
// Report.Structural); the body is valid when no problem is an error. The
// problems come in the reference server's order, so that the first is the
// one it reports (docs/RULES.md says which). A body of zero bytes is read
// as the empty object, as the reference server reads it. It stops when ctx
// ends, with ctx's error and no problems; a schema that fails to compile
// is its error too. It looks at ctx every thousand members or items, or
// problems, so a cancelled check ends within a few milliseconds.
func (s *structure) check(ctx context.Context, raw []byte) (body []byte, problems Problems, err error) {
	// A body the single-pass decoder accepts is valid: its verdict equals
	// jsonschema/v5's (a differential test and fuzz target hold it to
	// that), so the slow walk runs only for bodies with problems.
	if _, ok := s.fastDecode(ctx, raw); ok {
		return raw, nil, nil
	}
	if err := ctx.Err(); err != nil {
		return nil, nil, err
	}
	checker, err := s.slowPath()
	if err != nil {
		return nil, nil, err
	}
	body, found, err := checker.Check(ctx, raw)
	if err != nil {
		return nil, nil, err
	}
	return body, s.problemsOf(found), nil
}

// decode checks body and decodes it into the model, reading it once when
// it is valid as it stands: such a body takes the single-pass fast path;
// any other goes through the slow path, which finds every problem, coerces
// scalars and decodes (with the fast path from the body as read, else with
// encoding/json). Warnings come back with the decoded request. The error
// is ctx's when it ended first.
//
// When the fast path took body, starts holds where the items of the
// arrays of data begin in it, for locating (jsonwire.LocateWith).
func (s *structure) decode(ctx context.Context, body []byte) (imp *model.ImportRequest, starts jsonwire.ItemStarts, problems Problems, err error) {
	if s.fast {
		if imp, starts, ok := fastpath.DecodeIndexed(ctx, body, s.maxDepth); ok {
			return imp, starts, nil, nil
		}
	}
	if err := ctx.Err(); err != nil {
		return nil, nil, nil, err
	}
	checker, err := s.slowPath()
	if err != nil {
		return nil, nil, nil, err
	}
	// The body as read has passed the profile's schema: the fast path
	// decodes it when it takes it (its decode is encoding/json's for
	// every body it takes, whatever the schema checked), else
	// encoding/json does.
	imp, found, err := checker.DecodeWith(ctx, body, func(read []byte) (*model.ImportRequest, bool) {
		return fastpath.DecodeContext(ctx, read, s.maxDepth)
	})
	if err != nil {
		return nil, nil, nil, err
	}
	return imp, nil, s.problemsOf(found), nil
}

// fastDecode is the fast path's decode of raw where the profile's schema
// is the one it checks (s.fast), and ok false otherwise: a body it takes
// is then valid as it stands.
func (s *structure) fastDecode(ctx context.Context, raw []byte) (*model.ImportRequest, bool) {
	if !s.fast {
		return nil, false
	}
	return fastpath.DecodeContext(ctx, raw, s.maxDepth)
}

// problemsOf makes diagnostics of the slow path's problems: each with the
// code of its kind, an error unless the problem is a warning, worded as
// the profile's version words it.
func (s *structure) problemsOf(found []schema.Problem) Problems {
	if len(found) == 0 {
		return nil
	}
	table := codeTable()
	bare := s.profile.Errors.PathPrefix == ""
	out := make(Problems, len(found))
	for i, p := range found {
		out[i] = structural(kindInfo(table, p.Kind), p.Warning, p.Location, p.Detail)
		out[i].problem.bare = bare
		out[i].Hint = p.Hint
	}
	return out
}

// kindInfo is the entry of table whose code is that of the problems of
// kind k: codeSchema's for a kind without a code, which the slow path
// does not make.
func kindInfo(table []CodeInfo, k schema.Kind) CodeInfo {
	var fallback CodeInfo
	for _, info := range table {
		switch {
		case info.kind == k:
			return info
		case info.Code == codeSchema:
			fallback = info
		}
	}
	return fallback
}

// structural is the diagnostic of a structural problem of the code of
// info.
func structural(info CodeInfo, warning bool, l Location, d schema.Detail) Diagnostic {
	sev := SeverityError
	if warning {
		sev = SeverityWarning
	}
	return Diagnostic{Severity: sev, Category: CategoryStructure, Code: info.Code, Location: l,
		problem: &problem{detail: d, info: info}}
}

// Details projects the errors onto the `details` of the reference 400
// body (warnings are left out: the reference server accepts what they
// report), one Diagnostic.Detail each.
func (ps Problems) Details() []model.ErrorDetail {
	out := make([]model.ErrorDetail, 0, len(ps))
	for _, p := range ps {
		if p.Severity != SeverityWarning {
			out = append(out, p.Detail())
		}
	}
	return out
}

// Detail is the structural problem as an item of the `details` of the
// reference 400 body: path as the problem's code places it (CodeInfo,
// wirePath), from the request's root ("/body/data/features"), message
// its Message. The reading problems the reference words otherwise
// (syntax, invalid UTF-8, a duplicate key, nesting too deep) name their
// line, column and byte offset in the message, as the HTTP answer has no
// other place for them.
func (d Diagnostic) Detail() model.ErrorDetail {
	var info CodeInfo
	if d.problem != nil {
		info = d.problem.info
	}
	out := model.ErrorDetail{Message: d.Message()}
	if l := d.Location; info.positioned && l.Line > 0 {
		out.Message += fmt.Sprintf(" (line %d, column %d, byte %d)", l.Line, l.Column, l.Offset)
	}
	switch ptr := d.Location.Pointer; info.path {
	case pathLastToken:
		out.Path = jsonwire.LastToken(ptr)
	case pathBody:
		out.Path = "/body" + ptr
	case pathPlaced:
		if ptr != "" {
			out.Path = "/body" + ptr
		}
	}
	return out
}
