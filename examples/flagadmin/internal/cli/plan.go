package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/importvalidate/plan"
	"github.com/flagadmin/flagadmin/importvalidate/plan/planfile"
	"github.com/flagadmin/flagadmin/internal/safetext"
	"github.com/flagadmin/flagadmin/model/exportfile"
	"github.com/flagadmin/flagadmin/model/profile"
)

// planTimeout bounds a plan against a database or an instance, and
// treeTimeout the plan or the export of a tree.
const (
	planTimeout = time.Minute
	treeTimeout = 10 * time.Minute
)

// ExitChanges is the exit code of plan -detailed-exitcode when the
// import changes something.
const ExitChanges = 2

const planUsage = `usage: flagadmin plan [flags] FILE|DIR|GLOB|- ...

Tells what importing each FILE (an import request body, or a bare export
for the target it names or -project and -environment; - reads stdin; a
directory its .json files) will change, feature by feature, before the
import runs, following Unleash 8.2.0's import (docs/PLAN.md): "+" create
(then what it brings), "~" update (then its aspects: "+" added, "-"
removed, "~" changed), "=" unchanged, "!" skipped, coloured on a
terminal unless NO_COLOR is set, then a summary line. -format json
prints the plan.Plan value (values as JSON values, counts in "summary";
several files: an array of {"file", "plan"}), -format markdown a plan
for a pull-request comment. Each file is validated first, as validate
does without permissions, and planned from that validation: when the
import would be refused, the plan ends with its failures, the
validation's findings of what the import refuses, each at its place
(FILE:LINE:COL); a file whose structure fails, or that the validation
refuses for no such finding, gets the findings instead of a plan.

One DIR of exports laid out as DIR/PROJECT/ENVIRONMENT.json ('flagadmin
export -all -o DIR'), planned over -unleash without -project and
-environment, is a tree: each file is planned for the target its path
names, and each project adds what no file says alone: a file that does
not hold its project's other files' features (an error), the project's
features no file holds ("left out: kept"; -prune plans to archive them,
refused where the instance would refuse), and a created feature close
to a left-out one ("renamed from X?"); then one summary. A body over
the instance's request limit is sent in several imports, which the plan
counts.

-out FILE saves the plan for 'flagadmin apply': the bodies, the target,
the plans, and the instance state they read (the fingerprint), which
apply checks again. It needs -unleash, the instance apply imports into,
and is written only when no file is refused.

The current configuration comes from the source flags: a snapshot needs
featureConfigs ('flagadmin snapshot -configs' writes them, from a
database or from -unleash), and a plan over one that lists a feature of
the file without its configuration is refused; -unleash reads a running
instance's own export of the file's features.

Exit code: 0 when every import would succeed, 1 when one would be
refused, 2 for a usage or I/O problem. With -detailed-exitcode (as
Terraform's): 0 no changes, 2 changes (of a tree: a feature left out
too), 1 refused or any problem, usage and I/O included.

flags:
`

// planConfig is the parsed command line of plan.
type planConfig struct {
	files                             []string
	project, environment, format, out string
	detailed, prune                   bool
	source                            *sourceFlags
	// tree: files is one directory of a tree, planned as one
	// (plan_tree.go).
	tree bool
}

func parsePlan(args []string, stderr io.Writer) (planConfig, int, bool) {
	var c planConfig
	fs := newFlagSet("flagadmin plan", planUsage, stderr)
	c.source = registerSource(fs)
	fs.StringVar(&c.project, "project", "", "`project` to import into (default: the file's)")
	fs.StringVar(&c.environment, "environment", "", "`environment` to import into (default: the file's)")
	fs.StringVar(&c.format, "format", "text", "output `format`: text, json or markdown")
	fs.StringVar(&c.out, "out", "", "save the plan to `file`, for flagadmin apply (needs -unleash)")
	fs.BoolVar(&c.detailed, "detailed-exitcode", false, "exit 0 for no changes, 2 for changes, 1 when refused or for any problem")
	fs.BoolVar(&c.prune, "prune", false, "with a tree DIR: plan to archive the features of a project that no file of it holds")
	// FILE may come before the flags too.
	rest, code, ok := parseInterspersed(fs, args)
	if !ok {
		return c, detailedCode(args, code), false
	}
	fail := func(msg string) (planConfig, int, bool) {
		fmt.Fprintln(stderr, "flagadmin plan:", msg)
		return c, detailedCode(args, ExitUsage), false
	}
	switch {
	case len(rest) == 0:
		return fail("give one FILE or more, or - for stdin")
	case c.format != "text" && c.format != "json" && c.format != "markdown":
		return fail(fmt.Sprintf("-format %q: text, json or markdown", c.format))
	case c.out != "" && c.source.Unleash == "":
		return fail("-out needs -unleash URL: a saved plan is applied to the instance it was made on")
	case c.out != "" && !c.source.ImportFacts:
		return fail("-out needs the import's facts (leave out -import-facts=false): apply reads them again, and a plan made without them would be stale")
	}
	c.files = rest
	c.tree = c.project == "" && c.environment == "" && c.source.Unleash != "" && isTree(rest)
	if msg := c.checkTree(); msg != "" {
		return fail(msg)
	}
	return c, ExitOK, true
}

