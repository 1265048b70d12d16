package cli

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/flagadmin/flagadmin/internal/testharness/testutil"
)

// TestCallerToken: the token whose permissions validate checks comes from
// -caller-token-file or $FLAGADMIN_CALLER_TOKEN, alike; -token still
// works, with a warning that the command line shows it.
func TestCallerToken(t *testing.T) {
	const secret = "user:test-viewer-token"
	dir := t.TempDir()
	tokenFile := testutil.WriteFile(t, dir, "caller", secret+"\n")
	base := []string{"validate", "-state", "testdata/state.json", "-environment", "development", "testdata/existing-export.json"}
	const warning = "flagadmin validate: warning: -token puts the token's secret where ps and the shell's history show it; " +
		"give -caller-token-file FILE or set FLAGADMIN_CALLER_TOKEN instead\n"
	var want string
	for _, tc := range []struct {
		name   string
		args   []string
		env    map[string]string
		code   int
		stderr string // a part of standard error; "" for no warning
	}{
		{name: "-caller-token-file", args: []string{"-caller-token-file", tokenFile}, code: ExitOK},
		{name: "the environment", env: map[string]string{callerTokenEnv: secret}, code: ExitOK},
		{name: "-token", args: []string{"-token", secret}, code: ExitOK, stderr: warning},
		{name: "both flags", args: []string{"-token", secret, "-caller-token-file", tokenFile}, code: ExitUsage, stderr: "give one of -token and -caller-token-file"},
		{name: "an empty file", args: []string{"-caller-token-file", testutil.WriteFile(t, dir, "empty", "\n")}, code: ExitUsage, stderr: "-caller-token-file: "},
		{name: "no file", args: []string{"-caller-token-file", dir + "/none"}, code: ExitUsage, stderr: "-caller-token-file: "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := Main(context.Background(), append(base[:1:1], append(tc.args, base[1:]...)...),
				Env{Stdin: strings.NewReader(""), Stdout: &stdout, Stderr: &stderr, Getenv: testutil.Env(tc.env)})
			if code != tc.code || !strings.Contains(stderr.String(), tc.stderr) || tc.stderr == "" && strings.Contains(stderr.String(), "warning:") ||
				strings.Contains(stderr.String(), "test-viewer-token") {
				t.Fatalf("exit %d; want %d\nstdout:\n%s\nstderr:\n%s", code, tc.code, stdout.String(), stderr.String())
			}
			if code != ExitOK {
				return
			}
			// The viewer lacks permissions: the same ones, however the
			// token came.
			if !strings.Contains(stdout.String(), "missing-permissions") {
				t.Errorf("no missing permission for the viewer:\n%s", stdout.String())
			}
			if want == "" {
				want = stdout.String()
			} else if stdout.String() != want {
				t.Errorf("stdout:\n%s\nwant, as with -caller-token-file:\n%s", stdout.String(), want)
			}
		})
	}
}
