package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/flagadmin/flagadmin/internal/testharness/exportgen"
	"github.com/flagadmin/flagadmin/internal/testharness/unleashtest"
)

// install returns the Unleash install of the cache; where there is none,
// it skips the test with one line, unless FLAGADMIN_REQUIRE_UNLEASH=1,
// which installs it (or fails the test).
func install(t *testing.T) *unleashtest.Install {
	t.Helper()
	if in, ok := unleashtest.Installed(); ok {
		return in
	}
	if os.Getenv(unleashtest.RequireEnv) != "1" {
		t.Skip("Unleash " + unleashtest.UnleashVersion + " is not installed in the cache (the live tests install it)")
	}
	in, err := unleashtest.EnsureInstalled(context.Background())
	if err != nil {
		unleashtest.Skip(t, err)
	}
	return in
}

// TestMeasure measures a small export end to end, the request body and
// the bare export, and checks that both sides' figures, the ratios and
// both verdicts are printed.
func TestMeasure(t *testing.T) {
	in := install(t)
	for _, bare := range []bool{false, true} {
		var out bytes.Buffer
		if err := measure(context.Background(), &out, in, config{features: 50, runs: 2, problems: 0.1, bare: bare}); err != nil {
			t.Fatalf("bare %v: %v", bare, err)
		}
		for _, want := range []string{
			`export: 50 features, request body [0-9.]+ MB to ajv, .* to the library; 2 runs of each after 3 warm-up runs`,
			`ajv: unleash-server 8\.2\.0's check \(@wesleytodd/openapi [0-9.]+, ajv 8\.[0-9.]+, ajv-formats 2\.1\.1, node v[0-9.]+\), schema importTogglesSchema; first run, compiling it: [0-9.]+ ms`,
			`verdicts: ajv valid; library [1-9][0-9]* errors, [0-9]+ warnings, 0 missing permissions`,
			`library Validate +best +[0-9.]+ ms +median +[0-9.]+ ms +spread +[0-9.]+ ms`,
			`ajv JSON.parse \+ validate +best +[0-9.]+ ms +median +[0-9.]+ ms`,
			`ajv validate alone +best +[0-9.]+ ms +median +[0-9.]+ ms`,
			`ratio ajv JSON.parse \+ validate / library: best [0-9.]+x, median [0-9.]+x`,
			`ratio ajv validate alone / library: best [0-9.]+x, median [0-9.]+x`,
		} {
			if !regexp.MustCompile(want).Match(out.Bytes()) {
				t.Errorf("bare %v: no line matching %q in\n%s", bare, want, out.String())
			}
		}
	}
}

// TestAjvVerdicts runs the script on bodies whose verdict shows what it
// checks: the schema resolves (a missing required member, a bad member of
// the last feature of a generated body), coercion is on (a number for a
// name passes) and so are the formats (a date-time that is none).
func TestAjvVerdicts(t *testing.T) {
	in := install(t)
	var generated map[string]any
	if err := json.Unmarshal(exportgen.JSON(exportgen.Options{Features: 50, Seed: 1}), &generated); err != nil {
		t.Fatal(err)
	}
	features := generated["data"].(map[string]any)["features"].([]any)
	features[len(features)-1].(map[string]any)["impressionData"] = "maybe"
	lastBroken, err := json.Marshal(generated)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, body, first string
	}{
		{"no features", `{"project":"default","environment":"development","data":{"featureStrategies":[],"tagTypes":[]}}`,
			"required at /body/data: must have required property 'features'"},
		{"the last feature", string(lastBroken), "type at /body/data/features/49/impressionData: must be boolean"},
		{"a number for a name", `{"project":"default","environment":"development","data":{"features":[{"name":5}],"featureStrategies":[],"tagTypes":[]}}`, ""},
		{"no date-time", `{"project":"default","environment":"development","data":{"features":[{"name":"a","createdAt":"nope"}],"featureStrategies":[],"tagTypes":[]}}`,
			`format at /body/data/features/0/createdAt: must match format "date-time"`},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			r, err := runAjv(context.Background(), in, t.TempDir(), []byte(c.body), 1)
			if err != nil {
				t.Fatal(err)
			}
			if r.FirstError != c.first || (r.Errors > 0) != (c.first != "") {
				t.Errorf("ajv's verdict: %d errors, the first %q; want %q", r.Errors, r.FirstError, c.first)
			}
		})
	}
}

// TestFlags: a flag out of its bounds stops the program with 2, naming it.
func TestFlags(t *testing.T) {
	for _, args := range [][]string{{"-runs", "0"}, {"-features", "0"}, {"-problems", "2"}, {"-problems", "NaN"}, {"extra"}} {
		var out, errs bytes.Buffer
		if code := run(args, &out, &errs); code != 2 || !strings.Contains(errs.String(), strings.TrimPrefix(args[0], "-")) {
			t.Errorf("%q: exit %d, stderr %q; want 2 naming the flag", args, code, errs.String())
		}
	}
}

// TestNodeError: the line that names the error thrown, after node's
// source excerpt and before its stack.
func TestNodeError(t *testing.T) {
	stderr := "file:///tmp/ajv.mjs:52\n    throw new Error('the verdict changed between runs');\n    ^\n\nError: the verdict changed between runs\n    at file:///tmp/ajv.mjs:52:11\n\nNode.js v22.23.3\n"
	if got := nodeError(stderr); got != "Error: the verdict changed between runs" {
		t.Errorf("nodeError = %q", got)
	}
	if got := nodeError("x\nTypeError [ERR_INVALID_ARG_TYPE]: no path\n    at y\n"); got != "TypeError [ERR_INVALID_ARG_TYPE]: no path" {
		t.Errorf("nodeError with a code = %q", got)
	}
	if got := nodeError("node: bad option: --x\n"); got != "node: bad option: --x" {
		t.Errorf("nodeError of one line = %q", got)
	}
}
