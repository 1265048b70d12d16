package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/importvalidate/plan"
	"github.com/flagadmin/flagadmin/internal/readfile"
	"github.com/flagadmin/flagadmin/internal/safetext"
)

// planTimeout bounds a plan against a database or an instance.
const planTimeout = time.Minute

const planUsage = `usage: flagadmin plan [flags] FILE|-

Tells what importing FILE (an import request body, or a bare export with
-project and -environment; - reads stdin) will change, feature by feature,
before the import runs, following Unleash 8.2.0's import (docs/PLAN.md):
"+" create, "~" update (then its aspects: "+" added, "-" removed, "~"
changed), "=" unchanged, "!" skipped, coloured on a terminal unless
NO_COLOR is set, then a summary line. -format json prints the plan.Plan
value. The file is validated first, as validate does without permissions:
when the import would be refused, the findings are printed instead.

The current configuration comes from the source flags: a snapshot needs
featureConfigs ('flagadmin snapshot -configs' writes them, from a
database or from -unleash), and a plan over one that lists a feature of
the file without its configuration is refused; -unleash reads a running
instance's own export of the file's features.

Exit code: 0 when the import would succeed, 1 when it would be refused, 2
for a usage or I/O problem.

flags:
`

// planConfig is the parsed command line of plan.
type planConfig struct {
	file, project, environment, format string
	source                             *sourceFlags
}

func parsePlan(args []string, stderr io.Writer) (planConfig, int, bool) {
	var c planConfig
	fs := newFlagSet("flagadmin plan", planUsage, stderr)
	c.source = registerSource(fs)
	fs.StringVar(&c.project, "project", "", "`project` to import into (default: the file's)")
	fs.StringVar(&c.environment, "environment", "", "`environment` to import into (default: the file's)")
	fs.StringVar(&c.format, "format", "text", "output `format`: text or json")
	// FILE may come before the flags too.
	rest, code, ok := parseInterspersed(fs, args)
	if !ok {
		return c, code, false
	}
	switch {
	case len(rest) != 1:
		fmt.Fprintln(stderr, "flagadmin plan: give one FILE, or - for stdin")
		return c, ExitUsage, false
	case c.format != "text" && c.format != "json":
		fmt.Fprintf(stderr, "flagadmin plan: -format %q: text or json\n", c.format)
		return c, ExitUsage, false
	}
	c.file = rest[0]
	return c, ExitOK, true
}

// Plan is the plan subcommand.
func Plan(ctx context.Context, args []string, env Env) int {
	env = env.safe()
	cfg, code, ok := parsePlan(args, env.Stderr)
	if !ok {
		return code
	}
	fail := func(code int, err error) int {
		fmt.Fprintln(env.Stderr, "flagadmin plan:", err)
		return code
	}
	body, err := readPlanInput(ctx, cfg.file, env.Stdin, cfg.source.Limit())
	if err != nil {
		return fail(ExitUsage, err)
	}
	ctx, cancel := context.WithTimeout(ctx, planTimeout)
	defer cancel()
	s, err := cfg.source.Open(ctx, sourceOptions{Getenv: env.Getenv, MaxConns: 2, Note: noteTo(env.Stderr, "flagadmin plan")})
	if err != nil {
		return fail(ExitUsage, err)
	}
	defer s.Close()
	v, err := importvalidate.New(importvalidate.Options{State: s.State})
	if err != nil {
		return fail(ExitUsage, err)
	}
	// A bare export is validated in place, so that its findings name
	// places in the file as given.
	rep, err := v.Validate(ctx, body, importvalidate.Target{Project: cfg.project, Environment: cfg.environment,
		Permissions: importvalidate.AllPermissions{}})
	var nt *importvalidate.NoTargetError
	if errors.As(err, &nt) {
		return fail(ExitUsage, errors.New("a bare export needs -project and -environment"))
	}
	if err != nil {
		return fail(ExitUsage, err)
	}
	if rep.HasErrors() {
		var b bytes.Buffer
		_ = importvalidate.WriteText(&b, cfg.file, rep)
		b.WriteString("Plan: the import will be refused; nothing changes.\n")
		_, _ = env.Stdout.Write(b.Bytes())
		return ExitFindings
	}
	src := s.Plan
	planner, err := plan.New(plan.Options{Source: src})
	if err != nil {
		return fail(ExitUsage, err)
	}
	p, err := planner.Plan(ctx, rep.Import, plan.Target{Project: cfg.project, Environment: cfg.environment})
	if errors.Is(err, plan.ErrNoConfiguration) {
		return fail(ExitUsage, fmt.Errorf("%w; write %s with 'flagadmin snapshot -configs'", err, s.Name))
	}
	if err != nil {
		return fail(ExitUsage, err)
	}
	if cfg.format == "json" {
		out, _ := json.MarshalIndent(p, "", "  ")
		_, err = io.WriteString(env.Stdout, safetext.Text(string(out))+"\n")
	} else {
		err = plan.WriteText(env.Stdout, p, plan.TextOptions{Color: isTerminal(env.Stdout) && env.getenv("NO_COLOR") == ""})
	}
	if err != nil {
		return fail(ExitUsage, err)
	}
	if p.Refused() {
		return ExitFindings
	}
	return ExitOK
}

func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// readPlanInput reads the file, or stdin for "-", within limit bytes,
// until ctx ends.
func readPlanInput(ctx context.Context, file string, stdin io.Reader, limit int64) ([]byte, error) {
	if file == "-" {
		return readfile.Reader(ctx, stdin, "standard input", limit)
	}
	return readfile.File(ctx, file, limit)
}
