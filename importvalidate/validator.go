package importvalidate

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"

	"github.com/flagadmin/flagadmin/importvalidate/importmodel"
	"github.com/flagadmin/flagadmin/importvalidate/internal/schema"
	"github.com/flagadmin/flagadmin/model"
	"github.com/flagadmin/flagadmin/model/profile"
)

// Options configure a Validator. State is required; the rest may stay
// zero, which runs the reference rules.
type Options struct {
	// State is the existing state of the instance, read once per
	// validation: an Unleash database (package unleashdb), a live
	// instance (package unleashapi), a snapshot (NewMemoryState), your
	// own store, or the embedded demo instance asked for by name
	// (DemoState). New refuses a nil State. A custom state must answer Unleash's built-in
	// strategies and context fields as the instance does; WithBuiltIns
	// adds them.
	State State
	// Strict runs the rules of Options.Rules whose Strict field is set
	// (every built-in rule runs always), and makes errors of the
	// built-in warnings beyond the reference's (such as a constraint on a
	// context field that exists nowhere, or a naming pattern that
	// JavaScript refuses) and of the structural warnings (a coerced
	// scalar, a repeated key, a number the model cannot hold, ...): what
	// the reference server accepts after changing it is then an error (over
	// HTTP a 400). Their issues never appear in Report.Reference.
	Strict bool
	// Disable lists the codes of rules not to run, built-in or added.
	Disable []Code
	// Rules are run after the built-in rules, in this order. Their codes
	// must be distinct from each other and from the built-in codes.
	Rules []Rule
	// MaxProblems caps the structural problems listed; 0 means 1000. When
	// there are more, the list ends with one entry of code
	// CodeTooManyProblems saying how many were left out, or that there
	// are more than the cap.
	MaxProblems int
	// MaxDepth is the deepest nesting of objects and arrays accepted
	// (CodeMaxDepth); 0 means no limit but the input's size, as the
	// reference server has none but its body limit. Deep nesting inside
	// free-form members (strategy parameters, payloads) is read without
	// recursion: each level costs a small frame, in proportion to the
	// input.
	MaxDepth int
	// Profile is how the instance's Unleash version answers (package
	// model/profile, such as instance.Instance.Profile()); nil means the
	// default version's, which every Report then notes (VersionNote). It sets the request schema the structural tier
	// checks (its members and constraint operators), the permission names
	// and their order, and whether a context field scoped to another
	// project is reported.
	Profile *profile.Profile
}

// Validator validates import requests. It is safe for concurrent use; build
// one and reuse it.
type Validator struct {
	state State
	rules []Rule
	// restated are the yields of the rules that run (restated.go).
	restated  restatements
	structure *structure
	profile   profile.Profile
	// versionNote is Report.VersionNote: set when no profile was given.
	versionNote string
	// constraintContexts is set when a rule needs the constraints' context
	// fields looked up (CodeUnknownContextField).
	constraintContexts bool
	// importFacts is set when a rule of CategoryImport runs: the
	// validation then asks for Input.Facts.
	importFacts bool
	// strict keeps the reference errors that the import accepts errors
	// (Options.Strict).
	strict bool
	// spareView is the memory of a view of the cleaned file that the
	// last validation left, for the next one (importmodel.Buffers).
	spareView atomic.Pointer[importmodel.Buffers]
	// checks lists the indices of rules that are the import's own checks
	// (Rule.ownCheck) and others the rest, each in order; sideFrom is the
	// size of a file from which the rules run on two goroutines
	// (rules_run.go; negative: on every file).
	checks, others []int
	sideFrom       int
}

