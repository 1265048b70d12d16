// Command plan tells what importing a feature export file will change,
// feature by feature, before the import runs: the features it creates,
// updates (and in which aspects) or leaves as they are, those it skips,
// and the context fields and tag types it creates. It follows Unleash
// 8.2.0's import (docs/PLAN.md lists the rules).
//
// Usage:
//
//	go run ./examples/plan [flags] FILE|-
//
// FILE is an import request body ({"project","environment","data"}) or a
// bare export ({"features",...}, with -project and -environment); - reads
// it from stdin. Flags may also follow FILE.
//
// Flags:
//
//	-state FILE         state snapshot with the features' configurations
//	                    (snapshot -configs writes one; default: the
//	                    embedded default state)
//	-database URL       plan against an Unleash 8.2+ PostgreSQL database
//	                    (default: $DATABASE_URL when -state is absent too)
//	-unleash URL        plan against a running Unleash's admin API, with
//	                    the admin token in $UNLEASH_TOKEN; the file is not
//	                    validated first then
//	-project NAME       project to import into (default: the file's)
//	-environment NAME   environment to import into (default: the file's)
//	-format FORMAT      text (default) or json
//
// The file is validated first (as validate does, without permissions):
// when the import would be refused, the findings are printed instead of a
// plan. The text format prints one line per feature, "+" create, "~"
// update (then its aspects, "+" added, "-" removed, "~" changed), "="
// unchanged, "!" skipped, coloured on a terminal unless NO_COLOR is set,
// then a summary line. The json format is the plan.Plan value.
//
// The exit code is 0 when the import would succeed, 1 when it would be
// refused, 2 for a usage or I/O problem, reported on stderr.
package main

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
	"github.com/flagadmin/flagadmin/internal/statefile"
	"github.com/flagadmin/flagadmin/model"
	"github.com/flagadmin/flagadmin/unleashdb"
)

// timeout bounds a plan against a database or an instance.
const timeout = time.Minute

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr, os.Getenv))
}

// config is the parsed command line.
type config struct {
	file, stateFile, database, unleash string
	project, environment, format       string
}

