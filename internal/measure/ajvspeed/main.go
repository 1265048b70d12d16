// Command ajvspeed measures the library's validation of a generated export
// against the check the reference server runs on the same bytes before
// its own: JSON.parse, then ajv on the import request schema. Both sides
// run on this machine, one after the other: no HTTP, no database.
//
// Usage:
//
//	go run ./internal/measure/ajvspeed [-features 10000] [-runs 15] [-problems 0.01] [-bare]
//
// It generates an import request body ({"project", "environment",
// "data"}; internal/testharness/exportgen, seed 1, by default 1% of the
// features with a problem of the import's rules, none of the schema's),
// the body Unleash's validate endpoint receives. The reference's side runs
// in the node of the Unleash install the tests use
// (internal/testharness/unleashtest; installed when missing: minutes): a
// script (ajv.mjs) makes the endpoint's own validation middleware from
// that install's packages as unleash-server 8.2.0 makes it
// (@wesleytodd/openapi's validPath with the document of
// createOpenApiSchema: ajv 8 with coerceTypes, strict off, ajv-formats
// 2.1.1's formats in full mode, stopping at the first error; the body a
// $ref to #/components/schemas/importTogglesSchema), reads the body once,
// runs it once to compile the schema, then 3 warm-up runs and -runs timed
// ones, each a JSON.parse of the text and the validation of its result,
// timed apart too. The library's side, in this process, validates the same
// bytes (with -bare the bare export, the body's "data", with the project
// and environment in the Target) against the state exportgen gives for
// them, with every check on (the default Options) and AllPermissions: 3
// warm-up runs, then -runs timed ones. It prints each side's best, median
// and spread, the ratios of ajv's times to the library's, and both
// verdicts.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"slices"
	"time"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/internal/measure/measureflag"
	"github.com/flagadmin/flagadmin/internal/safetext"
	"github.com/flagadmin/flagadmin/internal/testharness/exportgen"
	"github.com/flagadmin/flagadmin/internal/testharness/unleashtest"
)

// warmups is the number of runs of each side before the timed ones.
const warmups = 3

// Bounds of the flags.
const (
	maxFeatures = 200000
	maxRuns     = 1000
)

// config is what the flags set.
type config struct {
	features int
	runs     int
	problems float64
	bare     bool
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("ajvspeed", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var c config
	fs.IntVar(&c.features, "features", 10000, "number of features of the generated export")
	fs.IntVar(&c.runs, "runs", 15, "timed runs of each side")
	fs.Float64Var(&c.problems, "problems", 0.01, "share of the features that carry a problem")
	fs.BoolVar(&c.bare, "bare", false, "give the library the bare export (the request body's data) instead of the request body")
	if code, ok := measureflag.Parse(fs, args); !ok {
		return code
	}
	switch {
	case c.features < 1 || c.features > maxFeatures:
		fmt.Fprintf(stderr, "ajvspeed: -features must be in [1, %d], not %d\n", maxFeatures, c.features)
		return 2
	case c.runs < 1 || c.runs > maxRuns:
		fmt.Fprintf(stderr, "ajvspeed: -runs must be in [1, %d], not %d\n", maxRuns, c.runs)
		return 2
	case !(c.problems >= 0 && c.problems <= 1):
		fmt.Fprintf(stderr, "ajvspeed: -problems must be in [0, 1], not %v\n", c.problems)
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	in, err := unleashtest.EnsureInstalled(ctx)
	if err == nil {
		err = measure(ctx, stdout, in, c)
	}
	if err != nil {
		fmt.Fprintln(stderr, "ajvspeed:", err)
		return 1
	}
	return 0
}

// measure times both sides on the export c asks for and writes the
// figures to w.
func measure(ctx context.Context, w io.Writer, in *unleashtest.Install, c config) error {
	opts := exportgen.Options{Features: c.features, Seed: 1, ProblemShare: c.problems,
		Project: "default", Environment: "development"}
	body := exportgen.JSON(opts)
	form, mine := "the same bytes", body
	target := importvalidate.Target{Permissions: importvalidate.AllPermissions{}}
	if c.bare {
		mine = exportgen.ExportJSON(opts)
		form = fmt.Sprintf("the bare export, %.1f MB", float64(len(mine))/1e6)
		target.Project, target.Environment = opts.Project, opts.Environment
	}
	dir, err := os.MkdirTemp("", "ajvspeed")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	a, err := runAjv(ctx, in, dir, body, c.runs)
	if err != nil {
		return err
	}
	lib, err := timeLibrary(ctx, mine, exportgen.Snapshot(opts), target, c.runs)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "export: %d features, request body %.1f MB to ajv, %s to the library; %d runs of each after %d warm-up runs\n",
		c.features, float64(len(body))/1e6, form, c.runs, warmups)
	fmt.Fprintf(w, "ajv: unleash-server %s's check (@wesleytodd/openapi %s, ajv %s, ajv-formats %s, node %s), schema importTogglesSchema; first run, compiling it: %.1f ms\n",
		a.Unleash, a.WesleytoddOpenapi, a.AJV, a.AJVFormats, a.Node, ms(time.Duration(a.FirstCallNs)))
	verdict := "valid"
	if a.Errors > 0 {
		verdict = fmt.Sprintf("invalid (%s; %d in all)", safetext.String(a.FirstError), a.Errors)
	}
	fmt.Fprintf(w, "verdicts: ajv %s; library %s\n", verdict, lib.summary)
	sides := []struct {
		name  string
		times []time.Duration
	}{
		{"library Validate", lib.times},
		{"ajv JSON.parse + validate", durations(a.ParseValidateNs)},
		{"ajv validate alone", durations(a.ValidateNs)},
	}
	best := make([]time.Duration, len(sides))
	median := make([]time.Duration, len(sides))
	for i, s := range sides {
		t := slices.Sorted(slices.Values(s.times))
		best[i], median[i] = t[0], t[len(t)/2]
		fmt.Fprintf(w, "%-26s best %7.1f ms  median %7.1f ms  spread %6.1f ms\n", s.name, ms(best[i]), ms(median[i]), ms(t[len(t)-1]-t[0]))
	}
	for i := 1; i < len(sides); i++ {
		fmt.Fprintf(w, "ratio %s / library: best %.2fx, median %.2fx\n", sides[i].name,
			float64(best[i])/float64(best[0]), float64(median[i])/float64(median[0]))
	}
	if a.Errors > 0 {
		return errors.New("ajv refused the generated body, which the schema allows")
	}
	return nil
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
