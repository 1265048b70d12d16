package cli

import (
	"bytes"
	"context"
	"os"
	"strings"
	"testing"

	"github.com/flagadmin/flagadmin/importvalidate"
	"github.com/flagadmin/flagadmin/internal/testharness/conformance"
	"github.com/flagadmin/flagadmin/internal/testharness/pgtest"
	"github.com/flagadmin/flagadmin/internal/testharness/statetest"
)

// runIt runs flagadmin validate with args, the environment and no stdin.
func runIt(args ...string) (int, string, string) {
	var stdout, stderr bytes.Buffer
	code := Validate(context.Background(), args, Env{Stdin: strings.NewReader(""), Stdout: &stdout, Stderr: &stderr, Getenv: os.Getenv})
	return code, stdout.String(), stderr.String()
}

// sameAsSnapshot validates the recorded export files against the source
// the flags in source name and against oracle-state.json, with and
// without the recorded tokens, in every format: the output and the exit
// code must be the same. The findings of what the import would do are
// left out: they read facts that each source tells differently (the
// database knows a feature's settings, a snapshot does not), and their
// own tests hold each source to them. It returns the files.
func sameAsSnapshot(t *testing.T, name string, source ...string) []string {
	t.Helper()
	importCodes := []string{string(importvalidate.CodeImportMissingPermissions)}
	for _, c := range statetest.ImportCodes() {
		importCodes = append(importCodes, string(c))
	}
	oracle := conformance.StatePath()
	files := []string{
		"../../../../testdata/exports/recorded-many-problems-admin.json",
		"../../../../testdata/exports/recorded-limited-pattern-and-limit.json",
		"../../../../testdata/exports/recorded-project-other-editor.json",
		"../../../../testdata/exports/recorded-existing-state-ok.json",
	}
	tokens := []string{"", "user:e9739938270d7f29d0039e15f4a19c4ecbac8459a671ae808e42c2bf", "user:62e4aa0433ed0562b9cef06ab66a0b7233fab6fc07064da0816b9497"}
	for _, f := range files {
		for _, tok := range tokens {
			for _, format := range []string{"text", "json", "unleash", "sarif"} {
				args := []string{"-format", format, "-strict", "-disable", strings.Join(importCodes, ",")}
				if tok != "" {
					args = append(args, "-token", tok)
				}
				// The recorded state names no version: it is the instance's,
				// which the other source reads from the instance itself.
				wantCode, wantOut, wantErr := runIt(append(args, "-state", oracle, "-unleash-version", "8.2.0", f)...)
				code, out, errOut := runIt(append(append(args, source...), f)...)
				if code != wantCode || out != wantOut || errOut != wantErr {
					t.Errorf("%s %v: %s exit %d\n%s%s\nwant (snapshot) exit %d\n%s%s", f, args, name, code, out, errOut, wantCode, wantOut, wantErr)
				}
			}
		}
	}
	return files
}

// TestDatabase validates the recorded export files against the reference
// database and against oracle-state.json, with and without the recorded
// tokens, in every format: the output and the exit code must be the same.
func TestDatabase(t *testing.T) {
	c := pg.Need(t)
	url := c.URL(pgtest.SharedDB)
	oracle := conformance.StatePath()
	files := sameAsSnapshot(t, "database", "-database", url)
	code, out, _ := runIt("-database", url, files[0])
	if code != ExitFindings || !strings.Contains(out, "error unknown-strategy") || !strings.HasSuffix(out, "1 file (1 failed): 9 errors, 5 warnings, 0 missing permissions\n") {
		t.Errorf("many problems: exit %d\n%s", code, out)
	}

	// DATABASE_URL when neither -database nor -state is given.
	t.Setenv("DATABASE_URL", url)
	if code, out, errOut := runIt("-token", "*:*.unleash-insecure-admin-api-token", files[0]); code != ExitFindings || !strings.Contains(out, "error unknown-strategy") {
		t.Errorf("DATABASE_URL: exit %d\n%s%s", code, out, errOut)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-database", url, "-state", oracle, files[0]}, "give one of -state, -demo, -database and -unleash"},
		{[]string{"-database", url, "-token", "no-such-token", files[0]}, "no such token"},
		{[]string{"-database", url, "-token", "default:development.unleash-insecure-backend-api-token", files[0]}, "may not use the admin API"},
		{[]string{"-database", c.URLAs(pgtest.Superuser, "wrong-s3cret", pgtest.SharedDB), files[0]}, "password authentication failed"},
	} {
		code, out, errOut := runIt(tc.args...)
		if code != ExitUsage || out != "" || !strings.Contains(errOut, tc.want) || strings.Contains(errOut, "wrong-s3cret") || strings.Contains(errOut, "no-such-token") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want 2 and %q", tc.args[len(tc.args)-3:], code, out, errOut, tc.want)
		}
	}
}
