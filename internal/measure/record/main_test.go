package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/flagadmin/flagadmin/internal/testharness/conformance"
	"github.com/flagadmin/flagadmin/internal/testharness/testutil"
	"github.com/flagadmin/flagadmin/internal/testharness/unleashtest"
	"github.com/flagadmin/flagadmin/model"
)

// The generated requests have unique names, are several hundred, cover
// every group, and their bodies are what their names say: JSON for every
// request but the malformed ones.
func TestGenerated(t *testing.T) {
	cases, err := allCases()
	if err != nil {
		t.Fatal(err)
	}
	gen := generated()
	if len(gen) < 300 {
		t.Errorf("%d generated requests, want several hundred", len(gen))
	}
	groups := map[string]int{}
	for _, c := range gen {
		groups[group(c.Name)]++
		r := c.Request
		if r.Method == "" || !strings.HasPrefix(r.Path, "/api/admin/") {
			t.Errorf("%s: %s %s", c.Name, r.Method, r.Path)
		}
		if r.RawBody == nil && r.Method == "POST" && !json.Valid(r.Body) {
			t.Errorf("%s: the body is no JSON: %.80s", c.Name, r.Body)
		}
	}
	for _, g := range []string{"gen-member", "gen-constraint", "gen-state", "gen-schema", "gen-auth", "gen-malformed", "gen-content", "gen-users", "gen-method"} {
		if groups[g] == 0 {
			t.Errorf("no request of group %s (%v)", g, groups)
		}
	}
	if len(cases) != len(gen)+len(conformance.MustLoad(t, "*")) {
		t.Errorf("%d cases: not the recorded ones and the %d generated", len(cases), len(gen))
	}
	again := generated()
	for i := range gen {
		if gen[i].Name != again[i].Name || !bytes.Equal(gen[i].Request.Payload(), again[i].Request.Payload()) {
			t.Fatalf("case %d (%s) differs from one call to the next", i, gen[i].Name)
		}
	}
	dup := append(slices.Clone(cases), cases[0])
	if err := checkNames(dup); err == nil {
		t.Error("checkNames accepts a name twice")
	}
}

// Each recorded version holds the cases the program records now (by
// name; the recordings are the truth for the bodies), and Unleash 8.2.0's
// recording gives the answers and the state of testdata/conformance, made
// from the module's database dump: the seed reproduces that state.
func TestRecordingsMatchProgram(t *testing.T) {
	cases, err := allCases()
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, c := range cases {
		names = append(names, c.Name)
	}
	slices.Sort(names)
	for _, r := range unleashtest.Releases() {
		v := r.Version
		recorded := conformance.MustLoadVersion(t, v, "*")
		var got []string
		for _, c := range recorded {
			got = append(got, c.Name)
		}
		if !slices.Equal(got, names) {
			t.Errorf("%s: %d recorded cases, the program records %d: record it again (go run ./internal/measure/record -versions %s)", v, len(got), len(names), v)
		}
		// The quirks of a fresh database of the version are in its state.
		state := conformance.MustVersionState(t, v)
		hasDefault := slices.ContainsFunc(state.Environments, func(e model.SnapshotEnvironment) bool { return e.Name == "default" })
		hasUserWithID := slices.ContainsFunc(state.Strategies, func(s model.SnapshotStrategy) bool { return s.Name == "userWithId" })
		if hasDefault != r.DefaultEnvironment || hasUserWithID != r.UserWithID {
			t.Errorf("%s: environment default %v, strategy userWithId %v in state.json; the release says %v, %v",
				v, hasDefault, hasUserWithID, r.DefaultEnvironment, r.UserWithID)
		}
		if info, err := conformance.VersionServer(v); err != nil || info.Version != v || info.ClientTokenType != r.ClientTokenType ||
			!strings.HasPrefix(info.Node, "v"+r.Node) {
			t.Errorf("%s: server.json %+v, %v; the release runs node %s with client tokens of type %s", v, info, err, r.Node, r.ClientTokenType)
		}
	}
	for _, c := range conformance.MustLoad(t, "*") {
		r := conformance.MustLoadVersion(t, unleashtest.UnleashVersion, c.Name)[0]
		if d := conformance.Differs(c.Response, r.Response); d != "" {
			t.Errorf("%s: the %s recording differs from testdata/conformance: %s", c.Name, unleashtest.UnleashVersion, d)
		}
		if !bytes.Equal(c.Request.Payload(), r.Request.Payload()) && !jsonEqual(c.Request.Payload(), r.Request.Payload()) {
			t.Errorf("%s: the %s recording sent another body", c.Name, unleashtest.UnleashVersion)
		}
	}
	want, err := canonical(conformance.MustState(t))
	if err != nil {
		t.Fatal(err)
	}
	state := conformance.MustVersionState(t, unleashtest.UnleashVersion)
	if state.Version != unleashtest.UnleashVersion {
		t.Errorf("the %s state records the version %q", unleashtest.UnleashVersion, state.Version)
	}
	state.Version = "" // oracle-state.json names none
	got, err := canonical(state)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("the %s state differs from oracle-state.json at %v", unleashtest.UnleashVersion, conformance.DiffPaths(want, got))
	}
}