func parseArgs(args []string, stderr io.Writer) (config, int, bool) {
	var c config
	fs := flag.NewFlagSet("plan", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&c.stateFile, "state", "", "state snapshot `FILE` with the features' configurations")
	fs.StringVar(&c.database, "database", "", "Unleash PostgreSQL `URL` (default: $DATABASE_URL when -state is absent)")
	fs.StringVar(&c.unleash, "unleash", "", "running Unleash `URL`, admin token in $UNLEASH_TOKEN")
	fs.StringVar(&c.project, "project", "", "project to import into (default: the file's)")
	fs.StringVar(&c.environment, "environment", "", "environment to import into (default: the file's)")
	fs.StringVar(&c.format, "format", "text", "output `FORMAT`: text or json")
	// The file may come before the flags too.
	var rest []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return c, 0, false
			}
			return c, 2, false
		}
		if fs.NArg() == 0 {
			break
		}
		rest = append(rest, fs.Arg(0))
		args = fs.Args()[1:]
	}
	if len(rest) != 1 {
		fmt.Fprintln(stderr, "plan: give one FILE, or - for stdin")
		return c, 2, false
	}
	c.file = rest[0]
	if c.format != "text" && c.format != "json" {
		fmt.Fprintf(stderr, "plan: -format %q: text or json\n", c.format)
		return c, 2, false
	}
	return c, 0, true
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer, getenv func(string) string) int {
	cfg, code, ok := parseArgs(args, stderr)
	if !ok {
		return code
	}
	body, err := readInput(cfg.file, stdin)
	if err == nil {
		body, err = asImport(body, cfg)
	}
	if err != nil {
		fmt.Fprintln(stderr, "plan:", err)
		return 2
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	src, state, closeFn, err := sources(ctx, cfg, getenv)
	if err != nil {
		fmt.Fprintln(stderr, "plan:", err)
		return 2
	}
	defer closeFn()
	t := plan.Target{Project: cfg.project, Environment: cfg.environment}
	if state != nil {
		v, err := importvalidate.New(importvalidate.Options{State: state})
		if err != nil {
			fmt.Fprintln(stderr, "plan:", err)
			return 2
		}
		rep, err := v.Validate(ctx, body, importvalidate.Target{Project: t.Project, Environment: t.Environment})
		if err != nil {
			fmt.Fprintln(stderr, "plan:", err)
			return 2
		}
		if rep.HasErrors() {
			var b bytes.Buffer
			_ = importvalidate.WriteText(&b, cfg.file, rep)
			b.WriteString("Plan: the import will be refused; nothing changes.\n")
			_, _ = stdout.Write(b.Bytes())
			return 1
		}
	}
	planner, err := plan.New(plan.Options{Source: src})
	if err != nil {
		fmt.Fprintln(stderr, "plan:", err)
		return 2
	}
	p, err := planner.PlanBody(ctx, body, t)
	if err != nil {
		fmt.Fprintln(stderr, "plan:", err)
		return 2
	}
	if cfg.format == "json" {
		out, _ := json.MarshalIndent(p, "", "  ")
		_, err = stdout.Write(append(out, '\n'))
	} else {
		err = plan.WriteText(stdout, p, plan.TextOptions{Color: isTerminal(stdout) && getenv("NO_COLOR") == ""})
	}
	if err != nil {
		fmt.Fprintln(stderr, "plan:", err)
		return 2
	}
	if len(p.Failures) > 0 {
		return 1
	}
	return 0
}

func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// readInput reads the file, or stdin for "-".
func readInput(file string, stdin io.Reader) ([]byte, error) {
	if file == "-" {
		return io.ReadAll(stdin)
	}
	return os.ReadFile(file)
}

// asImport returns body as an import request: a bare export (an object
// with "features" and no "data") is wrapped with -project and
// -environment, which it then needs.
func asImport(body []byte, cfg config) ([]byte, error) {
	var top map[string]json.RawMessage
	if json.Unmarshal(body, &top) != nil {
		return body, nil // validation words the problem
	}
	_, hasData := top["data"]
	if _, hasFeatures := top["features"]; hasData || !hasFeatures {
		return body, nil
	}
	if cfg.project == "" || cfg.environment == "" {
		return nil, errors.New("a bare export needs -project and -environment")
	}
	return json.Marshal(map[string]any{"project": cfg.project, "environment": cfg.environment, "data": json.RawMessage(body)})
}

// sources returns the plan's Source and the validation's State of cfg
// (nil when it has none), and the function that releases them.
func sources(ctx context.Context, cfg config, getenv func(string) string) (plan.Source, importvalidate.State, func(), error) {
	none := func() {}
	given := 0
	for _, s := range []string{cfg.stateFile, cfg.database, cfg.unleash} {
		if s != "" {
			given++
		}
	}
	if given > 1 {
		return nil, nil, none, errors.New("give one of -state, -database and -unleash")
	}
	dbURL := cfg.database
	if given == 0 {
		dbURL = getenv("DATABASE_URL")
	}
	switch {
	case cfg.unleash != "":
		token := getenv("UNLEASH_TOKEN")
		if token == "" {
			return nil, nil, none, errors.New("-unleash needs an admin API token in $UNLEASH_TOKEN")
		}
		return &adminAPI{base: strings.TrimSuffix(cfg.unleash, "/"), token: token}, nil, none, nil
	case dbURL != "":
		db, err := unleashdb.Open(ctx, dbURL, unleashdb.Options{MaxConns: 2})
		if err != nil {
			return nil, nil, none, err
		}
		return db, db, db.Close, nil
	}
	snap, err := statefile.Load(cfg.stateFile)
	if err != nil {
		return nil, nil, none, err
	}
	mem, err := plan.NewMemorySource(snap)
	if err != nil {
		return nil, nil, none, err
	}
	st, err := importvalidate.NewMemoryState(snap)
	if err != nil {
		return nil, nil, none, fmt.Errorf("state: %w", err)
	}
	return mem, st, none, nil
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
