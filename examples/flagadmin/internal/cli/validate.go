package cli

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/flagadmin/flagadmin/examples/flagadmin/internal/cmdflag"
	"github.com/flagadmin/flagadmin/examples/flagadmin/internal/gcsetting"
	"github.com/flagadmin/flagadmin/examples/flagadmin/internal/output"
	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/importvalidate/findings"
	"github.com/flagadmin/flagadmin/model/profile"
)

// validateTimeout bounds a run against a database, connecting included.
const validateTimeout = time.Minute

const validateUsage = `usage: flagadmin validate [flags] FILE|DIR|GLOB|- ...

Checks each export file, the file Unleash's Export button downloads
({"features": [...], ...}), or an import request body ({"project",
"environment", "data"}), against the state of an instance. An export is
checked for the project its features name and the environment its
featureEnvironments name (said in a note), or for -project and
-environment. The state: -state FILE, -database URL (or $DATABASE_URL),
-unleash URL (a live instance over its admin API) or -demo. A directory
stands for the .json files under it (a state snapshot among them is
skipped, with a note; -exclude GLOB leaves out more); - reads standard
input.

Exit code: 0 when no file fails -fail-on, 1 when one does, 2 for a usage
problem or a file or state that cannot be read.

flags:
`

// validateConfig is the parsed command line of validate.
type validateConfig struct {
	source      *sourceFlags
	args        []string
	project     string
	environment string
	token       string
	tokenFile   string
	strict      bool
	format      string
	failOn      string
	accept      string
	disable     string
	maxSame     int
	exclude     excludes
}

// Validate is the validate subcommand.
func Validate(ctx context.Context, args []string, env Env) int {
	return start(ctx, args, env, parseValidate)
}

