package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/importvalidate/plan"
	"github.com/flagadmin/flagadmin/importvalidate/plan/planfile"
	"github.com/flagadmin/flagadmin/model"
	"github.com/flagadmin/flagadmin/model/profile"
	"github.com/flagadmin/flagadmin/unleashapi"
)

// Exit codes of apply beyond ExitOK (applied as planned, or nothing to
// apply), ExitFindings (refused before anything was imported) and
// ExitUsage.
const (
	// ExitDiffers: imported, but the instance differs from the plan (the
	// differences are printed).
	ExitDiffers = 3
	// ExitImportFailed: an import was sent and failed (refused by the
	// instance, or no answer), or refused after an earlier file of the
	// plan was imported; what it left is printed.
	ExitImportFailed = 4
)

// applyTimeout bounds an apply: its reads, the imports and the reads
// after them.
const applyTimeout = 5 * time.Minute

const applyUsage = `usage: flagadmin apply [flags] PLANFILE | FILE | -

Imports into the instance exactly the plan reviewed: PLANFILE is a plan
saved by 'flagadmin plan -unleash URL -out PLANFILE'; FILE (or - for
stdin) an import body or a bare export (with -project and
-environment), which apply plans first. apply then:

 1. checks that the plan still holds: the instance state the plan read
    (its features, strategies, segments, context fields, tag types,
    project settings) is read again, and a stale plan is refused, naming
    what changed since;
 2. refuses a file that the validation or the plan refuses, or that the
    token's user lacks permissions for;
 3. shows the plan and asks for confirmation when standard input is a
    terminal (-auto-approve for CI; with neither it refuses);
 4. imports (POST /api/admin/features-batch/import), one file after the
    other: Unleash imports a file in one transaction;
 5. reads the same features again and compares them with the plan,
    aspect by aspect.

The token must be a personal access token (or a service account's
token) of a user with the import's permissions: Unleash refuses admin API
tokens for imports, and apply refuses one before sending anything.

Exit code: 0 applied as planned (or nothing to change); 1 refused before
importing anything; 2 for a usage or I/O problem, or an instance that
cannot be read; 3 imported, but the instance differs from the plan (the
differences are printed); 4 an import failed, or one was refused after an
earlier file was imported (what it left is printed).

flags:
`

type applyConfig struct {
	instance             *instanceFlags
	file                 string
	project, environment string
	autoApprove          bool
}

func parseApply(args []string, stderr io.Writer) (applyConfig, int, bool) {
	var c applyConfig
	fs := newFlagSet("flagadmin apply", applyUsage, stderr)
	c.instance = registerInstance(fs, "to import into (default: the saved plan's)")
	fs.StringVar(&c.project, "project", "", "`project` to import a FILE into (default: the file's)")
	fs.StringVar(&c.environment, "environment", "", "`environment` to import a FILE into (default: the file's)")
	fs.BoolVar(&c.autoApprove, "auto-approve", false, "apply without asking for confirmation (for CI)")
	rest, code, ok := parseInterspersed(fs, args)
	if !ok {
		return c, code, false
	}
	if len(rest) != 1 {
		fmt.Fprintln(stderr, "flagadmin apply: give one PLANFILE or FILE, or - for stdin")
		return c, ExitUsage, false
	}
	c.file = rest[0]
	return c, ExitOK, true
}

// applier is one run of apply.
type applier struct {
	env    Env
	client *unleashapi.Client
	// prof is the profile of the instance's version.
	prof   profile.Profile
	im     *unleashapi.Importer
	caller importvalidate.Permissions
}

// Apply is the apply subcommand.
func Apply(ctx context.Context, args []string, env Env) int {
	return start(ctx, args, env, parseApply)
}

