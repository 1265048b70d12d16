package cli

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestTargetFromFile: validate takes an export's target from the file
// when it names one project and one environment, and says so; a
// directory of per-environment exports is checked in one run, each file
// for its own environment; an environment given that is not the file's
// is checked as given, with a note naming both; a file that names no
// single target asks for the flag it lacks.
func TestTargetFromFile(t *testing.T) {
	const (
		dev  = "testdata/envs/development.json"
		prod = "testdata/envs/production.json"
	)
	for _, tc := range []struct {
		name   string
		args   []string
		code   int
		stderr []string // the lines of standard error, exactly
		envs   []string // the environment each file was checked for, in order
	}{
		{
			name: "a directory of per-environment exports",
			args: []string{"-demo", "-format", "json", "testdata/envs"},
			stderr: []string{
				"flagadmin validate: note: " + dev + ": target project default, environment development, from the file",
				"flagadmin validate: note: " + prod + ": target project default, environment production, from the file",
			},
			envs: []string{"development", "production"},
		},
		{
			name: "an environment given",
			args: []string{"-demo", "-format", "json", "-environment", "production", "testdata/envs"},
			stderr: []string{
				"flagadmin validate: note: " + dev + ": target project default, from the file; exported from environment development, checked for environment production as -environment says",
				"flagadmin validate: note: " + prod + ": target project default, from the file",
			},
			envs: []string{"production", "production"},
		},
		{
			name: "both given, as the file says",
			args: []string{"-demo", "-format", "json", "-project", "default", "-environment", "production", prod},
			envs: []string{"production"},
		},
		{
			name: "a project given that is not the file's",
			args: []string{"-demo", "-format", "json", "-project", "default", "-environment", "production", "testdata/two-projects.json"},
			envs: []string{"production"},
		},
		{
			name:   "two projects",
			args:   []string{"-demo", "testdata/two-projects.json"},
			code:   ExitUsage,
			stderr: []string{`flagadmin validate: testdata/two-projects.json: the export does not say its target (its features name 2 projects ("web", "app")): give -project`},
		},
		{
			name: "a request body names its own",
			args: []string{"-demo", "-format", "json", "testdata/clean.json"},
			envs: []string{"development"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := runMain(append([]string{"validate"}, tc.args...)...)
			if code != tc.code {
				t.Errorf("exit %d; want %d\nstdout:\n%s\nstderr:\n%s", code, tc.code, stdout, stderr)
			}
			if want := strings.Join(tc.stderr, "\n"); strings.TrimSuffix(stderr, "\n") != want {
				t.Errorf("stderr:\n%s\nwant:\n%s", stderr, want)
			}
			if tc.envs == nil {
				return
			}
			var out struct {
				Files []struct {
					Project, Environment string
				}
			}
			if err := json.Unmarshal([]byte(stdout), &out); err != nil {
				t.Fatalf("%v\n%s", err, stdout)
			}
			var envs []string
			for _, f := range out.Files {
				envs = append(envs, f.Environment)
			}
			if strings.Join(envs, ",") != strings.Join(tc.envs, ",") {
				t.Errorf("checked for environments %q; want %q", envs, tc.envs)
			}
		})
	}
}

// TestAcceptFeatureExists: an export of existing flags, exported from the
// instance it is checked against, warns feature-exists only; -fail-on
// warning fails it, and -accept feature-exists lets it pass. An accepted
// code no finding has is refused, with the code meant.
func TestAcceptFeatureExists(t *testing.T) {
	base := []string{"validate", "-state", "testdata/state.json", "-fail-on", "warning"}
	const file = "testdata/existing-export.json"
	code, stdout, _ := runMain(append(base, file)...)
	if code != ExitFindings || !strings.Contains(stdout, "warning feature-exists") || !strings.HasSuffix(stdout, "1 file (1 failed): 0 errors, 1 warning, 0 missing permissions\n") {
		t.Errorf("-fail-on warning: exit %d\n%s", code, stdout)
	}
	code, stdout, _ = runMain(append(base, "-accept", "feature-exists", file)...)
	if code != ExitOK || !strings.HasSuffix(stdout, "1 file: 0 errors, 1 warning, 0 missing permissions\n") {
		t.Errorf("-accept feature-exists: exit %d\n%s", code, stdout)
	}
	code, _, stderr := runMain(append(base, "-accept", "feature-exist", file)...)
	if code != ExitUsage || !strings.Contains(stderr, `-accept: no finding has the code "feature-exist"; did you mean "feature-exists"?`) {
		t.Errorf("-accept feature-exist: exit %d\n%s", code, stderr)
	}
}
