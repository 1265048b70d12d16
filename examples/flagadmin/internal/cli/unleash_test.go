package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/flagadmin/flagadmin/internal/testharness/conformance"
	"github.com/flagadmin/flagadmin/internal/testharness/testutil"
	"github.com/flagadmin/flagadmin/internal/testharness/unleashtest"
	"github.com/flagadmin/flagadmin/model"
)

// TestUnleash runs the subcommands on -unleash: the real Unleash 8.2.0 on
// the module's dump, read over its admin API.
func TestUnleash(t *testing.T) {
	s := unleash.Need(t)
	tokenFile := testutil.WriteFile(t, t.TempDir(), "token", s.AdminToken+"\n")
	t.Run("validate", func(t *testing.T) { validateOnUnleash(t, s, tokenFile) })
	t.Run("serve", func(t *testing.T) { serveOnUnleash(t, s, tokenFile) })
	t.Run("snapshot", func(t *testing.T) { snapshotOnUnleash(t, s) })
	// Last: it imports a feature.
	t.Run("snapshot -configs and plan", func(t *testing.T) { snapshotConfigsOnUnleash(t, s) })
}

// snapshotConfigsOnUnleash: 'snapshot -configs -unleash' writes the
// configuration of every feature and the projects' defaults, and a plan
// from that snapshot is the plan from -unleash, for the recorded files
// and for one whose strategies the import reorders (on a feature the
// instance got from the same file with sort orders, which keep the
// file's order). A snapshot without -configs has no
// configurations, and a plan from it is refused.
func snapshotConfigsOnUnleash(t *testing.T, s *unleashtest.Server) {
	ctx := context.Background()
	ordered := `{"project":"default","environment":"development","data":{"features":[{"name":"ordered","project":"default"}],
	  "featureStrategies":[
	    {"name":"flexibleRollout","featureName":"ordered","parameters":{"rollout":"100","stickiness":"default","groupId":"ordered"},
	     "constraints":[{"contextName":"userId","operator":"IN","values":["1"]}]},
	    {"name":"flexibleRollout","featureName":"ordered","parameters":{"rollout":"10","stickiness":"default","groupId":"ordered"}}],
	  "featureEnvironments":[{"name":"ordered","featureName":"ordered","enabled":true}],"tagTypes":[]}}`
	pat, err := s.AdminPersonalToken(ctx)
	if err != nil {
		t.Fatal(err)
	}
	// Imported with sort orders, the strategies keep the file's order.
	sorted := strings.Replace(strings.Replace(ordered, `"parameters":{"rollout":"100"`, `"sortOrder":0,"parameters":{"rollout":"100"`, 1),
		`"parameters":{"rollout":"10"`, `"sortOrder":1,"parameters":{"rollout":"10"`, 1)
	if _, err := s.Do(ctx, "POST", "/api/admin/features-batch/import", pat, []byte(sorted)); err != nil {
		t.Fatal(err)
	}
	orderedFile := testutil.WriteFile(t, t.TempDir(), "ordered.json", ordered)
	token := testutil.Env(map[string]string{"UNLEASH_API_TOKEN": s.AdminToken})
	snapshot := func(args ...string) *model.Snapshot {
		t.Helper()
		var stdout, stderr bytes.Buffer
		if code := runSnapshot(ctx, append(args, "-unleash", s.URL), token, &stdout, &stderr); code != 0 {
			t.Fatalf("snapshot %v: exit %d: %s", args, code, stderr.String())
		}
		snap, err := model.DecodeSnapshot(stdout.Bytes())
		if err != nil {
			t.Fatalf("snapshot %v: %v", args, err)
		}
		return snap
	}
	snap := snapshot("-configs")
	if len(snap.FeatureConfigs) != len(snap.Features) || len(snap.ProjectDefaults) == 0 {
		t.Fatalf("%d featureConfigs of %d features, %d projectDefaults", len(snap.FeatureConfigs), len(snap.Features), len(snap.ProjectDefaults))
	}
	raw, err := json.Marshal(snap)
	if err != nil {
		t.Fatal(err)
	}
	state := testutil.WriteFile(t, t.TempDir(), "state.json", string(raw))
	for _, f := range []string{"../../../../testdata/exports/recorded-existing-state-ok.json", "../../../../testdata/exports/recorded-minimal.json",
		"testdata/plan/import.json", orderedFile} {
		for _, format := range []string{"text", "json"} {
			wc, wo, we := runPlan(map[string]string{tokenEnv: s.AdminToken}, nil, "-format", format, "-unleash", s.URL, f)
			gc, gout, ge := runPlan(nil, nil, "-format", format, "-state", state, f)
			if gc != wc || gout != wo || ge != we {
				t.Errorf("%s %s: snapshot exit %d\n%s%s\nwant (-unleash) exit %d\n%s%s", f, format, gc, gout, ge, wc, wo, we)
			}
		}
	}
	// Without its sort orders, the file moves the strategies.
	if _, out, _ := runPlan(nil, nil, "-state", state, orderedFile); !strings.Contains(out, "position: 1 -> 2") {
		t.Errorf("the plan of the file that made ordered:\n%s", out)
	}

	bare := snapshot()
	if len(bare.FeatureConfigs) != 0 {
		t.Fatalf("a snapshot without -configs has %d featureConfigs", len(bare.FeatureConfigs))
	}
	raw, err = json.Marshal(bare)
	if err != nil {
		t.Fatal(err)
	}
	bareState := testutil.WriteFile(t, t.TempDir(), "bare.json", string(raw))
	if code, out, errOut := runPlan(nil, nil, "-state", bareState, orderedFile); code != ExitUsage || out != "" ||
		!strings.Contains(errOut, `feature "ordered"`) || !strings.Contains(errOut, "snapshot -configs") {
		t.Errorf("a plan from a snapshot without configurations: exit %d\n%s%s", code, out, errOut)
	}
}

