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
	"github.com/flagadmin/flagadmin/internal/safetext"
	"github.com/flagadmin/flagadmin/model"
	"github.com/flagadmin/flagadmin/model/profile"
	"github.com/flagadmin/flagadmin/unleashapi"
)

// Exit codes of apply beyond ExitOK (applied as planned, or nothing to
// apply), ExitFindings (refused before anything was imported) and
// ExitUsage.
const (
	// ExitDiffers: imported, but the instance differs from the plan, or
	// another writer changed the same features while apply ran (the
	// differences and the changes are printed).
	ExitDiffers = 3
	// ExitImportFailed: an import was sent and failed, or its outcome is
	// unknown, or a file was refused after an earlier file of the plan
	// was imported; what apply saw is printed.
	ExitImportFailed = 4
)

// Defaults of apply's waits.
const (
	// defaultImportTimeout bounds one import request: Unleash imports a
	// file of a thousand features in tens of seconds on a small machine.
	defaultImportTimeout = unleashapi.DefaultImportTimeout
	// defaultOutcomeWait bounds how long apply reads the instance after an
	// import whose answer did not say what happened.
	defaultOutcomeWait = 2 * time.Minute
)

// envURL names the instance when -unleash does not.
const envURL = "UNLEASH_URL"

const applyUsage = `usage: flagadmin apply -unleash URL [flags] PLANFILE | FILE | DIR | -

Imports into the instance exactly the plan reviewed: PLANFILE is a plan
saved by 'flagadmin plan -unleash URL -out PLANFILE'; FILE (or - for
stdin) an import body or a bare export (for the target it names, or
-project and -environment), which apply plans first; DIR a tree of
exports, DIR/PROJECT/ENVIRONMENT.json, planned first as 'flagadmin plan
DIR' plans it (-prune archives the features of a project that no file of
it holds). The instance is the one -unleash
(or $UNLEASH_URL) names, never one a file names: a saved plan must have
been made for it. apply then:

 1. checks that the plan still holds: the instance state the plan read
    (its features, strategies, segments with their constraints, context
    fields, tag types, project settings) is read again, the plan is made
    again with the token's permissions, and a plan that is not the saved
    one is refused, naming what changed since;
 2. refuses a file that the validation or the plan refuses, whose body
    is over the instance's request limit, or that the token's user lacks
    permissions for;
 3. shows the plan (instance, project, environment, counts) and asks for
    confirmation when standard input is a terminal (-auto-approve for CI;
    with neither it refuses);
 4. imports (POST /api/admin/features-batch/import), one file after the
    other (a tree's by project, then environment), each checked again
    just before it is sent: Unleash imports a file in one transaction;
    a body over the instance's request limit is sent in several imports
    (the plan says how many), each checked and reported as it lands;
    apply stops at the first failure, naming the files imported;
 5. reads the same features again, compares them with the plan aspect by
    aspect, and reads the instance's event log for changes that another
    writer made to them meanwhile;
 6. archives the features the plan archives (plan -prune), project by
    project, once every file is imported as planned.

An import whose answer does not say what happened (no answer within
-import-timeout, a lost connection, a 5xx of the instance or of a gateway)
is not reported as failed or as done: apply reads the instance for up to
-outcome-wait until it sees the plan's state (it landed) and otherwise
says that the outcome is unknown, and how to find out.

The token must be a personal access token (or a service account's
token) of a user with the import's permissions: Unleash refuses admin API
tokens for imports, and apply refuses one before sending anything.

Exit code: 0 applied as planned (or nothing to change); 1 refused before
importing anything; 2 for a usage or I/O problem, or an instance that
cannot be read; 3 imported, but the instance differs from the plan or
another writer changed the same features meanwhile (printed); 4 an import
failed or its outcome is unknown, or a file was refused after an earlier
file was imported (what apply saw is printed); 130 interrupted at the
confirmation, nothing sent.

flags:
`

type applyConfig struct {
	instance             *instanceFlags
	file                 string
	project, environment string
	autoApprove, prune   bool
	importTimeout        time.Duration
	outcomeWait          time.Duration
}