func jsonEqual(a, b []byte) bool {
	var x, y bytes.Buffer
	return json.Compact(&x, a) == nil && json.Compact(&y, b) == nil && bytes.Equal(x.Bytes(), y.Bytes())
}

// The real server of each version selected by FLAGADMIN_VERSIONS (8.2.0
// alone by default, every version in .ci/run) still answers as recorded,
// error ids aside, and its seeded state is the recorded one. The quick
// suite sends the recorded cases of testdata/conformance and every tenth
// generated one; the long tests (FLAGADMIN_LONG=1) send them all.
func TestLiveRecordingsHold(t *testing.T) {
	unleashtest.EachSeeded(t, publicURL, func(t *testing.T, v string, s *unleashtest.Server) {
		cases := conformance.MustLoadVersion(t, v, "*")
		if !testutil.Long() {
			cases = sample(cases)
		}
		want := conformance.MustVersionState(t, v)
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
		defer cancel()
		diffs, err := recheck(ctx, s, cases, want)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range diffs {
			t.Error(d)
		}
		t.Logf("%d cases sent to Unleash %s, %d differ from the recording", len(cases), v, len(diffs))
	})
}

// sample keeps the cases of testdata/conformance and every tenth
// generated case.
func sample(cases []conformance.Case) []conformance.Case {
	var out []conformance.Case
	n := 0
	for _, c := range cases {
		if !strings.HasPrefix(c.Name, "gen-") {
			out = append(out, c)
			continue
		}
		if n%10 == 0 {
			out = append(out, c)
		}
		n++
	}
	return out
}

// The flags are checked before anything starts.
func TestRunFlags(t *testing.T) {
	ctx := context.Background()
	for _, args := range [][]string{
		{"-versions", "4.0.0"},
		{"-check", "-summary"},
		{"extra"},
		{"-no-such-flag"},
	} {
		var out, errb bytes.Buffer
		if code := run(ctx, args, &out, &errb); code != 2 {
			t.Errorf("run %q = %d, want 2 (stderr %q)", args, code, errb.String())
		}
	}
}

// The summary compares every version with 8.2.0, without a server.
func TestSummary(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run(context.Background(), []string{"-summary"}, &out, &errb); code != 0 {
		t.Fatalf("run -summary = %d: %s", code, errb.String())
	}
	for _, v := range unleashtest.Versions() {
		if v == unleashtest.UnleashVersion {
			continue
		}
		if !strings.Contains(out.String(), v+": ") {
			t.Errorf("the summary says nothing of %s:\n%s", v, out.String())
		}
	}
	// A copy of the recordings in which 5.12.8 lacks a case is refused.
	dir := t.TempDir()
	for _, v := range unleashtest.Versions() {
		src := filepath.Join(conformance.VersionsDir(), v, "recorded")
		dst := filepath.Join(dir, v, "recorded")
		if err := os.MkdirAll(dst, 0o755); err != nil {
			t.Fatal(err)
		}
		files, _ := filepath.Glob(filepath.Join(src, "validate-minimal.*"))
		if v != "5.12.8" {
			more, _ := filepath.Glob(filepath.Join(src, "validate-no-auth.*"))
			files = append(files, more...)
		}
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dst, filepath.Base(f)), b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	out.Reset()
	errb.Reset()
	if code := run(context.Background(), []string{"-summary", "-out", dir}, &out, &errb); code != 1 || !strings.Contains(errb.String(), "5.12.8 has no case validate-no-auth") {
		t.Errorf("run -summary on incomplete recordings = %d: %s", code, errb.String())
	}
}