// run runs the apply subcommand with the parsed command line.
func (cfg applyConfig) run(ctx context.Context, env Env) int {
	say, fail := sayTo(env.Stderr, "flagadmin apply"), failTo(env.Stderr, "flagadmin apply")
	in := input{name: cfg.file, path: cfg.file}
	if cfg.file == "-" {
		in = input{name: "<stdin>"}
	}
	raw, err := in.read(ctx, env.Stdin, cfg.instance.limit())
	if err != nil {
		return fail(ExitUsage, err)
	}
	var saved *planfile.File
	if planfile.IsPlanFile(raw) {
		if saved, err = planfile.Decode(raw); err != nil {
			return fail(ExitUsage, fmt.Errorf("%s: %w", in.name, err))
		}
		if cfg.project != "" || cfg.environment != "" {
			return fail(ExitUsage, errors.New("-project and -environment are for a FILE: a saved plan holds its target"))
		}
		switch {
		case cfg.instance.url == "":
			cfg.instance.url = saved.Unleash
		case strings.TrimRight(cfg.instance.url, "/") != saved.Unleash:
			return fail(ExitFindings, fmt.Errorf("refused: the plan was made for %s, not %s", saved.Unleash, cfg.instance.url))
		}
	} else if cfg.instance.url == "" {
		return fail(ExitUsage, errors.New("give -unleash URL, the instance to import into"))
	}
	token, err := cfg.instance.token(ctx, env)
	if err != nil {
		return fail(ExitUsage, err)
	}
	ctx, cancel := context.WithTimeout(ctx, applyTimeout)
	defer cancel()
	a := &applier{env: env}
	if a.im, err = unleashapi.NewImporter(cfg.instance.url, token, unleashapi.Options{ListTTL: -1, TokenTTL: -1}); err != nil {
		return fail(ExitUsage, fmt.Errorf("-unleash: %w", err))
	}
	// Who the token is, first: an admin API token is refused before
	// anything else is sent.
	caller, err := a.im.Caller(ctx)
	var ue *unleashapi.Error
	switch {
	case errors.Is(err, unleashapi.ErrAdminToken):
		return fail(ExitFindings, fmt.Errorf("refused: %v", err))
	case errors.As(err, &ue) && (errors.Is(err, unleashapi.ErrUnauthorized) || errors.Is(err, unleashapi.ErrForbidden)):
		return fail(ExitFindings, fmt.Errorf("refused: the token cannot import: %v", err))
	case err != nil:
		return fail(ExitUsage, err)
	}
	a.caller = caller
	if a.client, _, err = cfg.instance.client(ctx, token); err != nil {
		return fail(ExitUsage, err)
	}
	version, err := a.client.Profile(ctx)
	if err != nil {
		return fail(ExitUsage, err)
	}
	a.prof = version.Profile

	// The entries to apply: the saved plan's, after checking that each
	// still holds; or the file's, planned now.
	var entries []planfile.Entry
	if saved != nil {
		stale := false
		for _, e := range saved.Plans {
			changed, err := planfile.Check(ctx, e.Reads, a.client, a.client)
			if err != nil {
				return fail(ExitUsage, err)
			}
			if len(changed) > 0 {
				stale = true
				say("the saved plan of %s is stale: the instance changed since the plan was made:", e.File)
				for _, c := range changed {
					fmt.Fprintf(env.Stderr, "  %s\n", c)
				}
			}
		}
		if stale {
			return fail(ExitFindings, errors.New("refused: nothing was imported; make a new plan"))
		}
		entries = saved.Plans
	} else {
		p, err := planOne(ctx, a.client, a.client, a.prof, in, raw, cfg.project, cfg.environment)
		var nt *importvalidate.NoTargetError
		switch {
		case errors.As(err, &nt):
			return fail(ExitUsage, errors.New("a bare export needs -project and -environment"))
		case err != nil:
			return fail(ExitUsage, err)
		case p.refusal != "":
			_, _ = io.WriteString(env.Stdout, p.refusal)
			return fail(ExitFindings, errors.New("refused: the validation refuses the file; nothing was imported"))
		case p.plan.Refused():
			_ = plan.WriteText(env.Stdout, p.plan, plan.TextOptions{File: in.name})
			return fail(ExitFindings, fmt.Errorf("refused: the import would be refused (%s); nothing was imported", plan.Summary(p.plan)))
		}
		entries = []planfile.Entry{p.entry}
	}

	// Each entry again, with the caller's permissions: the validation,
	// the plan (which must be the saved one), its failures.
	checked := make([]verified, len(entries))
	for i := range entries {
		v, refusal, err := a.verify(ctx, &entries[i])
		if err != nil {
			return fail(ExitUsage, err)
		}
		if refusal != "" {
			return fail(ExitFindings, fmt.Errorf("refused: %s: %s; nothing was imported", entries[i].File, refusal))
		}
		checked[i] = v
	}
	var shown bytes.Buffer
	changes := false
	for i, e := range entries {
		if len(entries) > 1 {
			fmt.Fprintf(&shown, "--- %s (project %s, environment %s)\n", e.File, e.Project, e.Environment)
		}
		_ = plan.WriteText(&shown, checked[i].plan, plan.TextOptions{Color: isTerminal(env.Stdout) && env.getenv("NO_COLOR") == ""})
		changes = changes || checked[i].plan.HasChanges()
	}
	_, _ = env.Stdout.Write(shown.Bytes())
	if !changes {
		fmt.Fprintln(env.Stdout, "\nNo changes. Nothing to import.")
		return ExitOK
	}
	if !cfg.autoApprove {
		if !stdinTerminal(env) {
			return fail(ExitFindings, errors.New("refused: no terminal to confirm on (standard input is not one): give -auto-approve to apply without confirmation"))
		}
		if !confirm(env, a.client.BaseURL()) {
			fmt.Fprintln(env.Stdout, "\nApply cancelled.")
			return ExitFindings
		}
	}
	return a.importAll(ctx, entries, checked)
}