// New builds a Validator. It fails on a nil State, on an unknown code in
// Disable, on a rule without a code or check, on a code used twice, on a
// rule whose severity or category is not one of a rule's (any category
// but CategoryStructure, the structural tier's), and on negative limits.
func New(opts Options) (*Validator, error) {
	v := &Validator{state: opts.State, strict: opts.Strict, sideFrom: sideFrom}
	if opts.Profile != nil {
		v.profile = *opts.Profile
	} else {
		v.profile = profile.Default()
		v.versionNote = "no Unleash version given: validated as Unleash " + profile.DefaultVersion +
			", the default (its schema, permission names and rules); give the instance's version to validate as it answers"
	}
	if v.state == nil {
		return nil, errors.New("importvalidate: Options.State is nil: give the instance's state " +
			"(unleashdb.Open, NewMemoryState of a snapshot, your own State) or importvalidate.DemoState() for the embedded demo instance")
	}
	all := append(Catalogue(), opts.Rules...)
	known := make(map[Code]bool, len(all))
	for i, r := range all {
		switch {
		case r.Code == "":
			return nil, fmt.Errorf("importvalidate: rule %d has no code", i)
		case r.Check == nil:
			return nil, fmt.Errorf("importvalidate: rule %q has no check", r.Code)
		case known[r.Code]:
			return nil, fmt.Errorf("importvalidate: rule code %q is used twice", r.Code)
		case r.Severity != 0 && r.Severity != SeverityError && r.Severity != SeverityWarning:
			return nil, fmt.Errorf("importvalidate: rule %q has the unknown severity %d", r.Code, int(r.Severity))
		case r.Category != 0 && (r.Category == CategoryStructure || !r.Category.known()):
			return nil, fmt.Errorf("importvalidate: rule %q has category %s; a rule's is a category other than structure", r.Code, r.Category)
		}
		known[r.Code] = true
	}
	off := make(map[Code]bool, len(opts.Disable))
	for _, c := range opts.Disable {
		if !known[c] {
			return nil, fmt.Errorf("importvalidate: cannot disable %q: no rule has that code", c)
		}
		off[c] = true
	}
	builtIn := len(all) - len(opts.Rules)
	for i, r := range all {
		if off[r.Code] || (r.Strict && !opts.Strict) {
			continue
		}
		if r.Severity == 0 {
			r.Severity = SeverityError
		}
		if i < builtIn {
			r.Severity = severityIn(r.Severity, r.Reference, opts.Strict)
		}
		if r.Category == 0 {
			r.Category = CategoryRule
		}
		if i < builtIn && r.ownCheck {
			v.checks = append(v.checks, len(v.rules))
		} else {
			v.others = append(v.others, len(v.rules))
		}
		v.rules = append(v.rules, r)
		v.constraintContexts = v.constraintContexts || r.Code == CodeUnknownContextField || r.Code == CodeUnknownStickiness || r.Category == CategoryImport
		v.importFacts = v.importFacts || r.Category == CategoryImport
	}
	v.restated = restatementsOf(v.rules)
	var err error
	if v.structure, err = newStructure(opts); err != nil {
		return nil, err
	}
	return v, nil
}

// Target says where the data is imported and who imports it.
type Target struct {
	// Project and Environment override the request's project and
	// environment when non-empty.
	Project     string
	Environment string
	// Permissions are the caller's, such as an *auth.Principal. They are
	// required: a nil Permissions makes Validate fail, so that a forgotten
	// field never passes as an admin. AllPermissions{} skips the check by
	// name; the report then has no permissions entry, as for an admin.
	Permissions Permissions
	// RequestBody says that the data is the body of an HTTP import
	// request, read exactly as the reference server reads it: never as a
	// bare export, and a body of zero bytes as the empty object. An HTTP
	// handler that answers as the reference does sets it.
	RequestBody bool
}

// AllPermissions holds every permission: as Target.Permissions it skips
// the permission check, as for an admin.
type AllPermissions struct{}

// HasPermission reports true.
func (AllPermissions) HasPermission(context.Context, string, string, string) (bool, error) {
	return true, nil
}

// check refuses a Target without Permissions.
func (t Target) check() error {
	if t.Permissions == nil {
		return errors.New("importvalidate: Target.Permissions is nil: give the caller's permissions " +
			"(such as an *auth.Principal) or importvalidate.AllPermissions{} to skip the check")
	}
	return nil
}

// DemoState returns the embedded demo instance (model.DefaultSnapshot:
// project "default", environments development and production, Unleash's
// built-in strategies and context fields) as a State, for examples and
// first trials. Validating against it says nothing about a real instance.
func DemoState() (*MemoryState, error) {
	snap, err := model.DefaultSnapshot()
	if err != nil {
		return nil, fmt.Errorf("importvalidate: demo state: %w", err)
	}
	return NewMemoryState(snap)
}

// Validate validates data, a file or an HTTP request body, and locates
// every finding in it (pointer, byte offset, line:column).
//
// A file is either a bare export, the file Unleash's Export button
// downloads (a JSON object with none of the members "project",
// "environment" and "data"), validated for t.Project and t.Environment,
// which it then needs (else the error is a *NoTargetError, unless the
// file is no valid JSON: its syntax is then reported as a request body's
// would be); or an import request body ({"project", "environment",
// "data"}), whose target t overrides where set. An empty file, and one
// that does not start as JSON does ('{' or '['), get one CodeSyntax
// problem that says so, at line 1, column 1. With t.RequestBody, data is
// read as a request body only.
//
// A body that fails the structural tier gets a report whose Structural
// lists every problem and whose Issues is empty; otherwise the rules run
// against the state. Report.Reference and Report.Response are what the
// reference server would answer for the request body (for an export:
// the body made of t's target and the export). The error is non-nil only
// when t has no Permissions, a lookup fails or ctx ends; no partial
// report is returned then.
func (v *Validator) Validate(ctx context.Context, data []byte, t Target) (*Report, error) {
	if err := t.check(); err != nil {
		return nil, err
	}
	validate := v.validateFile
	if t.RequestBody {
		validate = v.validateBody
	}
	rep, err := validate(ctx, data, t)
	if rep != nil {
		rep.VersionNote = v.versionNote
	}
	return rep, err
}