// validateOnUnleash: the recorded export files get the same output on the
// instance as on oracle-state.json, -token resolved by the instance; then
// the flags' mistakes.
func validateOnUnleash(t *testing.T, s *unleashtest.Server, tokenFile string) {
	files := sameAsSnapshot(t, "unleash", "-unleash", s.URL, "-token-file", tokenFile)

	t.Setenv("UNLEASH_API_TOKEN", s.AdminToken)
	if code, out, errOut := runIt("-unleash", s.URL, files[0]); code != ExitFindings || !strings.Contains(out, "error unknown-strategy") {
		t.Errorf("UNLEASH_API_TOKEN: exit %d\n%s%s", code, out, errOut)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-unleash", s.URL, "-state", conformance.StatePath(), files[0]}, "give one of -state, -demo, -database and -unleash"},
		{[]string{"-unleash", s.URL, "-token", "user:nope-secret", files[0]}, "has no such token"},
		{[]string{"-unleash", s.URL, "-token", "default:development.unleash-insecure-backend-api-token", files[0]}, "may not use the admin API"},
		{[]string{"-unleash", s.URL, "-token-file", filepath.Join(t.TempDir(), "none"), files[0]}, "-token-file"},
		{[]string{"-token-file", tokenFile, files[0]}, "-token-file is for -unleash"},
		{[]string{"-unleash", "not a url", files[0]}, "absolute http or https URL"},
	} {
		code, out, errOut := runIt(tc.args...)
		if code != ExitUsage || out != "" || !strings.Contains(errOut, tc.want) || strings.Contains(errOut, "nope-secret") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want 2 and %q", tc.args, code, out, errOut, tc.want)
		}
	}
	t.Setenv("UNLEASH_API_TOKEN", "*:*.bad-secret")
	if code, _, errOut := runIt("-unleash", s.URL, files[0]); code != ExitUsage || !strings.Contains(errOut, "401") || strings.Contains(errOut, "bad-secret") {
		t.Errorf("a wrong token: exit %d, stderr %q", code, errOut)
	}
	t.Setenv("UNLEASH_API_TOKEN", "")
	if code, _, errOut := runIt("-unleash", s.URL, files[0]); code != ExitUsage || !strings.Contains(errOut, "UNLEASH_API_TOKEN") {
		t.Errorf("no token: exit %d, stderr %q", code, errOut)
	}
}

// serveOnUnleash: every recorded request gets the same answer from the
// server on -unleash (each caller's token checked by the instance) as on
// -state oracle-state.json.
func serveOnUnleash(t *testing.T, s *unleashtest.Server, tokenFile string) {
	onAPI := startServer(t, "-unleash", s.URL, "-token-file", tokenFile)
	onSnap := startServer(t, "-state", conformance.StatePath())
	for _, c := range conformance.MustLoad(t, "*") {
		got, want := send(t, onAPI, c.Request), send(t, onSnap, c.Request)
		if d := cmp.Diff(want, got); d != "" {
			t.Errorf("%s (-state +unleash):\n%s", c.Name, d)
		}
	}
}

// snapshotOnUnleash: the snapshot over the API has oracle-state.json's
// features, projects, environments, lists and API tokens, these told by
// their digests, and holds no secret (snapshotOnUnleashPrivate); a wrong
// token fails with exit 1 and without the token.
func snapshotOnUnleash(t *testing.T, s *unleashtest.Server) {
	want := conformance.MustState(t)
	want.WithoutSecrets()
	var stdout, stderr bytes.Buffer
	env := testutil.Env(map[string]string{"UNLEASH_API_TOKEN": s.AdminToken})
	if code := runSnapshot(context.Background(), []string{"-unleash", s.URL}, env, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	got := checkWrittenSnapshot(t, stdout.Bytes(), false)
	snapshotOnUnleashPrivate(t, s, stdout.Bytes())
	var apiTokens []model.SnapshotToken
	for _, tok := range want.Tokens {
		if tok.Type != model.TokenPersonal {
			apiTokens = append(apiTokens, tok)
		}
	}
	for name, pair := range map[string][2]any{
		"features":      {want.Features, got.Features},
		"projects":      {want.Projects, got.Projects},
		"environments":  {want.Environments, got.Environments},
		"contextFields": {want.ContextFields, got.ContextFields},
		"segments":      {want.Segments, got.Segments},
		"tagTypes":      {want.TagTypes, got.TagTypes},
		"tokens":        {apiTokens, got.Tokens},
	} {
		// The admin API does not count a feature's strategies in an
		// environment (the search says only whether it has some).
		uncounted := cmpopts.IgnoreFields(model.SnapshotFeature{}, "StrategyCounts")
		if d := cmp.Diff(pair[0], pair[1], cmpopts.EquateEmpty(), uncounted); d != "" {
			t.Errorf("%s (-oracle-state.json +api):\n%s", name, d)
		}
	}
	stdout.Reset()
	stderr.Reset()
	bad := testutil.Env(map[string]string{"UNLEASH_API_TOKEN": "*:*.bad-secret"})
	if code := runSnapshot(context.Background(), []string{"-unleash", s.URL}, bad, &stdout, &stderr); code != 1 || stdout.Len() > 0 ||
		!strings.Contains(stderr.String(), "401") || strings.Contains(stderr.String(), "bad-secret") {
		t.Errorf("a wrong token: exit %d, stderr %q", code, stderr.String())
	}
}