// verified is an entry checked again just now.
type verified struct {
	plan   *plan.Plan
	imp    *model.ImportRequest
	query  *plan.Query
	before *model.Snapshot
	reads  []planfile.Read
}

// verify validates and plans e's body again with the caller's
// permissions, and says why the import must not run: the plan's failures
// (the validation's findings of what the import refuses, the permissions
// it asks for included), other validation errors or missing permissions,
// or a plan that is no longer the saved one.
func (a *applier) verify(ctx context.Context, e *planfile.Entry) (verified, string, error) {
	var v verified
	rec := planfile.NewRecorder(a.client, a.client)
	val, err := importvalidate.New(importvalidate.Options{State: rec.State(), Profile: &a.prof})
	if err != nil {
		return v, "", err
	}
	rep, err := val.Validate(ctx, e.Body, importvalidate.Target{Permissions: a.caller})
	if err != nil {
		return v, "", err
	}
	refused := func() (verified, string, error) {
		var b bytes.Buffer
		_ = importvalidate.WriteText(&b, e.File, rep)
		_, _ = a.env.Stdout.Write(b.Bytes())
		return v, "the validation refuses it (" + rep.Summary() + ")", nil
	}
	if rep.Import == nil {
		return refused()
	}
	planner, err := plan.New(plan.Options{Source: rec.Source(), Profile: &a.prof})
	if err != nil {
		return v, "", err
	}
	if v.plan, err = planner.Plan(ctx, rep); err != nil {
		return v, "", err
	}
	if v.plan.Refused() {
		_ = plan.WriteText(a.env.Stdout, v.plan, plan.TextOptions{File: e.File})
		return v, "the import would be refused (" + plan.Summary(v.plan) + ")", nil
	}
	if rep.HasErrors() || rep.Counts().Permissions > 0 {
		return refused()
	}
	x, _ := json.Marshal(v.plan)
	y, _ := json.Marshal(e.Plan)
	if !bytes.Equal(x, y) {
		return v, "the plan made now differs from the saved one: the instance changed since; make a new plan", nil
	}
	v.imp, v.reads = rep.Import, rec.Reads()
	e2 := planfile.Entry{Reads: v.reads}
	if v.query, v.before, err = e2.Current(); err != nil {
		return v, "", err
	}
	if v.query == nil { // nothing read: a file with no feature
		v.query, v.before = &plan.Query{Project: v.plan.Project, Environment: v.plan.Environment}, &model.Snapshot{}
	}
	return v, "", nil
}

