package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/importvalidate/plan"
	"github.com/flagadmin/flagadmin/internal/statesource"
	"github.com/flagadmin/flagadmin/model"
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

The current configuration comes from the source flags (a snapshot needs
featureConfigs: 'flagadmin snapshot -configs' writes them), or from a
running instance's admin API with -unleash URL and its admin token in
$UNLEASH_TOKEN (the file is then not validated first).

Exit code: 0 when the import would succeed, 1 when it would be refused, 2
for a usage or I/O problem.

flags:
`

// planConfig is the parsed command line of plan.
type planConfig struct {
	file, unleash, project, environment, format string
	source                                      *statesource.Flags
}

func parsePlan(args []string, stderr io.Writer) (planConfig, int, bool) {
	var c planConfig
	fs := flag.NewFlagSet("flagadmin plan", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), planUsage)
		fs.PrintDefaults()
	}
	c.source = statesource.Register(fs)
	fs.StringVar(&c.unleash, "unleash", "", "running Unleash `URL` to read the configuration from, admin token in $UNLEASH_TOKEN")
	fs.StringVar(&c.project, "project", "", "`project` to import into (default: the file's)")
	fs.StringVar(&c.environment, "environment", "", "`environment` to import into (default: the file's)")
	fs.StringVar(&c.format, "format", "text", "output `format`: text or json")
	// FILE may come before the flags too.
	var rest []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return c, ExitOK, false
			}
			return c, ExitUsage, false
		}
		if fs.NArg() == 0 {
			break
		}
		rest = append(rest, fs.Arg(0))
		args = fs.Args()[1:]
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
	cfg, code, ok := parsePlan(args, env.Stderr)
	if !ok {
		return code
	}
	fail := func(code int, err error) int {
		fmt.Fprintln(env.Stderr, "flagadmin plan:", err)
		return code
	}
	body, err := readPlanInput(cfg.file, env.Stdin)
	if err == nil {
		body, err = asImport(body, cfg.project, cfg.environment)
	}
	if err != nil {
		return fail(ExitUsage, err)
	}
	ctx, cancel := context.WithTimeout(ctx, planTimeout)
	defer cancel()
	var src plan.Source
	if cfg.unleash != "" {
		if cfg.source.State != "" || cfg.source.Demo || cfg.source.Database.Given() {
			return fail(ExitUsage, errors.New("give -unleash or a state source, not both"))
		}
		token := env.getenv("UNLEASH_TOKEN")
		if token == "" {
			return fail(ExitUsage, errors.New("-unleash needs an admin API token in $UNLEASH_TOKEN"))
		}
		src = &adminAPI{base: strings.TrimSuffix(cfg.unleash, "/"), token: token}
	} else {
		s, err := cfg.source.Open(ctx, statesource.Options{Getenv: env.Getenv, MaxConns: 2})
		if err != nil {
			return fail(ExitUsage, err)
		}
		defer s.Close()
		src = s.Plan
		v, err := importvalidate.New(importvalidate.Options{State: s.State})
		if err != nil {
			return fail(ExitUsage, err)
		}
		rep, err := v.Validate(ctx, body, importvalidate.Target{Project: cfg.project, Environment: cfg.environment,
			Permissions: importvalidate.AllPermissions{}})
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
	}
	planner, err := plan.New(plan.Options{Source: src})
	if err != nil {
		return fail(ExitUsage, err)
	}
	p, err := planner.PlanBody(ctx, body, plan.Target{Project: cfg.project, Environment: cfg.environment})
	if err != nil {
		return fail(ExitUsage, err)
	}
	if cfg.format == "json" {
		out, _ := json.MarshalIndent(p, "", "  ")
		_, err = env.Stdout.Write(append(out, '\n'))
	} else {
		err = plan.WriteText(env.Stdout, p, plan.TextOptions{Color: isTerminal(env.Stdout) && env.getenv("NO_COLOR") == ""})
	}
	if err != nil {
		return fail(ExitUsage, err)
	}
	if len(p.Failures) > 0 {
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

// readPlanInput reads the file, or stdin for "-".
func readPlanInput(file string, stdin io.Reader) ([]byte, error) {
	if file == "-" {
		return io.ReadAll(stdin)
	}
	return os.ReadFile(file)
}

// asImport returns body as an import request: a bare export is wrapped
// with project and environment, which it then needs.
func asImport(body []byte, project, environment string) ([]byte, error) {
	if !importvalidate.IsExport(body) {
		return body, nil
	}
	if project == "" || environment == "" {
		return nil, errors.New("a bare export needs -project and -environment")
	}
	return json.Marshal(map[string]any{"project": project, "environment": environment, "data": json.RawMessage(body)})
}

// adminAPI is the plan's Source over a running Unleash's admin API: the
// features come from the instance's own export of them, the context
// fields and tag types from their listings, the project's default
// stickiness and default strategy from its overview.
type adminAPI struct{ base, token string }

func (a *adminAPI) Current(ctx context.Context, q plan.Query) (*plan.Current, error) {
	cur := &plan.Current{}
	if len(q.Features) > 0 {
		body, _ := json.Marshal(map[string]any{"features": q.Features, "environment": q.Environment})
		var d model.ExportData
		if err := a.do(ctx, http.MethodPost, "/api/admin/features-batch/export", body, &d); err != nil {
			return nil, err
		}
		cur.Features = plan.FromExport(&d)
	}
	var fields []struct{ Name string }
	if err := a.do(ctx, http.MethodGet, "/api/admin/context", nil, &fields); err != nil {
		return nil, err
	}
	for _, f := range fields {
		if slices.Contains(q.ContextFields, f.Name) {
			cur.ContextFields = append(cur.ContextFields, f.Name)
		}
	}
	var tt struct{ TagTypes []struct{ Name string } }
	if err := a.do(ctx, http.MethodGet, "/api/admin/tag-types", nil, &tt); err != nil {
		return nil, err
	}
	for _, t := range tt.TagTypes {
		if slices.Contains(q.TagTypes, t.Name) {
			cur.TagTypes = append(cur.TagTypes, t.Name)
		}
	}
	var segs, overview json.RawMessage
	if err := a.do(ctx, http.MethodGet, "/api/admin/segments", nil, &segs); err != nil {
		return nil, err
	}
	names, err := plan.SegmentNames(segs)
	if err != nil {
		return nil, err
	}
	if err := a.do(ctx, http.MethodGet, "/api/admin/projects/"+url.PathEscape(q.Project)+"/overview", nil, &overview); err != nil {
		return nil, err
	}
	cur.DefaultStickiness, cur.DefaultStrategy, err = plan.OverviewDefaults(overview, q.Environment, names)
	return cur, err
}

// do sends a request and decodes a 2xx answer into v. Errors name the
// path and status, never the token.
func (a *adminAPI) do(ctx context.Context, method, path string, body []byte, v any) error {
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	req, err := http.NewRequestWithContext(ctx, method, a.base+path, rd)
	if err != nil {
		return fmt.Errorf("%s %s: %v", method, path, errors.Unwrap(err))
	}
	req.Header.Set("Authorization", a.token)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return fmt.Errorf("%s %s: %v", method, path, errors.Unwrap(err))
	}
	defer resp.Body.Close()
	if resp.StatusCode/100 != 2 {
		return fmt.Errorf("%s %s: %s", method, path, resp.Status)
	}
	if err := json.NewDecoder(io.LimitReader(resp.Body, 256<<20)).Decode(v); err != nil {
		return fmt.Errorf("%s %s: %v", method, path, err)
	}
	return nil
}