// run runs the validate subcommand with the parsed command line.
func (cfg validateConfig) run(ctx context.Context, env Env) int {
	pol, ruleCodes, err := cfg.policy()
	if err == nil && cfg.format == "unleash" && (len(cfg.args) != 1 || isPattern(cfg.args[0])) {
		err = errors.New("-format unleash writes the answer for one file; give exactly one")
	}
	bw := bufio.NewWriter(env.Stdout)
	var out output.Output
	if err == nil {
		out, err = output.New(cfg.format, bw)
	}
	if err != nil {
		return usageProblem(env.Stderr, err)
	}
	ctx, cancel := context.WithTimeout(ctx, validateTimeout)
	defer cancel()
	src, err := cfg.source.Open(ctx, sourceOptions{Getenv: env.Getenv, MaxConns: 2, Note: noteTo(env.Stderr, "flagadmin validate")})
	if err != nil {
		fmt.Fprintln(env.Stderr, "flagadmin validate:", err)
		return ExitUsage
	}
	defer src.Close()
	target := importvalidate.Target{Project: cfg.project, Environment: cfg.environment, Permissions: importvalidate.AllPermissions{}}
	token, err := cfg.callerToken(ctx, env)
	if err == nil && token != "" {
		target.Permissions, err = src.Principal(ctx, token)
	}
	if err != nil {
		fmt.Fprintln(env.Stderr, "flagadmin validate:", err)
		return ExitUsage
	}
	prof := src.Profile()
	vopts := importvalidate.Options{State: src.State, Strict: cfg.strict, Disable: ruleCodes, Profile: &prof}
	if src.Version.Source == profile.FromNothing {
		// Nothing says the version (a snapshot without one): the reports
		// say that the default was used.
		vopts.Profile = nil
	}
	v, err := importvalidate.New(vopts)
	if err != nil {
		fmt.Fprintln(env.Stderr, "flagadmin validate:", err)
		return ExitUsage
	}

	inputs, problems := expand(cfg.args, cfg.exclude)
	var tot output.Totals
	var note string // the reports' VersionNote, said once
	for _, in := range inputs {
		size := in.size()
		if size >= 0 {
			// Set before reading a file of known size, so that reading
			// it does not start a collection of the heap as it was.
			tuneGC(env, validateGC(size))
		}
		raw, err := in.read(ctx, env.Stdin, cfg.source.Limit())
		if err != nil {
			problems = append(problems, err.Error())
			continue
		}
		if n := int64(len(raw)); n != size {
			// Standard input, or a file that read otherwise than its size.
			tuneGC(env, validateGC(n))
		}
		ft, targetErr := targetOf(in.name, raw, target)
		var rep *importvalidate.Report
		if targetErr == nil {
			if rep, err = v.Validate(ctx, raw, ft.Target); err != nil {
				fmt.Fprintln(env.Stderr, "flagadmin validate:", err)
				return ExitUsage
			}
		}
		// A snapshot fails as an export: only then is it worth looking
		// for one.
		if (targetErr != nil || rep.Structural.HasErrors()) && in.skipped(raw) {
			fmt.Fprintln(env.Stderr, "flagadmin validate: note: "+in.name+": skipped, a state snapshot rather than an export "+
				"(name the file to validate it anyway, or leave it out with -exclude)")
			continue
		}
		if targetErr != nil {
			problems = append(problems, targetErr.Error())
			continue
		}
		if n := ft.note(raw, rep, "checked"); n != "" {
			noteTo(env.Stderr, "flagadmin validate")(in.name + ": " + n)
		}
		note = rep.VersionNote
		f := output.File{Name: in.name, Report: rep, Result: pol.Apply(rep), Strict: cfg.strict, ErrorStyle: prof.Errors}
		tot.Files++
		tot.Counts = add(tot.Counts, f.Counts)
		if f.Failed {
			tot.Failed++
		}
		if err := out.File(f); err != nil {
			return usageProblem(env.Stderr, err)
		}
	}
	if note != "" {
		noteTo(env.Stderr, "flagadmin validate")(note)
	}
	for _, p := range problems {
		fmt.Fprintln(env.Stderr, "flagadmin validate:", p)
	}
	if tot.Files > 0 || len(problems) == 0 {
		if err := out.Close(tot); err != nil {
			return usageProblem(env.Stderr, err)
		}
	}
	if err := bw.Flush(); err != nil {
		fmt.Fprintln(env.Stderr, "flagadmin validate: writing:", err)
		return ExitUsage
	}
	switch {
	case len(problems) > 0:
		return ExitUsage
	case tot.Failed > 0:
		return ExitFindings
	}
	return ExitOK
}

// validateGC is the setting of the garbage collector for validating an
// input of size bytes: no collection, as the decoded input stays live to
// the end, unless the heap reaches a limit that grows with the input.
func validateGC(size int64) gcsetting.Setting {
	return gcsetting.Setting{Percent: -1, Limit: 64<<20 + 8*size}
}

// usageProblem reports err as a usage problem.
func usageProblem(stderr io.Writer, err error) int {
	fmt.Fprintln(stderr, "flagadmin validate:", err)
	fmt.Fprintln(stderr, cmdflag.Line("flagadmin validate", validateUsage))
	return ExitUsage
}

