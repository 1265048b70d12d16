package cli

import (
	"strings"
	"testing"

	"github.com/flagadmin/flagadmin/internal/testharness/testutil"
)

// TestExportThenValidate, on the real Unleash 8.2.0: an unknown project
// gets the project meant; the export of a project's environment is
// validated without -project and -environment, for the target it names,
// said on standard error, and passes -fail-on warning with -accept
// feature-exists where its only warnings are the features that exist.
func TestExportThenValidate(t *testing.T) {
	s := unleash.Need(t)
	dir := t.TempDir()
	tokenFile := testutil.WriteFile(t, dir, "token", s.AdminToken+"\n")
	code, _, stderr := runMain("export", "-unleash", s.URL, "-token-file", tokenFile, "-environment", "development", "-project", "defualt")
	if code != ExitFindings || !strings.Contains(stderr, `no such project: "defualt"; did you mean "default"?`) {
		t.Errorf("export of project defualt: exit %d\n%s", code, stderr)
	}
	file := dir + "/development.json"
	if code, _, stderr := runMain("export", "-unleash", s.URL, "-token-file", tokenFile, "-environment", "development", "-project", "default", "-o", file); code != ExitOK {
		t.Fatalf("export: exit %d\n%s", code, stderr)
	}
	code, stdout, stderr := runMain("validate", "-unleash", s.URL, "-token-file", tokenFile, "-format", "json", file)
	if code != ExitOK || !strings.Contains(stderr, "flagadmin validate: note: "+file+": target project default, environment development, from the file\n") ||
		!strings.Contains(stdout, `"environment": "development"`) {
		t.Errorf("validate without a target: exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	if !strings.Contains(stdout, `"code": "feature-exists"`) {
		t.Errorf("the export of existing features warns no feature-exists:\n%s", stdout)
	}
	code, stdout, stderr = runMain("validate", "-unleash", s.URL, "-token-file", tokenFile, "-fail-on", "warning", "-accept", "feature-exists",
		"-environment", "production", file)
	if !strings.Contains(stderr, "exported from environment development, checked for environment production as -environment says") {
		t.Errorf("validate as production: exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
}