// validateBody validates the bytes of an import request body.
func (v *Validator) validateBody(ctx context.Context, body []byte, t Target) (*Report, error) {
	return v.validateBodyOf(ctx, body, t, importmodel.RequestBody{Raw: body})
}

// validateBodyOf validates the bytes of an import request body, which
// req is as it is sent (the body itself, or the export it wraps).
func (v *Validator) validateBodyOf(ctx context.Context, body []byte, t Target, req importmodel.RequestBody) (*Report, error) {
	imp, starts, problems, err := v.structure.decode(ctx, body)
	if err != nil {
		return nil, err
	}
	if problems.HasErrors() {
		project, env := targetOf(body, t)
		// What the profile's schema refuses and a newer version's knows
		// is said once more, with what to do.
		newer, err := v.structure.newerMembers(problems)
		if err != nil {
			return nil, err
		}
		return &Report{Project: project, Environment: env, Structural: problems, Issues: newer}, nil
	}
	rep, err := v.validateImport(ctx, imp, t, req)
	if err != nil {
		return nil, err
	}
	rep.Structural = problems
	// Coercion and integer rewriting change values only, never their
	// pointers, so the items are located in the caller's bytes; from the
	// offsets of the items of data's arrays when the single pass gave
	// them, which leaves only the wanted items to read again.
	if err := locateItems(ctx, body, starts, rep.Issues); err != nil {
		return nil, err
	}
	if len(rep.Restated) > 0 {
		if err := locateItems(ctx, body, starts, rep.Restated); err != nil {
			return nil, err
		}
	}
	return rep, nil
}

// targetOf returns the project and environment of a body that failed the
// structural tier: those of t where set, else the body's own when they are
// strings of a document that parses, else "".
func targetOf(body []byte, t Target) (project, env string) {
	return t.over(schema.Target(body))
}

// over returns the project and environment of the import: t's where set,
// else the given ones.
func (t Target) over(project, env string) (string, string) {
	if t.Project != "" {
		project = t.Project
	}
	if t.Environment != "" {
		env = t.Environment
	}
	return project, env
}

// ValidateImport validates an already decoded import request, such as a
// Report.Import. Item locations carry JSON pointers but no offsets.
func (v *Validator) ValidateImport(ctx context.Context, imp *model.ImportRequest, t Target) (*Report, error) {
	return v.validateImport(ctx, imp, t, importmodel.RequestBody{})
}

// validateImport is ValidateImport of an import read from the request
// body req (none for a decoded import).
func (v *Validator) validateImport(ctx context.Context, imp *model.ImportRequest, t Target, req importmodel.RequestBody) (*Report, error) {
	if imp == nil {
		return nil, errors.New("importvalidate: nil import request")
	}
	if err := t.check(); err != nil {
		return nil, err
	}
	project, env := t.over(imp.Project, imp.Environment)
	spare := v.spareView.Swap(nil)
	in, err := gather(ctx, v.state, imp, project, env, v.constraintContexts, v.importFacts, req, spare)
	if err != nil {
		v.spareView.CompareAndSwap(nil, spare)
		return nil, err
	}
	in.Profile, in.strict = v.profile, v.strict
	if err := in.checkPermissions(ctx, t.Permissions); err != nil {
		return nil, err
	}
	if v.importFacts {
		if err := in.callerFacts(ctx, t.Permissions); err != nil {
			return nil, err
		}
	}
	rep := &Report{Project: project, Environment: env, Issues: []Issue{}, Import: imp, VersionNote: v.versionNote}
	results, err := v.runRules(ctx, in)
	if err != nil {
		return nil, err
	}
	for i, r := range v.rules {
		for _, is := range results[i].found {
			is.Code = r.Code
			if is.Severity == 0 {
				is.Severity = r.Severity
			}
			is.Category = r.Category
			is.Reference = r.Reference
			if is.Items == nil {
				is.Items = []Item{}
			}
			rep.Issues = append(rep.Issues, is)
		}
	}
	rep.Issues, rep.Restated = v.restated.leaveOut(rep.Issues, in.names)
	addHints(rep.Issues, in)
	sortBy(rep.Issues, func(a, b Issue) bool {
		if ra, rb := a.Category.rank(), b.Category.rank(); ra != rb {
			return ra < rb
		}
		return a.Severity < b.Severity
	})
	if b := in.Release(); b.Size() <= importmodel.SpareMax {
		v.spareView.Store(b)
	}
	return rep, nil
}