func parseApply(args []string, stderr io.Writer) (applyConfig, int, bool) {
	var c applyConfig
	fs := newFlagSet("flagadmin apply", applyUsage, stderr)
	c.instance = registerInstance(fs, "to import into (default: $"+envURL+"); a saved plan must have been made for it")
	fs.StringVar(&c.project, "project", "", "`project` to import a FILE into (default: the file's)")
	fs.StringVar(&c.environment, "environment", "", "`environment` to import a FILE into (default: the file's)")
	fs.BoolVar(&c.autoApprove, "auto-approve", false, "apply without asking for confirmation (for CI)")
	fs.BoolVar(&c.prune, "prune", false, "with a tree DIR: archive the features of a project that no file of it holds, after the imports")
	fs.DurationVar(&c.importTimeout, "import-timeout", defaultImportTimeout, "how long one import request may take before its outcome is unknown")
	fs.DurationVar(&c.outcomeWait, "outcome-wait", defaultOutcomeWait, "how long to read the instance after an import of unknown outcome")
	rest, code, ok := parseInterspersed(fs, args)
	if !ok {
		return c, code, false
	}
	switch {
	case len(rest) != 1:
		fmt.Fprintln(stderr, "flagadmin apply: give one PLANFILE or FILE, or - for stdin")
		return c, ExitUsage, false
	case c.importTimeout <= 0 || c.outcomeWait < 0:
		fmt.Fprintln(stderr, "flagadmin apply: -import-timeout must be positive, -outcome-wait not negative")
		return c, ExitUsage, false
	}
	c.file = rest[0]
	return c, ExitOK, true
}