// detailedCode is code, but 1 for a problem (code 2) when args ask for
// -detailed-exitcode, where 2 means changes.
func detailedCode(args []string, code int) int {
	if code != ExitUsage {
		return code
	}
	for _, a := range args {
		switch a {
		case "-detailed-exitcode", "--detailed-exitcode", "-detailed-exitcode=true", "--detailed-exitcode=true":
			return ExitFindings
		}
	}
	return code
}

// planned is the plan of one input.
type planned struct {
	in      input
	plan    *plan.Plan
	refusal string // validation findings when the validation refused the file
	entry   planfile.Entry
	target  fileTarget
	note    string // what to know of the target (fileTarget.note)
}

// Plan is the plan subcommand.
func Plan(ctx context.Context, args []string, env Env) int {
	return start(ctx, args, env, parsePlan)
}

// run runs the plan subcommand with the parsed command line.
func (cfg planConfig) run(ctx context.Context, env Env) int {
	failed := failTo(env.Stderr, "flagadmin plan")
	fail := func(code int, err error) int {
		if cfg.detailed && code == ExitUsage {
			code = ExitFindings
		}
		return failed(code, err)
	}
	inputs, problems := expand(cfg.files, nil)
	if len(problems) > 0 {
		return fail(ExitUsage, errors.New(strings.Join(problems, "; ")))
	}
	timeout := planTimeout
	if cfg.tree {
		timeout = treeTimeout
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	s, err := cfg.source.Open(ctx, sourceOptions{Getenv: env.Getenv, MaxConns: 2, Note: noteTo(env.Stderr, "flagadmin plan")})
	if err != nil {
		return fail(ExitUsage, err)
	}
	defer s.Close()
	if cfg.tree {
		return cfg.runTree(ctx, env, s, fail)
	}
	var all []planned
	for _, in := range inputs {
		body, err := in.read(ctx, env.Stdin, cfg.source.Limit())
		if err != nil {
			return fail(ExitUsage, err)
		}
		p, err := planOne(ctx, s.State, s.Profile(), in, body, cfg.project, cfg.environment)
		if p.note != "" {
			noteTo(env.Stderr, "flagadmin plan")(in.name + ": " + p.note)
		}
		switch {
		case errors.Is(err, plan.ErrNoConfiguration):
			return fail(ExitUsage, fmt.Errorf("%s: %w; write %s with 'flagadmin snapshot -configs'", in.name, err, s.Name))
		case errors.As(err, new(*targetError)):
			return fail(ExitUsage, err)
		case err != nil:
			return fail(ExitUsage, fmt.Errorf("%s: %w", in.name, err))
		}
		all = append(all, p)
	}
	if err := writePlans(env, cfg, all); err != nil {
		return fail(ExitUsage, err)
	}
	refused, changes := false, false
	for _, p := range all {
		refused = refused || p.refusal != "" || p.plan.Refused()
		changes = changes || (p.plan != nil && p.plan.HasChanges())
	}
	return cfg.finish(ctx, env, s, all, nil, refused, changes, fail)
}

// finish saves the plan of all and archives for -out unless it is
// refused, and returns the exit code of a plan that is refused or has
// changes.
func (cfg planConfig) finish(ctx context.Context, env Env, s *stateSource, all []planned, archives []planfile.Archive,
	refused, changes bool, fail func(int, error) int) int {
	if cfg.out != "" && !refused {
		if err := savePlan(ctx, cfg, s, all, archives); err != nil {
			return fail(ExitUsage, err)
		}
		fmt.Fprintf(env.Stderr, "\nSaved the plan to: %s\n\nTo apply exactly these changes, run:\n    flagadmin apply -unleash %s %s\n",
			cfg.out, cfg.source.Unleash, cfg.out)
	} else if cfg.out != "" {
		fmt.Fprintf(env.Stderr, "flagadmin plan: the import would be refused: %s not written\n", cfg.out)
	}
	switch {
	case refused:
		return ExitFindings
	case cfg.detailed && changes:
		return ExitChanges
	}
	return ExitOK
}

// planOne validates and plans one file over state, as the version of
// prof answers and imports, recording what they read.
func planOne(ctx context.Context, state importvalidate.State, prof profile.Profile, in input, raw []byte, project, environment string) (planned, error) {
	out := planned{in: in}
	rec := planfile.NewRecorder(state)
	v, err := importvalidate.New(importvalidate.Options{State: rec, Profile: &prof, Disable: splitBodies})
	if err != nil {
		return out, err
	}
	if out.target, err = targetOf(in.name, raw, importvalidate.Target{Project: project, Environment: environment,
		Permissions: importvalidate.AllPermissions{}}); err != nil {
		return out, err
	}
	// A bare export is validated in place, so that its findings name
	// places in the file as given.
	rep, err := v.Validate(ctx, raw, out.target.Target)
	if err != nil {
		return out, err
	}
	out.note = out.target.note(raw, rep, "planned")
	refusal := func() (planned, error) {
		var b bytes.Buffer
		_ = importvalidate.WriteText(&b, in.name, rep)
		return planned{in: in, refusal: b.String(), target: out.target, note: out.note}, nil
	}
	if rep.Import == nil {
		return refusal()
	}
	planner, err := plan.New(plan.Options{Source: rec, Profile: &prof})
	if err != nil {
		return out, err
	}
	// The plan's failures are the validation's findings of what the
	// import refuses; an error of the validation that is none of them
	// refuses the file too, with the validation's findings.
	var orders plan.SortOrders
	out.plan, orders, err = planner.PlanSortOrders(ctx, rep)
	if err != nil {
		return out, err
	}
	plan.LocateNotes(out.plan, raw)
	if rep.HasErrors() && !out.plan.Refused() {
		return refusal()
	}
	body, err := importBody(raw, out.plan.Project, out.plan.Environment)
	if err != nil {
		return out, err
	}
	// The body saved and sent gives every strategy its sort order.
	if out.entry, err = certainOrder(ctx, state, prof, in.name, body, out.plan, orders, rec.Reads()); err != nil {
		return out, err
	}
	body = out.entry.Body
	n, err := importsOf(body, prof)
	if err != nil {
		return planned{in: in, target: out.target, note: out.note, refusal: fmt.Sprintf("%s: error: the import body is %d bytes, over the %d bytes (%d kB) that Unleash %s takes, "+
			"and it cannot be sent in several imports: %v\n", safetext.String(in.name), len(body), prof.Import.MaxBody, prof.Import.MaxBody>>10, prof.Name, err)}, nil
	}
	if n > 1 {
		out.entry.Imports = n
	}
	return out, nil
}

// splitBodies are the rules left out of the validations of plan and
// apply: a body over the instance's request limit is sent in several
// imports (importsOf), each within it.
var splitBodies = []importvalidate.Code{importvalidate.CodeImportBodyTooLarge}

// importsOf is the number of imports body is sent in to an instance of
// prof: one within its request limit, else those of plan.SplitBody;
// an error when a feature alone is over the limit.
func importsOf(body []byte, prof profile.Profile) (int, error) {
	parts, err := bodyParts(body, prof)
	return len(parts), err
}

// bodyParts are the bodies of the imports that send body to an instance
// of prof (plan.SplitBody).
func bodyParts(body []byte, prof profile.Profile) ([][]byte, error) {
	limit := prof.Import.MaxBody
	if limit <= 0 || int64(len(body)) <= limit {
		return [][]byte{body}, nil
	}
	return plan.SplitBody(body, limit)
}

// importBody is the import request body of raw, an import body or a bare
// export, into project and environment, compact.
func importBody(raw []byte, project, environment string) ([]byte, error) {
	var probe map[string]json.RawMessage
	if err := json.Unmarshal(raw, &probe); err != nil {
		return nil, err
	}
	data := raw
	if d, ok := probe["data"]; ok {
		data = d
	}
	body, err := exportfile.Body(project, environment, data)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if err := json.Compact(&b, body); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// writePlans prints the plans in the format of cfg.
func writePlans(env Env, cfg planConfig, all []planned) error {
	var b bytes.Buffer
	many := len(all) > 1
	switch cfg.format {
	case "json":
		if !many && all[0].plan != nil {
			out, _ := json.MarshalIndent(all[0].plan, "", "  ")
			b.WriteString(safetext.Text(string(out)) + "\n")
			break
		}
		var list []fileJSON
		for _, p := range all {
			list = append(list, fileJSON{File: p.in.name, Plan: p.plan, Findings: p.refusal, Imports: p.entry.Imports})
		}
		if !many {
			b.WriteString(all[0].refusal + "Plan: the import will be refused; nothing changes.\n")
			break
		}
		out, _ := json.MarshalIndent(list, "", "  ")
		b.WriteString(safetext.Text(string(out)) + "\n")
	case "markdown":
		for _, p := range all {
			title := fmt.Sprintf("%s: project %s, environment %s", p.in.name, p.target.Project, p.target.Environment)
			if p.plan != nil {
				title = fmt.Sprintf("%s: project %s, environment %s", p.in.name, p.plan.Project, p.plan.Environment)
				_ = plan.WriteMarkdown(&b, p.plan, plan.MarkdownOptions{Title: title, File: p.in.name, MaxBytes: 60000 / len(all)})
				b.WriteString(importsLine(p.entry))
			} else {
				b.WriteString("#### " + p.in.name + "\n\n**The import will be refused; nothing changes.**\n\n```\n" +
					strings.ReplaceAll(p.refusal, "```", "'''") + "```\n")
			}
			b.WriteString("\n")
		}
	default:
		color := isTerminal(env.Stdout) && env.getenv("NO_COLOR") == ""
		for i, p := range all {
			if many {
				if i > 0 {
					b.WriteString("\n")
				}
				fmt.Fprintf(&b, "--- %s\n", safetext.String(p.in.name))
			}
			if p.plan == nil {
				b.WriteString(p.refusal + "Plan: the import will be refused; nothing changes.\n")
				continue
			}
			_ = plan.WriteText(&b, p.plan, plan.TextOptions{Color: color, File: p.in.name})
			b.WriteString(importsLine(p.entry))
		}
	}
	_, err := env.Stdout.Write(b.Bytes())
	return err
}

// fileJSON is the plan of one file, in -format json.
type fileJSON struct {
	File     string     `json:"file"`
	Plan     *plan.Plan `json:"plan,omitempty"`
	Findings string     `json:"findings,omitempty"`
	// Imports is the number of imports the file is sent in, when more
	// than one.
	Imports int `json:"imports,omitempty"`
}

// importsLine says in how many imports e's body is sent, when more than
// one; else "".
func importsLine(e planfile.Entry) string {
	if e.Imports <= 1 {
		return ""
	}
	return fmt.Sprintf("The import body is %d bytes, over the instance's request limit: it is sent in %d imports, whole features together, parents first.\n",
		len(e.Body), e.Imports)
}

// savePlan writes the plan file of cfg.out: the plans of all, then the
// archives.
func savePlan(ctx context.Context, cfg planConfig, s *stateSource, all []planned, archives []planfile.Archive) error {
	inst := s.Client
	if inst == nil {
		return errors.New("-out needs -unleash URL")
	}
	version, err := inst.Version(ctx)
	if err != nil {
		return err
	}
	f := planfile.File{Format: planfile.Format, Version: planfile.Version, Unleash: inst.BaseURL(), UnleashVersion: version,
		CreatedAt: time.Now().UTC().Format(time.RFC3339)}
	for _, p := range all {
		f.Plans = append(f.Plans, p.entry)
	}
	f.Archive = archives
	f.Seal()
	raw, err := json.MarshalIndent(f, "", "  ")
	if err != nil {
		return err
	}
	// A plan holds the bodies and the state read: for its owner alone.
	return writeFileAtomic(cfg.out, append(raw, '\n'), 0o600)
}

func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
