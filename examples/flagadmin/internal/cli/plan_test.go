package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/flagadmin/flagadmin/internal/testharness/pgtest"
	"github.com/flagadmin/flagadmin/internal/testharness/testutil"
)

func runPlan(env map[string]string, stdin []byte, args ...string) (int, string, string) {
	var stdout, stderr bytes.Buffer
	code := Plan(context.Background(), args, Env{Stdin: bytes.NewReader(stdin), Stdout: &stdout, Stderr: &stderr, Getenv: testutil.Env(env)})
	return code, stdout.String(), stderr.String()
}

// Each invocation's exit code, output and errors, against
// testdata/plan/NAME.golden; -update rewrites them.
func TestPlanGolden(t *testing.T) {
	const dir = "testdata/plan"
	stdinBody, err := os.ReadFile(filepath.Join(dir, "import.json"))
	if err != nil {
		t.Fatal(err)
	}
	state, imp, bare := filepath.Join(dir, "state.json"), filepath.Join(dir, "import.json"), filepath.Join(dir, "bare-export.json")
	for _, c := range []struct {
		name string
		args []string
	}{
		{"text", []string{"-state", state, imp}},
		{"json", []string{imp, "-format", "json", "-state", state}},
		{"bare-export", []string{"-state", state, "-project", "default", "-environment", "development", bare}},
		{"bare-export-no-target", []string{"-state", state, bare}},
		{"export-target-from-file", []string{"-state", state, filepath.Join(dir, "export-development.json")}},
		{"export-other-environment", []string{"-state", state, "-environment", "production", filepath.Join(dir, "export-development.json")}},
		{"bare-export-refused", []string{"-state", state, "-project", "default", "-environment", "development", "testdata/export-broken.json"}},
		{"other-environment", []string{"-state", state, "-environment", "production", imp}},
		{"refused", []string{"-state", state, "../../../../testdata/exports/recorded-many-problems-admin.json"}},
		{"demo", []string{"-demo", "../../../../testdata/exports/recorded-existing-state-ok.json"}},
		{"no-file", []string{"-state", state}},
		{"bad-format", []string{"-format", "yaml", imp}},
		{"two-states", []string{"-state", state, "-demo", imp}},
		{"unleash-without-token", []string{"-unleash", "http://127.0.0.1:1", imp}},
		{"stdin", []string{"-state", state, "-"}},
		{"state-without-configs", []string{"-state", "../../../../testdata/conformance/oracle-state.json", imp}},
	} {
		t.Run(c.name, func(t *testing.T) {
			code, stdout, stderr := runPlan(nil, stdinBody, c.args...)
			got := "exit " + strconv.Itoa(code) + "\n-- stdout --\n" + stdout + "-- stderr --\n" + stderr
			golden := filepath.Join(dir, c.name+".golden")
			if *update {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if d := cmp.Diff(string(want), got); d != "" {
				t.Errorf("%v (-want +got):\n%s", c.args, d)
			}
		})
	}
}

// Against the reference database and against its snapshot with the
// features' configurations ('snapshot -configs'), the plans are the same.
func TestPlanDatabaseEqualsSnapshot(t *testing.T) {
	c := pg.Need(t)
	url := c.URL(pgtest.SharedDB)
	var snap bytes.Buffer
	if code := Snapshot(context.Background(), []string{"-configs", "-database", url}, Env{Stdout: &snap, Stderr: os.Stderr}); code != ExitOK {
		t.Fatalf("snapshot -configs: exit %d", code)
	}
	if !strings.Contains(snap.String(), `"featureConfigs"`) {
		t.Fatal("snapshot -configs wrote no featureConfigs")
	}
	state := testutil.WriteFile(t, t.TempDir(), "state.json", snap.String())
	for _, f := range []string{"../../../../testdata/exports/recorded-existing-state-ok.json", "../../../../testdata/exports/recorded-minimal.json",
		"../../../../testdata/exports/recorded-many-problems-admin.json", "testdata/plan/import.json"} {
		for _, format := range []string{"text", "json"} {
			wc, wo, we := runPlan(nil, nil, "-format", format, "-state", state, f)
			gc, gout, ge := runPlan(nil, nil, "-format", format, "-database", url, f)
			if gc != wc || gout != wo || ge != we {
				t.Errorf("%s %s: database exit %d\n%s%s\nwant (snapshot) exit %d\n%s%s", f, format, gc, gout, ge, wc, wo, we)
			}
		}
	}
}

// Against a running Unleash's admin API (unleashapi's Current) and against
// its database, the validations and plans of a file are the same.
func TestPlanUnleashEqualsDatabase(t *testing.T) {
	s := unleash.Need(t)
	url := s.Cluster.URL(s.Database)
	for _, f := range []string{"../../../../testdata/exports/recorded-existing-state-ok.json", "../../../../testdata/exports/recorded-minimal.json"} {
		wc, wo, we := runPlan(nil, nil, "-format", "json", "-database", url, f)
		gc, gout, ge := runPlan(map[string]string{tokenEnv: s.AdminToken}, nil, "-format", "json", "-unleash", s.URL, f)
		if gc != wc || gout != wo || ge != we {
			t.Errorf("%s: admin API exit %d\n%s%s\nwant (database) exit %d\n%s%s", f, gc, gout, ge, wc, wo, we)
		}
		var p json.RawMessage
		if json.Unmarshal([]byte(gout), &p) != nil {
			t.Errorf("%s: not a JSON plan: %s", f, gout)
		}
	}
}