// importAll imports the entries in order, each checked again just
// before its import when an earlier one was imported, and compares the
// instance with each plan afterwards.
func (a *applier) importAll(ctx context.Context, entries []planfile.Entry, checked []verified) int {
	say := sayTo(a.env.Stderr, "flagadmin apply")
	differs := false
	imported := 0
	for i, e := range entries {
		v := checked[i]
		if !v.plan.HasChanges() {
			continue
		}
		if imported > 0 {
			// An earlier import may have changed what this plan read.
			changed, err := planfile.Check(ctx, v.reads, a.client, a.client)
			if err != nil || len(changed) > 0 {
				say("%s: not imported: its plan no longer holds after the import of the files before it: %s %v", e.File, strings.Join(changed, "; "), errOrEmpty(err))
				return ExitImportFailed
			}
		}
		err := a.im.Import(ctx, e.Body)
		if err != nil {
			say("%s: the import failed: %v", e.File, err)
			a.left(ctx, e, v)
			if imported > 0 {
				say("the %d files before it were imported", imported)
			}
			return ExitImportFailed
		}
		imported++
		after, err := a.client.Current(ctx, *v.query)
		if err != nil {
			say("%s: imported; reading the features again failed: %v", e.File, err)
			return ExitDiffers
		}
		d, err := plan.Outcome(v.plan, &v.imp.Data, v.before, after)
		if err != nil {
			say("%s: imported; the features read again: %v", e.File, err)
			return ExitDiffers
		}
		if len(d) > 0 {
			differs = true
			say("%s: imported, but the instance differs from the plan:", e.File)
			for _, l := range d {
				fmt.Fprintf(a.env.Stderr, "  %s\n", l)
			}
		} else {
			fmt.Fprintf(a.env.Stdout, "\nApplied %s: the instance now matches the plan (%s).\n", e.File, totalsText(v.plan))
		}
	}
	if differs {
		return ExitDiffers
	}
	return ExitOK
}

// left reads the instance after a failed import and says what the
// import left: nothing (Unleash imports in one transaction), the
// planned state, or something else.
func (a *applier) left(ctx context.Context, e planfile.Entry, v verified) {
	say := sayTo(a.env.Stderr, "flagadmin apply")
	now, err := a.client.Current(ctx, *v.query)
	if err != nil {
		say("%s: reading the features again failed, so what the import left is unknown: %v", e.File, err)
		return
	}
	if planfile.SameCurrent(*v.query, v.before, now) {
		say("%s: the instance is as before: nothing was changed (Unleash imports a file in one transaction)", e.File)
		return
	}
	d, err := plan.Outcome(v.plan, &v.imp.Data, v.before, now)
	switch {
	case err != nil:
		say("%s: the instance changed; how is unknown: %v", e.File, err)
	case len(d) == 0:
		say("%s: the instance matches the plan: the import took effect despite the error", e.File)
	default:
		say("%s: the instance changed, and does not match the plan:", e.File)
		for _, l := range d {
			fmt.Fprintf(a.env.Stderr, "  %s\n", l)
		}
	}
}

func totalsText(p *plan.Plan) string {
	t := p.Totals()
	return fmt.Sprintf("%d created, %d updated, %d unchanged, %d skipped; %d context fields and %d tag types created",
		t.Create, t.Update, t.Unchanged, t.Skip, t.ContextFields, t.TagTypes)
}

func errOrEmpty(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