// applier is one run of apply.
type applier struct {
	env    Env
	cfg    applyConfig
	client *unleashapi.Client
	// prof is the profile of the instance's version.
	prof   profile.Profile
	im     *unleashapi.Importer
	caller importvalidate.Permissions
	// user is the id of the token's user, for the event log.
	user int64
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
	tree := cfg.file != "-" && isTree([]string{cfg.file})
	var raw []byte
	var err error
	switch {
	case tree && (cfg.project != "" || cfg.environment != ""):
		return fail(ExitUsage, errors.New("-project and -environment are for a FILE: the path of each file of a tree names its target"))
	case !tree:
		if raw, err = in.read(ctx, env.Stdin, cfg.instance.limit()); err != nil {
			return fail(ExitUsage, err)
		}
	}
	// The token goes only to the instance the operator names.
	named := cfg.instance.url
	if named == "" {
		named = strings.TrimSpace(env.getenv(envURL))
	}
	var saved *planfile.File
	if planfile.IsPlanFile(raw) {
		if saved, err = planfile.Decode(raw); err != nil {
			return fail(ExitUsage, fmt.Errorf("%s: %w", safetext.String(in.name), err))
		}
		if cfg.project != "" || cfg.environment != "" {
			return fail(ExitUsage, errors.New("-project and -environment are for a FILE: a saved plan holds its target"))
		}
		if cfg.prune {
			return fail(ExitUsage, errors.New("-prune is for a tree DIR: a saved plan holds its archive (plan -prune -out)"))
		}
		if named == "" {
			return fail(ExitUsage, fmt.Errorf("give -unleash URL (or set %s): apply sends the token only to an instance named on its command line; this plan was made for %s", envURL, saved.Unleash))
		}
	} else if named == "" {
		return fail(ExitUsage, fmt.Errorf("give -unleash URL (or set %s), the instance to import into", envURL))
	} else if cfg.prune && !tree {
		return fail(ExitUsage, errors.New("-prune is for a tree DIR of DIR/PROJECT/ENVIRONMENT.json files"))
	}
	base, err := unleashapi.CanonicalURL(named)
	if err != nil {
		return fail(ExitUsage, fmt.Errorf("-unleash: %w", err))
	}
	if saved != nil && base != saved.Unleash {
		return fail(ExitFindings, fmt.Errorf("refused: the plan was made for %s, not %s; nothing was sent", saved.Unleash, base))
	}
	cfg.instance.url = base
	a := &applier{env: env, cfg: cfg}
	token, err := cfg.instance.token(ctx, env)
	if err != nil {
		return fail(ExitUsage, err)
	}
	if a.im, err = unleashapi.NewImporter(cfg.instance.url, token, unleashapi.Options{ListTTL: -1, TokenTTL: -1, ImportTimeout: cfg.importTimeout}); err != nil {
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
	a.caller, a.user = caller, caller.UserID
	if a.client, _, err = cfg.instance.client(ctx, token); err != nil {
		return fail(ExitUsage, err)
	}
	version, err := a.client.Profile(ctx)
	if err != nil {
		return fail(ExitUsage, err)
	}
	a.prof = version.Profile

	// The entries to apply: the saved plan's, after checking that the
	// whole plan still holds; or the file's, planned now.
	var entries []planfile.Entry
	var archives []planfile.Archive
	var notes []string // what a tree's projects say beyond their files
	switch {
	case saved != nil:
		stale := false
		for _, e := range saved.Plans {
			changed, err := planfile.Check(ctx, e.Reads, a.client)
			if err != nil {
				return fail(ExitUsage, err)
			}
			if len(changed) > 0 {
				stale = true
				a.sayStale(e, changed)
			}
		}
		for _, ar := range saved.Archive {
			changed, err := a.archiveStale(ctx, ar, nil)
			if err != nil {
				return fail(ExitUsage, err)
			}
			if len(changed) > 0 {
				stale = true
				say("the saved archive of project %s is stale: the instance changed since the plan was made:", ar.Project)
				a.list(changed)
			}
		}
		if stale {
			return fail(ExitFindings, errors.New("refused: nothing was imported; make a new plan"))
		}
		entries, archives = saved.Plans, saved.Archive
	case tree:
		tp, err := planTree(ctx, a.client, a.prof, a.client, cfg.file, cfg.prune, cfg.instance.limit())
		switch {
		case errors.As(err, new(*targetError)):
			return fail(ExitFindings, err)
		case err != nil:
			return fail(ExitUsage, err)
		case tp.refused():
			_ = writeTree(env, planConfig{format: "text"}, tp)
			return fail(ExitFindings, errors.New("refused: nothing was imported"))
		}
		for _, p := range tp.files {
			entries = append(entries, p.entry)
		}
		archives = tp.archives()
		for _, p := range tp.projects {
			if lines := projectLines(p); len(lines) > 0 && !p.Archive {
				notes = append(notes, fmt.Sprintf("\n--- project %s\n%s\n", safetext.String(p.Project), strings.Join(lines, "\n")))
			}
		}
	default:
		p, err := planOne(ctx, a.client, a.prof, in, raw, cfg.project, cfg.environment)
		if p.note != "" {
			say("note: %s: %s", in.name, p.note)
		}
		switch {
		case err != nil:
			return fail(ExitUsage, err)
		case p.refusal != "":
			_, _ = io.WriteString(env.Stdout, p.refusal)
			return fail(ExitFindings, errors.New("refused: nothing was imported"))
		case p.plan.Refused():
			_ = plan.WriteText(env.Stdout, p.plan, plan.TextOptions{File: in.name})
			return fail(ExitFindings, errors.New("refused: nothing was imported"))
		}
		entries = []planfile.Entry{p.entry}
	}

	// Each entry again, with the caller's permissions: the validation,
	// the plan and its reads (which must be the saved ones), its
	// failures.
	checked := make([]verified, len(entries))
	for i := range entries {
		v, refusal, err := a.verify(ctx, &entries[i], false)
		if err != nil {
			return fail(ExitUsage, err)
		}
		if refusal != "" {
			return fail(ExitFindings, fmt.Errorf("refused: %s: %s; nothing was imported", safetext.String(entries[i].File), refusal))
		}
		checked[i] = v
	}
	var shown bytes.Buffer
	fmt.Fprintf(&shown, "Instance: %s (Unleash %s)\n", a.client.BaseURL(), a.prof.Name)
	changes, files := false, 0
	for i, e := range entries {
		fmt.Fprintf(&shown, "\n--- %s\n", entryTitle(e, checked[i].plan))
		_ = plan.WriteText(&shown, checked[i].plan, plan.TextOptions{Color: isTerminal(env.Stdout) && env.getenv("NO_COLOR") == ""})
		shown.WriteString(importsLine(e))
		if checked[i].plan.HasChanges() {
			changes = true
			files++
		}
	}
	for _, n := range notes {
		shown.WriteString(n)
	}
	for _, ar := range archives {
		fmt.Fprintf(&shown, "\n--- archive in project %s: %s\n", safetext.String(ar.Project), archiveText(ar))
		changes = true
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
		what := make([]string, 0, files)
		for i, e := range entries {
			if checked[i].plan.HasChanges() {
				what = append(what, entryTitle(e, checked[i].plan))
			}
		}
		action := "import " + strings.Join(what, "; ")
		if len(what) == 0 {
			action = "import nothing"
		}
		for _, ar := range archives {
			action += fmt.Sprintf("; then archive in project %s %s", safetext.String(ar.Project), archiveText(ar))
		}
		ok, err := confirm(ctx, env, a.client.BaseURL(), action)
		if errors.Is(err, errInterrupted) {
			fmt.Fprintln(env.Stdout, "\nApply cancelled: interrupted. Nothing was sent.")
			return ExitInterrupted
		}
		if !ok {
			fmt.Fprintln(env.Stdout, "\nApply cancelled.")
			return ExitFindings
		}
	}
	say("importing into %s", a.client.BaseURL())
	code := a.importAll(ctx, entries, checked)
	if len(archives) == 0 {
		return code
	}
	if code != ExitOK {
		say("the archive was not made: not every file was imported as planned")
		return code
	}
	return a.archiveAll(ctx, entries, checked, archives)
}

// entryTitle names an entry's file, target and counts, escaped.
func entryTitle(e planfile.Entry, p *plan.Plan) string {
	return fmt.Sprintf("%s: project %s, environment %s: %s", safetext.String(e.File), safetext.String(e.Project), safetext.String(e.Environment), totalsText(p))
}

// sayStale says that e's plan no longer holds, with each change once.
func (a *applier) sayStale(e planfile.Entry, changed []string) {
	sayTo(a.env.Stderr, "flagadmin apply")("the saved plan of %s (project %s, environment %s) is stale: the instance changed since the plan was made:",
		e.File, e.Project, e.Environment)
	a.list(changed)
}

// verified is an entry checked again just now.
type verified struct {
	// parts are the bodies of the imports that send the entry's body
	// (bodyParts), in order.
	parts  [][]byte
	plan   *plan.Plan
	imp    *model.ImportRequest
	query  *importvalidate.Query
	before *model.Snapshot
	reads  []planfile.Read
}

// verify validates and plans e's body again with the caller's
// permissions, and says why the import must not run: the plan's failures
// (the validation's findings of what the import refuses, the permissions
// it asks for included), other validation errors or missing permissions,
// or a plan that is no longer the saved one. With follow, e is a file of
// a tree whose project's earlier files were imported since its plan was
// made: the plan made now must follow the saved one (plan.Follows), and
// is the one returned.
func (a *applier) verify(ctx context.Context, e *planfile.Entry, follow bool) (verified, string, error) {
	var v verified
	rec := planfile.NewRecorder(a.client)
	val, err := importvalidate.New(importvalidate.Options{State: rec, Profile: &a.prof, Disable: splitBodies})
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
	planner, err := plan.New(plan.Options{Source: rec, Profile: &a.prof})
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
	if follow {
		if d := plan.Follows(v.plan, e.Plan); len(d) > 0 {
			a.sayStale(*e, d)
			return v, "the plan made again after the earlier files of its project goes beyond the saved one: the instance changed since; make a new plan", nil
		}
		x = y
	} else if changed := planfile.Compare(e.Reads, rec.Reads()); len(changed) > 0 {
		a.sayStale(*e, changed)
		return v, "the plan made now read a state other than the saved one: the instance changed since; make a new plan", nil
	}
	if !bytes.Equal(x, y) {
		return v, "the plan made now differs from the saved one: the instance changed since; make a new plan", nil
	}
	if v.parts, err = bodyParts(e.Body, a.prof); err != nil {
		return v, "the body cannot be sent in imports under the instance's request limit (" + err.Error() + ")", nil
	}
	if len(v.parts) != max(1, e.Imports) {
		return v, fmt.Sprintf("the body is sent in %d imports, where the plan says %d: make a new plan", len(v.parts), max(1, e.Imports)), nil
	}
	v.imp, v.reads = rep.Import, rec.Reads()
	e2 := planfile.Entry{Reads: v.reads}
	if v.query, v.before, err = e2.Current(); err != nil {
		return v, "", err
	}
	if v.query == nil { // nothing read: a file with no feature
		v.query, v.before = &importvalidate.Query{Project: v.plan.Project, Environment: v.plan.Environment, Want: importvalidate.PartConfigs}, &model.Snapshot{}
	}
	return v, "", nil
}

func totalsText(p *plan.Plan) string {
	t := p.Totals()
	return fmt.Sprintf("%d created, %d updated, %d unchanged, %d skipped; %d context fields and %d tag types created",
		t.Create, t.Update, t.Unchanged, t.Skip, t.ContextFields, t.TagTypes)
}