// parseValidate parses the flags, which may come before and after the
// files. When the command is to stop, ok is false and code is its exit
// code.
func parseValidate(args []string, stderr io.Writer) (cfg validateConfig, code int, ok bool) {
	fs := newFlagSet("flagadmin validate", validateUsage, stderr)
	cfg.source = registerSource(fs)
	fs.StringVar(&cfg.project, "project", "", "`project` to validate for (an export needs it; a request body's own by default)")
	fs.StringVar(&cfg.environment, "environment", "", "`environment` to validate for (an export needs it; a request body's own by default)")
	fs.StringVar(&cfg.tokenFile, "caller-token-file", "", "check the permissions of the token of the state in this `file` (default: $"+callerTokenEnv+"; else no permission check, as for an admin)")
	fs.StringVar(&cfg.token, "token", "", "the caller's token `secret`, as -caller-token-file has it, but visible to ps and kept in the shell's history")
	fs.BoolVar(&cfg.strict, "strict", false, "make errors of the warnings beyond the reference server's (what the import accepts but the file most likely does not mean)")
	fs.StringVar(&cfg.format, "format", "text", "output `format`: "+strings.Join(output.Formats(), ", "))
	fs.StringVar(&cfg.failOn, "fail-on", "error", "what fails a file, a comma-separated `list` of: error (always), warning, permission (a missing permission)")
	fs.StringVar(&cfg.accept, "accept", "", "comma-separated `codes` of warnings and missing permissions that never fail a file, such as feature-exists (with -fail-on warning)")
	fs.StringVar(&cfg.disable, "disable", "", "comma-separated `codes` of findings to leave out (rules, and structural warnings such as coerced)")
	fs.IntVar(&cfg.maxSame, "max-same", 0, "show at most `N` findings of one code per file, and count the rest (0: all)")
	fs.Var(&cfg.exclude, "exclude", "leave out the files and directories whose path or base name matches this `glob` (repeatable); state snapshots found in a directory are left out anyway")
	if cfg.args, code, ok = parseInterspersed(fs, args); !ok {
		return cfg, code, false
	}
	if len(cfg.args) == 0 {
		return cfg, usageProblem(stderr, errors.New("no file given")), false
	}
	if cfg.maxSame < 0 {
		return cfg, usageProblem(stderr, fmt.Errorf("-max-same must not be negative, not %d", cfg.maxSame)), false
	}
	return cfg, 0, true
}

// policy checks and reads -fail-on, -accept, -disable and -max-same, and returns
// the codes of the rules not to run.
func (cfg validateConfig) policy() (findings.Policy, []importvalidate.Code, error) {
	p := findings.Policy{Disabled: splitList(cfg.disable), Accept: splitList(cfg.accept), MaxSame: cfg.maxSame}
	var err error
	if p.FailOnWarning, p.FailOnPermission, err = findings.ParseFailOn(splitList(cfg.failOn)); err != nil {
		return p, nil, fmt.Errorf("-fail-on: %w", err)
	}
	if err := findings.CheckAccept(p.Accept); err != nil {
		return p, nil, fmt.Errorf("-accept: %w", err)
	}
	rules, err := findings.RuleCodes(p.Disabled)
	if err != nil {
		return p, nil, fmt.Errorf("-disable: %w", err)
	}
	return p, rules, nil
}

// callerTokenEnv holds the token whose permissions validate checks when
// neither -token nor -caller-token-file is given.
const callerTokenEnv = "FLAGADMIN_CALLER_TOKEN"

// callerToken returns the token whose permissions to check: -token's
// (with a warning: the command line is visible to every user of the
// machine), -caller-token-file's, or $FLAGADMIN_CALLER_TOKEN's; "" for
// none, which checks no permission.
func (cfg validateConfig) callerToken(ctx context.Context, env Env) (string, error) {
	switch {
	case cfg.token != "" && cfg.tokenFile != "":
		return "", errors.New("give one of -token and -caller-token-file")
	case cfg.token != "":
		sayTo(env.Stderr, "flagadmin validate")("warning: -token puts the token's secret where ps and the shell's history show it; "+
			"give -caller-token-file FILE or set %s instead", callerTokenEnv)
		return cfg.token, nil
	case cfg.tokenFile != "":
		return readTokenFile(ctx, "-caller-token-file", cfg.tokenFile)
	}
	return strings.TrimSpace(env.getenv(callerTokenEnv)), nil
}

// splitList splits a comma-separated flag value, dropping empty parts.
func splitList(s string) []string {
	var out []string
	for _, part := range strings.Split(s, ",") {
		if part = strings.TrimSpace(part); part != "" {
			out = append(out, part)
		}
	}
	return out
}

// add sums two counts.
func add(a, b importvalidate.Counts) importvalidate.Counts {
	return importvalidate.Counts{Errors: a.Errors + b.Errors, Warnings: a.Warnings + b.Warnings, Permissions: a.Permissions + b.Permissions}
}
